"""The battle phase as a walk through the map (rulebook, 战斗阶段): regions
in region order; in each, the gods that can fight, in K-N-T-S order, each
rolling (first strike before any normal roll there) and then assigning its
hits. Figures killed by normal hits fall but still roll in this battle and
leave at its end; first-strike kills leave at once; peasants killed go to
the killer's sheet at once."""

from __future__ import annotations

import random

from companion.dice import Roll, roll_pool
from companion.games.chaos import data
from companion.games.chaos.battle import PEASANT, check_assignment, dice_due, khorne_earns_token, legal_targets
from companion.games.chaos.board import controlled_figures, region_view
from companion.games.chaos.dice import COMBAT_DIE, MAX_POOL, combat_pool
from companion.games.chaos.upgrades import unit_stats
from companion.kit.board import count, take
from companion.rules import N_, ActionError


def fighters(state: dict, region_id: str) -> list[str]:
    """Gods, in turn order, with dice to roll and something to fight here."""
    region = region_view(state, region_id)
    units = unit_stats(state)
    gods = state["gods_in_play"]
    peasant_defense = data.table()["peasant_defense"]
    return [god for god in gods
            if dice_due(region, god, units) > 0 and legal_targets(region, god, gods, units, [], peasant_defense)]


def start(state: dict) -> None:
    """The battle phase's cursor, before the first region (flow.next_battle opens it)."""
    state["battle"] = {"region": None, "queue": [], "roll": None, "normal_rolled": False,
                       "fallen": [], "removed": [], "wounds": {}, "khorne": [], "done": []}


def next_region(state: dict) -> bool:
    """Open the next region with a battle; False when there is none left."""
    battle = state["battle"]
    order = data.region_order()
    after = order.index(battle["region"]) + 1 if battle["region"] else 0
    for region_id in order[after:]:
        queue = fighters(state, region_id)
        if queue:
            battle.update(region=region_id, queue=queue, roll=None, normal_rolled=False,
                          fallen=[], removed=[], wounds={})
            return True
    return False


def require_fighter(state: dict, god: str, step: str, first_strike: bool = False) -> dict:
    """Normal rolls go in turn order; before any of them in a region, any god
    fighting there may roll its first strike."""
    battle = state["battle"]
    if step == "roll" and battle["roll"] is not None:
        raise ActionError(N_("Assign the hits of the last roll first."), field="type")
    if step == "assign" and battle["roll"] is None:
        raise ActionError(N_("Roll first."), field="type")
    if step == "assign":
        allowed = battle["roll"]["god"]
    elif first_strike:
        # A card may give first strike to a god whose figures roll no normal dice.
        present = controlled_figures(region_view(state, battle["region"]), god) if god in state["gods_in_play"] else []
        allowed = god if present else None
    else:
        allowed = battle["queue"][0] if battle["queue"] else None
    if god != allowed:
        raise ActionError(N_("It is not this god's turn to fight."), field="god")
    return battle


def dice_for(state: dict, god: str, first_strike: bool, dice: int) -> int:
    """Dice due: a first strike rolls the dice its source names; the normal
    roll is every controlled figure's attack plus (or minus) card effects."""
    battle = state["battle"]
    if first_strike:
        if battle["normal_rolled"]:
            raise ActionError(N_("First strike comes before any normal roll in this region."), field="first_strike")
        total = dice
    else:
        region = region_view(state, battle["region"])
        total = dice_due(region, god, unit_stats(state), battle["removed"]) + dice
    if not 0 <= total <= MAX_POOL:
        raise ActionError(N_("That makes %(dice)d dice; a roll has 0 to %(max)d."),
                          field="dice", dice=total, max=MAX_POOL)
    return total


def roll_dice(total: int, faces: str, rng: random.Random) -> dict:
    """The roll as JSON for the payload: entered physical dice, else drawn."""
    pool = combat_pool(total)
    if faces.strip():
        try:
            return Roll.from_entered(pool, {COMBAT_DIE.kind: faces}).to_json()
        except ActionError as error:
            error.field = "faces"  # the form has one box for the faces
            raise
    return roll_pool(pool, rng).to_json()


