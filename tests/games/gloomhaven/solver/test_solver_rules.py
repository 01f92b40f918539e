"""Each monster rule on a tiny hand-made map.

Maps are the 9 x 9 rhombus of `gloomhaven_maps.rhombus` (axial q, r from 0 to
8) unless a test says otherwise; the acting monster is "m".
"""

from companion.games.gloomhaven.solver import solve
from gloomhaven_maps import character, monster, outcomes, rhombus, room, scenario, solve_off_board

MELEE = {"range": 0, "targets": 1}


def ranged(reach, targets=1, **extra):
    return dict(range=reach, targets=targets, **extra)


# -- focus ------------------------------------------------------------------------


def test_focus_is_fewest_movement_to_attack_not_nearest():
    # The brute is 2 hexes away but boxed in by obstacles but for its far side;
    # the tinkerer is 3 away in the open: 2 steps to attack it, more for the brute.
    boxed = {(5, 2): "obstacle", (5, 1): "obstacle", (3, 2): "obstacle", (3, 3): "obstacle", (4, 3): "obstacle"}
    result = solve(
        scenario(
            [monster("m", (4, 4)), character("brute", (4, 2), 10), character("tinkerer", (7, 4), 90)],
            terrain=boxed,
        )
    )
    assert result["focus"] == ["tinkerer"]
    assert outcomes(result) == {((6, 4), ("tinkerer",))}
    assert "brute" in result["options"][0]["why"]


def test_proximity_breaks_a_tie_in_movement():
    # Both need 2 steps to attack; b is 2 hexes away (an obstacle in between
    # does not count for proximity), a is 3: b is the focus despite initiative.
    result = solve(
        scenario(
            [monster("m", (4, 4)), character("a", (1, 4), 10), character("b", (4, 2), 50)],
            terrain={(4, 3): "obstacle"},
        )
    )
    assert result["focus"] == ["b"]
    assert outcomes(result) == {((5, 2), ("b",)), ((3, 3), ("b",))}


def test_walls_bend_proximity():
    # Same as above with a thin wall instead of the obstacle: going around it,
    # b is 3 hexes away too, so initiative decides: a.
    result = solve(
        scenario(
            [monster("m", (4, 4)), character("a", (1, 4), 10), character("b", (4, 2), 50)],
            walls=[((4, 3), (4, 2)), ((4, 3), (4, 4)), ((4, 3), (5, 2)), ((4, 3), (3, 3)),
                   ((4, 3), (5, 3)), ((4, 3), (3, 4))],
        )
    )
    assert result["focus"] == ["a"]


def test_initiative_breaks_a_tie_in_proximity():
    figures = [monster("m", (4, 4)), character("a", (2, 4), 40), character("b", (6, 2), 30)]
    assert solve(scenario(figures))["focus"] == ["b"]


def test_a_full_tie_leaves_the_choice_to_the_players():
    figures = [monster("m", (4, 4)), character("a", (2, 4), 30), character("b", (6, 2), 30)]
    result = solve(scenario(figures))
    assert sorted(result["focus"]) == ["a", "b"]
    assert {o["focus"] for o in result["options"]} == {"a", "b"}
    assert outcomes(result) == {((3, 4), ("a",)), ((5, 3), ("b",))}


def test_summons_are_focused_before_their_summoner():
    figures = [
        monster("m", (4, 4)),
        character("mindthief", (2, 4), 30),
        dict(id="rat", side="summon", hex=[6, 2], initiative=30, summoner="mindthief"),
    ]
    assert solve(scenario(figures))["focus"] == ["rat"]


def test_long_resting_characters_are_focused_last():
    figures = [monster("m", (4, 4)), character("resting", (2, 4), 5, long_rest=True), character("b", (6, 2), 90)]
    result = solve(scenario(figures))
    assert result["focus"] == ["b"]
    assert "long rest" in result["options"][0]["why"]


def test_invisible_enemies_are_ignored():
    figures = [monster("m", (4, 4)), character("ghost", (4, 3), 1, invisible=True), character("b", (7, 4), 90)]
    result = solve(scenario(figures))
    assert result["focus"] == ["b"]
    assert all("ghost" not in o["attacks"] for o in result["options"])


def test_invisible_enemies_block_the_way_like_obstacles():
    # A one-hex-wide corridor; the invisible figure stands in it.
    corridor = [[q, 0] for q in range(8)]
    figures = [monster("m", (0, 0)), character("ghost", (2, 0), 1, invisible=True), character("b", (6, 0))]
    result = solve(scenario(figures, hexes=corridor, move=3))
    assert result["focus"] == []
    assert outcomes(result) == {((0, 0), ())}


