"""Rendering live regions in processes of their own, so a server uses every core.

Python runs one thread at a time in a process, and after each action the
renders of every open page's regions are most of the server's work: in one
process, a game-store evening of real tables kept one core busy while the
other sat idle, and each action's answer queued behind other tables' renders.
With a pool, each event stream asks a render process for its viewer's regions
and waits without holding the server's interpreter; the server itself only
takes actions, reads and writes the streams.

A table's seats render in one process at a time, so their renders of one
version still share their reads and the regions alike for every seat
(companion.web.render); its display, which shares none of those, renders in
another at the same time. Which process: the one with the fewest renders
asked of it (a table that always went to the same process waited behind that
process's queue while the other sat idle). A render process opens the same
database (SQLite lets readers and the writer work at once), holds the same
secret key, and renders inside a request built from the stream's own (its
cookies, languages and address), so it renders exactly what the server
would. Whatever goes wrong there (a process that died, a slow answer, a
platform without processes), the stream renders in the server as before:
the pool only ever saves work.

An answer carries only the regions that changed since the last answer the
server holds for that viewer (most actions change two or three of a page's
ten regions): a Gloomhaven seat's page is about 100 KB, and sending all of
it for every seat after every action kept the processes waiting on the pipe
and the server decoding what it already had.
"""

from __future__ import annotations

import io
import itertools
import logging
import multiprocessing
import os
import pickle
import sys
import threading
import time
import zlib
from dataclasses import dataclass, field
from queue import SimpleQueue

from flask import Flask

from companion import collector
from companion.web.memo import Latest

log = logging.getLogger(__name__)

# A render takes milliseconds; a process that has not answered in this long
# is stuck or gone, and the stream renders in the server instead.
ANSWER_SECONDS = 10.0
# A process that failed is started again at most this often.
RESTART_SECONDS = 30.0
# The parts of a request's WSGI environ a render may read: its headers
# (cookies, languages, host), path and address. Everything else (sockets,
# waitress's callbacks) stays in the server.
ENVIRON_PREFIXES = ("HTTP_",)
ENVIRON_KEYS = ("PATH_INFO", "QUERY_STRING", "SCRIPT_NAME", "SERVER_NAME", "SERVER_PORT", "SERVER_PROTOCOL",
                "REMOTE_ADDR", "REQUEST_METHOD", "wsgi.url_scheme")


def default_processes() -> int:
    """Render processes for this machine: one a core beyond the server's own
    work, none on a single core (a second process there only adds copying)."""
    cores = os.cpu_count() or 1
    return 0 if cores < 2 else min(cores, 4)


def request_environ(environ: dict) -> dict[str, str]:
    """What a render process needs of the stream's request to render as the
    server would."""
    return {key: value for key, value in environ.items()
            if isinstance(value, str) and (key.startswith(ENVIRON_PREFIXES) or key in ENVIRON_KEYS)}


def worker_config(config: dict) -> dict:
    """The app's settings a render process starts with: every one that can
    be sent to it (the database, the secret key, the public address...)."""
    sendable = {}
    for key, value in config.items():
        try:
            pickle.dumps(value)
        except Exception:  # noqa: BLE001 - a setting that can't cross is one a render doesn't need
            continue
        sendable[key] = value
    return sendable


@dataclass(frozen=True)
class Changes:
    """A render process's answer as the regions that changed since `since`,
    the version of the viewer's regions the server said it holds: every
    region's name in order, and the HTML of those that changed."""

    version: int
    since: int
    names: tuple[str, ...]
    changed: dict[str, str]

    def applied_to(self, held: dict[str, str]) -> dict[str, str]:
        return {name: self.changed[name] if name in self.changed else held[name] for name in self.names}


#: The regions last sent for each viewer (a few for every open page).
SENT_SIZE = 4096


def viewer_key(table, seat, display: bool, locale: str) -> tuple:
    from companion.web.render import viewer_name

    return (table.token, viewer_name(seat, display), locale)


