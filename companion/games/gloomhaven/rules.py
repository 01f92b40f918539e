"""The Gloomhaven table: one scenario played with the physical map, the
phones keeping the books (level, standees, monster cards, initiative,
modifier decks, elements, conditions, characters, battle goals).

Wiring only: the action table (each action's fields, effect, history line
and secrecy) is in actions.py, the round in flow.py, the effects in `play`
by the part of the scenario they belong to.
"""

from __future__ import annotations

from companion.games.gloomhaven import actions, catalog, flow, names
from companion.games.gloomhaven import state as scenario_state
from companion.games.gloomhaven.level import DIFFICULTY_LABELS
from companion.games.gloomhaven.map import actions as map_actions
from companion.games.gloomhaven.map import board as map_board
from companion.games.gloomhaven.play import bonuses, setup, special
from companion.games.gloomhaven.view import present, waiting_now, worked_numbers
from companion.kit.actions import Draws
from companion.kit.alike import alike
from companion.kit.fields import ActionSpec
from companion.rules import N_, Action, Role, Rules, Seat


class GloomhavenRules(Rules):
    id = "gloomhaven"
    title = N_("Gloomhaven scenario")
    templates = "games/gloomhaven"
    # Rendered once per version for every phone (companion.rules.Rules): the
    # attacks show no seat; the map, monsters and elements show every phone
    # the same controls.
    shared_regions = frozenset({"attacks"})
    seat_alike_regions = frozenset({"map", "monsters", "elements"})
    # Every region reads only the view (the card at the top and the display's
    # board too): rendered again when what it read changed.
    view_regions = frozenset({"now", "status", "me", "map", "turns", "monsters", "party", "elements", "attacks",
                              "board"})

    def roles(self) -> list[Role]:
        return [Role("player", N_("Player"))]

    def setup_fields(self) -> list[dict]:
        return [
            {"name": "scenario", "label": N_("Scenario"), "kind": "select", "default": 1,
             "choices": [(number, f"{number} {name}") for number, name in catalog.scenario_choices()],
             "localize": names.localize_text},
            {"name": "difficulty", "label": N_("Difficulty"), "kind": "select", "default": "normal",
             "choices": list(DIFFICULTY_LABELS.items())},
        ]

    def initial_state(self, options: dict) -> dict:
        return setup.initial_state(options)

    def actions(self) -> list[ActionSpec]:
        return list(actions.ACTIONS)

    def regions(self, seat: Seat | None) -> list[str]:
        if seat is None:  # the table display: the map large, beside it what the table reads from its chairs
            return ["map", "board"]
        mine = ["me"]
        return ["now", "status", *mine, "map", "turns", "monsters", "party", "elements", "attacks"]

    # -- acting --------------------------------------------------------------------
    def run_effect(self, spec, state: dict, action: Action, seats: dict[str, Seat], draws: Draws) -> dict:
        """Around every action: its phase (the map's actions are allowed in
        every phase), the news it brings, the special rules it sets off
        (drawing through the action's own draws), the map tidied and the
        characters' round bonuses dropped once their round is over."""
        state = scenario_state.upgrade(state)  # a table stored before the current schema (its copy)
        if action.type not in map_actions.TYPES:
            flow.SCENARIO.require(state, action.type)
        state["news"] = []
        with special.drawing(draws):
            state = super().run_effect(spec, state, action, seats, draws)
            if state["phase"] in ("choosing", "playing"):
                special.check(state, "during")
        map_board.tidy(state)
        bonuses.tidy(state)
        return state

    def open_actions(self, state: dict, seat: Seat | None, seats: dict[str, Seat]) -> dict[str, list[dict]]:
        return super().open_actions(scenario_state.current(state), seat, seats)

    # -- what each seat sees ------------------------------------------------------------
    def view(self, state: dict, seat: Seat | None) -> dict:
        """The shared state, the viewer's own secrets as "mine", what the
        pages show worked out for this viewer as "shown", and every number
        they show with its working as "working" (the kit's one shape)."""
        state = scenario_state.current(state)
        shown = super().view(state, seat)
        shown["shown"] = present(state, seat.id if seat is not None else None)
        # The same for every seat: once per version while the platform renders it (kit.alike).
        shown["working"] = alike(state, "working", lambda: worked_numbers(state, shown["shown"]))
        return shown

    def seat_view(self, state: dict, seat: Seat | None, seats: dict[str, Seat]) -> dict:
        """The view with the card at the top of the phone: what the table waits
        for and the actions open to this seat (the API keeps `view`)."""
        state = scenario_state.current(state)
        shown = self.view(state, seat)
        shown["now"] = waiting_now(state, seat.id if seat is not None else None, self.open_actions(state, seat, seats))
        return shown

    def check_state(self, state: dict) -> None:
        scenario_state.check_state(state)
        map_board.check(state)

    def upgrade_export(self, export: dict) -> dict:
        return scenario_state.upgrade_export(export)

    # -- started from a campaign (linked tables) -----------------------------------
    def on_seat_joined(self, state: dict, seat: Seat) -> dict:
        state = scenario_state.current(state)
        setup.seat_joined(state, seat.id)
        return state

    def result(self, state: dict) -> dict | None:
        """The end summary for the campaign, once the scenario has ended and
        every player has confirmed their line (battle goals marked by then)."""
        result = state.get("result")
        if result is None or set(result["summary"]) - set(result["confirmed"]):
            return None
        return {"outcome": result["outcome"], "summary": result["summary"]}


RULES = GloomhavenRules()
