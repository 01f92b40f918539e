"""The map as the acting monster sees it: where it may pass, where it may stop,
what each step costs, and who its enemies are.

What depends only on the map (floor, walls, closed doors) lives in `Geometry`,
which is shared by every scenario on the same map, so line-of-sight and
around-the-walls distances computed for one monster serve the next.
"""

from __future__ import annotations

from collections import OrderedDict, deque

from companion.kit.hexes import DIRECTIONS, SYMMETRIES

from .scenario import Scenario
from .sight import Sight

NEGATIVE = ("trap", "hazardous")

class Geometry:
    """Everything about a map that does not depend on the figures."""

    def __init__(self, floor: frozenset, walls: frozenset, doors: frozenset, outside: str = "open"):
        # Closed doors are walls for monsters: no movement, no sight.
        self.open_floor = open_floor = floor - doors
        thin = set()
        for pair in walls:
            a, b = tuple(pair)
            thin.add((a, b))
            thin.add((b, a))
        self.thin = frozenset(thin)
        # Steps that cross no wall: the graph for movement, range and proximity.
        links = {}
        for h in open_floor:
            q, r = h
            links[h] = tuple(
                n
                for n in ((q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1))
                if n in open_floor and (h, n) not in thin
            )
        self.links = links
        self.sight = Sight(open_floor, walls, solid_positions(floor, doors, outside))
        self._wall_distance = {}

    def wall_distances(self, origin, limit=None) -> dict:
        """Steps from `origin` to each hex going around walls only (obstacles,
        figures and terrain ignored): range, proximity, jump and flight.
        With `limit`, hexes farther than `limit` may be missing."""
        cache = self._wall_distance
        found = cache.get((origin, None))
        if found is None and limit is not None:
            found = cache.get((origin, limit))
        if found is not None:
            return found
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
        cache[(origin, limit)] = found
        return found

    def area_in_range(self, origin, reach: int, cells) -> bool:
        """May a ranged area on `cells` be aimed from `origin`? One of its
        hexes must be within `reach`, counted like any range (around thin
        walls, never through wall hexes or closed doors). That hex may be
        empty, and may be a wall hex (or a door, or off the map) when a hex
        next to it, with no thin wall between, is within `reach` - 1 (the
        FAQ's reading)."""
        near = self.wall_distances(origin, reach)
        open_floor, thin = self.open_floor, self.thin
        for c in cells:
            d = near.get(c)
            if d is not None:
                if d <= reach:
                    return True
            elif c not in open_floor:
                for dq, dr in DIRECTIONS:
                    n = (c[0] + dq, c[1] + dr)
                    if near.get(n, reach) < reach and (c, n) not in thin:
                        return True
        return False


_GEOMETRIES: OrderedDict = OrderedDict()
_KEEP = 16


def geometry_for(scenario: Scenario) -> Geometry:
    doors = frozenset(h for h, kind in scenario.terrain.items() if kind == "closed-door")
    key = (scenario.floor, scenario.walls, doors, scenario.outside)
    found = _GEOMETRIES.get(key)
    if found is None:
        found = Geometry(scenario.floor, scenario.walls, doors, scenario.outside)
        _GEOMETRIES[key] = found
        if len(_GEOMETRIES) > _KEEP:
            _GEOMETRIES.popitem(last=False)
    else:
        _GEOMETRIES.move_to_end(key)
    return found


