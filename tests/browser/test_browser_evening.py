"""An evening at the table, as the players live it: quick double taps over a
slow Wi-Fi, a refusal that stays readable while the others play, a tap made
while the phone is offline, adding a track mid-game, and log lines that say
what happened."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from browser_support import counter_value, join, mark_page, same_document, track_value, wait_live

pytestmark = pytest.mark.browser

# A finger tapping buttons in turn: each tap hits the button that is on the
# screen at that moment (found again by its label), `gap` ms after the last.
TAPS = """async ([labels, gap]) => {
  for (const label of labels) {
    document.querySelector(`button[aria-label="${label}"]`).click();
    await new Promise(resolve => setTimeout(resolve, gap));
  }
}"""


def slow_answers(server, seconds: float) -> None:
    """Each action's answer takes `seconds`, as over a busy home Wi-Fi."""
    inner = server.app.wsgi_app

    def slow(environ, start_response):
        if environ["REQUEST_METHOD"] == "POST" and environ["PATH_INFO"].endswith(("/act", "/undo")):
            time.sleep(seconds)
        return inner(environ, start_response)

    server.app.wsgi_app = slow


def actions_of(server, token: str, kind: str) -> list[dict]:
    return [entry.payload for entry in server.store.log(token) if entry.type == kind]


def test_a_quick_double_tap_counts_twice_even_when_answers_are_slow(server, tally, phones):
    page = phones().page
    join(page, server, tally.token, "Alice")
    slow_answers(server, 0.3)

    # The second tap lands while the first is still on its way.
    page.evaluate(TAPS, [["Doom plus 1", "Doom plus 1"], 100])
    expect(track_value(page, "Doom")).to_have_text("2")
    # Three quick taps, the last one back down: each counts, with its own sign.
    page.evaluate(TAPS, [["VP plus 1", "VP plus 1", "VP minus 1"], 80])
    expect(counter_value(page, "Alice")).to_have_text("6")
    expect(page.locator("#region-log .last")).to_contain_text("VP -1")
    assert [p["delta"] for p in actions_of(server, tally.token, "track.adjust")] == [1, 1]
    assert [p["delta"] for p in actions_of(server, tally.token, "counter.adjust")] == [1, 1, -1]


def test_a_refusal_stays_readable_while_another_phone_plays(server, tally, phones):
    alice, bob = phones().page, phones().page
    join(alice, server, tally.token, "Alice")
    join(bob, server, tally.token, "Bob")

    doom = alice.locator("#region-tracks .track", has_text="Doom")
    doom.get_by_role("button", name="Doom minus 1").click()
    error = doom.locator(".plusminus output.error")
    expect(error).to_have_text("Doom can't go below 0.")

    bob.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(alice, "Doom")).to_have_text("1")
    expect(alice.locator("#region-log .last")).to_contain_text("Bob")
    expect(error).to_have_text("Doom can't go below 0.")
    expect(error).to_be_visible()

    # Alice's own next tap, anywhere, means she has moved on.
    alice.get_by_role("button", name="VP plus 1").click()
    expect(counter_value(alice, "Alice")).to_have_text("6")
    expect(alice.locator("output.error:visible")).to_have_count(0)


def test_a_tap_while_offline_says_it_was_not_sent(server, tally, phones, tunnel):
    phone = phones()
    page = phone.page
    join(page, tunnel, tally.token, "Alice")

    tunnel.cut()
    expect(page.locator("html")).to_have_attribute("data-live", "lost")
    # In words, not only a red dot.
    expect(page.locator("#offline-note")).to_be_visible()
    expect(page.locator("#offline-note")).to_contain_text("Reconnecting")

    doom = page.locator("#region-tracks .track", has_text="Doom")
    doom.get_by_role("button", name="Doom plus 1").click()
    expect(doom.locator(".plusminus output.error")).to_contain_text("Not sent")
    expect(track_value(page, "Doom")).to_have_text("0")
    assert actions_of(server, tally.token, "track.adjust") == []

    tunnel.restore()
    page.evaluate("window.dispatchEvent(new Event('online'))")
    wait_live(page)
    expect(page.locator("#offline-note")).to_be_hidden()
    doom.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(page, "Doom")).to_have_text("1")
    expect(doom.locator(".plusminus output.error")).to_be_hidden()


def test_adding_a_track_empties_the_form_and_typing_survives_live_updates(server, tally, phones):
    alice, bob = phones().page, phones().page
    join(alice, server, tally.token, "Alice")
    join(bob, server, tally.token, "Bob")

    tools = alice.locator("details", has=alice.locator("#track-name"))
    tools.locator("summary").click()
    alice.locator("#track-name").click()
    alice.keyboard.type("Gates")
    bob.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(alice, "Doom")).to_have_text("1")
    alice.keyboard.type(" held")
    expect(alice.locator("#track-name")).to_have_value("Gates held")
    expect(alice.locator("#track-name")).to_be_focused()
    tools.locator("input[name=max]").fill("12")
    tools.get_by_role("button", name="Add track").click()

    expect(track_value(bob, "Gates held")).to_have_text("0")
    # The new track's buttons work on the other phone at once, without a reload.
    mark_page(bob)
    bob.get_by_role("button", name="Gates held plus 1").click()
    expect(track_value(alice, "Gates held")).to_have_text("1")
    assert same_document(bob)
    # Done: the form is ready for the next track, so a second tap can't add it twice.
    expect(alice.locator("#track-name")).to_have_value("")
    expect(tools.locator("input[name=max]")).to_have_value("10")
    expect(tools.locator("output.error:visible")).to_have_count(0)


