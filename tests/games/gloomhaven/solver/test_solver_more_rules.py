"""More monster rules, each on a small hand-made map, with the expected answer
worked out from the rulebook (and the FAQ where the book is silent) in the
test's docstring.

Most maps are `hexagon(7)`: every hex within 7 of [0, 0], open floor, so line
of sight is free near the middle. Neighbours of [q, r]: [q+1, r], [q+1, r-1],
[q, r-1], [q-1, r], [q-1, r+1], [q, r+1]. The acting monster is "m".
"""

from companion.games.gloomhaven.solver import solve
from companion.kit.hexes import disk
from gloomhaven_maps import character, corridor, monster, outcomes, room, scenario, solve_off_board


def hexagon(radius: int = 7) -> list:
    return [list(h) for h in disk(radius)]



MELEE = {"range": 0, "targets": 1}


def ranged(reach, targets=1, **extra):
    return dict(range=reach, targets=targets, **extra)


def solve_on_hexagon(figures, **options):
    return solve(scenario(figures, hexes=options.pop("hexes", hexagon()), **options))


# -- focus ------------------------------------------------------------------------------


def test_an_enemy_behind_a_closed_door_cannot_be_the_focus():
    """A closed door is a wall for monsters. `a` is 3 hexes away but behind
    the door [6, 0]; `b`, 4 away the other way, is the only enemy it can ever
    attack, whatever a's initiative. Move 3 takes it next to b."""
    figures = [monster("m", (4, 0)), character("a", (7, 0), 10), character("b", (0, 0), 90)]
    result = solve(scenario(figures, hexes=corridor(9), move=3, terrain={(6, 0): "closed-door"}))
    assert result["focus"] == ["b"]
    assert outcomes(result) == {((1, 0), ("b",))}


def test_a_closed_door_blocks_a_ranged_attack_too():
    """Row r = -2 is wall but for a closed door at [0, -2]. Range 5, no
    movement: a (3 away) is behind the door, which blocks movement and line
    of sight like the wall around it; b (also 3 away, later initiative) is in
    range and sight, so b is the focus. Open the door and a is the focus."""
    hexes = [h for h in hexagon() if h[1] != -2 or h[0] == 0]
    figures = [monster("m", (0, 0)), character("a", (0, -3), 10), character("b", (0, 3), 90)]
    result = solve(scenario(figures, hexes=hexes, move=0, attack=ranged(5), terrain={(0, -2): "closed-door"}))
    assert result["focus"] == ["b"]
    assert outcomes(result) == {((0, 0), ("b",))}
    opened = solve(scenario(figures, hexes=hexes, move=0, attack=ranged(5)))
    assert opened["focus"] == ["a"]


def test_no_enemy_it_could_ever_attack_means_no_move():
    """A line of thin walls cuts the map in two: no hex on the monster's side
    is in range and sight of `a`. With no focus it neither moves nor attacks,
    even with move 4 and a ranged attack."""
    hexes = hexagon(4)
    on_map = {tuple(h) for h in hexes}
    walls = [(a, b) for q in range(-4, 5) for a, b in (((q, 0), (q, -1)), ((q, 0), (q + 1, -1)))
             if a in on_map and b in on_map]
    for attack in ({"range": 0, "targets": 1}, ranged(3)):
        result = solve(scenario([monster("m", (0, 2)), character("a", (0, -2))], hexes=hexes, walls=walls,
                                move=4, attack=attack))
        assert result["focus"] == []
        assert outcomes(result) == {((0, 2), ())}


