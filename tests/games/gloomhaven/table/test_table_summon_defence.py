"""A character summon's own shield and retaliate, printed on its summon card
(the Summoner's Iron Beast: shield 1, retaliate 1; the Lava Golem: retaliate
2), against monster attacks, by the rulebook ("Shield": each attack's damage
less X; "Retaliate": X damage to an attacker within range after the attack,
none when the attack kills the retaliating figure), entered by hand and done
from the map alike."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.games.gloomhaven.flow import acting_standee
from table_support import hp_of, monster_turn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "map"))

from test_map_turn_bonuses import GUARD_AT  # noqa: E402
from test_map_whole_turn import at_turn  # noqa: E402


def summon_of(table, name):
    return next((s for s in table.state["characters"]["s1"]["summons"] if s["name"] == name), None)


def iron_beast(table, hp=5):
    table.act("s1", "summon.add", name="Iron Beast", hp=hp, move=2, attack=1, shield=1, retaliate=1)
    return summon_of(table, "Iron Beast")


def test_the_summon_keeps_the_shield_and_retaliate_from_its_card():
    table = monster_turn()
    beast = iron_beast(table)
    assert (beast["shield"], beast["retaliate"]) == (1, {"value": 1, "range": 1})
    table.act("s1", "summon.add", name="Rat", hp=2)
    assert "shield" not in summon_of(table, "Rat") and "retaliate" not in summon_of(table, "Rat")
    assert table.replayed() == table.state


def test_a_monster_attack_by_hand_on_the_summon_meets_its_shield_and_retaliate():
    """Attack 3 with +0 on the Iron Beast: 2 damage (shield 1), then its
    retaliate 1 hurts the guard next to it (a melee attack)."""
    table = monster_turn()
    guard = acting_standee(table.state)["id"]
    beast = iron_beast(table)
    hp = hp_of(table, guard)
    table.act_drawn("s1", "monster.attack", {"cards": ["+0"]}, standee=guard, target=beast["id"], base=3,
                    conditions="")
    assert summon_of(table, "Iron Beast")["hp"] == 5 - 2
    assert hp_of(table, guard) == hp - 1
    line, params = table.history("s1")[-1]
    assert line.endswith("%(target)s's retaliate did it %(value)d damage")
    assert (str(params["target"]), params["damage"], params["value"]) == ("Iron Beast", 2, 1)
    assert table.replayed() == table.state


def test_a_shield_typed_for_the_attack_replaces_the_summons_own():
    table = monster_turn()
    guard = acting_standee(table.state)["id"]
    beast = iron_beast(table)
    table.act_drawn("s1", "monster.attack", {"cards": ["+0"]}, standee=guard, target=beast["id"], base=3,
                    conditions="", shield=0)
    assert summon_of(table, "Iron Beast")["hp"] == 5 - 3


def test_a_summon_the_attack_kills_does_not_retaliate():
    table = monster_turn()
    guard = acting_standee(table.state)["id"]
    beast = iron_beast(table, hp=2)
    hp = hp_of(table, guard)
    table.act_drawn("s1", "monster.attack", {"cards": ["+0"]}, standee=guard, target=beast["id"], base=3,
                    conditions="")
    assert summon_of(table, "Iron Beast") is None and hp_of(table, guard) == hp
    assert table.history("s1")[-1][0].endswith("%(target)s is gone, so it doesn't retaliate")


def test_from_the_map_a_monster_attack_on_the_summon_meets_its_shield_and_retaliate():
    """Guard card 530 (move, attack): the Iron Beast stands next to the
    guard, so the guard attacks it where it stands."""
    table, guard = at_turn("bandit-guard", 530, GUARD_AT)
    beast = iron_beast(table)
    table.act("s1", "map.place", figure=beast["id"], q=2, r=0)
    table.act("s1", "map.show", standee=guard)
    hp = hp_of(table, guard)
    table.act_drawn("s1", "map.do", {"modifiers": [["+0"]]}, standee=guard)
    attack = table.state["attacks"][0]
    assert (attack["target"], attack["damage"]) == ("Iron Beast", 1)  # attack 2, +0, shield 1
    assert ["shield %(shield)d → %(value)d", {"shield": 1, "value": 1}] in attack["working"]
    assert summon_of(table, "Iron Beast")["hp"] == 5 - 1
    assert hp_of(table, guard) == hp - 1
    assert table.history("s1")[-1][1]["retaliated"] == 1
    assert table.replayed() == table.state


def test_an_export_with_a_summons_shield_out_of_range_is_refused():
    import copy

    import pytest

    from companion.games.gloomhaven.rules import RULES
    table = monster_turn()
    iron_beast(table)
    broken = copy.deepcopy(table.state)
    broken["characters"]["s1"]["summons"][0]["retaliate"] = {"value": -1, "range": 1}
    with pytest.raises((ValueError, TypeError, KeyError)):
        RULES.check_state(broken)
