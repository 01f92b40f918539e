"""The Others' set-up in real browsers, for a group that played once on
this server: the server keeps the group's numbers (learnt at its first
table), starts the new-table form as that table was set up, and each phone's
join page with the name it sat under. From "new table" on the server machine
to the first hero's turn in under 20 taps (a field filled and an OK to a
question each count as a tap), with nothing typed but the table's name, then
the first fights in the rulebook's order, each side on its own phone; the
set-up's "Still needed" list names the dice and the classes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_support import new_table_form, wait_live
from companion.games.the_others import data, numbers

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
    """Every tap (a click, a box ticked, a field filled, an OK to a
    question the page asks) a person makes."""

    def __init__(self):
        self.count = 0

    def click(self, locator, phone=None):
        """A tap; with `phone`, each question it asks (answered OK) is a tap too."""
        asked = len(phone.dialogs) if phone else 0
        self.count += 1
        locator.click()
        if phone:
            self.count += len(phone.dialogs) - asked

    def fill(self, locator, text: str):
        self.count += 1
        locator.fill(text)

    def check(self, locator):
        self.count += 1
        locator.check()


def join_by_link(page, server, token: str, name: str, role: str, taps: Taps | None = None) -> None:
    """Open the table's link (the QR code's), give a name, pick a role. With
    `taps` (the group's next table) each step is counted, and the name is
    already there: the phone sat at the group's first table under it."""
    page.goto(server.at(f"/t/{token}"))
    name_field = page.locator("input[name=name]")
    if taps:
        expect(name_field).to_have_value(name)
    else:
        name_field.fill(name)
    steps = taps or Taps()
    role_box = page.locator(f"input[name=role][value={role}]")
    if not role_box.is_checked():
        steps.check(role_box)
    steps.click(page.locator("form:has(input[name=role]) button[type=submit]"))
    page.wait_for_selector("#region-status")
    wait_live(page)


GROUP = (("Sina", "sin"), ("Ann", "hero"), ("Ben", "hero"))
FIRST_EVENING_NUMBERS = {
    "sin_die": {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2},
    "hero_die": {"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1},
    "heroes": {h: {"class": c, "combat": 2, "skill": 2, "defense": 1} for h, c in CLASSES.items()},
    "monsters": {kind: {"combat": 3, "defense": 3} for kind in ("abomination", "controller", "avatar", "acolyte")},
    "targets": {m: "heroes" for m in ("1", "2A", "2B", "3")}}


def first_evening(server, group) -> None:
    """The group's first table on this server: its three phones joined by the
    link and its numbers entered (what the set-up forms send); the server
    learns them from the table."""
    table = server.store.create_table("the-others", "First evening", {
        "sin": "pride", "acolyte": "nun", "story": "havens_last_stand", "hero_players": "2"})
    for phone, (name, role) in zip(group, GROUP):
        join_by_link(phone.page, server, table.token, name, role)
    server.store.act(table.token, None, "facts.enter", FIRST_EVENING_NUMBERS)
    assert server.store.kept_numbers("the-others")["heroes"]["rose"]["class"] == "sniper"


def fight_start_card_in_hand(server, token: str) -> str:
    """The SIN draws (an altar's draw, as the table would) until it holds a
    fight-start card; the one it holds."""
    sin_seat = next(s.id for s in server.store.seats(token).values() if s.role == "sin")
    fight_start = {card["id"] for card in data.sins()["pride"]["cards"] if card["timing"] == "fight_start"}
    for _ in range(12):
        held = [card for card in server.store.state(token)[1]["secrets"][sin_seat]["hand"] if card in fight_start]
        if held:
            return held[0]
        server.store.act(token, sin_seat, "sin.draw", {"count": 1})
    raise AssertionError("no fight-start card drawn")


def test_a_group_that_played_once_starts_its_next_table_and_fights_in_the_rulebooks_order(server, phones):
    """Issue 22's "done when": the group (a SIN phone, two hero phones) that
    played once on this server starts its next table from "new table" on the
    server machine and reaches the first hero turn in under 20 taps; the SIN
    plays a fight-start card from its own phone when the hero's fight is
    prepared; when the SIN starts a fight the hero chooses voluntary
    corruption on the hero's own phone."""
    group = [phones() for _ in GROUP]
    for phone in group:
        phone.page.set_viewport_size({"width": 360, "height": 740})
        phone.accept_dialogs = True
    sin_phone, ann_phone, ben_phone = group
    sin, ann, ben = (phone.page for phone in group)
    first_evening(server, group)

    # -- the next table, counted from "new table" -------------------------------------------------
    taps = Taps()
    host = phones().page  # the server machine
    host.goto(server.url)
    section = host.locator("details", has=host.locator("input[name=game][value=the-others]"))
    if section.get_attribute("open") is None:
        taps.click(section.locator("summary"))
    form = new_table_form(host, "the-others")
    taps.fill(form.locator("input[name=name]"), "Second evening")
    expect(form.locator("select[name=hero_players]")).to_have_value("2")  # as the group's last table was set up
    taps.click(form.locator("button[type=submit]"))
    host.wait_for_url("**/t/*/qr")
    token = host.url.rstrip("/").split("/")[-2]
    for phone, (name, role) in zip(group, GROUP):
        join_by_link(phone.page, server, token, name, role, taps)

    needed = ann.locator("#region-status .still-needed")
    expect(needed).not_to_contain_text("die")  # nothing to type: the server kept the numbers
    expect(needed).to_contain_text("the team of 7 heroes")
    taps.click(ann.locator("#region-now").get_by_role("button", name="Play with this team"), ann_phone)
    for phone in (ann_phone, ben_phone):
        pick = phone.page.locator("#region-now").get_by_role("button", name="Play these heroes")
        expect(pick).to_be_visible()
        taps.click(pick, phone)
        expect(phone.page.locator("#region-heroes .hero-card")).not_to_have_count(0)
    start = ann.locator("#region-now").get_by_role("button", name="Start the game")
    expect(start).to_be_visible()
    taps.click(start, ann_phone)  # asks once: a tap more
    assert ann_phone.dialogs[-1][1].startswith("Start the game?")
    taps.click(ann.locator("#region-now").get_by_role("button", name="Start the round"), ann_phone)
    expect(ann.locator("#first-hero")).to_have_count(0)
    state = server.store.state(token)[1]
    first = state["flow"]["order"][state["flow"]["turn"]]
    seats = {seat.id: seat.name for seat in server.store.seats(token).values()}
    owner = {"Ann": ann_phone, "Ben": ben_phone}[seats[state["heroes"][first]["player"]]]
    hero_phone, hero, name = owner, owner.page, first.title()
    taps.click(hero.locator("#region-now").get_by_role("button", name=f"Start the turn of {name}"), hero_phone)
    expect(sin.locator("#region-now")).to_contain_text(f"Turn of {name}")
    print(f"taps from new table to the first hero turn: {taps.count}")
    assert taps.count < 20, taps.count

    # -- the hero's fight: prepared on the hero's phone, the SIN's fight-start card on the SIN's ----------
    card = fight_start_card_in_hand(server, token)
    card_name = data.sins()["pride"]["cards"][[c["id"] for c in data.sins()["pride"]["cards"]].index(card)]["name"]
    fold = hero.locator("#region-now details.card", has=hero.locator("summary", has_text="Fight"))
    fold.locator("summary").first.click()
    fold.locator("input[name='monsters.abomination']").fill("1")
    fold.get_by_role("button", name="Prepare the fight").click()
    moment = sin.locator("#region-now .preparing")
    expect(moment).to_contain_text("Your moment: play a fight-start card, or none.")
    expect(moment.get_by_role("button", name=f"Play {card_name}")).to_be_visible()
    expect(hero.locator("#region-now")).to_contain_text("Waiting for the SIN’s fight-start card.")
    expect(hero.locator("#region-now").get_by_role("button", name="Roll the fight")).to_have_count(0)
    moment.get_by_role("button", name=f"Play {card_name}").click()
    assert sin_phone.dialogs[-1][1] == f"Play “{card_name}”? It leaves your hand."
    roll = hero.locator("#region-now").get_by_role("button", name="Roll the fight")
    expect(roll).to_be_visible()
    roll.click()
    expect(hero.locator("#region-fight")).to_contain_text("Hero roll:")
    fought = server.store.state(token)[1]["fight"]
    assert fought["setup"]["sin_card"] == card and fought["hero"] == first
    hero.locator("#region-now").get_by_role("button", name="Resolve").click()
    expect(hero.locator("#region-fight")).to_contain_text(f"Last fight: {name}")
    place = hero.locator("#region-now form:has(input[value='hero.wounds']) button")
    while left := server.store.state(token)[1]["heroes"][first]["pending_wounds"]:  # the fight's wounds: a slot each
        place.first.click()
        expect(hero.locator("#region-now")).not_to_contain_text(f"Place {left} wound tokens")
    hero.locator("#region-now").get_by_role("button", name="End the turn").click()

    # -- the SIN's reaction: the SIN starts the fight, the hero chooses on the hero's phone ----------------
    react = sin.locator("#region-now").get_by_role("button", name=f"React to {name}")
    react.click()
    assert sin_phone.dialogs[-1][1].startswith(f"React to {name}? It spends a reaction token")
    fold = sin.locator("#region-now details.card", has=sin.locator("summary", has_text="Fight"))
    fold.locator("summary").first.click()
    expect(fold.locator("input[name=voluntary]")).to_have_count(0)  # not the SIN's choice
    fold.locator("input[name='monsters.abomination']").fill("1")
    fold.get_by_role("button", name="Prepare the fight").click()
    expect(sin.locator("#region-now .preparing")).to_contain_text(f"Waiting for {name} to choose.")
    choose = hero.locator("#region-now form:has(input[value='fight.choose'])")
    corruption_before = server.store.state(token)[1]["heroes"][first]["corruption"]
    choose.get_by_role("button", name="With voluntary corruption").click()
    expect(choose.locator("button[aria-pressed=true]")).to_have_text("With voluntary corruption")
    # The SIN played its one sin card of this hero turn (its reaction included): no moment to wait for.
    expect(sin.locator("#region-now")).to_contain_text(f"Fight of {name}: ready to roll")
    expect(sin.locator("#region-now").get_by_role("button", name="No fight-start card")).to_have_count(0)
    sin.locator("#region-now").get_by_role("button", name="Roll the fight").click()
    expect(hero.locator("#region-fight")).to_contain_text("Hero roll:")
    fought = server.store.state(token)[1]
    assert fought["fight"]["by"] == "sin" and fought["fight"]["setup"]["voluntary"] is True
    assert fought["heroes"][first]["corruption"] == corruption_before + 1


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


def test_a_players_phone_and_laptop_on_one_seat_both_send_the_set_ups_numbers_file(server, phones):
    """The set-up is a live region rendered once for every browser on the
    seat: its file form holds no browser's CSRF token, each page puts its own
    in as the form is sent. The phone renders the seat's regions first; the
    laptop, with the same seat and a session of its own, sends a file too,
    and (on the server machine) keeps the table's numbers for every new table
    from the numbers page the set-up links to."""
    table = server.store.create_table("the-others", "Haven", {"sin": "pride", "acolyte": "nun",
                                                               "story": "havens_last_stand", "hero_players": "1"})
    phone, laptop = phones(), phones()
    phone.accept_dialogs = laptop.accept_dialogs = True
    join_by_link(phone.page, server, table.token, "Ann", "hero")
    laptop.page.goto(server.at(f"/t/{table.token}/claim/{server.store.seat_keys(table.token)[0]}"))
    laptop.page.wait_for_selector("#region-controls")
    wait_live(laptop.page)
    for browser, blanks in ((laptop, 2), (phone, 1)):
        die = {**FIRST_EVENING_NUMBERS["hero_die"], "blank": blanks, "hit": 2 - blanks}
        form = browser.page.locator("#region-controls form", has=browser.page.locator("input[type=file]"))
        form.locator("input[type=file]").set_input_files(files=[{
            "name": "numbers.json", "mimeType": "application/json",
            "buffer": json.dumps({**numbers.empty(), "hero_die": die}).encode()}])
        form.locator("button[type=submit]").click()
        browser.page.wait_for_url(server.at(f"/t/{table.token}"))
        browser.page.wait_for_selector("#region-controls")
        assert server.store.state(table.token)[1]["facts"]["dice"]["hero"].get("blank", 0) == blanks

    laptop.page.locator("#region-controls a", has_text="Numbers kept on this server").click()
    laptop.page.get_by_role("button", name="Keep the numbers of the table you came from for every new table").click()
    laptop.page.wait_for_url(server.at(f"/t/{table.token}"))
    assert server.store.kept_numbers("the-others")["hero_die"]["blank"] == 1


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
