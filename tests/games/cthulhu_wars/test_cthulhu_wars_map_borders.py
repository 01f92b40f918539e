"""The map's borders as an unchecked fact (issue 20): only a reference gives
them, so a group corrects an area's neighbours from its printed map, like a
monster's cost; the border changes on both sides, and moves, retreats and the
drawn map follow the corrected map. On the 3-player map Australia borders the
Indian Ocean and the South Pacific; Asia borders Africa, the Arctic Ocean,
Europe, the Indian Ocean, the North Atlantic and the North Pacific."""

import copy

import pytest

from companion.games.cthulhu_wars import board
from companion.games.cthulhu_wars.rules import RULES
from companion.games.cthulhu_wars.view import borders, edges
from cthulhu_support import Table
from test_cthulhu_wars_board import THREE, battle_in_asia, on_board, units


def neighbours(table: Table, area: str) -> list[str]:
    return board.adjacency(table.state)[area]


def symmetric(table: Table) -> bool:
    near = board.adjacency(table.state)
    return all(area in near[other] for area, theirs in near.items() for other in theirs)


def test_correcting_an_areas_neighbours_changes_the_border_on_both_sides():
    table = on_board()
    table.act("black_goat", "neighbours.correct", area="australia", neighbours=["indian_ocean", "antarctica"])
    assert neighbours(table, "australia") == ["antarctica", "indian_ocean"]
    assert "australia" not in neighbours(table, "south_pacific")
    assert "australia" in neighbours(table, "antarctica")
    assert symmetric(table)
    line, params = table.history(None)[-1]
    assert line == "corrected the neighbours of %(area)s to %(neighbours)s"
    assert (params["area"], params["neighbours"]) == ("Australia", "Antarctica, Indian Ocean")


def test_moves_follow_the_corrected_map():
    table = on_board()
    table.act("crawling_chaos", "neighbours.correct", area="australia", neighbours=["indian_ocean", "antarctica"])
    refused = table.refused("great_cthulhu", "move", moves={"cultist:south_pacific:australia": 1})
    assert refused.field == "moves"
    table.act("great_cthulhu", "move", moves={"cultist:south_pacific:antarctica": 1})
    assert units(table, "antarctica", "great_cthulhu") == {"cultist": 1}


def test_a_pained_unit_retreats_only_across_a_corrected_border():
    table = battle_in_asia({"shoggoth": 1, "deep_one": 2})
    table.act("crawling_chaos", "neighbours.correct", area="asia",
              neighbours=["africa", "arctic_ocean", "indian_ocean", "north_atlantic", "north_pacific"])
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    table.act("great_cthulhu", "battle.roll", attacker_faces="6 5 1 1", defender_faces="")
    assert table.refused("crawling_chaos", "battle.losses", killed={"cultist": 1}, pained={"cultist": 1},
                         retreats={"cultist:europe": 1}).field == "retreats"  # Europe no longer borders Asia
    table.act("crawling_chaos", "battle.losses", killed={"cultist": 1}, pained={"cultist": 1},
              retreats={"cultist:africa": 1})
    assert units(table, "africa", "crawling_chaos") == {"cultist": 1}


def test_two_corrected_areas_always_agree_about_the_border_between_them():
    table = Table(THREE, board="map")
    table.act("great_cthulhu", "neighbours.correct", area="australia",
              neighbours=["indian_ocean", "south_pacific", "antarctica"])
    table.act("great_cthulhu", "neighbours.correct", area="antarctica", neighbours=["indian_ocean", "south_atlantic"])
    # The later correction of Antarctica takes the border away from Australia's list too.
    assert neighbours(table, "australia") == ["indian_ocean", "south_pacific"]
    assert "antarctica" not in neighbours(table, "south_pacific")
    assert symmetric(table)


def test_a_corrected_area_is_checked_and_the_rest_stay_marked():
    table = Table(THREE, board="map")
    assert not any(area["checked"] for area in borders(table.state))
    table.act("great_cthulhu", "neighbours.correct", area="europe",
              neighbours=["arctic_ocean", "asia", "north_atlantic"])
    checked = {area["id"]: area["checked"] for area in borders(table.state)}
    assert checked["europe"] and not checked["asia"]
    assert neighbours(table, "europe") == ["arctic_ocean", "asia", "north_atlantic"]  # the reference, confirmed


def test_the_drawn_map_shows_the_corrected_borders():
    table = Table(THREE, board="map")
    before = len(edges(table.state))
    table.act("great_cthulhu", "neighbours.correct", area="australia", neighbours=["indian_ocean", "south_pacific",
                                                                                    "antarctica"])
    assert len(edges(table.state)) == before + 1


@pytest.mark.parametrize(("payload", "field"), [
    ({"area": "west_africa", "neighbours": ["arabia"]}, "area"),  # not on the 3-player map
    ({"area": "australia", "neighbours": ["australia", "indian_ocean"]}, "neighbours"),
    ({"area": "australia", "neighbours": ["indian_ocean", "arabia"]}, "neighbours"),  # Arabia: not on this map
    ({"area": "australia", "neighbours": []}, "neighbours"),
])
def test_a_correction_names_areas_of_the_tables_map_and_never_the_area_itself(payload, field):
    table = Table(THREE, board="map")
    assert table.refused("great_cthulhu", "neighbours.correct", **payload).field == field


def test_undoing_a_correction_brings_the_reference_back():
    table = Table(THREE, board="map")
    table.act("great_cthulhu", "neighbours.correct", area="australia", neighbours=["indian_ocean"])
    table.undo()
    assert neighbours(table, "australia") == ["indian_ocean", "south_pacific"]


def test_an_import_whose_corrected_borders_disagree_is_refused():
    table = Table(THREE, board="map")
    table.act("great_cthulhu", "neighbours.correct", area="australia", neighbours=["indian_ocean", "south_pacific"])
    table.act("great_cthulhu", "neighbours.correct", area="south_pacific",
              neighbours=["antarctica", "australia", "indian_ocean", "north_pacific", "south_america",
                          "south_atlantic"])
    RULES.check_state(table.state)
    damaged = copy.deepcopy(table.state)
    damaged["corrections"]["area:south_pacific:neighbours"].remove("australia")
    with pytest.raises(ValueError):
        RULES.check_state(damaged)
    damaged = copy.deepcopy(table.state)
    damaged["corrections"]["area:australia:neighbours"] = ["narnia"]
    with pytest.raises(ValueError):
        RULES.check_state(damaged)
