"""Edge cases of attacks on several targets: extra targets ("targets": n,
"all") of ranged and melee monsters, and areas of effect, melee and ranged.
Each map is hand-made; the docstring works the expected answer out from the
rules.

The rules these tests lean on (rulebook, FAQ, and the curated cases where
the book is silent):
- the focus is always attacked; the other targets are whatever else the
  attack can include from the same hex, as many as possible;
- every single target must be in range (counted around walls) and in line
  of sight of the attacker's hex; an area hits the enemies in sight on its
  hexes, a melee area relative to the attacker (any rotation or mirror
  image), a ranged one anywhere at least one of its hexes is in range;
- a ranged attack on an adjacent enemy has disadvantage: the monster first
  attacks its focus without it if it can, then hits the most targets, the
  group it reaches with the fewest movement points, the best-ranked extra
  targets (proximity, then initiative), and only then the fewest targets at
  disadvantage (cases aa-064, aa-066, aa-072, aa-141).

Maps are every hex within 7 of [0, 0] (open floor). Axial neighbours of
[q, r]: [q+1, r], [q+1, r-1], [q, r-1], [q-1, r], [q-1, r+1], [q, r+1]. The
acting monster is "m" at [0, 0].
"""

from companion.games.gloomhaven.solver import solve
from companion.kit.hexes import DIRECTIONS, disk
from gloomhaven_maps import character, monster, outcomes, scenario

OPEN = [list(h) for h in disk(7)]
LINE_OF_TWO = {"range": 0, "targets": 1, "aoe": [[1, 0], [2, 0]]}  # two hexes straight out


def ranged(reach, targets=1, **extra):
    return dict(range=reach, targets=targets, **extra)


def solve_open(figures, **options):
    return solve(scenario(figures, hexes=OPEN, **options))


def walls_round(h, open_toward=()):
    """Thin walls on every edge of `h` but those toward the hexes in
    `open_toward`."""
    pairs = []
    for dq, dr in DIRECTIONS:
        n = (h[0] + dq, h[1] + dr)
        if n not in open_toward:
            pairs.append((h, n))
    return pairs


# -- extra targets --------------------------------------------------------------------


def test_extra_targets_never_replace_the_focus():
    """Range 2, targets 3, move 2. a [0, -2] and b [2, -2] are in range
    now, 2 away each: a is the focus by initiative. From [2, 0], 2 steps
    away, the monster would have b, c [4, 0] and d [3, 1] all in range,
    three targets, but not a (4 away), and no hex has a together with c or
    d (each is 6 from a). It must attack its focus, so it attacks a and b
    from where it stands."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 10), character("b", (2, -2), 20),
               character("c", (4, 0), 30), character("d", (3, 1), 40)]
    result = solve_open(figures, move=2, attack=ranged(2, 3))
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((0, 0), ("a", "b"))}


def test_each_extra_target_needs_its_own_range():
    """Range 3, targets 2. a [0, -3] is in range now (the focus); b
    [3, -5] is 5 away. With move 2 it steps to a hex 3 or less from both,
    neither adjacent: [1, -2] or [2, -2] (2 steps each; no nearer hex has
    b in range). With move 1 no hex it reaches has b in range, so it
    attacks a alone without moving."""
    figures = [monster("m", (0, 0)), character("a", (0, -3), 10), character("b", (3, -5), 20)]
    far = solve_open(figures, move=2, attack=ranged(3, 2))
    assert outcomes(far) == {((1, -2), ("a", "b")), ((2, -2), ("a", "b"))}
    near = solve_open(figures, move=1, attack=ranged(3, 2))
    assert outcomes(near) == {((0, 0), ("a",))}


def test_each_extra_target_needs_its_own_line_of_sight():
    """Range 3, targets 2, move 2. a [0, -2] (the focus) and b [3, -2] are
    both in range and sight from where the monster stands: it attacks both
    without moving. With thin walls on five sides of b, open only toward
    [2, -1], every corner of b's hex touches a wall: no line of sight
    reaches b, not even from [2, -1], its open neighbour, so the monster
    attacks a alone, still without moving."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 10), character("b", (3, -2), 20)]
    in_the_open = solve_open(figures, move=2, attack=ranged(3, 2))
    assert outcomes(in_the_open) == {((0, 0), ("a", "b"))}
    walls = walls_round((3, -2), open_toward={(2, -1)})
    walled = solve_open(figures, move=2, attack=ranged(3, 2), walls=walls)
    assert walled["focus"] == ["a"]
    assert outcomes(walled) == {((0, 0), ("a",))}


