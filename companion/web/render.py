"""Rendering a table's live regions for one viewer.

A region is a game template (games/<id>/<name>.html, see
companion.web.templating) or a platform one (templates/regions/<name>.html).
Each app caches renders per (table, version, viewer, language), so three
hundred phones on eight seats cost nine renders per change, not three hundred.
So a region holds nothing of one browser (security.for_every_browser): its
plain forms' CSRF token is filled in by the page as they are sent (app.js).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from flask import Flask, current_app, request, url_for
from flask_babel import get_locale

from companion.kit import alike
from companion.rules import Seat
from companion.store import LogEntry, NoSuchTable, Table
from companion.web import history, i18n, links, security
from companion.web.memo import Latest, Memo
from companion.web.security import store

# "links": the tables this one was started from or started (companion.web.links).
PLATFORM_REGIONS = ["links", "log"]
# "follow": at the top of a seat's page and of the display, where the table
# went (a started scenario to go to, or the campaign to go back to once it
# reported). A display goes there by itself (app.js).
TOP_REGIONS = ["follow"]
CACHE_SIZE = 512
# What every viewer's render of one version reads alike (state, seats, the
# undo step, the log's tail), kept for a few versions of many tables.
READS_CACHE_SIZE = 1024
# The latest render of each (table, viewer, region, language) with what it
# read of the view, for regions re-rendered only when that changed.
LATEST_SIZE = 4096


def init_app(app: Flask) -> None:
    app.extensions["companion.renders"] = Memo(CACHE_SIZE)
    app.extensions["companion.version_reads"] = Memo(READS_CACHE_SIZE)
    app.extensions["companion.latest_renders"] = Latest(LATEST_SIZE)


def lines_kept(token: str, version: int) -> history.Keep:
    """Where the history lines of one table version are kept for all its
    viewers: every phone's last line and Undo describe the same step."""
    return lambda key, work: version_read(token, version, key, work)


def viewer_name(seat: Seat | None, display: bool) -> str | None:
    """Who a render is for, in the keys of what is kept of it: "display",
    a seat's id, or None (a page opened without a seat)."""
    return "display" if display else (seat.id if seat else None)


def version_read(token: str, version: int, what: Hashable, read: Callable[[], object]):
    """`read()` once per table version for every viewer that renders it.
    A table's reads at one version never change (every change is a new
    version), so eight seats' renders after an action share one read each
    instead of each decoding the state and querying the log."""
    reads: Memo = current_app.extensions["companion.version_reads"]
    # Wrapped, as a Memo does not keep None (no undo step, say).
    return reads.get((token, version, what), lambda: (read(),))[0]


def region_names(table: Table, seat: Seat | None, display: bool) -> list[str]:
    names = table.rules.regions(None if display else seat)
    if display:
        return TOP_REGIONS + names
    return TOP_REGIONS + names + PLATFORM_REGIONS


def context(table: Table, seat: Seat | None, display: bool, version: int, state: dict,
            every_seat: bool = False) -> dict:
    """The templates' context. `every_seat`: for a region rendered once for
    every seat (shared or seat-alike): the view without secrets, no links of
    one seat's own, no Undo."""
    rules = table.rules
    viewer = None if display else seat
    token = table.token
    seats = version_read(token, version, "seats", lambda: store().seats(token))
    # What every seat's view works out alike (kit.alike), once per version.
    with alike.sharing(state, lambda what, compute: version_read(token, version, ("alike", what), compute)):
        if viewer is None or every_seat:
            # The view without secrets is the same for the display and every
            # region rendered for all seats: worked out once per version.
            view = version_read(token, version, "view without secrets", lambda: rules.seat_view(state, None, seats))
        else:
            view = rules.seat_view(state, viewer, seats)
    return {
        "table": table,
        "rules": rules,
        "seat": viewer,
        "seats": seats,
        # The log region's lines from this render's own reads: reading seats
        # and state again might find a newer version than the one this render
        # is cached as.
        "last_lines": lambda table, seat, count: history.newest_first(
            table, seat, count, seats=seats, state=state, version=version,
            entries=version_read(token, version, ("log", count), lambda: store().log(token, last=count, upto=version)),
            keep=lines_kept(token, version)),
        "view": view,
        "version": version,
        # The step the Undo button takes back (None: nothing here can be
        # undone), its seq sent with it so that an action from another phone
        # in between is not undone by mistake.
        # Only the log region shows it, and that region is each seat's own:
        # not worked out for a region rendered once for every seat.
        "undo": None if display or every_seat else undo_offer(table, viewer, version, state, seats),
        "display": display,
        "act_url": url_for("play.act", token=table.token),
        "family": (links.on_display(table, state, seats) if display
                   else None if every_seat else links.family(table, viewer, state, seats)),
    }


@dataclass(frozen=True)
class UndoOffer:
    """The step a seat's Undo takes back: its number, its history line as the
    seat may read it, and whether the seat took it (if not, Undo asks first)."""

    seq: int
    line: history.HistoryLine
    mine: bool


