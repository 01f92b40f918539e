"""Leaving a seat from its page: it asks first, the seat stays at the table
marked as left, and the same name joins again to take it back."""

from __future__ import annotations

import html
import re

from web_support import csrf_from, has_version, location_path, open_stream


def test_the_leave_button_asks_before_it_leaves(table, alice):
    page = alice.page(f"/t/{table}")
    form = re.search(r'<form method="post" action="/t/[^"]+/leave"\s+data-confirm="([^"]+)"', page)
    assert form, "the leave form carries no confirmation question"
    assert "Alice" in html.unescape(form.group(1))


def test_after_leaving_the_same_name_joins_again_and_gets_its_seat_back(table, alice, store):
    alice.act("counter.adjust", counter="c1", **{"delta:int": "3"})
    assert alice.post(f"/t/{table}/leave").status_code == 302
    join_page = alice.page(f"/t/{table}")
    assert "Join again with the same name to take it back." in join_page
    alice.csrf = csrf_from(join_page)
    response = alice.post(f"/t/{table}/seats", {"name": "Alice", "role": "player"})
    assert response.status_code == 302 and location_path(response) == f"/t/{table}"
    assert list(store.seats(table)) == [alice.seat_id]
    assert store.state(table)[1]["values"][alice.seat_id]["c1"] == 3
    history = alice.page(f"/t/{table}/history")
    assert "left the seat" in history and "came back to the seat" in history


def test_a_seat_nobody_left_keeps_its_name(table, alice, new_phone):
    other = new_phone("192.168.1.55")
    other.csrf = csrf_from(other.page(f"/t/{table}"))
    response = other.post(f"/t/{table}/seats", {"name": "alice", "role": "player"})
    assert response.status_code == 422
    assert "already called" in response.get_data(as_text=True)


def test_the_phone_that_left_stops_receiving_the_seats_private_regions(table, alice):
    with open_stream(alice, f"/t/{table}/events") as stream:
        stream.read(until=has_version)
        alice.post(f"/t/{table}/leave")
        rest = stream.read(until=lambda text: "event: seat-lost" in text)
    assert "event: seat-lost" in rest