def test_no_enemy_no_move():
    result = solve(scenario([monster("m", (4, 4)), monster("ally", (5, 4))]))
    assert result["focus"] == []
    assert outcomes(result) == {((4, 4), ())}
    assert result["options"][0]["why"]


# -- movement ----------------------------------------------------------------------


def test_moves_the_least_it_needs():
    result = solve(scenario([monster("m", (4, 4)), character("a", (4, 1))], move=4))
    # Two steps put it next to a; it does not use the rest.
    assert outcomes(result) == {((4, 2), ("a",))}
    assert result["options"][0]["path"] == [[4, 4], [4, 3], [4, 2]]


def test_gets_as_close_as_it_can_when_it_cannot_attack():
    result = solve(scenario([monster("m", (0, 8)), character("a", (8, 0))], move=2))
    # 8 hexes away: it ends 2 hexes nearer, 5 steps short of attacking.
    for option in result["options"]:
        assert option["attacks"] == []
        q, r = option["destination"]
        assert (abs(q - 8) + abs(r) + abs(q - 8 + r)) // 2 == 6


def test_avoids_traps_when_there_is_another_way():
    # a is straight ahead, with a trap on the direct hex; going around costs
    # no more, so it goes around.
    result = solve(scenario([monster("m", (4, 4)), character("a", (4, 1))], terrain={(4, 3): "trap"}, move=4))
    for option in result["options"]:
        assert [4, 3] not in option["path"]
        assert option["attacks"] == ["a"]


def test_crosses_a_trap_when_it_is_the_only_way():
    corridor = [[q, 0] for q in range(6)]
    result = solve_off_board(scenario([monster("m", (0, 0)), character("a", (4, 0))], hexes=corridor,
                            terrain={(2, 0): "trap"}, move=3))
    assert outcomes(result) == {((3, 0), ("a",))}
    assert "1" in result["options"][0]["why"]


def test_hazardous_terrain_is_avoided_like_a_trap():
    # Two ways of equal length around an obstacle: one crosses hazardous terrain.
    hexes = room(7, 3)
    plain = solve(scenario([monster("m", (0, 1)), character("a", (6, -2))], hexes=hexes, move=2))
    hazard = {tuple(h): "hazardous" for h in ([1, 0], [1, 1])}
    avoided = solve(scenario([monster("m", (0, 1)), character("a", (6, -2))], hexes=hexes, move=2,
                             terrain=hazard))
    assert len(outcomes(plain)) >= 1
    for option in avoided["options"]:
        assert not {(1, 0), (1, 1)} & {tuple(h) for h in option["path"]}


def test_would_rather_wait_than_step_on_a_trap_to_attack_now():
    # Attacking this turn means stepping on the trap; a trap-free way to attack
    # exists (a longer one), so it takes that way and does not attack yet.
    corridor = [[q, 0] for q in range(6)] + [[q, 1] for q in range(5)]
    result = solve(scenario([monster("m", (0, 0)), character("a", (3, 0))], hexes=corridor,
                            terrain={(1, 0): "trap", (2, 0): "trap"}, move=1))
    for option in result["options"]:
        assert option["attacks"] == []
        assert tuple(option["destination"]) != (1, 0)


def test_difficult_terrain_costs_two():
    corridor = [[q, 0] for q in range(8)]
    result = solve_off_board(scenario([monster("m", (0, 0)), character("a", (7, 0))], hexes=corridor,
                            terrain={(1, 0): "difficult"}, move=3))
    assert outcomes(result) == {((2, 0), ())}


def test_jump_ignores_obstacles_and_figures_on_the_way():
    corridor = [[q, 0] for q in range(8)]
    terrain = {(1, 0): "obstacle", (2, 0): "difficult"}
    figures = [monster("m", (0, 0)), character("x", (3, 0), 99, invisible=True), character("a", (6, 0))]
    result = solve_off_board(scenario(figures, hexes=corridor, terrain=terrain, move=5, movement="jump"))
    assert outcomes(result) == {((5, 0), ("a",))}


def test_jump_cannot_end_on_an_obstacle_and_pays_for_difficult_terrain_at_the_end():
    corridor = [[q, 0] for q in range(8)]
    result = solve_off_board(scenario([monster("m", (0, 0)), character("a", (4, 0))], hexes=corridor,
                            terrain={(3, 0): "difficult", (2, 0): "obstacle"}, move=3, movement="jump"))
    # (3, 0) would cost 4 with its difficult terrain; (2, 0) is an obstacle.
    assert outcomes(result) == {((1, 0), ())}


