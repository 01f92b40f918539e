"""Benchmark: the server's CPU time for one action's broadcast, in-process.

    .venv/bin/python benchmarks/broadcast.py [--actions 200] [--only chaos-old-world,...] [--profile]

For each table type (a tally, a Gloomhaven scenario with a map, Cthulhu Wars,
Chaos, The Others, a Gloomhaven campaign), one table set up as the platform
benchmark's evening sets it up (`platform.seat_up`: four phones, the
display), then ordinary actions (`platform.ordinary_action`: a hit point, a
counter, a god's VP), each timed from the store's `act` until every viewer's
event stream has its chunk: the four seats' and the display's regions
rendered (`render.regions` with the hub's version, as `events.py` calls it,
each viewer in a request context of its own kept across actions, as a
stream's is) and the changed regions written as server-sent events. No
server, no sockets: this process's CPU time (`time.process_time`), which
other programs on a busy machine move far less than wall time. A few
actions first to warm caches up (templates compiled, data loaded).

`--profile` runs the same actions under cProfile and prints, per table type,
the functions with the most time of their own and the most time in all, with
the function calls per action (a count other programs don't move).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The repository, not this folder (its platform.py would hide the standard one).
sys.path[0] = str(ROOT)

import argparse  # noqa: E402
import cProfile  # noqa: E402
import importlib.util  # noqa: E402
import io  # noqa: E402
import os  # noqa: E402
import pstats  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

from companion.web import create_app, render  # noqa: E402
from companion.web.events import sse_event  # noqa: E402

GAMES = ("tally", "gloomhaven", "cthulhu-wars", "chaos-old-world", "the-others", "gloomhaven-campaign")
WARM_UP = 5


def bench_platform():
    """benchmarks/platform.py as a module (its name is the standard library's)."""
    spec = importlib.util.spec_from_file_location("bench_platform", ROOT / "benchmarks" / "platform.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


class Viewer:
    """One open event stream: a seat's page or the display, its request
    context kept across actions, and what it has sent."""

    def __init__(self, app, table, seat, language: str):
        self.table, self.seat, self.display = table, seat, seat is None
        path = f"/t/{table.token}/events" + ("?view=display" if self.display else "")
        self.context = app.test_request_context(path, headers={"Accept-Language": language})
        self.sent: dict[str, str] = {}

    def receive(self, version: int) -> int:
        """The chunk this stream writes for `version`: its length."""
        with self.context:
            version, regions = render.regions(self.table, self.seat, self.display, known_version=version)
            changed = [name for name, html in regions.items() if self.sent.get(name) != html]
            chunk = "".join(sse_event(f"region-{name}", regions[name], version) for name in changed)
            self.sent.update({name: regions[name] for name in changed})
        return len(chunk)


def broadcast(store, real, viewers, step: int, rng) -> None:
    phone, kind, payload = PLATFORM.ordinary_action(real, step, rng)
    version = store.act(real.token, real.seats[phone].id, kind, payload)
    for viewer in viewers:
        viewer.receive(version)


def run(app, store, game: str, actions: int, languages: list[str], profile: int) -> dict:
    real = PLATFORM.seat_up(store, game, f"Bench {game}")
    table = store.table(real.token)
    viewers = [Viewer(app, table, seat, languages[number % len(languages)])
               for number, seat in enumerate([*real.seats, None])]
    rng = random.Random(game)
    for viewer in viewers:  # the pages as first loaded
        viewer.receive(store.state(real.token)[0])
    for step in range(WARM_UP):
        broadcast(store, real, viewers, step, rng)
    profiler = cProfile.Profile() if profile else None
    times = []
    for step in range(WARM_UP, WARM_UP + actions):
        if profiler:
            profiler.enable()
        start = time.process_time()
        broadcast(store, real, viewers, step, rng)
        times.append((time.process_time() - start) * 1000)
        if profiler:
            profiler.disable()
    result = {"median": statistics.median(times), "mean": statistics.fmean(times),
              "p95": statistics.quantiles(times, n=20)[18]}
    if profiler:
        result["profile"] = profiled(profiler, actions, profile)
        result["calls"] = pstats.Stats(profiler).total_calls / actions  # per action: no other program moves it
        if os.environ.get("BROADCAST_PROFILE_DUMP"):  # for pstats' callers and callees
            profiler.dump_stats(f"{os.environ['BROADCAST_PROFILE_DUMP']}.{game}")
    return result


def profiled(profiler, actions: int, rows: int) -> str:
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs()
    for order in ("tottime", "cumulative"):
        out.write(f"-- by {order} (calls are for {actions} actions) --\n")
        stats.sort_stats(order).print_stats(rows)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--only", default=",".join(GAMES), help="table types, comma-separated")
    parser.add_argument("--languages", default="en", help="the viewers' languages in turn, e.g. en,zh-Hans,ja")
    parser.add_argument("--profile", action="store_true", help="cProfile the timed actions (slower)")
    parser.add_argument("--rows", type=int, default=25, help="functions listed in each profile order")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.sqlite3"), "TESTING": True})
        store = app.extensions["companion.store"]
        results = {game: run(app, store, game, args.actions, args.languages.split(","), args.profile and args.rows)
                   for game in args.only.split(",")}
        store.close()
    print(f"CPU time per action and its broadcast to four phones and the display ({args.actions} actions, "
          f"languages {args.languages}; load average {os.getloadavg()[0]:.1f}; {PLATFORM.machine()})")
    for game, result in results.items():
        if "profile" in result:
            print(f"==== {game}\n{result['profile']}")
    for game, result in results.items():
        calls = f"  {result['calls']:,.0f} function calls" if "calls" in result else ""
        print(f"{game:22} median {result['median']:6.2f} ms  mean {result['mean']:6.2f} ms  "
              f"p95 {result['p95']:6.2f} ms{calls}")


PLATFORM = bench_platform()
# The ordinary Cthulhu Wars action (a count) is refused where the app's map
# keeps the units (its default): this table counts by hand.
PLATFORM.REAL_OPTIONS["cthulhu-wars"] = {**PLATFORM.REAL_OPTIONS["cthulhu-wars"], "board": "counts"}

if __name__ == "__main__":
    main()
