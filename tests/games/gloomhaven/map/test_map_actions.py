"""The map's actions on the scenario table: each validated (bad input refused
naming the field, nothing changed), applied, undone by replaying the log
without it, replayed exactly, and never touching a seat's secrets."""

from __future__ import annotations

import copy

import pytest

from companion.games.gloomhaven.rules import RULES
from companion.rules import ActionError
from map_support import block, cleared, started


def refused(table, type_, field, **payload):
    before = copy.deepcopy(table.state)
    with pytest.raises(ActionError) as error:
        table.act("s1", type_, **payload)
    assert error.value.field == field
    assert table.state == before


def test_hexes_are_laid_and_taken_up_with_their_walls_and_figures():
    table = started()
    table.act("s1", "map.hexes", hexes=block(3, 2))
    assert len(table.state["map"]["hexes"]) == 6
    table.act("s1", "map.wall", q=0, r=0, q2=1, r2=0)
    table.act("s1", "map.place", figure="s1", q=1, r=0)
    table.act("s1", "map.hexes", hexes=[[1, 0]], on=False)
    board = table.state["map"]
    assert "1,0" not in board["hexes"] and board["walls"] == [] and "s1" not in board["at"]


def test_a_thin_wall_toggles_between_neighbours_only():
    table = started()
    table.act("s1", "map.hexes", hexes=block(3, 3))
    table.act("s1", "map.wall", q=1, r=0, q2=1, r2=1)
    assert table.state["map"]["walls"] == [[1, 0, 1, 1]]
    table.act("s1", "map.wall", q=1, r=1, q2=1, r2=0)
    assert table.state["map"]["walls"] == []
    refused(table, "map.wall", "q2", q=0, r=0, q2=2, r2=0)
    refused(table, "map.wall", "q2", q=0, r=0, q2=0, r2=-1)


def test_terrain_and_doors():
    table = started()
    table.act("s1", "map.hexes", hexes=block(2, 2))
    table.act("s1", "map.terrain", q=0, r=0, terrain="trap")
    table.act("s1", "map.terrain", q=1, r=0, terrain="closed-door")
    assert table.state["map"]["hexes"]["0,0"] == "trap"
    table.act("s1", "map.door", q=1, r=0)
    assert table.state["map"]["hexes"]["1,0"] == "open-door"
    refused(table, "map.door", "q", q=0, r=0)
    refused(table, "map.terrain", "terrain", q=0, r=1, terrain="lava")
    refused(table, "map.terrain", "q", q=9, r=9, terrain="trap")


def test_figures_are_placed_moved_and_taken_off_but_never_two_on_a_hex():
    table = started()
    standee = table.state["standees"][0]["id"]
    table.act("s1", "map.hexes", hexes=block(3, 3))
    table.act("s1", "map.place", figure="s1", q=0, r=0)
    table.act("s2", "map.place", figure=standee, q=1, r=0)
    table.act("s1", "map.place", figure="s1", q=2, r=0)
    assert table.state["map"]["at"] == {"s1": "2,0", standee: "1,0"}
    refused(table, "map.place", "q", figure="s2", q=1, r=0)
    refused(table, "map.place", "figure", figure="nobody", q=0, r=1)
    refused(table, "map.place", "q", figure="s2", q=7, r=7)
    table.act("s1", "map.terrain", q=0, r=1, terrain="closed-door")
    refused(table, "map.place", "q", figure="s2", q=0, r=1)
    table.act("s1", "map.place", figure="s1")
    assert "s1" not in table.state["map"]["at"]


def test_bad_hex_lists_are_refused_naming_the_field():
    table = started()
    for hexes in ([], [[0]], [["a", 1]], [[0, 999]], "x", [[True, 0]]):
        refused(table, "map.hexes", "hexes", hexes=hexes)


def test_a_killed_standee_leaves_the_map_and_its_shown_turn():
    table, (standee,) = cleared([("bandit-guard", "normal")])
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)
    table.act("s1", "map.hexes", hexes=block(4, 3))
    table.act("s1", "map.place", figure="s1", q=0, r=0)
    table.act("s1", "map.place", figure=standee, q=3, r=-1)
    table.act("s1", "map.show", standee=standee)
    assert table.state["map"]["plan"]["standee"] == standee
    table.act("s1", "standee.adjust", standee=standee, delta=-99)
    assert standee not in table.state["map"]["at"] and table.state["map"]["plan"] is None


def test_undo_replay_and_secrets():
    """Undo is replaying the log without the last action; a replay gives the
    same map; map actions leave every seat's secrets as they were."""
    table = started()
    secrets = copy.deepcopy(table.state["secrets"])
    table.act("s1", "map.hexes", hexes=block(3, 3))
    before = copy.deepcopy(table.state)
    table.act("s1", "map.wall", q=0, r=0, q2=1, r2=0)
    table.act("s2", "map.place", figure="s2", q=2, r=0)
    assert table.state["secrets"] == secrets
    assert table.replayed()["map"] == table.state["map"]
    table.undo()
    table.undo()
    assert table.replayed() == {**before, "news": table.replayed()["news"]}


def test_every_map_action_is_allowed_in_every_phase():
    table = started()
    table.act("s1", "scenario.end", outcome="success")
    table.act("s1", "map.hexes", hexes=[[0, 0]])
    assert "0,0" in table.state["map"]["hexes"]


def test_an_imported_state_with_a_damaged_map_is_refused():
    table = started()
    table.act("s1", "map.hexes", hexes=block(2, 2))
    RULES.check_state(table.state)
    for damage in ({"hexes": {"0,0": "lava"}}, {"walls": [[0, 0, 5, 5]]}, {"at": {"s1": "9,9"}}):
        state = copy.deepcopy(table.state)
        state["map"].update(damage)
        with pytest.raises(ValueError):
            RULES.check_state(state)


def test_a_follow_not_among_the_options_is_refused():
    table, (standee,) = cleared([("bandit-guard", "normal")])
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)
    table.act("s1", "map.hexes", hexes=block(6, 3))
    table.act("s1", "map.place", figure="s1", q=0, r=0)
    table.act("s1", "map.place", figure=standee, q=5, r=-2)
    refused(table, "map.follow", "standee", standee=standee, q=1, r=0)
    table.act("s1", "map.show", standee=standee)
    refused(table, "map.follow", "q", standee=standee, q=4, r=1, attacks=[])
