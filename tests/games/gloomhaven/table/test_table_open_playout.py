"""Random playouts from what is open now: from a new table, a seeded random
seat takes a random one of the actions open to it (undoing now and then),
as the store would. Every step is applied or refused with an ActionError,
`check_state` holds, the state is its log's replay, and no seat's view
holds another seat's secrets; the playouts get through whole rounds."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.gloomhaven.rules import RULES
from companion.rules import ActionError
from tests import harness

SEATS = (("Ann", "player"), ("Bo", "player"))


def holds_no_other_secret(table: harness.Table) -> None:
    for seat in table.seats.values():
        shown = json.dumps(table.view(seat.id), sort_keys=True)
        for other, secret in table.state["secrets"].items():
            if other == seat.id:
                continue
            for value in secret.values():
                if value not in (None, [], {}, False, 0, ""):
                    assert json.dumps(value, sort_keys=True) not in shown, (seat.id, other, value)


def play(seed: int, steps: int = 300, scenario: int = 1) -> tuple[harness.Table, dict]:
    rng = random.Random(seed)
    table = harness.Table(RULES, {"scenario": scenario}, SEATS, seed=f"playout-{seed}")
    reached = {"rounds": 0, "monster attacks": 0, "refused": 0, "undone": 0, "ended": False}
    for _ in range(steps):
        if table.state["phase"] == "ended" and not any(table.open_actions(s) for s in table.seats):
            reached["ended"] = True
            break
        if rng.random() < 0.04 and len(table.log) > len(SEATS):
            table.undo()
            reached["undone"] += 1
        else:
            seats = list(table.seats)
            rng.shuffle(seats)
            seat = next((s for s in seats if table.open_actions(s)), None)
            assert seat is not None, f"nobody can act in phase {table.state['phase']}"
            choices = table.open_actions(seat)
            kind = rng.choice(sorted(choices))
            payload = rng.choice(choices[kind])
            try:
                table.act(seat, kind, **payload)
            except ActionError:
                reached["refused"] += 1
            else:
                reached["monster attacks"] += kind == "monster.attack"
        assert table.replayed() == table.state  # (the harness has checked check_state)
        holds_no_other_secret(table)
        reached["rounds"] = max(reached["rounds"], table.state["round"] - 1)
    return table, reached


@pytest.mark.parametrize("seed", range(4))
def test_a_random_playout_from_the_open_actions_gets_through_rounds(seed):
    _, reached = play(seed)
    assert reached["rounds"] >= 1 or reached["ended"], reached
    assert reached["refused"] <= 10, reached  # what is open is (almost always) allowed


def test_the_playouts_reach_whole_rounds_monster_attacks_undo_and_the_end_of_a_scenario():
    outcomes = [play(seed)[1] for seed in range(4, 8)]
    assert max(r["rounds"] for r in outcomes) >= 2, outcomes
    assert sum(r["monster attacks"] for r in outcomes) > 0 and sum(r["undone"] for r in outcomes) > 0, outcomes
    assert any(r["ended"] for r in outcomes), outcomes


@pytest.mark.parametrize("seed", range(2))
def test_a_playout_of_a_scenario_with_special_rules_replays(seed):
    _, reached = play(seed, scenario=3)  # spawns at a round's end until room 6 is open
    assert reached["rounds"] >= 1 or reached["ended"], reached
