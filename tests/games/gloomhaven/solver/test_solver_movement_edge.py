"""Edge cases of monster movement when the monster cannot attack its focus
this turn, of traps and hazardous terrain, and of what blocks each kind of
movement. Each map is small and hand-made; the docstring works the expected
answer out from the rules (rulebook first, then the FAQ and the curated
cases where the book is silent).

The rule these tests lean on: a monster that cannot attack its focus this
turn picks its destinations (the hexes it would attack from with the fewest
movement points, counting later turns, avoiding traps and hazardous terrain
unless there is no other way) and, for each, ends on the hex it can reach
this turn that leaves the fewest movement points to that destination,
triggering no more traps or hazards overall than it must, and spending the
fewest points among equally close hexes (cases aa-002, aa-005, aa-127,
aa-145). Every end hex that ties is the players' choice.

Axial neighbours of [q, r]: [q+1, r], [q+1, r-1], [q, r-1], [q-1, r],
[q-1, r+1], [q, r+1]. The acting monster is "m"; melee unless said otherwise.
"""

import pytest

from companion.games.gloomhaven.solver import solve
from companion.kit.hexes import disk, distance
from gloomhaven_maps import character, corridor, monster, outcomes, scenario, solve_off_board


def hexagon(radius: int = 7) -> list:
    """Every hex within `radius` of [0, 0]: open floor."""
    return [list(h) for h in disk(radius)]



def ring() -> list:
    """The twelve hexes exactly 2 from [0, 0]: a loop of floor around a
    block of wall, so there are two ways round, each as long as the other."""
    return [list(h) for h in disk(2) if distance(h, (0, 0)) == 2]


def ranged(reach, targets=1, **extra):
    return dict(range=reach, targets=targets, **extra)


def steps_of(option) -> int:
    return len(option["path"]) - 1


# -- partial moves: which end hexes -------------------------------------------------


def test_every_end_hex_of_equally_short_partial_moves_is_an_option():
    """a at [3, 3] is 6 hexes away, off every straight line from the
    monster. The hexes next to it nearest the monster are [2, 3] and
    [3, 2], 5 steps each: two destinations. Move 2 can leave 3 steps to go
    from [0, 2], [1, 1] or [2, 0] (each is 3 from both destinations, and no
    other hex 2 steps away is), so the players pick any of the three."""
    result = solve(scenario([monster("m", (0, 0)), character("a", (3, 3))], hexes=hexagon(), move=2))
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((0, 2), ()), ((1, 1), ()), ((2, 0), ())}
    assert all(steps_of(o) == 2 for o in result["options"])


def test_two_destinations_round_a_loop_give_one_end_hex_each():
    """On the loop the monster [2, 0] and a [-2, 0] face each other. The
    hexes next to a are [-1, -1] (north way) and [-2, 1] (south way), 5
    steps each. Move 2 ends two steps along either way: [2, -2] or
    [0, 2]."""
    result = solve(scenario([monster("m", (2, 0)), character("a", (-2, 0))], hexes=ring(), move=2))
    assert outcomes(result) == {((2, -2), ()), ((0, 2), ())}


def test_closer_is_counted_along_the_way_not_in_a_straight_line():
    """A U of floor: the bottom arm [0, 0] .. [4, 0], the bend [4, -1], the
    top arm [4, -2] .. [0, -2], with wall between the arms, and a pocket
    [1, -1] between them, open to the bottom arm only (thin walls part it
    from [1, -2] and [2, -2]). a stands at the end of the top arm [0, -2];
    the only hex next to it the monster can reach is [1, -2], 9 steps round
    the U. The pocket is one hex from [1, -2] as the crow flies, but 9
    steps from it on foot; [1, 0] is 8 steps from it. Move 1 goes to
    [1, 0]; move 3 to [3, 0] (6 to go)."""
    hexes = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [4, -1], [4, -2], [3, -2], [2, -2], [1, -2], [0, -2],
             [1, -1]]
    walls = [((1, -1), (1, -2)), ((1, -1), (2, -2))]
    figures = [monster("m", (0, 0)), character("a", (0, -2))]
    one = solve(scenario(figures, hexes=hexes, walls=walls, move=1))
    assert outcomes(one) == {((1, 0), ())}
    three = solve(scenario(figures, hexes=hexes, walls=walls, move=3))
    assert outcomes(three) == {((3, 0), ())}
    assert three["options"][0]["path"] == [[0, 0], [1, 0], [2, 0], [3, 0]]