def test_an_enemy_in_the_way_blocks_the_corridor_but_an_ally_does_not():
    """Monsters move through allies, never through enemies. In a corridor,
    with b (initiative 10) at [4, 0] and another figure at [2, 0]: if that
    figure is an enemy, b cannot be reached, so the enemy is the focus and the
    monster steps next to it; if it is an ally, the monster walks through it
    to [3, 0] and attacks b."""
    hexes = corridor(6)
    enemy = solve_off_board(scenario([monster("m", (0, 0)), character("a", (2, 0), 90), character("b", (4, 0), 10)],
                           hexes=hexes, move=3))
    assert enemy["focus"] == ["a"]
    assert outcomes(enemy) == {((1, 0), ("a",))}
    ally = solve_off_board(scenario([monster("m", (0, 0)), monster("friend", (2, 0)), character("b", (4, 0), 10)],
                          hexes=hexes, move=3))
    assert ally["focus"] == ["b"]
    assert outcomes(ally) == {((3, 0), ("b",))}


def test_a_summon_goes_just_before_its_own_summoner_not_before_everyone():
    """Equal distance and proximity: x (initiative 20), and a summon whose
    summoner acts at 30. The summon acts just before its summoner, so after x:
    x is the focus."""
    figures = [
        monster("m", (0, 0)),
        character("x", (0, -2), 20),
        character("y", (5, 0), 30),
        dict(id="wolf", side="summon", hex=[2, 0], initiative=1, summoner="y"),
    ]
    assert solve_on_hexagon(figures)["focus"] == ["x"]


def test_a_summon_of_a_long_resting_character_comes_last_too():
    """A long rest puts a character last in the round; its summon acts just
    before it, so after every other figure as well."""
    figures = [
        monster("m", (0, 0)),
        character("x", (0, -2), 80),
        character("sleeper", (5, 0), 5, long_rest=True),
        dict(id="wolf", side="summon", hex=[2, 0], initiative=5, summoner="sleeper"),
    ]
    assert solve_on_hexagon(figures)["focus"] == ["x"]


