"""A Cthulhu Wars table for the rules tests: the shared harness
(tests/harness.py, driving the table exactly as the store does) with a seat
per faction, named after it, and the helpers these tests share."""

import random

from flask import render_template

import harness
from companion.games.cthulhu_wars.flow import ROUND
from companion.games.cthulhu_wars.rules import RULES
from companion.games.cthulhu_wars.view import round_fields

SEATS = {"s1": "great_cthulhu", "s2": "crawling_chaos", "s3": "black_goat", "s4": "yellow_sign"}


class Table(harness.Table):
    """Factions seated in order (s1, s2, ...); `seed`: the one random
    sequence every draw comes from, for tests written against it."""

    def __init__(self, factions=("great_cthulhu", "crawling_chaos", "black_goat"), seed=1, **options):
        # The tests written before the board count by hand; the board's own tests pass board="map".
        opts = {"board": "counts"} | {f"seat_{n}": f for n, f in enumerate(factions, start=1)}
        opts.update(options)
        super().__init__(RULES, opts, [(f.replace("_", " ").title(), f) for f in factions],
                         rng=random.Random(seed), check_replay=True)

    @property
    def shown(self):
        """The round as the pages show it: round, phase, step, turn (a faction), order, ..."""
        return round_fields(self.state)

    def seat_of(self, faction):
        return self.seats[self.seat(faction)]

    def faction(self, faction):
        return self.state["factions"][faction]

    def signs(self, faction):
        return self.state["secrets"].get(self.seat_of(faction).id, {}).get("elder_signs", [])

    def arrange_faction(self, faction, **values):
        """Sets a faction's values directly (harness.Table.arrange), for a
        position the rules reach only after many steps."""
        self.arrange(lambda state: state["factions"][faction].update(values))

    def to_action_phase(self):
        """Round one: gather, Great Cthulhu picks clockwise."""
        self.act("great_cthulhu", "power.gather")
        self.act(self.shown["turn"], "direction.choose", direction="clockwise")

    def spend_all(self):
        """Everyone passes until the action phase ends."""
        while self.shown["phase"] == "action":
            self.act(self.shown["turn"], "pass")


THREE = ("great_cthulhu", "crawling_chaos", "black_goat")


def on_turn(faction, factions=THREE, power=10, books=None, **options) -> Table:
    """A table in round one's action phase with `faction` to act, holding
    `power`; each faction named in `books` holds those spellbooks."""
    table = Table(factions, **options)
    table.to_action_phase()

    def give_the_turn(state):
        give_turn(faction)(state)
        state["factions"][faction]["power"] = power
        for owner, owned in (books or {}).items():
            state["factions"][owner]["spellbooks"] = list(owned)

    table.arrange(give_the_turn)
    return table


def on_board(faction="great_cthulhu", factions=THREE, books=None, power=10) -> Table:
    """`on_turn` on the 3-player map (the board's own units and areas)."""
    return on_turn(faction, factions, power, books, board="map")


def put(table: Table, area: str, faction: str, unit: str, n: int = 1) -> None:
    """A unit placed directly (harness arrange), for a position many turns away."""
    def place(state):
        here = state["board"]["units"].setdefault(area, {}).setdefault(faction, {})
        here[unit] = here.get(unit, 0) + n
    table.arrange(place)


def now_page(app, table: Table, faction: str, language: str = "en") -> str:
    """The card at the top of `faction`'s phone, rendered as the page renders
    it for a phone asking for `language`."""
    seat = table.seat_of(faction)
    with app.test_request_context(headers={"Accept-Language": language}):
        view = table.rules.seat_view(table.state, seat, table.seats)
        return render_template("games/cthulhu_wars/now.html", view=view, seats=table.seats, seat=seat,
                               act_url="/act", display=False, table=None)


def give_turn(faction):
    """For harness.Table.arrange: it is `faction`'s turn (a phase taken in turns)."""
    def arrange(state):
        state["flow"]["turn"] = state["flow"]["order"].index(faction)
    return arrange


def enter_phase(phase):
    """For harness.Table.arrange: the kit's round enters `phase` (its on_enter run)."""
    return lambda state: ROUND.enter(state, phase)


def units(table: Table, area: str, faction: str) -> dict:
    """The faction's units in `area` on the board (empty when none)."""
    return table.state["board"]["units"].get(area, {}).get(faction, {})


def last_line(table: Table) -> tuple[str, dict]:
    """The newest history line as the display reads it."""
    return table.history(None)[-1]
