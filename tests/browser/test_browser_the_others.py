"""The Others in real browsers: a SIN phone and a hero phone (one player with
three heroes) start a game and play a whole round: six hero turns, the SIN's
reactions and a sin card, the round's end; the page fits a 360 px phone."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from browser_support import wait_live

pytestmark = pytest.mark.browser

SIN_SIDES = {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}
HERO_SIDES = {"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1}
CLASSES = {"leah": "leader", "rose": "sniper", "rocco": "sniper", "thorley": "bruiser", "brad": "bruiser",
           "karl": "fixer", "morgana": "fixer"}


def join(page, server, token: str, name: str, role: str) -> None:
    page.goto(server.at(f"/t/{token}"))
    page.locator("input[name=name]").fill(name)
    page.locator(f"input[name=role][value={role}]").check()
    page.locator("form:has(input[name=role]) button[type=submit]").click()
    page.wait_for_selector("#region-status")
    wait_live(page)


def enter_numbers(server, token: str) -> None:
    """What the group typed in once (the set-up forms are tested elsewhere)."""
    heroes = {hero: {"class": cls, "combat": 2, "skill": 2, "defense": 1} for hero, cls in CLASSES.items()}
    monsters = {kind: {"combat": 3, "defense": 3} for kind in ("abomination", "controller", "avatar", "acolyte")}
    server.store.act(token, None, "facts.enter", {"sin_die": SIN_SIDES, "hero_die": HERO_SIDES, "heroes": heroes,
                                                  "monsters": monsters,
                                                  "targets": {m: "heroes" for m in ("1", "2A", "2B", "3")}})
    server.store.act(token, None, "team.choose", {"heroes": list(CLASSES)})


@dataclass
class Haven:
    """A Pride table (Haven's Last Stand, one hero player) with the SIN's
    phone and the hero's phone joined on 360×740 screens, the group's
    numbers entered: what most of these tests start from."""

    server: object
    token: str
    sin_phone: object
    hero_phone: object

    @property
    def sin(self):
        return self.sin_phone.page

    @property
    def hero(self):
        return self.hero_phone.page

    def act(self, seat: str | None, kind: str, **payload):
        """`kind` done by the seat with role `seat` ("sin", "hero"; None: the host), through the store."""
        store = self.server.store
        seats = {s.role: s.id for s in store.seats(self.token).values()}
        return store.act(self.token, seats.get(seat), kind, payload)


def haven(server, phones, locale: str = "en-GB", accept_dialogs: bool = True) -> Haven:
    """Opens Haven (above) with two new phones in `locale`; with
    `accept_dialogs` both answer OK when a page asks to confirm."""
    table = server.store.create_table("the-others", "Haven", {"sin": "pride", "acolyte": "nun",
                                                               "story": "havens_last_stand", "hero_players": "1"})
    sin_phone, hero_phone = phones(locale=locale), phones(locale=locale)
    sin_phone.accept_dialogs = hero_phone.accept_dialogs = accept_dialogs
    for phone in (sin_phone, hero_phone):
        phone.page.set_viewport_size({"width": 360, "height": 740})
    join(sin_phone.page, server, table.token, "Sina", "sin")
    join(hero_phone.page, server, table.token, "Ann", "hero")
    enter_numbers(server, table.token)
    return Haven(server, table.token, sin_phone, hero_phone)


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def on_first_screen(page, button):
    """Seen from the top of the page, the button is on the first 360×740 screen."""
    page.evaluate("window.scrollTo(0, 0)")
    expect(button).to_be_visible()
    box = button.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740


def tap(page, name: str):
    """The acting phone's next step: in the card at the top, on the first screen."""
    button = page.locator("#region-now").get_by_role("button", name=name, exact=True).first
    assert on_first_screen(page, button), f"{name!r} is below the first screen"
    button.click()


def test_a_sin_phone_and_a_hero_phone_play_one_round(server, phones):
    table = haven(server, phones)
    sin, hero = table.sin, table.hero
    sin_phone, hero_phone = table.sin_phone, table.hero_phone

    hero.reload()
    wait_live(hero)
    picking = hero.locator("form:has(input[value='heroes.pick'])")
    for box in picking.locator("input[type=checkbox]").all():  # the player's share comes pre-ticked: choose others
        box.set_checked(box.get_attribute("name").split(".")[-1] in ("rose", "thorley", "rocco"))
    tap(hero, "Play these heroes")
    expect(hero.locator("#region-heroes")).to_contain_text("Thorley")
    tap(hero, "Start the game")
    expect(sin.locator("#region-status")).to_contain_text("Round 1")
    expect(sin.locator("#region-controls")).to_contain_text("Your hand")
    assert no_sideways_scroll(hero) and no_sideways_scroll(sin)

    # Clockwise as the heroes sit, twice (two turn tokens each), from the first hero the heroes choose.
    seated = server.store.state(table.token)[1]["order"]
    expect(hero.locator("#region-now")).to_contain_text("The heroes choose who goes first.")
    hero.locator("#first-hero").select_option(seated[0])
    tap(hero, "Start the round")
    order = [hero_id.title() for hero_id in seated] * 2
    for number, name in enumerate(order):
        expect(hero.locator("#region-now .now-you")).to_be_visible()
        tap(hero, f"Start the turn of {name}")
        expect(sin.locator("#region-status")).to_contain_text(f"Turn of {name}")
        expect(sin.locator("#region-now")).to_contain_text(f"Turn of {name}")
        if number == 0:  # the SIN plays a card in the first turn, after saying yes; then no other this turn
            cards = sin.locator("#region-now button[name=card]")
            assert on_first_screen(sin, cards.first)
            sin_phone.accept_dialogs = False
            cards.first.click()  # "no": the card stays in the hand
            assert sin_phone.dialogs[-1][0] == "confirm" and "It leaves your hand." in sin_phone.dialogs[-1][1]
            assert server.store.state(table.token)[1]["sin"]["played"] is None
            sin_phone.accept_dialogs = True
            cards.first.click()
            expect(hero.locator("#region-status")).to_contain_text("Sin card in play")
            expect(sin.locator("#region-now button[name=card]")).to_have_count(0)  # one card per turn
        tap(hero, "End the turn")
        expect(sin.locator("#region-now")).to_contain_text(f"The SIN may react to {name}")
        if number < 3:
            tap(sin, f"React to {name}")
            tap(sin, "End the reaction")
        else:
            expect(sin.get_by_role("button", name=f"React to {name}")).to_have_count(0)  # all 3 tokens spent
            tap(sin, "No reaction")
        expect(hero.locator("#region-status")).not_to_contain_text("The SIN may react")

    expect(hero.locator("#region-status")).to_contain_text("Every turn is taken")
    # Each turn ended without its action asked first; the round's end asks too.
    ended = [message for kind, message in hero_phone.dialogs if message == "End the turn without a fight or a cleanse?"]
    assert len(ended) == len(order)
    hero_phone.accept_dialogs = False
    tap(hero, "End the round")
    assert hero_phone.dialogs[-1][1].startswith("End the round for everyone?")
    assert server.store.state(table.token)[1]["flow"]["round"] == 1
    hero_phone.accept_dialogs = True
    tap(hero, "End the round")
    expect(sin.locator("#region-status")).to_contain_text("Round 2")
    state = server.store.state(table.token)[1]
    assert state["sin"]["reactions_used"] == 0 and state["sin"]["discard"]
    assert all(state["heroes"][h]["turn_tokens"] == 2 for h in state["order"])
    assert no_sideways_scroll(hero)


def board_mid_game(server, sin_page, hero_page):
    """A table in round 2's first turn: tracked spaces with the starting
    space and nests, a dead acolyte to summon, Rose's turn going on and
    Envy's question waiting for her player (she took an upgrade)."""
    table = server.store.create_table("the-others", "Haven", {"sin": "envy", "acolyte": "nun",
                                                               "story": "battleground_of_souls", "hero_players": "1"})
    join(sin_page, server, table.token, "Sina", "sin")
    join(hero_page, server, table.token, "Hiroko Watanabe-Featherstonehaugh", "hero")
    enter_numbers(server, table.token)
    seats = {seat.role: seat.id for seat in server.store.seats(table.token).values()}
    act = lambda seat, kind, **payload: server.store.act(table.token, seats.get(seat), kind, payload)  # noqa: E731
    act("hero", "heroes.pick", heroes=["rose", "thorley", "rocco"])
    act(None, "game.start")
    act("hero", "round.first_hero", hero="rose")
    for name in ("Raven Corp HQ", "Old Cathedral of Saint Agatha", "Main Street"):
        act(None, "space.add", name=name)
    act(None, "space.set", space="s1", what="start", value=1)
    act(None, "space.set", space="s2", what="printed.nest", value=2)
    act(None, "space.set", space="s2", what="monsters.acolyte", value=1)
    act(None, "space.set", space="s3", what="face_down", value=2)
    for hero in ("rose", "thorley", "rocco") * 2:
        act("hero", "turn.start", hero=hero)
        if hero == "rose" and not server.store.state(table.token)[1]["heroes"]["rose"]["city_action"]:
            act("hero", "city.action", actions=["satellite_cannon"], kill="acolyte")
        act("hero", "turn.end")
        act("sin", "reaction.end")
    act("hero", "round.end")
    act("hero", "round.first_hero", hero="rose")
    act("hero", "hero.move", hero="rose", to="s1", teleport=True)
    act("hero", "hero.move", hero="thorley", to="s1", teleport=True)
    act("hero", "turn.start", hero="rose")
    act("hero", "upgrade.take", hero="rose", upgrade=server.store.state(table.token)[1]["inventory"][0])
    return table


@pytest.mark.parametrize("locale", ["en-GB", "zh-CN", "ja-JP"])
def test_the_board_and_every_working_fit_a_360px_phone_in_each_language(server, phones, locale):
    from test_browser_layout import open_all_details, sideways_overflow

    sin, hero = phones(locale=locale).page, phones(locale=locale).page
    board_mid_game(server, sin, hero)
    for page in (sin, hero):
        page.reload()
        wait_live(page)
        open_all_details(page)
        assert sideways_overflow(page) is None, sideways_overflow(page)
    expect(hero.locator("#region-heroes")).to_contain_text("Raven Corp HQ")
    # The SIN's summons: one per hero, onto the cathedral's one free nest.
    summon = sin.locator("#region-controls form:has(input[value='monsters.summon'])")
    expect(summon.locator("select[name=space] option")).to_have_count(1)
    expect(summon.locator("details.working .value").first).to_have_text("3")
    # Rose's move and cleanse show their working, in her turn at the top; the mission's target too.
    expect(hero.locator("#region-now details.working")).to_have_count(3)
    expect(hero.locator("#region-status details.working")).to_have_count(2)
    expect(hero.locator("#region-now form:has(input[value='power.choose']) button")).to_have_count(2)


@pytest.mark.parametrize("locale", ["en-GB", "ja-JP"])
def test_the_set_up_forms_give_each_hero_and_monster_name_its_line(server, phones, locale):
    """Before the game, the forms for the heroes' and the monsters' numbers:
    a name beside four fields was squeezed to a letter a line (L/e/a/h, アコライト)."""
    from test_browser_layout import open_all_details, sideways_overflow

    table = server.store.create_table("the-others", "Others night", {
        "sin": "greed", "acolyte": "hobo", "story": "the_darkness_within", "hero_players": "3"})
    page = phones(locale=locale, color_scheme="dark").page
    page.goto(server.at(f"/t/{table.token}"))
    page.locator("input[name=name]").fill("Bartholomew the Unpronounceable")
    page.locator("input[name=role]:not([disabled])").first.check()
    page.locator("form:has(input[name=role]) button[type=submit]").click()
    page.wait_for_selector("#region-status")
    open_all_details(page)
    assert sideways_overflow(page) is None, sideways_overflow(page)
    names = page.evaluate("""() => [...document.querySelectorAll(
          'form .row > span.grow:first-of-type, form.row > span.grow:first-of-type')]
        .filter(e => e.checkVisibility()).map(e => { const r = document.createRange(); r.selectNodeContents(e);
          const lines = new Set([...r.getClientRects()].map(x => Math.round(x.top))).size;
          return [e.textContent.trim(), lines]; })""")
    assert len(names) >= 4 + 7, names  # four monsters, seven heroes
    assert all(lines == 1 for _, lines in names), names


def test_a_move_and_a_fight_in_the_rulebooks_order_each_step_first_on_its_phone(server, phones):
    """Rose moves two spaces with a tap each, then fights: she prepares on the hero's
    phone, the SIN says "no fight-start card" on its own, Rose takes voluntary corruption,
    rolls and resolves; every next step is in the card at the top of the phone that acts."""
    table = haven(server, phones)
    sin, hero = table.sin, table.hero
    act = table.act
    act("hero", "heroes.pick", heroes=["rose", "thorley", "rocco"])
    act(None, "game.start")
    for name in ("Main Street", "Old Cathedral"):
        act(None, "space.add", name=name)
    act(None, "space.set", space="s2", what="monsters.abomination", value=1)
    act("hero", "round.first_hero", hero="rose")
    act("hero", "turn.start", hero="rose")
    for page in (sin, hero):
        page.reload()
        wait_live(page)

    # The move: a tap per space of the path.
    tap(hero, "Main Street")
    expect(hero.locator("#region-now")).to_contain_text("Moved 1 of 2 spaces this turn.")
    tap(hero, "Old Cathedral")
    expect(hero.locator("#region-now")).to_contain_text("Moved 2 of 2 spaces this turn.")
    assert server.store.state(table.token)[1]["heroes"]["rose"]["space"] == "s2"
    expect(hero.locator("#region-now button[name=to]")).to_have_count(0)  # the move is over

    # The fight: prepared on the hero's phone (the monsters of her space filled in).
    fold = hero.locator("#region-now details.card", has=hero.locator("summary", has_text="Fight"))
    fold.locator("summary").first.click()
    tap(hero, "Prepare the fight")
    expect(hero.locator("#region-now")).to_contain_text("Waiting for the SIN’s fight-start card.")
    expect(hero.locator("#region-now").get_by_role("button", name="Roll the fight")).to_have_count(0)
    expect(sin.locator("#region-now")).to_contain_text("Fight of Rose: the SIN may play a fight-start card")
    tap(sin, "No fight-start card")
    hero.screenshot(path="/tmp/others-prepare-hero.png")
    tap(hero, "With voluntary corruption")  # changed until the roll
    expect(hero.locator("#region-now button[aria-pressed=true]")).to_have_text("With voluntary corruption")
    state = server.store.state(table.token)[1]
    assert state["preparing"]["choices"] == {"voluntary": True} and state["heroes"]["rose"]["corruption"] == 1
    tap(hero, "Roll the fight")
    expect(hero.locator("#region-fight")).to_contain_text("Hero roll:")
    tap(hero, "Resolve")
    expect(hero.locator("#region-fight")).to_contain_text("Last fight: Rose")
    # Told as the history tells it, each number tapping open to how it was reached.
    told = hero.locator("#region-fight .last-fight")
    expect(told).to_contain_text("Rose fought")
    expect(told).to_contain_text("at Old Cathedral")
    told.locator("details.working summary", has_text="wounds taken").click()
    expect(told.locator("details.working[open]")).to_contain_text("Hits of the SIN")
    assert server.store.state(table.token)[1]["heroes"]["rose"]["corruption"] >= 2
    assert no_sideways_scroll(hero) and no_sideways_scroll(sin)
    hero.screenshot(path="/tmp/others-fight-hero.png")


@pytest.mark.parametrize("locale", ["zh-CN", "ja-JP"])
def test_a_prepared_fight_fits_both_phones_first_screen_in_each_language(server, phones, locale):
    from test_browser_layout import sideways_overflow

    table = haven(server, phones, locale, accept_dialogs=False)
    sin, hero, act = table.sin, table.hero, table.act
    act("hero", "heroes.pick", heroes=["rose", "thorley", "rocco"])
    act(None, "game.start")
    act("hero", "round.first_hero", hero="rose")
    act("hero", "turn.start", hero="rose")
    act("hero", "fight.prepare", monsters={"abomination": 2})
    for page in (sin, hero):
        page.reload()
        wait_live(page)
        assert sideways_overflow(page) is None, sideways_overflow(page)
    choose = hero.locator("#region-now form:has(input[value='fight.choose']) button[name=voluntary]")
    expect(choose).to_have_count(2)
    assert on_first_screen(hero, choose.last)
    none = sin.locator("#region-now form:has(input[value='fight.sin_ready']) button")
    assert on_first_screen(sin, none)
    short = locale[:2]
    hero.screenshot(path=f"/tmp/others-prepare-hero-{short}.png")
    sin.screenshot(path=f"/tmp/others-prepare-sin-{short}.png")
    none.click()
    roll = hero.locator("#region-now form:has(input[value='fight.roll']) button[type=submit]")
    assert on_first_screen(hero, roll)
