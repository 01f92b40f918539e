"""One server-sent-events stream per open page.

On connect the stream sends every live region (so a phone that slept or lost
Wi-Fi catches up at once); then, after each committed action, the regions
whose HTML changed for this viewer. A `ping` event every few seconds keeps
the connection awake, lets a dead phone's thread notice and end, and lets the
page notice a connection that died silently.
"""

from __future__ import annotations

import re

from flask import Blueprint, Flask, Response, current_app, request, stream_with_context

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
    lines = [f"event: {name}"]
    if event_id is not None:
        lines.append(f"id: {event_id}")
    lines += [f"data: {line}" for line in SSE_LINE_END.split(data)]
    return "\n".join(lines) + "\n\n"


KEYS_CACHE_SIZE = 64


def init_app(app: Flask) -> None:
    app.extensions["companion.seat_keys"] = Memo(KEYS_CACHE_SIZE)


def seat_keys(token: str, version: int | None) -> frozenset[str]:
    """The table's seat keys at `version`, read once per version for all its
    streams. Keys change only with a new version (a join or a takeover)."""
    if version is None:
        return frozenset(store().seat_keys(token))
    keys: Memo = current_app.extensions["companion.seat_keys"]
    return keys.get((token, version), lambda: frozenset(store().seat_keys(token)))


@blueprint.get("/t/<token>/events")
def stream(token: str):
    table = table_or_404(token)
    display = request.args.get("view") == "display"
    seat = None if display else current_seat(table)
    key = sent_seat_key(table) if seat is not None else None
    hub = current_app.extensions["companion.hub"]
    heartbeat = current_app.config["SSE_HEARTBEAT_SECONDS"]

    def rendered(known: int | None) -> tuple[int, dict[str, str]] | None:
        """The version and this viewer's regions, or None once the table is gone."""
        if known == -1:
            return None
        try:
            return render.regions(table, seat, display, known_version=known)
        except NoSuchTable:  # deleted where the hub can't hear (another process)
            return None

    @stream_with_context
    def events():
        sent: dict[str, str] = {}
        seen = -2
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
            if hub.wait(token, seen, heartbeat) is None:
                # A named event, not a comment: the page counts these to notice
                # a connection that died without telling the browser.
                yield sse_event("ping", "")

    return Response(events(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