def render_in_worker(app: Flask, table, seat, display: bool, known: int | None, environ: dict,
                     held: int | None = None):
    """One stream's regions, rendered in this process as the server would:
    (version, {region: html}), or Changes since the version `held` that the
    server holds for this viewer, or render.TABLE_GONE if the table was
    deleted. `table` is the stream's own (the server found it, and its game,
    when the stream opened), not read again for each render."""
    from flask_babel import get_locale
    from werkzeug.test import create_environ

    from companion.store import NoSuchTable
    from companion.web import i18n, render

    full = create_environ()
    full.update(environ)
    full["wsgi.input"] = io.BytesIO(b"")
    with app.request_context(full):
        i18n.speak_for(table.game)
        try:
            version, html = render.regions(table, seat, display, known_version=known)
        except NoSuchTable:
            return render.TABLE_GONE
        sent: Latest = app.extensions["companion.regions_sent"]
        key = viewer_key(table, seat, display, str(get_locale()))
        last = sent.get(key)
        sent.put(key, (version, html))
    if held is None or last is None or last[0] != held:
        return version, html
    before = last[1]
    return Changes(version, held, tuple(html), {name: text for name, text in html.items()
                                                if before.get(name) is not text and before.get(name) != text})


# How much lower a render process's priority is than the server's.
RENDER_NICENESS = 5
# The first message of a render process, once it can render quickly.
READY = -1


def compile_templates(app: Flask) -> None:
    """Compile every template before the first render: a template compiles
    on its first use, tens of milliseconds each, and a render process would
    otherwise spend its first minutes of an evening doing that between
    renders, with phones waiting behind it."""
    env = app.jinja_env
    for name in env.list_templates(extensions=["html"]):
        try:
            env.get_template(name)
        except Exception:  # noqa: BLE001 - a template that fails fails again where it is used, and says so
            log.debug("render process: template %s did not compile", name)


def load_games(app: Flask) -> None:
    """Import every game and read each one's catalogs in each language before
    the first render: done by the first render instead, it held that table's
    phones (and every table behind it) for half a second or more."""
    from companion import games
    from companion.languages import LANGUAGES
    from companion.web import i18n

    games.table_types()
    for package in [None, *games.game_packages()]:
        for language in LANGUAGES:
            with app.test_request_context("/", headers={"Accept-Language": language.replace("_", "-")}):
                i18n.package_domain(package).get_translations()


def ready_to_render(app: Flask) -> None:
    """Everything a first render would otherwise do on its own time."""
    compile_templates(app)
    load_games(app)


# At most this many renders of one table in a row while others wait.
TABLE_RUN = 16


class JobQueue:
    """A render process's waiting requests, each (job id, request), taken a
    table at a time: once a table's render starts, that table's other
    waiting viewers come next, then the table that has waited longest. After
    an action, a table's phones all ask at once, as do other tables' phones:
    taken in the order they came, two tables that acted together each
    reached their last phone only after both had rendered. Taken a table at
    a time, the first is done as soon as it would be alone, the second no
    later than before, and the renders of one version still share its reads."""

    def __init__(self):
        self.jobs: list[tuple[int, tuple]] = []
        self.table: str | None = None
        self.run = 0

    def __len__(self) -> int:
        return len(self.jobs)

    def add(self, job: tuple[int, tuple]) -> None:
        self.jobs.append(job)

    def take(self) -> tuple[int, tuple]:
        at = 0
        if self.run < TABLE_RUN:
            at = next((n for n, (_, request) in enumerate(self.jobs) if request[0].token == self.table), 0)
        job = self.jobs.pop(at)
        token = job[1][0].token
        self.run = self.run + 1 if token == self.table else 1
        self.table = token
        return job


