"""Battle spellbooks and abilities carried out on the board (seed, 战斗
1. 战斗前效果, and the factions' cards): after the battle is declared and
before the dice, by a faction in the battle, each once a battle, free.

- Devour (Cthulhu in the battle): the enemy removes one of its own monsters
  or cultists in the battle.
- Abduct (Crawling Chaos' spellbook): one or more of its Nightgaunts in the
  battle are eliminated; for each, the enemy removes one of its own monsters
  or cultists in the battle.
- Invisibility (Crawling Chaos): for each Flying Polyp in the battle, one
  monster or cultist of either side (FAQ: a Polyp too, never a Great Old One)
  sits out the rest of the battle: it rolls nothing and takes no result.
- Seek and Destroy (Crawling Chaos): one or more Hunting Horrors from other
  areas move into the battle's area and fight.
- Absorb (Great Cthulhu, a Shoggoth in the battle): one or more of its own
  cultists or Deep Ones there are eliminated, 3 dice more for the Shoggoth each.

The attacker's come first: once the defender has used one, the attacker
can use no more. The enemy chooses what Devour and Abduct take (`battle.remove`), unless there
is only one way to do it. A side left with no unit before the dice ends the
battle (FAQ: the power spent stays spent). Tables that count by hand adjust
their sides with `battle.adjust` instead.

After the battle's results, Necrophagy (Black Goat's spellbook, in any
battle): Ghouls not in the battle move to its area, and both sides suffer a
pain more for each (carried out like the battle's own pains).
"""

from __future__ import annotations

from itertools import product

from companion.games.cthulhu_wars import board, data
from companion.games.cthulhu_wars.battles import (
    SIDES,
    dice,
    fighting,
    necrophagy_ghouls,
    nothing_to_assign,
    open_battle,
    other,
    side_of,
)
from companion.games.cthulhu_wars.effects import acting, me
from companion.kit.actions import Act
from companion.rules import N_, ActionError

#: What each needs: a spellbook of the faction, or a unit of it in the battle.
NEEDS = {
    "devour": ("great_cthulhu", None, "cthulhu"),
    "abduct": ("crawling_chaos", "abduct", "nightgaunt"),
    "invisibility": ("crawling_chaos", "invisibility", "flying_polyp"),
    "seek_and_destroy": ("crawling_chaos", "seek_and_destroy", None),
    "absorb": ("great_cthulhu", "absorb", "shoggoth"),
}


def usable(state: dict, faction: str | None, name: str) -> tuple[dict, str]:
    """The battle waiting for its dice and `faction`'s side in it, when it may use `name` now; else ActionError."""
    if not board.has_board(state):
        raise ActionError(N_("On a table that counts by hand, adjust your side of the battle instead."))
    battle = open_battle(state, faction)
    owner, book, unit = NEEDS[name]
    side = side_of(battle, faction)
    if faction != owner or book and book not in state["factions"][faction]["spellbooks"]:
        raise ActionError(N_("That needs its spellbook."))
    if unit and not battle["units"][side].get(unit):
        raise ActionError(N_("That needs its unit in the battle."))
    if battle.get("removal"):
        raise ActionError(N_("Waiting for the enemy to choose which of its units it removes."))
    if name in (battle.get("used") or {}).get(side, []):
        raise ActionError(N_("That is used once a battle."))
    if side == "attacker" and (battle.get("used") or {}).get("defender"):
        # 战斗 1: the attacker's pre-battle effects first, then the defender's.
        raise ActionError(N_("The attacker's pre-battle effects come first: the defender has already used its own."))
    return battle, side


def removable(state: dict, battle: dict, side: str) -> dict[str, int]:
    """The side's monsters and cultists in the battle (what Devour and Abduct take)."""
    faction = battle[side]
    return {u: n for u, n in fighting(state, battle, side).items() if board.kind(faction, u) != "great_old_one"}


