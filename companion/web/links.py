"""Linked tables on the pages: a parent starts a child from one of its offers,
a finished child reports its result back, and each links to the other.

A phone that holds a seat at the parent is given its linked seat at the child
when it opens it (see `security.linked_seat`), so nobody joins again."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, Response, flash, redirect, render_template, url_for
from htmx_flask import request

from companion.rules import ActionError, Msg, Seat
from companion.store import Table
from companion.web.i18n import error_text, reader_language, text, translate_params
from companion.web.security import current_seat, is_host, require_seat, store, table_or_404
from companion.web.urls import join_url

blueprint = Blueprint("links", __name__)


@dataclass
class Family:
    """What the "links" region shows: the parent, the children, what can be started, whether to report."""

    parent: Table | None = None
    parent_deleted: str | None = None  # the name of the table this one was started from, deleted since
    children: list[tuple[Table, bool]] = field(default_factory=list)  # each child, and whether it reported
    offers: list[tuple[str, str]] = field(default_factory=list)  # (offer id, button text)
    can_report: bool = False
    reported: bool = False
    stopped_waiting: bool = False  # on a child not reported: its parent no longer waits for its result
    # Where the table went, for the "follow" card at the top of each seat's
    # page: the started tables this seat has a seat at, not yet reported and
    # still awaited; on a child whose result was reported (or that its
    # parent stopped waiting for), its parent.
    follow: list[Table] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.parent or self.parent_deleted or self.children or self.offers)


def family(table: Table, seat: Seat | None, state: dict, seats: dict[str, Seat]) -> Family:
    found = Family()
    if table.parent:
        found.parent = store().table(table.parent)
        found.parent_deleted = store().parent_deleted(table) if found.parent is None else None
        found.reported = store().reported(table.token)
        found.can_report = found.parent is not None and not found.reported and table.rules.result(state) is not None
        found.stopped_waiting = stopped_waiting(table, found)
    found.children = [(child, store().reported(child.token)) for child in store().children(table.token)]
    if seat is not None:
        offers = table.rules.child_offers(state, seats)
        found.offers = [(offer.id, translate_params(offer.label, offer.label_params)) for offer in offers]
        found.follow = followed(table, found.children, state, seats, seat)
    return found


def on_display(table: Table, state: dict, seats: dict[str, Seat]) -> Family:
    """Where the table display goes by itself (nobody taps a display): from a
    parent to each started table it still awaits, whoever sits there; from a
    child whose result was reported back, or that its parent stopped waiting
    for, to its parent."""
    found = Family()
    if table.parent:
        found.parent = store().table(table.parent)
        found.reported = found.parent is not None and store().reported(table.token)
        found.stopped_waiting = stopped_waiting(table, found)
    found.children = [(child, store().reported(child.token)) for child in store().children(table.token)]
    found.follow = [child for child, reported in found.children
                    if not reported and table.rules.awaits_child(state, child.offer, seats)]
    return found


def stopped_waiting(child: Table, found: Family) -> bool:
    """A child not reported whose parent no longer waits for its result (a
    campaign's "Stop waiting"): its pages offer the way back to the parent."""
    return found.parent is not None and not found.reported and not store().parent_waits(child.token)


def followed(table: Table, children: list[tuple[Table, bool]], state: dict, seats: dict[str, Seat],
             seat: Seat) -> list[Table]:
    """The started tables a seated phone is taken to: each not reported yet,
    still awaited by the parent (a campaign that stopped waiting for one no
    longer sends anyone there) and with a seat linked to this one."""
    return [child for child, reported in children
            if not reported and table.rules.awaits_child(state, child.offer, seats)
            and store().linked_seat_key(child.token, seat.id)]


def title(table: Table, parent: Table | None = None) -> str:
    """A table's name as its pages show it (template global `table_title`):
    a table started from another is named by that one's game
    (`Rules.child_title`: a campaign's scenario in the reader's language);
    `parent`, when the caller has it at hand, spares a lookup."""
    if not table.parent or not table.offer:
        return table.name
    parent = parent if parent is not None and parent.token == table.parent else store().table(table.parent)
    named = parent.rules.child_title(table.offer, table.name) if parent is not None else table.name
    return named.translated(text, reader_language()) if isinstance(named, Msg) else named


def init_app(app) -> None:
    app.add_template_global(title, "table_title")


def go_to(target: str):
    """To `target`: htmx follows HX-Redirect; a plain form post a redirect."""
    if request.htmx:
        return Response(status=204, headers={"HX-Redirect": target})
    return redirect(target)


def refused(table: Table, error: ActionError):
    if request.htmx:
        return render_template("_error.html", message=error_text(error)), 422
    flash(error_text(error), "error")
    return redirect(url_for("pages.table", token=table.token))


@blueprint.post("/t/<token>/children")
def start(token: str):
    """Start one of this table's offers as the requester's seat; open the child."""
    table = table_or_404(token)
    try:
        child = store().create_child(token, request.form.get("offer", ""), require_seat(table).id)
    except ActionError as error:
        return refused(table, error)
    return go_to(url_for("pages.table", token=child.token))


@blueprint.post("/t/<token>/report")
def report(token: str):
    """Report this finished child's result to its parent; open the parent."""
    table = table_or_404(token)
    try:
        store().report(token, require_seat(table).id)
    except ActionError as error:
        return refused(table, error)
    return go_to(url_for("pages.table", token=table.parent))


def table_links(table: Table) -> dict:
    """The parent and children of a table, for the JSON API."""
    parent = store().table(table.parent) if table.parent else None
    return {
        "parent": {"token": parent.token, "name": parent.name, "url": join_url(parent)} if parent else None,
        # Started from a table deleted since: its name (there is nothing to link to).
        "parent_deleted": store().parent_deleted(table) if parent is None else None,
        "children": [{"token": child.token, "name": child.name, "game": child.game, "offer": child.offer,
                      "reported": store().reported(child.token), "url": join_url(child)}
                     for child in store().children(table.token)],
    }


def seat_or_host(table: Table) -> str | None:
    """The requester's seat id, or None for the host (who sends X-Host-Key)."""
    if request.headers.get("X-Host-Key") and is_host(table):
        return None
    seat = current_seat(table)
    if seat is None:
        raise ActionError("Take a seat first.", field="seat")
    return seat.id
