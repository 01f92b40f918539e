"""Many threads acting on one table at once lose nothing and skip no version."""

from __future__ import annotations

import random
import threading
from collections import Counter

import pytest

from companion.rules import ActionError
from companion.store import SEAT_JOIN, Store

THREADS = 8
ACTIONS = 50
VP_MAX = 99
DOOM_MAX = 30


class Player(threading.Thread):
    """Sends ACTIONS random actions for its own seat, some of them invalid,
    and keeps the sum of the deltas the store accepted."""

    def __init__(self, make_store, token: str, seat: str, seed: int, start: threading.Barrier):
        super().__init__()
        self.make_store, self.token, self.seat = make_store, token, seat
        self.rng = random.Random(seed)
        self.start_together = start
        self.vp = 0  # only this thread changes its own counter
        self.doom_accepted = 0
        self.versions: list[int] = []
        self.refused = self.wrongly_accepted = self.wrongly_refused = 0
        self.errors: list[BaseException] = []

    def act(self, type: str, payload: dict) -> int | None:
        try:
            version = self.store.act(self.token, self.seat, type, payload)
        except ActionError:
            self.refused += 1
            return None
        self.versions.append(version)
        return version

    def step(self) -> None:
        roll = self.rng.random()
        if roll < 0.15:  # invalid: must be refused
            invalid = self.rng.choice([
                {"counter": "c1", "delta": VP_MAX - self.vp + 1},
                {"counter": "c1", "delta": -self.vp - 1},
                {"counter": "c1", "delta": "abc"},
                {"counter": "c9", "delta": 1},
            ])
            if self.act("counter.adjust", invalid) is not None:
                self.wrongly_accepted += 1
        elif roll < 0.4:  # the shared track: may be refused when others pushed it to an end
            delta = self.rng.randint(-3, 3)
            if self.act("track.adjust", {"track": "t1", "delta": delta}) is not None:
                self.doom_accepted += delta
        else:  # its own counter: always valid
            delta = self.rng.randint(-self.vp, min(10, VP_MAX - self.vp))
            if self.act("counter.adjust", {"counter": "c1", "delta": delta}) is None:
                self.wrongly_refused += 1
            else:
                self.vp += delta

    def run(self) -> None:
        try:
            self.store = self.make_store()
            self.start_together.wait()
            for _ in range(ACTIONS):
                self.step()
        except BaseException as error:  # reported by the test
            self.errors.append(error)


def play(store: Store, make_store) -> tuple[str, list[Player], list[int]]:
    token = store.create_table("tally", "Busy", {"tracks": f"Doom 0..{DOOM_MAX}", "counters": f"VP 0..{VP_MAX}"}).token
    heard: list[int] = []
    store.listeners.append(lambda t, v: heard.append(v))
    seats = [store.join(token, f"P{i}", "player")[0].id for i in range(THREADS)]
    start = threading.Barrier(THREADS)
    players = [Player(make_store, token, seat, seed, start) for seed, seat in enumerate(seats)]
    for player in players:
        player.start()
    for player in players:
        player.join(120)
    return token, players, heard


@pytest.fixture
def shared(store):
    """Eight threads through one shared Store."""
    return (store, *play(store, lambda: store))


def test_no_thread_hit_an_error(shared):
    _, _, players, _ = shared
    assert [p.errors for p in players] == [[]] * THREADS
    assert not any(p.is_alive() for p in players)


def test_invalid_actions_were_refused_and_valid_ones_accepted(shared):
    _, _, players, _ = shared
    assert [(p.wrongly_accepted, p.wrongly_refused) for p in players] == [(0, 0)] * THREADS
    assert sum(p.refused for p in players) > 0


def test_no_accepted_action_is_lost(shared):
    store, token, players, _ = shared
    game_entries = [e for e in store.log(token) if e.type != SEAT_JOIN]
    assert len(game_entries) == sum(len(p.versions) for p in players)
    assert Counter(e.seat for e in game_entries) == Counter({p.seat: len(p.versions) for p in players})


def test_versions_run_from_one_to_n_without_gaps_or_repeats(shared):
    store, token, players, _ = shared
    n = store.table(token).version
    returned = [v for p in players for v in p.versions] + list(range(1, THREADS + 1))  # + the joins
    assert sorted(returned) == list(range(1, n + 1))
    assert [e.seq for e in store.log(token)] == list(range(1, n + 1))


def test_each_thread_saw_its_versions_increase(shared):
    _, _, players, _ = shared
    assert all(p.versions == sorted(set(p.versions)) for p in players)


def test_listeners_heard_every_version_once(shared):
    store, token, _, heard = shared
    assert sorted(heard) == list(range(1, store.table(token).version + 1))


def test_final_state_equals_the_replayed_log(shared):
    store, token, _, _ = shared
    assert store.state(token)[1] == store.replayed_state(token)


def test_each_counter_is_the_sum_of_its_accepted_deltas(shared):
    store, token, players, _ = shared
    values = store.state(token)[1]["values"]
    assert {seat: v["c1"] for seat, v in values.items()} == {p.seat: p.vp for p in players}


def test_the_shared_track_is_the_sum_of_all_accepted_deltas(shared):
    store, token, players, _ = shared
    doom = store.state(token)[1]["tracks"][0]["value"]
    assert doom == sum(p.doom_accepted for p in players)
    assert 0 <= doom <= DOOM_MAX


def test_separate_stores_on_one_file_lose_nothing(tmp_path, store):
    """As if several server processes shared the file: SQLite's own locking."""
    path = tmp_path / "companion.sqlite3"
    opened: list[Store] = []

    def make_store() -> Store:
        opened.append(Store(path))
        return opened[-1]

    token, players, _ = play(store, make_store)
    for other in opened:
        other.close()
    assert [p.errors for p in players] == [[]] * THREADS
    n = store.table(token).version
    assert sorted([v for p in players for v in p.versions] + list(range(1, THREADS + 1))) == list(range(1, n + 1))
    assert [e.seq for e in store.log(token)] == list(range(1, n + 1))
    assert len(store.log(token)) == THREADS + sum(len(p.versions) for p in players)
    assert store.state(token)[1] == store.replayed_state(token)
    assert {s: v["c1"] for s, v in store.state(token)[1]["values"].items()} == {p.seat: p.vp for p in players}



def test_a_memory_store_is_shared_between_threads():
    store = Store(":memory:")
    token = store.create_table("tally", "Memory", {}).token
    found = []

    def look() -> None:
        try:
            found.append(store.table(token))
        except Exception as error:  # sqlite3.OperationalError: no such table: tables
            found.append(error)

    thread = threading.Thread(target=look)
    thread.start()
    thread.join()
    assert getattr(found[0], "token", None) == token
