"""Objectives' hit points from the book's formulas, and which a room places."""

from companion.games.gloomhaven.objectives import hit_points, placed_by_room


def test_an_objectives_hit_points_follow_its_formula_with_the_working():
    value, working = hit_points("4+(CxL)", 3, 2)
    assert value == 10
    assert working[0][1] == {"formula": "4+(CxL)", "characters": 3, "level": 2, "value": 10}


def test_a_rounded_down_formula_is_read():
    assert hit_points("[2+(LxC/2){$math.floor}]", 3, 3)[0] == 6  # 2 + 9 ÷ 2 rounded down
    assert hit_points("[2+(LxC/2){$math.floor}]", 2, 3)[0] == 5


def test_a_fixed_number_needs_no_working_and_a_strange_formula_gives_none():
    assert hit_points(17, 4, 7) == (17, [])
    assert hit_points("2^L", 4, 7) == (None, [])


def test_a_room_places_some_objectives_only_for_more_characters():
    room = {"objectives": [1, 1, "2:C > 2", "3:C > 3"]}
    assert placed_by_room(room, 2) == [1, 1]
    assert placed_by_room(room, 3) == [1, 1, 2]
    assert placed_by_room(room, 4) == [1, 1, 2, 3]
    assert placed_by_room({}, 4) == []