def test_a_ranged_monster_avoids_disadvantage_on_every_target_it_can():
    """a [0, -1] and b [1, -1] are both next to the monster; a is the
    focus by initiative. Range 3, targets 2, move 2. Where it stands both
    attacks have disadvantage. One step to [0, 1] or [-1, 1] keeps both in
    range and next to neither ([-1, 0] is next to a, [1, 0] next to b).
    Muddled, it has disadvantage anyway and stays; with move 0 it stays and
    takes the disadvantage."""
    figures = [monster("m", (0, 0)), character("a", (0, -1), 10), character("b", (1, -1), 20)]
    result = solve_open(figures, move=2, attack=ranged(3, 2))
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((0, 1), ("a", "b")), ((-1, 1), ("a", "b"))}
    muddled = solve_open(figures, move=2, attack=ranged(3, 2), muddled=True)
    assert outcomes(muddled) == {((0, 0), ("a", "b"))}
    rooted = solve_open(figures, move=0, attack=ranged(3, 2))
    assert outcomes(rooted) == {((0, 0), ("a", "b"))}


def test_tied_extra_targets_from_one_hex_are_two_options():
    """Range 2, targets 2, no move: a (initiative 10) is the focus; b and
    c are both 2 away with initiative 20. Either can be the second target:
    two options, same hex."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 10), character("b", (2, -2), 20),
               character("c", (-2, 2), 20)]
    result = solve_open(figures, move=0, attack=ranged(2, 2))
    assert outcomes(result) == {((0, 0), ("a", "b")), ((0, 0), ("a", "c"))}


def test_targets_all_is_every_enemy_in_range_and_sight():
    """Range 2, every enemy a target, no move. a [0, -2] and b [2, -1] are
    2 away and in sight; c [0, 3] is 3 away (out of range); d [-2, 1] is 2
    away but boxed in by thin walls on all six sides (no line reaches it).
    It attacks a and b."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 10), character("b", (2, -1), 20),
               character("c", (0, 3), 30), character("d", (-2, 1), 40)]
    result = solve_open(figures, move=0, attack=ranged(2, "all"), walls=walls_round((-2, 1)))
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((0, 0), ("a", "b"))}


