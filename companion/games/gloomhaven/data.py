"""The Gloomhaven data files (data/gloomhaven/, converted from Gloomhaven
Secretariat's data files; schema in docs/gloomhaven-data.md), read once and
cached. Pure: no Flask, no SQLite. Callers must not mutate what they get."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.kit.data import GameData

DATA = GameData("gloomhaven")


def data_folder() -> Path:
    """data/gloomhaven/, in a checkout or an installed wheel alike."""
    return DATA.folder


def load(name: str) -> dict:
    """A whole data file (e.g. "monsters.json"), parsed."""
    return DATA.load(name)


def monsters() -> dict:
    return load("monsters.json")["monsters"]


def monster(monster_id: str) -> dict:
    return monsters()[monster_id]


def decks() -> dict:
    return load("decks.json")["decks"]


def deck_for(monster_id: str) -> dict:
    return decks()[monster(monster_id)["deck"]]


def stats(monster_id: str, level: int, rank: str) -> dict:
    """The stat line of a monster type at a level (0-7) and rank ("normal",
    "elite", or "boss" for bosses)."""
    return monster(monster_id)["levels"][level][rank]


def scenarios() -> list:
    return load("scenarios.json")["scenarios"]


@cache
def _scenarios_by_number() -> dict:
    return {s["number"]: s for s in scenarios()}


def scenario(number: int) -> dict:
    return _scenarios_by_number()[number]


def achievements() -> dict:
    return load("achievements.json")["achievements"]


def classes() -> dict:
    """The 17 character classes by id (the locked ones by their icon ids,
    e.g. "angry-face", with their published names and "spoiler": true)."""
    return load("characters.json")["classes"]


def items() -> list:
    return load("items.json")["items"]


@cache
def _items_by_id() -> dict:
    return {i["id"]: i for i in items()}


def item(item_id: int) -> dict:
    return _items_by_id()[item_id]


def battle_goals() -> list:
    return load("battle_goals.json")["battle_goals"]


def personal_quests() -> list:
    return load("personal_quests.json")["personal_quests"]


def conditions() -> list:
    return load("conditions.json")["conditions"]


def facts() -> dict:
    """Campaign and rules facts by id: {"value", "status", "about"}; a status
    other than CONFIRMED marks an editable default."""
    return load("facts.json")["facts"]


def fact(fact_id: str):
    return facts()[fact_id]["value"]
