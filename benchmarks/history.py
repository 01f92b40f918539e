"""How a long table's history and a big import hold up, on the real server.

Runs `companion serve` (waitress, as a user would) in a subprocess on a free
loopback port with a fresh database (benchmarks/platform.py's Server), then:

  1. history: imports a tally table of `--steps` actions (10,000 by default)
     and times its history page (the newest page, a page far back, the list
     part the live page fetches after each change) and its log through the
     API (a page of 100, and the whole log for comparison);
  2. import: while `--others` other tables act and read as phones would
     (each one about every 50 ms), imports an export of about `--import-mb`
     MB (15 by default) from the server machine, and gives the other tables'
     round trips before and during the import.

Usage: .venv/bin/python benchmarks/history.py [--steps 10000] [--import-mb 15] [--others 8] [--repeat 50]
Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# benchmarks/platform.py by its path: imported by name it would be the standard library's `platform`.
_spec = importlib.util.spec_from_file_location("platform_benchmark", Path(__file__).with_name("platform.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

from companion import games  # noqa: E402
from companion.store import EXPORT_FORMAT, SEAT_JOIN, replay  # noqa: E402

TRACKS = "Doom -1000000..1000000 start 0\nPower 0..20 start 5"
COUNTERS = "VP 0..999999"
TARGETS = {"history p95": 50, "others during import p95": 20}  # milliseconds


def tally_export(steps: int, name: str = "Long table", seats: int = 4) -> dict:
    """An export of a tally table whose log holds `steps` entries: `seats`
    joins, then track and counter changes (made here, not through the server:
    sending 100,000 actions one by one would take minutes)."""
    rules = games.rules_for("tally")
    initial = rules.initial_state({"tracks": TRACKS, "counters": COUNTERS})
    people = [{"id": f"s{n}", "name": f"Player {n}", "role": "player"} for n in range(1, seats + 1)]
    now = time.time() - steps
    actions = [{"type": SEAT_JOIN, "payload": dict(seat), "seat": seat["id"], "time": now, "undone": False}
               for seat in people]
    for number in range(steps - seats):
        seat = people[number % seats]["id"]
        if number % 3 == 2:
            action = {"type": "counter.adjust", "payload": {"counter": "c1", "seat": None, "delta": 1}}
        else:
            action = {"type": "track.adjust", "payload": {"track": "t1", "delta": 1 if number % 2 else -1}}
        actions.append({**action, "seat": seat, "time": now + number, "undone": False})
    return {"format": EXPORT_FORMAT, "game": "tally", "name": name, "version": len(actions), "initial": initial,
            "seats": people, "actions": actions, "state": replay(rules, initial, actions), "children": []}


def import_table(port: int, body: bytes) -> tuple[int, dict, float]:
    connection = http.client.HTTPConnection(bench.HOST, port, timeout=600)
    started = time.perf_counter()
    try:
        connection.request("POST", "/api/tables/import", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        data = response.read()
    finally:
        connection.close()
    return response.status, json.loads(data), (time.perf_counter() - started) * 1000


def timed_gets(server, path: str, count: int, headers: dict | None = None) -> tuple[dict, int]:
    """`count` GETs of `path` on one keep-alive connection (after two to warm up): their times, the
    server's CPU time per request (which other programs on the machine move much less) and the body's size."""
    connection = http.client.HTTPConnection(bench.HOST, server.port, timeout=bench.TIMEOUT)
    samples, size, cpu = [], 0, None
    try:
        for number in range(count + 2):
            if number == 2:
                cpu = server.cpu_seconds()
            started = time.perf_counter()
            connection.request("GET", path, headers=headers or {})
            response = connection.getresponse()
            body = response.read()
            if response.status != 200:
                raise SystemExit(f"GET {path}: {response.status} {body[:200]!r}")
            if number >= 2:
                samples.append((time.perf_counter() - started) * 1000)
            size = len(body)
        used = server.cpu_seconds()
    finally:
        connection.close()
    cpu_ms = (used - cpu) * 1000 / count if cpu is not None and used is not None else float("nan")
    return {**bench.summary(samples), "server CPU ms": cpu_ms}, size


def measure_history(server, steps: int, repeat: int) -> dict:
    status, made, took = import_table(server.port, json.dumps(tally_export(steps)).encode())
    if status != 201:
        raise SystemExit(f"import refused: {status} {made}")
    token = made["token"]
    results = {"steps": steps, "import ms": took}
    for label, path in (("history page, newest", f"/t/{token}/history"),
                        ("history page, far back", f"/t/{token}/history?before={steps // 2}"),
                        ("history list part (live refresh)", f"/t/{token}/history?part=list"),
                        ("API log, last 100", f"/api/tables/{token}/log?last=100"),
                        ("API log, 100 from the middle", f"/api/tables/{token}/log?after={steps // 2}&limit=100")):
        figures, size = timed_gets(server, path, repeat)
        results[label] = {**figures, "KB": size / 1024}
    figures, size = timed_gets(server, f"/api/tables/{token}/log", 3)
    results["API log, whole (for comparison)"] = {**figures, "KB": size / 1024}
    return results


class OtherTables:
    """Tables at play while the import runs: each a thread that, about every
    `every` seconds, sends an action and reads the table's state, timing both."""

    def __init__(self, port: int, count: int, every: float = 0.05):
        self.port, self.every = port, every
        self.samples: list[tuple[float, float]] = []  # (when it started, milliseconds)
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.tables = []
        for number in range(count):
            token, keys = bench.new_table(port, f"Other {number + 1}")
            self.tables.append((token, keys[0]))
        self.threads = [threading.Thread(target=self._play, args=table, daemon=True) for table in self.tables]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def _play(self, token: str, key: str) -> None:
        actor = bench.Actor(self.port, token, key)
        reader = http.client.HTTPConnection(bench.HOST, self.port, timeout=bench.TIMEOUT)
        try:
            while not self.stop.is_set():
                started = time.perf_counter()
                actor.adjust_doom()
                self._record(started)
                started = time.perf_counter()
                reader.request("GET", f"/api/tables/{token}/state", headers={"X-Seat-Key": key})
                reader.getresponse().read()
                self._record(started)
                time.sleep(self.every)
        finally:
            actor.close()
            reader.close()

    def _record(self, started: float) -> None:
        with self.lock:
            self.samples.append((started, (time.perf_counter() - started) * 1000))

    def between(self, start: float, end: float) -> list[float]:
        with self.lock:
            return [ms for when, ms in self.samples if start <= when < end]

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=30)


