"""The solver against a brute-force reading of the same rules, on random maps.

The reading below is written for clarity, not speed, and shares nothing with
the solver but the hex geometry of companion.kit.hexes (tested in tests/kit):
it walks every state (hex, points spent) of this turn's movement, runs a
fresh shortest-path search from every hex for the way still to go, lists
every group of targets an attack can hit from a hex (every placement of the
area, every choice of extra targets) instead of building only the best ones,
and tests line of sight against every wall segment of the map. Any answer
that differs is a bug in one of the two; the rules are those of
docs/monster-solver.md, "How it decides":

- line of sight: a segment from a corner of one hex to a corner of the
  other touching no wall (thin walls, the edges of wall hexes and closed
  doors), for every attack, neighbours included; wall hexes are the
  positions off the floor (with "outside" "open", only those on the curated
  cases' board, on which every random map here is drawn);
- range around walls; a ranged area is aimed at a hex in range, or at a
  wall hex next to one within range - 1;

- costs are (traps and hazards entered, movement points); walking passes
  allies, not enemies or obstacles, difficult terrain costs 2; a jump counts
  only its landing hex; flying counts nothing; closed doors are walls;
- the focus is the enemy attackable at the least cost (unlimited movement),
  then the nearest (around walls), then the earliest in initiative;
- hexes that attack the focus at the fewest traps (and within this turn's
  move, if one is): not adjacent to the focus if possible (ranged, not
  muddled), the most targets, the group reached with the fewest points, the
  best-ranked group (proximity, then initiative), the fewest targets at
  disadvantage, the fewest points;
- out of reach this turn, toward each such destination: the hex reachable
  now with the fewest traps overall, then the fewest points still to go,
  then the fewest spent, then the fewest traps now.
"""

import heapq
import random
from itertools import combinations

import pytest

from companion.games.gloomhaven.solver import solve
from companion.kit.hexes import corners, orientations, segments_touch, shared_edge

NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
BOARD_COLUMNS, BOARD_ROWS = 16, 7  # the curated cases' board
MELEE_AREAS = [[[1, 0], [1, -1]], [[1, 0], [2, 0]], [[1, -1], [1, 0], [2, -1]], [[1, 0], [2, 0], [3, 0]],
               [[0, 1], [0, 2]], [[-1, 1], [0, 1], [1, 0]], [[-1, 3], [0, 1], [0, 2]]]
RANGED_AREAS = [[[0, 0], [1, 0]], [[0, 0], [1, 0], [0, 1]], [[0, 0], [1, -1], [2, -2]],
                [[0, 0], [1, -1], [1, 0], [2, -1]]]
MANY = 999  # "targets": "all"


