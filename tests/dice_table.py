"""A small table type with random draws, for the tests of fair undo: the
tally plus a die roll and a card draw whose results `prepare` draws."""

from __future__ import annotations

import pytest

from companion import games
from companion.games.tally.rules import TallyRules
from companion.kit import deck
from companion.kit.actions import Act
from companion.kit.fields import ActionSpec, Int


def roll_dice(act: Act) -> None:
    act.state["rolls"].append(act.draws.take("faces", lambda rng: [rng.randint(1, 6) for _ in range(act["count"])]))


def draw_card(act: Act) -> None:
    cards = act.draws.take("cards", lambda rng: deck.pick(act.state["deck"], 1, rng))
    act.state["drawn"] += deck.draw(act.state["deck"], cards)


class DiceTableRules(TallyRules):
    id = "dice-table"
    templates = "games/tally"

    def initial_state(self, options: dict) -> dict:
        return {**super().initial_state(options), "rolls": [], "deck": deck.new_deck(list(range(1, 41))), "drawn": []}

    def actions(self) -> list[ActionSpec]:
        return [*super().actions(),
                ActionSpec("dice.roll", "Roll `count` six-sided dice.", (Int("count", min=1, max=20),),
                           effect=roll_dice),
                ActionSpec("card.draw", "Draw a card.", (), effect=draw_card),
                ActionSpec("card.seal", "Draw a card nobody may undo but the host.", (), seat_may_undo=False,
                           effect=draw_card)]

    def check_state(self, state: dict) -> None:
        pass


@pytest.fixture
def dice_table(monkeypatch) -> str:
    """Registers the dice table type; returns its id."""
    rules = DiceTableRules()
    monkeypatch.setitem(games.table_types(), rules.id, rules)
    return rules.id
