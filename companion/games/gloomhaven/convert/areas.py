"""Area-of-effect patterns: from the source's rows of hexes to axial offsets.

The source draws a pattern on rows of hexes where odd rows sit half a hex to
the right, each hex written "(column,row,kind)"; kind "active" is the
attacker's own hex (grey on the card; a large figure such as a drake fills
several), anything else a hex that is hit. We give hexes as axial offsets
[q, r] (the solver's coordinates). A pattern with the attacker is melee:
offsets are from the attacker's first hex (in sorted order), "attacker" lists
the attacker's hexes and "hexes" the hit ones (the attacker's are never
among them). A pattern without one (ranged) is shifted so its first hit hex
is [0, 0], and its "attacker" list is empty.
"""

from __future__ import annotations

import re

HEX = re.compile(r"\((-?\d+),(-?\d+),([a-z]+)\)")


def to_axial(column: int, row: int) -> tuple:
    return (column - (row - (row & 1)) // 2, row)


def convert_area(raw: str) -> dict:
    hexes = HEX.findall(raw)
    if not hexes or len(hexes) != raw.count("("):
        raise ValueError(f"unreadable area pattern {raw!r}")
    hit, attacker = [], []
    for column, row, kind in hexes:
        (attacker if kind == "active" else hit).append(to_axial(int(column), int(row)))
    origin = sorted(attacker or hit)[0]

    def shifted(cells):
        return sorted([q - origin[0], r - origin[1]] for q, r in cells)

    return {"melee": bool(attacker), "attacker": shifted(attacker), "hexes": shifted(hit)}