def undo_offer(table: Table, viewer: Seat | None, version: int, state: dict,
               seats: dict[str, Seat]) -> UndoOffer | None:
    """What Undo would take back at `version`, or None when there is nothing
    to undo or undoing it would be refused (a step before a reported
    result, one the game keeps): the page offers no Undo then."""
    def undoable() -> LogEntry | None:
        target = store().undo_target(table.token, upto=version)
        if target is None:
            return None
        entry = store().log_entries(table.token, [target])[0]
        return entry if store().undo_refusal(table, entry, state) is None else None

    entry = version_read(table.token, version, "undo", undoable)
    if entry is None:
        return None
    line = history.describe(table, entry, seats, state, viewer, keep=lines_kept(table.token, version))
    return UndoOffer(entry.seq, line, mine=viewer is not None and entry.seat == viewer.id)


def regions(table: Table, seat: Seat | None, display: bool,
            known_version: int | None = None, current: tuple[int, dict] | None = None) -> tuple[int, dict[str, str]]:
    """The current version and the HTML of each live region for this viewer.

    `known_version` is the live hub's (when it has heard of the table): with
    it a cached render is found without reading the database. After a change
    hundreds of streams ask at once; reading and decoding the state for each
    of them was most of the cost of a broadcast. `current`: the (version,
    state) the caller has just read itself, so it isn't read twice."""
    renders: Memo = current_app.extensions["companion.renders"]
    viewer = viewer_name(seat, display)
    locale = str(get_locale())
    if known_version is not None:
        def render_if_current() -> dict[str, str] | None:
            state = version_read(table.token, known_version, "state",
                                 lambda: state_if_current(table.token, known_version))
            # None when the table moved on since the hub said: that version
            # can no longer be rendered, so the current one is, below.
            return render_regions(table, seat, display, known_version, state) if state is not None else None

        html = renders.get((table.token, known_version, viewer, locale), render_if_current)
        if html is not None:
            return known_version, html
    version, state = current if current is not None else store().state(table.token)
    return version, renders.get((table.token, version, viewer, locale),
                                lambda: render_regions(table, seat, display, version, state))


# A render process's answer when the table was deleted (companion.web.render_pool).
TABLE_GONE = "gone"


def stream_regions(table: Table, seat: Seat | None, display: bool,
                   known_version: int | None) -> tuple[int, dict[str, str]]:
    """`regions` for an event stream: from the table's render process when
    the server has them (companion.web.render_pool), kept here as a render
    of this server's own would be, so the phones of one seat share it."""
    pool = current_app.extensions.get("companion.render_pool")
    if pool is None:
        return regions(table, seat, display, known_version=known_version)
    renders: Memo = current_app.extensions["companion.renders"]
    viewer = viewer_name(seat, display)
    locale = str(get_locale())
    answers = []

    def from_pool() -> dict[str, str] | None:
        answer = pool.regions(table, seat, display, known_version, request.environ, locale)
        if answer == TABLE_GONE:
            raise NoSuchTable(table.token)
        if answer is None:
            return None
        answers.append(answer)
        version, html = answer
        # A newer version than the hub said is returned, not kept as this one.
        return html if version == known_version else None

    if known_version is not None:
        html = renders.get((table.token, known_version, viewer, locale), from_pool)
        if html is not None:
            return known_version, html
    else:
        from_pool()
    if answers:
        version, html = answers[0]
        return version, renders.get((table.token, version, viewer, locale), lambda: html)
    # No answer from the pool: rendered here, as without one.
    return regions(table, seat, display, known_version=known_version)


def state_if_current(token: str, version: int) -> dict | None:
    latest, state = store().state(token)
    return state if latest == version else None


def render_regions(table: Table, seat: Seat | None, display: bool, version: int, state: dict) -> dict[str, str]:
    # What is rendered here is cached and sent to every browser showing it.
    with security.for_every_browser(), i18n.one_catalog():
        ctx = context(table, seat, display, version, state)
        # The context processors run once for all the viewer's regions, not once
        # per region as render_template would.
        current_app.update_template_context(ctx)
        shared = set() if display else set(table.rules.shared_regions)
        alike = set() if display or seat is None else set(table.rules.seat_alike_regions)
        html = {}
        for name in region_names(table, seat, display):
            platform = name in PLATFORM_REGIONS or name in TOP_REGIONS
            template = f"regions/{name}.html" if platform else f"{table.rules.templates}/{name}.html"
            if name in shared:
                html[name] = shared_region(table, version, state, name, template)
            elif name in alike:
                html[name] = seat_alike_region(table, seat, version, state, name, template)
            else:
                who = viewer_name(seat, display)
                html[name] = game_region(table, who, name, template, ctx)
    return html