def test_a_blocked_stop_makes_it_stop_short_with_the_fewest_points():
    """Flying 3 toward a at [0, -5]: the destination is [0, -4], 4 away.
    [0, -3], one short, holds an ally: it may fly over it but not stop
    there. Every other hex it can reach leaves at least 2 to go: [0, -2]
    (2 points), [1, -3] and [-1, -2] (3 points each). Equally close, it
    spends the fewest points: [0, -2] only. Put an obstacle on [0, -3]
    instead and it flies onto it (flying figures may end on an obstacle);
    jumping, it may not, and lands on [0, -2]."""
    ally = solve(scenario([monster("m", (0, 0)), monster("x", (0, -3)), character("a", (0, -5))],
                          hexes=hexagon(), move=3, movement="fly"))
    assert outcomes(ally) == {((0, -2), ())}
    figures = [monster("m", (0, 0)), character("a", (0, -5))]
    flown = solve(scenario(figures, hexes=hexagon(), move=3, movement="fly", terrain={(0, -3): "obstacle"}))
    assert outcomes(flown) == {((0, -3), ())}
    jumped = solve(scenario(figures, hexes=hexagon(), move=3, movement="jump", terrain={(0, -3): "obstacle"}))
    assert outcomes(jumped) == {((0, -2), ())}


def test_allies_filling_the_straight_way_send_it_round_to_get_closer():
    """Allies on [0, -1] and [0, -2], a at [0, -4]: the destination is
    [0, -3], 3 steps straight through the allies. Move 1 cannot shorten
    that (the first hex holds an ally, any other leaves 3 to go): it stays,
    as in case aa-003. Move 2 can: [1, -2] and [-1, -1] leave 2 to go (round
    the allies' side), though neither lies on a 3-step way; closer is what
    counts, so both are options."""
    figures = [monster("m", (0, 0)), monster("x", (0, -1)), monster("y", (0, -2)), character("a", (0, -4))]
    stays = solve(scenario(figures, hexes=hexagon(), move=1))
    assert outcomes(stays) == {((0, 0), ())}
    result = solve(scenario(figures, hexes=hexagon(), move=2))
    assert outcomes(result) == {((1, -2), ()), ((-1, -1), ())}


# -- difficult terrain ----------------------------------------------------------------


@pytest.mark.parametrize("move, end", [(1, (0, 0)), (2, (1, 0)), (3, (2, 0))])
def test_a_closer_hex_of_difficult_terrain_can_cost_more_than_the_move(move, end):
    """A corridor, difficult terrain on [1, 0], a at [4, 0]. Entering [1, 0]
    costs 2: with move 1 the monster cannot get closer at all and stays;
    with 2 it stops on the difficult hex; with 3 it gets one further."""
    result = solve_off_board(scenario([monster("m", (0, 0)), character("a", (4, 0))], hexes=corridor(6), move=move,
                            terrain={(1, 0): "difficult"}))
    assert outcomes(result) == {(end, ())}


