"""A scenario's scripted special rules: when they apply, what they do, and a
one-line English summary of each (the source keeps them as a small script)."""

from __future__ import annotations

import re

from .source import words

CLAUSE = re.compile(r"^(R|C) *(==|>|%) *(\d+)(?: *== *(\d+))?$")
FIGURE_CONDITIONS = ("present", "dead", "killed")


def convert_rule(source, raw: dict) -> dict:
    when = {"rounds": rounds(raw["round"])}
    if raw.get("requiredRooms"):
        when["after_rooms_open"] = raw["requiredRooms"]
    if raw.get("once"):
        when["once"] = True
    # The source checks a rule at the start of a round or at its end, and
    # "always" rules also whenever the board changes.
    when["checked"] = "round_start" if raw.get("start") else "round_end"
    if raw.get("always"):
        when["also_during_round"] = True
    if raw.get("alwaysApply"):
        when["standing"] = True  # an effect that holds all along, not an event
    checks, effects = [], []
    for figure in raw.get("figures", []):
        if figure["type"] in FIGURE_CONDITIONS:
            checks.append({"figure": who(source, figure["identifier"]), "is": figure["type"], **count(figure)})
        else:
            effects.append(figure_effect(source, figure))
    if checks:
        when["if"] = checks
    effects += other_effects(source, raw)
    rule = {"when": when, "effects": effects}
    rule["text"] = summary(rule, lambda ident: source.label("monster", ident) or words(ident))
    return rule


def count(figure: dict) -> dict:
    return {"which": figure["value"]} if figure.get("value") is not None else {}


def rounds(expression: str) -> list:
    """The round test as a list of alternatives (any may hold)."""
    if expression.strip() == "true":
        return [{"every": 1}]
    found = []
    for clause in expression.split("||"):
        match = CLAUSE.match(clause.strip())
        if not match:
            raise ValueError(f"unreadable round test {expression!r}")
        subject, op, number, remainder = match.groups()
        if subject == "C":
            found.append({"characters_over": int(number)})
        elif op == "==":
            found.append({"round": int(number)})
        elif op == ">":
            found.append({"after_round": int(number)})
        else:
            found.append({"every": int(number), "remainder": int(remainder)})
    return found


def who(source, identifier: dict) -> str:
    kind, name = identifier["type"], identifier.get("name", "")
    if kind == "character":
        return "each character"
    if kind == "characterWithSummon":
        return "each character and summon"
    if kind == "all":
        return "every figure"
    if kind == "monster":
        shown = "every demon" if name == ".*demon.*" else source.label("monster", name) or words(name)
    else:
        shown = name
    marker = identifier.get("marker")
    return f"{shown} {marker}" if marker else shown


def figure_effect(source, figure: dict) -> dict:
    kind, target = figure["type"], who(source, figure["identifier"])
    value = figure.get("value")
    if kind == "amAdd":
        card, _, number = value.partition(":")
        return {"kind": "add_modifier_cards", "card": {"minus1": "-1"}.get(card, card),
                "count": int(number), "to": target}
    if kind == "gainCondition":
        return {"kind": "condition", "condition": value, "to": target}
    if kind == "damage":
        return {"kind": "damage", "value": value, "to": target}
    if kind in ("toggleOn", "toggleOff"):
        return {"kind": "monster_acts" if kind == "toggleOn" else "monster_inactive", "to": target}
    raise ValueError(f"unknown figure effect {kind!r}")


def other_effects(source, raw: dict) -> list:
    found = [spawn(source, s) for s in raw.get("spawns", [])]
    for element in raw.get("elements", []):
        found.append({"kind": "element", "element": element["type"], "state": element["state"]})
    if raw.get("rooms"):
        found.append({"kind": "open_rooms", "rooms": raw["rooms"]})
    for effect in raw.get("statEffects", []):
        found.append(stat_change(source, effect))
    if raw.get("note"):
        found.append({"kind": "note", "text": source.text(raw["note"])})
    if raw.get("randomDungeon"):
        dungeon = raw["randomDungeon"]
        found.append({"kind": "random_dungeon", "monster_cards": dungeon["monsterCards"],
                      "room_cards": dungeon["dungeonCards"], "monster_count": dungeon["monsterCount"],
                      "room_count": dungeon["dungeonCount"]})
    if raw.get("disableRules"):
        found.append({"kind": "end_rules", "rules": [r["index"] + 1 for r in raw["disableRules"]]})
    if raw.get("finish"):
        found.append({"kind": "finish", "result": raw["finish"]})
    return found


