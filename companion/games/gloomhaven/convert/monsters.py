"""Monster stat cards: per monster type, its stats at levels 0-7."""

from __future__ import annotations

import re

from .actions import ActionConverter

LEVELS = range(8)
HP_PER_CHARACTER = re.compile(r"^\(?(\d+)xC\)?(?:/(\d+))?$")
ATTACK_PLUS = re.compile(r"^(?:(\d+)\+)?([A-Z])$")


def convert_monsters(source) -> dict:
    actions = ActionConverter(source)
    return {raw["name"]: convert_monster(source, actions, raw) for raw in source.each("monster")}


def convert_monster(source, actions, raw: dict) -> dict:
    base = raw["baseStat"]
    boss = bool(raw.get("boss"))
    monster = {
        "name": display_name(source, raw),
        "standees": raw["count"],
        "deck": raw.get("deck", raw["name"]),
        "boss": boss,
        "flying": bool(raw.get("flying")),
        "immunities": list(base.get("immunities") or []),
    }
    if raw.get("hidden"):
        # Scenario-only figures: which ordinary type's standees they use.
        shared = raw.get("standeeShare") or raw.get("thumbnail", "").removeprefix("gh-") or None
        monster["scenario_only"] = True
        if shared:
            monster["uses_standees_of"] = shared
    if base.get("note"):
        monster["note"] = source.text(base["note"])
    ranks = ("boss",) if boss else ("normal", "elite")
    monster["levels"] = [
        {rank: convert_row(actions, base, row_for(raw, level, rank, boss)) for rank in ranks}
        for level in LEVELS
    ]
    if boss:
        monster["specials"] = [actions.convert_all(group) for group in base.get("special") or []]
    return monster


def display_name(source, raw: dict) -> str:
    """A scenario variant has no label of its own: its type's name and scenario."""
    name = source.label("monster", raw["name"])
    if name:
        return name
    base, _, number = raw["name"].partition("-scenario-")
    return f"{source.label('monster', base) or base} (scenario {number})"


def row_for(raw: dict, level: int, rank: str, boss: bool) -> dict:
    """A boss's rows are all its own, whatever their type says; elsewhere a
    row without a type is the normal row."""
    found = [
        row for row in raw["stats"]
        if row["level"] == level and (boss or row.get("type", "normal") == rank)
    ]
    if len(found) != 1:
        raise ValueError(f"{raw['name']}: {len(found)} {rank} rows for level {level}")
    return found[0]


def convert_row(actions, base: dict, row: dict) -> dict:
    stats = {
        "hit_points": hit_points(row["health"]),
        "move": row.get("movement", base.get("movement")),
        "attack": attack_value(row["attack"]),
        "range": row.get("range", base.get("range", 0)),
    }
    for raw in (base.get("actions") or []) + (row.get("actions") or []):
        add_attribute(actions, stats, raw)
    return stats


def add_attribute(actions, stats: dict, raw: dict) -> None:
    kind = raw["type"]
    if kind in ("shield", "pierce"):
        stats[kind] = raw["value"]
    elif kind == "target":
        stats["targets"] = raw["value"]
    elif kind == "condition":
        stats.setdefault("conditions", []).append(raw["value"])
    elif kind == "retaliate":
        reach = [s["value"] for s in raw.get("subActions", []) if s["type"] == "range"]
        stats["retaliate"] = {"value": raw["value"], "range": reach[0] if reach else 1}
    elif raw["value"] == "%game.custom.advantage%":
        stats["advantage"] = True
    elif raw["value"] == "%game.custom.disadvantage%":
        stats["attackers_disadvantage"] = True
    else:
        stats.setdefault("specials", []).append(actions.convert(raw))


def hit_points(raw):
    """A number, or {"per_character": n, "divide_by": d} for "nxC" formulas."""
    if isinstance(raw, int):
        return raw
    found = HP_PER_CHARACTER.match(raw.replace(" ", ""))
    if not found:
        raise ValueError(f"unknown hit point formula {raw!r}")
    return {"per_character": int(found.group(1)), "divide_by": int(found.group(2) or 1)}


def attack_value(raw):
    """A number, or {"base": n, "plus": "X"} where the letter is explained in
    the monster's note (C is the number of characters)."""
    if isinstance(raw, int):
        return raw
    found = ATTACK_PLUS.match(raw.replace(" ", ""))
    if not found:
        raise ValueError(f"unknown attack value {raw!r}")
    return {"base": int(found.group(1) or 0), "plus": found.group(2)}
