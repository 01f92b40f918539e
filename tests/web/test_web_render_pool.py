"""Render processes (companion.web.render_pool): an event stream's regions
rendered in another process are what the server would have rendered itself,
for every table type, seat, the display and each language; and whatever goes
wrong there (a process killed, a table deleted) the stream still gets its
regions, or hears the table is gone."""

from __future__ import annotations

import os
import random
import signal
import time

import pytest
from flask import Flask

from companion.games import table_types
from companion.store import NoSuchTable
from companion.web import create_app, i18n, render, render_pool
from tests.web.test_web_seat_alike import play_one_step, seated

STEPS = 12
LANGUAGES = ["en", "zh-Hans", "ja"]


@pytest.fixture(scope="module")
def pooled(tmp_path_factory) -> Flask:
    """An app with one render process, on a database of its own."""
    folder = tmp_path_factory.mktemp("pool")
    app = create_app({"DATABASE": str(folder / "companion.sqlite3"), "TESTING": True})
    pool = render_pool.start(app, 1)
    assert pool is not None and pool.wait_ready(60)
    yield app
    pool.stop()
    app.extensions["companion.store"].close()


def fresh(app: Flask, table, seat, display: bool, version: int, state: dict) -> dict[str, str]:
    """The viewer's regions rendered in this process, as its event stream
    would (speaking for the table's game, as a request about a table does)."""
    i18n.speak_for(table.game)
    return render.render_regions(table, seat, display, version, state)


@pytest.mark.parametrize("game", sorted(table_types()))
def test_a_render_process_renders_what_the_server_would(pooled, game):
    store = pooled.extensions["companion.store"]
    rules = table_types()[game]
    token, seats = seated(store, game)
    rng = random.Random(game)
    compared = 0
    for step in range(STEPS):
        version, state = store.state(token)
        table = store.table(token)
        language = LANGUAGES[step % len(LANGUAGES)]
        with pooled.test_request_context(f"/t/{token}/events", headers={"Accept-Language": language}):
            for seat, display in [(seat, False) for seat in seats] + [(None, True)]:
                far = render.stream_regions(table, seat, display, version)
                assert far == (version, fresh(pooled, table, seat, display, version, state)), \
                    (game, step, language, seat)
                compared += 1
        play_one_step(store, rules, token, seats, rng, game, step, monster_turn_every=4)
    assert compared


def test_the_streams_regions_come_from_the_render_process(pooled, monkeypatch):
    store = pooled.extensions["companion.store"]
    token, seats = seated(store, "tally")
    version = store.state(token)[0]
    pool = pooled.extensions["companion.render_pool"]
    asked = []
    answer = pool.regions
    monkeypatch.setattr(pool, "regions", lambda *request: asked.append(request[:4]) or answer(*request))
    with pooled.test_request_context(f"/t/{token}/events"):
        first = render.stream_regions(store.table(token), seats[0], False, version)
        # A second phone of the same seat is given the same render, not another.
        second = render.stream_regions(store.table(token), seats[0], False, version)
    assert asked == [(store.table(token), seats[0], False, version)]
    assert first == second and first[0] == version and first[1]


def test_the_language_and_cookies_of_the_stream_reach_the_render(pooled):
    store = pooled.extensions["companion.store"]
    token, seats = seated(store, "chaos-old-world")
    version = store.state(token)[0]
    table = store.table(token)
    with pooled.test_request_context(f"/t/{token}/events", headers={"Accept-Language": "ja"}):
        japanese = render.stream_regions(table, seats[0], False, version)[1]
    with pooled.test_request_context(f"/t/{token}/events", headers={"Accept-Language": "zh-Hans"}):
        chinese = render.stream_regions(table, seats[0], False, version)[1]
    assert japanese != chinese
    with pooled.test_request_context(f"/t/{token}/events", headers={"Accept-Language": "ja"}):
        state = store.state(token)[1]
        assert japanese == fresh(pooled, table, seats[0], False, version, state)


