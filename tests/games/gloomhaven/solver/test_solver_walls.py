"""Walls against sight and range, on maps drawn from the rules:

- line of sight is a line from a corner of the attacker's hex to a corner of
  the target's hex touching no wall, for every attack, neighbours included,
  and for every hex of an area that holds a target;
- all range, an area's included, is counted around walls, never through
  them; an area needs one hex in range (an empty one, or a wall hex next to
  a hex within range - 1, as the FAQ has it), and from there may reach past
  walls;
- "outside": "wall" makes everything off the floor a wall (the edge of a
  real map tile); "open", the default, leaves the void around the map's
  rectangle open (the curated cases' board).
"""

import pytest

from companion.games.gloomhaven.solver import ScenarioError, solve
from companion.games.gloomhaven.solver.board import Board
from companion.games.gloomhaven.solver.scenario import parse
from companion.kit.hexes import disk
from gloomhaven_maps import character, monster, outcomes, room, scenario

OPEN = [list(h) for h in disk(7)]
TWO_IN_A_LINE = [[0, 0], [1, 0]]  # a ranged area: two hexes side by side
# A room (rows 6-8 of a 7 x 9 rectangle) with a corridor one hex wide going
# up from it: column 3, rows 0-5 ([3, -1] .. [3, 4]); every other hex is wall.
CORRIDOR_AND_ROOM = [h for h in room(7, 9) if h[0] == 3 or h[1] + h[0] // 2 >= 6]


def area(reach, pattern=TWO_IN_A_LINE, targets=1):
    return {"range": reach, "targets": targets, "aoe": pattern}


def with_outside(data: dict, outside: str) -> dict:
    return dict(data, outside=outside)


# -- line of sight, neighbours included ---------------------------------------------------


def test_neighbours_in_a_corridor_one_hex_wide_do_not_see_each_other():
    board = Board(parse(scenario([monster("m", (3, 1))], hexes=CORRIDOR_AND_ROOM)))
    assert board.sight.clear_corners[(3, 1)] == ()
    assert not board.sight.visible((3, 1), (3, 2))
    assert not board.sight.visible((3, 1), (3, 0))
    # The corridor's last hex has its corners on the room side clear.
    assert board.sight.visible((3, 4), (3, 5))


def test_an_enemy_no_reachable_hex_can_see_is_not_the_focus():
    """a (initiative 10) is in the corridor two hexes from the monster, which
    stands at the corridor's mouth; b (initiative 90) is in the room, three
    hexes off. a is nearer and acts first, but no hex sees a's (every corner
    of it touches a wall): b is the focus, and the monster walks to it."""
    figures = [monster("m", (3, 5)), character("a", (3, 3), 10), character("b", (6, 5), 90)]
    result = solve(scenario(figures, hexes=CORRIDOR_AND_ROOM, move=2))
    assert result["focus"] == ["b"]
    assert outcomes(result) == {((5, 5), ("b",))}


def test_a_monster_whose_every_corner_touches_a_wall_sees_nothing_and_must_come_out():
    """Range 3: from [3, 1] in the corridor a [3, 6] is 5 away; from
    [3, 3] it is 3 away, but every corner of that hex touches a wall. The
    first hex that sees a is the corridor's last, [3, 4], whose corners on
    the room side are clear: it walks 3 and shoots from there."""
    figures = [monster("m", (3, 1)), character("a", (3, 6))]
    result = solve(scenario(figures, hexes=CORRIDOR_AND_ROOM, move=4, attack={"range": 3, "targets": 1}))
    assert outcomes(result) == {((3, 4), ("a",))}


# -- the range of a ranged area ---------------------------------------------------------------


def test_a_ranged_area_is_not_aimed_through_a_thin_wall():
    """Range 2, two hexes in a line, move 0. a [-3, 0] is in sight. The
    area would need [-2, 0] (2 away in a straight line) as its hex in range,
    but a thin wall parts [-1, 0] from [-2, 0], and counted around it
    [-2, 0] is 3 away: out of range, so the monster does not attack. With
    one step it can."""
    figures = [monster("m", (0, 0)), character("a", (-3, 0))]
    walls = [((-1, 0), (-2, 0))]
    board = Board(parse(scenario(figures, hexes=OPEN, walls=walls, attack=area(2))))
    assert board.sight.visible((0, 0), (-3, 0))
    assert not board.geometry.area_in_range((0, 0), 2, [(-2, 0)])
    still = solve(scenario(figures, hexes=OPEN, walls=walls, move=0, attack=area(2)))
    assert still["focus"] == ["a"]
    assert outcomes(still) == {((0, 0), ())}
    stepping = solve(scenario(figures, hexes=OPEN, walls=walls, move=1, attack=area(2)))
    assert all(attacks == ("a",) for _, attacks in outcomes(stepping))


def test_once_one_hex_is_in_range_the_area_reaches_past_a_thin_wall():
    """Range 1, two hexes in a line: [1, 0] is in range, and the area goes
    on through the thin wall to a at [2, 0], who is in sight round the
    wall's ends."""
    figures = [monster("m", (0, 0)), character("a", (2, 0))]
    result = solve(scenario(figures, hexes=OPEN, walls=[((1, 0), (2, 0))], move=0, attack=area(1)))
    assert outcomes(result) == {((0, 0), ("a",))}


def test_a_wall_hex_may_be_the_hex_of_the_area_in_range():
    """The FAQ's reading: a hexagon of radius 3 with a wall all round
    ("outside": "wall"), wall hexes at [1, -2], [2, -1] and [-1, 1], and a
    thin wall between the monster and [1, -1]. Range 2, two hexes in a line,
    move 0. a [2, -3] is in sight, but every floor hex next to it is more
    than 2 away counted around the walls; the wall hex [1, -2] is next to a
    and next to [0, -1], 1 away: it is in range, so the area [1, -2] + a
    hits a."""
    hexes = [list(h) for h in disk(3) if h not in {(1, -2), (2, -1), (-1, 1)}]
    figures = [monster("m", (0, 0)), character("a", (2, -3))]
    data = scenario(figures, hexes=hexes, walls=[((1, -1), (0, 0))], move=0, attack=area(2))
    data["outside"] = "wall"
    in_range = Board(parse(data)).geometry.area_in_range
    assert in_range((0, 0), 2, [(1, -2)])
    assert not in_range((0, 0), 2, [(1, -3), (2, -2), (3, -3)])  # a's floor neighbours
    result = solve(data)
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((0, 0), ("a",))}


