"""Battle goals (24) and personal quests (24)."""

from __future__ import annotations

import re

from .items import SLOTS
from .source import words

TRACKING = {"itemType": "items_of_slot", "scenario": "scenario_completed", "gold": "gold_held"}


def convert_battle_goals(source) -> list:
    goals = sorted(source.json("battle-goals.json"), key=lambda g: int(g["cardId"]))
    return [{"id": int(g["cardId"]), "name": g["name"], "text": g["text"], "checkmarks": g["checks"]}
            for g in goals]


def convert_personal_quests(source) -> list:
    quests = sorted(source.json("personal-quests.json"), key=lambda q: int(q["cardId"]))
    return [convert_quest(source, q) for q in quests]


def convert_quest(source, raw: dict) -> dict:
    number = raw["cardId"]
    quest = {"id": int(number), "name": source.label("personalQuest", "gh", number),
             "goals": [goal(source, g) for g in raw["requirements"]]}
    if raw.get("unlockCharacter"):
        quest["unlocks"] = {"class": raw["unlockCharacter"]}
    else:
        quest["unlocks"] = {"envelope": raw["openEnvelope"]}
    return quest


def goal(source, raw: dict) -> dict:
    found = {"text": source.text(raw["name"]), "count": raw["counter"]}
    if raw.get("requires"):
        # 1-based positions of the goals that must be met first.
        found["after"] = raw["requires"]
    if raw.get("autotrack"):
        kind, _, values = raw["autotrack"].partition(":")
        found["tracks"] = {"kind": TRACKING.get(kind, words(kind).replace(" ", "_"))}
        if values:
            found["tracks"]["values"] = [tracked_value(v) for v in values.split("|")]
    return found


def tracked_value(value: str):
    if re.fullmatch(r"\d+", value):
        return int(value)
    return SLOTS.get(value, value)
