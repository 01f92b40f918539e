"""Rendering a table's live regions for one viewer.

A region is a game template (templates/games/<id>/<name>.html) or a platform
one (templates/regions/<name>.html). Renders are cached per (table, version,
viewer, language), so three hundred phones on eight seats cost nine renders
per change, not three hundred.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import render_template, url_for
from flask_babel import get_locale

from companion.rules import Seat
from companion.store import Table
from companion.web.security import store

PLATFORM_REGIONS = ["log"]
_cache: OrderedDict = OrderedDict()
_cache_lock = threading.Lock()
# Keys being rendered right now, each with an Event set when its render ends:
# after a change every open stream asks for the new version at once, and
# without this each of them would render it (hundreds of renders, not nine).
_rendering: dict[tuple, threading.Event] = {}
CACHE_SIZE = 512
RENDER_WAIT_SECONDS = 5


def region_names(table: Table, seat: Seat | None, display: bool) -> list[str]:
    names = table.rules.regions(None if display else seat)
    return names + ([] if display else PLATFORM_REGIONS)


def context(table: Table, seat: Seat | None, display: bool, version: int, state: dict) -> dict:
    rules = table.rules
    viewer = None if display else seat
    return {
        "table": table,
        "rules": rules,
        "seat": viewer,
        "seats": store().seats(table.token),
        "view": rules.view(state, viewer),
        "version": version,
        "display": display,
        "act_url": url_for("play.act", token=table.token),
    }


def regions(table: Table, seat: Seat | None, display: bool,
            known_version: int | None = None) -> tuple[int, dict[str, str]]:
    """The current version and the HTML of each live region for this viewer.

    `known_version` is the live hub's (when it has heard of the table): with
    it a cached render is found without reading the database. After a change
    hundreds of streams ask at once; reading and decoding the state for each
    of them was most of the cost of a broadcast."""
    viewer = "display" if display else (seat.id if seat else None)
    locale = str(get_locale())
    if known_version is not None:
        version, state = known_version, None
    else:
        version, state = store().state(table.token)
    while True:
        key = (table.token, version, viewer, locale)
        with _cache_lock:
            html = _cache.get(key)
            if html is not None:
                _cache.move_to_end(key)
                return version, html
            done = _rendering.get(key)
            mine = done is None
            if mine:
                done = _rendering[key] = threading.Event()
        if not mine:
            # Another thread is rendering this very key: wait for its result
            # (if it failed, this thread comes back here and renders it).
            done.wait(RENDER_WAIT_SECONDS)
            continue
        try:
            if state is None:
                latest, state = store().state(table.token)
                if latest != version:
                    # The table moved on since the hub said: render the newer
                    # version (`finally` gives up the claim on this one).
                    version = latest
                    continue
            html = render_regions(table, seat, display, version, state)
            with _cache_lock:
                _cache[key] = html
                while len(_cache) > CACHE_SIZE:
                    _cache.popitem(last=False)
            return version, html
        finally:
            with _cache_lock:
                _rendering.pop(key, None)
            done.set()


def render_regions(table: Table, seat: Seat | None, display: bool, version: int, state: dict) -> dict[str, str]:
    ctx = context(table, seat, display, version, state)
    html = {}
    for name in region_names(table, seat, display):
        template = f"regions/{name}.html" if name in PLATFORM_REGIONS else f"{table.rules.templates}/{name}.html"
        html[name] = render_template(template, **ctx)
    return html
