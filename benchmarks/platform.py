"""How fast the platform is, measured on the real server.

Runs `companion serve` (waitress, as a user would) in a subprocess on a free
loopback port with a fresh database, then measures:

  1. action round trip: POST an action to the JSON API until the 200 arrives;
  2. broadcast: from sending an action until the LAST of N open event streams
     (seat pages and table displays) has received the changed region;
  3. the server's peak memory (VmHWM from /proc, Linux only);
  4. the first table page a seat loads, with everything it references, gzipped;
  5. a game-store evening: TABLES tables of SEATS phones each (one stream per
     phone), every table acting about once every 2 seconds, at once: the
     action round trip and the broadcast to the last of that table's phones.

Usage: .venv/bin/python benchmarks/platform.py [--actions 300] [--broadcasts 50] [--clients 8,300]
                                               [--store-seconds 60] [--only store]
Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path, and this file's name
# would shadow the standard library's `platform` for every module that imports it.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse
import gzip
import http.client
import json
import os
import platform
import random
import re
import selectors
import signal
import socket
import statistics
import subprocess
import tempfile
import threading
import time

HOST = "127.0.0.1"
TIMEOUT = 30
SEATS = 8
TARGETS = {  # milliseconds, or KB for the page
    "round trip p95": 20,
    "broadcast p95 8": 50,
    "broadcast p95 300": 150,
    "first page KB": 60,
    "store round trip p95": 30,
    "store broadcast p95": 100,
}
STORE_TABLES = 40
STORE_EVERY = 2.0  # seconds between two actions of one table, on average
STORE_WARM_UP = 5.0  # seconds left out of the figures: connections and caches
OPTIONS = {"tracks": "Doom -1000..1000 start 0\nPower 0..20 start 5\nMorale 0..10 start 5",
           "counters": "VP 0..999\nGold 0..999"}


# -- the server ----------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Server:
    def __init__(self, db: Path, threads: int, extra_args: list[str]):
        self.port = free_port()
        command = [sys.executable, "-m", "companion", "serve", "--host", HOST, "--port", str(self.port),
                   "--db", str(db), "--threads", str(threads), *extra_args]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        env=dict(os.environ, NO_COLOR="1"))
        deadline = time.monotonic() + TIMEOUT
        while True:
            if self.process.poll() is not None:
                raise SystemExit("companion serve failed: " + self.process.stderr.read().decode(errors="replace"))
            try:
                if call(self.port, "GET", "/api/games")[0] == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise SystemExit("companion serve did not start")
            time.sleep(0.05)

    def peak_memory_kb(self) -> int | None:
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return None
        match = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
        return int(match.group(1)) if match else None

    def cpu_seconds(self) -> float | None:
        """CPU time the server has used so far (user + system; Linux only)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process.stderr.close()


