"""A summon picked from its summoner's class cards (summon.add from_card)
acts from the map with what its card prints on its attacks: the Summoner's
Thorn Shooter poisons, its Shadow Wolf pierces 2 (rulebook, "Summons": a
summon's stats and abilities are on its card; it plays Move +0, Attack +0)."""

from __future__ import annotations

import copy

import pytest

from companion.games.gloomhaven.map.turn import work_card
from companion.games.gloomhaven.rules import RULES
from map_support import SEATS, Table, block


def summoner_table(pick: str):
    """Ann's Summoner (level 1) has `pick` next to a bandit guard, the round
    after it was summoned, at the summon's turn."""
    table = Table()
    for seat, cls in zip(SEATS, ("circles", "spellweaver")):
        table.act(seat, "character.set", **{"class": cls, "level": 1})
    table.act("s1", "scenario.start")
    for found in list(table.state["standees"]):
        table.act("s1", "standee.remove", standee=found["id"])
    table.act("s1", "standee.add", monster="bandit-guard", rank="normal")
    (guard,) = [s["id"] for s in table.state["standees"]]
    table.act("s1", "summon.add", from_card=pick)
    summon = table.state["characters"]["s1"]["summons"][0]["id"]
    table.act("s1", "map.hexes", hexes=block(6, 4))
    for figure, (q, r) in {"s1": (0, 0), "s2": (0, 3), summon: (1, 0), guard: (2, 0)}.items():
        table.act("s1", "map.place", figure=figure, q=q, r=r)
    for _ in range(2):
        table.act("s1", "initiative.choose", initiative=10, second=40)
        table.act("s2", "initiative.choose", initiative=60, second=20)
        if table.state["round"] == 2:
            break
        while table.state["phase"] == "playing":
            table.act("s1", "turn.next", for_them=True)
    assert table.state["order"][table.state["turn"]]["id"] == summon
    return table, summon, guard


def test_a_picked_thorn_shooter_poisons_the_monster_it_attacks():
    table, shooter, guard = summoner_table("Thorn Shooter")
    assert table.state["characters"]["s1"]["summons"][0]["stats"] == {"move": 1, "attack": 2, "range": 4,
                                                                      "flying": False, "conditions": ["poison"]}
    table.act("s1", "map.show", standee=shooter)
    table.act_drawn("s1", "map.do", {"modifiers": [["+0"]]}, standee=shooter)
    found = next((s for s in table.state["standees"] if s["id"] == guard), None)
    assert found is not None and "poison" in found["conditions"]
    assert table.replayed() == table.state


def test_a_picked_shadow_wolfs_attack_pierces_2():
    table, wolf, guard = summoner_table("Shadow Wolf")
    (option,) = work_card(table.state, wolf)["options"]
    (attack,) = [step for step in option["steps"] if step["kind"] == "attack"]
    assert attack["pierce"] == 2


def test_an_export_with_a_summon_attack_condition_no_attack_gives_is_refused():
    table, _wolf, _guard = summoner_table("Shadow Wolf")
    broken = copy.deepcopy(table.state)
    broken["characters"]["s1"]["summons"][0]["stats"]["conditions"] = ["bless"]
    with pytest.raises(ValueError):
        RULES.check_state(broken)
