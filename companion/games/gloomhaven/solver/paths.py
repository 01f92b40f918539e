"""Movement: what a path costs and which paths the monster prefers.

A path's cost is a pair ``(negative, points)``: the traps and hazardous hexes
it triggers, then the movement points it spends. Monsters compare costs in
that order, so they avoid traps and hazards unless there is no other way, and
then trigger as few as they can.

- Normal movement passes allies but not enemies or obstacles; entering
  difficult terrain costs 2 points; entering a trap or hazardous hex counts.
- Jump ignores figures and terrain on the way; only the last hex counts
  (difficult costs 2 there, a trap or hazard there triggers).
- Flying ignores figures and terrain entirely.
Every kind goes around walls (and closed doors).
"""

from __future__ import annotations

import heapq

from .board import Board


class Paths:
    def __init__(self, board: Board):
        self.board = board
        self.kind = board.movement
        self._from_start = None
        self._to = {}

    # -- helpers ------------------------------------------------------------------

    def _step(self, h):
        """Cost of entering `h` by normal movement: (negative, points)."""
        b = self.board
        return (1 if h in b.negative else 0, 2 if h in b.difficult else 1)

    def _end_cost(self, h, steps):
        """Jump and flight: the cost of ending on `h` after `steps` steps."""
        b = self.board
        if self.kind == "fly" or steps == 0:
            return (0, steps)
        return (1 if h in b.negative else 0, steps + (1 if h in b.difficult else 0))

    # -- from the start, unlimited movement ---------------------------------------

    def from_start(self) -> dict:
        """Best cost from the start to every hex it can get to, with unlimited
        movement (the cost of the cheapest path; for jump and flight one long
        jump or flight)."""
        if self._from_start is None:
            b = self.board
            if self.kind == "normal":
                self._from_start = self._dijkstra(b.start)
            else:
                steps = b.wall_distances(b.start)
                self._from_start = {h: self._end_cost(h, s) for h, s in steps.items()}
        return self._from_start

    def _dijkstra(self, origin):
        b = self.board
        links, blocked = b.links, b.blocked
        negative, difficult = b.negative, b.difficult
        best = {origin: (0, 0)}
        heap = [(0, 0, origin)]
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            t, m, h = pop(heap)
            if best[h] != (t, m):
                continue
            for n in links[h]:
                if n in blocked:
                    continue
                cost = (t + 1 if n in negative else t, m + 2 if n in difficult else m + 1)
                old = best.get(n)
                if old is None or cost < old:
                    best[n] = cost
                    push(heap, (cost[0], cost[1], n))
        return best

    # -- this turn ---------------------------------------------------------------

    def this_turn(self, budget: int) -> dict:
        """Every hex the monster can get to with `budget` movement points, with
        the best cost of doing so (fewest traps within the budget, then fewest
        points) and a path: {hex: ((negative, points), path)}."""
        b = self.board
        if self.kind != "normal":
            steps = b.wall_distances(b.start, budget)
            found = {}
            for h, s in steps.items():
                cost = self._end_cost(h, s)
                if cost[1] <= budget:
                    found[h] = (cost, None)
            paths = self._wall_paths(set(found))
            return {h: (cost, paths[h]) for h, (cost, _) in found.items()}
        # Normal movement: keep, per hex, every cost no other cost beats on both
        # counts (fewer traps may need more points), expanding by points spent.
        links, blocked = b.links, b.blocked
        labels = {b.start: [(0, 0, None)]}  # hex -> [(negative, points, parent label)]
        buckets = [[] for _ in range(budget + 1)]
        buckets[0].append((b.start, (0, 0, None)))
        for points in range(budget + 1):
            for h, label in buckets[points]:
                if label not in labels[h]:
                    continue  # beaten since it was queued
                t = label[0]
                for n in links[h]:
                    if n in blocked:
                        continue
                    dt, dm = self._step(n)
                    m2 = points + dm
                    if m2 > budget:
                        continue
                    t2 = t + dt
                    mine = labels.get(n)
                    if mine is None:
                        new = (t2, m2, (h, label))
                        labels[n] = [new]
                        buckets[m2].append((n, new))
                        continue
                    if any(ot <= t2 and om <= m2 for ot, om, _ in mine):
                        continue
                    new = (t2, m2, (h, label))
                    mine[:] = [x for x in mine if not (t2 <= x[0] and m2 <= x[1])]
                    mine.append(new)
                    buckets[m2].append((n, new))
        found = {}
        for h, mine in labels.items():
            t, m, parent = min(mine, key=lambda x: (x[0], x[1]))
            path = [h]
            while parent is not None:
                ph, plabel = parent
                path.append(ph)
                parent = plabel[2]
            path.reverse()
            found[h] = ((t, m), path)
        return found

    def _wall_paths(self, targets: set) -> dict:
        """Shortest paths around walls from the start (jump and flight)."""
        b = self.board
        parent = {b.start: None}
        order = [b.start]
        i = 0
        remaining = set(targets)
        remaining.discard(b.start)
        while i < len(order) and remaining:
            h = order[i]
            i += 1
            for n in b.links[h]:
                if n not in parent:
                    parent[n] = h
                    order.append(n)
                    remaining.discard(n)
        found = {}
        for h in targets:
            path = []
            x = h
            while x is not None:
                path.append(x)
                x = parent[x]
            path.reverse()
            found[h] = path
        return found

    # -- towards a destination ---------------------------------------------------

    def to(self, destination) -> dict:
        """Cost, with unlimited movement, from each hex to `destination`."""
        found = self._to.get(destination)
        if found is not None:
            return found
        b = self.board
        if self.kind != "normal":
            end = self._end_cost(destination, 1)
            extra = (end[0], end[1] - 1)
            found = {}
            for h, s in b.wall_distances(destination).items():
                found[h] = (extra[0], s + extra[1]) if s else (0, 0)
        else:
            links, blocked = b.links, b.blocked
            found = {destination: (0, 0)}
            heap = [(0, 0, destination)]
            step = self._step
            while heap:
                t, m, v = heapq.heappop(heap)
                if found[v] != (t, m):
                    continue
                dt, dm = step(v)
                for u in links[v]:
                    if u in blocked:
                        continue
                    cost = (t + dt, m + dm)
                    old = found.get(u)
                    if old is None or cost < old:
                        found[u] = cost
                        heapq.heappush(heap, (cost[0], cost[1], u))
        self._to[destination] = found
        return found