def call(port: int, method: str, path: str, body: object = None, headers: dict | None = None):
    connection = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
    try:
        connection.request(method, path, body=None if body is None else json.dumps(body),
                           headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        data = response.read()
        return response.status, data, response
    finally:
        connection.close()


class Actor:
    """Sends actions for one seat on a keep-alive connection."""

    def __init__(self, port: int, token: str, key: str):
        self.connection = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
        self.path = f"/api/tables/{token}/actions"
        self.headers = {"Content-Type": "application/json", "X-Seat-Key": key}
        self.direction = 1

    def adjust_doom(self) -> int:
        """Moves the Doom track (every viewer's tracks region changes); returns the version."""
        self.direction = -self.direction
        body = json.dumps({"type": "track.adjust", "payload": {"track": "t1", "delta": self.direction}})
        self.connection.request("POST", self.path, body=body, headers=self.headers)
        response = self.connection.getresponse()
        data = response.read()
        if response.status != 200:
            raise SystemExit(f"action refused: {response.status} {data!r}")
        return json.loads(data)["version"]

    def close(self) -> None:
        self.connection.close()


# -- event stream clients -----------------------------------------------------------------
class Streams:
    """Event streams on non-blocking sockets, read by one selector loop in its
    own thread: `count` for each table, a table being (token, seat keys).
    Each records when it received the region `watch` with a given version
    (the `id:` of the event)."""

    def __init__(self, port: int, tables: list[tuple[str, list[str]]], count: int, watch: str = "region-tracks",
                 displays: bool = True):
        self.watch = watch
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.arrivals: dict[tuple[str, int], list[float]] = {}  # (token, version) -> arrival times
        self.ready = 0
        self.stopping = False
        for token, keys in tables:
            for number in range(count):
                # Every ninth stream is a table display; the rest are seat pages.
                if displays and number % (SEATS + 1) == SEATS:
                    path, extra = f"/t/{token}/events?view=display", ""
                else:
                    key = keys[number % (SEATS + 1) % SEATS] if displays else keys[number % len(keys)]
                    path, extra = f"/t/{token}/events", f"X-Seat-Key: {key}\r\n"
                sock = socket.create_connection((HOST, port), timeout=TIMEOUT)
                request = f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n{extra}\r\n"
                sock.sendall(request.encode())
                sock.setblocking(False)
                self.selector.register(sock, selectors.EVENT_READ,
                                       {"token": token, "buffer": b"", "headers_done": False, "primed": False})
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def loop(self) -> None:
        while not self.stopping:
            for key, _ in self.selector.select(timeout=0.2):
                now = time.perf_counter()
                try:
                    data = key.fileobj.recv(262144)
                except BlockingIOError:
                    continue
                if not data:
                    self.selector.unregister(key.fileobj)
                    key.fileobj.close()
                    continue
                self.received(key.data, data, now)

    def received(self, state: dict, data: bytes, now: float) -> None:
        buffer = state["buffer"] + data
        if not state["headers_done"]:
            if b"\r\n\r\n" not in buffer:
                state["buffer"] = buffer
                return
            head, buffer = buffer.split(b"\r\n\r\n", 1)
            if not head.startswith(b"HTTP/1.1 200"):
                raise SystemExit(f"stream refused: {head[:200]!r}")
            state["headers_done"] = True
        # waitress sends chunked encoding; chunk-size lines are short hex lines
        # between events, so strip them before splitting into events.
        *complete, state["buffer"] = buffer.split(b"\n\n")
        for block in complete:
            lines = [line for line in block.decode("utf-8", "replace").split("\n")
                     if not re.fullmatch(r"\r?[0-9a-fA-F]*\r?", line)]
            name = event_id = None
            for line in lines:
                if line.startswith("event: "):
                    name = line[7:].strip()
                elif line.startswith("id: "):
                    event_id = int(line[4:])
            if name == "version" and not state["primed"]:
                state["primed"] = True
                with self.lock:
                    self.ready += 1
            if name == self.watch and event_id is not None:
                with self.lock:
                    self.arrivals.setdefault((state["token"], event_id), []).append(now)

    def wait_ready(self, count: int) -> None:
        deadline = time.monotonic() + 120
        while self.ready < count:
            if time.monotonic() > deadline:
                raise SystemExit(f"only {self.ready} of {count} streams opened")
            time.sleep(0.01)

    def wait_for(self, token: str, version: int, count: int, timeout: float = 20) -> list[float]:
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                got = list(self.arrivals.get((token, version), []))
            if len(got) >= count:
                return got
            if time.monotonic() > deadline:
                raise SystemExit(f"version {version}: only {len(got)} of {count} streams got it")
            time.sleep(0.0005)

    def close(self) -> None:
        self.stopping = True
        self.thread.join(5)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        self.selector.close()


# -- the measurements -------------------------------------------------------------------
def summary(samples_ms: list[float]) -> dict:
    if not samples_ms:
        return {"p50": float("nan"), "p95": float("nan"), "max": float("nan"), "n": 0}
    ordered = sorted(samples_ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50": statistics.median(ordered), "p95": p95, "max": ordered[-1], "n": len(ordered)}


def measure_round_trips(actor: Actor, count: int) -> dict:
    for _ in range(10):  # warm up: connections, caches
        actor.adjust_doom()
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        actor.adjust_doom()
        samples.append((time.perf_counter() - started) * 1000)
    return summary(samples)


def measure_broadcast(port: int, token: str, keys: list[str], actor: Actor, clients: int, count: int) -> dict:
    streams = Streams(port, [(token, keys)], clients)
    try:
        streams.wait_ready(clients)
        time.sleep(0.2)
        round_trips, last = [], []
        for _ in range(count + 3):  # the first three warm the render cache up
            started = time.perf_counter()
            version = actor.adjust_doom()
            answered = time.perf_counter()
            arrivals = streams.wait_for(token, version, clients)
            round_trips.append((answered - started) * 1000)
            last.append((max(arrivals) - started) * 1000)
            time.sleep(0.02)
        return {"last": summary(last[3:]), "round trip": summary(round_trips[3:])}
    finally:
        streams.close()


def new_table(port: int, name: str) -> tuple[str, list[str]]:
    """A tally table with SEATS seats: its token and the seats' keys."""
    status, data, _ = call(port, "POST", "/api/tables", {"game": "tally", "name": name, "options": OPTIONS})
    if status != 201 and status != 200:
        raise SystemExit(f"creating a table: {status} {data[:200]!r}")
    token = json.loads(data)["token"]
    keys = []
    for number in range(SEATS):
        status, data, _ = call(port, "POST", f"/api/tables/{token}/seats",
                               {"name": f"Player {number + 1}", "role": "player"})
        keys.append(json.loads(data)["key"])
    return token, keys


def measure_store(server: Server, seconds: float) -> dict:
    """STORE_TABLES tables of SEATS phones (a seat stream each), each table
    acting every STORE_EVERY seconds on average, all at once for `seconds`."""
    port = server.port
    tables = [new_table(port, f"Table {n + 1}") for n in range(STORE_TABLES)]
    streams = Streams(port, tables, SEATS, displays=False)
    sent: list[tuple[str, int, float, float]] = []  # (token, version, started, answered)
    lock = threading.Lock()
    stopping = threading.Event()

    def play(token: str, key: str, seed: int) -> None:
        actor, rng = Actor(port, token, key), random.Random(seed)
        stopping.wait(rng.uniform(0, STORE_EVERY))  # the tables don't act in step
        while not stopping.is_set():
            started = time.perf_counter()
            version = actor.adjust_doom()
            answered = time.perf_counter()
            with lock:
                sent.append((token, version, started, answered))
            stopping.wait(rng.uniform(0.5, 1.5) * STORE_EVERY)
        actor.close()

    try:
        streams.wait_ready(STORE_TABLES * SEATS)
        began = time.perf_counter()
        cpu_before = server.cpu_seconds()
        players = [threading.Thread(target=play, args=(token, keys[0], n), daemon=True)
                   for n, (token, keys) in enumerate(tables)]
        for player in players:
            player.start()
        time.sleep(seconds)
        cpu = server.cpu_seconds()
        cpu_share = (cpu - cpu_before) / (time.perf_counter() - began) if cpu is not None else None
        stopping.set()
        for player in players:
            player.join(TIMEOUT)
        time.sleep(1)  # the last broadcasts land
        with streams.lock:
            arrivals = {key: list(times) for key, times in streams.arrivals.items()}
    finally:
        streams.close()
    timed = [entry for entry in sent if entry[2] - began >= STORE_WARM_UP]
    round_trips = [(answered - started) * 1000 for _, _, started, answered in timed]
    broadcasts, missing = [], 0
    for token, version, started, _ in timed:
        got = arrivals.get((token, version), [])
        if len(got) < SEATS:
            missing += 1
        else:
            broadcasts.append((max(got) - started) * 1000)
    return {"round trip": summary(round_trips), "broadcast": summary(broadcasts), "missing": missing,
            "actions per second": len(timed) / max(0.001, seconds - STORE_WARM_UP), "server CPU": cpu_share}


def first_page(port: int, token: str, key: str) -> list[tuple[str, int, int]]:
    """(what, bytes, gzipped bytes) for the seat's page and everything it references."""
    status, html, _ = call(port, "GET", f"/t/{token}", headers={"X-Seat-Key": key})
    if status != 200:
        raise SystemExit(f"table page: {status}")
    parts = [("/t/<token> (HTML)", html)]
    text = html.decode()
    references = re.findall(r'<(?:link|script)\b[^>]*?(?:href|src)="(/[^"]+)"', text)
    for path in dict.fromkeys(references):
        status, body, _ = call(port, "GET", path)
        if status != 200:
            raise SystemExit(f"{path}: {status}")
        parts.append((path, body))
    return [(name, len(body), len(gzip.compress(body, compresslevel=6))) for name, body in parts]


def machine() -> str:
    model = ""
    try:
        model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                      if line.startswith("model name")), "")
    except OSError:
        pass
    model = model or platform.processor() or platform.machine()
    return f"{os.cpu_count()} CPUs, {model}, Python {platform.python_version()}"