def shared_region(table: Table, version: int, state: dict, name: str, template: str) -> str:
    """A region the game says is the same for every seat, rendered once per
    (table, version, language) and given to each seat. It is rendered as
    nobody's: no seat, the display's view (no secrets), never the display's
    layout."""
    def render_for_every_seat() -> str:
        ctx = context(table, None, False, version, state, every_seat=True)
        current_app.update_template_context(ctx)
        return game_region(table, "every seat", name, template, ctx)

    renders: Memo = current_app.extensions["companion.renders"]
    return renders.get((table.token, version, "every seat", name, str(get_locale())), render_for_every_seat)


def seat_alike_region(table: Table, seat: Seat, version: int, state: dict, name: str, template: str) -> str:
    """A region the game says is the same on every seat's page, a seat's
    controls included (`Rules.seat_alike_regions`): rendered once per
    (table, version, language) for the first seat that asks and given to
    every seat. Its view is the display's (no secrets), so nothing of one
    seat's own can reach another."""
    def render_for_every_seat() -> str:
        ctx = context(table, seat, False, version, state, every_seat=True)
        current_app.update_template_context(ctx)
        return game_region(table, "every seat alike", name, template, ctx)

    renders: Memo = current_app.extensions["companion.renders"]
    return renders.get((table.token, version, "every seat alike", name, str(get_locale())), render_for_every_seat)


class ReadView(dict):
    """A copy of a view that notes what is read of it (by the template and
    the helpers it calls): the paths of keys, two deep (`("shown",
    "monsters")`), so a region that reads one part of a large derived value
    is not rendered again when another part changes. Anything that takes a
    whole mapping (its keys, items, length, a copy) counts as reading all of
    it; the whole view read that way is `whole`."""

    DEPTH = 2

    def __init__(self, view: dict, reads: dict | None = None, path: tuple = ()):
        super().__init__(view)
        self.companion_reads = {} if reads is None else reads
        self.companion_path = path
        self.companion_children: dict = {}

    @property
    def whole(self) -> bool:
        return () in self.companion_reads

    def _read(self, key) -> None:
        self.companion_reads[(*self.companion_path, key)] = None

    def _child(self, key, value):
        if type(value) is not dict or len(self.companion_path) + 1 >= self.DEPTH:
            self._read(key)
            return value
        child = self.companion_children.get(key)
        if child is None:
            child = self.companion_children[key] = ReadView(value, self.companion_reads, (*self.companion_path, key))
        return child

    def __getitem__(self, key):
        try:
            value = super().__getitem__(key)
        except KeyError:
            self._read(key)
            raise
        return self._child(key, value)

    def get(self, key, default=None):
        if not super().__contains__(key):
            self._read(key)
            return default
        return self._child(key, super().__getitem__(key))

    def __contains__(self, key):
        self._read(key)
        return super().__contains__(key)

    def _whole(self, method: str, *args):
        self.companion_reads[self.companion_path] = None
        return getattr(super(), method)(*args)

    def keys(self):
        return self._whole("keys")

    def items(self):
        return self._whole("items")

    def values(self):
        return self._whole("values")

    def __iter__(self):
        return self._whole("__iter__")

    def __len__(self):
        return self._whole("__len__")

    def copy(self):
        return self._whole("copy")

    def __eq__(self, other):
        return self._whole("__eq__", other)

    __hash__ = None

    def __reduce_ex__(self, protocol):
        self.companion_reads[self.companion_path] = None
        return dict, (dict(super().items()),)


_ABSENT = object()


def at_path(view: dict, path: tuple):
    """The value at `path` in the view (`_ABSENT` if it isn't there)."""
    value = view
    for key in path:
        if type(value) is not dict or key not in value:
            return _ABSENT
        value = value[key]
    return value


def read_paths(reads: dict) -> tuple:
    """The paths read, without those inside a path read whole."""
    paths = set(reads)
    return tuple(path for path in reads if not any(path[:n] in paths for n in range(1, len(path))))


def game_region(table: Table, who: object, name: str, template: str, ctx: dict) -> str:
    """A game region, rendered again only if what it read of the view last
    time (or the seats, or the table's name) changed, when the game says the
    region reads nothing else (`Rules.view_regions`). A hit point changed on
    one standee re-renders the regions that show standees, not the page."""
    if name not in table.rules.view_regions:
        return render_region(template, ctx)
    latest: Latest = current_app.extensions["companion.latest_renders"]
    key = (table.token, who, name, str(get_locale()))
    around = (ctx["seats"], table.name, ctx["display"], ctx["seat"])
    view = ctx["view"]
    last = latest.get(key)
    if last is not None:
        paths, values, last_around, html = last
        if last_around == around and all(at_path(view, path) == value for path, value in zip(paths, values)):
            return html
    watched = ReadView(view)
    html = render_region(template, {**ctx, "view": watched})
    if not watched.whole:
        paths = read_paths(watched.companion_reads)
        latest.put(key, (paths, tuple(at_path(view, path) for path in paths), around, html))
    return html


def render_region(template: str, ctx: dict) -> str:
    return current_app.jinja_env.get_template(template).render(ctx)
