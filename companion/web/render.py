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
CACHE_SIZE = 512


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


def regions(table: Table, seat: Seat | None, display: bool) -> tuple[int, dict[str, str]]:
    """The current version and the HTML of each live region for this viewer."""
    version, state = store().state(table.token)
    key = (table.token, version, "display" if display else (seat.id if seat else None), str(get_locale()))
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return version, _cache[key]
    ctx = context(table, seat, display, version, state)
    html = {}
    for name in region_names(table, seat, display):
        template = f"regions/{name}.html" if name in PLATFORM_REGIONS else f"{table.rules.templates}/{name}.html"
        html[name] = render_template(template, **ctx)
    with _cache_lock:
        _cache[key] = html
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return version, html
