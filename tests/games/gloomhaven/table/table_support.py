"""Playing a Gloomhaven table through its rules alone (no web, no store),
as the store does: a thin adapter over tests/harness.Table (typed parsing,
draws made while each action is carried out, check_state after every
action, seats joined through on_seat_joined) with one seeded random source,
so tests written against a seeded sequence keep it."""

from __future__ import annotations

import random

from companion.games.gloomhaven.rules import RULES
from companion.rules import Action, Seat
from tests import harness

SEATS = {"s1": Seat("s1", "Ann", "player"), "s2": Seat("s2", "Bo", "player")}


class Table(harness.Table):
    def __init__(self, scenario: int = 1, seed: int = 1, **options):
        super().__init__(RULES, {"scenario": scenario, **options}, tuple((s.name, s.role) for s in SEATS.values()),
                         rng=random.Random(seed))

    def act(self, seat: str | None, type: str, **payload) -> dict:
        """The action carried out as the store would; the new state."""
        super().act(seat, type, **payload)
        return self.state

    def act_drawn(self, seat: str | None, type: str, drawn: dict, **payload) -> dict:
        """An action whose draws are `drawn` (logged under their keys), as if
        the server had drawn them: for a test that needs given cards."""
        typed = self.rules.typed(Action(type, payload, seat))
        self.state, action = self.rules.perform(self.state, Action(type, {**typed.payload, **drawn}, seat),
                                                self.seats, self.rng)
        self.rules.check_state(self.state)
        self.log.append({**action.to_dict(), "undone": False, "drew": True})
        return self.state

    @property
    def actions(self) -> list[Action]:
        """The kept game actions as logged (with what they drew)."""
        return [Action(e["type"], e["payload"], e["seat"]) for e in self.log
                if not e["undone"] and e["type"] != "seat.join"]

    def replayed(self, scenario: int | None = None, **options) -> dict:
        """The state replayed from the log (the options are the table's own)."""
        return super().replayed()


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
    table.arrange(lambda state: show_card_index(state, monster, card))
    for _ in range(20):
        turn = table.state["order"][table.state["turn"]]
        if turn["kind"] == "monster" and turn["id"] == monster:
            return table
        table.act("s1", "turn.next", for_them=True)
    raise AssertionError(f"{monster} never acted")


def placed_monster_turn(monster: str, card: int, initiative: int) -> Table:
    """Scenario 1 with one normal `monster` placed by hand, the characters
    at initiatives `initiative` and the one after, walked to the monster's
    turn with its deck's ability card at index `card`."""
    table = started()
    table.act("s1", "standee.add", monster=monster, rank="normal")
    table.act("s1", "initiative.choose", initiative=initiative, second=50)
    table.act("s2", "initiative.choose", initiative=initiative + 1, second=60)
    return walk_to_turn(table, monster, card)


def show_card_index(state: dict, deck_id: str, index: int) -> None:
    """Make the deck show its card at `index` this round (a test's hand on
    the deck: the card it showed goes back into the pile)."""
    deck = state["decks"][deck_id]
    if deck["current"] == index:
        return
    for pile in deck["cards"].values():
        if index in pile:
            pile.remove(index)
    if deck["current"] is not None:
        deck["cards"]["pile"].append(deck["current"])
    deck["current"] = index


def turns_html(table: Table, tmp_path) -> str:
    """The "now" card (where the acting figure's card and buttons are) and the
    turns region as seat s1's phone gets them, rendered by the real app."""
    from companion.games.gloomhaven.rules import RULES
    from companion.rules import Seat
    from companion.web import create_app
    app = create_app({"DATABASE": str(tmp_path / "companion.sqlite3"), "TESTING": True})
    seat = Seat("s1", "Ann", "player")
    try:
        with app.test_request_context("/"):
            view = RULES.seat_view(table.state, seat, {seat.id: seat})
            return "".join(app.jinja_env.get_template(f"games/gloomhaven/{region}.html").render(
                view=view, seat=seat, display=False, act_url="/act") for region in ("now", "turns"))
    finally:
        app.extensions["companion.store"].close()


def form_of(html: str, action: str) -> str:
    """The form in `html` that sends `action`."""
    form = html[html.index(f'value="{action}"'):]
    return form[:form.index("</form>")]


def monster_turn(seed: int = 2) -> Table:
    """Scenario 1 started, both characters slower than the monsters: a bandit guard acts."""
    table = started(seed=seed)
    table.act("s1", "initiative.choose", initiative=95, second=96)
    table.act("s2", "initiative.choose", initiative=97, second=98)
    return table


def hp_of(table: Table, standee_id: str) -> int:
    return next(s["hp"] for s in table.state["standees"] if s["id"] == standee_id)
