"""Push and pull: where a target may be forced to.

Each hex of a push must lie farther from the attacker than the one before
(closer, for a pull), distances counted around walls as for range. The
target goes around walls and closed doors, never through an obstacle or a
figure hostile to it, may pass through its own allies but not stop on them,
and moves the full amount unless no hex is left; difficult terrain costs
nothing extra, and a trap or hazard on the way is entered. Which way is the
attacker's choice, so for a monster it is the players': every way is listed.
"""

from __future__ import annotations


def forced_paths(geometry, attacker_hex, target_hex, amount: int, pull: bool,
                 blocking: set, occupied: set, negative: frozenset) -> list:
    """Every way the target on `target_hex` can be pushed (or pulled) by
    `amount`: [{"destination", "path", "traps"}], one per end hex and number
    of traps and hazards on the way.
    `blocking`: hexes it may not enter (obstacles, figures hostile to it);
    `occupied`: hexes it may pass but not end on (its allies)."""
    if amount <= 0:
        return []
    far = geometry.wall_distances(attacker_hex)
    links = geometry.links

    def better(a, b) -> bool:
        da, db = far.get(a), far.get(b)
        if da is None or db is None:
            return False
        return db < da if pull else db > da

    def extend(h, left):
        """Continuations from `h` with `left` steps to go (each a list of hexes)."""
        found = []
        if left:
            for n in links.get(h, ()):
                if n in blocking or n == attacker_hex or not better(h, n):
                    continue
                for rest in extend(n, left - 1):
                    found.append([n] + rest)
        if found:
            return found
        # No step left or none possible: it stops here, if it may stop here.
        return [[]] if (h == target_hex or h not in occupied) else []

    paths = [[target_hex] + rest for rest in extend(target_hex, amount)]
    ways = []
    seen = set()
    for path in sorted(paths):
        traps = sum(1 for h in path[1:] if h in negative)
        if len(path) == 1 or (path[-1], traps) in seen:
            continue  # two ways to one hex over as many traps are one choice
        seen.add((path[-1], traps))
        ways.append({
            "destination": list(path[-1]),
            "path": [list(h) for h in path],
            "traps": traps,
        })
    return ways
