"""A class's summons as its ability cards print them (data/gloomhaven
characters.json, "summons"): the stats `summon.add` takes, so a player picks
the summon by name instead of typing them. A summon's hit points may grow
with the character's level ("8+Lx2": L is the summoner's level)."""

from __future__ import annotations

import re

from companion.games.gloomhaven import catalog, formulas
from companion.games.gloomhaven.conditions import ATTACK_CONDITIONS
from companion.rules import N_, ActionError


def _number(value: object) -> int | None:
    """A printed number ("2", or "2" with an element's icon after it)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    found = re.match(r"\s*(\d+)", value) if isinstance(value, str) else None
    return int(found.group(1)) if found else None


def _ability(raw: dict, kind: str) -> int:
    return next((_number(a.get("value")) or 0 for a in raw.get("abilities", []) if a.get("kind") == kind), 0)


def stats_of(raw: dict, level: int) -> dict | None:
    """{"name", "hp", "move", "attack", "range", "flying", "shield",
    "retaliate", "pierce", "conditions", "count"} for a summon entry of the data at
    the summoner's `level` (None: hit points this can't read). Move, attack
    and range are None where the card prints none; pierce and the conditions
    go with its attacks; `count`: how many alike the card summons."""
    hp = formulas.evaluate(raw.get("hit_points"), 1, level)
    if hp is None or hp < 1:
        return None
    return {"name": raw["name"], "hp": hp, "move": _number(raw.get("move")), "attack": _number(raw.get("attack")),
            "range": _number(raw.get("range")),
            "flying": any(a.get("kind") == "fly" for a in raw.get("abilities", [])),
            "shield": _ability(raw, "shield"), "retaliate": _ability(raw, "retaliate"),
            "pierce": _ability(raw, "pierce"), "count": _number(raw.get("count")) or 1,
            "conditions": [a["value"] for a in raw.get("abilities", [])
                           if a.get("kind") == "condition" and a.get("value") in ATTACK_CONDITIONS]}


def offered(class_id: str, level: int) -> list[dict]:
    """The summons the class's cards up to `level` give, with their stats."""
    found = []
    for raw in catalog.character_classes().get(class_id, {}).get("summons", []):
        if raw.get("card_level") is not None and raw["card_level"] > level:
            continue
        stats = stats_of(raw, level)
        if stats is not None:
            found.append(stats)
    return found


def picked(who: dict, name: object) -> dict:
    """The summon named `name` among those `who`'s class and level offer."""
    found = next((s for s in offered(who.get("class", ""), who.get("level") or 1) if s["name"] == name), None)
    if found is None:
        raise ActionError(N_("Your character's cards give no such summon."), field="from_card")
    return found
