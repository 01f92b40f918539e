"""Benchmark: one tap on a monster standee to its turn drawn on the map.

    .venv/bin/python benchmarks/map_turn.py [--taps N] [--cpu]

A Gloomhaven table (scenario 1, two characters) with a 60-hex map (10
columns of 6, a thin wall, a trap, an obstacle) and 10 figures on it (the two
characters and eight standees). Each tap is the server's whole work for
`map.show`: the action validated, applied and stored (the solver runs once
to check the turn can be worked out), then the tapping phone's regions
rendered, the map's SVG with the solver's options and sentences among them,
as the answer to its post carries them; and the other phone's render, as its
event stream sends it. Between taps `map.hide` (not timed) clears the turn,
so every tap works it out afresh; every render is new (no cached one fits).
A few warm-up taps first (templates compiled, data loaded). Prints the
median and the 95th percentile in milliseconds; --cpu measures this
process's CPU time instead of wall time, for a machine busy with other work.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The repository, not this folder (its platform.py would hide the standard one).
sys.path[0] = str(ROOT)

from companion.web import create_app, render  # noqa: E402

COLUMNS, ROWS = 10, 6
WARM_UP = 5


def set_up(store):
    table = store.create_table("gloomhaven", "Benchmark", {"scenario": 1})
    ann, _ = store.join(table.token, "Ann", "player")
    bo, _ = store.join(table.token, "Bo", "player")
    token = table.token
    store.act(token, ann.id, "character.set", {"class": "brute", "level": 1})
    store.act(token, bo.id, "character.set", {"class": "spellweaver", "level": 1})
    store.act(token, ann.id, "scenario.start", {})
    for monster, rank in [("bandit-guard", "elite"), ("bandit-guard", "normal"), ("bandit-archer", "normal"),
                          ("bandit-archer", "elite"), ("bandit-archer", "normal")]:
        store.act(token, ann.id, "standee.add", {"monster": monster, "rank": rank})
    store.act(token, ann.id, "initiative.choose", {"initiative": 10, "second": 40})
    store.act(token, bo.id, "initiative.choose", {"initiative": 60, "second": 20})
    hexes = [[q, row - q // 2] for q in range(COLUMNS) for row in range(ROWS)]
    store.act(token, ann.id, "map.hexes", {"hexes": hexes})
    store.act(token, ann.id, "map.wall", {"q": 4, "r": 0, "q2": 5, "r2": 0})
    store.act(token, ann.id, "map.terrain", {"q": 3, "r": 1, "terrain": "trap"})
    store.act(token, ann.id, "map.terrain", {"q": 6, "r": 0, "terrain": "obstacle"})
    state = store.state(token)[1]
    standees = [s["id"] for s in state["standees"]]
    spots = [[q, row - q // 2] for q in (8, 9) for row in range(ROWS)]
    store.act(token, ann.id, "map.place", {"figure": ann.id, "q": 0, "r": 0})
    store.act(token, ann.id, "map.place", {"figure": bo.id, "q": 1, "r": 2})
    for standee, (q, r) in zip(standees, spots):
        store.act(token, ann.id, "map.place", {"figure": standee, "q": q, "r": r})
    figures = len(store.state(token)[1]["map"]["at"])
    return store.table(token), ann, bo, standees, figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall time")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.sqlite3"), "TESTING": True})
        store = app.extensions["companion.store"]
        table, ann, bo, standees, figures = set_up(store)
        tap, other = [], []
        with app.test_request_context("/", headers={"Accept-Language": "en"}):
            for i in range(WARM_UP + args.taps):
                standee = standees[i % len(standees)]
                start = clock()
                store.act(table.token, ann.id, "map.show", {"standee": standee})
                render.regions(table, ann, display=False)
                middle = clock()
                render.regions(table, bo, display=False)
                end = clock()
                if i >= WARM_UP:
                    tap.append((middle - start) * 1000)
                    other.append((end - middle) * 1000)
                store.act(table.token, ann.id, "map.hide", {})
        store.close()
    hexes = COLUMNS * ROWS
    print("CPU time" if args.cpu else "wall time")
    for name, times in (("tap to the tapping phone's drawn answer", tap), ("the other phone's render", other)):
        p95 = statistics.quantiles(times, n=20)[18]
        print(f"{name}: {hexes} hexes, {figures} figures, {len(times)} taps: "
              f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms")


if __name__ == "__main__":
    main()
