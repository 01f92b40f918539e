"""Actions from the pages: a form post becomes an action; the answer clears
the control's error slot (or fills it with the rules' message) and carries the
new regions out of band, while the event stream brings them to every other
phone."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from htmx_flask import request

from companion.rules import ActionError
from companion.web import render
from companion.web.i18n import error_text
from companion.web.security import current_seat, require_seat, store, table_or_404

blueprint = Blueprint("play", __name__)
RESERVED_FIELDS = {"type", "csrf_token"}
MAX_FIELDS = 32
MAX_FIELD_LENGTH = 2000


def payload_from_form(form) -> dict:
    """Form fields become the payload; a field named `x:int` becomes the whole
    number `x` (buttons send deltas that way)."""
    if len(form) > MAX_FIELDS:
        raise ActionError("Too many fields.")
    payload = {}
    for name, value in form.items():
        if name in RESERVED_FIELDS:
            continue
        if len(value) > MAX_FIELD_LENGTH:
            raise ActionError("That text is too long.", field=name)
        if name.endswith(":int"):
            name = name[:-4]
            try:
                value = int(value.strip())
            except ValueError:
                raise ActionError("Enter a whole number.", field=name) from None
        payload[name] = value
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
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).strip().isdigit():
        raise ActionError("The action's details are malformed.", field="undo")
    return int(value)
