"""From a four-phone evening: a "Not sent" message goes once the connection
is back, leaving a seat asks first and the same name can come back to it, and
the history page is headed by the table's name and follows the game live."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import join, track_value, wait_live

pytestmark = pytest.mark.browser


def test_not_sent_goes_away_when_the_connection_is_back(server, tally, phones, tunnel):
    page = phones().page
    join(page, tunnel, tally.token, "Alice")
    tunnel.cut()
    expect(page.locator("html")).to_have_attribute("data-live", "lost")
    doom = page.locator("#region-tracks .track", has_text="Doom")
    doom.get_by_role("button", name="Doom plus 1").click()
    expect(doom.locator(".plusminus output.error")).to_contain_text("Not sent")

    tunnel.restore()
    page.evaluate("window.dispatchEvent(new Event('online'))")
    wait_live(page)
    # No tap needed: the message was about the connection, which is back.
    expect(doom.locator(".plusminus output.error")).to_have_text("")


def test_a_refusal_is_not_cleared_by_the_connection_coming_back(server, tally, phones, tunnel):
    page = phones().page
    join(page, tunnel, tally.token, "Alice")
    doom = page.locator("#region-tracks .track", has_text="Doom")
    doom.get_by_role("button", name="Doom minus 1").click()
    expect(doom.locator(".plusminus output.error")).to_have_text("Doom can't go below 0.")
    tunnel.cut()
    expect(page.locator("html")).to_have_attribute("data-live", "lost")
    tunnel.restore()
    page.evaluate("window.dispatchEvent(new Event('online'))")
    wait_live(page)
    expect(doom.locator(".plusminus output.error")).to_have_text("Doom can't go below 0.")


def test_leaving_asks_first_and_the_same_name_gets_the_seat_back(server, tally, phones):
    phone = phones()
    page = phone.page
    join(page, server, tally.token, "Alice")
    page.get_by_role("button", name="VP plus 1").click()
    expect(page.locator("#region-log .last")).to_contain_text("VP +1")

    leave = page.get_by_role("button", name="Leave this seat")
    leave.click()  # answered Cancel
    assert phone.dialogs and "Alice" in phone.dialogs[-1][1]
    expect(page.locator(".who-am-i")).to_have_text("Alice")

    phone.accept_dialogs = True
    leave.click()
    expect(page.locator("input[name=name]")).to_be_visible()
    expect(page.locator("ul.seats")).to_contain_text("left")

    join(page, server, tally.token, "Alice")
    expect(page.locator(".who-am-i")).to_have_text("Alice")
    seat = next(iter(server.store.seats(tally.token).values()))
    assert server.store.state(tally.token)[1]["values"][seat.id]["c1"] == 6


def test_the_history_page_is_named_after_the_table_and_follows_the_game(server, tally, phones):
    alice, bob = phones().page, phones().page
    join(alice, server, tally.token, "Alice")
    join(bob, server, tally.token, "Bob")
    bob.goto(server.at(f"/t/{tally.token}/history"))
    expect(bob.locator("header .brand")).to_have_text("Friday night")
    assert "Friday night" in bob.title()
    wait_live(bob)

    alice.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(alice, "Doom")).to_have_text("1")
    expect(bob.locator("ol.history li").first).to_contain_text("Alice")
    expect(bob.locator("ol.history li").first).to_contain_text("Doom +1")
