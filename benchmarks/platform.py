"""How fast the platform is, measured on the real server.

Runs `companion serve` (waitress, as a user would) in a subprocess on a free
loopback port with a fresh database, then measures:

  1. action round trip: POST an action to the JSON API until the 200 arrives;
  2. broadcast: from sending an action until the LAST of N open event streams
     (seat pages and table displays) has received the changed region;
  3. the server's peak memory (VmHWM from /proc, Linux only; its render
     processes' added);
  4. the first table page a seat loads, with everything it references, gzipped;
  5. a game-store evening: TABLES tables of SEATS phones each (one stream per
     phone), every table acting about once every 2 seconds, at once: the
     action round trip and the broadcast to the last of that table's phones;
  6. each table type alone (tally, a Gloomhaven scenario with a map, Cthulhu
     Wars, Chaos, The Others, a Gloomhaven campaign), four phones and the
     display open: from an ordinary action (a hit point, a counter) until the
     last of them has it, and the server's CPU time per action;
  7. an evening of real games: 40 tables of those types in a mix (REAL_MIX),
     each with four phones and the display connected, each acting about once
     every 2 seconds as its group would (what its rules offer now, from
     `Rules.open_actions`; hit points and counters; monster turns shown on the
     map): the round trip and the broadcast to the table's last viewer.

Usage: .venv/bin/python benchmarks/platform.py [--actions 300] [--broadcasts 50] [--clients 8,300]
                                               [--store-seconds 60] [--real-seconds 60] [--real-every 2]
                                               [--type-actions 50] [--only table|store|real|types]
                                               [--render-processes N]
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
from dataclasses import dataclass, field

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
    "type broadcast p95": 50,
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
        self.db = db
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

    def processes(self) -> list[int]:
        """The server's process and its children (its render processes)."""
        pids = [self.process.pid]
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                pids.append(int(stat.parent.name))
        return pids

    def peak_memory_kb(self) -> int | None:
        """The peak resident memory of the server and its render processes, added up."""
        total = 0
        for pid in self.processes():
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            match = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
            total += int(match.group(1)) if match else 0
        return total or None

    def cpu_seconds(self) -> float | None:
        """CPU time the server and its render processes have used so far
        (user + system; Linux only)."""
        total = None
        for pid in self.processes():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total = (total or 0) + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

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
def cpu_ticks() -> tuple[int, int] | None:
    """(steal, total) CPU ticks of the machine so far, from /proc/stat (Linux)."""
    try:
        fields = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    return (fields[7] if len(fields) > 7 else 0), sum(fields[:8])


def steal_share(before: tuple[int, int] | None) -> float | None:
    """The share of the CPUs' time since `before` that a virtual machine's
    host took for others (steal): on a shared host it can be half, and then
    every time here is longer than the work it measures."""
    after = cpu_ticks()
    if before is None or after is None or after[1] <= before[1]:
        return None
    return (after[0] - before[0]) / (after[1] - before[1])


def steal_text(share: float | None) -> str:
    return f"; the host took {share * 100:.0f}% of the CPUs (steal)" if share is not None else ""


# Enough of an event to hold its chunk-size, name and id lines.
EVENT_HEAD_BYTES = 200


