"""The group's numbers of The Others across tables (see numbers.py).

- The server keeps one set (`Store.kept_numbers`), offered to every new
  table: numbers a table's group enters fill what the server lacks; only the
  server machine's owner (a request from the machine itself, as for the home
  page) replaces what it has, from a table or from a file, or forgets it.
- `/the-others/numbers`: what the server keeps, its file to download and,
  for the owner, a file to import.
- At a table: its numbers as a file, a file's numbers entered at this table
  alone (a seat or the table's host), and for the owner "keep this table's
  numbers for every new table".
- The pages also get `the_others_remembered(token)`: the numbers entered at
  the newest other table of this game, for a table made before the server
  kept any.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from companion.games.the_others import numbers
from companion.rules import N_, ActionError

blueprint = Blueprint("the_others", __name__)
GAME = "the-others"
#: A numbers file is small: every hero, sin, acolyte and story fits in a few kilobytes.
MAX_FILE = 64 * 1024


def _store():
    from companion.web.security import store

    return store()


def remembered(token: str) -> str | None:
    """The facts as the JSON the set-up form sends back, or None (also when
    the server keeps numbers: a new table starts with them)."""
    current = _store().table(token)
    if current is None or _store().kept_numbers(GAME):
        return None
    _, here = _store().state(token)
    for table in _store().tables():
        if table.game != GAME or table.token == token:
            continue
        _, state = _store().state(table.token)
        if "facts" not in state or "options" not in state:
            continue
        copied = numbers.for_table(numbers.from_table(state), here["options"])
        if copied:
            return json.dumps(copied, separators=(",", ":"), sort_keys=True)
    return None


@blueprint.app_context_processor
def offer_remembered_facts() -> dict:
    from companion.web.security import is_local_request

    return {"the_others_remembered": remembered, "the_others_owner": is_local_request}


# -- what a table's group enters fills what the server lacks -----------------------------------
ACT_ENDPOINTS = ("play.act", "api.act")


@blueprint.after_app_request
def learn_numbers(response):
    if (request.method != "POST" or request.endpoint not in ACT_ENDPOINTS or response.status_code >= 400
            or not request.view_args):
        return response
    sent = request.form.get("type") if request.form else (request.get_json(silent=True) or {}).get("type")
    table = _store().table(request.view_args.get("token", ""))
    if sent == "facts.enter" and table is not None and table.game == GAME:
        learn(table.token)
    return response


def learn(token: str) -> None:
    """Fill what the server keeps with the numbers entered at this table
    (what the server has already stays: only its owner changes it)."""
    _, state = _store().state(token)
    kept = _store().kept_numbers(GAME) or numbers.empty()
    more = numbers.merged(kept, numbers.from_table(state))
    if more != kept:
        _store().keep_numbers(GAME, more)


# -- the server's numbers ----------------------------------------------------------------------
def _owner_only() -> None:
    from companion.web.security import is_local_request

    if not is_local_request():
        abort(403)


def _file_numbers() -> dict:
    upload = request.files.get("file")
    text = upload.read(MAX_FILE + 1) if upload else b""
    if len(text) > MAX_FILE:
        raise ActionError(N_("This is not a file of The Others' numbers."), field="file")
    return numbers.read(text)


def _download(kept: dict, name: str) -> Response:
    return Response(json.dumps(kept, indent=1, sort_keys=True, ensure_ascii=False), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@blueprint.get("/the-others/numbers")
def numbers_page():
    from companion.web.security import is_local_request

    kept = _store().kept_numbers(GAME)
    back = request.args.get("back", "")
    back = back if back.startswith("/t/") and "//" not in back else ""
    return render_template("games/the_others/numbers_page.html", kept=kept, counts=numbers.counts(kept),
                           owner=is_local_request(), back=back)


@blueprint.get("/the-others/numbers.json")
def numbers_file():
    return _download(_store().kept_numbers(GAME) or numbers.empty(), "the-others-numbers.json")


@blueprint.post("/the-others/numbers")
def import_numbers():
    """The owner's file replaces what the server keeps; "forget" keeps none."""
    from companion.web.i18n import error_text

    _owner_only()
    if request.form.get("forget"):
        _store().keep_numbers(GAME, None)
        flash(gettext("This server keeps no numbers of The Others now."))
        return redirect(url_for("the_others.numbers_page"))
    try:
        _store().keep_numbers(GAME, _file_numbers())
    except ActionError as error:
        flash(error_text(error), "error")
        return redirect(url_for("the_others.numbers_page"))
    flash(gettext("Every new table of The Others starts with these numbers."))
    return redirect(url_for("the_others.numbers_page"))


# -- a table's numbers -------------------------------------------------------------------------
def _table(token: str):
    from companion.web.security import table_or_404

    table = table_or_404(token)
    if table.game != GAME:
        abort(404)
    return table


@blueprint.get("/t/<token>/the-others/numbers.json")
def table_numbers_file(token: str):
    _table(token)
    _, state = _store().state(token)
    return _download(numbers.from_table(state), "the-others-numbers.json")


@blueprint.post("/t/<token>/the-others/numbers")
def table_import_numbers(token: str):
    """A file's numbers entered at this table alone (as its facts.enter)."""
    from companion.web.i18n import error_text
    from companion.web.security import current_seat, is_host

    table = _table(token)
    seat = current_seat(table)
    if seat is None and not is_host(table):
        abort(403)
    _, state = _store().state(token)
    try:
        payload = numbers.for_table(_file_numbers(), state["options"])
        _store().act(token, seat.id if seat else None, "facts.enter", payload)
    except ActionError as error:
        flash(error_text(error), "error")
    return redirect(url_for("pages.table", token=token) if seat else url_for("pages.qr_page", token=token))


@blueprint.post("/t/<token>/the-others/keep")
def keep_table_numbers(token: str):
    """The owner keeps this table's numbers for every new table (they
    replace what the server had; what the table lacks stays)."""
    _owner_only()
    _table(token)
    _, state = _store().state(token)
    _store().keep_numbers(GAME, numbers.merged(numbers.from_table(state),
                                               _store().kept_numbers(GAME) or numbers.empty()))
    flash(gettext("Every new table of The Others starts with these numbers."))
    return redirect(url_for("pages.table", token=token))
