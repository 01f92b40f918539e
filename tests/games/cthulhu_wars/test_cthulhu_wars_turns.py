"""First player and the direction of play."""

import pytest

from companion.games.cthulhu_wars import turns
from companion.kit.phases import NOT_YOUR_TURN
from cthulhu_support import Table


def test_great_cthulhu_goes_first_in_round_one():
    assert turns.first_player_round_one(["yellow_sign", "black_goat", "great_cthulhu"]) == "great_cthulhu"


def test_without_great_cthulhu_the_earliest_initial_goes_first_black_goat_before_yellow_sign():
    assert turns.first_player_round_one(["yellow_sign", "black_goat"]) == "black_goat"
    assert turns.first_player_round_one(["yellow_sign", "crawling_chaos"]) == "crawling_chaos"


def test_the_most_power_goes_first_and_a_tie_leaves_a_choice():
    assert turns.first_player_candidates({"a": 9, "b": 12, "c": 3}) == ["b"]
    assert turns.first_player_candidates({"a": 12, "b": 12, "c": 3}) == ["a", "b"]


@pytest.mark.parametrize("direction, order", [
    ("clockwise", ["c", "d", "a", "b"]),
    ("counterclockwise", ["c", "b", "a", "d"]),
])
def test_turn_order_runs_round_the_table_from_the_first_player(direction, order):
    assert turns.turn_order(["a", "b", "c", "d"], "c", direction) == order


def test_the_next_to_act_skips_factions_at_0_and_none_is_left_when_all_are():
    order = ["a", "b", "c"]
    assert turns.next_to_act(order, "a", {"a": 2, "b": 0, "c": 1}) == "c"
    assert turns.next_to_act(order, "c", {"a": 2, "b": 0, "c": 1}) == "a"
    assert turns.next_to_act(order, "a", {"a": 3, "b": 0, "c": 0}) == "a"
    assert turns.next_to_act(order, "a", {"a": 0, "b": 0, "c": 0}) is None


def test_acting_out_of_turn_is_refused_with_the_kits_one_message():
    table = Table()
    table.to_action_phase()
    waiting = next(f for f in table.state["order"] if f != table.state["turn"])
    assert table.refused(waiting, "pass").message == NOT_YOUR_TURN
