"""Phones follow the table: three phones at a Gloomhaven campaign, each in its
own browser context. When one taps Play, the other two are offered the
scenario at once over their live streams, in a card kept in sight under the
bar however far down they had scrolled, and one tap takes each there, seated
with their character. When the scenario reports its result, the phones still
on it are offered the way back to the campaign the same way."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_support import wait_live
from test_browser_gloomhaven_campaign import create_campaign, create_character, join, scenario_row

pytestmark = pytest.mark.browser

LIVE = 15_000  # ms


def in_first_screen(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_three_phones_are_taken_to_the_scenario_and_back_to_the_campaign(server, phones, tmp_path):
    folder = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    ann, bo, cy = phones(), phones(), phones()
    token = create_campaign(ann.page, server)
    for phone, name, (class_id, hero) in zip((ann, bo, cy), ("Ann", "Bo", "Cy"),
                                             (("brute", "Grok"), ("tinkerer", "Tink"), ("spellweaver", "Wisp"))):
        join(phone.page, server, token, name)
        create_character(phone.page, class_id, hero)
    for phone in (bo, cy):
        expect(scenario_row(phone.page, 1)).to_contain_text("Available", timeout=LIVE)
        expect(phone.page.locator("#region-follow .follow-card")).to_have_count(0)
    # Cy is far down the campaign page, reading the shop.
    cy.page.locator("#region-shop").scroll_into_view_if_needed()
    assert cy.page.evaluate("window.scrollY") > 300

    scenario_row(ann.page, 1).get_by_role("button", name="Play scenario 1: Black Barrow").click()
    ann.page.wait_for_url(lambda url: "/t/" in url and token not in url)
    child = ann.page.url.rstrip("/").split("/")[-1]
    wait_live(ann.page)

    # The others are offered the scenario at once, in sight wherever they were.
    for phone in (bo, cy):
        go = phone.page.locator("#region-follow").get_by_role("link", name="Go to 1 Black Barrow")
        expect(go).to_be_visible(timeout=LIVE)
        expect(phone.page.locator("#region-follow")).to_contain_text("1 Black Barrow has started")
        assert in_first_screen(phone.page, go)
    cy.page.screenshot(path=str(folder / "follow-scenario-started.png"))
    assert cy.page.evaluate("window.scrollY") > 300  # nothing moved the page under Cy's thumb
    for phone, hero in ((bo, "Tink"), (cy, "Wisp")):
        phone.page.locator("#region-follow").get_by_role("link", name="Go to 1 Black Barrow").click()  # one tap
        phone.page.wait_for_url(f"**/t/{child}")
        wait_live(phone.page)
        expect(phone.page.locator("form:has(input[name=role])")).to_have_count(0)  # seated, no join form
        expect(phone.page.locator("#region-now summary").first).to_contain_text(f"{hero} (level 1)")
        expect(phone.page.locator("#region-follow .follow-card")).to_have_count(0)

    # Played to a win, goals marked, every line confirmed; Ann reports.
    ann.page.get_by_role("button", name="Start the scenario").click()
    for phone in (ann, bo, cy):
        expect(phone.page.locator("#region-status")).to_contain_text("Round 1", timeout=LIVE)
        phone.page.locator("#region-me").get_by_role("button", name="Keep this one").first.click()
        expect(phone.page.locator("#region-me .gh-goal.kept")).to_have_count(1)
    ann.accept_dialogs = True
    end_fold = ann.page.locator("#region-status details", has=ann.page.locator("summary", has_text="End the scenario"))
    end_fold.locator("summary").click()
    ann.page.get_by_role("button", name="Won").click()
    for phone in (ann, bo, cy):
        expect(phone.page.locator("#region-status")).to_contain_text("Scenario won", timeout=LIVE)
        phone.page.locator("#region-now").get_by_role("button", name="Goal met").click()
        expect(phone.page.locator("#region-status tr.me")).to_contain_text("met")
        phone.page.get_by_role("button", name="Confirm my line").click()
        expect(phone.page.get_by_role("button", name="Confirm my line")).to_have_count(0)
    # Bo scrolls down to read the summary while Ann reports.
    bo.page.locator("#region-log").scroll_into_view_if_needed()
    ann.page.get_by_role("button", name="Report the result to Tuesday campaign").click(timeout=LIVE)
    ann.page.wait_for_url(f"**/t/{token}")

    # Bo and Cy are offered the way back at once, and go with one tap.
    for phone in (bo, cy):
        back = phone.page.locator("#region-follow").get_by_role("link", name="Back to Tuesday campaign")
        expect(back).to_be_visible(timeout=LIVE)
        expect(phone.page.locator("#region-follow")).to_contain_text("The result was reported to Tuesday campaign")
        assert in_first_screen(phone.page, back)
        phone.page.screenshot(path=str(folder / "follow-result-reported.png"))
        back.click()
        phone.page.wait_for_url(f"**/t/{token}")
        wait_live(phone.page)
        expect(phone.page.locator("#region-sheet .pending")).to_contain_text(re.compile(r"Scenario 1 \(success\)"))
        # Back in town: nothing to follow any more.
        expect(phone.page.locator("#region-follow .follow-card")).to_have_count(0)
    expect(ann.page.locator("#region-follow .follow-card")).to_have_count(0)


def campaign_in_store(store) -> tuple[str, str]:
    """A campaign with Ann and Bo, their characters made: (token, Ann's seat)."""
    token = store.create_table("gloomhaven-campaign", "Tuesday campaign", {"party": "The Lanterns"}).token
    ann = store.join(token, "Ann", "player")[0].id
    bo = store.join(token, "Bo", "player")[0].id
    store.act(token, ann, "character.create", {"class": "brute", "name": "Grok", "level": 1})
    store.act(token, bo, "character.create", {"class": "tinkerer", "name": "Tink", "level": 1})
    return token, ann


def start_scenario_1(store, token: str, seat: str) -> str:
    offer = next(o for o in store.table(token).rules.child_offers(store.state(token)[1], store.seats(token))
                 if o.options["scenario"] == 1)
    return store.create_child(token, offer.id, seat).token


def win_and_report(store, child: str) -> None:
    seats = list(store.seats(child))
    store.act(child, seats[0], "scenario.start", {})
    store.act(child, seats[0], "scenario.end", {"outcome": "success"})
    for seat in seats:
        store.act(child, seat, "summary.confirm", {})
    store.report(child, seats[0])


def test_the_table_display_follows_the_campaign_to_its_scenario_and_back_by_itself(server, browser, tmp_path):
    """Nobody taps a display: the campaign's display on a tablet goes to the
    scenario's display when a phone starts it, and back to the campaign's
    once the result is reported; its bar has the way back meanwhile."""
    folder = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    store = server.store
    token, ann = campaign_in_store(store)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="en-GB")
    try:
        display = context.new_page()
        display.goto(server.at(f"/t/{token}/display"))
        wait_live(display)
        expect(display.locator("#region-follow .follow-card")).to_have_count(0)

        child = start_scenario_1(store, token, ann)
        display.wait_for_url(f"**/t/{child}/display", timeout=LIVE)
        wait_live(display)
        expect(display.locator("#region-board")).to_contain_text("Grok")
        expect(display.locator("#region-follow .follow-card")).to_have_count(0)
        back = display.locator("header").get_by_role("link", name="Back to Tuesday campaign")
        expect(back).to_be_visible()
        box = back.bounding_box()
        assert box["height"] >= 44, box
        # The scenario's display still fits its screen with the way back in the bar.
        assert display.evaluate("document.documentElement.scrollHeight <= innerHeight")
        display.screenshot(path=str(folder / "display-followed-to-the-scenario.png"))

        win_and_report(store, child)
        display.wait_for_url(f"**/t/{token}/display", timeout=LIVE)
        wait_live(display)
        expect(display.locator("#region-follow .follow-card")).to_have_count(0)
        expect(display.locator("header .display-parent")).to_have_count(0)
    finally:
        context.close()


