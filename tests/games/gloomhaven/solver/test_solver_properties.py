"""Properties the answer must have whatever the map:

- turning or mirroring the whole map (figures, walls, terrain, area pattern)
  turns or mirrors the answer, and so does sliding it (anywhere with
  "outside": "wall");
- renaming figures changes nothing but the names;
- a wall far from everything changes nothing.

Checked on every public case and on random maps (hypothesis draws the seeds).
"""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.gloomhaven.solver import solve
from companion.kit.hexes import distance, mirror, rotate
from gloomhaven_maps import outcomes, public_cases, rhombus

CASES = public_cases()
needs_cases = pytest.mark.skipif(not CASES, reason="../shared/gloomhaven/monster-ai-cases.json is absent")


def transform(scenario: dict, turn: int = 0, flip: bool = False, shift=(0, 0)) -> dict:
    """The same scenario with every hex mirrored (if `flip`), turned `turn`
    sixths and slid by `shift`; area offsets are mirrored and turned."""

    def linear(h):
        h = tuple(h)
        return rotate(mirror(h) if flip else h, turn)

    def move(h):
        q, r = linear(h)
        return [q + shift[0], r + shift[1]]

    s = copy.deepcopy(scenario)
    s["hexes"] = [move(h) for h in s["hexes"]]
    s["walls"] = [[move(a), move(b)] for a, b in s.get("walls", [])]
    for t in s.get("terrain", []):
        t["hex"] = move(t["hex"])
    for f in s["figures"]:
        f["hex"] = move(f["hex"])
    attack = s["action"].get("attack")
    if attack and attack.get("aoe"):
        attack["aoe"] = [list(linear(h)) for h in attack["aoe"]]
    return s, move


def moved_outcomes(result, move) -> set:
    return {(tuple(move(d)), a) for d, a in outcomes(result)}


def random_scenario(seed: int) -> dict:
    rng = random.Random(seed)
    hexes = [tuple(h) for h in rhombus(9)]
    holes = set(rng.sample(hexes, rng.randint(0, 6)))
    floor = [h for h in hexes if h not in holes]
    free = floor[:]
    rng.shuffle(free)
    figures = []
    for i in range(rng.randint(1, 4)):
        f = {"id": "c%d" % i, "side": "character", "hex": list(free.pop()), "initiative": rng.choice([10, 20, 20, 30])}
        if rng.random() < 0.15:
            f["long_rest"] = True
        figures.append(f)
    if rng.random() < 0.3:
        figures.append({"id": "s", "side": "summon", "hex": list(free.pop()), "initiative": figures[0]["initiative"],
                        "summoner": "c0"})
    for i in range(rng.randint(0, 3)):
        figures.append({"id": "m%d" % i, "side": "monster", "hex": list(free.pop())})
    figures.append({"id": "active", "side": "monster", "hex": list(free.pop())})
    terrain = []
    for h in free[: rng.randint(0, 14)]:
        terrain.append({"hex": list(h), "type": rng.choice(["obstacle", "obstacle", "trap", "difficult", "hazardous"])})
    walls = []
    floor_set = set(floor)
    for h in rng.sample(floor, rng.randint(0, 6)):
        n = (h[0] + 1, h[1])
        if n in floor_set:
            walls.append([list(h), list(n)])
    attack = {"range": rng.choice([0, 0, 1, 2, 3, 4]), "targets": rng.choice([1, 1, 2, 3])}
    if rng.random() < 0.3:
        attack["aoe"] = rng.choice(
            [[[1, 0], [2, 0]], [[1, 0], [1, -1]], [[1, 0], [2, 0], [2, -1]]]
            if attack["range"] == 0
            else [[[0, 0], [1, 0]], [[0, 0], [1, 0], [0, 1]], [[0, 0], [1, -1], [2, -2]]]
        )
    action = {"move": rng.randint(0, 4), "movement": rng.choice(["normal", "normal", "jump", "fly"]),
              "attack": attack}
    if rng.random() < 0.1:
        action["muddled"] = True
    return {"rules": "gloomhaven", "hexes": [list(h) for h in floor], "walls": walls, "terrain": terrain,
            "figures": figures, "active": "active", "action": action, "outside": rng.choice(["open", "wall"])}


