"""Which standees a room places and which numbers they get (rulebook,
"Scenario setup", pp. 12-13; "Revealing a room", p. 19).

A room lists, for 2, 3 and 4 characters, how many normal and elite standees
of each monster it places. Each placed standee takes a number at random from
that monster's free numbers (1 up to the count of its standees). When a type
runs out, only the free ones are placed, the ones nearest the character who
opened the door first: the app can't see the map, so it says how many.
"""

from __future__ import annotations

import random

RANKS = ("normal", "elite")


def placement_count(character_count: int) -> str:
    """The column of the room's table to read: 2, 3 or 4 characters (a solo
    player with one character reads the 2 column)."""
    return str(min(4, max(2, character_count)))


def placements(room: dict, character_count: int) -> list[dict]:
    """The standees a room places for this many characters:
    [{"monster", "rank"}], elites of a type before its normals. The room's
    "standees" maps "2"/"3"/"4" to {monster: {rank: how many}}."""
    column = room.get("standees", {}).get(placement_count(character_count), {})
    return [{"monster": monster, "rank": rank}
            for monster, ranks in column.items()
            for rank in ("elite", "normal") for _ in range(ranks.get(rank, 0))]


def free_numbers(standees: list[dict], monster: str, count: int) -> list[int]:
    used = {s["number"] for s in standees if s["monster"] == monster}
    return [n for n in range(1, count + 1) if n not in used]


def draw_numbers(wanted: list[dict], standees: list[dict], counts: dict[str, int],
                 rng: random.Random) -> tuple[list[dict], list[dict]]:
    """Numbers for the standees `wanted` ([{"monster", "rank"}]), drawn at
    random from each monster's free numbers. Returns (placed, missing): placed
    entries gain "number"; missing ones are those the box has no standee left for."""
    free = {monster: free_numbers(standees, monster, counts[monster]) for monster in {w["monster"] for w in wanted}}
    placed, missing = [], []
    for entry in wanted:
        numbers = free[entry["monster"]]
        if not numbers:
            missing.append(dict(entry))
            continue
        number = rng.choice(numbers)
        numbers.remove(number)
        placed.append({**entry, "number": number})
    return placed, missing
