"""Line of sight (the hex geometry itself is tested in tests/kit)."""

import random

from companion.games.gloomhaven.solver.sight import Sight, _near_line
from companion.kit.hexes import corners, disk, distance, segments_touch

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


def test_neighbours_in_a_corridor_one_hex_wide_do_not_see_each_other():
    # A one-hex corridor between wall hexes: every corner of its middle hexes
    # touches a wall, so no line leaves them, not even to a neighbour.
    floor = frozenset((3, r) for r in range(7))
    solid = frozenset((q, r) for q in (2, 4) for r in range(-1, 8)) | {(3, -1), (3, 7)}
    sight = Sight(floor, frozenset([frozenset([(3, 4), (3, 5)])]), solid)
    assert sight.clear_corners[(3, 2)] == ()
    assert not sight.visible((3, 2), (3, 3))
    assert not sight.visible((3, 2), (3, 4))
    assert not sight.visible((3, 4), (3, 5))


def test_neighbours_see_each_other_through_a_shared_corner_that_touches_no_wall():
    floor = rhombus(5)
    # One thin wall on an edge beside the shared edge of (2, 2) and (3, 2):
    # one shared corner touches it, the other does not.
    sight = Sight(floor, frozenset([frozenset([(2, 2), (3, 1)])]), frozenset())
    assert sight.visible((2, 2), (3, 2))


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
