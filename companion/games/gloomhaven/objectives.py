"""Scenario objectives (doors, altars, totems, escorts) as figures with hit
points (rulebook, "Objectives", scenario book): their hit points come from a
printed formula in C (characters) and L (scenario level), and a room lists
which of the scenario's objectives it places, some only for more characters
("2:C > 2": objective 2 when there are more than 2 characters).
"""

from __future__ import annotations

import re

from companion.games.gloomhaven import formulas
from companion.rules import N_

FLOORED = re.compile(r"^\[(?P<inner>[^\[\]{}]+)\{\$math\.floor\}\]$")
ONLY_WITH_MORE = re.compile(r"^(?P<index>\d+):C > (?P<more_than>\d)$")


def hit_points(formula: object, characters: int, level: int) -> tuple[int | None, list]:
    """The objective's hit points and the working; None when the book gives
    a formula this can't read (the players then enter the figure)."""
    text = formula
    if isinstance(formula, str):
        floored = FLOORED.match(formula.strip())
        text = floored["inner"] if floored else formula  # the formula's division is already rounded down
    value = formulas.evaluate(text, characters, level)
    if isinstance(formula, int) or value is None:
        return value, []
    return value, [[N_("%(formula)s with C = %(characters)d characters, L = level %(level)d → %(value)d"),
                    {"formula": str(text), "characters": characters, "level": level, "value": value}]]


def placed_by_room(room: dict, characters: int) -> list[int]:
    """The 1-based indexes of the scenario objectives this room places."""
    indexes = []
    for entry in room.get("objectives", []):
        if isinstance(entry, int):
            indexes.append(entry)
            continue
        only = ONLY_WITH_MORE.match(str(entry))
        if only and characters > int(only["more_than"]):
            indexes.append(int(only["index"]))
    return indexes