def used(act: Act, battle: dict, side: str, name: str) -> None:
    """Once a battle; the enemy noted for the history line (the battle may be called off)."""
    battle.setdefault("used", {}).setdefault(side, []).append(name)
    act.draws.note("enemy", battle[other(side)])


def refresh(state: dict, battle: dict) -> bool:
    """The sides from the board again, and the dice; False (and no battle)
    when a side has no unit left (FAQ: the battle is called off)."""
    for side in ("attacker", "defender"):
        battle["units"][side] = fighting(state, battle, side)
    if not all(battle["units"].values()):
        state["battle"] = None
        if battle.get("devoured"):  # still Great Cthulhu's "kill or devour" (FAQ)
            state["called_off_battle"] = {key: battle[key] for key in ("attacker", "defender", "area", "devoured")}
        return False
    battle["dice"] = dice(state, battle)
    return True


def remove_from_battle(state: dict, battle: dict, side: str, units: dict) -> None:
    for unit, n in units.items():
        if n:
            board.remove(state, battle["area"], battle[side], unit, n)


def ways_to_remove(choices: dict[str, int], n: int) -> list[dict[str, int]]:
    """Every way to take `n` units from `choices` ({unit: count})."""
    kinds = sorted(choices)
    return [dict((u, k) for u, k in zip(kinds, counts) if k)
            for counts in product(*(range(min(choices[u], n) + 1) for u in kinds)) if sum(counts) == n]


def enemy_removes(act: Act, battle: dict, side: str, n: int, by: str) -> None:
    """The enemy side removes `n` of its monsters and cultists there: at once
    when there is one way to do it (noted as "removed"), else it chooses."""
    state, choices = act.state, removable(act.state, battle, side)
    n = min(n, sum(choices.values()))
    ways = ways_to_remove(choices, n)
    if len(ways) == 1:
        remove_from_battle(state, battle, side, ways[0])
        act.draws.note("removed", ways[0])
        if by == "devour":
            battle["devoured"] = battle.get("devoured", 0) + sum(ways[0].values())
    elif ways:
        battle["removal"] = {"side": side, "n": n, "by": by}


def finish(act: Act, battle: dict) -> None:
    if not refresh(act.state, battle):
        act.draws.note("called_off", True)


def devour(act: Act) -> None:
    """Cthulhu (pre-battle): the enemy removes one of its own monsters or cultists in the battle."""
    state, faction = act.state, acting(act)
    me(state, faction)
    battle, side = usable(state, faction, "devour")
    if not removable(state, battle, other(side)):
        raise ActionError(N_("The enemy has no monster or cultist in the battle."))
    used(act, battle, side, "devour")
    enemy_removes(act, battle, other(side), 1, "devour")
    finish(act, battle)


def abduct(act: Act) -> None:
    """Crawling Chaos (pre-battle): `count` Nightgaunts in the battle are
    eliminated; the enemy removes as many of its monsters and cultists there."""
    state, faction = act.state, acting(act)
    me(state, faction)
    battle, side = usable(state, faction, "abduct")
    count = act["count"] or 1
    if count > battle["units"][side].get("nightgaunt", 0):
        raise ActionError(N_("You have only %(n)d Nightgaunts in the battle."), field="count",
                          n=battle["units"][side].get("nightgaunt", 0))
    if not removable(state, battle, other(side)):
        raise ActionError(N_("The enemy has no monster or cultist in the battle."))
    used(act, battle, side, "abduct")
    remove_from_battle(state, battle, side, {"nightgaunt": count})
    enemy_removes(act, battle, other(side), count, "abduct")
    finish(act, battle)


