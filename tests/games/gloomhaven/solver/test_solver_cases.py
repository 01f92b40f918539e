"""The curated public cases (../shared/gloomhaven/monster-ai-cases.json): the
set of (destination, attacked figures) must match each case's exactly."""

import pytest

from companion.games.gloomhaven.solver import solve
from gloomhaven_maps import CASES_FILE, outcomes, public_cases

CASES = public_cases()
PARAMS = [pytest.param(case, id=case["name"]) for case in CASES] or [
    pytest.param(
        None,
        id="no-shared-cases",
        marks=pytest.mark.skip(reason="%s is absent (the shared folder is not checked out)" % CASES_FILE),
    )
]


@pytest.mark.parametrize("case", PARAMS)
def test_public_case(case):
    result = solve(case["input"])
    expected = {(tuple(o["destination"]), tuple(sorted(o["attacks"]))) for o in case["expect"]}
    assert outcomes(result) == expected, case["about"]


@pytest.mark.parametrize("case", PARAMS)
def test_public_case_output_is_well_formed(case):
    """Every option: a focus among the listed ones, a path from the start hex to
    the destination through adjacent hexes, attacks that include the focus,
    and a sentence saying why."""
    result = solve(case["input"])
    active = next(f for f in case["input"]["figures"] if f["id"] == case["input"]["active"])
    floor = {tuple(h) for h in case["input"]["hexes"]}
    for option in result["options"]:
        path = [tuple(h) for h in option["path"]]
        assert path[0] == tuple(active["hex"])
        assert path[-1] == tuple(option["destination"])
        assert all(h in floor for h in path)
        for a, b in zip(path, path[1:]):
            dq, dr = b[0] - a[0], b[1] - a[1]
            assert (abs(dq) + abs(dr) + abs(dq + dr)) // 2 == 1
        action = case["input"]["action"]
        difficult = {tuple(t["hex"]) for t in case["input"]["terrain"] if t["type"] == "difficult"}
        if action["movement"] == "normal":
            spent = sum(2 if h in difficult else 1 for h in path[1:])
        elif action["movement"] == "jump":
            spent = len(path) - 1 + (1 if len(path) > 1 and path[-1] in difficult else 0)
        else:
            spent = len(path) - 1
        assert spent <= action["move"]
        if option["attacks"]:
            assert option["focus"] in option["attacks"]
        if option["focus"] is not None:
            assert option["focus"] in result["focus"]
        assert option["why"]
