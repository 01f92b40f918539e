"""The Others' facts, read once from data/the_others/ (see convert.py for the
schema). Pure: no Flask, no database; every call returns the same objects, so
callers must not change them."""

from __future__ import annotations

from functools import cache
from typing import Any

from companion.kit.data import GameData

DATA = GameData("the_others")
FOLDER = DATA.folder


def load(name: str) -> Any:
    """A whole data file by its name without .json (e.g. "heroes"), parsed once."""
    return DATA.load(name)


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
