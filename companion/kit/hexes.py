"""Geometry of a grid of flat-topped hexes in axial coordinates, for any game.

A hex is a tuple ``(q, r)``; its six neighbours are listed in `DIRECTIONS`.
Distances count hexes. For exact line tests, `centre` and `corners` place
hexes in an integer plane: x doubled, y divided by sqrt(3) and doubled, so
every corner has integer coordinates. The map is affine, so whether two
segments meet is the same there as on the table.
"""

from __future__ import annotations

from collections.abc import Iterable

Hex = tuple  # (q, r)

#: The six neighbour offsets: east-ish first, then counter-clockwise.
DIRECTIONS: tuple = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

#: Corner offsets from a hex centre in the integer plane, for 0°, 60°, …, 300°.
CORNER_OFFSETS: tuple = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


def neighbours(h: Hex) -> list:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def adjacent(a: Hex, b: Hex) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def disk(radius: int) -> list:
    """Every offset within `radius` of the origin (the origin included)."""
    found = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            found.append((dq, dr))
    return found


# -- the integer plane ------------------------------------------------------------


def centre(h: Hex) -> tuple:
    """Centre of `h` in the integer plane (x * 2, y * 2 / sqrt(3))."""
    return (3 * h[0], 2 * h[1] + h[0])


def corners(h: Hex) -> tuple:
    x, y = centre(h)
    return tuple((x + dx, y + dy) for dx, dy in CORNER_OFFSETS)


def shared_edge(a: Hex, b: Hex) -> tuple:
    """The edge two adjacent hexes share, as a sorted pair of integer points."""
    common = sorted(set(corners(a)) & set(corners(b)))
    if len(common) != 2:
        raise ValueError("hexes %r and %r are not adjacent" % (a, b))
    return tuple(common)


def _orient(ax, ay, bx, by, cx, cy) -> int:
    v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    return (v > 0) - (v < 0)


def _within(ax, ay, bx, by, px, py) -> bool:
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def segments_touch(p1, p2, p3, p4) -> bool:
    """Do the closed segments p1-p2 and p3-p4 (integer points) share a point?"""
    x1, y1 = p1
    x2, y2 = p2
    x3, y3 = p3
    x4, y4 = p4
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
    # Collinear or touching at an end: a zero orientation means the point
    # lies on the other segment's line, so on it if within its box.
    return (
        (d1 == 0 and _within(x3, y3, x4, y4, x1, y1))
        or (d2 == 0 and _within(x3, y3, x4, y4, x2, y2))
        or (d3 == 0 and _within(x1, y1, x2, y2, x3, y3))
        or (d4 == 0 and _within(x1, y1, x2, y2, x4, y4))
    )


# -- symmetries -----------------------------------------------------------------


def rotate(h: Hex, steps: int = 1) -> Hex:
    """Rotate about the origin by `steps` sixths of a turn."""
    q, r = h
    for _ in range(steps % 6):
        q, r = -r, q + r
    return (q, r)


def mirror(h: Hex) -> Hex:
    """Reflect across the line through the origin along the q axis."""
    q, r = h
    return (q, -q - r)


def orientations(pattern: Iterable[Hex]) -> list:
    """Every distinct rotation of `pattern` and of its mirror image, each as a
    sorted tuple of offsets."""
    base = [tuple(p) for p in pattern]
    seen = []
    for flip in (False, True):
        cells = [mirror(p) for p in base] if flip else base
        for steps in range(6):
            shape = tuple(sorted(rotate(p, steps) for p in cells))
            if shape not in seen:
                seen.append(shape)
    return seen


def _symmetries() -> tuple:
    """The twelve symmetries as integer matrices (a, b, c, d): (q, r) -> (a q + b r, c q + d r)."""
    found = []
    for flip in (False, True):
        for steps in range(6):
            one = rotate(mirror((1, 0)) if flip else (1, 0), steps)
            other = rotate(mirror((0, 1)) if flip else (0, 1), steps)
            found.append((one[0], other[0], one[1], other[1]))
    return tuple(found)


#: The twelve symmetries of the grid about the origin (the identity first).
SYMMETRIES: tuple = _symmetries()


def transform(h: Hex, matrix: tuple) -> Hex:
    """Apply one of `SYMMETRIES` to `h`."""
    a, b, c, d = matrix
    return (a * h[0] + b * h[1], c * h[0] + d * h[1])
