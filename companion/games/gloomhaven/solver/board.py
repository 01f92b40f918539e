"""The map as the acting monster sees it: where it may pass, where it may stop,
what each step costs, and who its enemies are. Built once per scenario."""

from __future__ import annotations

from collections import deque

from .hexes import DIRECTIONS, centre, mirror, rotate
from .scenario import Scenario
from .sight import Sight

NEGATIVE = ("trap", "hazardous")


class Board:
    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.action = scenario.action
        self.attack = scenario.action.attack
        self.me = scenario.active
        self.start = scenario.active.hex
        terrain = scenario.terrain
        self.terrain = terrain
        # Closed doors are walls for monsters: no movement, no sight.
        self.open_floor = frozenset(h for h in scenario.floor if terrain.get(h) != "closed-door")
        walls = scenario.walls
        # Steps that cross no wall: the graph for movement, range and proximity.
        links = {}
        for h in self.open_floor:
            q, r = h
            out = []
            for dq, dr in DIRECTIONS:
                n = (q + dq, r + dr)
                if n in self.open_floor and frozenset((h, n)) not in walls:
                    out.append(n)
            links[h] = tuple(out)
        self.links = links
        self.sight = Sight(self.open_floor, walls, solid_positions(scenario))

        others = [f for f in scenario.figures if f.id != self.me.id]
        self.occupied = {f.hex: f for f in others}
        #: Enemies the monster may focus on and target (invisible ones it ignores).
        self.enemies = tuple(f for f in others if f.side != "monster" and not f.invisible)
        self.enemy_at = {f.hex: f for f in self.enemies}
        # Normal movement passes allies but not enemies, obstacles, or invisible
        # figures (which monsters treat as obstacles).
        blocked = set(h for h, kind in terrain.items() if kind == "obstacle")
        for f in others:
            if f.side != "monster" or f.invisible:
                blocked.add(f.hex)
        blocked.discard(self.start)
        self.blocked = frozenset(blocked)

        movement = self.action.movement
        self.movement = movement
        # Where the monster may end its move.
        stop = set()
        for h in self.open_floor:
            if h in self.occupied:
                continue
            if movement != "fly" and terrain.get(h) == "obstacle":
                continue
            stop.add(h)
        stop.add(self.start)
        self.can_stop = frozenset(stop)
        self.negative = frozenset(h for h, kind in terrain.items() if kind in NEGATIVE)
        self.difficult = frozenset(h for h, kind in terrain.items() if kind == "difficult")
        self._wall_distance = {}

    # -- distances that only walls bend -------------------------------------------

    def wall_distances(self, origin, limit=None) -> dict:
        """Steps from `origin` to each hex going around walls only (obstacles,
        figures and terrain ignored): range, proximity, jump and flight."""
        key = (origin, limit)
        found = self._wall_distance.get(key)
        if found is None:
            if limit is not None:
                full = self._wall_distance.get((origin, None))
                if full is not None:
                    return full
            found = {origin: 0}
            frontier = deque([origin])
            links = self.links
            while frontier:
                h = frontier.popleft()
                d = found[h] + 1
                if limit is not None and d > limit:
                    continue
                for n in links.get(h, ()):
                    if n not in found:
                        found[n] = d
                        frontier.append(n)
            self._wall_distance[key] = found
        return found


SOLID = "frame"  # "frame", "hull", "enclosed", "grid" or "all"


