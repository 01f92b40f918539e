"""Traps with effects of their own (rulebook, "Traps": a trap's effects are
printed in the scenario book and their tokens put on it; the part listed
as damage does 2 + the scenario level; the trap is removed once sprung):
the table sets them as it lays the trap (map.terrain), and the figure a
monster's turn from the map (map.do) brings onto it, by its move or by a
push, gets them."""

from __future__ import annotations

import copy

import pytest

from companion.games.gloomhaven.map.turn import work_card
from companion.games.gloomhaven.rules import RULES
from test_map_turn_bonuses import column, standee
from test_map_whole_turn import at_turn, refused


def trapped_turn(traps: list, corpse: bool = False, **effects):
    """As test_map_turn_bonuses.strip_turn, with traps that have `effects`."""
    monster = "living-corpse" if corpse else "bandit-guard"
    places = {"s1": [1, 0], "standee": [2, -1]} if corpse else {"s1": [0, 0], "standee": [5, -2]}
    table, figure = at_turn(monster, 571 if corpse else 527, places, columns=6, rows=2)
    for q, r in traps:
        table.act("s1", "map.terrain", q=q, r=r, terrain="trap", **effects)
    table.act("s1", "map.show", standee=figure)
    return table, figure


def test_a_trap_that_poisons_and_stuns_gives_both_with_its_damage_and_the_history_says_so():
    """Every way to Ann crosses column 3: the guard springs one trap. Stun
    given on its own turn lasts through its next."""
    table, guard = trapped_turn(column(3), trap_conditions="poison stun")
    assert table.state["map"]["traps"] == {f"{q},{r}": {"damage": True, "conditions": ["poison", "stun"]}
                                           for q, r in column(3)}
    hp = standee(table, guard)["hp"]
    table.act("s1", "map.do", standee=guard)
    found = standee(table, guard)
    assert found["hp"] == hp - table.state["values"]["trap_damage"]["value"]
    assert set(found["conditions"]) == {"poison", "stun"}
    assert found["conditions"]["stun"]["fresh"] is True
    assert len(table.state["map"]["traps"]) == 1  # the sprung trap's effects went with it
    line, params = table.history("s1")[-1]
    assert line.endswith("traps and hazardous terrain did %(trapped)d damage and gave %(conditions)s")
    assert str(params["conditions"]) == "poison stun"
    assert table.replayed() == table.state


def test_a_trap_without_damage_only_gives_its_condition():
    table, guard = trapped_turn(column(3), trap_damage=False, trap_conditions="immobilize")
    hp = standee(table, guard)["hp"]
    table.act("s1", "map.do", standee=guard)
    found = standee(table, guard)
    assert found["hp"] == hp and "immobilize" in found["conditions"]
    assert any(line[0] == "%(name)s springs the trap on [%(q)d, %(r)d]; the trap is removed."
               for line in table.state["news"])


def test_a_character_pushed_onto_a_trap_gets_its_condition_at_once_and_its_damage_waiting():
    """Living Corpse card 571: attack +2, push 1; every hex Ann can be
    pushed to holds a wounding trap. Not her turn: the wound is not fresh."""
    table, corpse = trapped_turn([(0, 0), (0, 1), (1, 1)], corpse=True, trap_conditions="wound")
    option = work_card(table.state, corpse)["options"][0]
    picks = option["ways"][0]["picks"] if option["ways"] else None
    table.act_drawn("s1", "map.do", {"modifiers": [["+0"]]}, standee=corpse, choices=picks)
    ann = table.state["characters"]["s1"]
    assert "wound" in ann["conditions"] and ann["conditions"]["wound"]["fresh"] is False
    assert ("trap", table.state["values"]["trap_damage"]["value"]) in [(d["kind"], d["amount"])
                                                                      for d in table.state["damage"]]
    assert table.replayed() == table.state


def test_setting_a_trap_says_where_and_what_it_does_and_a_plain_trap_keeps_no_effects():
    table, _guard = trapped_turn([])
    table.act("s1", "map.terrain", q=1, r=0, terrain="trap", trap_conditions="poison")
    line, params = table.history("s1")[-1]
    assert line == "set a trap on [%(q)d, %(r)d]: damage and %(conditions)s" and (params["q"], params["r"]) == (1, 0)
    table.act("s1", "map.terrain", q=1, r=0, terrain="trap", trap_damage=True, trap_conditions="")  # as map.js
    assert "traps" not in table.state["map"]
    assert table.history("s1")[-1][0] == "changed a hex's terrain"
    table.act("s1", "map.terrain", q=1, r=0, terrain="trap", trap_damage=False, trap_conditions="stun")
    table.act("s1", "map.terrain", q=1, r=0, terrain="plain")  # the hex changed: its trap's effects go
    assert "traps" not in table.state["map"]


def test_a_condition_a_trap_cannot_give_is_refused():
    table, _guard = trapped_turn([])
    refused(table, "trap_conditions", type_="map.terrain", q=1, r=0, terrain="trap", trap_conditions="bless")


def test_an_export_with_effects_on_a_hex_that_is_no_trap_is_refused():
    table, _guard = trapped_turn([(3, -1)], trap_conditions="poison")
    broken = copy.deepcopy(table.state)
    broken["map"]["hexes"]["3,-1"] = ""
    with pytest.raises(ValueError):
        RULES.check_state(broken)
