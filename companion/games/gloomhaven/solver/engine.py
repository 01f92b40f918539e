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


class Worked:
    """One move-and-attack worked out: the focuses and every outcome."""

    def __init__(self, scenario: Scenario, fixed_focus=None):
        board = Board(scenario)
        paths = Paths(board)
        attacks = Attacks(board)
        ranked = standings(board, paths, attacks)
        chosen = focuses(ranked)
        if fixed_focus is not None:
            # Later in a card the focus stays, as long as it can still be attacked.
            kept = [s for s in ranked if s.enemy.id == fixed_focus]
            if kept:
                chosen = kept
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
        self.board, self.paths, self.attacks = board, paths, attacks
        self.ranked, self.chosen, self.outcomes = ranked, chosen, outcomes

    def reason(self, translate) -> str:
        """Why it does not move or attack (no outcome)."""
        return translate(explain.NO_WAY if self.board.enemies else explain.NO_ENEMY)

    def sentences(self, translate) -> list:
        """(focus sentence, action sentence) for each outcome, in order."""
        context = _Context(self.board, self.paths, self.attacks)
        focus_texts = {
            s.enemy.id: explain.focus_sentence(self.chosen, self.ranked, translate, s.enemy.id) for s in self.chosen
        }
        return [(focus_texts[o.focus], explain.action_sentence(o, context, translate)) for o in self.outcomes]


def run(scenario: Scenario, translate) -> dict:
    worked = Worked(scenario)
    outcomes = worked.outcomes
    if not outcomes:
        start = list(worked.board.start)
        options = [
            {"focus": None, "destination": start, "path": [start], "attacks": [], "why": worked.reason(translate)}
        ]
        return {"focus": [], "options": options}
    options = []
    for o, (focus_text, action_text) in zip(outcomes, worked.sentences(translate)):
        options.append(
            {
                "focus": o.focus,
                "destination": list(o.destination),
                "path": [list(h) for h in o.path],
                "attacks": sorted(o.attacks),
                "why": explain.why(focus_text, action_text, len(outcomes), translate),
            }
        )
    say_how_they_differ(options, ("focus", "destination", "attacks"))
    return {"focus": [s.enemy.id for s in worked.chosen], "options": options}


def say_how_they_differ(options: list, keys: tuple) -> None:
    """Several options: each gets `differs`, its values of the `keys` that are
    not the same in every option (the "why" sentences may read alike)."""
    if len(options) < 2:
        return
    differing = [k for k in keys if len({repr(o[k]) for o in options}) > 1]
    for option in options:
        option["differs"] = {k: option[k] for k in differing}
