"""The Gloomhaven data files (data/gloomhaven/, converted from Gloomhaven
Secretariat's data files; schema in docs/gloomhaven-data.md), read once and
cached. Pure: no Flask, no SQLite. Callers must not mutate what they get."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path


def data_folder() -> Path:
    """data/gloomhaven/ at the top of the repository (and of the installed
    package's data). Kept as the one place that knows where the files live,
    so it can become a call to the app-wide data path helper when that lands."""
    return Path(__file__).resolve().parents[3] / "data" / "gloomhaven"


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    """A whole data file (e.g. "monsters.json"), parsed."""
    with open(data_folder() / name, encoding="utf-8") as handle:
        return json.load(handle)


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


@lru_cache(maxsize=None)
def _scenarios_by_number() -> dict:
    return {s["number"]: s for s in scenarios()}


def scenario(number: int) -> dict:
    return _scenarios_by_number()[number]


def achievements() -> dict:
    return load("achievements.json")["achievements"]