def test_a_display_brought_back_to_the_campaign_stays_until_the_next_scenario(server, browser, tmp_path):
    """The way back is kept: a display taken back to the campaign while the
    scenario is played stays there, offering the scenario in a card; it
    goes by itself again only to what starts after (a second display, open
    on the scenario all along, goes back when the result is reported)."""
    folder = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    store = server.store
    token, ann = campaign_in_store(store)
    child = start_scenario_1(store, token, ann)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="en-GB")
    try:
        display = context.new_page()
        display.goto(server.at(f"/t/{child}/display"))
        wait_live(display)
        display.locator("header").get_by_role("link", name="Back to Tuesday campaign").click()
        display.wait_for_url(f"**/t/{token}/display")
        wait_live(display)
        show = display.locator("#region-follow").get_by_role("link", name="Show 1 Black Barrow")
        expect(show).to_be_visible()
        expect(display.locator("#region-follow")).to_contain_text("1 Black Barrow has started.")
        display.screenshot(path=str(folder / "display-campaign-offers-the-scenario.png"))
        # A change on the campaign (a live update of the card's region) doesn't take it away.
        store.act(token, ann, "party.set", {"difficulty": "hard"})
        display.wait_for_timeout(1500)
        assert display.url.endswith(f"/t/{token}/display")

        other = context.new_page()
        other.goto(server.at(f"/t/{child}/display"))
        wait_live(other)
        win_and_report(store, child)
        other.wait_for_url(f"**/t/{token}/display", timeout=LIVE)
        expect(show).to_have_count(0, timeout=LIVE)
        assert display.url.endswith(f"/t/{token}/display")
    finally:
        context.close()


def test_the_display_and_a_phone_go_back_when_the_campaign_stops_waiting(server, browser, phones):
    """A phone's "Stop waiting" on the campaign: the display that followed into
    the scenario goes back to the campaign's by itself, and a phone still on
    the scenario is offered the way back (one tap)."""
    store = server.store
    token = store.create_table("gloomhaven-campaign", "Tuesday campaign", {"party": "The Lanterns"}).token
    ann = store.join(token, "Ann", "player")[0].id
    bo = phones()
    join(bo.page, server, token, "Bo")
    bo_seat = next(seat.id for seat in store.seats(token).values() if seat.name == "Bo")
    store.act(token, ann, "character.create", {"class": "brute", "name": "Grok", "level": 1})
    store.act(token, bo_seat, "character.create", {"class": "tinkerer", "name": "Tink", "level": 1})
    child = start_scenario_1(store, token, ann)
    bo.page.goto(server.at(f"/t/{child}"))
    wait_live(bo.page)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="en-GB")
    try:
        display = context.new_page()
        display.goto(server.at(f"/t/{child}/display"))
        wait_live(display)
        offer = store.state(token)[1]["playing"][0]
        store.act(token, ann, "scenario.abandon", {"offer": offer})
        display.wait_for_url(f"**/t/{token}/display", timeout=LIVE)
        wait_live(display)
        expect(display.locator("#region-follow .follow-card")).to_have_count(0)  # nothing leads back there
        back = bo.page.locator("#region-follow").get_by_role("link", name="Back to Tuesday campaign")
        expect(back).to_be_visible(timeout=LIVE)
        expect(bo.page.locator("#region-follow")).to_contain_text("Tuesday campaign stopped waiting")
        back.click()
        bo.page.wait_for_url(f"**/t/{token}")
    finally:
        context.close()