def test_a_table_deleted_before_its_render_is_gone(pooled):
    store = pooled.extensions["companion.store"]
    token, seats = seated(store, "tally")
    version = store.state(token)[0]
    table = store.table(token)
    store.delete_table(token)
    with pooled.test_request_context(f"/t/{token}/events"), pytest.raises(NoSuchTable):
        render.stream_regions(table, seats[0], False, version)


def test_a_killed_render_process_leaves_its_streams_rendered_here_and_is_started_again(pooled, monkeypatch):
    store = pooled.extensions["companion.store"]
    token, seats = seated(store, "tally")
    worker = pooled.extensions["companion.render_pool"].workers[0]
    os.kill(worker.pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while worker._connection is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    version, state = store.state(token)
    table = store.table(token)
    with pooled.test_request_context(f"/t/{token}/events"):
        # While it is down (and before its restart is due), the server renders.
        assert render.stream_regions(table, seats[0], False, version) == \
            (version, fresh(pooled, table, seats[0], False, version, state))
        monkeypatch.setattr(render_pool, "RESTART_SECONDS", 0.0)
        store.act(token, seats[0].id, "counter.adjust", {"counter": "c1", "delta": 1})
        version, state = store.state(token)
        assert render.stream_regions(table, seats[0], False, version) == \
            (version, fresh(pooled, table, seats[0], False, version, state))
    assert worker._connection is not None and worker._process.is_alive()
    assert worker.ready.wait(60)
    # Started again, it renders once more.
    store.act(token, seats[0].id, "counter.adjust", {"counter": "c1", "delta": 1})
    version = store.state(token)[0]
    assert pooled.extensions["companion.render_pool"].regions(table, seats[0], False, version, {}, "en")[0] == version


def test_after_the_first_answer_a_process_sends_only_the_regions_that_changed(pooled, monkeypatch):
    store = pooled.extensions["companion.store"]
    token, seats = seated(store, "tally")
    table = store.table(token)
    pool = pooled.extensions["companion.render_pool"]
    worker = pool.workers[0]  # the only one
    answers = []
    ask = worker.ask
    monkeypatch.setattr(worker, "ask", lambda *request: answers.append(ask(*request)) or answers[-1])

    def streamed(language: str = "en") -> tuple[int, dict]:
        version, state = store.state(token)
        with pooled.test_request_context(f"/t/{token}/events", headers={"Accept-Language": language}):
            regions = render.stream_regions(table, seats[0], False, version)
            assert regions == (version, fresh(pooled, table, seats[0], False, version, state))
        return regions

    first = streamed()
    assert isinstance(answers[-1], tuple)  # nothing held yet: every region
    store.act(token, seats[0].id, "counter.adjust", {"counter": "c1", "delta": 1})
    second = streamed()
    changes = answers[-1]
    assert isinstance(changes, render_pool.Changes) and changes.since == first[0]
    assert set(changes.changed) == {name for name in second[1] if second[1][name] != first[1][name]}
    assert "counters" in changes.changed and "follow" not in changes.changed
    # Another language is another viewer: all of it, the first time.
    streamed("ja")
    assert isinstance(answers[-1], tuple)
    # If the server no longer holds what it received (forgotten, or a process
    # started again), it says so and gets every region.
    pool.received = render_pool.Latest(render_pool.SENT_SIZE)
    store.act(token, seats[0].id, "counter.adjust", {"counter": "c1", "delta": 1})
    streamed()
    assert isinstance(answers[-1], tuple)


def test_processes_by_default_one_a_core_and_none_on_one_core(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert render_pool.default_processes() == 0
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert render_pool.default_processes() == 2
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert render_pool.default_processes() == 4


def test_no_processes_means_the_server_renders(app):
    assert render_pool.start(app, 0) is None
    assert "companion.render_pool" not in app.extensions


def test_only_the_requests_headers_path_and_address_cross():
    environ = {"HTTP_COOKIE": "session=x", "HTTP_ACCEPT_LANGUAGE": "ja", "PATH_INFO": "/t/x/events",
               "REMOTE_ADDR": "192.168.1.5", "wsgi.url_scheme": "http", "wsgi.input": object(),
               "waitress.client_disconnected": lambda: False, "SERVER_SOFTWARE": "waitress"}
    assert render_pool.request_environ(environ) == {
        "HTTP_COOKIE": "session=x", "HTTP_ACCEPT_LANGUAGE": "ja", "PATH_INFO": "/t/x/events",
        "REMOTE_ADDR": "192.168.1.5", "wsgi.url_scheme": "http"}


def test_a_render_process_takes_waiting_requests_a_table_at_a_time():
    class Table:
        def __init__(self, token):
            self.token = token

    a, b, c = Table("a"), Table("b"), Table("c")
    queue = render_pool.JobQueue()
    # Two tables acted together: their phones' requests came interleaved.
    for number, table in enumerate([a, b, a, b, a, c, b]):
        queue.add((number, (table, None, False, 1, {})))
    taken = [queue.take()[0]]
    queue.add((7, (a, None, True, 1, {})))  # a's display, asking late
    while queue:
        taken.append(queue.take()[0])
    assert taken == [0, 2, 4, 7, 1, 3, 6, 5]


def test_one_busy_table_does_not_hold_the_others_back_for_long(monkeypatch):
    class Table:
        def __init__(self, token):
            self.token = token

    monkeypatch.setattr(render_pool, "TABLE_RUN", 3)
    busy, other = Table("busy"), Table("other")
    queue = render_pool.JobQueue()
    queue.add((0, (busy, None, False, 1, {})))
    queue.add((1, (other, None, False, 1, {})))
    taken = []
    for number in range(2, 6):
        queue.add((number, (busy, None, False, 1, {})))
        taken.append(queue.take()[0])
    assert taken == [0, 2, 3, 1]


def idle_pool(processes: int = 2) -> render_pool.RenderPool:
    """A pool whose processes are not started, each counted as ready: for
    which one a render is asked of."""
    pool = render_pool.RenderPool({}, processes)
    for worker in pool.workers:
        worker.ready.set()
    return pool


def test_an_idle_pool_renders_a_tables_seats_in_one_process_and_its_display_in_another():
    pool = idle_pool()
    seats = pool.preferred("T1", False)
    assert pool.choose("T1", False) == seats
    pool.answered("T1", False, seats)
    display = pool.choose("T1", True)
    assert display != seats
    pool.answered("T1", True, display)


def test_a_tables_seats_render_where_its_other_seats_are_rendering():
    pool = idle_pool()
    first = pool.choose("T1", False)
    # Even with that process the busier one, the seats stay together.
    assert [pool.choose("T1", False) for _ in range(3)] == [first] * 3
    assert pool.choose("T1", True) != first  # the display renders beside them
    for _ in range(4):
        pool.answered("T1", False, first)
    assert pool._seats_in == {}


def test_a_table_goes_to_the_process_with_fewest_renders_asked():
    pool = idle_pool()
    busy = pool.choose("T1", False)
    pool.choose("T1", False)
    # A table whose usual process is the busy one renders in the other.
    other_table = next(token for token in (f"T{n}" for n in range(2, 100)) if pool.preferred(token, False) == busy)
    assert pool.choose(other_table, False) != busy
    # Once the busy one is free again, the table's usual process it is.
    pool.answered(other_table, False, 1 - busy)
    pool.answered("T1", False, busy)
    pool.answered("T1", False, busy)
    assert pool.choose(other_table, False) == busy


def test_a_process_that_is_not_ready_is_not_asked_while_another_is():
    pool = idle_pool()
    pool.workers[0].ready.clear()
    assert {pool.choose(f"T{n}", display) for n in range(10) for display in (False, True)} == {1}
