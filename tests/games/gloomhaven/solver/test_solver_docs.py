"""docs/monster-solver.md keeps up with the solver: its example scenario gets
the answer printed under it, and every input field it names is one the
parser reads."""

import json
import re
from pathlib import Path

from companion.games.gloomhaven.solver import solve

DOC = Path(__file__).resolve().parents[4] / "docs" / "monster-solver.md"


def json_blocks() -> list:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)]


def test_the_documented_example_gets_the_documented_answer():
    scenario, answer = json_blocks()
    assert solve(scenario) == answer


def test_the_example_shows_every_top_level_field():
    scenario, _ = json_blocks()
    assert set(scenario) == {"rules", "outside", "hexes", "walls", "terrain", "figures", "active", "action"}
