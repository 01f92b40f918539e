"""The attack calculator: the seed's order, advantage, disadvantage, rolling cards."""

import pytest

from companion.games.gloomhaven.attacks import calculate, choose_cards
from companion.rules import ActionError


def test_the_seeds_worked_example_attack_3_plus_2_doubled_minus_1_shield_1_is_8():
    result = calculate(3, bonuses=[2], doubled=True, cards=["-1"], shield=1)
    assert result["damage"] == 8
    assert [step[1].get("value") for step in result["working"]] == [3, 5, 10, 9, 8]


def test_poison_adds_one_with_the_attackers_bonuses_before_the_doubling():
    assert calculate(3, doubled=True, poisoned=True, cards=["+0"])["damage"] == 8


def test_pierce_ignores_that_much_shield_and_never_more():
    assert calculate(3, cards=["+0"], shield=3, pierce=2)["damage"] == 2
    assert calculate(3, cards=["+0"], shield=1, pierce=5)["damage"] == 3


def test_null_and_curse_do_no_damage_and_x2_and_bless_double():
    assert calculate(4, cards=["null"])["damage"] == 0
    assert calculate(4, cards=["curse"])["damage"] == 0
    assert calculate(4, cards=["x2"], shield=1)["damage"] == 7
    assert calculate(4, cards=["bless"])["damage"] == 8


def test_damage_never_goes_below_zero():
    assert calculate(1, cards=["-2"], shield=2)["damage"] == 0


def test_advantage_takes_the_better_card_and_disadvantage_the_worse():
    assert calculate(3, cards=["-1", "+2"], mode="advantage")["damage"] == 5
    assert calculate(3, cards=["-1", "+2"], mode="disadvantage")["damage"] == 2


def test_when_neither_card_is_better_the_first_drawn_counts():
    chosen = choose_cards(["x2", "+0"], "advantage", 0)
    assert chosen.counted == ["x2"]


def test_advantage_adds_a_rolling_card_to_the_other():
    assert calculate(3, cards=["r+1", "+2"], mode="advantage")["damage"] == 6


def test_disadvantage_ignores_a_single_rolling_card():
    result = calculate(3, cards=["r+1", "+2"], mode="disadvantage")
    assert result["damage"] == 5 and result["ignored"] == ["r+1"]


def test_two_rolling_cards_with_advantage_draw_on_and_all_count():
    assert calculate(3, cards=["r+1", "r+1", "-1"], mode="advantage")["damage"] == 4


def test_two_rolling_cards_with_disadvantage_draw_on_and_only_the_last_counts():
    assert calculate(3, cards=["r+1", "r+1", "-1"], mode="disadvantage")["damage"] == 2


def test_a_normal_draw_keeps_drawing_while_cards_roll():
    assert calculate(2, cards=["r+1", "r+1", "x2"])["damage"] == 8


def test_an_incomplete_draw_is_refused():
    with pytest.raises(ActionError):
        calculate(3, cards=["+1"], mode="advantage")
    with pytest.raises(ActionError):
        calculate(3, cards=["r+1"])
