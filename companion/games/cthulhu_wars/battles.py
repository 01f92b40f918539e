"""Battle at the table (seed, 宣布战斗 and 战斗): declare (1 power, or an
unlimited action with six books), adjust the sides for pre-battle effects,
roll in the app or enter physical dice, read off what each side suffers."""

from __future__ import annotations

from companion.games.cthulhu_wars import board, combat, costs, data, doom, spellbooks
from companion.games.cthulhu_wars.effects import acting, gain_elder_signs, me, spend
from companion.games.cthulhu_wars.state import unit_facts
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
        extra = battle["extra"][side] + absorbed_dice(battle, side)
        total, terms = combat.side_dice(state, faction, battle["units"][side], context, extra)
        out[side] = {"dice": total, "terms": terms}
    return out


#: Absorb (Great Cthulhu's spellbook): each cultist or Deep One absorbed adds 3 dice to the Shoggoth.
ABSORB_DICE = 3


def absorbed_dice(battle: dict, side: str) -> int:
    """Absorb's dice, while a Shoggoth fights on that side."""
    absorbed = (battle.get("absorbed") or {}).get(side, 0)
    return ABSORB_DICE * absorbed if absorbed and battle["units"][side].get("shoggoth") else 0


def side_of(battle: dict, faction: str) -> str:
    return "attacker" if faction == battle["attacker"] else "defender"


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def fighting(state: dict, battle: dict, side: str) -> dict[str, int]:
    """A side's units in the battle: its units in the area, less those
    Invisibility set aside and those that came after the dice (Necrophagy's Ghouls)."""
    here = board.units_in(state, battle["area"], battle[side])
    for aside in ("exempt", "bystanders"):
        for unit, n in ((battle.get(aside) or {}).get(side) or {}).items():
            if here.get(unit, 0) > n:
                here[unit] -= n
            else:
                here.pop(unit, None)
    return here


