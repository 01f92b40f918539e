"""Random playouts of a campaign from what is open now: seeded random seats
take random open actions (undoing now and then), as the store would; every
step is applied or refused, `check_state` holds, the state is its log's
replay and no seat's view holds another seat's secrets (the quests dealt,
kept and their progress); the party gets through scenarios and back to town."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.gloomhaven.campaign.rules import RULES
from companion.rules import ActionError
from tests import harness

SEATS = (("Ann", "player"), ("Bo", "player"))


def holds_no_other_secret(table: harness.Table) -> None:
    for seat in table.seats.values():
        shown = json.dumps(table.view(seat.id), sort_keys=True)
        for other, secret in table.state["secrets"].items():
            if other != seat.id:
                for value in secret.values():
                    if isinstance(value, list) and value:
                        assert json.dumps(value) not in shown, (seat.id, other, value)


def play(seed: int, steps: int = 80) -> dict:
    rng = random.Random(seed)
    table = harness.Table(RULES, {"party": "Lanterns"}, SEATS, seed=f"campaign-playout-{seed}")
    reached = {"scenarios": 0, "confirmed": 0, "levels": 0, "refused": 0, "undone": 0}
    for _ in range(steps):
        if rng.random() < 0.05 and len(table.log) > len(SEATS):
            table.undo()
            reached["undone"] += 1
        else:
            seats = list(table.seats)
            rng.shuffle(seats)
            seat = next((s for s in seats if table.open_actions(s)), None)
            assert seat is not None, "nobody can act"
            choices = table.open_actions(seat)
            kind = rng.choice(sorted(choices))
            try:
                table.act(seat, kind, **rng.choice(choices[kind]))
            except ActionError:
                reached["refused"] += 1
            else:
                reached["scenarios"] += kind == "scenario.complete"
                reached["confirmed"] += kind == "result.confirm"
                reached["levels"] += kind == "character.level_up"
        assert table.replayed() == table.state
        holds_no_other_secret(table)
    return reached


@pytest.mark.parametrize("seed", range(2))
def test_a_random_campaign_playout_from_the_open_actions_plays_scenarios_and_replays(seed):
    reached = play(seed)
    assert reached["scenarios"] >= 1 and reached["confirmed"] >= 1, reached
    assert reached["levels"] >= 1 and reached["refused"] <= 5, reached
