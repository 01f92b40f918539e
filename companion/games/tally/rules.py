"""The tally table type: wiring only (the action table is in actions.py, the
state in state.py)."""

from __future__ import annotations

from companion.games.tally import actions, state
from companion.games.tally.state import MAX_NOTE, MAX_TRACKS, make_spec, parse_specs  # noqa: F401 (the table's API)
from companion.kit import counters
from companion.kit.now import now
from companion.rules import N_, Role, Rules, Seat


class TallyRules(Rules):
    id = "tally"
    title = N_("Tally")
    templates = "games/tally"
    validates_while_applying = True  # each effect refuses before it changes anything
    # The shared tracks read no seat; the counters mark the reader's own.
    shared_regions = frozenset({"tracks"})

    def roles(self) -> list[Role]:
        return [Role("player", N_("Player")), Role("keeper", N_("Score keeper"))]

    def setup_fields(self) -> list[dict]:
        return [
            {"name": "tracks", "label": N_("Shared tracks, one per line"), "kind": "textarea",
             # Defaults are msgids too: a Chinese table starts with "末日 0..30".
             "default": N_("Doom 0..30"),
             "help": N_("Name, range, optional start and step: “Power 0..20 start 5 step 1”.")},
            {"name": "counters", "label": N_("Counters each player keeps, one per line"), "kind": "textarea",
             "default": N_("VP 0..99"), "help": N_("Same format; every seat gets its own.")},
        ]

    def initial_state(self, options: dict) -> dict:
        return state.new_state(options)

    def check_state(self, table_state: dict) -> None:
        state.check_state(table_state)

    def actions(self) -> list:
        return list(actions.ACTIONS)

    def on_seat_joined(self, table_state: dict, seat: Seat) -> dict:
        counters.add_seat(table_state["counters"], table_state["values"], seat.id)
        return table_state

    def regions(self, seat: Seat | None) -> list[str]:
        if seat is None:
            return ["tracks", "counters"]
        return ["now", "tracks", "counters", "note"]

    def seat_view(self, table_state: dict, seat: Seat | None, seats: dict[str, Seat]) -> dict:
        shown = self.view(table_state, seat)
        if seat is not None:
            shown["now"] = seat_now(table_state, seat)
        return shown


def seat_now(table_state: dict, seat: Seat) -> dict:
    """The card at the top of a phone (companion/kit/now.py): a tally waits
    for nobody; it holds the seat's own counters, or says where to score."""
    if seat.role == "keeper":
        return now(N_("You keep the score: change anyone’s counters below."))
    if table_state["counters"] and seat.id in table_state["values"]:
        return now(N_("Your counters: change them as you score."))
    return now(N_("Change the shared tracks below as the game goes."))


RULES = TallyRules()
