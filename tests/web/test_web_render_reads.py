"""Rendering a seat's page reads the table once: the log region uses the
seats and state the render read, and shows the log as of the rendered version."""

from __future__ import annotations

from collections import Counter

from companion.store import Store
from companion.web import render


def test_a_page_render_reads_the_seats_and_the_state_once(monkeypatch, store, table, alice):
    store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 1})  # a version nobody rendered
    reads: Counter = Counter()
    for name in ("seats", "state"):
        real = getattr(Store, name)
        monkeypatch.setattr(Store, name, lambda self, token, real=real, name=name: (reads.update([name]),
                                                                                   real(self, token))[1])
    page = alice.page(f"/t/{table}")
    assert "Doom +1" in page
    assert reads == {"seats": 1, "state": 1}


def test_the_log_region_shows_the_log_as_of_the_rendered_version(app, store, table, alice):
    store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 1})
    then = store.state(table)
    store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 5})
    seat = store.seats(table)[alice.seat_id]
    with app.test_request_context():
        html = render.render_regions(store.table(table), seat, False, *then)
    assert "Doom +1" in html["log"] and "Doom +5" not in html["log"]


def test_an_undo_of_a_step_further_back_names_that_step(store, table, alice):
    store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 3})
    store.act(table, alice.seat_id, "counter.adjust", {"counter": "c1", "delta": 2})
    store.undo(table, alice.seat_id)
    store.undo(table, alice.seat_id)
    page = alice.page(f"/t/{table}")
    assert "undid: Alice Doom +3" in page


def test_the_viewers_of_a_version_share_its_reads(monkeypatch, app, store, table, alice, bob, new_phone):
    """After a change every viewer's stream renders; the state, seats, undo
    step and log tail of that version are read once for all of them."""
    version = store.act(table, alice.seat_id, "track.adjust", {"track": "t1", "delta": 1})
    reads: Counter = Counter()
    for name in ("seats", "state", "undo_target", "log"):
        real = getattr(Store, name)
        monkeypatch.setattr(Store, name, lambda self, *args, real=real, name=name, **kwargs: (
            reads.update([name]), real(self, *args, **kwargs))[1])
    seats = store.seats(table)
    reads.clear()
    with app.test_request_context():
        for seat in seats.values():
            _, html = render.regions(store.table(table), seat, False, known_version=version)
            assert "Doom +1" in html["log"]
    assert len(seats) == 2 and reads == {"seats": 1, "state": 1, "undo_target": 1, "log": 1}

