"""Cthulhu Wars facts from data/cthulhu_wars/ (written by convert.py), read once.

Pure: no Flask, no SQLite. Everything is returned as plain dicts and lists;
callers must not change them (they are shared between calls).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.kit.data import GameData

DATA = GameData("cthulhu_wars")


def data_dir() -> Path:
    """data/cthulhu_wars/, in a checkout or an installed wheel."""
    return DATA.folder


def load(name: str) -> dict:
    """A whole data file by its name without .json (e.g. "factions"), parsed once."""
    return DATA.load(name)


def game() -> dict:
    return load("game")


@cache
def factions() -> dict[str, dict]:
    """Faction id -> faction, in the order of their English initials."""
    return {faction["id"]: faction for faction in load("factions")["factions"]}


def faction(faction_id: str) -> dict:
    return factions()[faction_id]


@cache
def units(faction_id: str) -> dict[str, dict]:
    return {unit["id"]: unit for unit in faction(faction_id)["units"]}


def great_old_ones(faction_id: str) -> list[dict]:
    return [unit for unit in faction(faction_id)["units"] if unit["kind"] == "great_old_one"]


def spellbook_ids(faction_id: str) -> list[str]:
    return [book["id"] for book in faction(faction_id)["spellbooks"]]


@cache
def requirements(faction_id: str) -> dict[str, dict]:
    return {req["id"]: req for req in faction(faction_id)["requirements"]}


def maps() -> dict[str, dict]:
    return load("maps")["maps"]


def map_choices(players: int) -> list[str]:
    """The map ids a game of `players` may use, the seed's recommendation first."""
    return list(load("maps")["for_players"].get(str(players), []))


@cache
def areas(map_id: str) -> dict[str, dict]:
    return {area["id"]: area for area in maps()[map_id]["areas"]}


def ritual_track(players: int) -> list[int | None]:
    """The costs of the Ritual of Annihilation track's spaces; None is Instant Death."""
    return list(load("rituals")["tracks"][str(players)]["spaces"])


def instant_death_cost() -> int:
    return load("rituals")["instant_death_cost"]
