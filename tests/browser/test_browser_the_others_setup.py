"""The Others' set-up in real browsers, on a server that already keeps the
group's numbers: from "new table" on the server machine to the first hero's
turn in under 20 taps (a field filled counts as a tap), with no number
typed; the set-up's "Still needed" list names the dice and the classes."""

from __future__ import annotations

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


def test_the_still_needed_list_names_the_dice_and_the_classes_each_a_link(server, phones):
    table = server.store.create_table("the-others", "Haven", {"sin": "pride", "acolyte": "nun",
                                                               "story": "havens_last_stand", "hero_players": "1"})
    page = phones().page
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server.at(f"/t/{table.token}"))
    page.locator("input[name=name]").fill("Ann")
    page.locator("input[name=role][value=hero]").check()
    page.locator("form:has(input[name=role]) button[type=submit]").click()
    page.wait_for_selector("#region-status")
    needed = page.locator("#region-status .still-needed li")
    expect(needed.first).to_have_text("the sides of the SIN die")
    expect(needed.nth(1)).to_have_text("the sides of the hero die")
    expect(page.locator("#region-status .still-needed")).to_contain_text("the class of each hero")
    page.locator("#region-status .still-needed a", has_text="the class of each hero").click()
    expect(page.locator("#others-heroes select").first).to_be_in_viewport()