class Board:
    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.action = scenario.action
        self.attack = scenario.action.attack
        self.me = scenario.active
        self.start = scenario.active.hex
        terrain = scenario.terrain
        self.terrain = terrain
        geometry = geometry_for(scenario)
        self.geometry = geometry
        self.open_floor = geometry.open_floor
        self.links = geometry.links
        self.sight = geometry.sight
        self.wall_distances = geometry.wall_distances

        self.figures_by_id = {f.id: f for f in scenario.figures}
        others = [f for f in scenario.figures if f.id != self.me.id]
        self.occupied = {f.hex: f for f in others}
        #: Enemies the monster may focus on and target (invisible ones it ignores).
        # A character's summon acting follows the same rules with the sides
        # swapped: monsters are its enemies, characters and summons its allies.
        monsters_act = self.me.side == "monster"
        self.allies = tuple(f for f in others if (f.side == "monster") == monsters_act)
        self.enemies = tuple(f for f in others if (f.side == "monster") != monsters_act and not f.invisible)
        self.enemy_at = {f.hex: f for f in self.enemies}
        # Normal movement passes allies but not enemies, obstacles, or invisible
        # figures (which monsters treat as obstacles).
        obstacles = {h for h, kind in terrain.items() if kind == "obstacle"}
        self.obstacles = frozenset(obstacles)
        blocked = set(obstacles)
        for f in others:
            if (f.side == "monster") != monsters_act or f.invisible:
                blocked.add(f.hex)
        blocked.discard(self.start)
        self.blocked = frozenset(blocked)

        self.movement = self.action.movement
        # Where the monster may end its move: not on another figure, and not on
        # an obstacle unless it flies.
        cannot = set(self.occupied)
        if self.movement != "fly":
            cannot |= obstacles
        cannot.discard(self.start)
        self.can_stop = self.open_floor - cannot
        self.negative = frozenset(h for h, kind in terrain.items() if kind in NEGATIVE)
        self.difficult = frozenset(h for h, kind in terrain.items() if kind == "difficult")


#: The board of the curated cases (the Monster Mover's): columns 0-15, rows 0-6.
BOARD_COLUMNS = 16
BOARD_ROWS = 7


def _on_board(h) -> bool:
    q, r = h
    return 0 <= q < BOARD_COLUMNS and 0 <= r + q // 2 < BOARD_ROWS


def _smallest_frames(floor: frozenset) -> list:
    """The smallest rectangles (columns x rows) holding `floor`, over the
    twelve ways of turning or flipping it: (matrix, column and row bounds)."""
    best = None
    frames = []
    cells = list(floor)
    for a, b, c, d in SYMMETRIES:
        cols = [a * q + b * r for q, r in cells]
        rows = [c * q + d * r + col // 2 for (q, r), col in zip(cells, cols)]
        frame = (a, b, c, d, min(cols), max(cols), min(rows), max(rows))
        area = (frame[5] - frame[4] + 1) * (frame[7] - frame[6] + 1)
        if best is None or area < best:
            best = area
            frames = [frame]
        elif area == best:
            frames.append(frame)
    return frames


def solid_positions(floor: frozenset, doors: frozenset, outside: str = "open") -> frozenset:
    """Positions that block line of sight: closed doors, and positions off the
    floor. With `outside` "wall" (a real table: the edge of a map tile and
    every partial hex along it are wall) that is every position off the floor.

    With `outside` "open" (the board the curated cases are drawn on) it is
    every position off the floor inside the map's rectangle: maps are drawn on
    a rectangle of flat-topped hexes in columns, every other column half a hex
    lower, and the void around it does not block a line grazing the map's
    outer edge. The rectangle is the smallest one holding the floor, over
    every way of turning or flipping the map (so the answer turns with the
    map); when several are smallest, only positions inside all of them count.
    A map that fits the curated cases' board (`BOARD_COLUMNS` x `BOARD_ROWS`)
    has that board as its rectangle, even where a whole edge row or column of
    it is wall."""
    border = set()
    for q, r in floor:
        for dq, dr in DIRECTIONS:
            n = (q + dq, r + dr)
            if n not in floor:
                border.add(n)
    if outside == "wall":
        return frozenset(doors) | frozenset(border)
    if all(_on_board(h) for h in floor):
        return frozenset(doors) | frozenset(h for h in border if _on_board(h))
    frames = _smallest_frames(floor)
    solid = set(doors)
    for q, r in border:
        for a, b, c, d, lo_c, hi_c, lo_r, hi_r in frames:
            col = a * q + b * r
            row = c * q + d * r + col // 2
            if not (lo_c <= col <= hi_c and lo_r <= row <= hi_r):
                break
        else:
            solid.add((q, r))
    return frozenset(solid)
