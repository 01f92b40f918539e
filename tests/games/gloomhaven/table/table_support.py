"""Playing a Gloomhaven table through its rules alone (no web, no store):
each step is typed, prepared with a seeded random source, validated and
applied, as the store does."""

from __future__ import annotations

import random

from companion.games.gloomhaven.rules import RULES
from companion.rules import Action, Seat

SEATS = {"s1": Seat("s1", "Ann", "player"), "s2": Seat("s2", "Bo", "player")}


class Table:
    def __init__(self, scenario: int = 1, seed: int = 1, **options):
        self.state = RULES.initial_state({"scenario": scenario, **options})
        self.rng = random.Random(seed)
        self.log: list[Action] = []

    def act(self, seat: str | None, type: str, **payload) -> dict:
        """As the platform does it: the payload typed by the action's
        declaration, the draws made, then validated and applied."""
        action = RULES.prepare(self.state, RULES.typed(Action(type, payload, seat)), self.rng)
        self.state = RULES.act(self.state, action, SEATS)
        self.log.append(action)
        return self.state

    def replayed(self, scenario: int = 1, **options) -> dict:
        state = RULES.initial_state({"scenario": scenario, **options})
        for action in self.log:
            state = RULES.act(state, action, SEATS)
        return state


def started(scenario: int = 1, levels=(1, 1), seed: int = 1, **options) -> Table:
    """A table whose characters are chosen (Brute, Spellweaver) and scenario started."""
    table = Table(scenario, seed, **options)
    for seat, cls, level in zip(SEATS, ("brute", "spellweaver"), levels):
        table.act(seat, "character.set", **{"class": cls, "level": level})
    table.act("s1", "scenario.start")
    return table


def walk_to_turn(table: Table, monster: str, card: int) -> Table:
    """Give `monster`'s type the ability card at index `card` of its deck (the
    card it drew, chosen for the test) and end turns until that type acts."""
    table.state["decks"][monster]["current"] = card
    for _ in range(20):
        turn = table.state["order"][table.state["turn"]]
        if turn["kind"] == "monster" and turn["id"] == monster:
            return table
        table.act("s1", "turn.next", for_them=True)
    raise AssertionError(f"{monster} never acted")


def turns_html(table: Table, tmp_path) -> str:
    """The turns region as seat s1's phone gets it, rendered by the real app."""
    from companion.games.gloomhaven.rules import RULES
    from companion.rules import Seat
    from companion.web import create_app
    app = create_app({"DATABASE": str(tmp_path / "companion.sqlite3"), "TESTING": True})
    seat = Seat("s1", "Ann", "player")
    try:
        with app.test_request_context("/"):
            return app.jinja_env.get_template("games/gloomhaven/turns.html").render(
                view=RULES.view(table.state, seat), seat=seat, display=False, act_url="/act")
    finally:
        app.extensions["companion.store"].close()


def form_of(html: str, action: str) -> str:
    """The form in `html` that sends `action`."""
    form = html[html.index(f'value="{action}"'):]
    return form[:form.index("</form>")]
