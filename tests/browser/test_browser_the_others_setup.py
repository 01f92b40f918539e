"""The Others' set-up in real browsers, on a server that already keeps the
group's numbers: from "new table" on the server machine to the first hero's
turn in under 20 taps (a field filled counts as a tap), with no number
typed; the set-up's "Still needed" list names the dice and the classes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_support import new_table_form, wait_live
from companion.games.the_others import numbers

pytestmark = pytest.mark.browser

CLASSES = {"leah": "leader", "rose": "sniper", "rocco": "sniper", "thorley": "bruiser", "brad": "bruiser",
           "karl": "fixer", "morgana": "fixer"}


def group_numbers() -> dict:
    """What a group entered at its first table (kept by the server)."""
    return {**numbers.empty(),
            "sin_die": {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2},
            "hero_die": {"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1},
            "heroes": {h: {"class": c, "combat": 2, "skill": 2, "defense": 1} for h, c in CLASSES.items()},
            "monsters": {"pride": {kind: {"combat": 3, "defense": 3} for kind in ("abomination", "controller",
                                                                                 "avatar")}},
            "acolytes": {"nun": {"combat": 2, "defense": 2}},
            "targets": {"havens_last_stand": {m: "heroes" for m in ("1", "2A", "2B", "3")}}}


class Taps:
    """Every tap (a click, a box ticked, a field filled) a person makes."""

    def __init__(self):
        self.count = 0

    def click(self, locator):
        self.count += 1
        locator.click()

    def fill(self, locator, text: str):
        self.count += 1
        locator.fill(text)

    def check(self, locator):
        self.count += 1
        locator.check()


def test_a_group_known_to_the_server_reaches_the_first_hero_turn_in_under_20_taps(server, phones):
    server.store.keep_numbers("the-others", group_numbers())
    taps = Taps()
    host, sin, hero = phones().page, phones().page, phones().page
    for page in (host, sin, hero):
        page.set_viewport_size({"width": 360, "height": 740})

    host.goto(server.url)
    section = host.locator("details", has=host.locator("input[name=game][value=the-others]"))
    if section.get_attribute("open") is None:
        taps.click(section.locator("summary"))
    form = new_table_form(host, "the-others")
    taps.fill(form.locator("input[name=name]"), "Haven")
    taps.click(form.locator("button[type=submit]"))
    host.wait_for_url("**/t/*/qr")
    token = host.url.rstrip("/").split("/")[-2]

    for page, name, role in ((sin, "Sina", "sin"), (hero, "Ann", "hero")):
        page.goto(server.at(f"/t/{token}"))  # the QR code's link
        taps.fill(page.locator("input[name=name]"), name)
        taps.check(page.locator(f"input[name=role][value={role}]"))
        taps.click(page.locator("form:has(input[name=role]) button[type=submit]"))
        page.wait_for_selector("#region-status")
        wait_live(page)

    # No number to enter: the still-needed list starts at the team.
    needed = hero.locator("#region-status .still-needed")
    expect(needed).not_to_contain_text("die")
    expect(needed).to_contain_text("the team of 7 heroes")
    taps.click(hero.locator("#region-now").get_by_role("button", name="Play with this team"))
    pick = hero.locator("#region-now").get_by_role("button", name="Play these heroes")
    expect(pick).to_be_visible()
    taps.click(pick)
    start = hero.locator("#region-now").get_by_role("button", name="Start the game")
    expect(start).to_be_visible()
    taps.click(start)
    taps.click(hero.locator("#region-now").get_by_role("button", name="Start the round"))
    first = hero.locator("#region-now button", has_text="Start the turn of")
    expect(first).to_be_visible()
    taps.click(first)
    expect(sin.locator("#region-now")).to_contain_text("Turn of")
    assert taps.count < 20, taps.count


def test_the_still_needed_list_names_the_dice_and_the_classes_each_a_link(server, phones, tmp_path):
    table = server.store.create_table("the-others", "Haven", {"sin": "pride", "acolyte": "nun",
                                                               "story": "havens_last_stand", "hero_players": "1"})
    page = phones().page
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server.at(f"/t/{table.token}"))
    page.locator("input[name=name]").fill("Ann")
    page.locator("input[name=role][value=hero]").check()
    page.locator("form:has(input[name=role]) button[type=submit]").click()
    page.wait_for_selector("#region-status")
    folder = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    page.screenshot(path=str(folder / "the-others-still-needed.png"))
    needed = page.locator("#region-status .still-needed li")
    expect(needed.first).to_have_text("the sides of the SIN die")
    expect(needed.nth(1)).to_have_text("the sides of the hero die")
    expect(page.locator("#region-status .still-needed")).to_contain_text("the class of each hero")
    page.locator("#region-status .still-needed a", has_text="the class of each hero").click()
    expect(page.locator("#others-heroes select").first).to_be_in_viewport()
    page.screenshot(path=str(folder / "the-others-still-needed-classes.png"))


# -- the SIN's hand as cards ------------------------------------------------------------------------
CARDS_MEASURE = """() => [...document.querySelectorAll('#region-now .sin-card')].map(card => {
  const name = card.querySelector('.sin-card-name'), when = card.querySelector('.sin-card-when');
  const lines = el => el ? Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight
                                       === 'normal' ? 1.2 * parseFloat(getComputedStyle(el).fontSize)
                                       : getComputedStyle(el).lineHeight)) : 0;
  return {width: card.getBoundingClientRect().width, right: card.getBoundingClientRect().right,
          name: name.textContent.trim(), nameLines: lines(name), whenLines: lines(when),
          effect: !!card.querySelector('.sin-card-effect'), playable: card.classList.contains('playable'),
          button: !!card.querySelector('button[data-confirm]')};
})"""


def started_for_the_sin(server, page) -> str:
    """A table at the first hero's turn, `page` the SIN's phone at 360 px
    (the rest of the set-up done through the store)."""
    server.store.keep_numbers("the-others", group_numbers())
    table = server.store.create_table("the-others", "Haven", {"sin": "pride", "acolyte": "nun",
                                                               "story": "havens_last_stand", "hero_players": "1"})
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server.at(f"/t/{table.token}"))
    page.locator("input[name=name]").fill("Sina")
    page.locator("input[name=role][value=sin]").check()
    page.locator("form:has(input[name=role]) button[type=submit]").click()
    page.wait_for_selector("#region-now")
    ann = server.store.join(table.token, "Ann", "hero")[0]
    server.store.act(table.token, None, "team.choose", {"heroes": list(CLASSES)})
    server.store.act(table.token, ann.id, "heroes.pick", {"heroes": ["rose", "thorley", "rocco"]})
    server.store.act(table.token, ann.id, "game.start", {})
    first = server.store.state(table.token)[1]["order"][0]
    server.store.act(table.token, ann.id, "round.first_hero", {"hero": first})
    server.store.act(table.token, ann.id, "turn.start", {"hero": first})
    page.reload()
    wait_live(page)
    return table.token


@pytest.mark.parametrize("locale", ["en-GB", "zh-CN", "ja-JP"])
def test_the_sins_hand_reads_as_cards_at_360_px(server, phones, locale, tmp_path):
    phone = phones(locale=locale)
    page = phone.page
    token = started_for_the_sin(server, page)
    page.wait_for_selector("#region-now .sin-card")
    folder = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    page.locator("#region-now").screenshot(path=str(folder / f"the-others-sin-hand-{locale}.png"))
    cards = page.evaluate(CARDS_MEASURE)
    assert len(cards) >= 4  # the starting hand and the round's draw
    for card in cards:
        assert card["width"] >= 300 and card["right"] <= 360, card  # full width, nothing cut
        assert card["nameLines"] <= 2 and card["whenLines"] <= 3, card  # never a letter a line
        assert card["playable"] and card["button"], card  # in a hero's turn every card may be played
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # Playing asks once; "no" keeps the card.
    page.locator("#region-now .sin-card button").first.click()
    assert phone.dialogs and phone.dialogs[-1][0] == "confirm"
    assert server.store.state(token)[1]["sin"]["played"] is None


def test_when_no_card_may_be_played_the_hand_shows_no_play_button(server, phones):
    phone = phones()
    page = phone.page
    token = started_for_the_sin(server, page)
    phone.accept_dialogs = True
    page.locator("#region-now .sin-card button").first.click()  # one card per hero turn
    expect(page.locator("#region-status")).to_contain_text("Sin card in play")
    assert server.store.state(token)[1]["sin"]["played"] is not None
    expect(page.locator(".sin-card").first).to_be_visible()
    expect(page.locator(".sin-card button")).to_have_count(0)
    expect(page.locator(".sin-card.playable")).to_have_count(0)


# -- the two apocalypse cards the SIN chooses between -------------------------------------------------
@pytest.mark.parametrize("locale", ["en-GB", "zh-CN", "ja-JP"])
def test_the_apocalypse_cards_offered_read_as_cards_at_360_px_and_keeping_one_asks_first(server, phones, locale,
                                                                                          tmp_path):
    phone = phones(locale=locale)
    page = phone.page
    token = started_for_the_sin(server, page)
    state = server.store.state(token)[1]
    ann = state["heroes"][state["order"][0]]["player"]
    server.store.act(token, ann, "turn.end", {})
    while (flow := server.store.state(token)[1]["flow"])["turn"] is not None:  # the rest of round 1's turns
        server.store.act(token, ann, "turn.start", {"hero": flow["order"][flow["turn"]]})
        server.store.act(token, ann, "turn.end", {})
    server.store.act(token, ann, "round.end", {})  # the track reaches level 1: two apocalypse cards to choose from
    state = server.store.state(token)[1]
    sin_seat = state["sin"]["seat"]
    offer = state["secrets"][sin_seat]["offer"]
    assert len(offer) == 2
    page.reload()
    wait_live(page)
    page.wait_for_selector("#region-now .apocalypse-offer .sin-card")
    folder = Path(os.environ.get("COMPANION_SCREENSHOTS") or tmp_path)
    shot = folder / f"the-others-apocalypse-offer-{locale}.png"
    page.locator("#region-now .apocalypse-offer").screenshot(path=str(shot))
    cards = page.evaluate(CARDS_MEASURE.replace("#region-now .sin-card", "#region-now .apocalypse-offer .sin-card"))
    assert len(cards) == 2
    for card in cards:
        assert card["width"] >= 300 and card["right"] <= 360, card
        assert card["nameLines"] <= 2 and card["effect"] and card["button"], card
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.locator("#region-now .apocalypse-offer button").first.click()  # "no": nothing kept
    assert phone.dialogs and phone.dialogs[-1][0] == "confirm"
    assert server.store.state(token)[1]["secrets"][sin_seat]["offer"] == offer
    phone.accept_dialogs = True
    page.locator("#region-now .apocalypse-offer button").first.click()
    expect(page.locator("#region-now .apocalypse-offer")).to_have_count(0)
    assert server.store.state(token)[1]["apocalypse"]["cards"] == [offer[0]]