SYMMETRIES = [(turn, flip) for flip in (False, True) for turn in range(6) if turn or flip]


def check_symmetries(scenario, shifts=((0, 0),)):
    base = solve(scenario)
    expected = outcomes(base)
    for turn, flip in SYMMETRIES:
        for shift in shifts:
            moved, move = transform(scenario, turn, flip, shift)
            result = solve(moved)
            assert outcomes(result) == moved_outcomes(base, move), (turn, flip, shift)
            assert sorted(result["focus"]) == sorted(base["focus"])
    for shift in shifts:
        moved, move = transform(scenario, 0, False, shift)
        assert outcomes(solve(moved)) == {(tuple(move(d)), a) for d, a in expected}


@needs_cases
@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_public_case_turned_and_mirrored(case):
    check_symmetries(case["input"])


@needs_cases
@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_public_case_with_a_wall_all_round_turned_mirrored_and_slid_anywhere(case):
    # With "outside": "wall" nothing depends on where the map lies: not even
    # a map that fits the curated board gets that board's rectangle.
    check_symmetries(dict(case["input"], outside="wall"), shifts=((-7, 3),))


@needs_cases
def test_public_cases_slid():
    for case in CASES:
        base = solve(case["input"])
        for shift in ((1, 0), (3, -4)):
            moved, move = transform(case["input"], shift=shift)
            assert outcomes(solve(moved)) == moved_outcomes(base, move), (case["name"], shift)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 6))
def test_random_map_turned_mirrored_and_slid(seed):
    check_symmetries(random_scenario(seed), shifts=((0, 0), (1, 0), (-2, 5)))


def rename(scenario: dict, rng: random.Random):
    s = copy.deepcopy(scenario)
    names = {}
    for f in s["figures"]:
        names[f["id"]] = "x%s-%d" % (rng.choice("qwertyuiop"), len(names))
    for f in s["figures"]:
        f["id"] = names[f["id"]]
        if "summoner" in f:
            f["summoner"] = names[f["summoner"]]
    s["active"] = names[s["active"]]
    return s, names


def check_renaming(scenario, seed):
    base = solve(scenario)
    renamed, names = rename(scenario, random.Random(seed))
    result = solve(renamed)
    assert outcomes(result) == {(d, tuple(sorted(names[i] for i in a))) for d, a in outcomes(base)}
    assert sorted(result["focus"]) == sorted(names[i] for i in base["focus"])


@needs_cases
def test_public_cases_renamed():
    for i, case in enumerate(CASES):
        check_renaming(case["input"], i)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 6))
def test_random_map_renamed(seed):
    check_renaming(random_scenario(seed), seed)


def far_wall_scenario(seed: int):
    """A 24 x 24 open rhombus with figures in the 8 x 8 middle, a few
    obstacles among them, and two far corners."""
    rng = random.Random(seed)
    middle = [(q, r) for q in range(8, 16) for r in range(8, 16)]
    rng.shuffle(middle)
    figures = [{"id": "c%d" % i, "side": "character", "hex": list(middle.pop()), "initiative": rng.choice([10, 20, 30])}
               for i in range(rng.randint(1, 3))]
    figures.append({"id": "active", "side": "monster", "hex": list(middle.pop())})
    terrain = [{"hex": list(middle.pop()), "type": rng.choice(["obstacle", "trap", "difficult"])} for _ in range(6)]
    attack = {"range": rng.choice([0, 2, 3]), "targets": rng.choice([1, 2])}
    return {"rules": "gloomhaven", "hexes": rhombus(24), "walls": [], "terrain": terrain, "figures": figures,
            "active": "active", "action": {"move": rng.randint(1, 4), "movement": "normal", "attack": attack}}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10 ** 6))
def test_a_far_away_wall_changes_nothing(seed):
    scenario = far_wall_scenario(seed)
    base = solve(scenario)
    walled = copy.deepcopy(scenario)
    walled["walls"] = [[[1, 1], [2, 1]], [[22, 21], [22, 22]]]
    assert all(distance(tuple(w), tuple(f["hex"])) > 12 for pair in walled["walls"] for w in pair
               for f in scenario["figures"])
    result = solve(walled)
    assert outcomes(result) == outcomes(base)
    assert result["focus"] == base["focus"]
