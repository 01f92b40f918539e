"""Chaos in the Old World at the table (`chaos-old-world`): the Rules, wiring
only. The action table is in actions.py (each action's effect, draws,
history line and secrecy); the state in state.py; the round in flow.py;
the maths in small pure modules, one per chapter of the rulebook
(domination, corruption, ruination, dial, battle, endgame, old_world,
upgrades, ...); what each seat sees in view.py."""

from __future__ import annotations

from companion.games.chaos import flow
from companion.games.chaos import view as views
from companion.games.chaos.actions import GODS, SPECS
from companion.games.chaos.names import GOD_NAMES
from companion.games.chaos.state import check_state, current, new_game, upgrade, upgrade_export
from companion.kit.actions import Draws
from companion.rules import N_, Action, ActionError, Role, Rules, Seat


class ChaosRules(Rules):
    id = "chaos-old-world"
    title = N_("Chaos in the Old World")
    templates = "games/chaos"

    def roles(self) -> list[Role]:
        return [Role(god, GOD_NAMES[god], max_seats=1) for god in GODS]

    def open_roles(self, state: dict) -> list[Role]:
        # The god sitting out of a three-player game is no seat (while it is
        # still to be drawn at set-up, all four may be taken).
        return [role for role in self.roles() if role.id in state["gods_in_play"]]

    def setup_fields(self) -> list[dict]:
        return [
            {"name": "players", "label": N_("Players"), "kind": "select", "default": "4",
             "choices": [["4", N_("4 players")], ["3", N_("3 players")]]},
            {"name": "sitting_out", "label": N_("With 3 players, who sits out"), "kind": "select", "default": "draw",
             "choices": [["draw", N_("Draw at random")]] + [[god, GOD_NAMES[god]] for god in GODS]},
        ]

    def initial_state(self, options: dict) -> dict:
        players = options.get("players", "4") or "4"
        sitting_out = options.get("sitting_out", "draw") or "draw"
        if str(players) not in ("3", "4"):
            raise ActionError(N_("Chaos in the Old World is for 3 or 4 players."), field="players")
        if sitting_out not in ("draw", *GODS):
            raise ActionError(N_("Pick one of the choices."), field="sitting_out")
        return new_game(int(players), sitting_out if str(players) == "3" else None)

    def check_state(self, state: dict) -> None:
        check_state(state)

    def actions(self) -> list:
        return list(SPECS)

    def upgrade_export(self, export: dict) -> dict:
        return upgrade_export(export)

    def run_effect(self, spec, state: dict, action: Action, seats: dict[str, Seat], draws: Draws) -> dict:
        """Every action is checked against the phase first (corrections are
        allowed any time); after it, the round moves on through every phase
        that is over (the kit's settle)."""
        state = upgrade(state)  # a table stored before the current shape (its private copy)
        flow.require_action(state, spec.type)
        state = super().run_effect(spec, state, action, seats, draws)
        flow.ROUND.settle(state)
        return state

    def open_actions(self, state: dict, seat: Seat | None, seats: dict[str, Seat]) -> dict[str, list[dict]]:
        return super().open_actions(current(state), seat, seats)

    # These read no seat (the controls mark the reader's own; the gods' cards
    # are marked by the page: game.css reads the seat page's data-role).
    shared_regions = frozenset({"status", "gods", "board", "report"})
    # Every region reads only the view: rendered again when what it read changed.
    view_regions = frozenset({"now", "status", "gods", "board", "report", "controls"})

    def regions(self, seat: Seat | None) -> list[str]:
        """The card at the top first: what the table waits for, and this phone's next steps."""
        if seat is None:  # the display: what the table reads from its chairs, on one screen
            return ["now", "status", "gods", "board"]
        return ["now", "status", "gods", "board", "report", "controls"]

    def view(self, state: dict, seat: Seat | None) -> dict:
        state = current(state)
        return views.table_view(state, seat, super().view(state, seat))

    def seat_view(self, state: dict, seat: Seat | None, seats: dict[str, Seat]) -> dict:
        state = current(state)
        return views.phone_view(state, seat, seats, self.view(state, seat), self.open_actions(state, seat, seats))


RULES = ChaosRules()
