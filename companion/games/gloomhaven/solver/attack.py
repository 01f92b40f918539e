"""Whom the monster can attack from a hex, and with which groups of targets.

- A single-target attack (melee when range is 0) reaches an enemy whose
  distance, counted around walls, is within range (1 for melee) and that is
  in line of sight.
- An area attack hits the enemies in line of sight on the hexes of one
  placement of the pattern (any rotation, or rotation of its mirror image). A
  melee pattern is relative to the attacker; a ranged one may be placed
  anywhere at least one of its hexes is within range, counted like any range
  (around walls, never through them: `Geometry.area_in_range`); from there the
  pattern may reach past walls. Extra targets ("targets": n > 1) are single
  targets.
- Every attack needs line of sight, neighbours included.
- A ranged attack on an adjacent enemy has disadvantage (unless the monster
  is muddled, which gives it disadvantage anyway).
"""

from __future__ import annotations

from itertools import combinations

from companion.kit.hexes import disk, distance, orientations

from .board import Board
from .scenario import Attack

MELEE = Attack(range=0, targets=1, aoe=())


class Attacks:
    def __init__(self, board: Board):
        self.board = board
        attack = board.attack or MELEE
        self.attack = attack
        self.reach = max(attack.range, 1)
        self.targets = attack.targets
        self.ranged = attack.range > 0
        self.cares_about_disadvantage = self.ranged and not board.action.muddled
        self.shapes = orientations(attack.aoe) if attack.aoe else []
        self.has_area = bool(self.shapes)
        # Single targets are allowed without an area, or as extra targets.
        self.singles_allowed = not self.has_area or self.targets > 1
        #: One target, no area: the target is always the focus alone.
        self.single_target = not self.has_area and self.targets == 1
        self._single = {}
        self._areas = {}
        self._enemy_by_id = {e.id: e for e in board.enemies}
        # Offsets (attacker - enemy) from which an area can possibly cover an enemy.
        if self.has_area and not self.ranged:
            self.area_offsets = frozenset((-c[0], -c[1]) for shape in self.shapes for c in shape)
        elif self.has_area:
            spread = {(c[0] - p[0], c[1] - p[1]) for shape in self.shapes for c in shape for p in shape}
            ring = disk(attack.range)
            self.area_offsets = frozenset(
                (-(w[0] + d[0]), -(w[1] + d[1])) for w in spread for d in ring
            )
            self.span = max(distance(a, b) for shape in self.shapes for a in shape for b in shape)
        else:
            self.area_offsets = frozenset()

    # -- single targets ---------------------------------------------------------

    def hits_single(self, x, enemy) -> bool:
        e = enemy.hex
        if distance(x, e) > self.reach:
            return False
        b = self.board
        if self.reach == 1:
            if e not in b.links.get(x, ()):
                return False
        elif b.wall_distances(e, self.reach).get(x, self.reach + 1) > self.reach:
            return False
        return b.sight.visible(x, e)

    def singles(self, x) -> frozenset:
        """Ids of the enemies a single-target attack from `x` can reach."""
        found = self._single.get(x)
        if found is None:
            found = frozenset(e.id for e in self.board.enemies if self.hits_single(x, e))
            self._single[x] = found
        return found

    # -- areas -------------------------------------------------------------------

    def areas(self, x) -> list:
        """Every distinct group of enemies one placement of the area hits from `x`."""
        found = self._areas.get(x)
        if found is None:
            placements = self._ranged_placements(x) if self.ranged else self._melee_placements(x)
            groups = {self._hit(x, cells) for cells in placements}
            groups.discard(frozenset())
            found = sorted(groups, key=sorted)
            self._areas[x] = found
        return found

    def _melee_placements(self, x):
        for shape in self.shapes:
            yield [(x[0] + dq, x[1] + dr) for dq, dr in shape]

    def _ranged_placements(self, x):
        """Placements covering an enemy with one hex in range (`area_in_range`)."""
        reach = self.attack.range
        in_range = self.board.geometry.area_in_range
        near = [e for e in self.board.enemies if distance(x, e.hex) <= reach + self.span]
        seen = set()
        for i, shape in enumerate(self.shapes):
            for e in near:
                eq, er = e.hex
                for pq, pr in shape:
                    tq, tr = eq - pq, er - pr
                    if (i, tq, tr) in seen:
                        continue
                    seen.add((i, tq, tr))
                    cells = [(tq + cq, tr + cr) for cq, cr in shape]
                    if in_range(x, reach, cells):
                        yield cells

    def _hit(self, x, cells) -> frozenset:
        """The enemies on `cells` that `x` sees (each target needs line of sight)."""
        enemy_at = self.board.enemy_at
        visible = self.board.sight.visible
        return frozenset(enemy_at[c].id for c in cells if c in enemy_at and visible(x, c))

    def hits(self, x, enemy) -> bool:
        """Can an attack from `x` include `enemy` at all?"""
        if self.singles_allowed and self.hits_single(x, enemy):
            return True
        if self.has_area:
            off = (x[0] - enemy.hex[0], x[1] - enemy.hex[1])
            if off not in self.area_offsets:
                return False
            return any(enemy.id in group for group in self.areas(x))
        return False

    def candidate_offsets(self) -> frozenset:
        """Offsets (attacker hex - enemy hex) worth testing for `hits`."""
        found = set(self.area_offsets)
        if self.singles_allowed:
            found.update(d for d in disk(self.reach) if d != (0, 0))
        return frozenset(found)

    # -- groups of targets ----------------------------------------------------------

    def adjacent_count(self, x, group) -> int:
        """Targets of `group` attacked with disadvantage from `x`."""
        if not self.cares_about_disadvantage:
            return 0
        near = self.board.links.get(x, ())
        return sum(1 for i in group if self._enemy_by_id[i].hex in near)

    def best_groups(self, x, focus: str, rank) -> list:
        """The groups the monster would attack from `x` with `focus` among them:
        the most targets, then the best-ranked ones (several on a tie)."""
        n = self.targets
        singles = self.singles(x) if self.singles_allowed else frozenset()
        candidates = []
        if self.has_area:
            layouts = list(self.areas(x)) + [frozenset()]
        else:
            layouts = [frozenset()]
        for area in layouts:
            if focus in area:
                fixed = area
                room = n - 1
            elif focus in singles and n - (1 if self.has_area else 0) >= 1:
                fixed = area | {focus}
                room = n - 1 - (1 if self.has_area else 0)
            else:
                continue
            pool = [i for i in singles if i not in fixed]
            for extra in top(pool, room, rank):
                candidates.append(fixed | extra)
        if not candidates:
            return []
        most = max(len(g) for g in candidates)
        candidates = [g for g in candidates if len(g) == most]
        keys = {g: group_rank(g, rank) for g in candidates}
        best = min(keys.values())
        return sorted({g for g in candidates if keys[g] == best}, key=sorted)

    def can_attack_group(self, x, group: frozenset, focus: str) -> bool:
        """Can an attack from `x` hit exactly `group`?"""
        n = self.targets
        singles = self.singles(x) if self.singles_allowed else frozenset()
        if not self.has_area:
            return focus in group and len(group) <= n and group <= singles
        for area in list(self.areas(x)) + [frozenset()]:
            if not area <= group:
                continue
            rest = group - area
            if len(rest) <= n - 1 and rest <= singles:
                if area or len(rest) <= n - 1:
                    return True
        return False


def group_rank(group, rank) -> tuple:
    return tuple(sorted(rank[i] for i in group))


def top(pool, room, rank) -> list:
    """Every way to pick the `room` best-ranked ids from `pool` (ties give
    several ways)."""
    if room <= 0 or not pool:
        return [frozenset()]
    if room >= len(pool):
        return [frozenset(pool)]
    ordered = sorted(pool, key=lambda i: rank[i])
    edge = rank[ordered[room - 1]]
    sure = [i for i in ordered if rank[i] < edge]
    tied = [i for i in ordered if rank[i] == edge]
    need = room - len(sure)
    return [frozenset(sure) | frozenset(c) for c in combinations(tied, need)]
