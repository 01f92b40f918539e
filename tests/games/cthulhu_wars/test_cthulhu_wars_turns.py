"""First player, the direction of play and whose turn it is (flow.py, on the kit's round)."""

import pytest

from companion.games.cthulhu_wars import flow
from companion.kit.phases import NOT_YOUR_TURN
from cthulhu_support import Table


def test_great_cthulhu_goes_first_in_round_one():
    assert flow.first_player_round_one(["yellow_sign", "black_goat", "great_cthulhu"]) == "great_cthulhu"


def test_without_great_cthulhu_the_earliest_initial_goes_first_black_goat_before_yellow_sign():
    assert flow.first_player_round_one(["yellow_sign", "black_goat"]) == "black_goat"
    assert flow.first_player_round_one(["yellow_sign", "crawling_chaos"]) == "crawling_chaos"


def test_the_most_power_goes_first_and_a_tie_leaves_a_choice():
    assert flow.first_player_candidates({"a": 9, "b": 12, "c": 3}) == ["b"]
    assert flow.first_player_candidates({"a": 12, "b": 12, "c": 3}) == ["a", "b"]


@pytest.mark.parametrize("direction, order", [
    ("clockwise", ["c", "d", "a", "b"]),
    ("counterclockwise", ["c", "b", "a", "d"]),
])
def test_turn_order_runs_round_the_table_from_the_first_player(direction, order):
    assert flow.turn_order(["a", "b", "c", "d"], "c", direction) == order


def test_the_turn_skips_factions_at_0_power_and_the_round_ends_when_all_are():
    table = Table()
    table.to_action_phase()  # clockwise: Great Cthulhu, Crawling Chaos, Black Goat
    table.arrange_faction("crawling_chaos", power=0)
    table.act("great_cthulhu", "move", units=1)
    table.act("great_cthulhu", "turn.end")
    assert table.shown["turn"] == "black_goat"
    table.act("black_goat", "pass")
    assert table.shown["turn"] == "great_cthulhu"  # round the table again, Crawling Chaos still out
    table.act("great_cthulhu", "pass")
    assert (table.shown["phase"], table.shown["round"], table.shown["turn"]) == ("gather", 2, None)


def test_acting_out_of_turn_is_refused_with_the_kits_one_message():
    table = Table()
    table.to_action_phase()
    waiting = next(f for f in table.shown["order"] if f != table.shown["turn"])
    assert table.refused(waiting, "pass").message == NOT_YOUR_TURN