def measure_import(server, megabytes: float, others: int) -> dict:
    port = server.port
    # An export of about `megabytes` MB: measure the size of a small one, then scale.
    sample = len(json.dumps(tally_export(2000)))
    steps = int(2000 * megabytes * 1024 * 1024 / sample)
    body = json.dumps(tally_export(steps, "Big import")).encode()
    tables = OtherTables(port, others)
    tables.start()
    try:
        time.sleep(1.0)  # connections and caches warm
        quiet_start = time.perf_counter()
        time.sleep(4.0)
        import_start, cpu_before = time.perf_counter(), server.cpu_seconds()
        status, made, took = import_table(port, body)
        import_end, cpu_after = time.perf_counter(), server.cpu_seconds()
        time.sleep(0.5)
    finally:
        tables.close()
    if status != 201:
        raise SystemExit(f"import refused: {status} {made}")
    tenth = (import_end - import_start) / 10
    # The server's own CPU use during the import, the other tables' requests included.
    server_cpu = (cpu_after - cpu_before) / (import_end - import_start) if cpu_before is not None else float("nan")
    return {"export MB": len(body) / 1024 / 1024, "steps": steps, "import ms": took, "server CPU share": server_cpu,
            "others before": bench.summary(tables.between(quiet_start, import_start)),
            "others during": bench.summary(tables.between(import_start, import_end)),
            # Where in the import the slow requests fall: parsing and replaying, or writing the rows at its end.
            "others p95 by tenth": [
                bench.summary(tables.between(import_start + tenth * n, import_start + tenth * (n + 1)))["p95"]
                for n in range(10)]}


def load() -> str:
    try:
        return " / ".join(f"{value:.1f}" for value in os.getloadavg())
    except OSError:
        return "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=10_000, help="steps of the long table whose history is timed")
    parser.add_argument("--repeat", type=int, default=50, help="requests timed per history page")
    parser.add_argument("--import-mb", type=float, default=15, help="size of the import timed against other tables")
    parser.add_argument("--others", type=int, default=8, help="other tables at play during the import")
    parser.add_argument("--only", choices=["all", "history", "import"], default="all")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    results = {"machine": bench.machine(), "load before": load()}
    with tempfile.TemporaryDirectory() as folder:
        server = bench.Server(Path(folder) / "history.sqlite3", 400, ["--streams-per-address", "0"])
        try:
            if args.only in ("all", "history"):
                results["history"] = measure_history(server, args.steps, args.repeat)
            if args.only in ("all", "import"):
                results["import"] = measure_import(server, args.import_mb, args.others)
        finally:
            server.stop()
    results["load after"] = load()
    report(results)
    if args.json:
        print(json.dumps(results, indent=1))
    return 0


def report(results: dict) -> None:
    print(f"machine: {results['machine']}; load average (1/5/15 min) before {results['load before']}, "
          f"after {results['load after']}")
    if "history" in results:
        history = results["history"]
        print(f"\nA table of {history['steps']} steps (imported in {history['import ms']:.0f} ms):")
        print(f"{'request':36} {'p50':>8} {'p95':>8} {'max':>8} {'CPU':>8} {'KB':>8}"
              "  (ms; CPU: the server's per request)")
        for label, figures in history.items():
            if isinstance(figures, dict):
                print(f"{label:36} {figures['p50']:8.1f} {figures['p95']:8.1f} {figures['max']:8.1f} "
                      f"{figures['server CPU ms']:8.1f} {figures['KB']:8.1f}")
        newest = history["history page, newest"]["p95"]
        print(f"history page p95 {newest:.1f} ms (target ≤ {TARGETS['history p95']} ms): "
              f"{bench.verdict(newest, TARGETS['history p95'])}")
    if "import" in results:
        done = results["import"]
        print(f"\nImport of {done['export MB']:.1f} MB ({done['steps']} steps) in {done['import ms']:.0f} ms, the "
              f"server using {done['server CPU share']:.0%} of a core meanwhile; the other tables' requests "
              "(an action, then a state read, each timed):")
        for label in ("others before", "others during"):
            figures = done[label]
            print(f"  {label:14} p50 {figures['p50']:6.1f}  p95 {figures['p95']:6.1f}  max {figures['max']:6.1f} ms"
                  f"  (n={figures['n']})")
        print("  p95 in each tenth of the import: " + " ".join(f"{ms:.0f}" for ms in done["others p95 by tenth"]))
        during = done["others during"]["p95"]
        print(f"others' p95 during the import {during:.1f} ms (target ≤ {TARGETS['others during import p95']} ms): "
              f"{bench.verdict(during, TARGETS['others during import p95'])}")


if __name__ == "__main__":
    sys.exit(main())
