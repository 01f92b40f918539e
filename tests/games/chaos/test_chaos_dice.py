"""The combat die: hits on 4-6, each 6 rolls one more; the chart of chances."""

from fractions import Fraction as F

from companion.dice import Roll, standard
from companion.games.chaos.dice import COMBAT_DIE, chances_of_hits, combat_pool


def test_the_combat_die_hits_on_4_to_6_and_rolls_again_on_6():
    assert [face.count("hit") for face in COMBAT_DIE.faces] == [0, 0, 0, 1, 1, 1]
    assert [face.id for face in COMBAT_DIE.faces if face.explode] == ["6"]
    assert COMBAT_DIE.face("6").explode == "chaos_combat"


def test_the_shared_dice_module_no_longer_defines_the_chaos_die():
    assert not hasattr(standard, "CITOW_COMBAT")


def test_entered_sixes_each_need_one_more_die():
    # 2 dice: 6 (then 6, then 2) and 4 -> hits 6, 6, 4 = 3.
    roll = Roll.from_entered(combat_pool(2), {"chaos_combat": "6 4 6 2"})
    assert roll.total("hit") == 3


def test_chance_of_at_least_one_hit_with_one_die_is_one_half():
    assert chances_of_hits(1)[0] == (1, F(1, 2))


def test_chance_of_at_least_two_hits_with_two_dice_by_hand():
    # Two hits: both dice hit (1/2 * 1/2), or exactly one hits and it is a 6
    # whose extra die hits, ... P(>=2) = 1 - P(0) - P(1).
    # P(0) = 1/4. P(1): one die misses (1/2) and the other gives exactly 1 hit
    # (4 or 5: 1/3, or 6 then a die with exactly 0 more: 1/6 * 1/2), twice over.
    exactly_one_from_a_die = F(1, 3) + F(1, 6) * F(1, 2)
    p1 = 2 * F(1, 2) * exactly_one_from_a_die
    chances = dict(chances_of_hits(2))
    # The engine caps explosions at depth 10; the difference is below 1e-7.
    assert abs(chances[2] - (1 - F(1, 4) - p1)) < F(1, 10**7)


def test_no_dice_no_chart():
    assert chances_of_hits(0) == []
