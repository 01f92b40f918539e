"""The Others' facts, read once from data/the_others/ (see convert.py for the
schema). Pure: no Flask, no database; every call returns the same objects, so
callers must not change them. Every printed name (a "name", a sin's "power")
comes as a msgid (Msg, listed in names.py), so wherever it is shown (a page,
a history line, a refusal) it reads in the reader's language."""

from __future__ import annotations

from functools import cache
from typing import Any

from companion.kit.data import GameData
from companion.rules import Msg

DATA = GameData("the_others")
FOLDER = DATA.folder
#: The keys whose text is a printed name: a msgid of names.py.
NAMED = ("name", "power")


@cache
def load(name: str) -> Any:
    """A whole data file by its name without .json (e.g. "heroes"), parsed
    once, its printed names as msgids."""
    return _names_as_msgids(DATA.load(name))


def _names_as_msgids(value: Any, key: str | None = None) -> Any:
    if isinstance(value, dict):
        return {k: _names_as_msgids(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_names_as_msgids(v) for v in value]
    return Msg(value) if key in NAMED and isinstance(value, str) else value


def rules() -> dict:
    return load("rules")


def constants() -> dict:
    return rules()["constants"]


def corruption_levels() -> list[dict]:
    return rules()["corruption_levels"]


def apocalypse_levels() -> list[dict]:
    return rules()["apocalypse_levels"]


def dice() -> dict:
    return load("dice")


@cache
def heroes() -> dict[str, dict]:
    return {hero["id"]: hero for hero in load("heroes")}


@cache
def sins() -> dict[str, dict]:
    return {sin["id"]: sin for sin in load("sins")}


@cache
def acolytes() -> dict[str, dict]:
    return {acolyte["id"]: acolyte for acolyte in load("acolytes")}


@cache
def stories() -> dict[str, dict]:
    return {story["id"]: story for story in load("stories")}


@cache
def upgrades() -> dict[str, dict]:
    return {upgrade["id"]: upgrade for upgrade in rules()["upgrades"]}


def apocalypse_deck(story_type: str) -> list[dict]:
    return load("apocalypse_cards")["decks"][story_type]


def hell_club() -> dict[str, dict]:
    return load("apocalypse_cards")["hell_club"]


@cache
def dark_pasts() -> dict[int, dict]:
    return {card["number"]: card for card in rules()["dark_pasts"]}


def hero_count(hero_players: int) -> int:
    """Heroes in play for 1-4 hero players (3, 4, 3, 4)."""
    return constants()["hero_count_by_players"][str(hero_players)]
