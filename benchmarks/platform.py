"""How fast the platform is, measured on the real server.

Runs `companion serve` (waitress, as a user would) in a subprocess on a free
loopback port with a fresh database, then measures:

  1. action round trip: POST an action to the JSON API until the 200 arrives;
  2. broadcast: from sending an action until the LAST of N open event streams
     (seat pages and table displays) has received the changed region;
  3. the server's peak memory (VmHWM from /proc, Linux only);
  4. the first table page a seat loads, with everything it references, gzipped.

Usage: .venv/bin/python benchmarks/platform.py [--actions 300] [--broadcasts 50] [--clients 8,300]
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
}
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
    """N event streams on non-blocking sockets, read by one selector loop in
    its own thread. Each records when it received the region `watch` with a
    given version (the `id:` of the event)."""

    def __init__(self, port: int, token: str, keys: list[str], count: int, watch: str = "region-tracks"):
        self.watch = watch
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.arrivals: dict[int, list[float]] = {}  # version -> arrival times
        self.ready = 0
        self.stopping = False
        for number in range(count):
            # Every ninth stream is a table display; the rest are seat pages.
            if number % (SEATS + 1) == SEATS:
                path, extra = f"/t/{token}/events?view=display", ""
            else:
                path, extra = f"/t/{token}/events", f"X-Seat-Key: {keys[number % (SEATS + 1) % SEATS]}\r\n"
            sock = socket.create_connection((HOST, port), timeout=TIMEOUT)
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n{extra}\r\n".encode())
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ, {"buffer": b"", "headers_done": False, "primed": False})
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
                    self.arrivals.setdefault(event_id, []).append(now)

    def wait_ready(self, count: int) -> None:
        deadline = time.monotonic() + 120
        while self.ready < count:
            if time.monotonic() > deadline:
                raise SystemExit(f"only {self.ready} of {count} streams opened")
            time.sleep(0.01)

    def wait_for(self, version: int, count: int, timeout: float = 20) -> list[float]:
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                got = list(self.arrivals.get(version, []))
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
    streams = Streams(port, token, keys, clients)
    try:
        streams.wait_ready(clients)
        time.sleep(0.2)
        round_trips, last = [], []
        for _ in range(count + 3):  # the first three warm the render cache up
            started = time.perf_counter()
            version = actor.adjust_doom()
            answered = time.perf_counter()
            arrivals = streams.wait_for(version, clients)
            round_trips.append((answered - started) * 1000)
            last.append((max(arrivals) - started) * 1000)
            time.sleep(0.02)
        return {"last": summary(last[3:]), "round trip": summary(round_trips[3:])}
    finally:
        streams.close()


def first_page(port: int, token: str, key: str) -> list[tuple[str, int, int]]:
    """(what, bytes, gzipped bytes) for the seat's page and everything it references."""
    status, html, _ = call(port, "GET", f"/t/{token}", headers={"X-Seat-Key": key})
    if status != 200:
        raise SystemExit(f"table page: {status}")
    parts = [(f"/t/<token> (HTML)", html)]
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
    return f"{os.cpu_count()} CPUs, {model or platform.processor() or platform.machine()}, Python {platform.python_version()}"


def verdict(value: float, target: float) -> str:
    return "ok" if value <= target else "MISSED"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=300, help="actions timed for the round trip")
    parser.add_argument("--broadcasts", type=int, default=50, help="actions timed per broadcast run")
    parser.add_argument("--clients", default="8,300", help="stream counts, comma-separated")
    parser.add_argument("--threads", type=int, default=400, help="waitress threads (serve's default)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    client_counts = [int(n) for n in args.clients.split(",")]

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "bench.sqlite3", args.threads, [])
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
            results = {"machine": machine(), "round trip": measure_round_trips(actor, args.actions)}
            for clients in client_counts:
                results[f"broadcast {clients}"] = measure_broadcast(server.port, token, keys, actor, clients,
                                                                     args.broadcasts)
            actor.close()
            results["page"] = first_page(server.port, token, keys[1])
            results["peak memory KB"] = server.peak_memory_kb()
        finally:
            server.stop()

    print(f"Machine: {results['machine']}")
    print(f"{'measure':<44}{'p50':>9}{'p95':>9}{'max':>9}  target")
    row = results["round trip"]
    print(f"{'action round trip, no streams (ms)':<44}{row['p50']:9.1f}{row['p95']:9.1f}{row['max']:9.1f}"
          f"  p95 <= {TARGETS['round trip p95']} {verdict(row['p95'], TARGETS['round trip p95'])}")
    for clients in client_counts:
        run = results[f"broadcast {clients}"]
        target = TARGETS.get(f"broadcast p95 {clients}")
        row = run["last"]
        goal = f"p95 <= {target} {verdict(row['p95'], target)}" if target else ""
        print(f"{f'broadcast to the last of {clients} streams (ms)':<44}{row['p50']:9.1f}{row['p95']:9.1f}{row['max']:9.1f}  {goal}")
        row = run["round trip"]
        print(f"{f'  action round trip meanwhile (ms)':<44}{row['p50']:9.1f}{row['p95']:9.1f}{row['max']:9.1f}")
    memory = results["peak memory KB"]
    print(f"server peak memory (VmHWM): {memory / 1024:.1f} MB" if memory else "server peak memory: n/a (no /proc)")
    print("first table page of a seat:")
    total_raw = total_gz = 0
    for name, raw, gz in results["page"]:
        print(f"  {name:<40}{raw:>9} B{gz:>9} B gzipped")
        total_raw, total_gz = total_raw + raw, total_gz + gz
    print(f"  {'total':<40}{total_raw:>9} B{total_gz:>9} B gzipped = {total_gz / 1024:.1f} KB"
          f"  target <= {TARGETS['first page KB']} KB {verdict(total_gz / 1024, TARGETS['first page KB'])}")
    if args.json:
        print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
