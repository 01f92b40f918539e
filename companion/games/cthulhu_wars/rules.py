"""The Cthulhu Wars table type (its Rules), wiring only: power, doom,
rituals, elder signs, spellbooks, first player and combat, tracked on every
phone (seed 004, the authority; numbers in data/cthulhu_wars/). The action
table is in actions.py, what each action does in effects.py and battles.py,
the round in flow.py.

Each faction is a role; its seat keeps the faction's counts up to date and
alone sees the values of its elder signs (state["secrets"][seat]). Every
elder-sign draw and die roll is made while its action runs and recorded in
the payload, so the log replays exactly; the action table hides a draw's
values from every other seat.
"""

from __future__ import annotations

from companion.games.cthulhu_wars import actions, board, data, effects, flow
from companion.games.cthulhu_wars import state as game_state
from companion.games.cthulhu_wars import view as views
from companion.games.cthulhu_wars.names import FACTION_NAMES
from companion.kit.actions import Draws
from companion.rules import N_, Action, Role, Rules, Seat

# The option's help text, kept whole here because it is one msgid.
RITUAL_WITHOUT_GREAT_OLD_ONE_HELP = N_(
    "The rulebook is unclear; it says six spellbooks let a faction perform the ritual without one.")

class CthulhuWarsRules(Rules):
    id = "cthulhu-wars"
    title = N_("Cthulhu Wars")
    templates = "games/cthulhu_wars"

    # -- what the game is ---------------------------------------------------------
    def roles(self) -> list[Role]:
        return [Role(f, FACTION_NAMES[f], max_seats=1) for f in data.factions()]

    def open_roles(self, state: dict) -> list[Role]:
        # Only the factions this table seats: one set to "nobody" is not in play.
        return [role for role in self.roles() if role.id in state["factions"]]

    def setup_fields(self) -> list[dict]:
        choices = [("", N_("— nobody —"))] + [(f, FACTION_NAMES[f]) for f in data.factions()]
        seats = [{"name": f"seat_{n}", "label": label, "kind": "select", "choices": choices, "default": default}
                 for n, label, default in (
                     (1, N_("Faction in seat 1"), "great_cthulhu"), (2, N_("Next seat, clockwise"), "crawling_chaos"),
                     (3, N_("Next seat, clockwise"), "black_goat"), (4, N_("Next seat, clockwise"), "yellow_sign"))]
        return seats + [
            {"name": "map", "label": N_("Four players: the side with more areas"), "kind": "select",
             "choices": [("earth_4p_west3_east5", N_("East (recommended for a first game)")),
                         ("earth_4p_west5_east3", N_("West"))], "default": "earth_4p_west3_east5"},
            {"name": "ritual_needs_great_old_one", "label": N_("A ritual needs a Great Old One in play"),
             "kind": "select",
             "choices": [("no", N_("No")), ("yes", N_("Yes"))], "default": "no",
             "help": RITUAL_WITHOUT_GREAT_OLD_ONE_HELP},
            {"name": "board", "label": N_("Units and gates"), "kind": "select",
             "choices": [("map", N_("On the app's map")), ("counts", N_("Counted by hand on each phone"))],
             "default": "map"},
        ]

    def initial_state(self, options: dict) -> dict:
        return game_state.new_state(options)

    def on_seat_joined(self, state: dict, seat: Seat) -> dict:
        return game_state.seat_joined(game_state.current(state), seat)

    # -- actions ----------------------------------------------------------------------
    def actions(self) -> list:
        return list(actions.ACTIONS)

    def run_effect(self, spec, state: dict, action: Action, seats: dict[str, Seat], draws: Draws) -> dict:
        """Around every action: a table stored before the current shape is
        upgraded (its private copy); the round's phase allows it; the acting
        faction's seat holds a (maybe empty) list of elder signs, as every
        table has since its first action; at 0 power the turn is over; the
        round moves on through every phase that is over (the kit's settle)."""
        state = game_state.upgrade(state)
        flow.ROUND.require(state["flow"], action.type)
        faction = effects.faction_of(state, action.seat)
        if faction is not None:
            effects.held_signs(state, faction)
        state = super().run_effect(spec, state, action, seats, draws)
        if board.has_board(state):
            board.sync(state)
        if faction is not None:
            effects.after_action(state, faction)
        flow.out_of_power(state)
        flow.ROUND.settle(state)
        return state

    def upgrade_export(self, export: dict) -> dict:
        return game_state.upgrade_export(export)

    def open_actions(self, state: dict, seat: Seat | None, seats: dict[str, Seat]) -> dict[str, list[dict]]:
        return super().open_actions(game_state.current(state), seat, seats)

    # -- what each seat sees ----------------------------------------------------------
    # Every region reads only the view: rendered again when what it read changed.
    view_regions = frozenset({"now", "status", "tracks", "factions", "mine", "battle", "map", "board"})
    # The same on every seat's page: the battle shows no controls; the tracks
    # only a form every faction's seat has.
    shared_regions = frozenset({"battle"})
    seat_alike_regions = frozenset({"tracks"})

    def regions(self, seat: Seat | None) -> list[str]:
        if seat is None:  # the table display: one screen for the middle of the table
            return ["board"]
        return ["now", "map", "status", "tracks", "factions", "mine", "battle"]

    def view(self, state: dict, seat: Seat | None) -> dict:
        state = game_state.current(state)
        return views.view(state, seat, self.open_actions(state, seat, {}) if seat is not None else {})

    def check_state(self, state: dict) -> None:
        game_state.check_state(state)


RULES = CthulhuWarsRules()
