"""The kit's controls in a real browser: a typed value, the score keeper's
steppers and a scoreboard that stays readable with many counters at 360 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import counter_value, join, track_value

pytestmark = pytest.mark.browser

LIVE = 2000  # ms
MANY_COUNTERS = "VP 0..99\nGold 0..50\nWounds 0..5\nCorruption 1..7\nInnocents 0..9\nKeys 0..3"


def test_a_track_can_be_set_to_a_typed_value_and_every_phone_sees_it(server, tally, phones):
    a, b = phones().page, phones().page
    join(a, server, tally.token, "Alice")
    join(b, server, tally.token, "Bob")
    doom = a.locator("#region-tracks .track", has=a.locator(".name", has_text="Doom"))
    doom.locator(".set-value summary").click()
    doom.locator(".set-value input[name=value]").fill("17")
    doom.locator(".set-value button[type=submit]").click()
    expect(track_value(b, "Doom")).to_have_text("17", timeout=LIVE)
    # The field stays open for another value (the update keeps what Alice opened).
    expect(doom.locator(".set-value")).to_have_attribute("open", "")
    # Out of range: the message shows under that field and nothing changes.
    doom.locator(".set-value input[name=value]").fill("99")
    doom.locator(".set-value button[type=submit]").click()
    expect(doom.locator(".set-value output.error")).to_have_text("Doom can't go above 30.")
    expect(track_value(b, "Doom")).to_have_text("17")


def test_the_score_keeper_changes_any_players_counter_from_their_phone(server, tally, phones):
    keeper, player = phones().page, phones().page
    join(player, server, tally.token, "Alice")
    join(keeper, server, tally.token, "Kim", role="keeper")
    keeper.get_by_role("button", name="Alice VP plus 1").click()
    expect(counter_value(player, "Alice")).to_have_text("6", timeout=LIVE)
    # A player has no steppers for anyone else.
    expect(player.locator("#region-counters .scoreboard button")).to_have_count(0)


def test_six_counters_and_six_players_stay_readable_at_360_px(server, phones):
    table = server.store.create_table("tally", "Big night", {"tracks": "Doom 0..30", "counters": MANY_COUNTERS})
    for name in ["Khaleesi Targaryen", "Wei", "Sam", "Dana", "Bartholomew"]:
        server.store.join(table.token, name, "player")
    page = phones().page
    join(page, server, table.token, "Yui")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    card = page.locator("#region-counters .scoreboard > li", has=page.locator(".player", has_text="Khaleesi"))
    expect(card.locator(".player")).to_have_text("Khaleesi Targaryen")
    # Every counter of every player shows its whole name, inside the screen.
    boxes = page.evaluate("""() => [...document.querySelectorAll('.counter-values dt, .scoreboard .player')]
        .map(e => ({right: e.getBoundingClientRect().right, cut: e.scrollWidth > e.clientWidth + 1}))""")
    assert boxes and all(box["right"] <= 360 and not box["cut"] for box in boxes), boxes