class Streams:
    """Event streams on non-blocking sockets, read by one selector loop in its
    own thread: `count` for each table, a table being (token, seat keys).
    Each records when it received the region `watch` with a given version
    (the `id:` of the event)."""

    def __init__(self, port: int, tables: list[tuple[str, list[str]]], count: int, watch: str = "region-tracks",
                 displays: bool = True, phones: int = SEATS):
        self.watch = watch
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.arrivals: dict[tuple[str, int], list[float]] = {}  # (token, version) -> arrival times
        self.ready = 0
        self.stopping = False
        for token, keys in tables:
            for number in range(count):
                # After each `phones` seat pages a table display (every ninth stream by default).
                if displays and number % (phones + 1) == phones:
                    path, extra = f"/t/{token}/events?view=display", ""
                else:
                    key = keys[number % (phones + 1) % phones] if displays else keys[number % len(keys)]
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
        # Each event starts with its name and id lines ("event: ...\nid: N"),
        # after waitress's chunk-size line at most: only the head of each is
        # read. (Decoding and matching every line of every region, tens of KB
        # an event, cost this process more CPU than the server's renders, on
        # the same cores, and stamped arrivals late.)
        *complete, state["buffer"] = buffer.split(b"\n\n")
        for block in complete:
            head = block[:EVENT_HEAD_BYTES]
            at = head.find(b"event: ")
            if at < 0:
                continue
            end = head.find(b"\n", at)
            name = head[at + 7:end if end >= 0 else None].strip().decode()
            event_id = None
            at = head.find(b"\nid: ", at)
            if at >= 0:
                end = head.find(b"\n", at + 1)
                event_id = int(head[at + 5:end if end >= 0 else None])
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
        ticks = cpu_ticks()
        players = [threading.Thread(target=play, args=(token, keys[0], n), daemon=True)
                   for n, (token, keys) in enumerate(tables)]
        for player in players:
            player.start()
        time.sleep(seconds)
        cpu = server.cpu_seconds()
        cpu_share = (cpu - cpu_before) / (time.perf_counter() - began) if cpu is not None else None
        steal = steal_share(ticks)
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
            "actions per second": len(timed) / max(0.001, seconds - STORE_WARM_UP), "server CPU": cpu_share,
            "steal": steal}


# -- the game-store evening with real games ------------------------------------------------
# The table types of a real evening, how many of each, and how a table of each
# is brought into play before the doors open (built in this process on the
# database the server then opens, as a group would have set up beforehand).
REAL_MIX = (("gloomhaven", 12), ("cthulhu-wars", 8), ("chaos-old-world", 8), ("the-others", 8),
            ("gloomhaven-campaign", 4))
