"""Puts the pieces together for one parsed scenario."""

from __future__ import annotations

from . import explain
from .attack import Attacks
from .board import Board
from .focus import focuses, initiative_order, standings
from .moves import plan
from .paths import Paths
from .scenario import Scenario


class _Context:
    """What the explanations need to know about the whole turn."""

    def __init__(self, board: Board, paths: Paths, attacks: Attacks):
        self.board = board
        self.paths = paths
        self.attacks = attacks
        self.attacking = board.attack is not None
        self._ids = {e.id: e for e in board.enemies}

    def _near(self, x, fid) -> bool:
        return self._ids[fid].hex in self.board.links.get(x, ())

    def stepped_away(self, outcome) -> bool:
        if not self.attacks.cares_about_disadvantage:
            return False
        start = self.board.start
        return self._near(start, outcome.focus) and not self._near(outcome.destination, outcome.focus)

    def disadvantaged(self, outcome) -> list:
        if not self.attacks.cares_about_disadvantage:
            return []
        return [i for i in outcome.attacks if self._near(outcome.destination, i)]

    def left(self, outcome) -> int:
        return self.paths.to(outcome.goal).get(outcome.destination, (0, 0))[1]


def run(scenario: Scenario, translate) -> dict:
    board = Board(scenario)
    paths = Paths(board)
    attacks = Attacks(board)
    ranked = standings(board, paths, attacks)
    chosen = focuses(ranked)
    near = board.wall_distances(board.start)
    # Extra targets rank by proximity, then initiative order.
    rank = {e.id: (near.get(e.hex, 10 ** 6), initiative_order(board, e)) for e in board.enemies}
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
        start = list(board.start)
        reason = explain.NO_WAY if board.enemies else explain.NO_ENEMY
        options = [
            {"focus": None, "destination": start, "path": [start], "attacks": [], "why": translate(reason)}
        ]
        return {"focus": [], "options": options}
    context = _Context(board, paths, attacks)
    focus_texts = {
        s.enemy.id: explain.focus_sentence(chosen, ranked, translate, s.enemy.id) for s in chosen
    }
    options = []
    for o in outcomes:
        action_text = explain.action_sentence(o, context, translate)
        options.append(
            {
                "focus": o.focus,
                "destination": list(o.destination),
                "path": [list(h) for h in o.path],
                "attacks": sorted(o.attacks),
                "why": explain.why(focus_texts[o.focus], action_text, len(outcomes), translate),
            }
        )
    return {"focus": [s.enemy.id for s in chosen], "options": options}
