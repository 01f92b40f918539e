"""The shared hex-grid geometry: axial coordinates, distances, the integer
plane of corners, segment contact and the grid's symmetries."""

import math

import pytest

from companion.kit.hexes import (
    DIRECTIONS,
    SYMMETRIES,
    adjacent,
    centre,
    corners,
    disk,
    distance,
    mirror,
    neighbours,
    orientations,
    rotate,
    segments_touch,
    shared_edge,
    transform,
)


def test_neighbours_are_at_distance_one_in_a_fixed_order():
    assert neighbours((0, 0)) == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert all(distance((3, -2), n) == 1 for n in neighbours((3, -2)))
    assert all(adjacent((3, -2), n) for n in neighbours((3, -2)))
    assert not adjacent((0, 0), (0, 0))
    assert not adjacent((0, 0), (1, 1))  # two steps away on a flat-top grid


def test_distance_counts_hexes_along_the_grid():
    assert distance((0, 0), (3, -3)) == 3
    assert distance((0, 0), (2, 1)) == 3
    assert distance((-1, 4), (-1, 4)) == 0
    assert distance((5, -2), (1, 0)) == distance((1, 0), (5, -2)) == 4


def test_a_disk_holds_every_hex_within_its_radius_once():
    assert [len(disk(n)) for n in range(4)] == [1, 7, 19, 37]
    assert len(set(disk(3))) == 37
    assert all(distance((0, 0), h) <= 3 for h in disk(3))


def test_integer_corners_are_the_flat_top_geometry_scaled():
    # A flat-topped hex of side 1: centre x = 1.5 q, y = sqrt(3) (r + q/2),
    # corners at 0, 60, ..., 300 degrees. The integer plane doubles x and
    # scales y by 2 / sqrt(3).
    for h in [(0, 0), (2, -1), (-3, 5)]:
        cx, cy = 1.5 * h[0], math.sqrt(3) * (h[1] + h[0] / 2)
        for (x, y), k in zip(corners(h), range(6)):
            angle = math.radians(60 * k)
            assert x / 2 == pytest.approx(cx + math.cos(angle))
            assert y * math.sqrt(3) / 2 == pytest.approx(cy + math.sin(angle))
    assert centre((1, 0)) == (3, 1)


def test_adjacent_hexes_share_exactly_one_edge_and_others_none():
    for d in DIRECTIONS:
        a, b = shared_edge((0, 0), d)
        assert a != b
        assert {a, b} <= set(corners((0, 0))) & set(corners(d))
    with pytest.raises(ValueError):
        shared_edge((0, 0), (2, 0))


def test_rotations_and_mirrors_keep_distances():
    h = (2, -1)
    assert rotate(h, 6) == h
    assert [rotate((1, 0), k) for k in range(6)] == [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    assert mirror(mirror(h)) == h
    assert distance(rotate(h, 2), (0, 0)) == distance(h, (0, 0))
    assert distance(mirror(h), mirror((5, 5))) == distance(h, (5, 5))


def test_orientations_lists_each_distinct_turn_and_mirror_image_once():
    assert len(orientations([(1, 0)])) == 6
    assert len(orientations([(1, 0), (2, 0)])) == 6  # a line is its own mirror image
    assert len(orientations([(1, 0), (2, 0), (2, -1)])) == 12  # an L is not
    assert len(orientations(DIRECTIONS)) == 1  # the ring is the same every way


def test_the_twelve_symmetries_are_the_turns_and_their_mirror_images():
    assert len(set(SYMMETRIES)) == 12
    assert SYMMETRIES[0] == (1, 0, 0, 1)
    h = (3, -1)
    images = {transform(h, m) for m in SYMMETRIES}
    assert images == {rotate(mirror(h) if flip else h, k) for flip in (False, True) for k in range(6)}
    for m in SYMMETRIES:
        assert sorted(transform(d, m) for d in DIRECTIONS) == sorted(DIRECTIONS)
        assert distance(transform((4, -2), m), transform((1, 1), m)) == distance((4, -2), (1, 1))


@pytest.mark.parametrize(
    "p1, p2, p3, p4, touch",
    [
        ((0, 0), (4, 4), (0, 4), (4, 0), True),  # crossing
        ((0, 0), (4, 0), (2, 0), (2, 3), True),  # an end on the other
        ((0, 0), (4, 0), (4, 0), (6, 2), True),  # sharing an end
        ((0, 0), (4, 0), (5, 0), (8, 0), False),  # collinear, apart
        ((0, 0), (4, 0), (3, 0), (8, 0), True),  # collinear, overlapping
        ((0, 0), (4, 0), (0, 1), (4, 1), False),  # parallel
        ((0, 0), (4, 4), (3, 0), (5, 2), False),  # the lines would cross, the segments do not
        ((2, 2), (2, 2), (0, 0), (4, 4), True),  # a single point on the other
        ((2, 3), (2, 3), (0, 0), (4, 4), False),  # a single point beside it
    ],
)
def test_segments_touch_whatever_the_order_of_their_ends(p1, p2, p3, p4, touch):
    assert segments_touch(p1, p2, p3, p4) is touch
    assert segments_touch(p3, p4, p1, p2) is touch
    assert segments_touch(p2, p1, p4, p3) is touch