def test_an_invisible_enemy_is_no_target_for_extra_targets_either():
    """Invisible figures cannot be focused on or targeted. Range 3, targets
    3, no movement: only a and b are attacked, never the invisible ghost
    between them."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 10), character("ghost", (1, -2), 5, invisible=True),
               character("b", (2, -2), 20)]
    result = solve_on_hexagon(figures, move=0, attack=ranged(3, 3))
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((0, 0), ("a", "b"))}


# -- movement ---------------------------------------------------------------------------


def test_equal_ways_round_an_obstacle_are_the_players_choice():
    """An obstacle right between the monster and a: the hexes [1, -2] and
    [-1, -1] next to a are both 2 steps away, one round each side. With move 1
    it steps toward either: [1, -1] or [-1, 0]."""
    result = solve_on_hexagon([monster("m", (0, 0)), character("a", (0, -2))], move=1,
                              terrain={(0, -1): "obstacle"})
    assert outcomes(result) == {((1, -1), ()), ((-1, 0), ())}


def test_jump_ignores_traps_on_the_way_but_not_where_it_lands():
    """Two rows; traps on [1, 0]..[4, 0]; a at [6, 0]. The nearest hex next to
    a is [5, 0], 5 hexes away. Jumping 4, the monster ignores the traps it
    passes over, but landing is normal movement: [4, 0] (1 from [5, 0]) is a
    trap, so it lands on [3, 1] (2 from [5, 0]), the best trap-free hex.
    Without the trap on [4, 0] it lands there."""
    hexes = [[q, 0] for q in range(7)] + [[q, 1] for q in range(6)]
    figures = [monster("m", (0, 0)), character("a", (6, 0))]
    traps = {(q, 0): "trap" for q in range(1, 5)}
    result = solve(scenario(figures, hexes=hexes, move=4, movement="jump", terrain=traps))
    assert outcomes(result) == {((3, 1), ())}
    del traps[(4, 0)]
    result = solve(scenario(figures, hexes=hexes, move=4, movement="jump", terrain=traps))
    assert outcomes(result) == {((4, 0), ())}


def test_normal_movement_walks_round_the_traps():
    """Same map, normal movement: the trap-free way to a is along the second
    row (6 steps to [5, 0] or [5, 1]); 4 steps of it end on [3, 1]."""
    hexes = [[q, 0] for q in range(7)] + [[q, 1] for q in range(6)]
    traps = {(q, 0): "trap" for q in range(1, 5)}
    result = solve(scenario([monster("m", (0, 0)), character("a", (6, 0))], hexes=hexes, move=4, terrain=traps))
    assert outcomes(result) == {((3, 1), ())}
    path = [tuple(h) for h in result["options"][0]["path"]]
    assert not set(path) & set(traps)


def test_jump_does_not_pay_for_difficult_terrain_on_the_way():
    """Difficult terrain on [1, 0] and [2, 0]: walking, entering each costs 2,
    so move 3 only gets to [1, 0]; jumping 3 ignores it and lands on [3, 0],
    next to a."""
    hexes = corridor(6)
    terrain = {(1, 0): "difficult", (2, 0): "difficult"}
    figures = [monster("m", (0, 0)), character("a", (4, 0))]
    walked = solve_off_board(scenario(figures, hexes=hexes, move=3, terrain=terrain))
    assert outcomes(walked) == {((1, 0), ())}
    jumped = solve_off_board(scenario(figures, hexes=hexes, move=3, movement="jump", terrain=terrain))
    assert outcomes(jumped) == {((3, 0), ("a",))}


def test_flying_passes_figures_and_obstacles_and_may_stop_on_an_obstacle():
    """A corridor: ally, obstacle, ally, then a at [5, 0]. Walking, the
    obstacle seals the corridor: no focus, no move. Jumping 3 passes over
    everything but may not land on the obstacle or an ally: it stays. Flying 3
    ignores figures and terrain, may end on the obstacle but not on a figure:
    it ends on the obstacle [2, 0], the nearest it can get to [4, 0]."""
    hexes = corridor(7)
    figures = [monster("m", (0, 0)), monster("x", (1, 0)), monster("y", (3, 0)), character("a", (5, 0))]
    terrain = {(2, 0): "obstacle"}
    walked = solve_off_board(scenario(figures, hexes=hexes, move=3, terrain=terrain))
    assert walked["focus"] == []
    assert outcomes(walked) == {((0, 0), ())}
    jumped = solve_off_board(scenario(figures, hexes=hexes, move=3, movement="jump", terrain=terrain))
    assert jumped["focus"] == ["a"]
    assert outcomes(jumped) == {((0, 0), ())}
    flown = solve_off_board(scenario(figures, hexes=hexes, move=3, movement="fly", terrain=terrain))
    assert outcomes(flown) == {((2, 0), ())}


def test_move_zero_attacks_from_where_it_stands_or_does_nothing():
    """Move 0: next to a it attacks; three hexes away it keeps its focus but
    can neither move nor attack."""
    near = solve_on_hexagon([monster("m", (0, 0)), character("a", (0, -1))], move=0)
    assert outcomes(near) == {((0, 0), ("a",))}
    far = solve_on_hexagon([monster("m", (0, 0)), character("a", (0, -3))], move=0)
    assert far["focus"] == ["a"]
    assert outcomes(far) == {((0, 0), ())}


def test_no_attack_stays_next_to_its_focus():
    """A move with no attack goes toward the focus as if for a melee attack
    and stops next to it: already next to a, it stays."""
    result = solve_on_hexagon([monster("m", (0, 0)), character("a", (0, -1))], move=3, no_attack=True)
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((0, 0), ())}


# -- ranged attacks -----------------------------------------------------------------------


def test_a_ranged_monster_already_in_range_does_not_move():
    """Range 3, a 3 hexes away in the open: it attacks from where it is."""
    result = solve_on_hexagon([monster("m", (0, 0)), character("a", (0, -3))], move=3, attack=ranged(3))
    assert outcomes(result) == {((0, 0), ("a",))}


def test_an_enemy_in_an_alcove_whose_every_corner_touches_a_wall_is_seen_by_nobody():
    """a stands in an alcove: wall on five sides, open only toward the
    monster. Every corner of a's hex touches a wall, so no line of sight
    reaches it, not even from the neighbour with no wall between: a cannot be
    the focus, and with no other enemy the monster neither moves nor attacks,
    melee or ranged."""
    hexes = [h for h in hexagon() if tuple(h) not in {(1, -1), (1, -2), (0, -2), (-1, -1), (-1, 0)}]
    for attack in (MELEE, ranged(3)):
        result = solve(scenario([monster("m", (0, 0)), character("a", (0, -1))], hexes=hexes, move=2,
                                attack=attack))
        assert result["focus"] == []
        assert outcomes(result) == {((0, 0), ())}


def test_a_melee_monster_cannot_attack_into_a_one_hex_corridor():
    """A corridor one hex wide between wall hexes: every corner of every
    corridor hex touches a wall, so no line of sight leaves or enters it,
    even between neighbours with no wall between them. a in the corridor
    cannot be the focus: the monster neither moves nor attacks."""
    hexes = [h for h in room(7, 9) if h[0] == 3 or h[1] + h[0] // 2 >= 6]
    result = solve(scenario([monster("m", (3, 1)), character("a", (3, -1))], hexes=hexes, move=2))
    assert result["focus"] == []
    assert outcomes(result) == {((3, 1), ())}


def test_two_targets_it_steps_to_the_hex_that_hits_both():
    """Range 2, targets 2. a (focus: in range now) and b (3 away). From
    [1, -1], one step, both are 2 away and neither adjacent. [0, -1] also
    reaches both but is next to its focus a (disadvantage), so it is not
    taken."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 10), character("b", (2, -3), 20)]
    result = solve_on_hexagon(figures, move=2, attack=ranged(2, 2))
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((1, -1), ("a", "b"))}


