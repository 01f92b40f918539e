"""A started scenario-1 table (Ann's Brute, Bo's Spellweaver) for the map
tests, played through the rules as the store does (table/table_support.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))

from table_support import SEATS, Table, started

__all__ = ["SEATS", "Table", "block", "cleared", "started"]


def block(columns: int, rows: int) -> list[list[int]]:
    """A rectangle of hexes `columns` wide and `rows` tall, top-left [0, 0]."""
    return [[q, row - q // 2] for q in range(columns) for row in range(rows)]


def cleared(standees: list[tuple[str, str]], seed: int = 1) -> tuple[Table, list[str]]:
    """A started table whose first room's standees are gone, with these
    (monster, rank) standees added by hand; returns the table and their ids."""
    table = started(seed=seed)
    for found in list(table.state["standees"]):
        table.act("s1", "standee.remove", standee=found["id"])
    ids = []
    for monster, rank in standees:
        before = {s["id"] for s in table.state["standees"]}
        table.act("s1", "standee.add", monster=monster, rank=rank)
        ids.extend({s["id"] for s in table.state["standees"]} - before)
    return table, ids
