"""Hex geometry and line of sight."""

import math
import random

import pytest

from companion.games.gloomhaven.solver.hexes import (
    DIRECTIONS,
    centre,
    corners,
    disk,
    distance,
    mirror,
    neighbours,
    orientations,
    rotate,
    shared_edge,
)
from companion.games.gloomhaven.solver.sight import Sight, _near_line, segments_touch


def test_neighbours_are_at_distance_one_in_contract_order():
    assert neighbours((0, 0)) == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert all(distance((3, -2), n) == 1 for n in neighbours((3, -2)))


def test_distance():
    assert distance((0, 0), (3, -3)) == 3
    assert distance((0, 0), (2, 1)) == 3
    assert distance((-1, 4), (-1, 4)) == 0


def test_disk_sizes():
    assert [len(disk(n)) for n in range(4)] == [1, 7, 19, 37]
    assert all(distance((0, 0), h) <= 3 for h in disk(3))


def test_integer_corners_match_the_contract_geometry():
    # The contract: centre x = 1.5 q, y = sqrt(3) (r + q/2); corners at distance 1.
    for h in [(0, 0), (2, -1), (-3, 5)]:
        cx, cy = 1.5 * h[0], math.sqrt(3) * (h[1] + h[0] / 2)
        for (x, y), k in zip(corners(h), range(6)):
            angle = math.radians(60 * k)
            assert x / 2 == pytest.approx(cx + math.cos(angle))
            assert y * math.sqrt(3) / 2 == pytest.approx(cy + math.sin(angle))
    assert centre((1, 0)) == (3, 1)


def test_adjacent_hexes_share_one_edge():
    for d in DIRECTIONS:
        a, b = shared_edge((0, 0), d)
        assert a != b
    with pytest.raises(ValueError):
        shared_edge((0, 0), (2, 0))


def test_rotations_and_mirrors():
    h = (2, -1)
    assert rotate(h, 6) == h
    assert [rotate((1, 0), k) for k in range(6)] == [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    assert mirror(mirror(h)) == h
    assert distance(rotate(h, 2), (0, 0)) == distance(h, (0, 0))
    assert distance(mirror(h), mirror((5, 5))) == distance(h, (5, 5))


def test_orientations():
    assert len(orientations([(1, 0)])) == 6
    assert len(orientations([(1, 0), (2, 0)])) == 6  # a line is its own mirror image
    assert len(orientations([(1, 0), (2, 0), (2, -1)])) == 12  # an L is not
    assert len(orientations(DIRECTIONS)) == 1  # the ring is the same every way


# -- segments -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "p1, p2, p3, p4, touch",
    [
        ((0, 0), (4, 4), (0, 4), (4, 0), True),  # crossing
        ((0, 0), (4, 0), (2, 0), (2, 3), True),  # an end on the other
        ((0, 0), (4, 0), (4, 0), (6, 2), True),  # sharing an end
        ((0, 0), (4, 0), (5, 0), (8, 0), False),  # collinear, apart
        ((0, 0), (4, 0), (3, 0), (8, 0), True),  # collinear, overlapping
        ((0, 0), (4, 0), (0, 1), (4, 1), False),  # parallel
        ((0, 0), (4, 4), (3, 0), (5, 2), False),  # the line would cross, the segments do not
    ],
)
def test_segments_touch(p1, p2, p3, p4, touch):
    assert segments_touch(p1, p2, p3, p4) is touch
    assert segments_touch(p3, p4, p1, p2) is touch
    assert segments_touch(p2, p1, p4, p3) is touch


# -- line of sight ---------------------------------------------------------------------


def rhombus(n):
    return frozenset((q, r) for q in range(n) for r in range(n))


def test_open_floor_sees_everywhere():
    floor = rhombus(7)
    sight = Sight(floor, frozenset(), frozenset())
    assert all(sight.visible((3, 3), h) for h in floor)


def test_thin_walls_block_sight():
    floor = rhombus(7)
    # One short wall: lines pass around its ends, even between the two hexes it separates.
    one = Sight(floor, frozenset([frozenset([(3, 3), (3, 2)])]), frozenset())
    assert one.visible((3, 3), (3, 2))
    # A wall across the whole map between rows 2 and 3 cuts every line.
    line = [frozenset([(q, 3), (q, 2)]) for q in range(7)] + [frozenset([(q, 3), (q + 1, 2)]) for q in range(6)]
    cut = Sight(floor, frozenset(line), frozenset())
    assert not cut.visible((3, 3), (3, 2))
    assert not cut.visible((0, 6), (6, 0))
    assert cut.visible((0, 6), (6, 3))


def test_neighbours_see_each_other_unless_a_thin_wall_parts_them():
    # A one-hex corridor between wall hexes: every corner touches a wall.
    floor = frozenset((3, r) for r in range(7))
    solid = frozenset((q, r) for q in (2, 4) for r in range(-1, 8)) | {(3, -1), (3, 7)}
    sight = Sight(floor, frozenset([frozenset([(3, 4), (3, 5)])]), solid)
    assert sight.clear_corners[(3, 2)] == ()
    assert sight.visible((3, 2), (3, 3))
    assert not sight.visible((3, 2), (3, 4))
    assert not sight.visible((3, 4), (3, 5))


def test_wall_hexes_block_and_their_corners_count():
    floor = rhombus(7) - {(3, 2)}
    sight = Sight(floor, frozenset(), frozenset({(3, 2)}))
    assert not sight.visible((3, 3), (3, 1))
    assert sight.visible((3, 3), (4, 1))


def test_sight_is_symmetric_and_cached():
    floor = rhombus(6) - {(2, 2)}
    sight = Sight(floor, frozenset(), frozenset({(2, 2)}))
    for a in floor:
        for b in floor:
            assert sight.visible(a, b) == sight.visible(b, a)


def brute_force_visible(sight, segments, a, b):
    if distance(a, b) == 1 and frozenset((a, b)) not in sight.thin_walls:
        return True  # neighbours with no wall between them always see each other
    for p in sight.clear_corners[a]:
        for q in sight.clear_corners[b]:
            if not any(segments_touch(p, q, s, t) for s, t in segments):
                return True
    return False


def test_the_nearby_walls_shortcut_finds_every_blocking_wall():
    rng = random.Random(7)
    floor = rhombus(9)
    holes = frozenset(rng.sample(sorted(floor), 10))
    floor = floor - holes
    thin = set()
    for h in rng.sample(sorted(floor), 12):
        n = (h[0] + 1, h[1])
        if n in floor:
            thin.add(frozenset([h, n]))
    sight = Sight(floor, frozenset(thin), holes)
    segments = {e for walls in sight.hex_walls.values() for e in walls}
    cells = sorted(floor)
    for _ in range(400):
        a, b = rng.choice(cells), rng.choice(cells)
        if a != b:
            assert sight.visible(a, b) == brute_force_visible(sight, segments, a, b), (a, b)


def test_near_line_covers_every_hex_a_corner_line_touches():
    # Any hex a corner-to-corner line touches is within the "near line" offsets.
    for b in [(5, -2), (3, 3), (-4, 1), (0, 6), (7, -7)]:
        near = set(_near_line(*b))
        for p in corners((0, 0)):
            for q in corners(b):
                for h in disk(distance((0, 0), b) + 2):
                    edges = corners(h)
                    touched = any(segments_touch(p, q, edges[i], edges[(i + 1) % 6]) for i in range(6))
                    if touched:
                        assert h in near, (b, h)
