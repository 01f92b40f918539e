"""The server is killed (SIGKILL, no shutdown code runs) in the middle of a
burst of actions. Restarted on the same database, it has every action it
answered with success, nothing it was never sent, a state equal to the
replayed log, and an intact SQLite file."""

from __future__ import annotations

import http.client
import json
import random
import sqlite3
import threading
import time

import pytest

from companion.store import SEAT_JOIN, Store
from reliability_support import ServerProcess, call

pytestmark = pytest.mark.slow

PHONES = 4
MAX_ACTIONS_EACH = 400  # the kill comes long before; this only bounds the loop
KILL_AFTER_SUCCESSES = 60
TIMEOUT = 10
OPTIONS = {"tracks": "Doom -100000..100000 start 0", "counters": "VP -100000..100000 start 0"}


class Burst(threading.Thread):
    """One seat sending actions as fast as the server answers, until the
    connection dies."""

    def __init__(self, port: int, token: str, seat: str, key: str, seed: int):
        super().__init__(name=f"burst-{seat}", daemon=True)
        self.port, self.token, self.seat, self.key = port, token, seat, key
        self.rng = random.Random(seed)
        self.succeeded: dict[int, tuple[str, dict]] = {}  # version -> (type, payload)
        self.sent: list[tuple[str, dict]] = []
        self.unexpected: list[str] = []
        self.ended_by: BaseException | None = None

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            for _ in range(MAX_ACTIONS_EACH):
                if self.rng.random() < 0.5:
                    kind, payload = "track.adjust", {"track": "t1", "delta": self.rng.randint(-9, 9)}
                else:
                    kind, payload = "counter.adjust", {"counter": "c1", "delta": self.rng.randint(-9, 9)}
                self.sent.append((kind, payload))
                connection.request("POST", f"/api/tables/{self.token}/actions",
                                   body=json.dumps({"type": kind, "payload": payload}),
                                   headers={"Content-Type": "application/json", "X-Seat-Key": self.key})
                response = connection.getresponse()
                body = response.read()
                if response.status != 200:
                    self.unexpected.append(f"{response.status} {body!r}")
                    return
                self.succeeded[json.loads(body)["version"]] = (kind, payload)
        except (OSError, http.client.HTTPException) as error:  # the kill
            self.ended_by = error
        finally:
            connection.close()


@pytest.fixture
def servers():
    started: list[ServerProcess] = []
    yield started
    for server in started:
        server.kill()


def test_sigkill_mid_burst_loses_no_answered_action(tmp_path, servers):
    db = tmp_path / "companion.sqlite3"
    first = ServerProcess(db)
    servers.append(first)
    first.start()
    status, table = call(first.port, "POST", "/api/tables", {"game": "tally", "name": "Doomed", "options": OPTIONS})
    assert status == 201, table
    token = table["token"]
    keys = {}
    for number in range(PHONES):
        status, joined = call(first.port, "POST", f"/api/tables/{token}/seats",
                              {"name": f"P{number}", "role": "player"})
        assert status == 201, joined
        keys[joined["seat"]["id"]] = joined["key"]

    bursts = [Burst(first.port, token, seat, key, seed) for seed, (seat, key) in enumerate(keys.items())]
    for burst in bursts:
        burst.start()
    deadline = time.monotonic() + 60
    while sum(len(b.succeeded) for b in bursts) < KILL_AFTER_SUCCESSES:
        assert time.monotonic() < deadline, "the burst never got going"
        assert all(b.is_alive() for b in bursts), [b.unexpected for b in bursts]
        time.sleep(0.002)
    first.kill()
    for burst in bursts:
        burst.join(TIMEOUT * 2)
    assert not any(b.is_alive() for b in bursts), "a client hung after the kill"
    assert [b.unexpected for b in bursts] == [[]] * PHONES
    # The kill, not the bound on the loop, ended every burst.
    assert all(b.ended_by is not None for b in bursts)

    # Opening the file recovers the write-ahead log the killed process left.
    with sqlite3.connect(db) as check:
        assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]

    second = ServerProcess(db)
    servers.append(second)
    second.start()
    status, log = call(second.port, "GET", f"/api/tables/{token}/log")
    assert status == 200
    assert [entry["seq"] for entry in log] == list(range(1, len(log) + 1))
    by_seq = {entry["seq"]: entry for entry in log}

    answered = {}
    for burst in bursts:
        for version, (kind, payload) in burst.succeeded.items():
            assert version not in answered
            answered[version] = (burst.seat, kind, payload)
    assert len(answered) >= KILL_AFTER_SUCCESSES
    for version, (seat, kind, payload) in answered.items():
        entry = by_seq.get(version)
        assert entry is not None, f"answered version {version} is not in the log"
        assert (entry["seat"], entry["type"], entry["payload"], entry["undone"]) == (seat, kind, payload, False)

    # Anything more in the log was in flight when the server died: each phone's
    # last request, sent but not answered.
    game_entries = [e for e in log if e["type"] != SEAT_JOIN]
    unanswered = [e for e in game_entries if e["seq"] not in answered]
    last_sent = {b.seat: (b.sent[-1][0], b.sent[-1][1]) for b in bursts if b.sent}
    for entry in unanswered:
        assert (entry["type"], entry["payload"]) == last_sent[entry["seat"]]
    assert len({e["seat"] for e in unanswered}) == len(unanswered) <= PHONES  # at most one in flight per phone

    status, seen = call(second.port, "GET", f"/api/tables/{token}/state", headers={"X-Seat-Key": keys["s1"]})
    assert status == 200 and seen["version"] == len(log)
    # The restarted server goes on from the last version.
    status, body = call(second.port, "POST", f"/api/tables/{token}/actions",
                        {"type": "track.adjust", "payload": {"track": "t1", "delta": 1}}, {"X-Seat-Key": keys["s1"]})
    assert (status, body) == (200, {"version": len(log) + 1})
    second.kill()

    store = Store(db)
    try:
        version, state = store.state(token)
        assert version == len(log) + 1
        assert state == store.replayed_state(token)
        doom = sum(e["payload"]["delta"] for e in game_entries if e["type"] == "track.adjust") + 1
        assert state["tracks"][0]["value"] == doom
        for seat in keys:
            assert state["values"][seat]["c1"] == sum(
                e["payload"]["delta"] for e in game_entries if e["type"] == "counter.adjust" and e["seat"] == seat)
        assert store.db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        store.close()
