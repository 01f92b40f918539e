"""A battle's dice (seed, 战斗): the combat die, and dice equal to the total
combat strength in the area; a 6 is a kill, a 4 or 5 a pain. Strengths of Great Old Ones come from the
tracked state; the exact chance of each number of kills and pains comes from
the shared dice engine."""

from __future__ import annotations

from fractions import Fraction

from companion.dice import Pool, Roll, numeric_die, probability, roll_pool
from companion.games.cthulhu_wars.state import unit_facts
from companion.rules import N_

#: The combat die (战斗 step 2, "骰子点数中"): each 6 is a kill, each 4 or 5
#: a pain, 1-3 miss; nothing explodes.
COMBAT_DIE = numeric_die(
    "cthulhu_wars_combat",
    6,
    label="Combat die",
    extra={4: {"pain": 1}, 5: {"pain": 1}, 6: {"kill": 1}},
)

#: The most dice a side may roll: beyond any real board (6 + 6 + 8 monsters ...).
MAX_DICE = 60


def unit_dice(state: dict, faction_id: str, unit_id: str, count: int, context: dict) -> int:
    """The dice `count` units of one kind add to their side's battle."""
    if count <= 0:
        return 0
    combat = unit_facts(state, faction_id, unit_id)["combat"]
    own = context["own"]
    if unit_id == "cultist" and "frenzy" in own["spellbooks"]:
        return count  # Frenzy: Black Goat's cultists fight with 1
    if "fixed" in combat:
        return combat["fixed"] * count
    if combat.get("per_unit_minus_one"):
        return count - 1  # all the Undead together
    if combat.get("per_unit_plus_one"):
        return count + 1  # all the Byakhee together
    formula = combat["formula"]
    if formula == "spellbooks_both_sides":  # Nyarlathotep
        return len(own["spellbooks"]) + len(context["enemy"]["spellbooks"])
    if formula == "cultists_plus_gates":  # Shub-Niggurath; Dark Young are not cultists here
        return own["counts"].get("cultists", 0) + own["counts"].get("gates", 0)
    if formula == "ritual_cost":  # Hastur
        return context["ritual_cost"]
    raise ValueError(f"unknown combat formula {formula!r}")


def side_dice(state: dict, faction_id: str, present: dict[str, int], context: dict,
              extra: int = 0) -> tuple[int, list[dict]]:
    """A side's dice and the working: one term per kind of unit present."""
    terms = []
    for unit_id, count in present.items():
        if count:
            terms.append({"unit": unit_id, "n": count, "value": unit_dice(state, faction_id, unit_id, count, context)})
    if extra:
        terms.append({"label": N_("%(n)d from spellbooks and abilities"), "n": extra, "value": extra})
    return min(MAX_DICE, max(0, sum(t["value"] for t in terms))), terms


def chart(dice: int) -> dict[str, list[tuple[int, Fraction]]]:
    """The exact chance of each number of kills and of pains from `dice` dice."""
    pool = Pool({COMBAT_DIE: dice})
    return {
        "kills": sorted(probability.distribution(pool, "kill").items()),
        "pains": sorted(probability.distribution(pool, "pain").items()),
    }


def roll(dice: int, rng) -> dict:
    return roll_pool(Pool({COMBAT_DIE: dice}), rng).to_json()


def entered(dice: int, faces, field: str) -> dict:
    """A physical roll typed in ("6 4 1"); ActionError naming `field` if it doesn't fit."""
    return Roll.from_entered(Pool({COMBAT_DIE: dice}), {COMBAT_DIE.kind: faces}, field_prefix=f"{field}.").to_json()


def results(record: dict) -> dict[str, int]:
    recorded = Roll.from_json(record, [COMBAT_DIE])
    return {"kills": recorded.total("kill"), "pains": recorded.total("pain"),
            "faces": [rolled.face.id for rolled in recorded]}


def outcome(attacker_roll: dict, defender_roll: dict) -> dict:
    """What each side suffers, in the seed's order: both at once, kills first
    (the owner chooses which units die), then each pain retreats a unit,
    attacker first, into an area holding no enemy of this battle (a unit that
    can't is eliminated); results beyond the units there are ignored."""
    attacker, defender = results(attacker_roll), results(defender_roll)
    return {
        "attacker": {"rolled": attacker, "suffers": {"kills": defender["kills"], "pains": defender["pains"]}},
        "defender": {"rolled": defender, "suffers": {"kills": attacker["kills"], "pains": attacker["pains"]}},
    }