def remove(act: Act) -> None:
    """The enemy's choice after Devour or Abduct: which of its `units` leave the battle (back to its pool)."""
    state, faction = act.state, acting(act)
    me(state, faction)
    battle = state.get("battle")
    pending = (battle or {}).get("removal")
    if not pending or battle[pending["side"]] != faction:
        raise ActionError(N_("No unit of yours is waiting to be removed."))
    units = {u: n for u, n in (act["units"] or {}).items() if n}
    if units not in ways_to_remove(removable(state, battle, pending["side"]), pending["n"]):
        raise ActionError(N_("Choose %(n)d of your monsters and cultists in the battle."), field="units",
                          n=pending["n"])
    remove_from_battle(state, battle, pending["side"], units)
    if pending["by"] == "devour":
        battle["devoured"] = battle.get("devoured", 0) + sum(units.values())
    del battle["removal"]
    finish(act, battle)


def invisibility(act: Act) -> None:
    """Crawling Chaos (pre-battle): for each Flying Polyp in the battle, one
    monster or cultist, `units` of its own and `enemy_units`, sits the battle out."""
    state, faction = act.state, acting(act)
    me(state, faction)
    battle, side = usable(state, faction, "invisibility")
    chosen = {side: {u: n for u, n in (act["units"] or {}).items() if n},
              other(side): {u: n for u, n in (act["enemy_units"] or {}).items() if n}}
    polyps = battle["units"][side]["flying_polyp"]
    if not 0 < sum(sum(units.values()) for units in chosen.values()) <= polyps:
        raise ActionError(N_("Choose up to %(n)d monsters or cultists, one for each Flying Polyp."),
                          field="units", n=polyps)
    for which, units in chosen.items():
        there = removable(state, battle, which)
        if any(there.get(u, 0) < n for u, n in units.items()):
            raise ActionError(N_("Choose monsters or cultists in the battle (not a Great Old One)."),
                              field="units" if which == side else "enemy_units")
    used(act, battle, side, "invisibility")
    for which, units in chosen.items():
        exempt = battle.setdefault("exempt", {}).setdefault(which, {})
        for unit, n in units.items():
            exempt[unit] = exempt.get(unit, 0) + n
    finish(act, battle)


def seek_and_destroy(act: Act) -> None:
    """Crawling Chaos (pre-battle): Hunting Horrors from other areas, `from_areas` ({area: count}), join the battle."""
    state, faction = act.state, acting(act)
    me(state, faction)
    battle, side = usable(state, faction, "seek_and_destroy")
    moves = {a: n for a, n in (act["from_areas"] or {}).items() if n}
    if not moves:
        raise ActionError(N_("Choose the Hunting Horrors to move and the areas they come from."), field="from_areas")
    for start, n in moves.items():
        board.check_area(state, start, "from_areas")
        if start == battle["area"] or board.units_in(state, start, faction).get("hunting_horror", 0) < n:
            raise ActionError(N_("You don't have that many Hunting Horrors there."), field="from_areas")
    used(act, battle, side, "seek_and_destroy")
    for start, n in moves.items():
        board.remove(state, start, faction, "hunting_horror", n)
        board.place(state, battle["area"], faction, "hunting_horror", n)
    finish(act, battle)


def absorb(act: Act) -> None:
    """Great Cthulhu (pre-battle, a Shoggoth in the battle): its own `units`
    there, cultists and Deep Ones, are eliminated; 3 dice more each."""
    state, faction = act.state, acting(act)
    me(state, faction)
    battle, side = usable(state, faction, "absorb")
    units = {u: n for u, n in (act["units"] or {}).items() if n}
    there = battle["units"][side]
    if not units or any(u not in ("cultist", "deep_one") or there.get(u, 0) < n for u, n in units.items()):
        raise ActionError(N_("Choose your cultists or Deep Ones in the battle."), field="units")
    used(act, battle, side, "absorb")
    remove_from_battle(state, battle, side, units)
    absorbed = battle.setdefault("absorbed", {})
    absorbed[side] = absorbed.get(side, 0) + sum(units.values())
    finish(act, battle)


