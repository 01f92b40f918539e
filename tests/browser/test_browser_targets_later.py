"""Later in the game than the pages the table opens on (issue 18, items 1, 2
and 8): Chaos' battle (before and after the roll), corruption and end
phases, Cthulhu Wars' action phase with a battle declared (the attacker to
roll, then the defender's results) and its doom phase, The Others' fight
(the SIN's fight-start card, the roll, the resolve) and its round's end. At
each moment, in English, Chinese and Japanese, on two 360 × 740 phones:

- every control is at least 44 × 44 px and nothing is cut or scrolls sideways
  (every fold open; the history and the display too);
- the acting phone's next step is in the card at the top, on its first screen;
- a change from another seat keeps the fold a person opened open, with what
  they typed in it, and the focus where it was.

Screenshots of each moment in each language are saved in $COMPANION_SCREENSHOTS
(or the test's tmp_path)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import expect

from a11y_support import LANGUAGES, choose_language
from browser_support import mark_page, same_document, script_errors, wait_live
from test_browser_targets import compare
from test_browser_targets import measure as measure_targets

pytestmark = pytest.mark.browser

LIVE = 15_000  # ms
SCREEN = {"width": 360, "height": 740}


@dataclass
class Moment:
    """A table at a moment of play with two phones seated at it.

    `acting`: the phone whose step it is; `step`: a selector (language-free)
    of that step's button, inside the card at the top; `fold` / `typed`: on
    `watcher`, a fold to open and a field in it to type into (`text`) while
    `change(n)` (another seat's step through the store, its n-th time) arrives."""

    name: str
    token: str
    acting: object
    watcher: object
    step: str
    fold: str
    change: object
    typed: str | None = None
    text: str = "3"
    pages: tuple = ("", "/history", "/display")
    seats: dict = field(default_factory=dict)


def seated(server, phones, game: str, options: dict, mine: dict[str, str], others: dict[str, str]):
    """A new table of `game` with a phone (360 × 740) per role of `mine`
    ({role: name}) seated through the join page, and `others` seated beside
    them. Returns (token, {role: phone}, {role: seat id})."""
    token = server.store.create_table(game, f"{game} night", options).token
    opened = {}
    for role, name in mine.items():
        phone = phones()
        phone.accept_dialogs = True
        phone.page.set_viewport_size(SCREEN)
        page = phone.page
        page.goto(server.at(f"/t/{token}"))
        page.locator("input[name=name]").fill(name)
        page.locator(f"input[name=role][value={role}]").check()
        page.locator("form:has(input[name=role]) button[type=submit]").click()
        page.wait_for_selector("section.region:visible")
        opened[role] = phone
    for role, name in others.items():
        server.store.join(token, name, role)
    seats = {seat.role: seat.id for seat in server.store.seats(token).values()}
    return token, opened, seats


def acts(server, token, seats):
    def act(role, kind, **payload):
        return server.store.act(token, seats.get(role), kind, payload)
    return act


# ---- Chaos in the Old World: Kim (Khorne, acting for the unseated gods) and Nia (Nurgle) ----

def chaos_table(server, phones):
    token, opened, seats = seated(server, phones, "chaos-old-world", {"players": "4"},
                                  {"khorne": "Kim", "nurgle": "Nia"}, {})
    return token, opened["khorne"], opened["nurgle"], seats, acts(server, token, seats)


def chaos_to_battle(server, token, act):
    """Round 1 to its battle phase: a Khorne warrior and a Nurgle cultist in Kislev."""
    from tests.games.chaos.chaos_play import phase_of, turn_of

    act("khorne", "setup.tokens", draw=True)
    act("khorne", "setup.start")
    act("nurgle", "old_world.card", card="the_horned_ones_due")  # a card that places nothing
    act("khorne", "phase.next")
    for god in ("khorne", "nurgle", "tzeentch", "slaanesh"):
        act("khorne" if god != "nurgle" else "nurgle", "draw", **({"god": god} if god in ("tzeentch", "slaanesh")
                                                                  else {}))
    summoned = {"khorne": "warrior", "nurgle": "cultist"}
    while phase_of(state := server.store.state(token)[1]) == "summoning":
        god = turn_of(state)
        seat = "nurgle" if god == "nurgle" else "khorne"
        extra = {} if god in ("khorne", "nurgle") else {"god": god}
        if god in summoned:
            act(seat, "summon", unit=summoned.pop(god), region="kislev")
        else:
            act(seat, "summoning.pass", **extra)
    assert phase_of(server.store.state(token)[1]) == "battle"


def chaos_vp(act, god="tzeentch"):
    """Another seat's step that changes nothing at the moment: a correction of an unseated god's VP."""
    return lambda n: act("khorne", "god.set", god=god, field="vp", value=n)


def chaos_battle(server, phones) -> Moment:
    token, kim, nia, seats, act = chaos_table(server, phones)
    chaos_to_battle(server, token, act)
    return Moment("chaos battle", token, kim, nia, "form:has(input[value='battle.roll']) button[type=submit]",
                  "#region-card-kislev", chaos_vp(act), seats=seats)


def chaos_hits(server, phones) -> Moment:
    from tests.games.chaos.chaos_play import phase_of

    token, kim, nia, seats, act = chaos_table(server, phones)
    chaos_to_battle(server, token, act)
    while (state := server.store.state(token)[1])["battle"]["roll"] is None and phase_of(state) == "battle":
        god = state["battle"]["queue"][0]
        act("nurgle" if god == "nurgle" else "khorne", "battle.roll", **({} if god in ("khorne", "nurgle")
                                                                          else {"god": god}))
    roller = server.store.state(token)[1]["battle"]["roll"]["god"]
    roller_phone = nia if roller == "nurgle" else kim
    # The roller types the hits to assign while another seat's correction arrives.
    return Moment("chaos hits", token, roller_phone, roller_phone,
                  "form:has(input[value='battle.assign']) button[type=submit]", "#region-card-kislev", chaos_vp(act),
                  typed="#region-now form:has(input[value='battle.assign']) input[name^='kill.']", text="1",
                  seats=seats)


def chaos_corruption(server, phones) -> Moment:
    from test_browser_chaos import to_corruption_phase

    token, kim, nia, seats, act = chaos_table(server, phones)
    to_corruption_phase(server.store, token, seats)
    return Moment("chaos corruption", token, nia, kim,
                  "form:has(input[value='corruption.resolve']) button[type=submit]",
                  "#region-card-kislev", chaos_vp(act), seats=seats)


def chaos_end(server, phones) -> Moment:
    from test_browser_chaos import to_corruption_phase

    token, kim, nia, seats, act = chaos_table(server, phones)
    to_corruption_phase(server.store, token, seats)
    act("khorne", "corruption.resolve")
    return Moment("chaos end phase", token, nia, kim, "form:has(input[value='end.score']) button[type=submit]",
                  "#region-card-kislev", chaos_vp(act), seats=seats)


# ---- Cthulhu Wars on the map: four factions, Bea (Black Goat) and Yuki (Yellow Sign) on phones ----

CW_FOUR = {"seat_1": "great_cthulhu", "seat_2": "crawling_chaos", "seat_3": "black_goat", "seat_4": "yellow_sign"}


def cw_table(server, phones):
    token, opened, seats = seated(server, phones, "cthulhu-wars", CW_FOUR, {"black_goat": "Bea", "yellow_sign": "Yuki"},
                                  {"great_cthulhu": "Gina", "crawling_chaos": "Carl"})
    return token, opened["black_goat"], opened["yellow_sign"], seats, acts(server, token, seats)


def cw_to_battle(act):
    """Round one's action phase: Black Goat summons a Dark Young and takes it with a cultist into Arabia,
    where Yellow Sign moved two cultists; Great Cthulhu, Crawling Chaos and Yellow Sign pass; Black Goat
    attacks (two dice against none)."""
    act("great_cthulhu", "power.gather")
    act("great_cthulhu", "direction.choose", direction="clockwise")  # GC, CC, BG, YS
    act("great_cthulhu", "pass")
    act("crawling_chaos", "pass")
    act("black_goat", "summon", monster="dark_young", area="west_africa")
    act("black_goat", "turn.end")
    act("yellow_sign", "move", moves={"cultist:europe:arabia": 2})
    act("yellow_sign", "turn.end")
    act("black_goat", "move", moves={"dark_young:west_africa:arabia": 1, "cultist:west_africa:arabia": 1})
    act("black_goat", "turn.end")
    act("yellow_sign", "pass")
    act("black_goat", "battle.declare", defender="yellow_sign", area="arabia")


def cw_correction(act):
    """Another seat's step that changes nothing at the moment: Great Cthulhu checks the ritual track."""
    return lambda n: act("great_cthulhu", "ritual_track.correct", spaces="5 6 7 8 9 10")


def cw_battle(server, phones) -> Moment:
    token, bea, yuki, seats, act = cw_table(server, phones)
    cw_to_battle(act)
    # Bea types her dice as they fell while a correction arrives from another phone.
    return Moment("cthulhu wars battle", token, bea, bea, "form:has(input[value='battle.roll']) button[type=submit]",
                  "details.cw-books", cw_correction(act),
                  typed="#region-now input[name=attacker_faces]", text="6 5 1", seats=seats)


def cw_losses(server, phones) -> Moment:
    token, bea, yuki, seats, act = cw_table(server, phones)
    cw_to_battle(act)
    act("black_goat", "battle.roll", attacker_faces="6 5")  # a kill and a pain for Yellow Sign
    return Moment("cthulhu wars battle results", token, yuki, bea, "button.cw-losses",
                  "details.cw-books", cw_correction(act), seats=seats)


def cw_doom(server, phones) -> Moment:
    token, bea, yuki, seats, act = cw_table(server, phones)
    act("great_cthulhu", "power.gather")
    act("great_cthulhu", "direction.choose", direction="clockwise")
    for role in ("great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"):
        act(role, "pass")
    act("great_cthulhu", "power.gather")  # all tied at 8: the first player chooses the next one
    act("great_cthulhu", "first_player.choose", faction="black_goat")
    act("black_goat", "direction.choose", direction="clockwise")
    assert server.store.state(token)[1]["flow"]["phase"] == "doom"
    return Moment("cthulhu wars doom phase", token, bea, yuki, "form:has(input[value='ritual.skip']) button",
                  "details.cw-books", cw_correction(act), seats=seats)


# ---- The Others: Sina (the SIN, Pride) and Ann (one player, three heroes) ----

def others_table(server, phones):
    from test_browser_the_others import enter_numbers

    token, opened, seats = seated(server, phones, "the-others", {"sin": "pride", "acolyte": "nun",
                                                                  "story": "havens_last_stand", "hero_players": "1"},
                                  {"sin": "Sina", "hero": "Ann"}, {})
    enter_numbers(server, token)
    act = acts(server, token, seats)
    act("hero", "heroes.pick", heroes=["rose", "thorley", "rocco"])
    act(None, "game.start")
    for name in ("Main Street", "Old Cathedral of Saint Agatha", "Raven Corp HQ"):
        act(None, "space.add", name=name)
    act(None, "space.set", space="s1", what="start", value=1)
    act("hero", "round.first_hero", hero="rose")
    return token, opened["sin"], opened["hero"], seats, act


def others_space(act):
    """Another seat's step that changes nothing at the moment: the host counts a space's face-down tokens."""
    return lambda n: act(None, "space.set", space="s3", what="face_down", value=n)


def others_fight_start(server, phones) -> Moment:
    token, sin, hero, seats, act = others_table(server, phones)
    act("hero", "turn.start", hero="rose")
    act("hero", "fight.prepare", monsters={"abomination": 2})
    return Moment("the others fight-start card", token, sin, hero,
                  "form:has(input[value='fight.sin_ready']) button[type=submit]",
                  "#region-controls details.card:has(form input[value='hero.move'])", others_space(act), seats=seats)


def others_fight_roll(server, phones) -> Moment:
    token, sin, hero, seats, act = others_table(server, phones)
    act("hero", "turn.start", hero="rose")
    act("hero", "fight.prepare", monsters={"abomination": 2})
    act("sin", "fight.sin_ready")
    return Moment("the others fight roll", token, hero, sin, "form:has(input[value='fight.roll']) button[type=submit]",
                  "#region-controls details.card:has(form input[value='monsters.move'])", others_space(act),
                  typed="#region-controls form:has(input[value='monsters.move']) input[name=count]", seats=seats)


def others_fight_resolve(server, phones) -> Moment:
    token, sin, hero, seats, act = others_table(server, phones)
    act("hero", "turn.start", hero="rose")
    act("hero", "fight.prepare", monsters={"abomination": 2})
    act("sin", "fight.sin_ready")
    act("hero", "fight.roll")
    return Moment("the others fight resolve", token, hero, sin,
                  "form:has(input[value='fight.resolve']) button[type=submit]",
                  "#region-controls details.card:has(form input[value='monsters.move'])", others_space(act),
                  seats=seats)


def others_round_end(server, phones) -> Moment:
    token, sin, hero, seats, act = others_table(server, phones)
    for name in ("rose", "thorley", "rocco") * 2:
        act("hero", "turn.start", hero=name)
        act("hero", "turn.end")
        act("sin", "reaction.end")
    return Moment("the others round end", token, hero, sin, "form:has(input[value='round.end']) button[type=submit]",
                  "#region-controls details.card:has(form input[value='monsters.move'])", others_space(act),
                  seats=seats)


MOMENTS = {f.__name__: f for f in (chaos_battle, chaos_hits, chaos_corruption, chaos_end, cw_battle, cw_losses,
                                   cw_doom, others_fight_start, others_fight_roll, others_fight_resolve,
                                   others_round_end)}


# A number's label is one short word ("Power", パワー, 脅威値): with the number's working
# opened beside it, it must not break a letter a line (パワ/ー).
BROKEN_LABELS = """() => {
    const found = {};
    for (const dt of document.querySelectorAll('dt')) {
        const text = dt.textContent.trim();
        if (!dt.checkVisibility() || !text || /\\s/.test(text) || text.length > 10) continue;
        const range = document.createRange();
        range.selectNodeContents(dt);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) found['label broken inside a word: ' + (dt.closest('section.region') || {}).id] = text;
    }
    return found; }"""


def measure(page, where: str, found: dict[str, list]) -> None:
    """The targets and overflows (every fold open, so every working too), and the labels whole."""
    measure_targets(page, where, found)
    for key, detail in page.evaluate(BROKEN_LABELS).items():
        found.setdefault(f"{where}: {key}", []).append(detail)


def shots() -> Path | None:
    where = os.environ.get("COMPANION_SCREENSHOTS")
    return Path(where) if where else None


def in_first_screen(page, selector: str) -> None:
    """The step's button, in the card at the top, is on the first screen of
    the page: above the bar held at the foot of the screen (the last line and
    Undo), not under it."""
    button = page.locator("#region-now").locator(selector).first
    expect(button).to_be_visible(timeout=LIVE)
    page.evaluate("window.scrollTo(0, 0)")
    bottom, seen = button.evaluate("""b => {
        const bar = document.querySelector('.region-log');
        const top = bar ? Math.min(innerHeight, bar.getBoundingClientRect().top) : innerHeight;
        return [b.getBoundingClientRect().bottom + scrollY, top]; }""")
    assert bottom <= seen, (selector, bottom, seen)


def kept_through_a_change(moment: Moment, n: int, server) -> None:
    """On the watching phone, the moment's fold opened (and its field typed
    into, focused); another seat's step arrives: all of it is still so."""
    page = moment.watcher.page
    errors = script_errors(page)
    fold = page.locator(moment.fold).first
    expect(fold).to_have_count(1)
    if fold.get_attribute("open") is None:
        fold.locator("summary").first.click()
    expect(fold).to_have_attribute("open", "")
    typed = None
    if moment.typed:
        typed = page.locator(moment.typed).first
        typed.fill(moment.text)
        typed.focus()
    mark_page(page)
    version = page.locator("#live-status").get_attribute("data-version")
    moment.change(n)
    expect(page.locator("#live-status")).not_to_have_attribute("data-version", version, timeout=LIVE)
    expect(page.locator("#live-status")).to_have_attribute(
        "data-version", str(server.store.state(moment.token)[0]), timeout=LIVE)
    expect(fold).to_have_attribute("open", "")
    if typed is not None:
        expect(typed).to_have_value(moment.text)
        expect(typed).to_be_focused()
    assert same_document(page) and errors == []


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_a_later_moment_is_thumb_sized_uncut_first_on_the_acting_phone_and_kept_live(server, phones, moment,
                                                                                    tmp_path):
    now = MOMENTS[moment](server, phones)
    folder = shots() or tmp_path
    found: dict[str, list] = {}
    for number, language in enumerate(LANGUAGES, start=1):
        for phone in [now.acting] + ([now.watcher] if now.watcher is not now.acting else []):
            page = phone.page
            page.goto(server.at(f"/t/{now.token}"))
            choose_language(page, language)
            wait_live(page)
            if phone is now.acting:
                in_first_screen(page, now.step)
                page.screenshot(path=str(folder / f"later-{moment}-{language}.png"))
            else:
                page.screenshot(path=str(folder / f"later-{moment}-{language}-other.png"), full_page=True)
            measure(page, f"{now.name}: seat", found)
        page = now.acting.page
        for where in now.pages[1:]:
            page.goto(server.at(f"/t/{now.token}{where}"))
            measure(page, f"{now.name}: {where}", found)
        now.watcher.page.goto(server.at(f"/t/{now.token}"))
        wait_live(now.watcher.page)
        kept_through_a_change(now, number, server)
    compare(found, set())
