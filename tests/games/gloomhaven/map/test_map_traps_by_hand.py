"""A figure moved by hand on the map (map.place) from one hex to another
during the round's turns entered the hex it is put on: a trap there springs
and hazardous terrain hurts, as in a monster's turn from the map (rulebook,
"Traps": a figure entering the hex by a normal or forced move springs it,
its effects as the scenario book prints them, then it is removed; "Hazardous
terrain": half the trap damage, and it stays; flying ignores both, a jump
only where it lands)."""

from __future__ import annotations

import copy

from companion.games.gloomhaven.rules import RULES
from companion.store import replay
from map_support import block, cleared


def playing(summon: dict | None = None):
    """Scenario 1 in its round's turns, Ann first (initiative 10): Ann at
    [0, 0], Bo at [0, 1], a bandit guard at [5, -2], and `summon` (Ann's)
    at [1, 1]; returns the table, the guard's id and the summon's."""
    table, (guard,) = cleared([("bandit-guard", "normal")])
    wolf = None
    if summon is not None:
        table.act("s1", "summon.add", **summon)
        wolf = table.state["characters"]["s1"]["summons"][0]["id"]
    table.act("s1", "map.hexes", hexes=block(6, 2))
    places = {"s1": (0, 0), "s2": (0, 1), guard: (5, -2), **({wolf: (1, 1)} if wolf else {})}
    for figure, (q, r) in places.items():
        table.act("s1", "map.place", figure=figure, q=q, r=r)
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)
    assert table.state["phase"] == "playing"
    return table, guard, wolf


def trap_damage(table) -> int:
    return table.state["values"]["trap_damage"]["value"]


def test_a_character_moved_by_hand_onto_a_trap_springs_it_and_the_history_says_what_it_did():
    """Her own turn: the stun lasts through her next; the damage waits on her phone."""
    table, _guard, _ = playing()
    assert table.state["order"][table.state["turn"]]["id"] == "s1"
    table.act("s1", "map.terrain", q=2, r=-1, terrain="trap", trap_conditions="poison stun")
    table.act("s1", "map.place", figure="s1", q=2, r=-1)
    ann = table.state["characters"]["s1"]
    assert set(ann["conditions"]) == {"poison", "stun"} and ann["conditions"]["stun"]["fresh"] is True
    assert [(d["seat"], d["kind"], d["amount"]) for d in table.state["damage"]] == [("s1", "trap",
                                                                                     trap_damage(table))]
    assert table.state["map"]["hexes"]["2,-1"] == "" and "traps" not in table.state["map"]
    assert table.state["map"]["at"]["s1"] == "2,-1"
    line, params = table.history("s1")[-1]
    assert line == "moved %(figure)s onto the trap on [%(q)d, %(r)d]: it sprang, %(damage)d damage and %(conditions)s"
    assert (params["q"], params["r"], params["damage"]) == (2, -1, trap_damage(table))
    assert str(params["conditions"]) == "poison stun"
    assert table.replayed() == table.state


def test_someone_elses_character_pushed_by_hand_onto_a_trap_gets_a_condition_that_is_not_fresh():
    table, _guard, _ = playing()
    table.act("s1", "map.terrain", q=1, r=1, terrain="trap", trap_damage=False, trap_conditions="immobilize")
    table.act("s1", "map.place", figure="s2", q=1, r=1)
    bo = table.state["characters"]["s2"]
    assert bo["conditions"]["immobilize"]["fresh"] is False and table.state["damage"] == []
    assert table.history("s1")[-1][0] == "moved %(figure)s onto the trap on [%(q)d, %(r)d]: it sprang and gave " \
                                         "%(conditions)s"