def worker_main(connection, config: dict) -> None:
    """A render process: answers render requests until the server goes."""
    from companion.web import create_app

    app = create_app(config)
    app.extensions["companion.regions_sent"] = Latest(SENT_SIZE)
    ready_to_render(app)
    collector.settle()
    # Then renders wait behind the server's own work (an action's answer)
    # when the cores are busy; where a process can't lower its priority, it doesn't.
    try:
        os.nice(RENDER_NICENESS)
    except (AttributeError, OSError):
        pass
    # Answers are sent by a thread of their own: a large one fills the pipe
    # until the server reads it, and the next render needn't wait for that.
    answers: SimpleQueue = SimpleQueue()
    sender = threading.Thread(target=send_answers, args=(connection, answers), name="companion-render-sender",
                              daemon=True)
    sender.start()
    answers.put((READY, None))
    queue = JobQueue()
    while sender.is_alive():
        try:
            if not queue:
                queue.add(connection.recv())
            while connection.poll(0):
                queue.add(connection.recv())
        except (EOFError, OSError):
            return  # the server stopped
        job_id, request = queue.take()
        try:
            answer = render_in_worker(app, *request)
        except Exception:  # noqa: BLE001 - the server renders it itself
            log.exception("render process: a render failed")
            answer = None
        answers.put((job_id, answer))


def send_answers(connection, answers: SimpleQueue) -> None:
    """Send each answer in turn, until the server is gone."""
    while True:
        job_id, answer = answers.get()
        try:
            try:
                connection.send((job_id, answer))
            except (pickle.PicklingError, TypeError, AttributeError):
                log.exception("render process: an answer could not be sent")
                connection.send((job_id, None))  # the server renders it itself
        except (OSError, ValueError):
            return


@dataclass
class Waiting:
    done: threading.Event = field(default_factory=threading.Event)
    answer: object = None


class Worker:
    """One render process, the server's end of its pipe, and the thread that
    hands each answer to the stream waiting for it."""

    def __init__(self, context, config: dict, number: int):
        self._context = context
        self._config = config
        self.number = number
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._waiting: dict[int, Waiting] = {}
        self._ids = itertools.count()
        self._connection = None
        self._process = None
        self._failed_at: float | None = None
        # Until the process has compiled its templates, its streams render in the server.
        self.ready = threading.Event()

    def start(self) -> None:
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(target=worker_main, args=(theirs, self._config),
                                        name=f"companion-render-{self.number}", daemon=True)
        process.start()
        theirs.close()
        self._connection, self._process = ours, process
        threading.Thread(target=self._read, args=(ours,), name=f"companion-render-answers-{self.number}",
                         daemon=True).start()

    def _read(self, connection) -> None:
        while True:
            try:
                job_id, answer = connection.recv()
            except (EOFError, OSError, TypeError, pickle.UnpicklingError):
                break  # gone, or closed here (a closed Connection reads with no handle: TypeError)
            if job_id == READY:
                self.ready.set()
                continue
            with self._lock:
                waiting = self._waiting.pop(job_id, None)
            if waiting is not None:
                waiting.answer = answer
                waiting.done.set()
        self._fail(connection)

    def _fail(self, connection) -> None:
        """The process is gone: every stream waiting on it renders itself."""
        with self._lock:
            if self._connection is not connection:
                return
            self._connection = None
            self.ready.clear()
            self._failed_at = time.monotonic()
            waiting, self._waiting = self._waiting, {}
        for w in waiting.values():
            w.done.set()
        log.warning("render process %d stopped; its streams render in the server", self.number)

    def _usable(self):
        with self._lock:
            if self._connection is not None:
                return self._connection
            if self._failed_at is not None and time.monotonic() - self._failed_at < RESTART_SECONDS:
                return None
            self._failed_at = time.monotonic()
        try:
            self.start()
        except Exception:  # noqa: BLE001
            log.exception("render process %d could not start again", self.number)
            return None
        return self._connection

    def ask(self, request: tuple, timeout: float):
        """The process's answer to `request`, or None if it gave none in time."""
        connection = self._usable()
        if connection is None or not self.ready.is_set():
            return None
        waiting = Waiting()
        with self._lock:
            job_id = next(self._ids)
            self._waiting[job_id] = waiting
        try:
            with self._send_lock:
                connection.send((job_id, request))
        except (OSError, ValueError, pickle.PicklingError):
            with self._lock:
                self._waiting.pop(job_id, None)
            self._fail(connection)
            return None
        if not waiting.done.wait(timeout):
            with self._lock:
                self._waiting.pop(job_id, None)
            return None
        return waiting.answer

    def stop(self) -> None:
        with self._lock:
            connection, self._connection = self._connection, None
            self._failed_at = float("inf")
        if connection is not None:
            connection.close()
        if self._process is not None:
            self._process.join(2)
            if self._process.is_alive():
                self._process.terminate()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None