class Reading:
    """One scenario read by brute force."""

    def __init__(self, scenario):
        self.floor = {tuple(h) for h in scenario["hexes"]}
        terrain = {tuple(t["hex"]): t["type"] for t in scenario["terrain"]}
        self.doors = {h for h, kind in terrain.items() if kind == "closed-door"}
        self.thin_walls = {frozenset((tuple(a), tuple(b))) for a, b in scenario["walls"]}
        self.outside = scenario.get("outside", "open")
        self.wall_segments = self.walls_of_the_map()
        self._sight = {}
        figures = {f["id"]: f for f in scenario["figures"]}
        self.figures = figures
        me = figures[scenario["active"]]
        self.start = tuple(me["hex"])
        action = scenario["action"]
        self.move = action["move"]
        self.kind = action["movement"]
        self.attacking = "attack" in action
        attack = action.get("attack") or {"range": 0, "targets": 1}
        self.reach = attack["range"]
        self.targets = MANY if attack["targets"] == "all" else attack["targets"]
        self.shapes = orientations([tuple(c) for c in attack["aoe"]]) if attack.get("aoe") else []
        self.wary = self.reach > 0 and not action.get("muddled", False)
        others = [f for f in scenario["figures"] if f["id"] != me["id"]]
        self.enemies = [f for f in others if f["side"] != "monster" and not f.get("invisible")]
        self.enemy_on = {tuple(f["hex"]): f["id"] for f in self.enemies}
        obstacles = {h for h, kind in terrain.items() if kind == "obstacle"}
        self.blocked = obstacles | {tuple(f["hex"]) for f in others if f["side"] != "monster" or f.get("invisible")}
        self.blocked.discard(self.start)
        self.negative = {h for h, kind in terrain.items() if kind in ("trap", "hazardous")}
        self.difficult = {h for h, kind in terrain.items() if kind == "difficult"}
        taken = {tuple(f["hex"]) for f in others}
        self.can_stop = {
            h for h in self.floor
            if h not in self.doors and h not in taken and (self.kind == "fly" or h not in obstacles)
        } | {self.start}
        self._steps = {}
        self._groups = {}

    # -- the map -------------------------------------------------------------------

    def is_wall_hex(self, h):
        if h in self.doors:
            return True
        if h in self.floor:
            return False
        q, r = h
        on_board = 0 <= q < BOARD_COLUMNS and 0 <= r + q // 2 < BOARD_ROWS
        return self.outside == "wall" or on_board

    def walls_of_the_map(self):
        """Every edge of every wall hex near the floor, and every thin wall."""
        segments = {shared_edge(*tuple(pair)) for pair in self.thin_walls}
        for q, r in self.floor:
            for dq, dr in ((0, 0),) + NEIGHBOURS:
                h = (q + dq, r + dr)
                if self.is_wall_hex(h):
                    points = corners(h)
                    segments.update((points[i], points[(i + 1) % 6]) for i in range(6))
        return list(segments)

    def sees(self, a, b):
        key = frozenset((a, b))
        if key not in self._sight:
            self._sight[key] = self._line_of_sight(a, b)
        return self._sight[key]

    def _line_of_sight(self, a, b):
        ends = corners(a) + corners(b)
        low_x, high_x = min(p[0] for p in ends), max(p[0] for p in ends)
        low_y, high_y = min(p[1] for p in ends), max(p[1] for p in ends)
        walls = [(s, t) for s, t in self.wall_segments
                 if max(s[0], t[0]) >= low_x and min(s[0], t[0]) <= high_x
                 and max(s[1], t[1]) >= low_y and min(s[1], t[1]) <= high_y]
        for p in corners(a):
            for q in corners(b):
                if not any(segments_touch(p, q, s, t) for s, t in walls):
                    return True
        return False

    def links(self, h):
        for dq, dr in NEIGHBOURS:
            n = (h[0] + dq, h[1] + dr)
            if n in self.floor and n not in self.doors and frozenset((h, n)) not in self.thin_walls:
                yield n

    def steps(self, origin):
        """Hexes counted around walls only."""
        if origin not in self._steps:
            found = {origin: 0}
            frontier = [origin]
            while frontier:
                later = []
                for h in frontier:
                    for n in self.links(h):
                        if n not in found:
                            found[n] = found[h] + 1
                            later.append(n)
                frontier = later
            self._steps[origin] = found
        return self._steps[origin]

    def enter(self, h):
        return (1 if h in self.negative else 0, 2 if h in self.difficult else 1)

    def walking(self, origin):
        best = {origin: (0, 0)}
        queue = [((0, 0), origin)]
        while queue:
            cost, h = heapq.heappop(queue)
            if best[h] != cost:
                continue
            for n in self.links(h):
                if n in self.blocked:
                    continue
                traps, points = self.enter(n)
                new = (cost[0] + traps, cost[1] + points)
                if n not in best or new < best[n]:
                    best[n] = new
                    heapq.heappush(queue, (new, n))
        return best

    def landing(self, h, count):
        """Jump or flight of `count` hexes ending on `h`."""
        if count == 0 or self.kind == "fly":
            return (0, count)
        return (1 if h in self.negative else 0, count + (1 if h in self.difficult else 0))

    def costs_from(self, origin):
        if self.kind == "normal":
            return self.walking(origin)
        return {h: self.landing(h, n) for h, n in self.steps(origin).items()}

    def costs_to(self, goal):
        if self.kind != "normal":
            return {h: self.landing(goal, n) for h, n in self.steps(goal).items()}
        found = {}
        for h in self.floor:
            if h in self.blocked:
                continue
            way = self.walking(h)
            if goal in way:
                found[h] = way[goal]
        return found

    def this_turn(self):
        """Fewest traps, then fewest points, to each hex within the move."""
        if self.kind != "normal":
            return {h: c for h, c in self.costs_from(self.start).items() if c[1] <= self.move}
        traps_at = {(self.start, 0): 0}
        frontier = [(self.start, 0)]
        while frontier:
            later = []
            for h, spent in frontier:
                for n in self.links(h):
                    if n in self.blocked:
                        continue
                    traps, points = self.enter(n)
                    state = (n, spent + points)
                    if state[1] > self.move:
                        continue
                    total = traps_at[(h, spent)] + traps
                    if state not in traps_at or total < traps_at[state]:
                        traps_at[state] = total
                        later.append(state)
            frontier = later
        best = {}
        for (h, spent), traps in traps_at.items():
            if h not in best or (traps, spent) < best[h]:
                best[h] = (traps, spent)
        return best

    # -- attacks ---------------------------------------------------------------------

    def adjacent(self, x, h):
        return h in set(self.links(x))

    def single(self, x, h):
        if self.reach == 0:
            return self.adjacent(x, h) and self.sees(x, h)
        return self.steps(h).get(x, MANY) <= self.reach and self.sees(x, h)

    def aimable(self, x, c):
        """Can a ranged area be aimed at `c` from `x`?"""
        steps = self.steps(x)
        if c in self.floor and c not in self.doors:
            return steps.get(c, MANY) <= self.reach
        return any(steps.get((c[0] + dq, c[1] + dr), MANY) <= self.reach - 1
                   and frozenset((c, (c[0] + dq, c[1] + dr))) not in self.thin_walls for dq, dr in NEIGHBOURS)

    def hit(self, x, cells):
        return frozenset(self.enemy_on[c] for c in cells if c in self.enemy_on and self.sees(x, c))

    def groups(self, x):
        """Every group of enemies one attack from `x` can hit."""
        if x in self._groups:
            return self._groups[x]
        singles = set()
        if not self.shapes or self.targets > 1:
            singles = {fid for h, fid in self.enemy_on.items() if self.single(x, h)}
        found = set()
        if not self.shapes:
            for k in range(1, min(self.targets, len(singles)) + 1):
                found.update(frozenset(c) for c in combinations(sorted(singles), k))
        else:
            areas = {frozenset()}
            for shape in self.shapes:
                if self.reach == 0:
                    areas.add(self.hit(x, [(x[0] + q, x[1] + r) for q, r in shape]))
                    continue
                span = self.reach + 4
                for aq in range(x[0] - span, x[0] + span + 1):
                    for ar in range(x[1] - span, x[1] + span + 1):
                        cells = [(aq + q, ar + r) for q, r in shape]
                        if any(self.aimable(x, c) for c in cells):
                            areas.add(self.hit(x, cells))
            for area in areas:
                rest = sorted(singles - area)
                for k in range(0, min(self.targets - 1, len(rest)) + 1):
                    for extra in combinations(rest, k):
                        if area or extra:
                            found.add(area | frozenset(extra))
        self._groups[x] = found
        return found

    # -- the decision ----------------------------------------------------------------------

    def answer(self):
        reached = self.costs_from(self.start)
        near = self.steps(self.start)

        def rank(fid):
            f = self.figures[fid]
            return (near.get(tuple(f["hex"]), MANY), (1 if f.get("long_rest") else 0, f["initiative"], 1))

        def group_rank(group):
            return tuple(sorted(rank(i) for i in group))

        standings = []
        for enemy in self.enemies:
            fid = enemy["id"]
            costs = [reached[x] for x in self.can_stop if x in reached and any(fid in g for g in self.groups(x))]
            if costs:
                standings.append(((min(costs),) + rank(fid), fid))
        if not standings:
            return [], {(self.start, ())}
        best = min(s[0] for s in standings)
        focuses = sorted(fid for key, fid in standings if key == best)
        turn = self.this_turn()
        answers = set()
        for fid in focuses:
            focus_hex = tuple(self.figures[fid]["hex"])
            least = best[0]
            now = least[1] <= self.move
            pool = [x for x in self.can_stop if x in reached and reached[x][0] == least[0]
                    and (not now or reached[x][1] <= self.move) and any(fid in g for g in self.groups(x))]
            if self.wary and any(not self.adjacent(x, focus_hex) for x in pool):
                pool = [x for x in pool if not self.adjacent(x, focus_hex)]
            options = {x: [g for g in self.groups(x) if fid in g] for x in pool}
            most = max(len(g) for gs in options.values() for g in gs)
            cheapest = {}
            for x, gs in options.items():
                for g in gs:
                    if len(g) == most:
                        cheapest[g] = min(cheapest.get(g, MANY), reached[x][1])
            fewest = min(cheapest.values())
            chosen = [g for g, points in cheapest.items() if points == fewest]
            top = min(group_rank(g) for g in chosen)
            chosen = [g for g in chosen if group_rank(g) == top]

            def slowed(x, g):
                if not self.wary:
                    return 0
                return sum(1 for i in g if self.adjacent(x, tuple(self.figures[i]["hex"])))

            pairs = [(slowed(x, g), reached[x][1], x, g) for x in pool for g in chosen if g in options[x]]
            low = min(p[:2] for p in pairs)
            picked = [(x, g) for d, m, x, g in pairs if (d, m) == low]
            if now:
                answers.update((x, tuple(sorted(g)) if self.attacking else ()) for x, g in picked)
                continue
            for goal in {x for x, g in picked}:
                left = self.costs_to(goal)
                keys = {}
                for h, (traps, spent) in turn.items():
                    if h in self.can_stop and h in left:
                        keys[h] = (traps + left[h][0], left[h][1], spent, traps)
                closest = min(keys.values())
                for h in (h for h, key in keys.items() if key == closest):
                    groups = [g for g in self.groups(h) if fid in g] if self.attacking else []
                    if not groups:
                        answers.add((h, ()))
                        continue
                    biggest = max(len(g) for g in groups)
                    groups = [g for g in groups if len(g) == biggest]
                    top = min(group_rank(g) for g in groups)
                    answers.update((h, tuple(sorted(g))) for g in groups if group_rank(g) == top)
        return focuses, answers


