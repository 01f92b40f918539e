"""Many phones on few seats: after a change each viewer's regions are
rendered once and the seat keys read once, however many streams wake at once
(they used to render and query once per stream, which made a broadcast to
300 phones take a second). Through the real server, with real sockets."""

from __future__ import annotations

import selectors
import socket
import time
from collections import Counter

import pytest

from companion import serve
from companion.store import Store
from companion.web import create_app, render

pytestmark = pytest.mark.slow

SEATS = 4
STREAMS = 40  # every fifth one a table display: five viewers in all
ACTIONS = 5
TIMEOUT = 20


class Streams:
    """Raw-socket event streams; collects the versions each one received."""

    def __init__(self, port: int, token: str, keys: list[str]):
        self.selector = selectors.DefaultSelector()
        self.versions: list[set[int]] = []
        for number in range(STREAMS):
            if number % (SEATS + 1) == SEATS:
                request = f"GET /t/{token}/events?view=display HTTP/1.1\r\nHost: x\r\n\r\n"
            else:
                key = keys[number % (SEATS + 1)]
                request = f"GET /t/{token}/events HTTP/1.1\r\nHost: x\r\nX-Seat-Key: {key}\r\n\r\n"
            sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
            sock.sendall(request.encode())
            sock.setblocking(False)
            self.versions.append(set())
            self.selector.register(sock, selectors.EVENT_READ, [number, b""])

    def read_until(self, version: int) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not all(version in got for got in self.versions):
            assert time.monotonic() < deadline, [max(got, default=None) for got in self.versions]
            for key, _ in self.selector.select(0.1):
                number, buffer = key.data
                buffer += key.fileobj.recv(65536)
                *blocks, key.data[1] = buffer.split(b"\n\n")
                for block in blocks:
                    if b"event: version\n" in block:
                        self.versions[number].add(int(block.split(b"id: ")[1].split(b"\n")[0]))

    def close(self) -> None:
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        self.selector.close()


def test_a_change_is_rendered_once_per_viewer_not_once_per_stream(tmp_path, monkeypatch):
    # Every stream comes from 127.0.0.1 here: no per-address share.
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite3"), "SSE_HEARTBEAT_SECONDS": 30.0,
                      "SSE_STREAMS_PER_CLIENT": 0})
    store = app.extensions["companion.store"]
    table = store.create_table("tally", "Crowd", {"tracks": "Doom 0..30", "counters": "VP 0..99"})
    keys = [store.join(table.token, f"P{n}", "player")[1] for n in range(SEATS)]

    renders: Counter = Counter()
    key_reads: list[int] = []
    real_render, real_seat_keys = render.render_region, Store.seat_keys
    monkeypatch.setattr(render, "render_region", lambda name, context: (
        renders.update([name]), real_render(name, context))[1])
    monkeypatch.setattr(Store, "seat_keys", lambda self, token: (key_reads.append(1), real_seat_keys(self, token))[1])

    base_url, stop = serve.serve_in_thread(app, threads=STREAMS + 16)
    streams = Streams(int(base_url.rstrip("/").rsplit(":", 1)[1]), table.token, keys)
    try:
        version = store.state(table.token)[0]
        streams.read_until(version)
        renders.clear()
        key_reads.clear()
        for _ in range(ACTIONS):
            version = store.act(table.token, "s1", "track.adjust", {"track": "t1", "delta": 1})
            streams.read_until(version)
        viewers = SEATS + 1
        # A stream that wakes late may skip a version, so at most (not exactly) once each.
        assert renders["games/tally/tracks.html"] <= viewers * ACTIONS, renders
        assert 0 < len(key_reads) <= ACTIONS
    finally:
        streams.close()
        stop()
