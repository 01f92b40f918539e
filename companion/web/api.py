"""The JSON API: the same actions the pages send, for other tools.

A seat is identified as on a phone: the table's token in the URL and the
seat's key (header `X-Seat-Key`, or the phone's cookie). The host of a table
sends `X-Host-Key`. Requests that change anything must be
`Content-Type: application/json`. See docs/api.md.
"""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, request
from flask_babel import gettext

from companion import games
from companion.kit.fields import whole_number
from companion.rules import ActionError
from companion.web import history, i18n, importer, links
from companion.web.i18n import error_text
from companion.web.pages import creation_options
from companion.web.play import MAX_STEP, expected_step
from companion.web.security import (
    current_seat,
    is_host,
    is_local_request,
    require_host,
    require_seat,
    store,
    table_or_404,
)
from companion.web.urls import join_url

blueprint = Blueprint("api", __name__, url_prefix="/api")


def bad(error: ActionError, status: int = 400):
    return jsonify({"error": error_text(error), "field": error.field}), status


def parsed_json() -> object:
    """The request's JSON, or None if it is not JSON (or nested deeper than
    Python's parser can go, which raises RecursionError, not ValueError)."""
    try:
        return request.get_json(silent=True)
    except RecursionError:
        return None


def body() -> dict:
    data = parsed_json()
    if not isinstance(data, dict):
        raise ActionError("Send a JSON object.")
    return data


@blueprint.errorhandler(ActionError)
def refused(error: ActionError):
    return bad(error)


def table_json(table) -> dict:
    return {"token": table.token, "code": table.code, "game": table.game, "name": table.name,
            "version": table.version, "url": join_url(table)}


@blueprint.get("/games")
def list_games():
    return jsonify([game_json(rules) for rules in games.table_types().values()])


def game_json(rules) -> dict:
    with i18n.speaking_for(rules.id):  # each game in its own words
        return {
            "id": rules.id, "title": gettext(rules.title),
            "roles": [role_json(r) for r in rules.roles()],
            # An option left out takes its default; one with none is required.
            "options": [{"name": f["name"], "kind": f["kind"], "default": f.get("default"),
                         "required": f.get("default") is None} for f in rules.setup_fields()],
            "actions": rules.action_types(),
            "action_fields": {spec.type: spec.describe() for spec in rules.actions()},
        }


def role_json(role) -> dict:
    return {"id": role.id, "label": gettext(role.label), "max_seats": role.max_seats}


@blueprint.post("/tables")
def create_table():
    if not is_local_request():
        abort(403)
    data = body()
    if not isinstance(data.get("game"), str) or data["game"] not in games.table_types():
        raise ActionError("Pick a game.", field="game")
    i18n.speak_for(data["game"])
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise ActionError("Options must be an object.", field="options")
    options = creation_options(games.rules_for(data["game"]), options)
    table = store().create_table(data["game"], data.get("name", ""), options)
    return jsonify({**table_json(table), "host_key": table.host_key}), 201


@blueprint.post("/tables/import")
def import_table():
    if not is_local_request():
        abort(403)
    table = importer.import_upload(store(), request.get_data(cache=False))
    return jsonify({**table_json(table), "host_key": table.host_key}), 201


@blueprint.get("/tables/<token>")
def table_info(token: str):
    table = table_or_404(token)
    seats = store().seats(token)
    _, state = store().state(token)
    return jsonify({**table_json(table),
                    # The roles a seat may take here: those this table plays.
                    "roles": [role_json(r) for r in table.rules.open_roles(state)],
                    "seats": [{"id": s.id, "name": s.name, "role": s.role} for s in seats.values()],
                    **links.table_links(table)})


@blueprint.post("/tables/<token>/children")
def start_child(token: str):
    """Start one of the table's offers (as a seat, or the host): the new table, its seats linked."""
    table = table_or_404(token)
    child = store().create_child(token, body().get("offer"), links.seat_or_host(table))
    return jsonify({**table_json(child), **links.table_links(child)}), 201


@blueprint.post("/tables/<token>/report")
def report(token: str):
    """Report a finished child's result to its parent, as the parent's result action."""
    table = table_or_404(token)
    return jsonify({"parent": table.parent, "version": store().report(token, links.seat_or_host(table))})


@blueprint.post("/tables/<token>/seats")
def join(token: str):
    table_or_404(token)
    data = body()
    seat, key = store().join(token, data.get("name", ""), data.get("role", ""))
    return jsonify({"seat": {"id": seat.id, "name": seat.name, "role": seat.role}, "key": key}), 201


@blueprint.post("/tables/<token>/seats/<seat_id>/takeover")
def take_over(token: str, seat_id: str):
    table = table_or_404(token)
    require_host(table)
    return jsonify({"seat": seat_id, "key": store().take_over(token, seat_id)})


@blueprint.get("/tables/<token>/state")
def state(token: str):
    table = table_or_404(token)
    seat = current_seat(table)
    version, full = store().state(token)
    return jsonify({"version": version, "seat": seat.id if seat else None,
                    "state": table.rules.view(full, seat)})


@blueprint.post("/tables/<token>/actions")
def act(token: str):
    seat = require_seat(table_or_404(token))
    data = body()
    payload = data.get("payload", {})
    version = store().act(token, seat.id, data.get("type"), payload if payload is not None else {})
    return jsonify({"version": version})


@blueprint.post("/tables/<token>/undo")
def undo(token: str):
    table = table_or_404(token)
    # The host may undo what a seat may not (an action its game keeps from seats).
    host = bool(request.headers.get("X-Host-Key")) and is_host(table)
    seat = None if host else require_seat(table)
    data = parsed_json()
    # Optional: the step the tool means to undo; refused if another came since.
    seq = data.get("seq") if isinstance(data, dict) else None
    return jsonify({"version": store().undo(token, seat.id if seat else None, expected_step(seq), by_host=host)})


# The most entries one page of the log may ask for (`limit`, `last`).
MAX_LOG_PAGE = 1000


def log_parameter(name: str, low: int, high: int = MAX_STEP) -> int | None:
    value = request.args.get(name)
    return None if value is None else whole_number(value, name, low=low, high=high)


@blueprint.get("/tables/<token>/log")
def log(token: str):
    """The log, oldest first; a page of it with `after`/`before` (steps) and
    `limit` (the oldest N of those) or `last` (the newest N)."""
    table = table_or_404(token)
    viewer = current_seat(table)
    after, before = log_parameter("after", 0), log_parameter("before", 1)
    limit, last = log_parameter("limit", 1, MAX_LOG_PAGE), log_parameter("last", 1, MAX_LOG_PAGE)
    if limit is not None and last is not None:
        raise ActionError("Ask for the oldest entries (limit) or the newest (last), not both.", field="last")
    seats = store().seats(token)
    version, state = store().state(token)
    upto = version if before is None else min(version, before - 1)
    entries = store().log(token, last=last, first=limit, upto=upto, after=after)
    return jsonify([{"seq": entry.seq, "type": entry.type, "payload": line.payload, "seat": entry.seat,
                     "time": entry.time, "undone": entry.undone, "text": line.text}
                    for entry, line in history.lines(table, viewer, seats=seats, state=state, version=version,
                                                     entries=entries)])


@blueprint.get("/tables/<token>/export")
def export(token: str):
    table = table_or_404(token)
    require_host(table)
    return jsonify(store().export(token))


@blueprint.delete("/tables/<token>")
def delete(token: str):
    table = table_or_404(token)
    require_host(table)
    store().delete_table(token)
    return jsonify({"deleted": token})
