"""One server-sent-events stream per open page.

On connect the stream sends every live region (so a phone that slept or lost
Wi-Fi catches up at once); then, after each committed action, the regions
whose HTML changed for this viewer. A `ping` event every few seconds keeps
the connection awake and lets the page notice a connection that died silently.

Each open stream holds one of the server's threads, so streams are limited
(in all, below the thread count, and per client address) and a closed one
ends within seconds: waitress (with `channel_request_lookahead`) notices the
client hang up and says so through `waitress.client_disconnected`, which the
stream looks at every `SSE_CLOSED_CHECK_SECONDS`. A refused stream gets 503
(server full) or 429 (this address has its share) with `Retry-After`; the
page's script asks `?probe=1` for that answer, as an EventSource can't read
it, and waits that long before it tries again.
"""

from __future__ import annotations

import logging
import re
import threading
import time

from flask import Blueprint, Flask, Response, current_app, request, stream_with_context
from flask_babel import gettext

from companion.live import StreamSlots
from companion.store import NoSuchTable
from companion.web import render
from companion.web.memo import Memo
from companion.web.security import current_seat, sent_seat_key, store, table_or_404

blueprint = Blueprint("events", __name__)


# The only line ends of an event stream. str.splitlines() also breaks at
# \x0b, \x0c, \x1c-\x1e, \x85, \u2028 and \u2029, which a browser keeps as
# text: a note holding one would have arrived with a line break in its place.
SSE_LINE_END = re.compile(r"\r\n|\r|\n")


def sse_event(name: str, data: str, event_id: int | None = None) -> str:
    """One event: each line of `data` a data line. A region is tens of KB of
    HTML with LF line ends, sent to every phone: CR and CRLF (rare) become LF
    first, then each LF starts a data line, in C (a regular expression's
    split took about a twentieth of a Gloomhaven broadcast)."""
    head = f"event: {name}\n" if event_id is None else f"event: {name}\nid: {event_id}\n"
    if "\r" in data:
        data = SSE_LINE_END.sub("\n", data)
    return head + "data: " + data.replace("\n", "\ndata: ") + "\n\n"


KEYS_CACHE_SIZE = 64


log = logging.getLogger(__name__)
# Say that streams are being refused at most this often (a burst of phones
# reconnecting would otherwise fill the terminal).
REFUSAL_LOG_SECONDS = 60


def init_app(app: Flask) -> None:
    app.extensions["companion.seat_keys"] = Memo(KEYS_CACHE_SIZE)
    app.extensions["companion.stream_slots"] = StreamSlots()
    app.extensions["companion.stream_refusals_logged"] = {}


def seat_keys(token: str, version: int | None) -> frozenset[str]:
    """The table's seat keys at `version`, read once per version for all its
    streams. Keys change only with a new version (a join or a takeover)."""
    if version is None:
        return frozenset(store().seat_keys(token))
    keys: Memo = current_app.extensions["companion.seat_keys"]
    return keys.get((token, version), lambda: frozenset(store().seat_keys(token)))


def refused(reason: str):
    """The answer to a stream past a limit: 503 (the server is full) or 429
    (this address has its share), with the seconds to wait."""
    config = current_app.config
    if reason == "busy":
        status, wait = 503, config["SSE_BUSY_RETRY_SECONDS"]
        text = gettext("Too many live connections to this server. Trying again shortly.")
    else:
        status, wait = 429, config["SSE_CLIENT_RETRY_SECONDS"]
        text = gettext("Too many live pages open from this device. Close a few tabs.")
    logged = current_app.extensions["companion.stream_refusals_logged"]
    now = time.monotonic()
    if now - logged.get(reason, -REFUSAL_LOG_SECONDS) >= REFUSAL_LOG_SECONDS:
        logged[reason] = now
        slots: StreamSlots = current_app.extensions["companion.stream_slots"]
        log.warning("live updates: refusing streams (%s; %d open, limit %d in all, %d per address; "
                    "e.g. from %s)", "server full" if reason == "busy" else "too many from one address",
                    slots.open, config["SSE_MAX_STREAMS"], config["SSE_STREAMS_PER_CLIENT"], request.remote_addr)
    return Response(text, status=status, mimetype="text/plain",
                    headers={"Retry-After": str(int(wait)), "Cache-Control": "no-store"})


