"""Scenario objectives tracked like standees: placed with their room, hit
points from the formula at this level and character count, damaged, healed
up to the maximum, destroyed at 0, attacked by characters."""

import pytest

from companion.rules import ActionError
from table_support import started


def choose_both(table):
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)


def test_the_first_rooms_objectives_are_placed_with_their_hit_points():
    table = started(scenario=29)  # three doors, 4 + L, at level 1
    doors = table.state["objectives"]
    assert [(o["name"], o["number"], o["hp"], o["max_hp"]) for o in doors] == \
        [("Door", 1, 5, 5), ("Door", 2, 5, 5), ("Door", 3, 5, 5)]
    assert doors[0]["working"][0][1]["value"] == 5


def test_opening_a_room_places_its_objectives():
    table = started(scenario=22)  # four altars in room 2: 4 + C×L = 4 + 2×1
    assert table.state["objectives"] == []
    table.act("s1", "room.reveal", room=2)
    assert [o["hp"] for o in table.state["objectives"]] == [6, 6, 6, 6]


def test_an_objective_is_damaged_healed_to_its_maximum_and_destroyed_at_zero():
    table = started(scenario=29)
    door = table.state["objectives"][0]["id"]
    table.act("s1", "objective.adjust", objective=door, delta=-3)
    table.act("s1", "objective.adjust", objective=door, delta=9)
    assert table.state["objectives"][0]["hp"] == 5
    table.act("s2", "objective.adjust", objective=door, delta=-5)
    assert door not in {o["id"] for o in table.state["objectives"]}
    assert any("destroyed" in line[0] for line in table.state["news"])
    assert table.replayed(scenario=29) == table.state


def test_a_character_attacks_an_objective_without_shield_or_retaliate():
    table = started(scenario=29)
    choose_both(table)
    door = table.state["objectives"][0]["id"]
    table.act("s1", "character.attack", standee=door, base=3, cards="+1")
    assert table.state["objectives"][0]["hp"] == 1
    assert table.state["attacks"][0]["damage"] == 4 and table.state["damage"] == []


def test_objectives_are_placed_by_hand_but_not_a_marker_without_hit_points():
    table = started(scenario=26)  # water pumps: markers, no hit points
    with pytest.raises(ActionError, match="no hit points"):
        table.act("s1", "objective.add", objective=1)
    table = started(scenario=29)
    table.act("s1", "objective.add", objective=1)
    assert [o["number"] for o in table.state["objectives"]] == [1, 2, 3, 4]
    with pytest.raises(ActionError):
        table.act("s1", "objective.add", objective=2)
