"""Line of sight: a straight line from any corner of one hex to any corner of
the other that touches no wall.

Walls are the edges of wall positions (off the floor, as
`board.solid_positions` decides from the scenario's "outside", and closed
doors, walls for monsters) and the thin walls between two floor hexes. All
geometry is in the integer plane of `companion.kit.hexes.corners`, so the
tests are exact: touching a wall, even at a single point or along a parallel
stretch, blocks. Neighbours get no exception: two hexes sharing an open edge
see each other only if some such line exists (a shared corner touching no
wall is one), so a hex whose every corner touches a wall sees nothing.
"""

from __future__ import annotations

from companion.kit.hexes import CORNER_OFFSETS, DIRECTIONS, centre, disk, distance, shared_edge

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
        if not set(starts).isdisjoint(ends):
            return True  # neighbours sharing a corner that touches no wall
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