def test_flying_ignores_everything_and_may_end_on_an_obstacle():
    corridor = [[q, 0] for q in range(8)]
    terrain = {(1, 0): "trap", (2, 0): "difficult", (3, 0): "obstacle"}
    result = solve_off_board(scenario([monster("m", (0, 0)), character("a", (4, 0))], hexes=corridor,
                            terrain=terrain, move=3, movement="fly"))
    assert outcomes(result) == {((3, 0), ("a",))}
    assert "trap" not in result["options"][0]["why"].lower()


def test_allies_can_be_passed_but_not_stopped_on():
    corridor = [[q, 0] for q in range(6)]
    result = solve_off_board(scenario([monster("m", (0, 0)), monster("ally", (1, 0)), character("a", (3, 0))],
                            hexes=corridor, move=2))
    assert outcomes(result) == {((2, 0), ("a",))}
    blocked = solve_off_board(scenario([monster("m", (0, 0)), monster("ally", (1, 0)), character("a", (3, 0))],
                             hexes=corridor, move=1))
    assert outcomes(blocked) == {((0, 0), ())}


def test_closed_doors_are_walls_for_monsters():
    corridor = [[q, 0] for q in range(7)]
    figures = [monster("m", (0, 0)), character("a", (5, 0))]
    opened = solve_off_board(scenario(figures, hexes=corridor, move=3))
    assert opened["focus"] == ["a"]
    closed = solve_off_board(scenario(figures, hexes=corridor, move=3, terrain={(3, 0): "closed-door"}))
    assert closed["focus"] == []
    assert outcomes(closed) == {((0, 0), ())}
    # Nor can it shoot through one.
    shot = solve_off_board(scenario(figures, hexes=corridor, move=0, attack=ranged(6), terrain={(3, 0): "closed-door"}))
    assert shot["focus"] == []


# -- attacks and line of sight -------------------------------------------------------------


def test_thin_walls_block_movement_and_melee():
    # a is adjacent, but across a thin wall: the monster walks around.
    result = solve(scenario([monster("m", (4, 4)), character("a", (4, 3))], walls=[((4, 4), (4, 3))], move=2))
    assert outcomes(result) == {((5, 3), ("a",)), ((3, 4), ("a",))}


def test_thin_walls_block_line_of_sight():
    # A wall of thin walls between rows 3 and 4 across the whole rhombus.
    walls = [((q, 4), (q, 3)) for q in range(9)] + [((q, 4), (q + 1, 3)) for q in range(8)]
    result = solve(scenario([monster("m", (4, 6)), character("a", (4, 1))], walls=walls, move=0,
                            attack=ranged(6)))
    assert result["focus"] == []
    open_result = solve(scenario([monster("m", (4, 6)), character("a", (4, 1))], move=0, attack=ranged(6)))
    assert outcomes(open_result) == {((4, 6), ("a",))}


def test_obstacles_do_not_block_line_of_sight():
    result = solve(scenario([monster("m", (4, 6)), character("a", (4, 1))], move=0, attack=ranged(6),
                            terrain={(4, 3): "obstacle", (4, 4): "obstacle", (3, 4): "obstacle"}))
    assert outcomes(result) == {((4, 6), ("a",))}


def test_a_hex_whose_corners_all_touch_walls_sees_nothing():
    # Wall hexes on every other side of the monster: each corner touches one.
    hexes = [h for h in rhombus() if tuple(h) not in {(5, 4), (4, 3), (3, 5)}]
    result = solve(scenario([monster("m", (4, 4)), character("a", (4, 1))], hexes=hexes, move=0,
                            attack=ranged(5)))
    assert outcomes(result) == {((4, 4), ())}
    # One step out into the open and it sees a.
    stepped = solve(scenario([monster("m", (4, 4)), character("a", (4, 1))], hexes=hexes, move=1,
                             attack=ranged(5)))
    assert all(o["attacks"] == ["a"] and o["destination"] != [4, 4] for o in stepped["options"])


def test_ranged_monster_steps_away_to_lose_disadvantage():
    result = solve(scenario([monster("m", (4, 4)), character("a", (4, 3))], move=2, attack=ranged(3)))
    for option in result["options"]:
        q, r = option["destination"]
        assert (abs(q - 4) + abs(r - 3) + abs(q - 4 + r - 3)) // 2 == 2
        assert option["attacks"] == ["a"]
        assert len(option["path"]) == 2
    assert "disadvantage" in result["options"][0]["why"]


def test_a_muddled_monster_does_not_step_away():
    result = solve(scenario([monster("m", (4, 4)), character("a", (4, 3))], move=2, attack=ranged(3),
                            muddled=True))
    assert outcomes(result) == {((4, 4), ("a",))}


def test_melee_monster_stays_adjacent():
    result = solve(scenario([monster("m", (4, 4)), character("a", (4, 3))], move=2))
    assert outcomes(result) == {((4, 4), ("a",))}