def verdict(value: float, target: float) -> str:
    return "ok" if value <= target else "MISSED"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=300, help="actions timed for the round trip")
    parser.add_argument("--broadcasts", type=int, default=50, help="actions timed per broadcast run")
    parser.add_argument("--clients", default="8,300", help="stream counts, comma-separated")
    parser.add_argument("--threads", type=int, default=400, help="waitress threads (serve's default)")
    parser.add_argument("--store-seconds", type=float, default=60,
                        help=f"how long the game-store evening ({STORE_TABLES} tables) runs")
    parser.add_argument("--only", choices=["all", "table", "store"], default="all",
                        help="run only the one-table measures or only the game-store evening")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    client_counts = [int(n) for n in args.clients.split(",")]
    results = {"machine": machine()}
    # Every stream here comes from 127.0.0.1: no per-address share.
    serve_args = ["--streams-per-address", "0"]
    if args.only in ("all", "table"):
        results.update(run_one_table(args, client_counts, serve_args))
    if args.only in ("all", "store"):
        with tempfile.TemporaryDirectory() as folder:
            server = Server(Path(folder) / "store.sqlite3", args.threads, serve_args)
            try:
                results["store"] = measure_store(server, args.store_seconds)
                results["store"]["peak memory KB"] = server.peak_memory_kb()
            finally:
                server.stop()
    report(results, client_counts)
    if args.json:
        print(json.dumps(results, indent=1))
    return 0