def random_scenario(rng: random.Random) -> dict:
    width, height = rng.randint(3, 8), rng.randint(3, 7)
    spots = [(q, row - q // 2) for q in range(width) for row in range(height)]
    # Now and then many holes: narrow ways, hexes whose every corner touches a wall.
    holes = set(rng.sample(spots, rng.randint(0, len(spots) // rng.choice([5, 5, 2]))))
    floor = [h for h in spots if h not in holes]
    rng.shuffle(floor)
    count = rng.randint(2, min(7, len(floor)))
    figures = []
    for i, h in enumerate(floor[:count]):
        side = "monster" if i == 0 else rng.choice(["character", "character", "character", "monster"])
        figure = {"id": "f%d" % i, "side": side, "hex": list(h)}
        if side != "monster":
            figure["initiative"] = rng.choice([10, 20, 20, 30, 50])
            if rng.random() < 0.05:
                figure["invisible"] = True
        figures.append(figure)
    kinds = ["obstacle", "trap", "hazardous", "difficult", "difficult", "closed-door"]
    terrain = [{"hex": list(h), "type": rng.choice(kinds)} for h in floor[count:count + rng.randint(0, 9)]]
    on_floor = set(floor)
    walls = []
    for _ in range(rng.randint(0, 4)):
        h = rng.choice(floor)
        dq, dr = rng.choice(NEIGHBOURS)
        if (h[0] + dq, h[1] + dr) in on_floor:
            walls.append([list(h), [h[0] + dq, h[1] + dr]])
    action = {"move": rng.randint(0, 5), "movement": rng.choice(["normal", "normal", "jump", "fly"])}
    if rng.random() < 0.15:
        action["muddled"] = True
    if rng.random() < 0.9:
        reach = rng.choice([0, 0, 1, 2, 3])
        attack = {"range": reach, "targets": rng.choice([1, 1, 1, 2, 3, "all"])}
        if rng.random() < 0.4:
            attack["aoe"] = rng.choice(RANGED_AREAS if reach else MELEE_AREAS)
        action["attack"] = attack
    return {"rules": "gloomhaven", "hexes": [list(h) for h in floor], "walls": walls, "terrain": terrain,
            "figures": figures, "active": "f0", "action": action, "outside": rng.choice(["open", "wall"])}


@pytest.mark.parametrize("seed", range(160))
def test_solver_matches_the_brute_force_reading(seed):
    scenario = random_scenario(random.Random(seed))
    focuses, answers = Reading(scenario).answer()
    result = solve(scenario)
    assert sorted(result["focus"]) == focuses, scenario
    got = {(tuple(o["destination"]), tuple(sorted(o["attacks"]))) for o in result["options"]}
    assert got == answers, scenario
