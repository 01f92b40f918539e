"""Ability actions (monster ability cards, boss specials, monster stat extras)
in our schema.

An action is {"kind": ..., ...}. Amounts are either "value" (absolute, as
printed) or "delta" (to add to the figure's own stat at this level: the
card's "Attack +1" is {"kind": "attack", "delta": 1}; inside an element
consumption, "delta" adds to the action the consumption belongs to).
Modifiers the source hangs under an action fold into that action's fields
(range, targets, area, conditions, pierce, push, pull, jump, affects,
consume); anything else stays as a nested action under "then".
"""

from __future__ import annotations

import re

from .areas import convert_area

PLUS = ("plus", "add")
MINUS = ("minus", "subtract")
SIMPLE_KINDS = {
    "move": "move", "attack": "attack", "heal": "heal", "shield": "shield",
    "retaliate": "retaliate", "push": "push", "pull": "pull", "loot": "loot",
    "sufferDamage": "suffer_damage", "condition": "condition", "range": "range",
    "target": "targets", "pierce": "pierce", "jump": "jump", "teleport": "teleport",
}
FOLDED = ("range", "target", "area", "condition", "pierce", "push", "pull", "jump", "specialTarget")
WHO = {
    "self": "self", "enemies": "enemies", "enemy": "enemy", "allies": "allies",
    "selfAllies": "self_and_allies", "adjacent": "enemies",
    "adjacentEnemies": "enemies", "enemiesAdjacent": "enemies", "enemyAdjacent": "enemy",
    "adjacentAllies": "allies", "enemyOneAll": "one_enemy_with_all_attacks",
}
SUMMON_TEXT = re.compile(r"^%data\.monster\.([a-z0-9-]+)% \(%monster\.(normal|elite)%\)$")
SUMMON_CUSTOM = re.compile(r"^%game\.custom\.summon% %data\.monster\.([a-z0-9-]+)%$")


class ActionConverter:
    def __init__(self, source):
        self.source = source

    def convert_all(self, raw_actions) -> list:
        """Convert a list; a bare "affects" that follows an action belongs to it."""
        found = []
        for raw in raw_actions or []:
            if raw["type"] == "concatenation" and raw["value"] == ",":
                found.extend(self.convert_all(raw.get("subActions")))
                continue
            action = self.convert(raw)
            if action["kind"] == "affects" and found:
                found[-1]["affects"] = action["affects"]
            else:
                found.append(action)
        return found

    def convert(self, raw: dict) -> dict:
        kind = raw["type"]
        if kind == "element":
            return self.element(raw)
        if kind == "custom":
            return self.custom(raw)
        if kind == "concatenation":
            return self.fold({"kind": "effect"}, raw.get("subActions", []))
        if kind == "summon":
            return self.summon(raw)
        if kind == "special":
            return {"kind": "special", "number": raw["value"]}
        if kind == "specialTarget":
            return {"kind": "affects", "affects": affects(raw["value"])}
        if kind == "area":
            return {"kind": "area", "area": convert_area(raw["value"])}
        if kind == "condition":
            return self.fold({"kind": "condition", "conditions": [raw["value"]]}, raw.get("subActions", []))
        action = {"kind": SIMPLE_KINDS[kind]}
        action.update(amount(raw))
        return self.fold(action, raw.get("subActions", []))

    def fold(self, action: dict, subs: list) -> dict:
        for sub in subs:
            kind = sub["type"]
            if kind in FOLDED:
                self.fold_modifier(action, sub)
            elif kind == "element" and sub.get("valueType") in MINUS:
                action.setdefault("consume", []).append(self.element(sub))
            elif kind == "custom" and is_instead(sub["value"]):
                action["instead"] = True
            elif kind == "concatenation":
                self.fold(action, sub.get("subActions", []))
            else:
                action.setdefault("then", []).append(self.convert(sub))
        if action["kind"] == "effect" and "conditions" in action:
            action["kind"] = "condition"
        return action

    def fold_modifier(self, action: dict, sub: dict) -> None:
        kind = sub["type"]
        if kind == "condition":
            action.setdefault("conditions", []).append(sub["value"])
            for deeper in sub.get("subActions", []):
                self.fold_modifier(action, deeper)
        elif kind == "specialTarget":
            action["affects"] = affects(sub["value"])
        elif kind == "area":
            action["area"] = convert_area(sub["value"])
        elif kind == "jump":
            action["jump"] = True
        elif kind == "range" and "delta" in amount(sub):
            action["range_delta"] = amount(sub)["delta"]
        else:
            field = {"target": "targets"}.get(kind, kind)
            action[field] = sub["value"]

    def element(self, raw: dict) -> dict:
        if raw.get("valueType") in MINUS:
            gives = self.convert_all(raw.get("subActions", []))
            return {"kind": "consume", "element": raw["value"], "gives": gives}
        return {"kind": "infuse", "element": raw["value"]}

    def custom(self, raw: dict) -> dict:
        text = self.source.text(raw["value"])
        if raw["value"] == "%game.custom.ondeath%":
            return {"kind": "on_death", "then": self.convert_all(raw.get("subActions"))}
        summons = SUMMON_CUSTOM.match(raw["value"])
        if summons:  # a boss special "Summon <monster>"; rank as the scenario says
            return {"kind": "summon", "monsters": [{"monster": summons.group(1), "count": 1}]}
        action = {"kind": "text", "text": text}  # None: the source lacks this label
        if raw.get("subActions"):
            action["then"] = self.convert_all(raw["subActions"])
        return action

    def summon(self, raw: dict) -> dict:
        found = SUMMON_TEXT.match(raw["value"]) if isinstance(raw["value"], str) else None
        if found:
            monsters = [{"monster": found.group(1), "rank": found.group(2), "count": 1}]
        elif raw.get("valueObject"):
            monsters = [summoned(entry) for entry in raw["valueObject"]]
        else:
            return {"kind": "text", "text": f"Summon {self.source.text(raw['value'])}"}
        action = {"kind": "summon", "monsters": monsters}
        if raw.get("subActions"):
            action["notes"] = [self.source.text(s["value"]) for s in raw["subActions"]]
        return action


