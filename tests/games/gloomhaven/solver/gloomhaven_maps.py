"""Small hand-made maps for the solver tests (imported by the test modules
beside it)."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
CASES_FILE = ROOT.parent / "shared" / "gloomhaven" / "monster-ai-cases.json"


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
