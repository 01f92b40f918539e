"""Streams never starve pages and actions, through a real `companion serve`.

Every open event stream holds one of waitress's threads. Here more streams
than the server allows are opened (from several loopback addresses, each
within its per-address share), closed abruptly and opened again in a burst,
as a room of phones reconnecting does; meanwhile a phone keeps loading its
page and acting. The streams past the limit are refused with 503 and
Retry-After, closed streams give their threads back within seconds, and the
page and the action keep answering at once.

The time bounds are functional, not a benchmark: a starved server answers in
tens of seconds (when streams time out) or never, so a median over many
requests under 100 ms and no request over 2 s tells the two apart even on a
loaded machine."""

from __future__ import annotations

import http.client
import json
import socket
import statistics
import struct
import threading
import time
from collections import defaultdict

import pytest

from companion import serve
from reliability_support import HOST, ServerProcess, call

pytestmark = pytest.mark.slow

THREADS = 64
LIMIT = serve.stream_limit(THREADS)
EXTRA = 50
PER_ADDRESS = 12  # streams from each loopback address, within its share of 16
MEDIAN_BOUND = 0.100
HARD_BOUND = 2.0
FREED_WITHIN = 10.0  # seconds for closed streams to be noticed (the check runs every 2 s)
TIMEOUT = 10


def open_stream(port: int, path: str, number: int) -> socket.socket:
    """A raw event-stream request; every PER_ADDRESS streams in a row come
    from another loopback address (a phone, or a host's laptop, of its own)."""
    group = number // PER_ADDRESS
    source = f"127.0.{group // 250}.{2 + group % 250}"
    sock = socket.create_connection((HOST, port), timeout=TIMEOUT, source_address=(source, 0))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n\r\n".encode())
    return sock


def response_head(sock: socket.socket) -> tuple[int, dict[str, str]]:
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            break
        head += chunk
    lines = head.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), {name.lower(): value for name, value in headers.items()}


def close_abruptly(sockets: list[socket.socket]) -> None:
    """Reset, not a polite close: a phone that walked out of the Wi-Fi and came back."""
    for sock in sockets:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()


class Crowd:
    """Opens streams, each numbered once, so no address ever exceeds PER_ADDRESS."""

    def __init__(self, port: int, path: str):
        self.port, self.path, self.opened = port, path, 0

    def open(self, count: int) -> tuple[list[socket.socket], list[tuple[int, dict]]]:
        sockets = [open_stream(self.port, self.path, self.opened + n) for n in range(count)]
        self.opened += count
        return sockets, [response_head(sock) for sock in sockets]


class Phone(threading.Thread):
    """Loads the table page and acts, in turn, on keep-alive connections,
    recording how long each answer took under the phase it was sent in."""

    def __init__(self, port: int, token: str, key: str):
        super().__init__(daemon=True)
        self.port, self.token, self.key = port, token, key
        self.phase = "start"
        self.times: dict[tuple[str, str], list[float]] = defaultdict(list)
        self.failures: list[str] = []
        self.stopping = threading.Event()

    def timed(self, connection: http.client.HTTPConnection, kind: str, method: str, path: str, body=None) -> None:
        phase, started = self.phase, time.perf_counter()
        try:
            connection.request(method, path, body=body, headers={
                "X-Seat-Key": self.key, "Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
        except OSError as error:
            self.failures.append(f"{kind} in {phase}: {error!r}")
            connection.close()
            return
        self.times[(phase, kind)].append(time.perf_counter() - started)
        if response.status != 200:
            self.failures.append(f"{kind} in {phase}: {response.status}")

    def run(self) -> None:
        page = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
        action = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
        delta = 1
        while not self.stopping.is_set():
            self.timed(page, "page", "GET", f"/t/{self.token}")
            self.timed(action, "action", "POST", f"/api/tables/{self.token}/actions",
                       json.dumps({"type": "track.adjust", "payload": {"track": "t1", "delta": delta}}))
            delta = -delta
            self.stopping.wait(0.02)
        page.close()
        action.close()


def test_streams_past_the_limit_are_refused_and_pages_and_actions_keep_answering(tmp_path):
    server = ServerProcess(tmp_path / "streams.sqlite3", threads=THREADS).start()
    held: list[socket.socket] = []
    try:
        status, created = call(server.port, "POST", "/api/tables", {
            "game": "tally", "name": "Crowd", "options": {"tracks": "Doom -5..5", "counters": "VP 0..9"}})
        token = created["token"]
        _, seat = call(server.port, "POST", f"/api/tables/{token}/seats", {"name": "Alice", "role": "player"})
        phone = Phone(server.port, token, seat["key"])
        phone.start()
        crowd = Crowd(server.port, f"/t/{token}/events?view=display")

        # More streams than the server lets in: the rest are told to come back later.
        phone.phase = "opening"
        held, answers = crowd.open(LIMIT + EXTRA)
        statuses = [status for status, _ in answers]
        assert statuses.count(200) == LIMIT
        assert statuses.count(503) == EXTRA
        assert all(headers.get("retry-after", "").isdigit() for status, headers in answers if status == 503)
        time.sleep(1)

        # Everyone drops off at once and comes straight back.
        phone.phase = "reconnecting"
        close_abruptly(held)
        held, _ = crowd.open(LIMIT + EXTRA)
        close_abruptly(held)
        held = []

        # The dropped streams' threads come back within seconds: the whole
        # limit can be opened again.
        deadline = time.monotonic() + FREED_WITHIN
        while len(held) < LIMIT:
            assert time.monotonic() < deadline, f"only {len(held)} of {LIMIT} streams admitted again"
            tried, answers = crowd.open(LIMIT - len(held))
            for sock, (status, _) in zip(tried, answers):
                (held.append(sock) if status == 200 else close_abruptly([sock]))
            if len(held) < LIMIT:
                time.sleep(0.25)
        phone.phase = "full again"
        time.sleep(1)
        phone.stopping.set()
        phone.join(TIMEOUT + 5)
    finally:
        close_abruptly(held)
        server.kill()

    assert not phone.failures, phone.failures[:5]
    for phase in ("opening", "reconnecting", "full again"):
        for kind in ("page", "action"):
            times = phone.times[(phase, kind)]
            assert times, f"no {kind} answered while {phase}"
            assert statistics.median(times) <= MEDIAN_BOUND, (phase, kind, sorted(times))
            assert max(times) <= HARD_BOUND, (phase, kind, sorted(times))