def test_extra_targets_only_alongside_the_focus():
    # Two targets: the focus a must be one of them even if b and c together
    # could be hit from elsewhere.
    figures = [monster("m", (4, 4)), character("a", (4, 2), 10), character("b", (7, 1), 20),
               character("c", (7, 2), 30)]
    result = solve(scenario(figures, move=1, attack={"range": 0, "targets": 2}))
    assert result["focus"] == ["a"]
    for option in result["options"]:
        assert "a" in option["attacks"]


def test_extra_targets_as_many_as_possible():
    figures = [monster("m", (4, 4)), character("a", (4, 2), 10), character("b", (5, 2), 20)]
    result = solve(scenario(figures, move=2, attack={"range": 0, "targets": 2}))
    # (4, 3) and (5, 3)... only hexes next to both a and b.
    assert outcomes(result) == {((4, 3), ("a", "b"))}


def test_all_targets():
    figures = [monster("m", (4, 4)), character("a", (4, 2), 10), character("b", (6, 2), 20),
               character("c", (2, 6), 30)]
    result = solve(scenario(figures, move=0, attack={"range": 3, "targets": "all"}))
    assert outcomes(result) == {((4, 4), ("a", "b", "c"))}


def test_melee_area_pattern_rotates():
    # A line of two hexes ahead of the attacker, given pointing along +q; the
    # enemies are up the r axis: a rotation of the pattern hits both.
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10), character("b", (4, 2), 20)]
    result = solve(scenario(figures, move=0, attack={"range": 0, "targets": 1, "aoe": [[1, 0], [2, 0]]}))
    assert outcomes(result) == {((4, 4), ("a", "b"))}


def test_melee_area_pattern_mirrors():
    # An L: ahead, ahead again, then a bend. The targets sit where only the
    # mirror image of some rotation reaches all three.
    pattern = [[1, 0], [2, 0], [2, -1]]
    mirrored = [[q, -q - r] for q, r in pattern]  # mirror across the q axis
    figures = [monster("m", (4, 4))]
    for i, (q, r) in enumerate(mirrored):
        figures.append(character("c%d" % i, (4 + q, 4 + r), 10 + i))
    result = solve(scenario(figures, move=0, attack={"range": 0, "targets": 1, "aoe": pattern}))
    assert outcomes(result) == {((4, 4), ("c0", "c1", "c2"))}


def test_ranged_area_placed_anywhere_in_range():
    # A ranged triangle placed so one hex is in range 2; the enemies are 3 away.
    figures = [monster("m", (4, 6)), character("a", (4, 3), 10), character("b", (5, 3), 20)]
    area = {"range": 2, "targets": 1, "aoe": [[0, 0], [1, 0], [0, 1]]}
    result = solve(scenario(figures, move=0, attack=area))
    assert outcomes(result) == {((4, 6), ("a", "b"))}


def test_area_attack_needs_line_of_sight_to_each_target():
    walls = [((q, 4), (q, 3)) for q in range(9)] + [((q, 4), (q + 1, 3)) for q in range(8)]
    figures = [monster("m", (4, 4)), character("a", (4, 3), 10)]
    result = solve(scenario(figures, move=0, walls=walls,
                            attack={"range": 0, "targets": 1, "aoe": [[0, -1]]}))
    assert result["focus"] == []


def test_no_attack_moves_toward_the_focus():
    result = solve(scenario([monster("m", (4, 4)), character("a", (4, 0))], move=2, no_attack=True))
    assert outcomes(result) == {((4, 2), ())}
    assert result["focus"] == ["a"]
    stopped = solve(scenario([monster("m", (4, 4)), character("a", (4, 1))], move=5, no_attack=True))
    assert outcomes(stopped) == {((4, 2), ())}


def test_translate_is_used_for_every_sentence():
    figures = [monster("m", (4, 4)), character("a", (4, 1), 10), character("b", (7, 4), 20)]
    english = solve(scenario(figures))
    marked = solve(scenario(figures), translate=lambda s: "<" + s + ">")
    assert outcomes(english) == outcomes(marked)
    assert marked["options"][0]["why"].startswith("<")
    assert marked["options"][0]["why"] != english["options"][0]["why"]


def test_a_summon_takes_its_summoners_place_in_the_order():
    # The summon's own initiative is ignored: it acts just before its summoner (10),
    # so it comes before a character at 20.
    figures = [
        monster("m", (4, 4)),
        character("early", (2, 4), 10),
        dict(id="bear", side="summon", hex=[6, 2], initiative=90, summoner="early"),
        character("other", (6, 3), 20),
    ]
    result = solve(scenario(figures))
    assert result["focus"] == ["bear"]
