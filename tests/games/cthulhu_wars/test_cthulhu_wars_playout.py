"""Random playouts: from a new table, a random seat takes a random action
among those open to it (Rules.open_actions), as the store would, with an
undo now and then (harness.playout); every step either happens or is refused, the state
passes check_state and equals a replay of its log, and no seat's view or
history holds another seat's secret."""

from __future__ import annotations

import random

import pytest

import harness
from companion.games.cthulhu_wars.rules import RULES
from companion.rules import Action

# Tables that count by hand (every table from before the board), and tables on the board.
THREE = {"seat_1": "great_cthulhu", "seat_2": "crawling_chaos", "seat_3": "black_goat", "board": "counts"}
TWO = {"seat_1": "yellow_sign", "seat_2": "black_goat", "board": "counts"}
THREE_ON_MAP = {"seat_1": "great_cthulhu", "seat_2": "crawling_chaos", "seat_3": "black_goat"}
FOUR_ON_MAP = {"seat_1": "great_cthulhu", "seat_2": "crawling_chaos", "seat_3": "black_goat", "seat_4": "yellow_sign"}
TWO_ON_MAP = {"seat_1": "yellow_sign", "seat_2": "black_goat"}


def assert_no_secret_of_another_seat(table: harness.Table) -> None:
    for seat in [None, *table.seats.values()]:
        view = RULES.view(table.state, seat)
        assert "secrets" not in view
        assert view.get("mine", {}) == (table.state["secrets"].get(seat.id, {}) if seat else {})
        for entry in table.log:
            if entry["type"] != "seat.join" and (seat is None or entry["seat"] != seat.id):
                assert "drawn" not in RULES.redact(Action(entry["type"], entry["payload"], entry["seat"]), seat)


def play(options: dict, seed: int, steps: int) -> tuple[harness.Table, set[str]]:
    factions = [f for key, f in options.items() if key.startswith("seat_")]
    table = harness.Table(RULES, options, [(f.title(), f) for f in factions], seed=f"playout-{seed}")
    result = harness.playout(table, random.Random(seed), steps=steps, pick=harness.any_seat(), undo=0.05,
                             until=lambda t: t.state["flow"]["phase"] == "over",
                             secrets=assert_no_secret_of_another_seat)
    return table, set(result.done)


def test_three_factions_play_at_random_to_the_end_of_the_game():
    table, done = play(THREE, 1, 400)
    assert table.state["flow"]["phase"] == "over" and table.state["result"] is not None
    assert {"power.gather", "direction.choose", "first_player.choose", "ritual.perform", "ritual.skip", "events.done",
            "battle.declare", "battle.roll", "capture", "game.settle"} <= done


@pytest.mark.parametrize("seed", [3, 5])
def test_three_factions_play_at_random_through_rounds_and_battles(seed):
    table, done = play(THREE, seed, 200)
    assert table.state["flow"]["round"] >= 3
    assert {"power.gather", "direction.choose", "ritual.skip", "events.done", "battle.declare", "battle.roll"} <= done


def test_two_players_place_gates_and_starts_then_play_rounds():
    table, done = play(TWO, 7, 200)
    assert {"setup.gates", "setup.starts", "power.gather", "battle.roll"} <= done
    assert table.state["flow"]["round"] >= 3


def test_what_is_open_follows_the_round_and_whose_turn_it_is():
    table = harness.Table(RULES, THREE, [(f.title(), f) for k, f in THREE.items() if k.startswith("seat_")])
    assert all(table.open_actions(seat) == {"power.gather": [{}]} for seat in table.seats)
    assert table.open_actions(None) == {}
    table.act("black_goat", "power.gather")
    # Round one: Great Cthulhu goes first and picks the direction (seed, 第二阶段).
    assert table.open_actions("great_cthulhu") == {"direction.choose": [{"direction": "clockwise"},
                                                                        {"direction": "counterclockwise"}]}
    assert table.open_actions("black_goat") == {}
    table.act("great_cthulhu", "direction.choose", direction="clockwise")
    offered = table.open_actions("great_cthulhu")
    assert {"move", "summon", "pass", "battle.declare", "gate.build"} <= set(offered)
    assert "recruit" not in offered  # all six cultists are on the map
    assert "turn.end" not in offered and offered["move"] == [{"units": 1}, {"units": 2}, {"units": 3}]
    assert table.open_actions("crawling_chaos") == {}
    table.act("great_cthulhu", "gate.build")
    assert set(table.open_actions("great_cthulhu")) >= {"turn.end", "gate.abandon"}
    assert "gate.build" not in table.open_actions("great_cthulhu")


def test_two_players_on_the_board_play_through_battles_and_their_losses():
    table, done = play(TWO_ON_MAP, 13, 250)
    assert {"setup.gates", "setup.starts", "recruit", "gate.build", "awaken", "battle.declare", "battle.roll",
            "battle.losses", "spellbook.earn"} <= done


def test_three_factions_on_the_board_move_build_and_battle():
    # A seed whose random rounds build a gate (more spellbooks offered moved seed 11 off it).
    table, done = play(THREE_ON_MAP, 13, 250)
    assert {"move", "gate.build", "battle.declare", "battle.roll", "summon"} <= done
    assert table.state["flow"]["round"] >= 3