def amount(raw: dict) -> dict:
    if "value" not in raw or raw["value"] in ("", None):
        return {}
    value_type = raw.get("valueType")
    if value_type is None and isinstance(raw["value"], int) and raw["value"] < 0:
        return {"delta": raw["value"]}  # older files write "-1" without a value type
    if value_type in PLUS:
        return {"delta": int(raw["value"])}
    if value_type in MINUS:
        return {"delta": -int(raw["value"])}
    return {"value": raw["value"]}


def is_instead(value: str) -> bool:
    return value.strip("%") == "game.custom.instead"


def affects(token: str) -> dict:
    """'enemiesRange:3' -> {"who": "enemies", "within": 3}; 'enemiesAdjacent'
    -> {"who": "enemies", "within": 1}; an empty range means the action's own."""
    name, _, reach = token.partition(":")
    adjacent = "adjacent" in name.lower()
    is_affect = name.endswith("Affect")
    base = name.replace("Affect", "").replace("Range", "")
    found = {"who": WHO.get(base, WHO.get(base.replace("Adjacent", ""), base))}
    if adjacent:
        found["within"] = 1
    elif "Range" in name:
        found["within"] = int(reach) if reach else "range"
    if is_affect:
        found["all"] = True
    return found


def summoned(entry: dict) -> dict:
    if "objective" in entry:
        return summoned_objective(entry)
    monster = entry["monster"]
    found = {"monster": monster["name"], "count": entry.get("count", 1)}
    if "type" in monster:
        found["rank"] = monster["type"]
    else:
        found["by_characters"] = {n[-1]: monster[n] for n in ("player2", "player3", "player4") if n in monster}
    if "health" in monster:
        found["hit_points"] = monster["health"]
    return found


def summoned_objective(entry: dict) -> dict:
    """A non-monster figure a boss brings in (an objective token that acts)."""
    objective = entry["objective"]
    return {
        "objective": objective["name"],
        "count": entry.get("count", 1),
        "hit_points": objective.get("health", 0),
        "actions": [
            {"kind": a["type"], "value": a["value"]} for a in objective.get("actions", [])
        ],
    }
