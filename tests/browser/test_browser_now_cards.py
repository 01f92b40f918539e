"""The card at the top of a phone at 360×740 for the campaign sheet and for
tally (issue 18 item 1): it says what the table waits for and holds this
seat's next button, in the first screen, at each step — a campaign's
character to create, a personal quest to keep, the next scenario to play,
a result to confirm; a tally's own counters, however many tracks the table
shares above them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_support import join as join_tally
from browser_support import wait_live
from test_browser_gloomhaven_campaign import create_campaign, join

pytestmark = pytest.mark.browser

LIVE = 15_000  # ms
SCREEN = 740


def in_first_screen(page, button) -> None:
    """`button` is visible and ends within the first 740 px of the page at its top."""
    expect(button).to_be_visible(timeout=LIVE)
    page.evaluate("window.scrollTo(0, 0)")
    bottom = button.evaluate("b => b.getBoundingClientRect().bottom + window.scrollY")
    assert bottom <= SCREEN, bottom


@pytest.mark.parametrize("locale", ["en-GB", "zh-CN", "ja-JP"])
def test_the_campaigns_next_step_is_in_the_first_screen(server, phones, locale, tmp_path):
    folder = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    ann, bo = phones(locale=locale), phones()
    token = create_campaign(bo.page, server)
    join(ann.page, server, token, "Ann")
    join(bo.page, server, token, "Bo")
    page, card = ann.page, ann.page.locator("#region-now")

    # No character yet: the creation form is the card.
    create = card.locator("form:has(select[name=class]) button[type=submit]")
    in_first_screen(page, create)
    page.screenshot(path=str(folder / f"campaign-now-create-{locale}.png"))
    card.locator("select[name=class]").select_option("brute")
    card.locator("input[name=name]").fill("Grok")
    create.click()

    # Two personal quests dealt in secret: keep one, from the card.
    keep = card.locator("form:has(input[value='quest.keep']) button").first
    in_first_screen(page, keep)
    keep.click()

    # Bo has no character yet: the campaign offers no scenario until one exists;
    # once Bo has one, Ann's card offers scenario 1.
    bo.page.locator("#region-now select[name=class]").select_option("tinkerer")
    bo.page.locator("#region-now input[name=name]").fill("Tink")
    bo.page.locator("#region-now form:has(select[name=class]) button[type=submit]").click()
    bo.page.locator("#region-now form:has(input[value='quest.keep']) button").first.click()
    play = card.locator("form:has(input[name=offer]) button").first
    in_first_screen(page, play)
    page.screenshot(path=str(folder / f"campaign-now-play-{locale}.png"))

    # A scenario played on paper: each player's line waits for them, in the card.
    state = server.store.state(token)[1]
    characters = {c["name"]: c["id"] for c in state["characters"].values()}
    seats = {s.name: s.id for s in server.store.seats(token).values()}
    server.store.act(token, seats["Bo"], "scenario.complete", {
        "scenario": 1, "outcome": "success", "level": 1,
        "characters": {characters["Grok"]: {"experience": 4, "coins": 3, "checkmarks": 1},
                       characters["Tink"]: {"experience": 2, "coins": 0, "checkmarks": 0}}})
    confirm = card.locator("form:has(input[value='result.confirm']) button")
    in_first_screen(page, confirm)
    page.screenshot(path=str(folder / f"campaign-now-confirm-{locale}.png"))
    confirm.click()
    expect(confirm).to_have_count(0, timeout=LIVE)
    # Ann is done; the card says whom the table waits for now.
    if locale == "en-GB":
        expect(card).to_contain_text("Waiting for Tink to confirm their results.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_tallys_own_counters_are_in_the_first_screen(server, phones):
    many = "\n".join(f"Track {n} 0..30" for n in range(1, 7))
    options = {"tracks": many, "counters": "VP 0..99\nGold 0..50"}
    token = server.store.create_table("tally", "Long evening", options).token
    phone = phones()
    join_tally(phone.page, server, token, "Ann")
    wait_live(phone.page)
    card = phone.page.locator("#region-now")
    expect(card).to_contain_text("Your counters")
    plus = card.get_by_role("button", name="Gold plus 1")
    in_first_screen(phone.page, plus)
    plus.click()
    expect(card.locator(".counter", has_text="Gold").locator(".value")).to_have_text("1", timeout=LIVE)
    scoreboard = phone.page.locator("#region-counters .scoreboard > li", has_text="Ann")
    expect(scoreboard.locator(".value").nth(1)).to_have_text("1")
