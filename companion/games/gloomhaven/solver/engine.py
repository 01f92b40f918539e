"""Puts the pieces together for one parsed scenario."""

from __future__ import annotations

from .attack import Attacks
from .board import Board
from .focus import focuses, initiative_order, standings
from .moves import plan
from .paths import Paths
from .scenario import Scenario

SECONDARY = "proximity"  # how extra targets are ranked: "proximity" or "focus"


def run(scenario: Scenario, translate) -> dict:
    board = Board(scenario)
    paths = Paths(board)
    attacks = Attacks(board)
    ranked = standings(board, paths, attacks)
    chosen = focuses(ranked)
    near = board.wall_distances(board.start)
    if SECONDARY == "focus":
        rank = {s.enemy.id: s.key for s in ranked}
    else:
        rank = {
            e.id: (near.get(e.hex, 10 ** 6), initiative_order(board, e)) for e in board.enemies
        }
    outcomes = []
    seen = set()
    for standing in chosen:
        for outcome in plan(board, paths, attacks, standing, rank):
            key = (outcome.destination, outcome.attacks)
            if key in seen:
                continue
            seen.add(key)
            outcomes.append(outcome)
    if not outcomes:
        start = board.start
        result_options = [
            {"focus": None, "destination": list(start), "path": [list(start)], "attacks": [], "why": ""}
        ]
    else:
        result_options = [
            {
                "focus": o.focus,
                "destination": list(o.destination),
                "path": [list(h) for h in o.path],
                "attacks": sorted(o.attacks),
                "why": "",
            }
            for o in outcomes
        ]
    return {"focus": [s.enemy.id for s in chosen], "options": result_options}
