"""Eight phones act on one table at once through the real server (waitress +
the app): every accepted action gets its own version, the log holds exactly
the accepted actions, and the state is what replaying the log gives."""

from __future__ import annotations

import http.client
import json
import random
import threading

import pytest

from companion import serve
from companion.store import SEAT_JOIN, Store
from companion.web import create_app

pytestmark = pytest.mark.slow

PHONES = 8
ACTIONS_EACH = 40
TIMEOUT = 10
# Wide ranges: a valid delta never runs a value out of range, so every
# action sent as valid must be accepted.
OPTIONS = {"tracks": "Doom -100000..100000 start 0", "counters": "VP -100000..100000 start 0"}


class Phone(threading.Thread):
    """One seat's phone on its own keep-alive connection."""

    def __init__(self, port: int, token: str, seat: str, key: str, seats: list[str], seed: int,
                 start_together: threading.Barrier):
        super().__init__(name=f"phone-{seat}")
        self.port, self.token, self.seat, self.key, self.seats = port, token, seat, key, seats
        self.rng = random.Random(seed)
        self.start_together = start_together
        self.accepted: list[tuple[int, str, dict]] = []  # (version, type, payload)
        self.refused: list[tuple[int, dict, str, dict]] = []  # (status, body, type, payload)
        self.failures: list[BaseException] = []
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)

    def post(self, body: bytes, headers: dict) -> tuple[int, dict]:
        self.connection.request("POST", f"/api/tables/{self.token}/actions", body=body,
                                headers={"Content-Type": "application/json", **headers})
        response = self.connection.getresponse()
        return response.status, json.loads(response.read())

    def valid_action(self) -> tuple[str, dict]:
        roll = self.rng.random()
        if roll < 0.4:
            return "track.adjust", {"track": "t1", "delta": self.rng.randint(-5, 5)}
        if roll < 0.6:  # another seat's counter: two phones change the same value at once
            return "counter.adjust", {"counter": "c1", "seat": self.rng.choice(self.seats),
                                      "delta": self.rng.randint(-5, 5)}
        if roll < 0.9:
            return "counter.adjust", {"counter": "c1", "delta": self.rng.randint(-5, 5)}
        return "note.set", {"text": f"{self.seat} note {self.rng.randint(0, 10**6)}"}

    def invalid_action(self) -> tuple[str, object, dict]:
        """(type, payload, extra headers) the server must refuse."""
        mine = {"X-Seat-Key": self.key}
        return self.rng.choice([
            ("track.adjust", {"track": "t9", "delta": 1}, mine),
            ("track.adjust", {"track": "t1", "delta": "lots"}, mine),
            ("track.adjust", {"track": "t1", "delta": 10**9}, mine),
            ("counter.adjust", {"counter": "c1", "seat": "s99", "delta": 1}, mine),
            ("counter.adjust", {"counter": "c1", "delta": [1]}, mine),
            ("no.such.action", {}, mine),
            ("seat.join", {"id": "s50", "name": "Intruder", "role": "player"}, mine),
            ("note.set", ["not", "an", "object"], mine),
            ("track.adjust", {"track": "t1", "delta": 1}, {}),  # no seat
            ("track.adjust", {"track": "t1", "delta": 1}, {"X-Seat-Key": "not-a-key"}),
        ])

    def run(self) -> None:
        try:
            self.start_together.wait(TIMEOUT)
            for _ in range(ACTIONS_EACH):
                if self.rng.random() < 0.2:
                    kind, payload, headers = self.invalid_action()
                    status, body = self.post(json.dumps({"type": kind, "payload": payload}).encode(), headers)
                    if status == 200:
                        self.accepted.append((body["version"], kind, payload))  # caught by the test
                    else:
                        self.refused.append((status, body, kind, payload))
                else:
                    kind, payload = self.valid_action()
                    status, body = self.post(json.dumps({"type": kind, "payload": payload}).encode(),
                                             {"X-Seat-Key": self.key})
                    if status != 200:
                        raise AssertionError(f"{kind} {payload} refused: {status} {body}")
                    self.accepted.append((body["version"], kind, payload))
            # Not JSON at all.
            status, body = self.post(b"{not json", {"X-Seat-Key": self.key})
            self.refused.append((status, body, "", {}))
        except BaseException as error:  # reported by the test
            self.failures.append(error)
        finally:
            self.connection.close()


