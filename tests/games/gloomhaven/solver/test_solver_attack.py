"""The attack module against a slow, obvious enumeration of every placement
of the area and every choice of extra targets, on random maps."""

import itertools
import random

import pytest

from companion.games.gloomhaven.solver.attack import Attacks, group_rank
from companion.games.gloomhaven.solver.board import Board
from companion.games.gloomhaven.solver.scenario import parse
from companion.kit.hexes import neighbours, orientations
from test_solver_properties import random_scenario


def aimable(board, x, c, reach):
    """May a ranged area be aimed at `c` from `x`? A floor hex within range
    around walls; any other position (wall hex, door, off the map) when a
    floor neighbour with no thin wall between is within range - 1."""
    steps = board.wall_distances(x)
    if c in board.open_floor:
        return steps.get(c, reach + 1) <= reach
    return any(
        steps.get(n, reach) <= reach - 1
        for n in neighbours(c)
        if n in board.open_floor and frozenset((c, n)) not in board.scenario.walls
    )


def brute_areas(board, attack, x):
    """Every group of visible enemies one placement covers, trying every
    orientation and every translation near the attacker."""
    groups = set()
    if not attack.aoe:
        return groups
    for shape in orientations(attack.aoe):
        if attack.range == 0:
            shifts = [x]
        else:
            reach = attack.range + 4
            shifts = [(x[0] + dq, x[1] + dr) for dq in range(-reach, reach + 1) for dr in range(-reach, reach + 1)]
        for tq, tr in shifts:
            cells = [(tq + q, tr + r) for q, r in shape]
            if attack.range and not any(aimable(board, x, c, attack.range) for c in cells):
                continue
            hit = frozenset(
                board.enemy_at[c].id for c in cells if c in board.enemy_at and board.sight.visible(x, c)
            )
            if hit:
                groups.add(hit)
    return groups


def brute_groups(attacks, x, focus):
    """Every target group an attack from `x` may hit with `focus` in it."""
    n = attacks.targets
    singles = attacks.singles(x) if attacks.singles_allowed else frozenset()
    layouts = list(brute_areas(attacks.board, attacks.attack, x)) + [frozenset()] if attacks.has_area else [frozenset()]
    room = n - 1 if attacks.has_area else n
    found = set()
    for area in layouts:
        pool = sorted(singles - area)
        for k in range(0, min(room, len(pool)) + 1):
            for extra in itertools.combinations(pool, k):
                group = area | frozenset(extra)
                if focus in group and (area or not attacks.has_area or extra):
                    found.add(group)
    return found


@pytest.mark.parametrize("seed", range(60))
def test_groups_match_the_enumeration(seed):
    s = random_scenario(seed)
    rng = random.Random(seed)
    if rng.random() < 0.5:
        attack = s["action"]["attack"]
        attack["aoe"] = [[0, 0], [1, 0], [0, 1]] if attack["range"] else [[1, 0], [2, 0], [2, -1]]
    board = Board(parse(s))
    attacks = Attacks(board)
    rank = {e.id: (i % 2, e.id) for i, e in enumerate(board.enemies)}
    spots = sorted(board.can_stop)
    for x in rng.sample(spots, min(12, len(spots))):
        if attacks.has_area:
            assert set(attacks.areas(x)) == brute_areas(board, attacks.attack, x)
        for enemy in board.enemies:
            everything = brute_groups(attacks, x, enemy.id)
            assert attacks.hits(x, enemy) == bool(everything)
            best = attacks.best_groups(x, enemy.id, rank)
            if not everything:
                assert best == []
                continue
            most = max(len(g) for g in everything)
            top = min(group_rank(g, rank) for g in everything if len(g) == most)
            expected = {g for g in everything if len(g) == most and group_rank(g, rank) == top}
            assert set(best) == expected
            ids = sorted(e.id for e in board.enemies)
            for k in range(1, len(ids) + 1):
                for combo in itertools.combinations(ids, k):
                    group = frozenset(combo)
                    if enemy.id in group:
                        assert attacks.can_attack_group(x, group, enemy.id) == (group in everything)