def test_three_targets_the_extra_ones_by_proximity_then_initiative():
    """Range 3, targets 3, no move. b, c, a are 2 hexes away, d 3: b (20) is
    the focus by initiative; the two extra targets go by proximity first (c
    and a at 2 before d at 3 despite d's initiative 10)."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 50), character("b", (2, -2), 20),
               character("c", (-2, 0), 30), character("d", (0, 3), 10)]
    result = solve_on_hexagon(figures, move=0, attack=ranged(3, 3))
    assert result["focus"] == ["b"]
    assert outcomes(result) == {((0, 0), ("a", "b", "c"))}


def test_tied_extra_targets_are_the_players_choice():
    """Targets 2: a and c tie as the extra target (same proximity, same
    initiative): either."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 50), character("b", (2, -2), 20),
               character("c", (-2, 0), 50)]
    result = solve_on_hexagon(figures, move=0, attack=ranged(3, 2))
    assert outcomes(result) == {((0, 0), ("a", "b")), ((0, 0), ("b", "c"))}


def test_targets_all_moves_to_hit_everyone_it_can():
    """Range 2, every enemy in range is a target. a (initiative 10, focus)
    and b are 3 away. [1, -2], 2 steps, is the only hex within move 2 that has
    both within range 2 and neither adjacent."""
    figures = [monster("m", (0, 0)), character("a", (0, -3), 10), character("b", (3, -3), 20)]
    result = solve_on_hexagon(figures, move=2, attack=ranged(2, "all"))
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((1, -2), ("a", "b"))}


# -- areas ------------------------------------------------------------------------------------


TRIANGLE = [[1, -1], [1, 0], [2, -1]]  # two hexes in front and the one beyond both


