"""Whole scenarios played at random by the rules: every state reached is one
`check_state` accepts, the round structure holds, and the log replays to the
same state."""

from __future__ import annotations

import random

import pytest

from companion.games.gloomhaven.flow import current_turn, openable_rooms
from companion.games.gloomhaven.rules import RULES
from companion.rules import ActionError
from table_support import started


def some_action(state: dict, rng: random.Random) -> tuple[str, str, dict]:
    seat = rng.choice(["s1", "s2"])
    standees = [s["id"] for s in state["standees"]]
    options = [
        ("character.adjust", {"field": rng.choice(["hp", "xp", "coins"]), "delta": rng.randint(-3, 3)}),
        ("element.infuse", {"element": rng.choice(["fire", "ice", "dark"])}),
        ("element.consume", {"element": rng.choice(["fire", "ice", "dark"])}),
        ("modifier.add", {"card": rng.choice(["bless", "curse"])}),
        ("character.condition", {"condition": rng.choice(["wound", "poison", "stun", "strengthen"])}),
    ]
    if standees:
        target = rng.choice(standees)
        options += [("standee.adjust", {"standee": target, "delta": rng.randint(-4, 2)}),
                    ("standee.condition", {"standee": target, "condition": rng.choice(["wound", "poison", "muddle"])}),
                    ("monster.attack", {"standee": target, "target": seat, "base": rng.randint(0, 4),
                                        "mode": rng.choice(["normal", "advantage", "disadvantage"])}),
                    ("character.attack", {"standee": target, "base": rng.randint(1, 4),
                                          "cards": rng.choice(["+1", "-1", "x2", "null", "r+1 +0"])})]
    for waiting in state["damage"]:
        options += [("damage.resolve", {"damage": waiting["id"], "for_them": True,
                                        "how": rng.choice(["suffer", "hand", "discard", "out_of_range"])})] * 4
    rooms = openable_rooms(state) if state["phase"] in ("choosing", "playing") else []
    if rooms:
        options.append(("room.reveal", {"room": rooms[0]["number"]}))
    if state["phase"] == "choosing":
        options += [("initiative.choose", {"initiative": rng.randint(1, 99), "second": rng.randint(1, 99)})] * 6
        options.append(("initiative.choose", {"long_rest": True}))
    if state["phase"] == "playing":
        turn = current_turn(state)
        actor = turn["id"] if turn["kind"] == "character" else seat
        if rng.random() < 0.5:
            return "turn.next", actor, {}
    kind, payload = rng.choice(options)
    return kind, seat, payload


def play_at_random(table, rng: random.Random, steps: int, check=lambda state: None) -> None:
    """Up to `steps` random actions (refusals skipped) until the scenario
    ends, the state checked after each one taken."""
    for _ in range(steps):
        if table.state["phase"] == "ended":
            break
        kind, seat, payload = some_action(table.state, rng)
        try:
            table.act(seat, kind, **payload)
        except ActionError:
            continue
        RULES.check_state(table.state)
        check(table.state)


def round_invariants(state: dict) -> None:
    if state["phase"] == "playing":
        assert current_turn(state) is not None
    if state["phase"] == "choosing":
        assert state["order"] == [] and all(d["current"] is None for d in state["decks"].values())


@pytest.mark.parametrize("seed", range(12))
def test_random_play_keeps_a_valid_state_and_replays(seed):
    table = started(seed=seed)
    play_at_random(table, random.Random(seed), 160, round_invariants)
    assert table.state["round"] >= 3 or table.state["phase"] == "ended"
    assert table.replayed() == table.state


@pytest.mark.parametrize("scenario, seed", [(3, 1), (27, 2), (33, 3), (51, 4), (53, 5), (61, 6), (75, 7)])
def test_random_play_with_special_rules_replays_their_draws(scenario, seed):
    table = started(scenario=scenario, seed=seed)
    play_at_random(table, random.Random(seed), 200)
    assert table.state["round"] >= 3 or table.state["phase"] == "ended"
    assert table.replayed(scenario=scenario) == table.state
