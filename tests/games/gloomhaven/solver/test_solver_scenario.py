"""Malformed scenarios: each error names the problem."""

import pytest

from companion.games.gloomhaven.solver import ScenarioError, solve, solve_many
from gloomhaven_maps import character, monster, scenario


def good():
    return scenario([monster("m", (4, 4)), character("a", (4, 1))])


def broken(change):
    s = good()
    change(s)
    return s


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda s: s.update(active="nobody"), ["unknown figure", "nobody"]),
        (lambda s: s.update(active="a"), ["a", "not a monster"]),
        (lambda s: s["figures"].append(character("b", (40, 40))), ["[40, 40]", "not on the map"]),
        (lambda s: s["figures"].append(character("b", (4, 4))), ["both on hex", "[4, 4]"]),
        (lambda s: s["figures"].append(character("b", (4, 4))), ["m", "b"]),
        (lambda s: s["figures"].append(character("a", (2, 2))), ["two figures", "a"]),
        (lambda s: s["figures"].append(dict(id="s", side="summon", hex=[2, 2], initiative=5, summoner="zed")),
         ["unknown summoner", "zed"]),
        (lambda s: s["walls"].append([[0, 0], [20, 0]]), ["[20, 0]", "not on the map"]),
        (lambda s: s["walls"].append([[0, 0], [2, 0]]), ["not adjacent"]),
        (lambda s: s["terrain"].append({"hex": [99, 0], "type": "trap"}), ["[99, 0]", "not on the map"]),
        (lambda s: s["terrain"].append({"hex": [1, 1], "type": "lava"}), ["lava"]),
        (lambda s: s["figures"][1].pop("initiative"), ["a", "initiative"]),
        (lambda s: s["figures"][1].update(initiative=150), ["initiative", "150"]),
        (lambda s: s["figures"][1].update(initiative=None), ["a", "initiative", "null"]),
        (lambda s: s.update(outside="void"), ['"outside"', '"void"']),
        (lambda s: s["figures"][1].update(side="goblin"), ["side", "goblin"]),
        (lambda s: s["figures"][1].update(hex=[1]), ["hex"]),
        (lambda s: s.pop("hexes"), ["hexes"]),
        (lambda s: s.update(hexes="everywhere"), ["hexes", "list"]),
        (lambda s: s["action"].update(movement="teleport"), ["movement", "teleport"]),
        (lambda s: s["action"].update(move=-1), ["move"]),
        (lambda s: s["action"]["attack"].update(targets="many"), ["targets"]),
        (lambda s: s["action"]["attack"].update(aoe=[[0, 0]]), ["aoe", "[0, 0]"]),
        (lambda s: s.update(rules="frosthaven"), ["rules", "frosthaven"]),
        (lambda s: s["terrain"].append({"hex": [4, 4], "type": "closed-door"}), ["closed door"]),
    ],
)
def test_errors_name_the_problem(change, words):
    with pytest.raises(ScenarioError) as caught:
        solve(broken(change))
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message


def test_not_an_object():
    with pytest.raises(ScenarioError, match="JSON object"):
        solve([1, 2])


def test_a_list_names_the_bad_scenario():
    bad = broken(lambda s: s.update(active="ghost"))
    with pytest.raises(ScenarioError, match=r"^scenario 1: .*ghost"):
        solve_many([good(), bad])


def test_a_good_list():
    results = solve_many([good(), good()])
    assert len(results) == 2 and results[0] == results[1]


def test_initiative_zero_and_extra_keys_are_accepted():
    s = good()
    s["figures"][1]["initiative"] = 0
    s["figures"][1]["note"] = "extra keys are fine"
    assert solve(s)["focus"] == ["a"]