def test_difficult_terrain_straight_ahead_opens_ways_round_it():
    """a at [0, -5], straight ahead. In the open the destination is
    [0, -4] (4 steps) and move 3 ends on [0, -3]. Make [0, -3] difficult:
    [0, -4] now costs 5 straight through or round it, and so do a's other
    neighbours [1, -5] and [-1, -4] (three destinations). [0, -3] would
    cost 4, more than the move; the best the monster can do is 2 short of a
    destination, from [1, -3] or [-1, -2] (3 points each; [0, -2] is 2
    points but 3 short)."""
    figures = [monster("m", (0, 0)), character("a", (0, -5))]
    plain = solve(scenario(figures, hexes=hexagon(), move=3))
    assert outcomes(plain) == {((0, -3), ())}
    result = solve(scenario(figures, hexes=hexagon(), move=3, terrain={(0, -3): "difficult"}))
    assert outcomes(result) == {((1, -3), ()), ((-1, -2), ())}


def test_jump_pays_for_difficult_terrain_only_where_it_lands():
    """Same map, jumping 3: the destination [0, -4] is a 4-hex jump
    whatever lies between. Landing on the difficult [0, -3] costs 4, more
    than the move; [0, -2], [1, -3] and [-1, -2] all leave a 2-hex jump,
    and [0, -2] takes the fewest points."""
    result = solve(scenario([monster("m", (0, 0)), character("a", (0, -5))], hexes=hexagon(), move=3,
                            movement="jump", terrain={(0, -3): "difficult"}))
    assert outcomes(result) == {((0, -2), ())}


# -- traps and hazardous terrain ------------------------------------------------------


@pytest.mark.parametrize("move, end", [(1, (1, 0)), (2, (2, 0)), (3, (3, 0))])
def test_a_trap_on_every_way_is_crossed_and_may_be_where_it_stops(move, end):
    """A corridor with a trap on [2, 0] and a at [5, 0]: every way to a
    crosses the trap, so it counts once whatever the monster does this
    turn, and the monster simply gets as close as it can, even onto the
    trap (move 2)."""
    result = solve_off_board(scenario([monster("m", (0, 0)), character("a", (5, 0))], hexes=corridor(7), move=move,
                            terrain={(2, 0): "trap"}))
    assert outcomes(result) == {(end, ())}
    assert [list(h) for h in [(q, 0) for q in range(end[0] + 1)]] == result["options"][0]["path"]


@pytest.mark.parametrize(
    "north, south, ends",
    [
        ({}, {}, {(2, -2), (0, 2)}),
        ({(1, -2): "trap"}, {(-1, 2): "hazardous"}, {(2, -2), (0, 2)}),
        ({(1, -2): "trap", (0, -2): "trap"}, {(-1, 2): "hazardous"}, {(0, 2)}),
        ({(1, -2): "hazardous", (0, -2): "hazardous"}, {(-1, 2): "trap"}, {(0, 2)}),
    ],
)
def test_traps_and_hazardous_terrain_count_alike(north, south, ends):
    """The loop again (two ways of 5 steps to a). A trap and a hazardous hex
    are both hexes a monster avoids, with no preference between them: one
    of either on each way leaves both ways open; two on one way and one on
    the other sends it the other way, whichever kind the two are."""
    result = solve(scenario([monster("m", (2, 0)), character("a", (-2, 0))], hexes=ring(), move=2,
                            terrain={**north, **south}))
    assert outcomes(result) == {(end, ()) for end in ends}


def test_a_trap_both_ways_is_not_triggered_early_for_the_same_progress():
    """The loop with a at [-3, 0], outside it: its only way in is [-2, 0],
    the single destination, 6 steps round either way. (A pocket [-2, -1],
    walled off from the loop, opens the corner a and [-2, 0] share, so that
    they see each other.) A trap on
    each way: [2, -1] (first step north) and [-1, 2] (third step south).
    Move 1: north ends on the trap, 5 to go, none left; south ends on
    [1, 1], 5 to go, the trap still ahead. One trap either way overall,
    equally close, the same point spent: it does not trigger a trap this
    turn that it can leave for later, so [1, 1]."""
    hexes = ring() + [[-3, 0], [-2, -1]]
    result = solve(scenario([monster("m", (2, 0)), character("a", (-3, 0))], hexes=hexes, move=1,
                            walls=[((-2, -1), (-1, -1))], terrain={(2, -1): "trap", (-1, 2): "trap"}))
    assert outcomes(result) == {((1, 1), ())}