def test_a_melee_triangle_moves_in_to_catch_a_second_enemy():
    """From where it stands the triangle reaches b ([0, -1], [1, -1], [1, -2])
    but not a, straight ahead 2 hexes: b is the focus (no step needed). It
    still moves, one step, to hit b and a together: from [0, -1] (both are
    neighbours) or [1, -1] (triangle [0, -1], [1, -2], [0, -2])."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 10), character("b", (1, -2), 20)]
    result = solve_on_hexagon(figures, move=2, attack={"range": 0, "targets": 1, "aoe": TRIANGLE})
    assert result["focus"] == ["b"]
    assert outcomes(result) == {((0, -1), ("a", "b")), ((1, -1), ("a", "b"))}


def test_a_line_of_three_turns_to_hit_two_in_a_row():
    """A line of three straight out from the attacker, given pointing along
    +q. a and b are 1 and 3 hexes straight up the r axis: turned that way, the
    line hits both without moving."""
    figures = [monster("m", (0, 0)), character("a", (0, -1), 10), character("b", (0, -3), 20)]
    result = solve_on_hexagon(figures, move=2, attack={"range": 0, "targets": 1, "aoe": [[1, 0], [2, 0], [3, 0]]})
    assert outcomes(result) == {((0, 0), ("a", "b"))}


def test_a_ranged_area_needs_sight_of_each_target():
    """A ranged pair of hexes, range 3: a and b stand side by side 3 away and
    one placement covers both. Thin walls round every edge of b's hex hide b
    from every corner, so the same placement hits a alone."""
    figures = [monster("m", (0, 0)), character("a", (0, -3), 10), character("b", (1, -3), 20)]
    attack = ranged(3, aoe=[[0, 0], [1, 0]])
    open_result = solve_on_hexagon(figures, move=0, attack=attack)
    assert outcomes(open_result) == {((0, 0), ("a", "b"))}
    b = (1, -3)
    walls = [(b, (b[0] + dq, b[1] + dr)) for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))]
    hidden = solve_on_hexagon(figures, move=0, attack=attack, walls=walls)
    assert outcomes(hidden) == {((0, 0), ("a",))}


# -- line of sight ------------------------------------------------------------------------


def test_a_line_touching_a_wall_corner_is_blocked():
    """A wall hex [0, -1] right between the monster and a, 2 hexes apart:
    every straight line from a corner of [0, 0] to a corner of [0, -2]
    either crosses that hex or runs through one of its side corners, and
    touching a wall at a point blocks. Range 3 (around the wall a is 3 away),
    no move: it cannot attack. With the wall hex one step aside, [1, -1], the
    lines down the left side are clear."""
    figures = [monster("m", (0, 0)), character("a", (0, -2))]
    blocked = [h for h in hexagon() if h != [0, -1]]
    result = solve(scenario(figures, hexes=blocked, move=0, attack=ranged(3)))
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((0, 0), ())}
    aside = [h for h in hexagon() if h != [1, -1]]
    result = solve(scenario(figures, hexes=aside, move=0, attack=ranged(3)))
    assert outcomes(result) == {((0, 0), ("a",))}


def board_hexes(top_row=True, missing=()):
    """The 16 x 7 board the curated cases are drawn on (columns 0-15, rows
    0-6, odd columns half a hex lower), as axial hexes."""
    return [[q, row - q // 2] for q in range(16) for row in range(0 if top_row else 1, 7)
            if (q, row - q // 2) not in missing]


def test_a_wall_row_along_the_edge_of_the_board_blocks_sight():
    """The monster [2, 0] and a [4, -1] stand in row 1 with a wall hex [3, 0]
    between them (its column sits half a hex lower). The only lines that miss
    [3, 0] pass above it, through [3, -1] in row 0. With row 0 floor they are
    clear; with the whole of row 0 wall (left off the map, as the cases do)
    they touch it and the monster cannot shoot a. (Range 4: around the wall
    hex a is 4 steps away.)"""
    figures = [monster("m", (2, 0)), character("a", (4, -1))]
    wall = {(3, 0)}
    open_top = solve(scenario(figures, hexes=board_hexes(True, wall), move=0, attack=ranged(4)))
    assert outcomes(open_top) == {((2, 0), ("a",))}
    walled_top = solve(scenario(figures, hexes=board_hexes(False, wall), move=0, attack=ranged(4)))
    assert walled_top["focus"] == ["a"]
    assert outcomes(walled_top) == {((2, 0), ())}
