"""Who goes first and in which direction (seed, 第二阶段 确定首个玩家)."""

from __future__ import annotations

from companion.games.cthulhu_wars import data

DIRECTIONS = ("clockwise", "counterclockwise")


def first_player_round_one(factions: list[str]) -> str:
    """Great Cthulhu; without him, the faction whose English initial comes first."""
    order = data.game()["faction_order"]
    if data.game()["first_player_round_one"] in factions:
        return data.game()["first_player_round_one"]
    return min(factions, key=order.index)


def first_player_candidates(power: dict[str, int]) -> list[str]:
    """The factions with the most power after gathering; with more than one,
    the previous first player chooses among them."""
    top = max(power.values())
    return [faction for faction, value in power.items() if value == top]


def turn_order(seating: list[str], first: str, direction: str) -> list[str]:
    """Every faction once, from `first`, round the table (`seating` is clockwise)."""
    if direction not in DIRECTIONS:
        raise ValueError(direction)
    start = seating.index(first)
    ring = seating[start:] + seating[:start]
    return ring if direction == "clockwise" else [ring[0]] + ring[:0:-1]


def next_to_act(order: list[str], current: str, power: dict[str, int]) -> str | None:
    """The next faction after `current` that still has power; None when all are at 0."""
    start = order.index(current)
    for step in range(1, len(order) + 1):
        faction = order[(start + step) % len(order)]
        if power[faction] > 0:
            return faction
    return None
