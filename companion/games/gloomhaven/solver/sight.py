"""Line of sight: a straight line from any corner of one hex to any corner of
the other that touches no wall.

Walls are the edges between a floor hex and a non-floor position (or a closed
door, a wall for monsters), and the thin walls between two floor hexes. All
geometry is in the integer plane of `hexes.corners`, so the tests are exact:
touching a wall, even at a single point or along a parallel stretch, blocks.
Neighbours with no wall on their shared edge always see each other.
"""

from __future__ import annotations

from .hexes import CORNER_OFFSETS, DIRECTIONS, centre, disk, distance, shared_edge


def _orient(ax, ay, bx, by, cx, cy) -> int:
    v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    return (v > 0) - (v < 0)


def segments_touch(p1, p2, p3, p4) -> bool:
    """Do the closed segments p1-p2 and p3-p4 share at least one point?"""
    x1, y1 = p1
    x2, y2 = p2
    x3, y3 = p3
    x4, y4 = p4
    # Bounding boxes first: cheap and rejects most pairs.
    if max(x1, x2) < min(x3, x4) or max(x3, x4) < min(x1, x2):
        return False
    if max(y1, y2) < min(y3, y4) or max(y3, y4) < min(y1, y2):
        return False
    d1 = _orient(x3, y3, x4, y4, x1, y1)
    d2 = _orient(x3, y3, x4, y4, x2, y2)
    d3 = _orient(x1, y1, x2, y2, x3, y3)
    d4 = _orient(x1, y1, x2, y2, x4, y4)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    # Collinear or touching at an end: with the boxes overlapping, a zero
    # orientation means the point lies on the other segment.
    if d1 == 0 and _within(x3, y3, x4, y4, x1, y1):
        return True
    if d2 == 0 and _within(x3, y3, x4, y4, x2, y2):
        return True
    if d3 == 0 and _within(x1, y1, x2, y2, x3, y3):
        return True
    if d4 == 0 and _within(x1, y1, x2, y2, x4, y4):
        return True
    return False


def _within(ax, ay, bx, by, px, py) -> bool:
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


_NEAR_LINE = {}


def _near_line(dq: int, dr: int) -> tuple:
    """Offsets h (from `a`) with |h| + |h - d| <= |d| + 2, where d = b - a."""
    found = _NEAR_LINE.get((dq, dr))
    if found is None:
        d = (dq, dr)
        n = distance((0, 0), d)
        limit = n + 2
        reach = n + 1
        found = tuple(
            h for h in disk(reach) if distance(h, (0, 0)) + distance(h, d) <= limit
        )
        _NEAR_LINE[(dq, dr)] = found
    return found


class Sight:
    """Line of sight on one map, cached per pair of hexes."""

    def __init__(self, open_floor: frozenset, thin_walls: frozenset, solid: frozenset):
        """`open_floor`: hexes a sight line may cross; `solid`: positions that
        block sight (wall hexes, closed doors); `thin_walls`: pairs of floor
        hexes with a wall on their shared edge. Any other position is void: it
        does not block a line that grazes the map's outer edge."""
        self.floor = open_floor
        self.thin_walls = thin_walls
        segments = set()
        for h in solid:
            for dq, dr in DIRECTIONS:
                n = (h[0] + dq, h[1] + dr)
                if n not in solid:
                    segments.add((h, n))
        for pair in thin_walls:
            a, b = tuple(pair)
            segments.add((a, b))
        # Each wall segment, filed under both hexes whose shared edge it is.
        hex_walls = {}
        touching = set()
        for a, b in segments:
            edge = shared_edge(a, b)
            hex_walls.setdefault(a, set()).add(edge)
            hex_walls.setdefault(b, set()).add(edge)
            touching.update(edge)
        self.hex_walls = {h: tuple(sorted(e)) for h, e in hex_walls.items()}
        # Corners that touch no wall: the only ones a sight line may start from.
        self.clear_corners = {}
        for h in open_floor:
            x, y = centre(h)
            self.clear_corners[h] = tuple(
                (x + dx, y + dy) for dx, dy in CORNER_OFFSETS if (x + dx, y + dy) not in touching
            )
        self._cache = {}

    def visible(self, a, b) -> bool:
        if a == b:
            return True
        if (
            distance(a, b) == 1
            and a in self.floor
            and b in self.floor
            and frozenset((a, b)) not in self.thin_walls
        ):
            # Neighbours with no wall between them see each other, even where
            # every corner they have touches a wall (a corridor one hex wide,
            # an alcove): a melee attack reaches a figure next to it.
            return True
        key = (a, b) if a <= b else (b, a)
        found = self._cache.get(key)
        if found is None:
            found = self._compute(key[0], key[1])
            self._cache[key] = found
        return found

    def _walls_between(self, a, b) -> list:
        """Wall segments a sight line between `a` and `b` could touch: those on
        the floor hexes whose distances to `a` and `b` add up to at most two
        more than the distance between them (any hex a corner-to-corner line
        touches is among them)."""
        hex_walls = self.hex_walls
        aq, ar = a
        found = set()
        for dq, dr in _near_line(b[0] - aq, b[1] - ar):
            walls = hex_walls.get((aq + dq, ar + dr))
            if walls:
                found.update(walls)
        return [(p[0], p[1], q[0], q[1]) for p, q in found]

    def _compute(self, a, b) -> bool:
        starts = self.clear_corners.get(a, ())
        ends = self.clear_corners.get(b, ())
        if not starts or not ends:
            return False
        walls = self._walls_between(a, b)
        if not walls:
            return True
        for px, py in starts:
            for qx, qy in ends:
                dx = qx - px
                dy = qy - py
                if px < qx:
                    lox, hix = px, qx
                else:
                    lox, hix = qx, px
                if py < qy:
                    loy, hiy = py, qy
                else:
                    loy, hiy = qy, py
                for i, (x1, y1, x2, y2) in enumerate(walls):
                    # Boxes apart: no contact.
                    if x1 < lox and x2 < lox or x1 > hix and x2 > hix:
                        continue
                    if y1 < loy and y2 < loy or y1 > hiy and y2 > hiy:
                        continue
                    # Both wall ends strictly on one side of the sight line.
                    o1 = dx * (y1 - py) - dy * (x1 - px)
                    o2 = dx * (y2 - py) - dy * (x2 - px)
                    if o1 > 0 and o2 > 0 or o1 < 0 and o2 < 0:
                        continue
                    # Both sight-line ends strictly on one side of the wall.
                    ex = x2 - x1
                    ey = y2 - y1
                    o3 = ex * (py - y1) - ey * (px - x1)
                    o4 = ex * (qy - y1) - ey * (qx - x1)
                    if o3 > 0 and o4 > 0 or o3 < 0 and o4 < 0:
                        continue
                    # They meet (collinear ones overlap, as their boxes do).
                    if i:
                        # The wall that blocked this line likely blocks the next.
                        walls[0], walls[i] = walls[i], walls[0]
                    break
                else:
                    return True
        return False
