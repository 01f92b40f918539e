"""A small table type with random draws, for the tests of fair undo: the
tally plus a die roll and a card draw whose results `prepare` draws."""

from __future__ import annotations

import pytest

from companion import games
from companion.games.tally.rules import TallyRules
from companion.kit import deck
from companion.kit.fields import ActionSpec, Int


class DiceTableRules(TallyRules):
    id = "dice-table"
    templates = "games/tally"

    def initial_state(self, options: dict) -> dict:
        return {**super().initial_state(options), "rolls": [], "deck": deck.new_deck(list(range(1, 41))), "drawn": []}

    def actions(self) -> list[ActionSpec]:
        return [*super().actions(),
                ActionSpec("dice.roll", "Roll `count` six-sided dice.", (Int("count", min=1, max=20),)),
                ActionSpec("card.draw", "Draw a card.", ()),
                ActionSpec("card.seal", "Draw a card nobody may undo but the host.", (), seat_may_undo=False)]

    def check_state(self, state: dict) -> None:
        pass

    def prepare(self, state, action, rng):
        if action.type == "dice.roll":
            return type(action)(action.type, {**action.payload,
                                              "faces": [rng.randint(1, 6) for _ in range(action.payload["count"])]},
                                action.seat)
        if action.type in ("card.draw", "card.seal"):
            return type(action)(action.type, {"cards": deck.pick(state["deck"], 1, rng)}, action.seat)
        return action

    def validate(self, state, action, seats):
        if action.type not in ("dice.roll", "card.draw", "card.seal"):
            super().validate(state, action, seats)

    def apply(self, state, action, seats):
        if action.type == "dice.roll":
            state["rolls"].append(action.payload["faces"])
        elif action.type in ("card.draw", "card.seal"):
            state["drawn"] += deck.draw(state["deck"], action.payload["cards"])
        else:
            state = super().apply(state, action, seats)
        return state


@pytest.fixture
def dice_table(monkeypatch) -> str:
    """Registers the dice table type; returns its id."""
    rules = DiceTableRules()
    monkeypatch.setitem(games.table_types(), rules.id, rules)
    return rules.id
