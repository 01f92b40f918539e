"""Where the monster goes and whom it attacks, for one focus.

If it can attack its focus this turn (without triggering more traps or
hazards than it must on any way to attack it), it picks, among the hexes it
can reach, the best attack:

1. the focus without disadvantage, if it can (a ranged monster steps away),
2. as many targets as possible,
3. the group it reaches with the fewest movement points,
4. the best-ranked extra targets (proximity, then initiative),
5. as few targets at disadvantage as possible,
6. the fewest movement points.

Otherwise it picks the same way among every hex it could attack from with
unlimited movement (its destinations) and moves toward each: to the hex it
can reach this turn that triggers the fewest traps and hazards on the whole
way (this turn's and the rest), then leaves the fewest movement points to
that destination (along the way, not straight), then spends the fewest
points, then triggers the fewest traps now. The end hex need not lie on a
shortest way: one off every shortest way wins when it leaves less to go
(allies holding the hexes on the way, as in case aa-003 with more movement).
Several destinations that tie are the players' choice, so each gives
options, as does every end hex that ties.
"""

from __future__ import annotations

from dataclasses import dataclass

from .attack import Attacks, group_rank
from .board import Board
from .paths import Paths


@dataclass
class Outcome:
    focus: str
    destination: tuple
    path: list
    attacks: frozenset
    cost: tuple  # (negative, points) spent this turn
    reaches: bool  # it attacks its focus this turn
    goal: tuple = None  # the destination it heads for when it cannot attack yet


def plan(board: Board, paths: Paths, attacks: Attacks, standing, rank: dict) -> list:
    """Every outcome the rules allow with `standing.enemy` as the focus."""
    focus = standing.enemy
    reached = paths.from_start()
    can_stop = board.can_stop
    # The cheapest way to attack the focus at all: traps and hazards on it are
    # the fewest the monster accepts; if it fits this turn, the monster attacks.
    least_negative, least_points = standing.cost
    move = board.action.move
    reaches = least_points <= move
    eq, er = focus.hex
    spots = []
    for dq, dr in attacks.candidate_offsets():
        x = (eq + dq, er + dr)
        if x in can_stop:
            cost = reached.get(x)
            if cost is not None and cost[0] == least_negative and (not reaches or cost[1] <= move):
                spots.append((cost[1], x))
    spots.sort()
    if attacks.single_target:
        chosen = _nearest_single(attacks, spots, focus)
    else:
        pool = [x for _, x in spots if attacks.hits(x, focus)]
        chosen = choose(attacks, pool, reached, focus, rank)
    if board.attack is None:
        chosen = [(x, frozenset()) for x, _ in chosen]
    if reaches:
        turn = paths.this_turn(move)
        out = []
        for x, group in chosen:
            cost, path = turn[x]
            out.append(
                Outcome(
                    focus=focus.id,
                    destination=x,
                    path=path,
                    attacks=group,
                    cost=cost,
                    reaches=True,
                )
            )
        return out
    return approach(board, paths, attacks, focus, rank, sorted({x for x, _ in chosen}))


def _nearest_single(attacks: Attacks, spots: list, focus) -> list:
    """A single target and no area: the cheapest hexes that attack the focus,
    from a hex not next to it if there is one (a ranged attack on an adjacent
    enemy has disadvantage). `spots` is sorted by movement points, so the
    search stops at the first cost that works."""
    links = attacks.board.links
    wary = attacks.cares_about_disadvantage
    classes = (False, True) if wary else (None,)
    for near in classes:
        found = []
        level = None
        for points, x in spots:
            if level is not None and points > level:
                break
            if near is not None and (focus.hex in links.get(x, ())) != near:
                continue
            if attacks.hits(x, focus):
                level = points
                found.append(x)
        if found:
            group = frozenset((focus.id,))
            return [(x, group) for x in found]
    return []


def choose(attacks: Attacks, pool: list, reached: dict, focus, rank: dict) -> list:
    """The best (hex, group) pairs among the hexes of `pool`."""
    fid = focus.id
    if attacks.cares_about_disadvantage:
        near = {x: focus.hex in attacks.board.links.get(x, ()) for x in pool}
        if not all(near.values()):
            pool = [x for x in pool if not near[x]]
    options = {x: attacks.best_groups(x, fid, rank) for x in pool}
    most = max((len(g) for gs in options.values() for g in gs), default=0)
    # Groups of the most targets, and the fewest points to attack each.
    fewest = {}
    for x, groups in options.items():
        for g in groups:
            if len(g) == most:
                points = reached[x][1]
                if g not in fewest or points < fewest[g]:
                    fewest[g] = points
    if not fewest:
        return []
    least = min(fewest.values())
    groups = [g for g, points in fewest.items() if points == least]
    best = min(group_rank(g, rank) for g in groups)
    groups = [g for g in groups if group_rank(g, rank) == best]
    pairs = []
    for x in pool:
        for g in groups:
            if attacks.can_attack_group(x, g, fid):
                pairs.append((attacks.adjacent_count(x, g), reached[x][1], x, g))
    if not pairs:
        return []
    low = min((p[0], p[1]) for p in pairs)
    return [(x, g) for d, m, x, g in pairs if (d, m) == low]


def approach(board, paths, attacks, focus, rank, goals) -> list:
    """Move toward each destination in `goals` as far as this turn allows."""
    turn = paths.this_turn(board.action.move)
    stops = [(h, c, p) for h, (c, p) in turn.items() if h in board.can_stop]
    found = {}
    for goal in goals:
        left = paths.to(goal)
        best = None
        picks = []
        for h, cost, path in stops:
            rest = left.get(h)
            if rest is None:
                continue
            key = (cost[0] + rest[0], rest[1], cost[1], cost[0])
            if best is None or key < best:
                best = key
                picks = [(h, cost, path)]
            elif key == best:
                picks.append((h, cost, path))
        for h, cost, path in picks:
            groups = [frozenset()]
            if board.attack is not None and attacks.hits(h, focus):
                # It cannot reach a cheaper attack, but it can attack from here.
                groups = attacks.best_groups(h, focus.id, rank) or groups
            for group in groups:
                if (h, group) in found:
                    continue
                found[(h, group)] = Outcome(
                    focus=focus.id,
                    destination=h,
                    path=path,
                    attacks=group,
                    cost=cost,
                    reaches=bool(group),
                    goal=goal,
                )
    return [found[k] for k in sorted(found, key=lambda k: (k[0], sorted(k[1])))]
