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
