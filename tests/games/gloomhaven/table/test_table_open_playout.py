"""Random playouts from what is open now: from a new table, a seeded random
seat takes a random one of the actions open to it (undoing now and then),
as the store would (tests/harness.playout checks every step: applied or
refused with an ActionError, `check_state`, the state is its log's replay,
no seat's view holds another seat's secrets); they get through whole rounds."""

from __future__ import annotations

import random

import pytest

from companion.games.gloomhaven.rules import RULES
from tests import harness

SEATS = (("Ann", "player"), ("Bo", "player"))


def rounds_played(table: harness.Table, result: harness.Playout) -> None:
    result.seen["rounds"] = max(result.seen.get("rounds", 0), table.state["round"] - 1)


def play(seed: int, steps: int = 300, scenario: int = 1) -> tuple[harness.Table, dict]:
    table = harness.Table(RULES, {"scenario": scenario}, SEATS, seed=f"playout-{seed}")
    result = harness.playout(
        table, random.Random(seed), steps=steps, undo=0.04, watch=rounds_played,
        until=lambda t: t.state["phase"] == "ended" and not any(t.open_actions(s) for s in t.seats),
        secrets=harness.no_view_holds_another_seats_secret())
    return table, {"rounds": result.seen.get("rounds", 0), "monster attacks": result.done["monster.attack"],
                   "refused": result.refused, "undone": result.undone, "ended": result.ended}


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
