"""The Others: 7 Sins as a table type: one SIN player, 1-4 hero players.

Wiring only: the action table is in actions.py (each effect in the module of
its rulebook chapter), the state and its checks in state.py, what each seat
sees in view.py, the round in flow.py. What is checked before every action
(the phase, the game's end, the payload's names, the seat) is
`actions.check_action`; `run_effect` calls it and runs what follows each
action (the round settles: the kit's flow moves on). A table stored in an
older shape is read upgraded on a copy and upgraded for good by its next
action; an older export is upgraded as it is imported.
"""

from __future__ import annotations

from companion.games.the_others import actions, city, data, flow, numbers, spaces, story
from companion.games.the_others import state as states
from companion.games.the_others import view as views
from companion.kit.actions import Draws
from companion.kit.fields import ActionSpec
from companion.rules import N_, Action, Role, Rules, Seat

SIN_CHOICES = [(sin_id, sin["name"]) for sin_id, sin in data.sins().items()]


class TheOthersRules(Rules):
    id = "the-others"
    title = N_("The Others: 7 Sins")
    templates = "games/the_others"
    # The same on every phone (only "controls" is a seat's own): rendered once per version.
    shared_regions = frozenset({"status", "apocalypse", "heroes", "fight"})
    # Every region reads only the view: rendered again when what it read changed.
    view_regions = frozenset({"now", "status", "apocalypse", "heroes", "fight", "controls", "display"})

    def roles(self) -> list[Role]:
        return [Role("sin", N_("SIN player"), max_seats=1), Role("hero", N_("Hero player"), max_seats=4)]

    def open_roles(self, state: dict) -> list[Role]:
        """As many hero seats as the table was set up for ("Hero players")."""
        players = state.get("options", {}).get("hero_players", 4)
        return [Role("sin", N_("SIN player"), max_seats=1), Role("hero", N_("Hero player"), max_seats=players)]

    def setup_fields(self) -> list[dict]:
        return [
            {"name": "sin", "label": N_("Sin"), "kind": "select", "default": "pride", "choices": SIN_CHOICES,
             "remember": True},
            {"name": "acolyte", "label": N_("Acolytes"), "kind": "select", "default": "nun",
             "choices": [(a, entry["name"]) for a, entry in data.acolytes().items()], "remember": True},
            {"name": "story", "label": N_("Story"), "kind": "select", "default": "havens_last_stand",
             "choices": [(s, entry["name"]) for s, entry in data.stories().items()], "remember": True},
            {"name": "hero_players", "label": N_("Hero players"), "kind": "select", "default": "1",
             "choices": [("1", "1"), ("2", "2"), ("3", "3"), ("4", "4")], "remember": True},
        ]

    def initial_state(self, options: dict) -> dict:
        return states.new_state(options)

    def with_kept_numbers(self, state: dict, kept: dict) -> dict:
        """A new table starts with the numbers this server keeps (a group's
        dice sides, heroes, monsters and targets): nobody types them again."""
        return numbers.apply(state, kept)

    def check_state(self, state: dict) -> None:
        states.check_state(state)

    def actions(self) -> list[ActionSpec]:
        return actions.ACTIONS

    def regions(self, seat: Seat | None) -> list[str]:
        if seat is None:  # the table display: what the table reads from its chairs, on one screen
            return ["display"]
        return ["now", "status", "apocalypse", "heroes", "fight", "controls"]

    def on_seat_joined(self, state: dict, seat: Seat) -> dict:
        return states.seat_joined(state, seat)

    # -- acting -----------------------------------------------------------------------------
    def typed(self, action: Action) -> Action:
        """The payload in the shape the JSON API sends (a form's flat fields
        nested, a city action's choices as a list); what the server draws is
        never taken from a client."""
        typed = super().typed(action)
        payload = actions.normalize(typed.payload)
        if typed.type == "city.action":
            payload = city.city_payload(payload)
        return Action(typed.type, payload, typed.seat)

    def upgrade_export(self, export: dict) -> dict:
        return states.upgrade_export(export)

    def run_effect(self, spec, state: dict, action: Action, seats: dict[str, Seat], draws: Draws) -> dict:
        state = states.upgrade(state)  # a table stored before the current shape (its private copy)
        actions.check_action(state, action, seats)
        state["step"] = state.get("step", 0) + 1
        state = super().run_effect(spec, state, action, seats, draws)
        spaces.at_start(state)  # rescues on the starting space happen at any moment
        story.read_dashboards(state)
        flow.settle(state)
        return state

    def open_actions(self, state: dict, seat: Seat | None, seats: dict[str, Seat]) -> dict[str, list[dict]]:
        return super().open_actions(states.current(state), seat, seats)

    # -- seeing ------------------------------------------------------------------------------
    def view(self, state: dict, seat: Seat | None) -> dict:
        return views.view(states.current(state), seat)


RULES = TheOthersRules()
