"""Elements wane and are consumed; conditions expire, wound and poison."""

import pytest

from companion.games.gloomhaven import conditions, elements
from companion.rules import ActionError


def test_all_elements_start_inert():
    assert set(elements.new_board()["strength"].values()) == {"inert"}


def test_an_infusion_is_strong_at_the_end_of_the_turn_then_wanes_then_goes_inert():
    board = elements.new_board()
    elements.infuse(board, "fire")
    assert board["strength"]["fire"] == "inert"
    elements.end_of_turn(board)
    assert board["strength"]["fire"] == "strong"
    elements.end_of_round(board)
    assert board["strength"]["fire"] == "waning"
    elements.end_of_round(board)
    assert board["strength"]["fire"] == "inert"


def test_an_element_infused_this_turn_cant_be_consumed_in_the_same_turn():
    board = elements.new_board()
    board["strength"]["ice"] = "waning"
    elements.infuse(board, "ice")
    with pytest.raises(ActionError):
        elements.consume(board, "ice")


def test_consuming_then_infusing_in_one_turn_is_allowed_and_a_later_figure_may_consume():
    board = elements.new_board()
    board["strength"]["air"] = "strong"
    elements.consume(board, "air")
    elements.infuse(board, "air")
    elements.end_of_turn(board)
    elements.consume(board, "air")
    assert board["strength"]["air"] == "inert"


def test_an_inert_element_cant_be_consumed():
    with pytest.raises(ActionError):
        elements.consume(elements.new_board(), "dark")


def figure(**extra):
    return {"name": "Guard 1", "hp": 3, "conditions": {}, **extra}


def test_a_condition_given_before_the_figures_turn_ends_with_that_turn():
    guard = figure()
    conditions.give(guard, "stun")
    assert conditions.end_of_turn(guard) == ["stun"]


def test_a_condition_given_during_the_figures_own_turn_lasts_through_its_next_turn():
    brute = figure()
    conditions.give(brute, "strengthen", own_turn=True)
    assert conditions.end_of_turn(brute) == []
    assert conditions.end_of_turn(brute) == ["strengthen"]


def test_poison_and_wound_stay_until_healed():
    guard = figure()
    conditions.give(guard, "poison")
    conditions.give(guard, "wound")
    conditions.end_of_turn(guard)
    assert set(guard["conditions"]) == {"poison", "wound"}
    assert conditions.start_of_turn(guard) == 1


def test_heal_on_a_poisoned_figure_only_removes_the_poison():
    guard = figure()
    conditions.give(guard, "poison")
    conditions.heal(guard, 3, 10)
    assert guard["hp"] == 3 and guard["conditions"] == {}


def test_heal_removes_wound_and_heals_up_to_the_maximum():
    guard = figure()
    conditions.give(guard, "wound")
    conditions.heal(guard, 9, 5)
    assert guard["hp"] == 5 and guard["conditions"] == {}


def test_a_figure_holds_one_of_each_condition_and_immunities_are_refused_with_the_reason():
    guard = figure()
    conditions.give(guard, "muddle")
    with pytest.raises(ActionError):
        conditions.give(guard, "muddle")
    with pytest.raises(ActionError) as refused:
        conditions.give(guard, "stun", immunities=["stun"])
    assert "immune" in refused.value.message