def solid_positions(scenario: Scenario) -> frozenset:
    """Positions off the floor that block line of sight.

    Holes in the map (wall hexes with floor around them) and closed doors do;
    the void around the map does not: nothing can stand there, and a line
    grazing the outer edge of the map is not blocked by it."""
    floor = scenario.floor
    doors = {h for h, kind in scenario.terrain.items() if kind == "closed-door"}
    if SOLID == "all":
        found = set(doors)
        for h in floor:
            for dq, dr in DIRECTIONS:
                n = (h[0] + dq, h[1] + dr)
                if n not in floor:
                    found.add(n)
        return frozenset(found)
    if SOLID == "frame":
        return frozenset(_inside_frame(floor) | doors)
    if SOLID == "hull":
        return frozenset(_inside_hull(floor) | doors)
    if SOLID == "grid":
        cols = [q for q, r in floor]
        rows = [r + q // 2 for q, r in floor]
        lo_q, hi_q, lo_r, hi_r = min(cols), max(cols), min(rows), max(rows)
        found = set(doors)
        for q in range(lo_q, hi_q + 1):
            for row in range(lo_r, hi_r + 1):
                h = (q, row - q // 2)
                if h not in floor:
                    found.add(h)
        return frozenset(found)
    # Off-floor positions next to the floor, and whether they connect to the
    # outside through other off-floor positions.
    border = set()
    for h in floor:
        for dq, dr in DIRECTIONS:
            n = (h[0] + dq, h[1] + dr)
            if n not in floor:
                border.add(n)
    qs = [q for q, r in floor]
    rs = [r for q, r in floor]
    ss = [-q - r for q, r in floor]
    lo_q, hi_q = min(qs) - 1, max(qs) + 1
    lo_r, hi_r = min(rs) - 1, max(rs) + 1
    lo_s, hi_s = min(ss) - 1, max(ss) + 1

    def outside(h):
        q, r = h
        return q <= lo_q or q >= hi_q or r <= lo_r or r >= hi_r or -q - r <= lo_s or -q - r >= hi_s

    # Flood the void from everything on or beyond the bounding hexagon.
    void = set()
    stack = [h for h in border if outside(h)]
    void.update(stack)
    while stack:
        h = stack.pop()
        for dq, dr in DIRECTIONS:
            n = (h[0] + dq, h[1] + dr)
            if n in void or n in floor:
                continue
            q, r = n
            if q < lo_q or q > hi_q or r < lo_r or r > hi_r or -q - r < lo_s or -q - r > hi_s:
                continue
            void.add(n)
            stack.append(n)
    return frozenset((border - void) | doors)


def _inside_hull(floor) -> set:
    """Positions off the floor whose centre lies in the convex hull of the
    floor's centres (its boundary included)."""
    points = sorted({centre(h) for h in floor})
    hull = _convex_hull(points)
    qs = [q for q, r in floor]
    rs = [r for q, r in floor]
    found = set()
    for q in range(min(qs) - 1, max(qs) + 2):
        for r in range(min(rs) - 1, max(rs) + 2):
            h = (q, r)
            if h not in floor and _in_convex(hull, centre(h)):
                found.add(h)
    return found


def _cross(o, a, b) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _convex_hull(points: list) -> list:
    if len(points) <= 2:
        return points
    lower, upper = [], []
    for p in points:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(points):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]  # counter-clockwise


def _in_convex(hull: list, p) -> bool:
    n = len(hull)
    if n == 1:
        return p == hull[0]
    if n == 2:
        a, b = hull
        return _cross(a, b, p) == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(
            a[1], b[1]
        ) <= p[1] <= max(a[1], b[1])
    return all(_cross(hull[i], hull[(i + 1) % n], p) >= 0 for i in range(n))


def _inside_frame(floor) -> set:
    """Positions off the floor inside the map's rectangle.

    Maps are drawn on a rectangle of hexes: columns of flat-topped hexes,
    every other column half a hex lower. The rectangle is the smallest one
    holding the floor, over every way of turning or flipping the map (so the
    answer turns with the map); when several are smallest, only positions
    inside all of them count."""
    best = None
    regions = []
    for flip in (False, True):
        for steps in range(6):
            def there(h, flip=flip, steps=steps):
                return rotate(mirror(h) if flip else h, steps)

            def back(h, flip=flip, steps=steps):
                h = rotate(h, -steps)
                return mirror(h) if flip else h

            moved = [there(h) for h in floor]
            cols = [q for q, r in moved]
            rows = [r + q // 2 for q, r in moved]
            lo_c, hi_c, lo_r, hi_r = min(cols), max(cols), min(rows), max(rows)
            area = (hi_c - lo_c + 1) * (hi_r - lo_r + 1)
            if best is not None and area > best:
                continue
            region = set()
            for q in range(lo_c, hi_c + 1):
                for row in range(lo_r, hi_r + 1):
                    region.add(back((q, row - q // 2)))
            if best is None or area < best:
                best = area
                regions = [region]
            else:
                regions.append(region)
    inside = set.intersection(*regions)
    return inside - set(floor)
