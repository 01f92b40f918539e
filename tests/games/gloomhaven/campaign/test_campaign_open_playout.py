"""Random playouts of a campaign from what is open now: seeded random seats
take random open actions (undoing now and then), as the store would
(tests/harness.playout checks every step: applied or refused, `check_state`,
the state is its log's replay, no seat's view holds another seat's secrets:
the quests dealt and kept); the party gets through scenarios and back to town."""

from __future__ import annotations

import random

import pytest

from companion.games.gloomhaven.campaign.rules import RULES
from tests import harness

SEATS = (("Ann", "player"), ("Bo", "player"))


def play(seed: int, steps: int = 80) -> harness.Playout:
    table = harness.Table(RULES, {"party": "Lanterns"}, SEATS, seed=f"campaign-playout-{seed}")
    # The quests dealt and kept are lists; a count (progress) is in every view.
    return harness.playout(table, random.Random(seed), steps=steps, undo=0.05,
                           secrets=harness.no_view_holds_another_seats_secret(
                               lambda value: isinstance(value, list) and bool(value)))


@pytest.mark.parametrize("seed", range(2))
def test_a_random_campaign_playout_from_the_open_actions_plays_scenarios_and_replays(seed):
    reached = play(seed)
    assert reached.done["scenario.complete"] >= 1 and reached.done["result.confirm"] >= 1, reached
    assert reached.done["character.level_up"] >= 1 and reached.refused <= 5, reached
