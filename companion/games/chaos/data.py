"""The Chaos in the Old World data files (data/chaos/, written by
companion.games.chaos.convert.build; schema in docs/chaos-data.md), read once and
cached. Pure: no Flask, no SQLite. Callers must not mutate what they get."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.kit.data import GameData

DATA = GameData("chaos")


def data_folder() -> Path:
    """data/chaos/, in a checkout or an installed wheel alike."""
    return DATA.folder


def load(name: str) -> dict:
    """A whole data file (e.g. "gods.json"), parsed."""
    return DATA.load(name)


def table() -> dict:
    """Global numbers: orders, thresholds, deck sizes, token counts."""
    return load("table.json")


@cache
def gods() -> dict[str, dict]:
    """God id -> god, in turn order (Khorne, Nurgle, Tzeentch, Slaanesh)."""
    return {god["id"]: god for god in load("gods.json")["gods"]}


@cache
def regions() -> dict[str, dict]:
    """Region id -> region, in region order (Norsca first)."""
    return {region["id"]: region for region in load("regions.json")["regions"]}


def ruination() -> dict:
    """The five ruination cards (1 on top) and whether their points are certain."""
    return load("ruination.json")


def god_order() -> list[str]:
    return list(table()["god_order"])


def region_order() -> list[str]:
    return list(table()["region_order"])


@cache
def chaos_cards() -> dict[str, dict[str, dict]]:
    """God id -> {card id -> chaos card} (name, cost, magic, copies, summary, does)."""
    return {god: {card["id"]: card for card in cards} for god, cards in load("cards.json")["chaos"].items()}


@cache
def old_world_cards() -> dict[str, dict]:
    """Card id -> Old World card (name, copies, event, leaves, summary, does)."""
    return {card["id"]: card for card in load("cards.json")["old_world"]}


def chaos_deck(god: str) -> list[str]:
    """Every card of `god`'s chaos deck, one id per copy (24)."""
    return [card_id for card_id, card in chaos_cards()[god].items() for _ in range(card["copies"])]


def old_world_deck() -> list[str]:
    """Every Old World card, one id per copy (28)."""
    return [card_id for card_id, card in old_world_cards().items() for _ in range(card["copies"])]


def figure_id(god: str, kind: str) -> str:
    """A god's figure of a unit kind by its own id (khorne, warrior: bloodletter), named in names.py."""
    units = gods()[god]["units"] if god in gods() else []
    return next((unit["id"] for unit in units if unit["kind"] == kind), kind)
