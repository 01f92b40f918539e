"""Battle at the table (seed, 宣布战斗 and 战斗): declare (1 power, or an
unlimited action with six books), adjust the sides for pre-battle effects,
roll in the app or enter physical dice, read off what each side suffers."""

from __future__ import annotations

from companion.games.cthulhu_wars import combat, costs, data, doom, spellbooks
from companion.games.cthulhu_wars.effects import acting, gain_elder_signs, me, spend
from companion.kit.actions import Act
from companion.rules import N_, ActionError

SIDES = ("attacker", "defender")


def check_units(faction: str, units: dict, field: str) -> dict:
    known = data.units(faction)
    for unit_id, count in units.items():
        if count == 0:
            continue  # a form lists every unit of every enemy
        if unit_id not in known:
            raise ActionError(N_("%(unit)s is not a unit of that faction."), field=field, unit=str(unit_id)[:40])
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= known[unit_id]["count"]:
            raise ActionError(N_("Enter how many of each unit are in the battle (0 to the number in the box)."),
                              field=field)
    return {unit_id: count for unit_id, count in units.items() if count}


def dice(state: dict, battle: dict) -> dict:
    """Each side's dice and working, from the units declared and the tracked state."""
    track, marker = state["ritual"]["track"], state["ritual"]["marker"]
    out = {}
    for side, other in (("attacker", "defender"), ("defender", "attacker")):
        faction = battle[side]
        context = {"own": state["factions"][faction], "enemy": state["factions"][battle[other]],
                   "ritual_cost": doom.ritual_cost(track, marker)}
        total, terms = combat.side_dice(state, faction, battle["units"][side], context, battle["extra"][side])
        out[side] = {"dice": total, "terms": terms}
    return out


def declare(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    defender = act["defender"]
    if defender == faction or defender not in state["factions"]:
        raise ActionError(N_("Choose an enemy faction in the area."), field="defender")
    units = {"attacker": check_units(faction, act["attacker_units"], "attacker_units"),
             "defender": check_units(defender, act["defender_units"], "defender_units")}
    if not units["defender"] or not units["attacker"]:
        raise ActionError(N_("Both factions need a unit in the area."), field="defender_units")
    unlimited = spellbooks.battle_is_unlimited(mine, state["players"])
    spend(state, faction, costs.normal_cost("battle"), unlimited=unlimited)
    battle = {"attacker": faction, "defender": defender, "area": act["area"], "units": units,
              "extra": {"attacker": act["attacker_extra"] or 0, "defender": act["defender_extra"] or 0},
              "outcome": None}
    battle["dice"] = dice(state, battle)
    state["battle"] = battle


def open_battle(state: dict, faction: str | None) -> dict:
    battle = state.get("battle")
    if not battle or battle["outcome"] is not None:
        raise ActionError(N_("No battle is waiting for its dice."))
    if faction not in (battle["attacker"], battle["defender"]):
        raise ActionError(N_("Only the two factions in the battle can do that."))
    return battle


def adjust(act: Act) -> None:
    """Before the dice: units removed or added by pre-battle effects, extra dice."""
    state, faction = act.state, acting(act)
    battle = open_battle(state, faction)
    side = "attacker" if faction == battle["attacker"] else "defender"
    battle["units"][side] = check_units(faction, act["units"], "units")
    battle["extra"][side] = act["extra"] or 0
    battle["dice"] = dice(state, battle)


def roll(act: Act) -> None:
    """Each side's dice, typed in from physical dice or rolled here (recorded
    under "<side>_roll"); then what each side suffers."""
    state, faction = act.state, acting(act)
    battle = open_battle(state, faction)
    battle["dice"] = dice(state, battle)
    records, rolls = {}, {}
    for side in SIDES:
        rolls[side] = act.draws.take(f"{side}_roll", lambda rng, side=side: side_roll(act, battle, side, rng))
        try:
            records[side] = combat.results(rolls[side])
        except (ValueError, TypeError, KeyError) as error:
            raise ActionError(N_("The recorded dice do not fit the battle."), field=f"{side}_faces") from error
        if len(records[side]["faces"]) != battle["dice"][side]["dice"]:
            raise ActionError(N_("The recorded dice do not fit the battle."), field=f"{side}_faces")
    battle["outcome"] = combat.outcome(rolls["attacker"], rolls["defender"])
    state["last_battle_rolls"] = battle["outcome"]


def side_roll(act: Act, battle: dict, side: str, rng) -> dict:
    faces, count = act[f"{side}_faces"], battle["dice"][side]["dice"]
    return combat.entered(count, faces, f"{side}_faces") if faces else combat.roll(count, rng)


def harbinger_targets(state: dict, faction: str | None) -> list[str]:
    """The enemy Great Old Ones The Harbinger pays out for now (seed, 蠕行混沌
    特技 harbinger 预兆, post-battle): after a battle with Nyarlathotep in it,
    each enemy Great Old One pained (4, 5) or killed (6) in it, once.

    The table keeps counts, not which unit took which result (the owner
    chooses): a Great Old One was surely hit when its side suffered at least
    as many kills and pains as it had units there, or killed when its side
    suffered a kill and its owner has put it back in the pool."""
    battle = state.get("battle")
    if faction != "crawling_chaos" or not battle or battle["outcome"] is None or \
            faction not in (battle["attacker"], battle["defender"]):
        return []
    own, side = ("attacker", "defender") if battle["attacker"] == faction else ("defender", "attacker")
    if not battle["units"][own].get("nyarlathotep"):
        return []
    enemy, units = battle[side], battle["units"][side]
    suffered = battle["outcome"][side]["suffers"]
    every_unit_hit = suffered["kills"] + suffered["pains"] >= sum(units.values())
    paid = battle.get("harbinger", [])
    return [goo for goo, count in units.items()
            if count and data.units(enemy)[goo]["kind"] == "great_old_one" and goo not in paid
            and (every_unit_hit or suffered["kills"] and state["factions"][enemy]["great_old_ones"].get(goo) == "pool")]


def harbinger(act: Act) -> None:
    """Nyarlathotep (post-battle): for an enemy Great Old One pained or killed,
    half its awakening cost as power, or 2 elder signs."""
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    battle = state.get("battle")
    if faction != "crawling_chaos" or not battle or battle["outcome"] is None or \
            faction not in (battle["attacker"], battle["defender"]) or \
            not battle["units"]["attacker" if battle["attacker"] == faction else "defender"].get("nyarlathotep"):
        raise ActionError(N_("The Harbinger follows a battle Nyarlathotep fought in."))
    enemy = battle["defender"] if battle["attacker"] == faction else battle["attacker"]
    goo = act["great_old_one"]
    side = "defender" if battle["attacker"] == faction else "attacker"
    if not battle["units"][side].get(goo) or data.units(enemy)[goo]["kind"] != "great_old_one":
        raise ActionError(N_("Choose an enemy Great Old One from that battle."), field="great_old_one")
    if goo in battle.get("harbinger", []):
        raise ActionError(N_("The Harbinger has paid out for that Great Old One."), field="great_old_one")
    if goo not in harbinger_targets(state, faction):
        raise ActionError(N_("The Harbinger pays only for an enemy Great Old One pained or killed in the battle."),
                          field="great_old_one")
    battle.setdefault("harbinger", []).append(goo)
    if act["take"] == "power":
        mine["power"] += costs.awaken_cost(state, enemy, goo, state["factions"][enemy]) // 2
    else:
        gain_elder_signs(act, faction, 2)