def declare(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    defender = act["defender"]
    if defender == faction or defender not in state["factions"]:
        raise ActionError(N_("Choose an enemy faction in the area."), field="defender")
    pending = state.get("battle")
    if pending and (pending["outcome"] is None or waiting_losses(pending) or pending.get("post")):
        raise ActionError(N_("Finish the battle under way first."))
    if board.has_board(state):
        area = board.check_area(state, act["area"])
        units = {"attacker": board.units_in(state, area, faction), "defender": board.units_in(state, area, defender)}
        if not units["attacker"]:
            raise ActionError(N_("You have no unit in that area."), field="area")
        if not units["defender"]:
            raise ActionError(N_("That faction has no unit in that area."), field="defender")
    else:
        units = {"attacker": check_units(faction, act["attacker_units"] or {}, "attacker_units"),
                 "defender": check_units(defender, act["defender_units"] or {}, "defender_units")}
    if not units["defender"] or not units["attacker"]:
        raise ActionError(N_("Both factions need a unit in the area."), field="defender_units")
    unlimited = spellbooks.battle_is_unlimited(mine, state["players"])
    spend(state, faction, costs.normal_cost("battle"), unlimited=unlimited)
    battle = {"attacker": faction, "defender": defender, "area": act["area"], "units": units,
              "extra": {"attacker": act["attacker_extra"] or 0, "defender": act["defender_extra"] or 0},
              "outcome": None}
    battle["dice"] = dice(state, battle)
    state["battle"] = battle
    state.pop("called_off_battle", None)


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
    if battle.get("removal"):
        raise ActionError(N_("Waiting for the enemy to choose which of its units it removes."))
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
    if board.has_board(state):
        battle["losses"] = {side: None for side in SIDES}
        nothing_to_assign(state, battle)


def nothing_to_assign(state: dict, battle: dict) -> None:
    """Sides with no result to carry out are done at once; then the post-battle step may open."""
    for side in SIDES:
        if not to_assign(state, battle, side)["kills"] and not to_assign(state, battle, side)["pains"]:
            battle[stage(battle)][side] = {"killed": {}, "pained": {}, "retreats": {}, "eliminated": None}
    post_battle(state, battle)


def stage(battle: dict) -> str:
    """Where this battle's results are carried out: "losses", then
    "extra_losses" for the pains Necrophagy adds."""
    return "extra_losses" if "extra_losses" in battle else "losses"


def necrophagy_ghouls(state: dict, battle: dict) -> dict[str, int]:
    """Black Goat's Ghouls Necrophagy may bring: in other areas, or in the
    battle's area when Black Goat is not fighting there (FAQ)."""
    goat = state["factions"].get("black_goat")
    if not goat or "necrophagy" not in goat["spellbooks"]:
        return {}
    fighting_here = "black_goat" in (battle["attacker"], battle["defender"])
    ghouls = {a: board.units_in(state, a, "black_goat").get("ghoul", 0) for a in board.areas_with(state, "black_goat")}
    return {a: n for a, n in ghouls.items() if n and (a != battle["area"] or not fighting_here)}


def post_battle(state: dict, battle: dict) -> None:
    """Once both sides' results are carried out: Black Goat decides on
    Necrophagy (post-battle, even in a battle it is not in) when it can."""
    if stage(battle) == "losses" and not waiting_losses(battle) and "necrophagy" not in battle \
            and necrophagy_ghouls(state, battle):
        battle["post"] = ["black_goat"]


# -- a board battle's results carried out (seed, 战斗 3. 结果) ---------------------------------
def waiting_losses(battle: dict) -> list[str]:
    """The sides whose losses are still to be assigned, attacker first."""
    losses = battle.get(stage(battle)) or {}
    return [side for side in SIDES if side in losses and (losses[side] is None or losses[side]["retreats"] is None)]


def to_assign(state: dict, battle: dict, side: str) -> dict:
    """Kills up to the units there, then pains up to those left (extra results are ignored)."""
    here = fighting(state, battle, side)
    # Regenerate: each Starspawn may take two results.
    there = sum(here.values()) + (here.get("starspawn", 0) if regenerates(state, battle, side) else 0)
    suffers = battle["outcome"][side]["suffers"]
    if stage(battle) == "extra_losses":  # Necrophagy: a pain more for each Ghoul it brought
        return {"kills": 0, "pains": min(battle["necrophagy"], there)}
    kills = min(suffers["kills"], there)
    return {"kills": kills, "pains": min(suffers["pains"], there - kills)}


#: Regenerate (Great Cthulhu's spellbook): the results one Starspawn takes, (kills, pains).
REGENERATE = {"kill-kill": (2, 0), "kill-pain": (1, 1), "pain-pain": (0, 2), "kill": (1, 0), "pain": (0, 1)}


def regenerates(state: dict, battle: dict, side: str) -> bool:
    faction = battle[side]
    return faction == "great_cthulhu" and "regenerate" in state["factions"][faction]["spellbooks"]


def regenerated(state: dict, battle: dict, side: str, here: dict, starspawn: list) -> tuple[dict, dict, tuple]:
    """Regenerate (seed, 克苏鲁的咒术书, post-battle): up to 2 results on each
    Starspawn; two kills kill it, any other results make it retreat. Returns
    the Starspawn killed and pained and the (kills, pains) they took."""
    if not starspawn:
        return {}, {}, (0, 0)
    if not regenerates(state, battle, side):
        raise ActionError(N_("That needs its spellbook."), field="starspawn")
    if any(r not in REGENERATE for r in starspawn) or len(starspawn) > here.get("starspawn", 0):
        raise ActionError(N_("Give each of your Starspawn there up to two results."), field="starspawn")
    dead = sum(1 for r in starspawn if r == "kill-kill")
    took = (sum(REGENERATE[r][0] for r in starspawn), sum(REGENERATE[r][1] for r in starspawn))
    return ({"starspawn": dead} if dead else {}), ({"starspawn": len(starspawn) - dead}
                                                    if len(starspawn) > dead else {}), took


def retreat_areas(state: dict, battle: dict, side: str) -> list[str]:
    """Neighbouring areas holding no unit of this battle's enemy (a third faction's units don't matter)."""
    enemy = battle["defender" if side == "attacker" else "attacker"]
    return [a for a in sorted(board.adjacency(state)[battle["area"]]) if not board.present(state, a, enemy)]


def chooser(state: dict, battle: dict, side: str) -> str:
    """The owner chooses which units take its kills and pains; with Hastur in
    the battle (Vengeance), Yellow Sign chooses for its enemy."""
    other = "defender" if side == "attacker" else "attacker"
    if battle[other] == "yellow_sign" and board.units_in(state, battle["area"], "yellow_sign").get("hastur"):
        return "yellow_sign"
    return battle[side]


def side_to_assign(state: dict, faction: str | None) -> str | None:
    """The side `faction` assigns losses for now: the attacker's first (it
    retreats first). A side whose retreats wait for Madness is assigned: the
    other side assigns its own meanwhile (Crawling Chaos orders the retreats)."""
    battle = state.get("battle")
    if not battle or battle.get("outcome") is None:
        return None
    unassigned = [side for side in waiting_losses(battle) if battle[stage(battle)][side] is None]
    if unassigned and chooser(state, battle, unassigned[0]) == faction:
        return unassigned[0]
    return None


def check_losses(state: dict, battle: dict, side: str, killed: dict, pained: dict, retreats: dict,
                 eliminated: str | None, starspawn: list | None = None) -> dict:
    """One side's results as its chooser gives them, checked: the units
    killed and pained, and the retreats (None: Madness' to choose), or the
    unit eliminated for want of one."""
    killed, pained = assigned(state, battle, side, killed, pained, starspawn)
    done = {"killed": killed, "pained": pained, "retreats": {}, "eliminated": None,
            **({"starspawn": starspawn} if starspawn else {})}
    legal = retreat_areas(state, battle, side)
    if pained and not legal and spared_a_second_loss(battle, side):
        return done  # FAQ: a side that lost a unit for want of a retreat loses no second one to Necrophagy
    if pained and not legal:
        # No legal retreat: one pained unit is eliminated, the rest stay.
        if any(retreats.values()):
            raise ActionError(N_("No neighbouring area is free of the enemy: nobody can retreat."), field="retreats")
        if eliminated not in pained:
            raise ActionError(N_("No legal retreat: choose one pained unit to be eliminated."), field="eliminated")
        return done | {"eliminated": eliminated}
    if pained and madness(state, battle, side):
        if any(retreats.values()):
            raise ActionError(N_("Madness: Crawling Chaos chooses where your pained units retreat."),
                              field="retreats")
        return done | {"retreats": None}  # Crawling Chaos chooses them next (battle.retreats)
    return done | {"retreats": check_retreats(state, battle, side, pained, retreats)}


def assigned(state: dict, battle: dict, side: str, killed: dict, pained: dict,
             starspawn: list | None) -> tuple[dict, dict]:
    """The units killed and pained, once the counts fit what the side suffers
    (Regenerate's Starspawn and Emissary's Nyarlathotep included)."""
    here = fighting(state, battle, side)
    due = to_assign(state, battle, side)
    killed = {u: n for u, n in killed.items() if n}
    pained = {u: n for u, n in pained.items() if n}
    if starspawn and (killed.get("starspawn") or pained.get("starspawn")):
        raise ActionError(N_("Give each of your Starspawn there up to two results."), field="starspawn")
    dead, hurt, took = regenerated(state, battle, side, here, starspawn or [])
    if any(here.get(u, 0) < n for u, n in killed.items()) or sum(killed.values()) + took[0] != due["kills"]:
        raise ActionError(N_("Choose %(n)d of the units there to be killed."), field="killed", n=due["kills"])
    left = {u: here[u] - killed.get(u, 0) - (len(starspawn or []) if u == "starspawn" else 0) for u in here}
    if any(left.get(u, 0) < n for u, n in pained.items()) or sum(pained.values()) + took[1] != due["pains"]:
        raise ActionError(N_("Choose %(n)d of the units left there to be pained."), field="pained", n=due["pains"])
    killed = {u: killed.get(u, 0) + dead.get(u, 0) for u in set(killed) | set(dead)}
    pained = {u: pained.get(u, 0) + hurt.get(u, 0) for u in set(pained) | set(hurt)}
    if killed.get("nyarlathotep") and emissary(state, battle, side):
        del killed["nyarlathotep"]
        pained["nyarlathotep"] = 1
    return killed, pained


def emissary(state: dict, battle: dict, side: str) -> bool:
    """Emissary of the Outer Gods (Crawling Chaos' spellbook): unless an enemy
    Great Old One is in the battle, a kill on Nyarlathotep is a pain instead."""
    if battle[side] != "crawling_chaos" or "emissary_of_the_outer_gods" not in \
            state["factions"]["crawling_chaos"]["spellbooks"]:
        return False
    enemy = battle[other(side)]
    return not any(board.kind(enemy, u) == "great_old_one" for u in battle["units"][other(side)])


def check_retreats(state: dict, battle: dict, side: str, pained: dict, retreats: dict) -> dict:
    """{"unit:area": n}: every pained unit to a neighbouring area with no unit of the enemy."""
    legal = retreat_areas(state, battle, side)
    moves = {}
    for key, n in retreats.items():
        unit, _, to = key.partition(":")
        if n:
            moves[(unit, to)] = moves.get((unit, to), 0) + n
    if any(to not in legal for _, to in moves):
        raise ActionError(N_("Pained units retreat to a neighbouring area with no unit of the enemy."),
                          field="retreats")
    by_unit = {}
    for (unit, _), n in moves.items():
        by_unit[unit] = by_unit.get(unit, 0) + n
    if by_unit != pained:
        raise ActionError(N_("Every pained unit retreats: give each one an area."), field="retreats")
    return {f"{u}:{to}": n for (u, to), n in moves.items()}


def madness(state: dict, battle: dict, side: str) -> str | None:
    """Madness (Crawling Chaos' spellbook): it chooses where its enemies'
    pained units retreat, even from a battle it is not in (not which units)."""
    chaos = state["factions"].get("crawling_chaos")
    if battle[side] != "crawling_chaos" and chaos and "madness" in chaos["spellbooks"]:
        return "crawling_chaos"
    return None


def sides_to_retreat(state: dict, faction: str | None) -> list[str]:
    """The sides whose pained units `faction` (Crawling Chaos, with Madness)
    sends away now, in any order it likes (seed, 战斗 3. 结果 2) and FAQ:
    it may have the defender retreat first)."""
    battle = state.get("battle")
    waiting = waiting_losses(battle) if battle and battle.get("outcome") else []
    return [side for side in waiting
            if battle[stage(battle)][side] is not None and madness(state, battle, side) == faction]


def side_to_retreat(state: dict, faction: str | None, side: str | None = None) -> str | None:
    """The side `faction` sends away now: `side`, or the first waiting (the attacker's)."""
    sides = sides_to_retreat(state, faction)
    if side is None:
        return sides[0] if sides else None
    return side if side in sides else None


def retreat(act: Act) -> None:
    """Madness: Crawling Chaos sends the pained units of the side it names
    (`side`; the first waiting without it) to the areas it names. A side left
    with no legal area by the other's retreat loses one pained unit,
    `eliminated`, and the rest stay."""
    state, faction = act.state, acting(act)
    me(state, faction)
    side = side_to_retreat(state, faction, act["side"])
    if side is None:
        raise ActionError(N_("No pained units are waiting for you to choose where they retreat."), field="side")
    battle = state["battle"]
    done = battle[stage(battle)][side]
    if not retreat_areas(state, battle, side):
        if act["eliminated"] not in done["pained"]:
            raise ActionError(N_("No legal retreat: choose one pained unit to be eliminated."), field="eliminated")
        board.remove(state, battle["area"], battle[side], act["eliminated"])
        done |= {"retreats": {}, "eliminated": act["eliminated"]}
    else:
        moves = check_retreats(state, battle, side, done["pained"], act["retreats"] or {})
        move_retreats(state, battle, side, moves)
        done["retreats"] = moves
    post_battle(state, battle)
    act.draws.note("victim", battle[side])


def move_retreats(state: dict, battle: dict, side: str, moves: dict) -> None:
    owner, area = battle[side], battle["area"]
    for key, n in moves.items():
        unit, _, to = key.partition(":")
        board.remove(state, area, owner, unit, n)
        board.place(state, to, owner, unit, n)


def spared_a_second_loss(battle: dict, side: str) -> bool:
    """FAQ: a side that lost a unit for want of a retreat loses no second one to Necrophagy's pains."""
    return stage(battle) == "extra_losses" and bool(battle["losses"][side]["eliminated"])


def retreat_choices(state: dict, faction: str | None) -> list[dict]:
    """Madness' ready-made choices: for each side waiting for it, every
    pained unit to one legal area (or, with none, each pained unit eliminated)."""
    battle, out = state.get("battle"), []
    sides = sides_to_retreat(state, faction)
    for side in sides:
        pained = battle[stage(battle)][side]["pained"]
        which = {"side": side} if len(sides) > 1 else {}
        legal = retreat_areas(state, battle, side)
        out += [{**which, "retreats": {f"{u}:{area}": n for u, n in pained.items()}} for area in legal]
        out += [] if legal else [{**which, "eliminated": u} for u in sorted(pained)]
    return out


def losses(act: Act) -> None:
    """Carry out one side's results: killed units leave the map, pained ones
    retreat (attacker first), or one is eliminated when none can."""
    state, faction = act.state, acting(act)
    me(state, faction)
    if not board.has_board(state):
        raise ActionError(N_("On a table that counts by hand, the group carries out the results."))
    battle = state.get("battle")
    side = side_to_assign(state, faction)
    if side is None:
        if battle and waiting_losses(battle):
            raise ActionError(N_("Another faction assigns these results now."))
        raise ActionError(N_("No battle results are waiting to be assigned."))
    done = check_losses(state, battle, side, act["killed"] or {}, act["pained"] or {}, act["retreats"] or {},
                        act["eliminated"], act["starspawn"])
    if (act["killed"] or {}).get("nyarlathotep") and not done["killed"].get("nyarlathotep"):
        act.draws.note("emissary", True)  # the kill on Nyarlathotep was a pain
    owner, area = battle[side], battle["area"]
    for unit, n in done["killed"].items():
        board.remove(state, area, owner, unit, n)
    if done["eliminated"]:
        board.remove(state, area, owner, done["eliminated"])
    move_retreats(state, battle, side, done["retreats"] or {})
    battle[stage(battle)][side] = done
    post_battle(state, battle)


def loss_choices(state: dict, faction: str | None) -> list[dict]:
    """Ready-made assignments (cheapest units first, every retreat to one area),
    so nobody types a count; the form takes any other."""
    side = side_to_assign(state, faction)
    if side is None:
        return []
    battle = state["battle"]
    owner, due = battle[side], to_assign(state, battle, side)
    here = fighting(state, battle, side)
    order = sorted(here, key=lambda u: (KIND_ORDER[data.units(owner)[u]["kind"]], combat_of(state, owner, u), u))
    legal = retreat_areas(state, battle, side)
    options = []
    assignments = []
    for first in [order, list(reversed(order))]:
        killed, _, left = take(first, here, due["kills"])
        assignments.append((killed, take(first, left, due["pains"])[0], []))
    if regenerates(state, battle, side) and here.get("starspawn"):
        assignments.insert(0, regenerate_first(here, due, [u for u in order if u != "starspawn"]))
    for killed, pained, starspawn in assignments:
        extra = {"starspawn": starspawn} if starspawn else {}
        moving = dict(pained)
        if starspawn and len(starspawn) > starspawn.count("kill-kill"):
            moving["starspawn"] = len(starspawn) - starspawn.count("kill-kill")
        spared = spared_a_second_loss(battle, side)
        if moving and not legal:  # one unit is eliminated (not twice: the FAQ)
            options.append({"killed": killed, "pained": pained, **extra,
                            **({} if spared else {"eliminated": sorted(moving)[0]})})
            continue
        if moving and madness(state, battle, side):  # Crawling Chaos picks the areas next
            options.append({"killed": killed, "pained": pained, **extra})
            continue
        for area in legal[:4] if moving else [None]:
            retreats = {f"{u}:{area}": n for u, n in moving.items()} if area else {}
            options.append({"killed": killed, "pained": pained, **extra, "retreats": retreats})
    unique = []
    for option in options:
        if option not in unique and fits(state, battle, side, option):
            unique.append(option)
    return unique


def fits(state: dict, battle: dict, side: str, option: dict) -> bool:
    try:
        check_losses(state, battle, side, option["killed"], option["pained"], option.get("retreats", {}),
                     option.get("eliminated"), option.get("starspawn"))
    except ActionError:
        return False
    return True


def regenerate_first(here: dict, due: dict, others: list[str]) -> tuple[dict, dict, list[str]]:
    """Regenerate's ready-made choice: each Starspawn takes a kill and a pain
    where it can (it retreats), the other units the rest, cheapest first, and
    a Starspawn a second kill only when nothing else is left to take it."""
    kills, pains, results = due["kills"], due["pains"], []
    for _ in range(here["starspawn"]):
        took = (["kill"] if kills else ["pain"] if pains else [])
        kills, pains = kills - took.count("kill"), pains - took.count("pain")
        if took and pains:
            took, pains = took + ["pain"], pains - 1
        if took:
            results.append(took)
    rest = {u: n for u, n in here.items() if u != "starspawn"}
    killed, _, left = take(others, rest, kills)
    kills -= sum(killed.values())
    for took in results:
        if kills and took == ["kill", "pain"]:
            took[1], kills, pains = "kill", kills - 1, pains + 1
    pained, _, _ = take(others, left, pains)
    return killed, pained, ["-".join(took) for took in results]


KIND_ORDER = {"cultist": 0, "monster": 1, "great_old_one": 2}


def combat_of(state: dict, faction: str, unit: str) -> int:
    return unit_facts(state, faction, unit)["combat"].get("fixed", 9)


def take(order: list[str], units: dict, n: int) -> tuple[dict, dict, dict]:
    """The first `n` units in `order`: (taken, the same again, what is left)."""
    taken, left = {}, dict(units)
    for unit in order:
        while n and left.get(unit):
            taken[unit] = taken.get(unit, 0) + 1
            left[unit] -= 1
            n -= 1
    return taken, dict(taken), {u: k for u, k in left.items() if k}


def side_roll(act: Act, battle: dict, side: str, rng) -> dict:
    faces, count = act[f"{side}_faces"], battle["dice"][side]["dice"]
    return combat.entered(count, faces, f"{side}_faces") if faces else combat.roll(count, rng)


def harbinger_targets(state: dict, faction: str | None) -> list[str]:
    """The enemy Great Old Ones The Harbinger pays out for now (seed, 蠕行混沌
    特技 harbinger 预兆, post-battle): after a battle with Nyarlathotep in it,
    each enemy Great Old One pained (4, 5) or killed (6) in it, once.

    On the board the app knows which units took which result. A table that
    counts by hand keeps counts, not which unit took which result (the owner
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
    if "losses" in battle:  # on the board: exactly the Great Old Ones killed or pained
        hit = battle["losses"][side]
        if hit is None:
            return []
        paid = battle.get("harbinger", [])
        return [goo for goo in sorted(set(hit["killed"]) | set(hit["pained"]))
                if data.units(battle[side])[goo]["kind"] == "great_old_one" and goo not in paid]
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