def test_a_trap_on_the_near_attack_hex_counts_like_one_on_the_way():
    """Two rows of floor, [0..6, 0] and [0..6, 1]; a at the end [6, 0].
    The hexes next to a are [5, 0] (5 steps, a trap) and [5, 1] (6 steps,
    no trap). Entering a trap on the hex it would attack from is as bad as
    crossing one: it heads for [5, 1]. With move 5 it cannot get there this
    turn, so it does not attack now (though stepping on the trap would let
    it) and ends next to [5, 1], on [4, 1]; with move 6 it attacks from
    [5, 1]. If [5, 1] is an obstacle, the trap hex is the only way: move 5
    steps on it and attacks."""
    two_rows = [[q, 0] for q in range(7)] + [[q, 1] for q in range(7)]
    figures = [monster("m", (0, 0)), character("a", (6, 0))]
    trap = {(5, 0): "trap"}
    waits = solve(scenario(figures, hexes=two_rows, move=5, terrain=trap))
    assert outcomes(waits) == {((4, 1), ())}
    attacks = solve(scenario(figures, hexes=two_rows, move=6, terrain=trap))
    assert outcomes(attacks) == {((5, 1), ("a",))}
    forced = solve(scenario(figures, hexes=two_rows, move=5, terrain={**trap, (5, 1): "obstacle"}))
    assert outcomes(forced) == {((5, 0), ("a",))}


def test_focus_counts_traps_before_movement_points():
    """A corridor [-3, 0] .. [4, 0]. a (initiative 10) is 2 hexes away, but
    the only hex next to it the monster can reach, [-1, 0], is hazardous;
    b (initiative 90) needs 3 steps on clean floor. Fewer negative hexes
    comes first, so b is the focus and move 2 heads for [3, 0]; with the
    hazard gone, a is the focus and is attacked at once."""
    hexes = [[q, 0] for q in range(-3, 5)]
    figures = [monster("m", (0, 0)), character("a", (-2, 0), 10), character("b", (4, 0), 90)]
    hazard = solve(scenario(figures, hexes=hexes, move=2, terrain={(-1, 0): "hazardous"}))
    assert hazard["focus"] == ["b"]
    assert outcomes(hazard) == {((2, 0), ())}
    clean = solve(scenario(figures, hexes=hexes, move=2))
    assert clean["focus"] == ["a"]
    assert outcomes(clean) == {((-1, 0), ("a",))}


def test_flying_ignores_traps_jumping_counts_only_where_it_lands():
    """The loop, traps on the north way's first and third steps ([2, -1],
    [1, -2]) and on the south way's second ([0, 2]). Walking, the south way
    has fewer traps; its trap cannot be avoided, so move 2 gets as close as
    it can, onto it. Flying, traps mean nothing: either way, [2, -2] or
    [0, 2]. Jumping 2, only landing hexes count, so both ways are clean:
    north it lands on [2, -2], over the trap; south it will not land on the
    trap [0, 2] and stops short on [1, 1]."""
    terrain = {(2, -1): "trap", (1, -2): "trap", (0, 2): "trap"}
    figures = [monster("m", (2, 0)), character("a", (-2, 0))]
    walked = solve(scenario(figures, hexes=ring(), move=2, terrain=terrain))
    assert outcomes(walked) == {((0, 2), ())}
    flown = solve(scenario(figures, hexes=ring(), move=2, movement="fly", terrain=terrain))
    assert outcomes(flown) == {((2, -2), ()), ((0, 2), ())}
    jumped = solve(scenario(figures, hexes=ring(), move=2, movement="jump", terrain=terrain))
    assert outcomes(jumped) == {((2, -2), ()), ((1, 1), ())}


# -- what blocks whom ---------------------------------------------------------------------


