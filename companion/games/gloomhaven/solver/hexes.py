"""Axial hex geometry for flat-topped hexes.

A hex is a tuple ``(q, r)``. Distances count hexes; `corners` gives the six
corners of a hex as integer points in a plane scaled so that every corner has
integer coordinates (x doubled, y divided by sqrt(3) and doubled), which keeps
line-of-sight tests exact: an affine map preserves intersections.
"""

from __future__ import annotations

from typing import Iterable

Hex = tuple  # (q, r)

#: The six neighbour offsets, in the order the contract lists them.
DIRECTIONS: tuple = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

#: Corner offsets from a hex centre in the integer plane, for 0°, 60°, …, 300°.
CORNER_OFFSETS: tuple = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


def neighbours(h: Hex) -> list:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def centre(h: Hex) -> tuple:
    """Centre of `h` in the integer plane (x * 2, y * 2 / sqrt(3))."""
    return (3 * h[0], 2 * h[1] + h[0])


def corners(h: Hex) -> tuple:
    x, y = centre(h)
    return tuple((x + dx, y + dy) for dx, dy in CORNER_OFFSETS)


def shared_edge(a: Hex, b: Hex) -> tuple:
    """The edge two adjacent hexes share, as a pair of integer points."""
    common = sorted(set(corners(a)) & set(corners(b)))
    if len(common) != 2:
        raise ValueError("hexes %r and %r are not adjacent" % (a, b))
    return tuple(common)


def disk(radius: int) -> list:
    """Every offset within `radius` of the origin (the origin included)."""
    found = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            found.append((dq, dr))
    return found


# -- symmetries ---------------------------------------------------------------

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