class RenderPool:
    def __init__(self, config: dict, processes: int):
        # Spawned, not forked: the server runs hundreds of threads, and a
        # fork copies their locks in whatever state they are in.
        context = multiprocessing.get_context("spawn")
        self.workers = [Worker(context, worker_config(config), n) for n in range(processes)]
        # The regions last received for each viewer: what a process's Changes apply to.
        self.received = Latest(SENT_SIZE)
        self._lock = threading.Lock()
        # Renders asked of each process and not answered yet.
        self._asked = [0] * processes
        # The process each table's seats are rendering in, and how many of them.
        self._seats_in: dict[str, tuple[int, int]] = {}

    def start(self) -> None:
        for worker in self.workers:
            worker.start()

    def preferred(self, token: str, display: bool) -> int:
        """The process a table's seats render in when every process is as
        busy, and the next one its display: it keeps a table's drawings (its
        kept pieces, the last regions sent) in one process as long as it can."""
        return (zlib.crc32(token.encode()) + display) % len(self.workers)

    def choose(self, token: str, display: bool) -> int:
        """The process for a render of the table's seats or display, counted
        as asked until `answered`. Seats go where the table's other seats are
        rendering, if any are: a version's seats share their reads and the
        regions alike for every seat. Otherwise the process with the fewest
        renders waiting, the display away from its seats' process."""
        with self._lock:
            seats = self._seats_in.get(token)
            if seats is not None and not display:
                chosen = seats[0]
            else:
                preferred = self.preferred(token, display)
                ready = [n for n, worker in enumerate(self.workers) if worker.ready.is_set()] or \
                    list(range(len(self.workers)))
                chosen = min(ready, key=lambda n: (self._asked[n], seats is not None and n == seats[0],
                                                   n != preferred))
            self._asked[chosen] += 1
            if not display:
                self._seats_in[token] = (chosen, (seats[1] if seats else 0) + 1)
            return chosen

    def answered(self, token: str, display: bool, number: int) -> None:
        with self._lock:
            self._asked[number] -= 1
            if not display:
                at, count = self._seats_in.pop(token, (number, 1))
                if count > 1:
                    self._seats_in[token] = (at, count - 1)

    def regions(self, table, seat, display: bool, known: int | None, environ: dict, locale: str):
        """(version, {region: html}) from the table's render process, TABLE_GONE,
        or None when the server must render it itself. `locale`: the viewer's
        language, as the process will work it out from `environ`."""
        key = viewer_key(table, seat, display, locale)
        held = self.received.get(key)
        number = self.choose(table.token, display)
        try:
            answer = self.workers[number].ask((table, seat, display, known, request_environ(environ),
                                               held and held[0]), ANSWER_SECONDS)
        finally:
            self.answered(table.token, display, number)
        if isinstance(answer, Changes):
            if held is None or answer.since != held[0]:
                return None  # can't be: the process answers Changes only since what was held
            answer = (answer.version, answer.applied_to(held[1]))
        if isinstance(answer, tuple):
            self.received.put(key, answer)
        return answer

    def wait_ready(self, seconds: float) -> bool:
        """Whether every process is ready (templates compiled) within `seconds`."""
        deadline = time.monotonic() + seconds
        return all(worker.ready.wait(max(0.0, deadline - time.monotonic())) for worker in self.workers)

    def stop(self) -> None:
        for worker in self.workers:
            worker.stop()


def start(app: Flask, processes: int) -> RenderPool | None:
    """Give `app`'s event streams `processes` render processes (none: they
    render in the server). Returns the pool, or None if there is none."""
    if processes <= 0:
        return None
    try:
        pool = RenderPool(app.config, processes)
        pool.start()
    except Exception as error:  # noqa: BLE001 - e.g. a platform without process support
        print(f"companion serve: rendering in the server itself ({error}).", file=sys.stderr)
        return None
    app.extensions["companion.render_pool"] = pool
    return pool
