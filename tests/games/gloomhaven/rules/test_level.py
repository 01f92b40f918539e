"""Scenario level, difficulty, solo and the values the level sets."""

import pytest

from companion.games.gloomhaven.level import derived_values, scenario_level
from companion.rules import ActionError


def test_the_seeds_worked_example_levels_6_4_4_3_give_level_3():
    level, working = scenario_level([6, 4, 4, 3])
    assert level == 3
    assert working[0][1]["average"] == "4.25"
    assert working[1][1]["half"] == "2.125"


@pytest.mark.parametrize("difficulty, expected", [("easy", 2), ("normal", 3), ("hard", 4), ("very_hard", 5)])
def test_difficulty_moves_the_recommended_level(difficulty, expected):
    assert scenario_level([6, 4, 4, 3], difficulty)[0] == expected


def test_the_level_is_clamped_to_0_and_7():
    assert scenario_level([1, 1], "easy")[0] == 0
    assert scenario_level([9, 9, 9], "very_hard")[0] == 7


def test_an_unknown_difficulty_is_refused_naming_the_field():
    with pytest.raises(ActionError) as refused:
        scenario_level([1, 1], "brutal")
    assert refused.value.field == "difficulty"


def test_level_values_trap_is_2_plus_level_hazard_half_gold_and_bonus_experience():
    values = derived_values(3)
    assert {k: v["value"] for k, v in values.items()} == {
        "monster_level": 3, "gold_per_coin": 3, "trap_damage": 5, "hazardous_damage": 2, "bonus_experience": 10}


def test_solo_raises_monster_level_and_trap_damage_but_not_gold_or_experience():
    plain, solo = derived_values(3), derived_values(3, solo=True)
    assert solo["monster_level"]["value"] == plain["monster_level"]["value"] + 1
    assert solo["trap_damage"]["value"] == plain["trap_damage"]["value"] + 1
    assert solo["hazardous_damage"]["value"] == 3
    assert solo["gold_per_coin"] == plain["gold_per_coin"]
    assert solo["bonus_experience"] == plain["bonus_experience"]


def test_solo_at_level_7_keeps_monsters_at_level_7():
    assert derived_values(7, solo=True)["monster_level"]["value"] == 7


def test_gold_per_coin_follows_the_level_table():
    assert [derived_values(level)["gold_per_coin"]["value"] for level in range(8)] == [2, 2, 3, 3, 4, 4, 5, 6]