# -- post-battle ------------------------------------------------------------------------------------
def necrophagy(act: Act) -> None:
    """Black Goat (post-battle, in any battle): Ghouls from other areas,
    `from_areas` ({area: count}), move to the battle's area without joining
    it; each makes both sides suffer one pain more (the Ghouls just come take
    none). No `from_areas`: Black Goat declines."""
    state, faction = act.state, acting(act)
    me(state, faction)
    battle = state.get("battle")
    if not battle or faction not in (battle.get("post") or []):
        raise ActionError(N_("Necrophagy follows a battle, once both sides have carried out their results."))
    moves = {a: n for a, n in (act["from_areas"] or {}).items() if n}
    ghouls = necrophagy_ghouls(state, battle)
    if any(ghouls.get(a, 0) < n for a, n in moves.items()):
        raise ActionError(N_("You don't have that many Ghouls there (not fighting in this battle)."),
                          field="from_areas")
    battle.pop("post")
    count = sum(moves.values())
    battle["necrophagy"] = count
    if not count:
        return
    for start, n in moves.items():
        if start != battle["area"]:
            board.remove(state, start, faction, "ghoul", n)
            board.place(state, battle["area"], faction, "ghoul", n)
    for side in SIDES:
        if battle[side] == faction:  # the Ghouls that came don't take the pains
            aside = battle.setdefault("bystanders", {}).setdefault(side, {})
            aside["ghoul"] = aside.get("ghoul", 0) + count
    act.draws.note("area", battle["area"])
    battle["extra_losses"] = {side: None for side in SIDES}
    nothing_to_assign(state, battle)


def necrophagy_choices(state: dict, faction: str | None) -> list[dict]:
    battle = state.get("battle")
    if not battle or faction not in (battle.get("post") or []):
        return []
    ghouls = necrophagy_ghouls(state, battle)
    every = [{"from_areas": ghouls}] if sum(ghouls.values()) > 1 else []
    return every + [{"from_areas": {a: 1}} for a in sorted(ghouls)] + [{}]


# -- what a phone is offered -----------------------------------------------------------------
def offered(state: dict, faction: str | None, name: str) -> list[dict]:
    """Ready-made payloads for `name` (each one the effect accepts); the API takes any other."""
    if faction not in state["factions"]:
        return []
    try:
        battle, side = usable(state, faction, name)
    except ActionError:
        return []
    mine, theirs = battle["units"][side], removable(state, battle, other(side))
    if name == "devour":
        return [{}] if theirs else []
    if name == "abduct":
        return [{"count": n} for n in range(1, mine["nightgaunt"] + 1)] if theirs else []
    if name == "invisibility":
        polyps = mine["flying_polyp"]
        enemy = [{"enemy_units": {u: k}} for u, n in sorted(theirs.items()) for k in range(1, min(n, polyps) + 1)]
        own = [{"units": {u: k}} for u, n in sorted(removable(state, battle, side).items())
               for k in range(1, min(n, polyps) + 1)]
        return enemy + own
    if name == "seek_and_destroy":
        flocks = {a: board.units_in(state, a, faction).get("hunting_horror", 0)
                  for a in board.areas_with(state, faction) if a != battle["area"]}
        flocks = {a: n for a, n in flocks.items() if n}
        singles = [{"from_areas": {a: 1}} for a in sorted(flocks)]
        every = [{"from_areas": flocks}] if sum(flocks.values()) > 1 else []
        return every + singles
    if name == "absorb":
        return [{"units": {u: k}} for u in ("deep_one", "cultist") for k in range(1, mine.get(u, 0) + 1)]
    return []


def removal_choices(state: dict, faction: str | None) -> list[dict]:
    battle = state.get("battle")
    pending = (battle or {}).get("removal")
    if not pending or battle[pending["side"]] != faction:
        return []
    return [{"units": way} for way in ways_to_remove(removable(state, battle, pending["side"]), pending["n"])]


def spellbook_name(name: str) -> str:
    """The English name (a msgid) of a battle spellbook or ability."""
    if name == "devour":
        return N_("Devour")
    return next(b["name"] for f in data.factions() for b in data.faction(f)["spellbooks"] if b["id"] == name)
