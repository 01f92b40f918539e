"""Results typed in by a group rolling real dice: Roll.from_entered."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.dice import Die, Pool, Roll, roll_pool, standard
from companion.rules import ActionError
from dice_strategies import pools

# A die that hits on 4-6 and rolls one more on each 6 (a game's combat die,
# e.g. Chaos in the Old World's, which its package defines).
EXPLODING_D6 = standard.hits_on(4, kind="exploding_d6", label="Combat die", explode_on=(6,))

EXPLODING_POOL = Pool({EXPLODING_D6: 3}, max_depth=10)


def entry_error(pool, faces, **kwargs) -> ActionError:
    with pytest.raises(ActionError) as caught:
        Roll.from_entered(pool, faces, **kwargs)
    error = caught.value
    assert "%(" not in error.text(), "every placeholder of the message has its value"
    return error


def test_entered_faces_build_the_explosion_tree():
    roll = Roll.from_entered(EXPLODING_POOL, {"exploding_d6": ["6", "2", "6", "6", "1", "5"]})
    # Pool dice 6, 2, 6; first round of explosions 6 (for die 1) and 1 (for die 3);
    # second round 5 (for that 6).
    first, second, third = roll.dice
    assert (first.face.id, [c.face.id for c in first.children]) == ("6", ["6"])
    assert first.children[0].children[0].face.id == "5"
    assert (second.face.id, second.children) == ("2", ())
    assert [c.face.id for c in third.children] == ["1"]
    assert roll.total("hit") == 4  # the three 6s and the 5


def test_entered_faces_may_be_one_string_ints_or_labels():
    assert Roll.from_entered(EXPLODING_POOL, {"exploding_d6": "4, 5 1"}).total("hit") == 2
    assert Roll.from_entered(EXPLODING_POOL, {"exploding_d6": [4, 5, 1]}).total("hit") == 2
    sin = Die("crit", {"corruption": {"corruption": 1}, "hit": {"hit": 1, "sides": 2, "label": "Hit"},
                       "critical_hit": {"hit": 1, "explode": True, "label": "Critical hit"}, "blank": {"sides": 2}})
    roll = Roll.from_entered(Pool({sin: 2}), {sin.kind: ["Critical hit", "HIT", "corruption"]})
    assert [rolled.face.id for rolled in roll] == ["critical_hit", "corruption", "hit"]
    assert (roll.total("hit"), roll.total("corruption")) == (2, 1)


def test_explosions_into_another_kind_take_that_kinds_results():
    bonus = Die("bonus", {"b1": {"hit": 1}, "b0": {}})
    main = Die("main", {"x": {"hit": 1, "explode": "bonus"}, "y": {}})
    pool = Pool({main: 2, bonus: 1}, extra_dice=[bonus])
    roll = Roll.from_entered(pool, {"main": ["x", "y"], "bonus": ["b0", "b1"]})
    # bonus: its pool die first ("b0"), then the die rolled for main's "x" ("b1").
    assert [(r.kind, r.face.id, r.depth) for r in roll] == [("main", "x", 0), ("bonus", "b1", 1), ("main", "y", 0),
                                                           ("bonus", "b0", 0)]


def test_unknown_kind_is_refused():
    error = entry_error(EXPLODING_POOL, {"exploding_d6": "1 1 1", "d6": "3"}, field_prefix="dice_")
    assert error.field == "dice_d6"
    assert error.params == {"kind": "d6"}


def test_unknown_face_is_refused_and_the_faces_are_listed():
    error = entry_error(EXPLODING_POOL, {"exploding_d6": "1 7 2"})
    assert error.field == "exploding_d6"
    assert error.params["face"] == "7"
    assert error.text() == "Combat die has no face “7”; its faces are 1, 2, 3, 4, 5, 6."


@pytest.mark.parametrize("value", [None, 3, [1.5], [True], {"a": 1}])
def test_results_must_be_a_list_of_faces(value):
    error = entry_error(EXPLODING_POOL, {"exploding_d6": value})
    assert error.field == "exploding_d6"
    assert "list of faces" in error.message


def test_results_must_be_a_mapping():
    error = entry_error(EXPLODING_POOL, ["1", "2", "3"], field_prefix="dice_")
    assert error.field == "dice_"


def test_too_few_results_for_the_dice_rolled():
    error = entry_error(EXPLODING_POOL, {"exploding_d6": "1 2"})
    assert error.text() == "Enter 3 Combat die results, one per die rolled; 2 entered."
    assert entry_error(EXPLODING_POOL, {}).params["got"] == 0


def test_missing_explosion_dice_say_how_many_to_roll():
    error = entry_error(EXPLODING_POOL, {"exploding_d6": "6 6 2 4"})
    assert error.params["count"] == 1
    assert error.field == "exploding_d6"
    assert "each exploding face rolls one more die" in error.message
    # After the first round is in, a 6 in it needs a second round.
    assert entry_error(EXPLODING_POOL, {"exploding_d6": "6 1 1 6"}).params["count"] == 1


def test_too_many_results():
    error = entry_error(EXPLODING_POOL, {"exploding_d6": "6 1 1 2 3"})
    assert error.text() == "Too many Combat die results: 5 entered, but 3 dice and their explosions make 4."


def test_a_face_at_the_cap_takes_no_explosion_die():
    capped = Pool({EXPLODING_D6: 1}, max_depth=1)
    assert Roll.from_entered(capped, {"exploding_d6": "6 6"}).total("hit") == 2
    assert entry_error(capped, {"exploding_d6": "6 6 6"}).params["expected"] == 2


@given(pools(), st.integers(0, 2**32))
def test_entering_what_was_rolled_gives_the_same_roll(pool, seed):
    roll = roll_pool(pool, random.Random(seed))
    assert Roll.from_entered(pool, roll.faces_by_kind()) == roll
