"""Whom the monster focuses on.

The focus is the enemy it can attack with the fewest movement points (paths
that avoid traps and hazards first, infinite movement assumed), then the one
in closest proximity (hexes counted around walls), then the one acting first
in initiative order (summons just before their summoner, long-resting
characters last). Equal on all three: the players choose.
"""

from __future__ import annotations

from dataclasses import dataclass

from .attack import Attacks
from .board import Board
from .paths import Paths


@dataclass(frozen=True)
class Standing:
    """How an enemy ranks as a focus."""

    enemy: object  # Figure
    cost: tuple  # (negative hexes, movement points) to a hex that attacks it
    proximity: int  # hexes from the monster, around walls
    order: tuple  # initiative order key

    @property
    def key(self) -> tuple:
        return (self.cost, self.proximity, self.order)


def initiative_order(board: Board, enemy) -> tuple:
    """Earlier in the round sorts first. A summon acts just before its
    summoner (so it takes the summoner's place in the order); a long-resting
    character acts last."""
    if enemy.side == "summon":
        summoner = board.figures_by_id.get(enemy.summoner) if enemy.summoner else None
        if summoner is not None:
            return (1 if summoner.long_rest else 0, summoner.initiative, 0)
        return (0, enemy.initiative, 0)
    if enemy.side == "monster":
        # The enemies of an acting summon: lower initiative first; monsters
        # sent without one tie with each other (the players choose).
        return (0, 100 if enemy.initiative is None else enemy.initiative, 1)
    return (1 if enemy.long_rest else 0, enemy.initiative, 1)


def standings(board: Board, paths: Paths, attacks: Attacks) -> list:
    """Every enemy the monster can attack at all, with how it ranks."""
    reached = paths.from_start()
    can_stop = board.can_stop
    offsets = attacks.candidate_offsets()
    near = board.wall_distances(board.start)
    found = []
    for enemy in board.enemies:
        eq, er = enemy.hex
        spots = []
        for dq, dr in offsets:
            x = (eq + dq, er + dr)
            if x in can_stop and x in reached:
                spots.append((reached[x], x))
        spots.sort()
        for cost, x in spots:
            if attacks.hits(x, enemy):
                found.append(
                    Standing(
                        enemy=enemy,
                        cost=cost,
                        proximity=near.get(enemy.hex, 10 ** 6),
                        order=initiative_order(board, enemy),
                    )
                )
                break
    found.sort(key=lambda s: (s.key, s.enemy.id))
    return found


def focuses(ranked: list) -> list:
    """The enemies tied for the best standing."""
    if not ranked:
        return []
    best = ranked[0].key
    return [s for s in ranked if s.key == best]
