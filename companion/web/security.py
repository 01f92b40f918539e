"""Who may do what: CSRF, the host, seats.

- Every state-changing request carries the session's CSRF token (htmx sends it
  as a header set once on <body>), except JSON API calls: browsers can't send
  `application/json` across sites without a preflight we never grant.
- The home page (create, import, list tables) answers only the machine the
  server runs on, asking by one of its own names (see `is_local_request`);
  the host of a table is whoever holds its host key in their signed cookie
  (the creator) or sends it as `X-Host-Key`.
- A seat is whoever holds its key in their signed cookie or sends it as
  `X-Seat-Key`.
- A table's live regions are rendered once and sent to every browser showing
  them (companion.web.render), so nothing of one browser may go in them:
  while one is rendered (`for_every_browser`) `csrf_token()` is empty (the
  page fills the form's token in as it is sent, static/app.js) and asking
  who this browser is (host, owner, seat) is an error.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, g, request, session

from companion import games
from companion.rules import ActionError, Seat
from companion.store import Store, Table
from companion.web import i18n

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def store() -> Store:
    return current_app.extensions["companion.store"]


# Set while a render for every browser showing it is made (`for_every_browser`).
_EVERY_BROWSER: ContextVar[bool] = ContextVar("companion_every_browser", default=False)


@contextmanager
def for_every_browser() -> Iterator[None]:
    """While a render cached for every browser that shows it is made."""
    reset = _EVERY_BROWSER.set(True)
    try:
        yield
    finally:
        _EVERY_BROWSER.reset(reset)


def not_for_every_browser(what: str) -> None:
    """Refuse to answer `what` of this browser inside a render for every browser."""
    if _EVERY_BROWSER.get():
        raise RuntimeError(f"{what} asked while rendering for every browser (a live region): "
                           "decide it per request, outside the region")


def csrf_token() -> str:
    """The session's CSRF token; empty in a render for every browser (a live
    region's form gets its page's token as it is sent, static/app.js)."""
    if _EVERY_BROWSER.get():
        return ""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
        session.permanent = True
    return token


def is_json_api_call() -> bool:
    return request.path.startswith("/api/") and request.mimetype == "application/json"


def same_secret(sent: object, expected: str) -> bool:
    """A constant-time comparison that any text sent can go through (on str,
    hmac.compare_digest raises for non-ASCII, a 500 for a header like "é")."""
    return bool(sent) and hmac.compare_digest(str(sent).encode(), expected.encode())


def check_csrf() -> None:
    if request.method in SAFE_METHODS or is_json_api_call():
        return
    if request.path.startswith("/api/"):
        # A credential in a custom header can't be sent cross-site either.
        if request.headers.get("X-Host-Key") or request.headers.get("X-Seat-Key"):
            if request.method == "DELETE":
                return
        abort(415)
    sent = request.headers.get("X-CSRF-Token") or request.form.get("csrf_token", "")
    expected = session.get("csrf", "")
    if not expected or not same_secret(sent, expected):
        abort(403, description="csrf")


def is_local_request() -> bool:
    """From this machine, to a name of this machine. The name matters: a web
    page whose own host name its owner points at 127.0.0.1 (DNS rebinding)
    is also loopback to us, and would read every table's link on the home
    page and create tables."""
    not_for_every_browser("Whether the request is the server machine's")
    try:
        from_here = ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False
    return from_here and names_this_machine(request.host)


def names_this_machine(host: str) -> bool:
    """Whether a Host header ("127.0.0.1:8000", "[::1]", "localhost") names this machine."""
    try:
        name = urlsplit("//" + host).hostname or ""
        return name in ("localhost", socket.gethostname().lower()) or ipaddress.ip_address(name).is_loopback
    except ValueError:  # a malformed header, or a name that is no address
        return False


def table_or_404(token: str) -> Table:
    table = store().table(token)
    if table is None:
        abort(404)
    if table.game not in games.table_types():
        # A table made with a game this server no longer has: say so rather
        # than fail on the first thing that asks the game's rules.
        abort(404, description="game-missing")
    # The rest of the request speaks as this table's game does.
    i18n.speak_for(table.game)
    return table


def is_host(table: Table) -> bool:
    not_for_every_browser("Whether the browser is the host")
    return same_secret(request.headers.get("X-Host-Key") or session.get("hosts", {}).get(table.token), table.host_key)


def require_host(table: Table) -> None:
    if not is_host(table):
        abort(403, description="host")


# Browsers drop a cookie over 4 KB, and with it every later change to the
# session (seats, host keys, the CSRF token). Each remembered table costs about
# 70 bytes, so a browser keeps the keys of its newest tables only, and forgets
# deleted ones.
MAX_REMEMBERED = 24


def _remember(kind: str, table: Table, key: str) -> None:
    kept = []
    for token, held in session.get(kind, {}).items():
        known = store().table(token) if token != table.token else None
        if known is not None:
            kept.append((known.created, token, held))
    kept = sorted(kept)[-(MAX_REMEMBERED - 1):]
    session.permanent = True
    session[kind] = {**{token: held for _, token, held in kept}, table.token: key}


def remember_host(table: Table) -> None:
    _remember("hosts", table, table.host_key)


def sent_seat_key(table: Table) -> str | None:
    not_for_every_browser("The browser's seat")
    return request.headers.get("X-Seat-Key") or session.get("seats", {}).get(table.token)


def current_seat(table: Table) -> Seat | None:
    not_for_every_browser("The browser's seat")
    cache = g.setdefault("seats", {})
    if table.token not in cache:
        seat = store().seat_by_key(table.token, sent_seat_key(table))
        if seat is None and table.token not in session.get("seats", {}):
            seat = linked_seat(table)
        cache[table.token] = seat
    return cache[table.token]


def linked_seat(table: Table) -> Seat | None:
    """At a table started from another, the seat linked to the requester's
    seat there: players don't join again. A phone keeps it in its cookie (a
    tool sending its parent seat's X-Seat-Key is given it on each request).
    Only when the phone holds no key here: a seat the host moved away stays away."""
    parent = store().table(table.parent) if table.parent else None
    parent_seat = current_seat(parent) if parent is not None else None
    key = store().linked_seat_key(table.token, parent_seat.id) if parent_seat is not None else None
    if key is None:
        return None
    if not request.headers.get("X-Seat-Key"):
        _remember("seats", table, key)
    return store().seat_by_key(table.token, key)


def name_at_other_tables(table: Table) -> str | None:
    """The name of this phone's seat at the newest other table it joined (its
    cookie holds the seat's key): a group's next table asks nobody to type it again."""
    for token, key in reversed(list(session.get("seats", {}).items())):
        seat = store().seat_by_key(token, key) if token != table.token else None
        if seat is not None:
            return seat.name
    return None


def require_seat(table: Table) -> Seat:
    """The requester's seat, or the message every seat-only action gives."""
    seat = current_seat(table)
    if seat is None:
        raise ActionError("Take a seat first.", field="seat")
    return seat


def remember_seat(table: Table, key: str) -> None:
    _remember("seats", table, key)
    g.pop("seats", None)


# The views that take a table export, and may take more than other requests.
IMPORT_ENDPOINTS = {"pages.import_table", "api.import_table"}


def allow_large_imports() -> None:
    """An export from the server machine may be larger than any other request
    (set before anything reads the body, the CSRF check included)."""
    if request.endpoint in IMPORT_ENDPOINTS and is_local_request():
        request.max_content_length = current_app.config["IMPORT_MAX_CONTENT_LENGTH"]


def init_app(app: Flask) -> None:
    app.before_request(allow_large_imports)
    app.before_request(check_csrf)
    app.jinja_env.globals["csrf_token"] = csrf_token

    @app.after_request
    def security_headers(response):
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        # No page loads anything from anywhere but this server.
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            "script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
        )
        return response
