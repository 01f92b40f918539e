"""Benchmark of the Gloomhaven monster solver.

    .venv/bin/python benchmarks/monster_solver.py [--repeat N] [--cpu]

Prints solve times (start-up and JSON reading excluded):

- the public cases (../shared/gloomhaven/monster-ai-cases.json) in one batch,
  and the slowest case, both in the batch and alone with cold caches;
- a 20 x 20-hex open room with 12 monsters and 4 characters, each monster
  acting in turn, and the same room as a maze (thin walls, then wall hexes);
- a stress case: 16 characters, a range-7 attack on 5 targets with a 7-hex area.

Each figure is the best of N runs (default 5), to keep other work on the
machine out of it; --cpu measures this process's CPU time instead of wall
time, for a machine busy with other work.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.games.gloomhaven.solver import board, sight, solve, solve_many  # noqa: E402

# MONSTER_AI_CASES names the file when the checkout is not beside shared/ (a git worktree).
CASES = Path(os.environ.get("MONSTER_AI_CASES") or ROOT.parent / "shared" / "gloomhaven" / "monster-ai-cases.json")
NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def forget_maps():
    """Drop every cache shared between scenarios (per-map geometry, sight)."""
    board._GEOMETRIES.clear()
    sight._NEAR_LINE.clear()


def room(width=20, height=20):
    return [(q, row - q // 2) for q in range(width) for row in range(height)]


def thin_wall_maze(hexes, rng):
    """A maze: a random spanning tree of the room; every other edge is a wall."""
    floor = set(hexes)
    start = hexes[0]
    seen = {start}
    stack = [start]
    open_edges = set()
    while stack:
        h = stack[-1]
        options = [(h[0] + dq, h[1] + dr) for dq, dr in NEIGHBOURS]
        options = [n for n in options if n in floor and n not in seen]
        if not options:
            stack.pop()
            continue
        n = rng.choice(options)
        seen.add(n)
        open_edges.add(frozenset((h, n)))
        stack.append(n)
    walls = set()
    for h in hexes:
        for dq, dr in NEIGHBOURS:
            n = (h[0] + dq, h[1] + dr)
            if n in floor and frozenset((h, n)) not in open_edges:
                walls.add(frozenset((h, n)))
    return [[list(a), list(b)] for a, b in (sorted(w) for w in walls)]


def wall_hex_maze(hexes, rng):
    """Corridors between wall hexes: every third column is a wall with two gaps."""
    floor = []
    for q, r in hexes:
        row = r + q // 2
        if q % 3 == 2 and row not in rng.sample(range(20), 2) and row not in (0, 19):
            continue
        floor.append((q, r))
    return floor


ACTIONS = [
    {"move": 3, "movement": "normal", "attack": {"range": 0, "targets": 1}},
    {"move": 2, "movement": "normal", "attack": {"range": 4, "targets": 2}},
    {"move": 3, "movement": "normal", "attack": {"range": 0, "targets": 1, "aoe": [[1, 0], [1, -1]]}},
    {"move": 4, "movement": "jump", "attack": {"range": 3, "targets": 1}},
]


def room_scenarios(hexes, walls=(), monsters=12, characters=4, seed=1, action=None):
    """One scenario per monster: the same figures, each monster acting."""
    rng = random.Random(seed)
    spots = list(hexes)
    rng.shuffle(spots)
    kinds = ["obstacle"] * 6 + ["trap"] * 3 + ["difficult"] * 3
    terrain = [{"hex": list(h), "type": kind} for h, kind in zip(spots[:12], kinds)]
    spots = spots[12:]
    figures = [
        {"id": "c%d" % i, "side": "character", "hex": list(spots.pop()), "initiative": rng.randint(1, 99)}
        for i in range(characters)
    ]
    figures += [{"id": "m%d" % i, "side": "monster", "hex": list(spots.pop())} for i in range(monsters)]
    base = {"rules": "gloomhaven", "hexes": [list(h) for h in hexes], "walls": list(walls), "terrain": terrain,
            "figures": figures}
    return [dict(base, active="m%d" % i, action=action or ACTIONS[i % len(ACTIONS)]) for i in range(monsters)]


#: The clock: wall time, or with --cpu this process's CPU time (other work on
#: a shared machine then stays out of the figures).
clock = time.perf_counter


def best_of(repeat, run):
    best = None
    for _ in range(repeat):
        started = clock()
        run()
        took = clock() - started
        best = took if best is None else min(best, took)
    return best


def per_monster(name, scenarios, repeat):
    """Each monster of a room in turn, as a table would: the map's caches warm
    up with the first one. Reports the first (cold) and the slowest."""
    times = []
    for _ in range(repeat):
        forget_maps()
        run = []
        for s in scenarios:
            started = clock()
            solve(s)
            run.append(clock() - started)
        times = run if not times else [min(a, b) for a, b in zip(times, run)]
    print("%-34s first (cold map) %6.1f ms, slowest %6.1f ms, mean %6.1f ms, all %d: %6.1f ms"
          % (name, times[0] * 1000, max(times) * 1000, sum(times) / len(times) * 1000, len(times), sum(times) * 1000))
    return max(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cpu", action="store_true", help="measure CPU time instead of wall time")
    args = parser.parse_args()
    global clock
    if args.cpu:
        clock = time.process_time
    repeat = args.repeat
    print("python %s, %d CPUs" % (sys.version.split()[0], os.cpu_count() or 0))

    if CASES.is_file():
        cases = json.loads(CASES.read_text(encoding="utf-8"))
        inputs = [c["input"] for c in cases]
        solve(inputs[0])  # import everything once

        def batch():
            forget_maps()
            solve_many(inputs)

        total = best_of(repeat, batch)
        # Slowest case inside a batch, and alone with nothing cached.
        in_batch = {}
        for _ in range(repeat):
            forget_maps()
            for c in cases:
                started = clock()
                solve(c["input"])
                took = clock() - started
                in_batch[c["name"]] = min(took, in_batch.get(c["name"], took))
        alone = {}
        for _ in range(repeat):
            for c in cases:
                forget_maps()
                started = clock()
                solve(c["input"])
                took = clock() - started
                alone[c["name"]] = min(took, alone.get(c["name"], took))
        slow_batch = max(in_batch, key=in_batch.get)
        slow_alone = max(alone, key=alone.get)
        print("public cases: %d in one batch %6.1f ms (target 200 ms)" % (len(cases), total * 1000))
        print("  slowest case in the batch %s %5.1f ms; alone, cold caches, %s %5.1f ms (target 20 ms)"
              % (slow_batch, in_batch[slow_batch] * 1000, slow_alone, alone[slow_alone] * 1000))
    else:
        print("public cases: %s is absent, skipped" % CASES)

    rng = random.Random(20)
    open_room = room()
    worst = per_monster("20x20 open room, 12 monsters:", room_scenarios(open_room), repeat)
    maze_walls = thin_wall_maze(open_room, rng)
    worst = max(worst, per_monster("20x20 maze of thin walls:", room_scenarios(open_room, maze_walls), repeat))
    worst = max(worst, per_monster("20x20 maze of wall hexes:", room_scenarios(wall_hex_maze(open_room, rng)), repeat))
    print("  slowest monster %.1f ms (target 100 ms)" % (worst * 1000))

    stress_action = {"move": 3, "movement": "normal",
                     "attack": {"range": 7, "targets": 5, "aoe": [[0, 0]] + [list(d) for d in NEIGHBOURS]}}
    stress = room_scenarios(open_room, monsters=2, characters=16, seed=3, action=stress_action)
    per_monster("stress: 16 characters, range 7, 5 targets, 7-hex area:", stress, repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
