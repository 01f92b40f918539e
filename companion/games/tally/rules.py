"""The tally table type: wiring only (the action table is in actions.py, the
state in state.py, what each seat sees in view.py, the names in names.py)."""

from __future__ import annotations

from companion.games.tally import actions, names, state, view
from companion.rules import N_, Role, Rules, Seat


class TallyRules(Rules):
    id = "tally"
    title = names.TITLE
    templates = "games/tally"
    shared_regions = view.SHARED_REGIONS
    view_regions = view.VIEW_REGIONS

    def roles(self) -> list[Role]:
        return [Role(role, name) for role, name in names.ROLES.items()]

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
        return state.seat_joined(table_state, seat)

    def regions(self, seat: Seat | None) -> list[str]:
        return view.regions(seat)

    def seat_view(self, table_state: dict, seat: Seat | None, seats: dict[str, Seat]) -> dict:
        return view.seat_view(self.view(table_state, seat), table_state, seat)


RULES = TallyRules()