PHONES = 4  # each real table: four phones and the table display
REAL_OPTIONS = {
    "tally": OPTIONS,
    "gloomhaven": {"scenario": 1},
    "cthulhu-wars": {"seat_1": "great_cthulhu", "seat_2": "black_goat", "seat_3": "crawling_chaos",
                     "seat_4": "yellow_sign", "board": "counts"},  # its ordinary action adjusts a count
    "the-others": {"sin": "greed", "acolyte": "hobo", "story": "the_darkness_within", "hero_players": "3"},
}
MAP_COLUMNS, MAP_ROWS = 10, 6
CHARACTERS = ("brute", "spellweaver", "tinkerer", "scoundrel")
SIN_DIE = {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}
HERO_DIE = {"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1}
TEAM = {"leah": "leader", "rose": "sniper", "rocco": "sniper", "thorley": "bruiser", "brad": "bruiser",
        "karl": "fixer", "morgana": "fixer"}
HERO_PICKS = ("rose", "thorley", "rocco")
# An open action is picked this often when the rules offer any (the rest are
# the counter and hit-point changes a table makes all evening).
OPEN_SHARE = 0.6


@dataclass
class RealTable:
    game: str
    token: str
    seats: list  # the phones' Seats, in joining order
    keys: list[str]
    standees: list[str] = field(default_factory=list)


def seat_up(store, game: str, name: str) -> RealTable:
    """A table of `game` with PHONES seats, brought into play."""
    from companion.games import table_types
    rules = table_types()[game]
    table = store.create_table(game, name, REAL_OPTIONS.get(game, {}))
    token = table.token
    wanted = [role.id for role in rules.roles() for _ in range(min(role.max_seats or PHONES, PHONES))]
    if game == "cthulhu-wars":
        wanted = ["great_cthulhu", "black_goat", "crawling_chaos", "yellow_sign"]
    seats, keys = [], []
    for role in wanted[:PHONES]:
        seat, key = store.join(token, f"Player {len(seats) + 1}", role)
        seats.append(seat)
        keys.append(key)
    real = RealTable(game, token, seats, keys)
    ids = [seat.id for seat in seats]
    if game == "gloomhaven":
        for seat_id, kind in zip(ids, CHARACTERS):
            store.act(token, seat_id, "character.set", {"class": kind, "level": 1})
        store.act(token, ids[0], "scenario.start", {})
        # Four characters: the first room's standees are placed by the start.
        for number, seat_id in enumerate(ids):
            store.act(token, seat_id, "initiative.choose", {"initiative": 10 + 20 * number, "second": 90 - number})
        store.act(token, ids[0], "map.hexes",
                  {"hexes": [[q, row - q // 2] for q in range(MAP_COLUMNS) for row in range(MAP_ROWS)]})
        store.act(token, ids[0], "map.wall", {"q": 4, "r": 0, "q2": 5, "r2": 0})
        store.act(token, ids[0], "map.terrain", {"q": 3, "r": 1, "terrain": "trap"})
        real.standees = [standee["id"] for standee in store.state(token)[1]["standees"]]
        spots = [[q, row - q // 2] for q in (8, 9) for row in range(MAP_ROWS)]
        for number, seat_id in enumerate(ids):
            store.act(token, ids[0], "map.place", {"figure": seat_id, "q": number % 2, "r": number})
        for standee, (q, r) in zip(real.standees, spots):
            store.act(token, ids[0], "map.place", {"figure": standee, "q": q, "r": r})
    elif game == "gloomhaven-campaign":
        for number, (seat_id, kind) in enumerate(zip(ids, CHARACTERS)):
            store.act(token, seat_id, "character.create", {"class": kind, "name": f"Hero {number + 1}", "level": 1})
    elif game == "chaos-old-world":
        store.act(token, None, "setup.tokens", {"draw": True})
        store.act(token, None, "setup.start", {})
    elif game == "cthulhu-wars":
        store.act(token, ids[0], "power.gather", {})
    elif game == "the-others":
        store.act(token, None, "facts.enter", {
            "sin_die": SIN_DIE, "hero_die": HERO_DIE,
            "heroes": {hero: {"class": kind, "combat": 2, "skill": 2, "defense": 1} for hero, kind in TEAM.items()},
            "monsters": {kind: {"combat": 3, "defense": 3}
                         for kind in ("abomination", "controller", "avatar", "acolyte")},
            "targets": {"1": "heroes", "3A": 3}})
        store.act(token, None, "team.choose", {"heroes": list(TEAM)})
        for seat_id, hero in zip(ids[1:], HERO_PICKS):
            store.act(token, seat_id, "heroes.pick", {"heroes": [hero]})
        store.act(token, None, "game.start", {})
    return real


def ordinary_action(real: RealTable, step: int, rng: random.Random) -> tuple[int, str, dict]:
    """An ordinary change at this table (a hit point, a counter): (phone, type,
    payload). `step` alternates down and up, so nothing runs out."""
    delta = -1 if step % 2 == 0 else 1
    if real.game in ("cthulhu-wars", "gloomhaven-campaign"):  # counters that start at 0
        delta = -delta
    phone = (step // 2) % PHONES  # the same phone takes back what it did (its own counters)
    if real.game == "gloomhaven":
        return phone, "standee.adjust", {"standee": real.standees[(step // 2) % len(real.standees)], "delta": delta}
    if real.game == "gloomhaven-campaign":
        return phone, "character.adjust", {"field": "gold", "delta": delta}
    if real.game == "cthulhu-wars":
        return phone, "counts.adjust", {"count": "captives", "delta": delta}
    if real.game == "chaos-old-world":
        return phone, "god.set", {"god": real.seats[phone].role, "field": "vp", "value": step % 2}
    if real.game == "the-others":
        phone = 1 + (step // 2) % (PHONES - 1)  # a hero player: the SIN has no hero
        # An extra-turn token gained, then spent (a heal must name the wound's slot).
        change = "extra_turn" if delta < 0 else "extra_turn_spent"
        return phone, "hero.adjust", {"hero": HERO_PICKS[phone - 1], "change": change}
    return phone, "track.adjust", {"track": "t1", "delta": delta}  # tally


class RealPlayer:
    """What one table does next, as its group would: an action its rules
    offer now (`Rules.open_actions`, from the table's state as the display
    sees it, read straight from the database: the group looks at its table,
    which costs the server nothing, and no phone asks the API for the state), or a hit point or a
    counter; at a Gloomhaven scenario, monster turns shown on the map and
    hidden again, and elements."""

    def __init__(self, port: int, real: RealTable, seed: int, reader=None):
        from companion.games import table_types
        self.rules = table_types()[real.game]
        self.reader = reader  # a companion.store.Store on the server's database, read only here
        self.real, self.rng, self.step = real, random.Random(seed), 0
        self.showing = False
        self.connection = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
        self.refused = 0
        self.last_refusal = b""

    def choose(self) -> tuple[int, str, dict]:
        real, rng = self.real, self.rng
        self.step += 1
        if real.game == "gloomhaven":
            if self.showing or rng.random() < 0.15:  # a monster's turn: shown, then hidden
                self.showing = not self.showing
                if self.showing:
                    return 0, "map.show", {"standee": rng.choice(real.standees)}
                return 0, "map.hide", {}
            if rng.random() < 0.1:
                return rng.randrange(PHONES), "element.infuse", {"element": rng.choice(["fire", "ice", "air"])}
            if rng.random() < 0.2:
                return rng.randrange(PHONES), "character.adjust", {"field": "hp", "delta": -1 if self.step % 2 else 1}
        if rng.random() < OPEN_SHARE:
            offered = self.open_actions()
            if offered:
                phone, kind = rng.choice(sorted({(phone, kind) for phone, kind, _ in offered}))
                return phone, kind, rng.choice([p for n, k, p in offered if (n, k) == (phone, kind)])
        return ordinary_action(real, self.step, rng)

    def open_actions(self) -> list[tuple[int, str, dict]]:
        from companion.rules import Seat
        # The table as the display sees it (what the API's state shows it), as before.
        state = self.rules.view(self.reader.state(self.real.token)[1], None)
        state.setdefault("secrets", {})
        seats = {seat.id: Seat(seat.id, seat.name, seat.role) for seat in self.real.seats}
        offered = []
        for phone, seat in enumerate(self.real.seats):
            for kind, payloads in self.rules.open_actions(state, seat, seats).items():
                offered += [(phone, kind, payload) for payload in payloads]
        return offered

    def request(self, method: str, path: str, body: object = None, key: str | None = None) -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json"}
        if key:
            headers["X-Seat-Key"] = key
        self.connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = self.connection.getresponse()
        return response.status, response.read()

    def act(self, phone: int, kind: str, payload: dict) -> int | None:
        """Sends the action from that phone; its version, or None if refused."""
        status, data = self.request("POST", f"/api/tables/{self.real.token}/actions",
                                    {"type": kind, "payload": payload}, self.real.keys[phone])
        if status == 200:
            return json.loads(data)["version"]
        if status >= 500:
            raise SystemExit(f"{kind} answered {status}: {data[:300]!r}")
        self.refused += 1
        self.last_refusal = data[:300]
        return None

    def close(self) -> None:
        self.connection.close()


def real_tables(folder: Path, mix=REAL_MIX) -> tuple[Path, list[RealTable]]:
    """The evening's tables, set up in a fresh database the server will open."""
    from companion.store import Store
    db = folder / "evening.sqlite3"
    store = Store(str(db))
    try:
        tables = [seat_up(store, game, f"{game} {number + 1}") for game, count in mix for number in range(count)]
    finally:
        store.close()
    return db, tables


def measure_real_evening(server: Server, tables: list[RealTable], seconds: float, every: float) -> dict:
    """Every table acting about once every `every` seconds, all at once, each
    with its phones and its display connected: the round trip of each action
    and the time until the last of the table's viewers has the change."""
    streams = Streams(server.port, [(real.token, real.keys) for real in tables], PHONES + 1, watch="version",
                      phones=PHONES)
    sent: list[tuple[str, str, int, float, float]] = []  # (game, token, version, started, answered)
    lock = threading.Lock()
    stopping = threading.Event()
    from companion.store import Store
    reader = Store(str(server.db))
    players = [RealPlayer(server.port, real, number, reader) for number, real in enumerate(tables)]

    def play(player: RealPlayer) -> None:
        rng = player.rng
        stopping.wait(rng.uniform(0, every))  # the tables don't act in step
        while not stopping.is_set():
            phone, kind, payload = player.choose()  # the group thinks: not timed
            started = time.perf_counter()
            version = player.act(phone, kind, payload)
            answered = time.perf_counter()
            if version is not None:
                with lock:
                    sent.append((player.real.game, player.real.token, version, started, answered))
            stopping.wait(rng.uniform(0.5, 1.5) * every)
        player.close()

    try:
        streams.wait_ready(len(tables) * (PHONES + 1))
        began = time.perf_counter()
        cpu_before = server.cpu_seconds()
        ticks = cpu_ticks()
        threads = [threading.Thread(target=play, args=(player,), daemon=True) for player in players]
        for thread in threads:
            thread.start()
        time.sleep(seconds)
        cpu = server.cpu_seconds()
        cpu_share = (cpu - cpu_before) / (time.perf_counter() - began) if cpu is not None else None
        steal = steal_share(ticks)
        stopping.set()
        for thread in threads:
            thread.join(TIMEOUT)
        time.sleep(1)  # the last broadcasts land
        with streams.lock:
            arrivals = {key: list(times) for key, times in streams.arrivals.items()}
    finally:
        streams.close()
        reader.close()
    timed = [entry for entry in sent if entry[3] - began >= STORE_WARM_UP]
    by_game: dict[str, dict[str, list[float]]] = {}
    missing = 0
    for game, token, version, started, answered in timed:
        rows = by_game.setdefault(game, {"round trip": [], "broadcast": []})
        rows["round trip"].append((answered - started) * 1000)
        got = arrivals.get((token, version), [])
        if len(got) < PHONES + 1:
            missing += 1
        else:
            rows["broadcast"].append((max(got) - started) * 1000)
    every_game = {name: [ms for rows in by_game.values() for ms in rows[name]] for name in ("round trip", "broadcast")}
    return {"round trip": summary(every_game["round trip"]), "broadcast": summary(every_game["broadcast"]),
            "games": {game: {name: summary(rows[name]) for name in rows} for game, rows in sorted(by_game.items())},
            "missing": missing, "refused": sum(player.refused for player in players),
            "actions per second": len(timed) / max(0.001, seconds - STORE_WARM_UP), "server CPU": cpu_share,
            "steal": steal}


def measure_table_types(server: Server, tables: list[RealTable], count: int) -> dict:
    """One table of each type alone, four phones and the display open: from an
    ordinary action (a hit point or a counter) until the last of them has it."""
    results = {}
    for real in tables:
        player = RealPlayer(server.port, real, 0)
        streams = Streams(server.port, [(real.token, real.keys)], PHONES + 1, watch="version", phones=PHONES)
        try:
            streams.wait_ready(PHONES + 1)
            time.sleep(0.2)
            last = []
            cpu_before = None
            for step in range(count + 3):  # the first three warm caches up
                if step == 3:
                    cpu_before = server.cpu_seconds()
                    ticks = cpu_ticks()
                phone, kind, payload = ordinary_action(real, step, player.rng)
                started = time.perf_counter()
                version = player.act(phone, kind, payload)
                if version is None:
                    raise SystemExit(f"{real.game}: {kind} {payload} refused: {player.last_refusal!r}")
                arrivals = streams.wait_for(real.token, version, PHONES + 1)
                last.append((max(arrivals) - started) * 1000)
                time.sleep(0.05)
            results[real.game] = summary(last[3:])
            cpu = server.cpu_seconds()
            # The server's own work per action (the action, five viewers' renders and streams): a
            # figure other programs on the machine move far less than the times.
            results[real.game]["server CPU ms"] = (cpu - cpu_before) * 1000 / count if cpu is not None else None
            results[real.game]["steal"] = steal_share(ticks)
        finally:
            streams.close()
            player.close()
    return results


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
    parser.add_argument("--real-seconds", type=float, default=60,
                        help="how long the evening of real games (40 tables) runs")
    parser.add_argument("--real-every", type=float, default=STORE_EVERY,
                        help="seconds between two actions of one real table, on average")
    parser.add_argument("--type-actions", type=int, default=50,
                        help="ordinary actions timed per table type, one table alone")
    parser.add_argument("--only", choices=["all", "table", "store", "real", "types"], default="all",
                        help="run only the one-table measures, the tally evening, the evening of real games "
                             "or each table type alone")
    parser.add_argument("--render-processes", type=int, default=None,
                        help="serve's --render-processes (default: serve's own default for this machine)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    client_counts = [int(n) for n in args.clients.split(",")]
    results = {"machine": machine()}
    # Every stream here comes from 127.0.0.1: no per-address share.
    serve_args = ["--streams-per-address", "0"]
    if args.render_processes is not None:
        serve_args += ["--render-processes", str(args.render_processes)]
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
    if args.only in ("all", "types"):
        with tempfile.TemporaryDirectory() as folder:
            db, tables = real_tables(Path(folder), (("tally", 1),) + tuple((game, 1) for game, _ in REAL_MIX))
            server = Server(db, args.threads, serve_args)
            try:
                results["types"] = measure_table_types(server, tables, args.type_actions)
            finally:
                server.stop()
    if args.only in ("all", "real"):
        with tempfile.TemporaryDirectory() as folder:
            db, tables = real_tables(Path(folder))
            server = Server(db, args.threads, serve_args)
            try:
                results["real"] = measure_real_evening(server, tables, args.real_seconds, args.real_every)
                results["real"]["every"] = args.real_every
                results["real"]["peak memory KB"] = server.peak_memory_kb()
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
    report_real(results)
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
        print(f"  load average at the end (other programs count too): {os.getloadavg()[0]:.1f}"
              f"{steal_text(run.get('steal'))}")


def report_real(results: dict) -> None:
    if "types" in results:
        print(f"one table of each type, {PHONES} phones and the display, an ordinary action (hit points, a counter):")
        for game, row in results["types"].items():
            target = TARGETS["type broadcast p95"]
            cpu = f"; server CPU {row['server CPU ms']:.1f} ms an action" if row.get("server CPU ms") else ""
            print(f"  {game + ': to the last viewer (ms)':<42}{row['p50']:9.1f}{row['p95']:9.1f}{row['max']:9.1f}"
                  f"  p95 <= {target} {verdict(row['p95'], target)}{cpu}{steal_text(row.get('steal'))}")
    if "real" not in results:
        return
    run = results["real"]
    mix = ", ".join(f"{count} {game}" for game, count in REAL_MIX)
    print(f"evening of real games: {mix}; {PHONES} phones and the display each, each table acting every "
          f"~{run['every']:g} s ({run['actions per second']:.1f} actions/s, {run['round trip']['n']} timed)")
    for name, label in (("round trip", "  action round trip (ms)"),
                        ("broadcast", "  broadcast to the table's last viewer (ms)")):
        row, target = run[name], TARGETS[f"store {name} p95"]
        print(f"{label:<44}{row['p50']:9.1f}{row['p95']:9.1f}{row['max']:9.1f}"
              f"  p95 <= {target} {verdict(row['p95'], target)}")
    for game, rows in run["games"].items():
        for name in ("round trip", "broadcast"):
            row = rows[name]
            print(f"    {game + ' ' + name:<40}{row['p50']:9.1f}{row['p95']:9.1f}{row['max']:9.1f}  n={row['n']}")
    if run["missing"]:
        print(f"  {run['missing']} changes did not reach every viewer of their table")
    print(f"  {run['refused']} actions refused by the rules (a group's mistakes; not timed)")
    memory = run["peak memory KB"]
    print(f"  server peak memory (VmHWM): {memory / 1024:.1f} MB" if memory else "  server peak memory: n/a")
    if run["server CPU"] is not None:
        per_action = run["server CPU"] * 1000 / max(0.001, run["actions per second"])
        print(f"  server CPU: {run['server CPU'] * 100:.0f}% of one core, {per_action:.1f} ms an action")
    print(f"  load average at the end (other programs count too): {os.getloadavg()[0]:.1f}"
          f"{steal_text(run.get('steal'))}")


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