def door_map() -> list:
    """hexagon(4) with a wall across row r = 0 but for [0, 0] (the door
    way)."""
    return [h for h in hexagon(4) if h[1] != 0 or h[0] == 0]


@pytest.mark.parametrize("movement", ["normal", "jump", "fly"])
def test_a_closed_door_is_a_wall_for_every_kind_of_movement(movement):
    """The only way from the monster's half to a's is the door way [0, 0].
    Open, every kind of movement goes through: a's nearest neighbour
    [0, -2] is 4 steps off, and move 3 ends on [0, -1]. Closed, the door
    is a wall for monsters: nothing can reach or see a (not even a ranged
    attack of range 6), so there is no focus and it stays."""
    figures = [monster("m", (0, 2)), character("a", (0, -3))]
    opened = solve(scenario(figures, hexes=door_map(), move=3, movement=movement))
    assert outcomes(opened) == {((0, -1), ())}
    for attack in ({"range": 0, "targets": 1}, ranged(6)):
        closed = solve(scenario(figures, hexes=door_map(), move=3, movement=movement, attack=attack,
                                terrain={(0, 0): "closed-door"}))
        assert closed["focus"] == []
        assert outcomes(closed) == {((0, 2), ())}


def test_obstacles_and_allies_block_no_sight_but_obstacles_block_walking():
    """An ally at [1, 0] and an obstacle at [2, 0] stand between the
    monster and a at [3, 0]. A ranged attack (range 3) sees past both: it
    attacks from where it stands. A melee monster must walk round the
    obstacle, to [3, -1] or [2, 1], 3 steps each way."""
    figures = [monster("m", (0, 0)), monster("x", (1, 0)), character("a", (3, 0))]
    terrain = {(2, 0): "obstacle"}
    shot = solve(scenario(figures, hexes=hexagon(), move=3, attack=ranged(3), terrain=terrain))
    assert outcomes(shot) == {((0, 0), ("a",))}
    walked = solve(scenario(figures, hexes=hexagon(), move=3, terrain=terrain))
    assert outcomes(walked) == {((3, -1), ("a",)), ((2, 1), ("a",))}


@pytest.mark.parametrize(
    "movement, expected",
    [("normal", {((0, 0), ())}), ("jump", {((4, 0), ("a",))}), ("fly", {((4, 0), ("a",))})],
)
def test_an_enemy_in_the_way_stops_walking_only(movement, expected):
    """A corridor with an invisible enemy at [2, 0] (it cannot be focused
    or attacked, but it is still an enemy in the way) and a at [5, 0].
    Walking, the monster cannot pass it: it can never attack a, has no
    focus and stays. Jumping or flying 4 passes over it to [4, 0] and
    attacks a."""
    figures = [monster("m", (0, 0)), character("x", (2, 0), 5, invisible=True), character("a", (5, 0))]
    result = solve_off_board(scenario(figures, hexes=corridor(7), move=4, movement=movement))
    assert outcomes(result) == expected


@pytest.mark.parametrize("movement", ["normal", "jump", "fly"])
def test_allies_are_passed_but_never_ended_on(movement):
    """A corridor: ally at [4, 0], a at [5, 0], floor on to [6, 0]. The
    only hex next to a on the near side holds the ally. Walking, a cannot
    be attacked at all (it blocks the corridor, [6, 0] is beyond it): no
    focus. Jumping or flying, the monster can go over both to [6, 0], 6
    away: move 4 gets it to [3, 0], 3 short (it may not stop on the ally's
    hex [4, 0] or on a)."""
    figures = [monster("m", (0, 0)), monster("x", (4, 0)), character("a", (5, 0))]
    result = solve_off_board(scenario(figures, hexes=corridor(7), move=4, movement=movement))
    if movement == "normal":
        assert result["focus"] == []
        assert outcomes(result) == {((0, 0), ())}
    else:
        assert result["focus"] == ["a"]
        assert outcomes(result) == {((3, 0), ())}