def record_roll(state: dict, god: str, first_strike: bool, dice: int, roll_json: dict) -> None:
    battle = require_fighter(state, god, "roll", first_strike)
    total = dice_for(state, god, first_strike, dice)
    roll = Roll.from_json(roll_json, [COMBAT_DIE])
    if len(roll.dice) != total:  # the pool's own dice; explosions hang below them
        raise ActionError(N_("Every die due must be rolled: %(dice)d here."), field="faces", dice=total)
    battle["roll"] = {"god": god, "first_strike": first_strike, "dice": total, "hits": roll.total("hit"),
                      "faces": roll.faces_by_kind().get(COMBAT_DIE.kind, [])}
    if not first_strike:
        battle["normal_rolled"] = True


def targets_now(state: dict, god: str) -> dict:
    battle = state["battle"]
    region = region_view(state, battle["region"])
    return legal_targets(region, god, state["gods_in_play"], unit_stats(state), battle["fallen"],
                         data.table()["peasant_defense"])


def needed_hits(entry: dict, targets: dict, wounds: dict) -> int:
    """Hits that kill this target (a form asks for kills, not hits)."""
    key = (entry["owner"], entry["unit"])
    if key not in targets:
        raise ActionError(N_("There is no such target left in this region."), field="assignments")
    return max(1, targets[key]["defense"] - wounds.get(key, 0))


def assign(state: dict, god: str, assignments: list[dict], killed: list | None = None) -> bool:
    """Carry out an assignment of the last roll's hits; True when that ends
    the battle in this region (flow.next_battle then opens the next).
    `killed`, if given, receives each figure killed ({owner, unit})."""
    battle = require_fighter(state, god, "assign")
    roll = battle["roll"]
    wounds = {tuple(key.split("|")): hits for key, hits in battle["wounds"].get(god, {}).items()}
    targets = targets_now(state, god)
    assignments = [{**entry, "hits": needed_hits(entry, targets, wounds)} if entry["hits"] == "needed" else entry
                   for entry in assignments]
    made = check_assignment(roll["hits"], assignments, targets, wounds, roll["first_strike"])
    region = state["regions"][battle["region"]]
    if killed is not None:
        killed.extend({"owner": kill["owner"], "unit": kill["unit"]} for kill in made["kills"])
    for kill in made["kills"]:
        if kill["owner"] == PEASANT:
            region["peasants"] -= 1
            state["gods"][god]["peasants"] += 1
        elif roll["first_strike"]:
            remove_figure(state, battle["region"], kill, god)
            battle["removed"].append(kill)
        else:
            battle["fallen"].append({**kill, "by": god})
    for (owner, unit), hits in made["wounds"].items():
        source = battle["wounds"].setdefault(god, {})
        source[f"{owner}|{unit}"] = source.get(f"{owner}|{unit}", 0) + hits
    if khorne_earns_token(made["kills"], god) and battle["region"] not in battle["khorne"]:
        battle["khorne"].append(battle["region"])
        state["gods"]["khorne"]["dial_tokens"] += 1
    battle["roll"] = None
    if not roll["first_strike"]:
        battle["queue"].pop(0)
    if battle["queue"]:
        return False
    for figure in battle["fallen"]:
        remove_figure(state, battle["region"], figure, figure["by"])
    battle["done"].append(battle["region"])
    return True


def remove_figure(state: dict, region_id: str, figure: dict, killer: str) -> None:
    """Take a killed figure off the board. One's own figure under another
    god's control is the lent one; otherwise the owner's own goes first."""
    region = state["regions"][region_id]
    owner, unit = figure["owner"], figure["unit"]
    lent = [e for e in region["control"] if e["owner"] == owner and e["unit"] == unit]
    own_left = count(state["board"], region_id, owner, unit) - len(lent)
    if lent and (killer == owner or own_left <= 0):
        region["control"].remove(next((e for e in lent if e["controller"] != killer), lent[0]))
    take(state["board"], region_id, owner, unit)