def run_one_table(args, client_counts: list[int], serve_args: list[str]) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "bench.sqlite3", args.threads, serve_args)
        try:
            status, data, _ = call(server.port, "POST", "/api/tables",
                                   {"game": "tally", "name": "Benchmark", "options": OPTIONS})
            token = json.loads(data)["token"]
            keys = []
            for number in range(SEATS):
                status, data, _ = call(server.port, "POST", f"/api/tables/{token}/seats",
                                       {"name": f"Player {number + 1}", "role": "player"})
                keys.append(json.loads(data)["key"])
            actor = Actor(server.port, token, keys[0])
            results = {"round trip": measure_round_trips(actor, args.actions)}
            for clients in client_counts:
                results[f"broadcast {clients}"] = measure_broadcast(server.port, token, keys, actor, clients,
                                                                     args.broadcasts)
            actor.close()
            results["page"] = first_page(server.port, token, keys[1])
            results["peak memory KB"] = server.peak_memory_kb()
        finally:
            server.stop()
    return results


def report(results: dict, client_counts: list[int]) -> None:
    print(f"Machine: {results['machine']}")
    print(f"{'measure':<44}{'p50':>9}{'p95':>9}{'max':>9}  target")
    if "round trip" in results:
        report_one_table(results, client_counts)
    if "store" in results:
        run = results["store"]
        title = f"game-store evening: {STORE_TABLES} tables of {SEATS} phones, each acting every ~{STORE_EVERY:g} s"
        print(f"{title} ({run['actions per second']:.1f} actions/s, {run['round trip']['n']} timed)")
        for name, label in (("round trip", "  action round trip (ms)"),
                            ("broadcast", "  broadcast to the table's last phone (ms)")):
            row, target = run[name], TARGETS[f"store {name} p95"]
            print(f"{label:<44}{row['p50']:9.1f}{row['p95']:9.1f}{row['max']:9.1f}"
                  f"  p95 <= {target} {verdict(row['p95'], target)}")
        if run["missing"]:
            print(f"  {run['missing']} changes did not reach every phone of their table")
        memory = run["peak memory KB"]
        print(f"  server peak memory (VmHWM): {memory / 1024:.1f} MB" if memory else "  server peak memory: n/a")
        if run["server CPU"] is not None:
            print(f"  server CPU: {run['server CPU'] * 100:.0f}% of one core")
        print(f"  load average at the end (other programs count too): {os.getloadavg()[0]:.1f}")


def report_one_table(results: dict, client_counts: list[int]) -> None:
    row = results["round trip"]
    print(f"{'action round trip, no streams (ms)':<44}{row['p50']:9.1f}{row['p95']:9.1f}{row['max']:9.1f}"
          f"  p95 <= {TARGETS['round trip p95']} {verdict(row['p95'], TARGETS['round trip p95'])}")
    for clients in client_counts:
        run = results[f"broadcast {clients}"]
        target = TARGETS.get(f"broadcast p95 {clients}")
        row = run["last"]
        goal = f"p95 <= {target} {verdict(row['p95'], target)}" if target else ""
        what = f"broadcast to the last of {clients} streams (ms)"
        print(f"{what:<44}{row['p50']:9.1f}{row['p95']:9.1f}{row['max']:9.1f}  {goal}")
        row = run["round trip"]
        print(f"{'  action round trip meanwhile (ms)':<44}{row['p50']:9.1f}{row['p95']:9.1f}{row['max']:9.1f}")
    memory = results["peak memory KB"]
    print(f"server peak memory (VmHWM): {memory / 1024:.1f} MB" if memory else "server peak memory: n/a (no /proc)")
    print("first table page of a seat:")
    total_raw = total_gz = 0
    for name, raw, gz in results["page"]:
        print(f"  {name:<40}{raw:>9} B{gz:>9} B gzipped")
        total_raw, total_gz = total_raw + raw, total_gz + gz
    print(f"  {'total':<40}{total_raw:>9} B{total_gz:>9} B gzipped = {total_gz / 1024:.1f} KB"
          f"  target <= {TARGETS['first page KB']} KB {verdict(total_gz / 1024, TARGETS['first page KB'])}")


if __name__ == "__main__":
    sys.exit(main())
