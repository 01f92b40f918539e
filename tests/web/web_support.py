"""Helpers for the web tests: browsers (test clients with their own cookies),
making tables and seats through the pages, reading event streams.

Kept out of conftest.py so test modules import them by a unique name."""

from __future__ import annotations

import html
import json
import queue
import re
import threading
from dataclasses import dataclass
from urllib.parse import urlsplit

from flask.testing import FlaskClient

PHONE_ADDRESS = "192.168.1.20"  # never contacted: it only fills REMOTE_ADDR
TRACKS = "Doom 0..30\nPower 0..20 start 5 step 2"
COUNTERS = "VP 0..99"
XSS = "<script>alert(1)</script>"

CSRF_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')
CSRF_HEADER = re.compile(r'hx-headers=\'\{"X-CSRF-Token": "([^"]+)"\}\'')


def csrf_from(page_html: str) -> str:
    """The session's CSRF token as a page hands it to the browser."""
    match = CSRF_HEADER.search(page_html) or CSRF_FIELD.search(page_html)
    assert match, "the page carries no CSRF token"
    return html.unescape(match.group(1))


def location_path(response) -> str:
    return urlsplit(response.headers["Location"]).path


@dataclass
class Browser:
    """One browser: a test client with its own cookies, and the CSRF token
    its session was last given."""

    client: FlaskClient
    csrf: str = ""
    seat_id: str | None = None
    token: str | None = None

    def get(self, path: str, **kwargs):
        return self.client.get(path, **kwargs)

    def load_csrf(self, path: str = "/") -> str:
        page = self.client.get(path)
        self.csrf = csrf_from(page.get_data(as_text=True))
        return self.csrf

    def post(self, path: str, data: dict | None = None, htmx: bool = False, csrf: bool = True, **kwargs):
        """A form post as the page would send it: with the CSRF field, and as
        htmx sends it (header, HX-Request) when `htmx`."""
        data = dict(data or {})
        headers = dict(kwargs.pop("headers", {}) or {})
        if csrf and not self.csrf:
            self.load_csrf()
        if htmx:
            headers["HX-Request"] = "true"
            if csrf:
                headers["X-CSRF-Token"] = self.csrf
        elif csrf:
            data.setdefault("csrf_token", self.csrf)
        return self.client.post(path, data=data, headers=headers, **kwargs)

    def act(self, type: str, htmx: bool = True, **fields):
        return self.post(f"/t/{self.token}/act", {"type": type, **fields}, htmx=htmx)

    def page(self, path: str) -> str:
        response = self.client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        return response.get_data(as_text=True)


def seat_key(browser: Browser, token: str) -> str:
    """The seat key the phone's signed session cookie holds for this table."""
    app = browser.client.application
    raw = browser.client.get_cookie("session").value
    return app.session_interface.get_signing_serializer(app).loads(raw)["seats"][token]


def create_tally(host: Browser, name: str = "Game night", tracks: str = TRACKS, counters: str = COUNTERS) -> str:
    """Create a tally table from the home page as the host; returns its token."""
    host.load_csrf("/")
    response = host.post("/tables", {"game": "tally", "name": name, "tracks": tracks, "counters": counters})
    assert response.status_code == 302, response.get_data(as_text=True)
    path = location_path(response)
    match = re.fullmatch(r"/t/([^/]+)/qr", path)
    assert match, path
    host.token = match.group(1)
    return host.token


def join_seat(browser: Browser, token: str, name: str, role: str = "player") -> Browser:
    """Take a seat on `browser` through the join page, as a phone would."""
    browser.token = token
    page = browser.page(f"/t/{token}")
    browser.csrf = csrf_from(page)
    response = browser.post(f"/t/{token}/seats", {"name": name, "role": role})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert location_path(response) == f"/t/{token}"
    store = browser.client.application.extensions["companion.store"]
    browser.seat_id = next(s.id for s in store.seats(token).values() if s.name == name)
    return browser


class EventStream:
    """An event stream, requested and read on a thread of its own, as a
    server's worker thread would serve it.

    Flask's test client runs a request in the caller's thread and reads the
    first chunk there; with `stream_with_context` the stream's request context
    then stays pushed in that thread while the stream is open, and another
    request made there would share its app context (and `g`, where the seat
    is cached). A thread per stream keeps each request apart."""

    def __init__(self, browser: Browser, path: str):
        self.chunks: queue.Queue = queue.Queue()
        self.stop = threading.Event()
        self.opened: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._pump, args=(browser, path), daemon=True)
        self.thread.start()
        self.response = self.opened.get(timeout=10)

    def _pump(self, browser: Browser, path: str) -> None:
        response = browser.get(path, buffered=False)
        self.opened.put(response)
        try:
            for chunk in response.response:
                self.chunks.put(chunk.decode() if isinstance(chunk, bytes) else chunk)
                if self.stop.is_set():
                    break
        finally:
            response.close()
            self.chunks.put(None)

    def read(self, until=None, chunks: int = 400) -> str:
        """Text of at most `chunks` chunks, stopping early once `until(text)`
        holds or the stream ends. The heartbeat is 0.05 s in these tests; the
        get() timeout only guards against a hung stream."""
        text = ""
        for _ in range(chunks):
            chunk = self.chunks.get(timeout=10)
            if chunk is None:
                self.chunks.put(None)  # stays ended for the next read
                break
            text += chunk
            if until is not None and until(text):
                break
        return text

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=10)
        assert not self.thread.is_alive(), "the event stream did not end"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def open_stream(browser: Browser, path: str) -> EventStream:
    stream = EventStream(browser, path)
    assert stream.response.status_code == 200, (path, stream.response.status_code)
    assert stream.response.mimetype == "text/event-stream"
    return stream


def first_message(browser: Browser, path: str) -> str:
    """The stream's first message (every region, then the version)."""
    with open_stream(browser, path) as stream:
        return stream.read(until=has_version)


def stream_text(browser: Browser, path: str, act=None) -> str:
    """The first message of an event stream, and the next one after `act()`."""
    with open_stream(browser, path) as stream:
        text = stream.read(until=has_version)
        if act is not None:
            act()
            text += stream.read(until=has_version)
    return text


def json_text(response) -> str:
    """A JSON answer (which must be 200) as text, for looking for a secret in it."""
    assert response.status_code == 200, response.get_data(as_text=True)
    return json.dumps(response.get_json(), ensure_ascii=False)


def has_version(text: str) -> bool:
    return "event: version" in text or "event: gone" in text


def parse_events(text: str) -> list[tuple[str, str]]:
    """(event name, data) for each message in an SSE text; comments skipped."""
    events = []
    for block in text.split("\n\n"):
        name, data = "message", []
        lines = [line for line in block.split("\n") if line and not line.startswith(":")]
        if not lines:
            continue
        for line in lines:
            key, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if key == "event":
                name = value
            elif key == "data":
                data.append(value)
        events.append((name, "\n".join(data)))
    return events