def test_the_log_says_what_undo_undid_and_names_a_player_once(server, tally, phones):
    alice, bob = phones().page, phones().page
    join(alice, server, tally.token, "Alice")
    join(bob, server, tally.token, "Bob")

    alice.get_by_role("button", name="VP plus 1").click()
    last = bob.locator("#region-log .last")
    expect(last).to_have_text("Alice VP +1")
    alice.get_by_role("button", name="Doom plus 1").click()
    expect(last).to_have_text("Alice Doom +1")

    # Alice's step: Bob's Undo names it and asks once more before taking it back.
    bob.locator("#region-log .undo summary").click()
    expect(bob.locator("#region-log .undo summary")).to_have_text("Undo: Alice Doom +1")
    expect(bob.locator("#region-log .undo form p")).to_have_text("Alice took this step, not you.")
    expect(track_value(alice, "Doom")).to_have_text("1")
    bob.locator("#region-log").get_by_role("button", name="Yes, undo it").click()
    expect(last).to_have_text("Bob undid: Alice Doom +1")
    expect(alice.locator("#region-log .last")).to_have_text("Bob undid: Alice Doom +1")
    bob.goto(server.at(f"/t/{tally.token}/history"))
    expect(bob.locator(".history li").first).to_contain_text("Bob undid: Alice Doom +1")


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] >= 0


def test_what_just_happened_and_undo_stay_on_screen_while_scrolling(server, phones):
    table = server.store.create_table("tally", "Cthulhu Wars", {
        "tracks": "Doom 0..30\nRound 1..20 start 1", "counters": "Power 0..30 start 8\nElder signs 0..10"})
    page = phones().page
    wei = None
    for name in ["Aiko", "Wei", "Dana"]:
        seat, _ = server.store.join(table.token, name, "player")
        wei = seat if name == "Wei" else wei
    join(page, server, table.token, "Sam")
    server.store.act(table.token, wei.id, "track.adjust", {"track": "t1", "delta": 2})
    last = page.locator("#region-log .last")
    expect(last).to_have_text("Wei Doom +2")
    undo = page.locator("#region-log .undo summary")  # Wei's step: Undo asks first
    for scroll in (0, 300):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        assert in_view(page, last) and in_view(page, undo), f"scrolled to {scroll}"
    # Nothing of the table hides under the bar for good: the page's end scrolls clear of it.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    leave = page.get_by_role("button", name="Leave this seat")
    assert in_view(page, leave)
    bar = page.locator("#region-log").bounding_box()
    assert leave.bounding_box()["y"] >= bar["y"] + bar["height"] or \
        leave.bounding_box()["y"] + leave.bounding_box()["height"] <= bar["y"]


def test_the_old_phone_is_told_its_seat_moved(server, tally, phones):
    old, new = phones().page, phones().page
    join(old, server, tally.token, "Alice")
    old.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    # The host moves Alice's seat (the handover page's QR code holds this link).
    key = server.store.take_over(tally.token, next(iter(server.store.seats(tally.token))))
    new.goto(server.at(f"/t/{tally.token}/claim/{key}"))
    expect(new.locator(".who-am-i")).to_have_text("Alice")

    expect(old.locator(".flash")).to_have_text("The host moved your seat to another phone.")
    expect(old.locator("h1")).to_contain_text("Join")
    assert old.evaluate("window.scrollY") == 0


@pytest.mark.parametrize("viewport", [{"width": 800, "height": 1280}, {"width": 1280, "height": 800}])
def test_the_table_display_reads_from_across_the_table(server, tally, phones, browser, viewport):
    for name in ["Aiko", "Wei", "Sam", "Dana"]:
        server.store.join(tally.token, name, "player")
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.goto(server.at(f"/t/{tally.token}/display"))
        wait_live(page)
        sizes = page.evaluate("""() => ({
            track: parseFloat(getComputedStyle(document.querySelector('.track .value.big')).fontSize),
            score: parseFloat(getComputedStyle(document.querySelector('.counter-values .value')).fontSize),
            name: parseFloat(getComputedStyle(document.querySelector('.scoreboard .player')).fontSize)})""")
        # About 1 cm tall on a tablet: readable from a seat across the table.
        assert sizes["score"] >= 40, sizes
        assert sizes["name"] >= 28, sizes
        assert sizes["track"] >= 64, sizes
    finally:
        context.close()


def test_the_note_editor_starts_from_the_note_after_a_reload(server, tally, phones):
    page = phones().page
    join(page, server, tally.token, "Alice")
    tools = page.locator("details", has=page.locator("#note-text"))
    tools.locator("summary").click()
    page.locator("#note-text").fill("Gate in Asia")
    tools.get_by_role("button", name="Save note").click()
    expect(page.locator("#region-note .note")).to_have_text("Gate in Asia")

    # The phone slept and the page reloaded; Alice adds to her plan.
    page.reload()
    wait_live(page)
    tools.locator("summary").click()
    expect(page.locator("#note-text")).to_have_value("Gate in Asia")
    page.locator("#note-text").press("End")
    page.keyboard.type(", then Elder Sign")
    tools.get_by_role("button", name="Save note").click()
    expect(page.locator("#region-note .note")).to_have_text("Gate in Asia, then Elder Sign")