def test_a_wall_hex_is_in_range_only_next_to_a_hex_within_range_less_one():
    """Range 1 from [0, 0] with [1, 0] and [2, 0] wall hexes and a closed
    door on [-1, 0] behind a thin wall: [1, 0] is next to [0, 0] (0 away),
    so it is in range; [2, 0], next to nothing nearer than 2, is not; nor is
    the door, whose only neighbour within 0 is beyond the thin wall. Floor
    hexes count as any range: the neighbours, not the hexes 2 away."""
    hexes = [list(h) for h in disk(4) if h not in {(1, 0), (2, 0)}]
    data = scenario([monster("m", (0, 0))], hexes=hexes, attack=area(1), walls=[((0, 0), (-1, 0))],
                    terrain={(-1, 0): "closed-door"})
    in_range = Board(parse(data)).geometry.area_in_range
    assert in_range((0, 0), 1, [(1, 0)])
    assert not in_range((0, 0), 1, [(2, 0)])
    assert not in_range((0, 0), 1, [(-1, 0)])
    assert all(in_range((0, 0), 1, [h]) for h in [(1, -1), (0, -1), (-1, 1), (0, 1)])
    assert not in_range((0, 0), 1, [(-2, 1), (2, -1), (0, 2)])


# -- outside the map ---------------------------------------------------------------------------------


def test_outside_defaults_to_open_and_refuses_other_values():
    data = scenario([monster("m", (0, 0)), character("a", (1, 0))], hexes=OPEN)
    assert parse(data).outside == "open"
    assert parse(with_outside(data, "wall")).outside == "wall"
    for bad in ("Wall", "", None, 1):
        with pytest.raises(ScenarioError, match='"outside"'):
            parse(with_outside(data, bad))


def test_with_outside_wall_a_corridor_with_nothing_round_it_is_walled():
    """A row of five hexes away from the curated board: with "outside"
    "open" nothing round it blocks sight, and the monster attacks its
    neighbour; with "wall", every corner of every hex touches the wall round
    the map, so nobody sees anybody: no focus."""
    line = [[q, -40] for q in range(5)]
    data = scenario([monster("m", (0, -40)), character("a", (1, -40))], hexes=line, move=2)
    opened = solve(with_outside(data, "open"))
    assert outcomes(opened) == {((0, -40), ("a",))}
    walled = solve(with_outside(data, "wall"))
    assert walled["focus"] == []
    assert outcomes(walled) == {((0, -40), ())}


def test_with_outside_wall_the_top_edge_of_the_curated_board_is_a_wall():
    """The top row of the curated board alone: below it are wall hexes,
    above it the void. With "open", [0, 0] and [1, 0] share a corner that
    only the void touches, so they see each other; with "wall" that corner
    touches the wall round the map too."""
    top_row = room(6, 1)
    data = scenario([monster("m", (0, 0)), character("a", (1, 0))], hexes=top_row, move=0)
    assert outcomes(solve(data)) == {((0, 0), ("a",))}
    assert outcomes(solve(with_outside(data, "wall"))) == {((0, 0), ())}