def limits() -> tuple[int, int]:
    config = current_app.config
    return int(config["SSE_MAX_STREAMS"] or 0), int(config["SSE_STREAMS_PER_CLIENT"] or 0)


@blueprint.get("/t/<token>/events")
def stream(token: str):
    table = table_or_404(token)
    slots: StreamSlots = current_app.extensions["companion.stream_slots"]
    client = request.remote_addr or "?"
    if request.args.get("probe"):
        # Would a stream be admitted now? (The page asks after its stream failed.)
        reason = slots.refusal(client, *limits())
        return refused(reason) if reason else Response(status=204, headers={"Cache-Control": "no-store"})
    reason = slots.take(client, *limits())
    if reason:
        return refused(reason)
    released = threading.Lock()

    def give_back() -> None:
        # Waitress closes the response once, but a failed start may too.
        if released.acquire(blocking=False):
            slots.give_back(client)

    try:
        response = Response(event_stream(table, token), mimetype="text/event-stream",
                            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    except BaseException:
        give_back()
        raise
    response.call_on_close(give_back)
    return response


def event_stream(table, token: str):
    view = request.args.get("view")
    display = view == "display"
    # The history page only needs to hear of each new version (it fetches its
    # list itself): no regions are rendered for it, and no seat is checked.
    versions_only = view == "history"
    seat = None if display or versions_only else current_seat(table)
    key = sent_seat_key(table) if seat is not None else None
    hub = current_app.extensions["companion.hub"]
    heartbeat = current_app.config["SSE_HEARTBEAT_SECONDS"]
    check_every = current_app.config["SSE_CLOSED_CHECK_SECONDS"]
    # Only waitress says when the client hung up; elsewhere a closed stream
    # ends at its next write that fails.
    hung_up = request.environ.get("waitress.client_disconnected") or (lambda: False)

    def rendered(known: int | None) -> tuple[int, dict[str, str]] | None:
        """The version and this viewer's regions, or None once the table is gone."""
        if known == -1:
            return None
        try:
            if versions_only:
                return (known if known is not None else store().state(token)[0]), {}
            return render.stream_regions(table, seat, display, known)
        except NoSuchTable:  # deleted where the hub can't hear (another process)
            return None

    @stream_with_context
    def events():
        sent: dict[str, str] = {}
        seen = -2
        next_ping = time.monotonic() + heartbeat
        while True:
            # Every change, deletion included, goes through the hub, so its
            # version spares hundreds of streams a database read each.
            known = hub.knows(token)
            current = rendered(known)
            if current is None:
                yield sse_event("gone", "")
                return
            if seat is not None and key not in seat_keys(token, known):
                # The host moved the seat to another phone: this one must stop
                # receiving the seat's private regions at once.
                yield sse_event("seat-lost", "")
                return
            version, regions = current
            if version != seen:
                changed = [name for name, html in regions.items() if sent.get(name) != html]
                chunk = "".join(sse_event(f"region-{name}", regions[name], version) for name in changed)
                yield chunk + sse_event("version", str(version), version)
                sent.update({name: regions[name] for name in changed})
                seen = version
                next_ping = time.monotonic() + heartbeat
            wait = min(check_every, next_ping - time.monotonic())
            if hub.wait(token, seen, max(0.0, wait)) is None:
                if hung_up():
                    return
                if time.monotonic() >= next_ping:
                    # A named event, not a comment: the page counts these to
                    # notice a connection that died without telling the browser.
                    yield sse_event("ping", "")
                    next_ping = time.monotonic() + heartbeat

    return events()
