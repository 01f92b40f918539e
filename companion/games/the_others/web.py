"""The group's numbers of The Others across tables (see numbers.py), reached
through the `Platform` the app hands each hook (companion/web/hookspecs.py).

- The server keeps one set (`Platform.kept_numbers`), offered to every new
  table: numbers a table's group enters (facts.enter, heard through the
  `after_action` hook) fill what the server lacks; only the
  server machine's owner (a request from the machine itself, as for the home
  page) replaces what it has, from a table or from a file, or forgets it.
- `/the-others/numbers`: what the server keeps, its file to download and,
  for the owner, a file to import.
- At a table: its numbers as a file and a file's numbers entered at this
  table alone (a seat or the table's host); from its set-up, the owner's
  "keep this table's numbers for every new table" on `/the-others/numbers`
  (the set-up is a live region, the same for every browser on a seat).
- The pages also get `the_others_remembered(token)`: the numbers entered at
  the newest other table of this game, for a table made before the server
  kept any.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from companion.games.the_others import numbers
from companion.rules import N_, Action, ActionError

GAME = "the-others"
#: A numbers file is small: every hero, sin, acolyte and story fits in a few kilobytes.
MAX_FILE = 64 * 1024


def remembered(platform, token: str) -> str | None:
    """The facts as the JSON the set-up form sends back, or None (also when
    the server keeps numbers: a new table starts with them)."""
    here = platform.state(token)
    if here is None or platform.kept_numbers(GAME):
        return None
    for other in platform.tables(GAME):
        if other == token:
            continue
        state = platform.state(other)
        if not state or "facts" not in state or "options" not in state:
            continue
        copied = numbers.for_table(numbers.from_table(state), here["options"])
        if copied:
            return json.dumps(copied, separators=(",", ":"), sort_keys=True)
    return None


def template_globals(platform) -> dict:
    return {"the_others_remembered": lambda token: remembered(platform, token)}


def after_action(platform, token: str, action: Action, state: dict) -> None:
    """Numbers a table's group entered (facts.enter) fill what the server
    keeps (what the server has already stays: only its owner changes it)."""
    if action.type != "facts.enter":
        return
    kept = platform.kept_numbers(GAME) or numbers.empty()
    more = numbers.merged(kept, numbers.from_table(state))
    if more != kept:
        platform.keep_numbers(GAME, more)


def file_numbers() -> dict:
    upload = request.files.get("file")
    text = upload.read(MAX_FILE + 1) if upload else b""
    if len(text) > MAX_FILE:
        raise ActionError(N_("This is not a file of The Others' numbers."), field="file")
    return numbers.read(text)


def download(kept: dict, name: str) -> Response:
    return Response(json.dumps(kept, indent=1, sort_keys=True, ensure_ascii=False), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def blueprint(platform) -> Blueprint:
    routes = Blueprint("the_others", __name__)

    def owner_only() -> None:
        if not platform.is_owner():
            abort(403)

    def game_table(token: str) -> dict:
        """The table's state, or 404 when it is not a table of The Others."""
        if platform.table_game(token) != GAME:
            abort(404)
        return platform.state(token)

    # -- the server's numbers ------------------------------------------------------------------
    @routes.get("/the-others/numbers")
    def numbers_page():
        """What the server keeps; from a table's set-up (`?table=`), the way
        back to it and, for the owner, keeping its numbers for every new table
        (here, asked per request: the set-up is a live region every browser
        on a seat shares)."""
        kept = platform.kept_numbers(GAME)
        token = request.args.get("table", "")
        came_from = token if platform.table_game(token) == GAME else None
        return render_template("games/the_others/numbers_page.html", kept=kept, counts=numbers.counts(kept),
                               owner=platform.is_owner(), came_from=came_from)

    @routes.get("/the-others/numbers.json")
    def numbers_file():
        return download(platform.kept_numbers(GAME) or numbers.empty(), "the-others-numbers.json")

    @routes.post("/the-others/numbers")
    def import_numbers():
        """The owner's file replaces what the server keeps; "forget" keeps none."""
        owner_only()
        if request.form.get("forget"):
            platform.keep_numbers(GAME, None)
            flash(gettext("This server keeps no numbers of The Others now."))
            return redirect(url_for("the_others.numbers_page"))
        try:
            platform.keep_numbers(GAME, file_numbers())
        except ActionError as error:
            flash(platform.error_text(error), "error")
            return redirect(url_for("the_others.numbers_page"))
        flash(gettext("Every new table of The Others starts with these numbers."))
        return redirect(url_for("the_others.numbers_page"))

    # -- a table's numbers ---------------------------------------------------------------------
    @routes.get("/t/<token>/the-others/numbers.json")
    def table_numbers_file(token: str):
        return download(numbers.from_table(game_table(token)), "the-others-numbers.json")

    @routes.post("/t/<token>/the-others/numbers")
    def table_import_numbers(token: str):
        """A file's numbers entered at this table alone (as its facts.enter)."""
        state = game_table(token)
        seat_id = platform.seat_here(token)
        if seat_id is None and not platform.is_host(token):
            abort(403)
        try:
            platform.act(token, seat_id, "facts.enter", numbers.for_table(file_numbers(), state["options"]))
        except ActionError as error:
            flash(platform.error_text(error), "error")
        return redirect(url_for("pages.table", token=token) if seat_id else url_for("pages.qr_page", token=token))

    @routes.post("/t/<token>/the-others/keep")
    def keep_table_numbers(token: str):
        """The owner keeps this table's numbers for every new table (they
        replace what the server had; what the table lacks stays)."""
        owner_only()
        state = game_table(token)
        platform.keep_numbers(GAME, numbers.merged(numbers.from_table(state),
                                                   platform.kept_numbers(GAME) or numbers.empty()))
        flash(gettext("Every new table of The Others starts with these numbers."))
        return redirect(url_for("pages.table", token=token))

    return routes
