"""The facts a table plays with: the shipped data, with the group's corrections.

Values the rulebook doesn't give (monster costs and strengths, the ritual
track's spaces) are editable defaults: a group corrects them from its
printed components. Those a second source agrees on are "checked" and carry
no mark; the rest stay marked until corrected. Either way a group may
correct them, and the table keeps the correction in state["corrections"]
("unit:<faction>:<unit>:<field>" -> value).
"""

from __future__ import annotations

from companion.games.cthulhu_wars import data


def correction_key(faction_id: str, unit_id: str, field: str) -> str:
    return f"unit:{faction_id}:{unit_id}:{field}"


def unit(state: dict, faction_id: str, unit_id: str) -> dict:
    """A unit's facts with this table's corrections, and which values are
    still unchecked defaults."""
    base = data.units(faction_id)[unit_id]
    corrections = state.get("corrections", {})
    out = dict(base)
    unchecked = []
    for field in base.get("defaults", []):
        key = correction_key(faction_id, unit_id, field)
        if key in corrections:
            out[field] = corrections[key] if field != "combat" else {"fixed": corrections[key]}
        elif field not in base.get("checked", []):  # a second source agrees: no longer marked
            unchecked.append(field)
    out["unchecked"] = unchecked
    return out


def editable(faction_id: str) -> list[tuple[str, str]]:
    """(unit id, field) pairs a group may correct."""
    return [(u["id"], field) for u in data.faction(faction_id)["units"] for field in u.get("defaults", [])]