@pytest.fixture
def server(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "companion.sqlite3")})
    base_url, stop = serve.serve_in_thread(app, threads=PHONES * 4)
    try:
        yield app, int(base_url.rstrip("/").rsplit(":", 1)[1])
    finally:
        stop()


def api(port: int, method: str, path: str, body: object = None, headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        connection.request(method, path, body=json.dumps(body) if body is not None else None,
                           headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_concurrent_phones_lose_nothing_and_share_no_version(server):
    app, port = server
    status, table = api(port, "POST", "/api/tables", {"game": "tally", "name": "Crowded", "options": OPTIONS})
    assert status == 201, table
    token = table["token"]
    keys = {}
    for number in range(PHONES):
        status, joined = api(port, "POST", f"/api/tables/{token}/seats", {"name": f"Phone {number}", "role": "player"})
        assert status == 201, joined
        keys[joined["seat"]["id"]] = joined["key"]

    start_together = threading.Barrier(PHONES)
    phones = [Phone(port, token, seat, key, list(keys), seed, start_together)
              for seed, (seat, key) in enumerate(keys.items())]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join(120)
    assert not any(phone.is_alive() for phone in phones), "a phone hung"
    assert [f for phone in phones for f in phone.failures] == []

    # Every refusal is a client error with a message, never a 500.
    refusals = [r for phone in phones for r in phone.refused]
    assert refusals
    for status, body, kind, payload in refusals:
        assert status == 400, (status, body, kind, payload)
        assert isinstance(body.get("error"), str) and body["error"].strip(), body

    accepted = {}
    for phone in phones:
        for version, kind, payload in phone.accepted:
            assert version not in accepted, f"version {version} given twice"
            accepted[version] = (phone.seat, kind, payload)
    assert len(accepted) == sum(ACTIONS_EACH for _ in phones) - sum(len(p.refused) - 1 for p in phones)

    store: Store = app.extensions["companion.store"]
    log = store.log(token)
    assert [entry.seq for entry in log] == list(range(1, len(log) + 1))
    game_entries = {entry.seq: entry for entry in log if entry.type != SEAT_JOIN}
    assert len(log) - len(game_entries) == PHONES
    assert set(game_entries) == set(accepted), "the log must hold exactly the accepted actions"
    for version, (seat, kind, payload) in accepted.items():
        entry = game_entries[version]
        assert (entry.seat, entry.type, entry.payload, entry.undone) == (seat, kind, payload, False)

    version, state = store.state(token)
    assert version == len(log)
    assert state == store.replayed_state(token)

    doom_deltas = sum(p["delta"] for _, kind, p in accepted.values() if kind == "track.adjust")
    assert state["tracks"][0]["value"] == doom_deltas
    for seat in keys:
        deltas = sum(p["delta"] for actor, kind, p in accepted.values()
                     if kind == "counter.adjust" and p.get("seat", actor) == seat)
        assert state["values"][seat]["c1"] == deltas, seat
        notes = [p["text"] for v, (actor, kind, p) in sorted(accepted.items()) if kind == "note.set" and actor == seat]
        assert state["secrets"].get(seat, {}).get("note") == (notes[-1] if notes else None)

    # What the API reports to a seat is the same state, without others' notes.
    status, seen = api(port, "GET", f"/api/tables/{token}/state", headers={"X-Seat-Key": keys["s1"]})
    assert status == 200 and seen["version"] == version
    assert seen["state"]["values"] == state["values"] and seen["state"]["tracks"] == state["tracks"]
