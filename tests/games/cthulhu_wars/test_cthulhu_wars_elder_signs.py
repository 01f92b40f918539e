"""The elder-sign pool: 18/12/6, drawn at random, an empty pool gives 1 doom."""

import random
from collections import Counter

import pytest

from companion.games.cthulhu_wars import elder_signs
from companion.rules import ActionError


def test_the_pool_holds_18_ones_12_twos_6_threes():
    assert elder_signs.full_pool() == {"1": 18, "2": 12, "3": 6}


def test_drawing_every_sign_empties_the_pool_with_its_exact_make_up():
    pool = elder_signs.full_pool()
    drawn = elder_signs.draw(pool, 36, random.Random(5))
    assert Counter(drawn) == {1: 18, 2: 12, 3: 6}
    left, signs, doom = elder_signs.take(pool, drawn)
    assert elder_signs.pool_size(left) == 0 and doom == 0 and sorted(signs) == sorted(drawn)


def test_an_empty_pool_gives_1_doom_instead_of_a_sign():
    empty = {"1": 0, "2": 0, "3": 0}
    drawn = elder_signs.draw(empty, 2, random.Random(1))
    assert drawn == [elder_signs.DOOM_INSTEAD] * 2
    assert elder_signs.take(empty, drawn) == (empty, [], 2)


def test_a_draw_runs_out_part_way():
    drawn = elder_signs.draw({"1": 0, "2": 1, "3": 0}, 2, random.Random(1))
    assert drawn == [2, elder_signs.DOOM_INSTEAD]


def test_a_recorded_draw_the_pool_cannot_give_is_refused():
    with pytest.raises(ValueError):
        elder_signs.take({"1": 0, "2": 0, "3": 1}, [2])
    with pytest.raises(ValueError):
        elder_signs.take({"1": 1, "2": 0, "3": 0}, [elder_signs.DOOM_INSTEAD])


def test_drawing_does_not_change_the_pool_it_is_given():
    pool = elder_signs.full_pool()
    elder_signs.draw(pool, 5, random.Random(2))
    assert pool == elder_signs.full_pool()


def test_revealing_adds_the_values_and_the_signs_leave():
    assert elder_signs.reveal([1, 3, 2, 3], [3, 2]) == ([1, 3], 5)


def test_revealing_a_sign_not_held_is_refused_naming_the_field():
    with pytest.raises(ActionError) as refused:
        elder_signs.reveal([1], [3])
    assert refused.value.field == "values"
