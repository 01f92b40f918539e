"""Random maps, figures and actions (hypothesis): the solver never crashes,
malformed input only ever raises ScenarioError, and every answer is a legal
move and attack.

The legality checks here are written from the contract, independently of the
solver's own modules (only the corner geometry of `companion.kit.hexes` is shared, and it
has its own tests): a path is a chain of neighbours not parted by a thin wall,
over floor and not through a closed door, that starts on the monster and fits
its movement; every target is an enemy in range and in line of sight of the
destination.
"""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.gloomhaven.solver import ScenarioError, solve
from companion.kit.hexes import corners, distance, orientations

NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
AREAS_MELEE = [[[1, 0], [1, -1]], [[1, 0], [2, 0]], [[1, -1], [1, 0], [2, -1]], [[1, 0], [2, 0], [3, 0]],
               [[0, 1], [0, 2]], [[-1, 1], [0, 1], [1, 0]]]
AREAS_RANGED = [[[0, 0], [1, 0]], [[0, 0], [1, 0], [0, 1]], [[0, 0], [1, -1], [2, -2]],
                [[0, 0], [1, -1], [1, 0], [2, -1]]]


def room(width, height):
    return [(q, row - q // 2) for q in range(width) for row in range(height)]


@st.composite
def scenarios(draw):
    width = draw(st.integers(3, 9))
    height = draw(st.integers(3, 8))
    hexes = room(width, height)
    holes = set(draw(st.lists(st.sampled_from(hexes), max_size=len(hexes) // 4)))
    floor = [h for h in hexes if h not in holes]
    spots = draw(st.permutations(floor))
    count = draw(st.integers(1, min(7, len(spots))))
    figures = []
    for i, h in enumerate(spots[:count]):
        side = "monster" if i == 0 else draw(st.sampled_from(["character", "character", "summon", "monster"]))
        figure = {"id": "f%d" % i, "side": side, "hex": list(h)}
        if side != "monster":
            figure["initiative"] = draw(st.integers(1, 99))
        if side == "summon":
            summoners = [f["id"] for f in figures if f["side"] == "character"]
            if summoners:
                figure["summoner"] = draw(st.sampled_from(summoners))
        if side == "character" and draw(st.integers(0, 6)) == 0:
            figure["long_rest"] = True
        if draw(st.integers(0, 9)) == 0:
            figure["invisible"] = True
        figures.append(figure)
    kinds = ["obstacle", "trap", "hazardous", "difficult", "closed-door"]
    terrain = []
    for h in spots[count:count + draw(st.integers(0, 10))]:
        terrain.append({"hex": list(h), "type": draw(st.sampled_from(kinds))})
    floor_set = set(floor)
    walls = []
    for h in draw(st.lists(st.sampled_from(floor), max_size=8)):
        dq, dr = draw(st.sampled_from(NEIGHBOURS))
        n = (h[0] + dq, h[1] + dr)
        if n in floor_set:
            walls.append([list(h), list(n)])
    action = {"move": draw(st.integers(0, 5)), "movement": draw(st.sampled_from(["normal", "normal", "jump", "fly"]))}
    if draw(st.booleans()):
        action["muddled"] = True
    if draw(st.integers(0, 5)):
        reach = draw(st.sampled_from([0, 0, 1, 2, 3, 4]))
        attack = {"range": reach, "targets": draw(st.sampled_from([1, 1, 2, 3, "all"]))}
        if draw(st.integers(0, 2)) == 0:
            attack["aoe"] = draw(st.sampled_from(AREAS_RANGED if reach else AREAS_MELEE))
        action["attack"] = attack
    return {"rules": "gloomhaven", "hexes": [list(h) for h in floor], "walls": walls, "terrain": terrain,
            "figures": figures, "active": "f0", "action": action, "outside": draw(st.sampled_from(["open", "wall"]))}


# -- an independent reading of the contract -------------------------------------------------


class Map:
    def __init__(self, s):
        self.floor = {tuple(h) for h in s["hexes"]}
        self.terrain = {tuple(t["hex"]): t["type"] for t in s["terrain"]}
        self.doors = {h for h, kind in self.terrain.items() if kind == "closed-door"}
        self.thin = {frozenset((tuple(a), tuple(b))) for a, b in s["walls"]}
        self.open = self.floor - self.doors

    def linked(self, a, b):
        return distance(a, b) == 1 and a in self.open and b in self.open and frozenset((a, b)) not in self.thin

    def steps_around_walls(self, origin):
        found = {origin: 0}
        frontier = [origin]
        while frontier:
            nxt = []
            for h in frontier:
                for dq, dr in NEIGHBOURS:
                    n = (h[0] + dq, h[1] + dr)
                    if n not in found and self.linked(h, n):
                        found[n] = found[h] + 1
                        nxt.append(n)
            frontier = nxt
        return found

    def wall_segments(self):
        """The thin walls and the edges of closed doors (wall hexes are left
        out: where they stop a line is the solver's finer business)."""
        segments = set()
        for h in self.open:
            for dq, dr in NEIGHBOURS:
                n = (h[0] + dq, h[1] + dr)
                if frozenset((h, n)) in self.thin or n in self.doors:
                    segments.add(edge(h, n))
        return segments


def edge(a, b):
    return tuple(sorted(set(corners(a)) & set(corners(b))))


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def on_segment(p, a, b):
    return cross(a, b, p) == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(
        a[1], b[1])


def touches(p, q, a, b):
    d1, d2, d3, d4 = cross(a, b, p), cross(a, b, q), cross(p, q, a), cross(p, q, b)
    if ((d1 > 0) != (d2 > 0)) and d1 and d2 and ((d3 > 0) != (d4 > 0)) and d3 and d4:
        return True
    return on_segment(p, a, b) or on_segment(q, a, b) or on_segment(a, p, q) or on_segment(b, p, q)


def sees(world, a, b, walls):
    """A corner-to-corner line touching no thin wall or closed door, for
    neighbours too; lines that leave the floor are allowed here (the solver
    is stricter about wall hexes, which only removes sight), so this is a
    necessary condition."""
    if a == b:
        return True
    for p in corners(a):
        for q in corners(b):
            if not any(touches(p, q, s, t) for s, t in walls):
                return True
    return False


def check_legal(s, result):
    world = Map(s)
    figures = {f["id"]: f for f in s["figures"]}
    me = figures[s["active"]]
    start = tuple(me["hex"])
    action = s["action"]
    movement = action.get("movement", "normal")
    enemies = {f["id"] for f in s["figures"] if f["side"] != "monster" and not f.get("invisible")}
    occupied = {tuple(f["hex"]) for f in s["figures"] if f["id"] != me["id"]}
    blocked = {tuple(f["hex"]) for f in s["figures"]
               if f["id"] != me["id"] and (f["side"] != "monster" or f.get("invisible"))}
    obstacles = {h for h, kind in world.terrain.items() if kind == "obstacle"}
    assert set(result["focus"]) <= enemies
    assert result["options"], "at least the option of staying"
    walls = world.wall_segments()
    attack = action.get("attack")
    for option in result["options"]:
        path = [tuple(h) for h in option["path"]]
        destination = tuple(option["destination"])
        assert path[0] == start and path[-1] == destination
        for a, b in zip(path, path[1:]):
            assert world.linked(a, b), (a, b)
        if destination != start:
            assert destination not in occupied
            if movement != "fly":
                assert destination not in obstacles
        if movement == "normal":
            assert not set(path[1:]) & (blocked | obstacles)
            cost = sum(2 if world.terrain.get(h) == "difficult" else 1 for h in path[1:])
        else:
            cost = len(path) - 1
            if movement == "jump" and len(path) > 1 and world.terrain.get(destination) == "difficult":
                cost += 1
        assert cost <= action["move"]
        targets = option["attacks"]
        if not targets:
            continue
        assert attack is not None
        assert set(targets) <= enemies
        assert option["focus"] in targets
        limit = attack["targets"]
        if limit != "all":
            assert len(targets) <= limit + (len(attack["aoe"]) if attack.get("aoe") else 0)
        steps = world.steps_around_walls(destination)
        for fid in targets:
            there = tuple(figures[fid]["hex"])
            assert sees(world, destination, there, walls), (destination, fid)
            single = steps.get(there, 10 ** 6) <= max(attack["range"], 1)
            if attack.get("aoe"):
                shapes = orientations(attack["aoe"])
                if attack["range"] == 0:
                    offset = (there[0] - destination[0], there[1] - destination[1])
                    in_area = any(offset in shape for shape in shapes)
                else:
                    span = max(distance(a, b) for shape in shapes for a in shape for b in shape)
                    in_area = distance(destination, there) <= attack["range"] + span
                assert single or in_area, (destination, fid)
            else:
                assert single, (destination, fid)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_every_answer_is_a_legal_move_and_attack(s):
    check_legal(s, solve(s))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_the_answer_is_plain_json(s):
    result = solve(s)
    assert json.loads(json.dumps(result)) == result


# -- malformed input --------------------------------------------------------------------------

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-10 ** 12, 10 ** 12), st.floats(allow_nan=True), st.text(max_size=5),
    st.lists(st.integers(-3, 3), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def paths_in(value, prefix=()):
    """Every (container path) to a value inside nested dicts and lists."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths_in(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths_in(v, prefix + (i,))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.data())
def test_malformed_input_is_a_scenario_error_or_an_answer(s, data):
    broken = copy.deepcopy(s)
    for _ in range(data.draw(st.integers(1, 3))):
        spots = [p for p in paths_in(broken) if p]
        where = data.draw(st.sampled_from(spots))
        parent = broken
        for key in where[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[where[-1]]
        else:
            parent[where[-1]] = data.draw(JUNK)
    try:
        result = solve(broken)
    except ScenarioError as error:
        assert error.message and "\n" not in error.message
        return
    assert isinstance(result["focus"], list) and result["options"]

