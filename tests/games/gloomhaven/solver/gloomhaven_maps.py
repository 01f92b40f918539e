"""Small hand-made maps for the solver tests (imported by the test modules
beside it)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.games.gloomhaven.solver import solve

ROOT = Path(__file__).resolve().parents[4]
# MONSTER_AI_CASES names the file when the checkout is not beside shared/ (a git worktree).
CASES_FILE = Path(os.environ.get("MONSTER_AI_CASES") or ROOT.parent / "shared" / "gloomhaven" / "monster-ai-cases.json")


def public_cases() -> list:
    if not CASES_FILE.is_file():
        return []
    return json.loads(CASES_FILE.read_text(encoding="utf-8"))


def rhombus(size: int = 9) -> list:
    """A size x size rhombus of hexes: 0 <= q, r < size."""
    return [[q, r] for q in range(size) for r in range(size)]


def room(width: int, height: int) -> list:
    """A width x height rectangle of flat-topped hexes (every other column half
    a hex lower), as the cases' maps are."""
    return [[q, row - q // 2] for q in range(width) for row in range(height)]


def character(fid, hex, initiative=50, **extra) -> dict:
    return dict(id=fid, side="character", hex=list(hex), initiative=initiative, **extra)


def monster(fid, hex, **extra) -> dict:
    return dict(id=fid, side="monster", hex=list(hex), **extra)


def scenario(figures, *, hexes=None, move=2, movement="normal", attack=None, walls=(), terrain=None,
             active="m", muddled=False, no_attack=False) -> dict:
    action = {"move": move, "movement": movement}
    if muddled:
        action["muddled"] = True
    if not no_attack:
        action["attack"] = attack if attack is not None else {"range": 0, "targets": 1}
    return {
        "rules": "gloomhaven",
        "hexes": hexes if hexes is not None else rhombus(),
        "walls": [[list(a), list(b)] for a, b in walls],
        "terrain": [{"hex": list(h), "type": kind} for h, kind in (terrain or {}).items()],
        "figures": figures,
        "active": active,
        "action": action,
    }


def outcomes(result: dict) -> set:
    return {(tuple(o["destination"]), tuple(sorted(o["attacks"]))) for o in result["options"]}


def corridor(length: int) -> list:
    """One row of hexes [0, 0] .. [length - 1, 0]. Drawn on the curated
    board, its sides are wall hexes that every corner of it touches, so
    nobody in it sees anybody: see `solve_off_board`."""
    return [[q, 0] for q in range(length)]


#: Far enough to move any test map off the curated board.
OFF_BOARD = (0, -40)


def _slide(h, shift) -> list:
    return [h[0] + shift[0], h[1] + shift[1]]


def solve_off_board(scenario: dict) -> dict:
    """Solve `scenario` with its map slid off the curated cases' board, and
    slide the answer back. With "outside" "open", nothing around such a map
    blocks sight but the positions inside its own smallest rectangle: a
    straight corridor has open sides, so figures in it see each other while
    movement stays in the row. For tests of movement, not of sight."""
    moved = json.loads(json.dumps(scenario))
    moved["outside"] = "open"
    moved["hexes"] = [_slide(h, OFF_BOARD) for h in moved["hexes"]]
    moved["walls"] = [[_slide(a, OFF_BOARD), _slide(b, OFF_BOARD)] for a, b in moved["walls"]]
    for item in moved["terrain"]:
        item["hex"] = _slide(item["hex"], OFF_BOARD)
    for figure in moved["figures"]:
        figure["hex"] = _slide(figure["hex"], OFF_BOARD)
    back = (-OFF_BOARD[0], -OFF_BOARD[1])
    result = solve(moved)
    for option in result["options"]:
        option["destination"] = _slide(option["destination"], back)
        option["path"] = [_slide(h, back) for h in option["path"]]
    return result