def test_a_standee_moved_by_hand_into_hazardous_terrain_takes_half_the_trap_damage_and_it_stays():
    table, guard, _ = playing()
    table.act("s1", "map.terrain", q=4, r=-1, terrain="hazardous")
    hp = next(s["hp"] for s in table.state["standees"] if s["id"] == guard)
    table.act("s1", "map.place", figure=guard, q=4, r=-1)
    assert next(s["hp"] for s in table.state["standees"] if s["id"] == guard) == hp - trap_damage(table) // 2
    assert table.state["map"]["hexes"]["4,-1"] == "hazardous"
    line, params = table.history("s1")[-1]
    assert line == "moved %(figure)s into hazardous terrain on [%(q)d, %(r)d]: %(damage)d damage"
    assert str(params["figure"]).startswith("Bandit Guard")


def test_a_summon_takes_a_traps_damage_at_once_and_a_flying_one_springs_none():
    table, _guard, wolf = playing({"name": "Wolf", "hp": 9, "move": 2, "attack": 2})
    table.act("s1", "map.terrain", q=2, r=0, terrain="trap")
    table.act("s1", "map.place", figure=wolf, q=2, r=0)
    assert table.state["characters"]["s1"]["summons"][0]["hp"] == 9 - trap_damage(table)
    assert table.state["map"]["hexes"]["2,0"] == "" and table.state["damage"] == []
    table, _guard, falcon = playing({"name": "Red Falcon", "hp": 2, "move": 4, "attack": 2, "flying": True})
    table.act("s1", "map.terrain", q=2, r=0, terrain="trap")
    table.act("s1", "map.place", figure=falcon, q=2, r=0)
    assert table.state["characters"]["s1"]["summons"][0]["hp"] == 2
    assert table.state["map"]["hexes"]["2,0"] == "trap"
    assert table.history("s1")[-1][0] == "moved a figure on the map"


def test_a_trap_kills_a_summon_moved_onto_it_and_it_leaves_the_map():
    table, _guard, rat = playing({"name": "Rat", "hp": 1, "move": 2, "attack": 1})
    table.act("s1", "map.terrain", q=2, r=0, terrain="trap")
    table.act("s1", "map.place", figure=rat, q=2, r=0)
    assert table.state["characters"]["s1"]["summons"] == [] and rat not in table.state["map"]["at"]


def test_no_trap_springs_for_a_figure_set_down_from_the_tray_set_right_or_placed_before_the_turns():
    table, (guard,) = cleared([("bandit-guard", "normal")])
    table.act("s1", "map.hexes", hexes=block(6, 2))
    table.act("s1", "map.terrain", q=1, r=0, terrain="trap")
    table.act("s1", "map.place", figure="s1", q=0, r=0)
    table.act("s1", "map.place", figure="s1", q=1, r=0)  # before the round's turns: where she starts
    assert table.state["map"]["hexes"]["1,0"] == "trap"
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)
    table.act("s1", "map.terrain", q=2, r=0, terrain="trap")
    table.act("s1", "map.place", figure="s2", q=2, r=0)  # from the tray: put on the map, not moved
    table.act("s1", "map.place", figure="s1", q=2, r=-1)
    table.act("s1", "map.place", figure="s1", q=1, r=0, springs=False)  # she flew there, or it is set right
    assert table.state["map"]["hexes"]["1,0"] == table.state["map"]["hexes"]["2,0"] == "trap"
    assert table.state["damage"] == [] and table.state["characters"]["s1"]["hp"] == \
        table.state["characters"]["s1"]["max_hp"]


def test_a_move_logged_before_moves_by_hand_sprang_traps_replays_as_it_was_made():
    table, _guard, _ = playing()
    table.act("s1", "map.terrain", q=2, r=-1, terrain="trap")
    table.act("s1", "map.place", figure="s1", q=2, r=-1)
    old = copy.deepcopy(table.log)
    assert table.log[-1]["payload"]["springs_traps"] is True
    for key in ("springs_traps", "entered"):  # what the change added to the logged payload
        del old[-1]["payload"][key]
    state = replay(RULES, table.initial, old)
    assert state["map"]["hexes"]["2,-1"] == "trap" and state["map"]["at"]["s1"] == "2,-1"
    assert state.get("damage", []) == []
