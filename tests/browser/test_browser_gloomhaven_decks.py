"""A character's attack on a phone at 360 px with the app drawing the card
from the character's own modifier deck: the working shows where the card
came from, and the deck fold shows one card fewer, in en, zh-CN and ja."""

import pytest
from playwright.sync_api import expect

from browser_support import script_errors
from test_browser_gloomhaven import LIVE, choose_character, join

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale", ["en-GB", "zh-CN", "ja-JP"])
def test_a_characters_attack_is_drawn_by_the_app_and_shows_its_working(server, phones, locale, tmp_path):
    store = server.store
    table = store.create_table("gloomhaven", "Black Barrow", {"scenario": 1})
    phone = phones(locale=locale)
    page = phone.page
    errors = script_errors(page)
    join(page, server, table.token, "Ann")
    choose_character(page, "brute")
    page.locator("#region-now form:has(input[value=\"scenario.start\"]) button").click()
    expect(page.locator("#region-now form:has(input[name=second])")).to_be_visible(timeout=LIVE)
    seat = next(iter(store.seats(table.token)))
    store.act(table.token, seat, "initiative.choose", {"initiative": 5, "second": 40})
    for _ in range(10):  # the monsters before Ann (none at initiative 5, but the order is the app's)
        state = store.state(table.token)[1]
        turn = state["order"][state["turn"]]
        if turn["kind"] == "character":
            break
        store.act(table.token, seat, "turn.next", {})
    attack = page.locator("#region-now details:has(form:has(input[value=\"character.attack\"]))")
    expect(attack).to_be_visible(timeout=LIVE)
    attack.locator("summary").first.click()
    attack.locator("input[name=base]").fill("3")
    attack.locator("button.primary").click()
    working = page.locator("#region-attacks li").first
    expect(working).to_be_visible(timeout=LIVE)
    drawn = store.state(table.token)[1]["attacks"][0]["drawn"]
    expect(working.locator("ol")).to_contain_text(drawn[0], timeout=LIVE)
    expect(working.locator("ol li").nth(1)).to_contain_text("19")  # the cards left after the draw
    deck = page.locator("#gh-my-deck")
    expect(deck.locator("summary")).to_contain_text("19", timeout=LIVE)
    deck.locator("summary").click()
    expect(deck.locator("table tbody tr").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert not errors
    for name, part in (("deck", deck), ("working", working)):
        part.screenshot(path=str(tmp_path / f"{name}-{locale}.png"))
        print(tmp_path / f"{name}-{locale}.png")