def test_melee_targets_all_steps_next_to_both():
    """A melee attack on every adjacent enemy, move 2. a [0, -2] (focus by
    initiative: both need one step) and b [2, -2] share one neighbour the
    monster can reach, [1, -2], 2 steps away: it goes there and attacks
    both rather than a alone after one step."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 10), character("b", (2, -2), 20)]
    result = solve_open(figures, move=2, attack={"range": 0, "targets": "all"})
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((1, -2), ("a", "b"))}


# -- melee areas ----------------------------------------------------------------------


def test_a_melee_line_steps_in_to_cover_a_second_enemy():
    """A line of two hexes straight out from the attacker. a [0, -3] and b
    [0, -4] stand in a row straight ahead. From [0, -2] (2 steps) the line
    covers both; from [0, -1] it covers a only. Move 2: [0, -2], both."""
    figures = [monster("m", (0, 0)), character("a", (0, -3), 10), character("b", (0, -4), 20)]
    result = solve_open(figures, move=2, attack=LINE_OF_TWO)
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((0, -2), ("a", "b"))}


def test_melee_area_placements_that_tie_are_the_players_choice():
    """Line of two, move 3. a [0, -3] is the focus (the line reaches it
    from [0, -1], one step). b [1, -4] and c [-1, -3] are each next to a:
    the line through a and b starts at [-1, -2], the one through a and c at
    [1, -3], 3 steps each. b and c are equally near (4) with the same
    initiative: either group. Give c a later initiative and only a and b
    remain."""
    figures = [monster("m", (0, 0)), character("a", (0, -3), 10), character("b", (1, -4), 20),
               character("c", (-1, -3), 20)]
    result = solve_open(figures, move=3, attack=LINE_OF_TWO)
    assert outcomes(result) == {((-1, -2), ("a", "b")), ((1, -3), ("a", "c"))}
    figures[-1]["initiative"] = 30
    result = solve_open(figures, move=3, attack=LINE_OF_TWO)
    assert outcomes(result) == {((-1, -2), ("a", "b"))}


def test_a_melee_area_group_reached_with_fewer_points_beats_better_targets():
    """Line of two, move 2. a [0, -2] is hit from where the monster stands
    (the focus). From [0, -1], one step, the line covers a and c [0, -3];
    from [-1, -1], two steps, a and b [1, -3]. b is as near as c and acts
    earlier, but the group that needs fewer movement points comes first
    (case aa-072): a and c."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 10), character("b", (1, -3), 20),
               character("c", (0, -3), 30)]
    result = solve_open(figures, move=2, attack=LINE_OF_TWO)
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((0, -1), ("a", "c"))}


def test_a_melee_area_reaches_over_an_obstacle():
    """An obstacle [0, -1] between the monster and a [0, -2]. Obstacles do
    not block sight, so the line of two straight ahead hits a from where
    the monster stands. A plain melee attack has to walk round the
    obstacle to [-1, -1] or [1, -2]."""
    figures = [monster("m", (0, 0)), character("a", (0, -2), 10)]
    terrain = {(0, -1): "obstacle"}
    area = solve_open(figures, move=3, attack=LINE_OF_TWO, terrain=terrain)
    assert outcomes(area) == {((0, 0), ("a",))}
    plain = solve_open(figures, move=3, terrain=terrain)
    assert outcomes(plain) == {((-1, -1), ("a",)), ((1, -2), ("a",))}


# -- ranged areas ---------------------------------------------------------------------


def test_a_ranged_area_needs_only_one_hex_in_range():
    """Range 2, a line of three hexes. a is 4 away straight ahead: the line
    on [2, 0], [3, 0], [4, 0] has its first hex in range, so it hits a
    without moving. A single-target range 2 attack has to step to [2, 0]."""
    figures = [monster("m", (0, 0)), character("a", (4, 0), 10)]
    area = solve_open(figures, move=2, attack=ranged(2, aoe=[[0, 0], [1, 0], [2, 0]]))
    assert outcomes(area) == {((0, 0), ("a",))}
    single = solve_open(figures, move=2, attack=ranged(2))
    assert outcomes(single) == {((2, 0), ("a",))}


def test_a_ranged_area_steps_away_from_an_adjacent_focus():
    """Range 2, an area of two adjacent hexes. a [0, -1] is next to the
    monster, b [1, -2] next to a; one placement covers both. Adjacent, a
    would be attacked with disadvantage, so with move 1 the monster steps
    to a hex next to neither from which the pair still lands on both:
    [1, 0], [0, 1] or [-1, 1] (a is 2 away from each). Muddled, it stays."""
    figures = [monster("m", (0, 0)), character("a", (0, -1), 10), character("b", (1, -2), 20)]
    attack = ranged(2, aoe=[[0, 0], [1, 0]])
    result = solve_open(figures, move=1, attack=attack)
    assert result["focus"] == ["a"]
    assert outcomes(result) == {((1, 0), ("a", "b")), ((0, 1), ("a", "b")), ((-1, 1), ("a", "b"))}
    muddled = solve_open(figures, move=1, attack=attack, muddled=True)
    assert outcomes(muddled) == {((0, 0), ("a", "b"))}
