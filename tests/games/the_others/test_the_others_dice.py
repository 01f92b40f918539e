"""The Others' dice: built from the side counts the group enters, exploding
critical hits and faiths, faith turned into other results."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from companion.dice import Pool, Roll, roll_pool, standard
from companion.games.the_others import dice
from companion.rules import ActionError

SIN_SIDES = {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}
HERO_SIDES = {"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1}


def test_the_shared_module_no_longer_defines_the_others_dice():
    assert not [name for name in dir(standard) if "others" in name.casefold()]


def test_dice_are_built_from_entered_side_counts():
    sin = dice.sin_die(SIN_SIDES)
    assert sin.probability("hit") == Fraction(1, 3)
    assert sin.face("critical_hit").symbols == {"hit": 1}
    assert sin.face("critical_hit").explode == sin.kind
    hero = dice.hero_die(HERO_SIDES)
    assert hero.face("faith").explode == hero.kind
    assert not hero.has_face("blank")  # zero sides: no such face on this die


@pytest.mark.parametrize("counts, message", [
    ({"hit": 7}, "add up"),
    ({"hit": 2, "blank": 2}, "add up"),
    ({"fist": 6}, "no “%(face)s” result"),
    ({"hit": -1, "blank": 7}, "whole number"),
    ({"hit": "6"}, "whole number"),
    (["hit"], "enter how many"),
])
def test_side_counts_are_checked(counts, message):
    with pytest.raises(ActionError) as error:
        dice.sin_die(counts, field="sin_faces")
    assert message in error.value.message
    assert error.value.field == "sin_faces"
    assert "%(" not in error.value.text()


def test_a_critical_hit_counts_as_a_hit_and_rolls_again_repeatedly():
    sin = dice.sin_die(SIN_SIDES)
    roll = Roll.from_entered(Pool({sin: 2}), {sin.kind: ["critical_hit", "corruption", "critical_hit", "hit"]})
    assert dice.totals(roll) == {"hit": 3, "corruption": 1}
    assert len(roll) == 4


def test_faith_rolls_again_and_may_become_any_other_result():
    hero = dice.hero_die(HERO_SIDES)
    roll = Roll.from_entered(Pool({hero: 3}), {hero.kind: ["faith", "hit", "defense", "faith", "hit"]})
    assert dice.totals(roll) == {"defense": 1, "faith": 2, "hit": 2}
    assert dice.faiths_turned(2, {"hit": 1, "counter_corruption": 1}) == {"hit": 1, "counter_corruption": 1}
    with pytest.raises(ActionError) as error:
        dice.faiths_turned(2, {"hit": 3})
    assert error.value.field == "faith"
    with pytest.raises(ActionError):
        dice.faiths_turned(1, {"faith": 1})


def test_before_the_counts_are_entered_only_physical_results_are_read():
    sin, hero, known = dice.dice_for(None)
    assert known is False
    roll = Roll.from_entered(Pool({sin: 1}), {sin.kind: ["critical_hit", "blank"]})
    assert dice.totals(roll) == {"hit": 1}
    sin, hero, known = dice.dice_for({"sin": SIN_SIDES, "hero": HERO_SIDES})
    assert known and sin.sides == 6 and hero.sides == 6


def test_a_recorded_roll_replays_to_the_same_results():
    sin = dice.sin_die(SIN_SIDES)
    rolled = roll_pool(dice.pool(sin, 5), random.Random(7))
    again = dice.read_roll(rolled.to_json(), sin)
    assert dice.totals(again) == dice.totals(rolled)


def test_faces_typed_in_any_shipped_language_read_as_their_ids():
    from companion.games.the_others.dice import FaceWords

    typed = FaceWords("entered.hero", default=None, max_length=400)
    assert typed.parse("ヒット フェイス、カウンターカラプション") == "hit faith counter_corruption"
    assert typed.parse("命中，信仰 反腐败 Defense skill") == "hit faith counter_corruption defense skill"
    assert typed.parse("hit banana") == "hit banana"  # left for the roll to refuse, naming the faces
