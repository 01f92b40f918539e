"""Actions from the pages: a form post becomes an action; the answer clears
the control's error slot (or fills it with the rules' message) and carries the
new regions out of band, while the event stream brings them to every other
phone."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from htmx_flask import request

from companion.kit.fields import whole_number
from companion.rules import ActionError
from companion.web import render
from companion.web.i18n import error_text
from companion.web.security import current_seat, require_seat, store, table_or_404

blueprint = Blueprint("play", __name__)
RESERVED_FIELDS = {"type", "csrf_token"}
MAX_FIELDS = 32
MAX_FIELD_LENGTH = 2000
MAX_STEP = 10**12


def payload_from_form(form) -> dict:
    """Form fields become the payload, as text: the action's declared fields
    (companion.kit.fields) turn it into typed values, as they do JSON. A
    `x:int` name (older pages) is plain `x`."""
    if len(form) > MAX_FIELDS:
        raise ActionError("Too many fields.")
    payload = {}
    for name, value in form.items():
        if name in RESERVED_FIELDS:
            continue
        if len(value) > MAX_FIELD_LENGTH:
            raise ActionError("That text is too long.", field=name)
        payload[name.removesuffix(":int")] = value
    return payload


def answer(table, seat, error: ActionError | None):
    if not request.htmx:
        # Without htmx (a plain form post): back to the page, message on top.
        if error is not None:
            flash(error_text(error), "error")
        return redirect(url_for("pages.table", token=table.token))
    if error is not None:
        return render_template("_error.html", message=error_text(error)), 422
    version, regions = render.regions(table, seat, display=False)
    return render_template("_after_action.html", regions=regions, version=version)


def change_as_seat(token: str, change):
    """Run `change(seat)` for the requester's seat and answer the control."""
    table = table_or_404(token)
    try:
        change(require_seat(table))
    except ActionError as error:
        return answer(table, current_seat(table), error)
    return answer(table, current_seat(table), None)


@blueprint.post("/t/<token>/act")
def act(token: str):
    return change_as_seat(token, lambda seat: store().act(
        token, seat.id, request.form.get("type", ""), payload_from_form(request.form)))


@blueprint.post("/t/<token>/undo")
def undo(token: str):
    return change_as_seat(token, lambda seat: store().undo(token, seat.id, expected_step(request.form.get("seq"))))


def expected_step(value) -> int | None:
    """The step the Undo button showed (absent from older pages and tools)."""
    if value is None or value == "":
        return None
    try:
        return whole_number(value, "undo", low=1, high=MAX_STEP)
    except ActionError:
        raise ActionError("The action's details are malformed.", field="undo") from None