def spawn(source, raw: dict) -> dict:
    monster = raw["monster"]
    name, _, bonus = monster["name"].partition(":")
    found = {"kind": "spawn", "monster": name, "count": raw.get("count", 1)}
    if bonus:
        found["level_bonus"] = int(bonus)
    if "type" in monster:
        found["rank"] = monster["type"]
    else:
        found["by_characters"] = {k[-1]: monster[k] for k in ("player2", "player3", "player4") if k in monster}
    if raw.get("marker"):
        found["marker"] = raw["marker"]
    return found


def stat_change(source, raw: dict) -> dict:
    change = {words(k).replace(" ", "_"): v for k, v in raw["statEffect"].items()}
    renamed = {"health": "hit_points", "movement": "move", "name": "becomes"}
    change = {renamed.get(k, k): v for k, v in change.items()}
    found = {"kind": "stat_change", "monster": raw["identifier"]["name"], "change": change}
    if raw.get("note"):
        found["text"] = source.text(raw["note"])
    return found


def summary(rule: dict, monster_name) -> str:
    when = rule["when"]
    every_round = when["rounds"] == [{"every": 1}]
    # "Every round" is noise for a standing effect or a one-time trigger.
    if every_round and (when.get("standing") or when.get("once")):
        parts = []
    else:
        parts = [" or ".join(round_phrase(r) for r in when["rounds"])]
    if when.get("after_rooms_open"):
        parts.append("when room " + " and ".join(map(str, when["after_rooms_open"])) + " is open")
    for check in when.get("if", []):
        parts.append(f"if {check['figure']} is {check['is']}")
    if when.get("once"):
        parts.append("once only")
    head = ", ".join(p for p in parts if p)
    body = "; ".join(effect_phrase(e, monster_name) for e in rule["effects"])
    return f"{head[:1].upper()}{head[1:]}: {body}" if head else body


def round_phrase(test: dict) -> str:
    if test.get("every") == 1:
        return "every round"
    if "round" in test:
        return f"round {test['round']}"
    if "after_round" in test:
        return f"after round {test['after_round']}"
    if "characters_over" in test:
        return f"with more than {test['characters_over']} characters"
    first = test["remainder"] or test["every"]
    return f"every {test['every']} rounds from round {first}"


def effect_phrase(effect: dict, monster_name) -> str:
    kind = effect["kind"]
    if kind == "add_modifier_cards":
        return f"add {effect['count']} {effect['card']} cards to the modifier deck of {effect['to']}"
    if kind == "condition":
        return f"{effect['to']} gains {effect['condition']}"
    if kind == "damage":
        return f"{effect['to']} suffers {effect['value']} damage"
    if kind in ("monster_acts", "monster_inactive"):
        return f"{effect['to']} {'acts' if kind == 'monster_acts' else 'does not act'}"
    if kind == "spawn":
        where = f" at marker {effect['marker']}" if effect.get("marker") else ""
        if "rank" in effect:
            ranks = f" ({effect['rank']})"
        else:
            shown = ", ".join(f"{n} characters: {r}" for n, r in effect["by_characters"].items())
            ranks = f" ({shown}; none otherwise)" if len(effect["by_characters"]) < 3 else f" ({shown})"
        return f"spawn {effect['count']} {monster_name(effect['monster'])}{where}{ranks}"
    if kind == "element":
        return f"{effect['element']} is {effect['state']}"
    if kind == "open_rooms":
        return "open room " + ", ".join(map(str, effect["rooms"]))
    if kind == "finish":
        return f"the scenario is {effect['result']}"
    if kind == "random_dungeon":
        return "build the map from random room and monster cards"
    if kind == "end_rules":
        return "rules " + ", ".join(map(str, effect["rules"])) + " stop"
    return effect.get("text") or kind.replace("_", " ")
