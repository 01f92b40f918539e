"""Pages: the host's home, joining a table, a seat's page, the table display,
history, the join QR code, export/import and host tools."""

from __future__ import annotations

import json
import re

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext, ngettext
from markupsafe import Markup

from companion import games, qr
from companion.languages import LANGUAGES
from companion.rules import ActionError
from companion.store import Table
from companion.web import history, i18n, importer, render
from companion.web.guesses import WrongCodes
from companion.web.i18n import error_text
from companion.web.security import (
    current_seat,
    is_host,
    is_local_request,
    name_at_other_tables,
    remember_host,
    remember_seat,
    require_host,
    store,
    table_or_404,
)
from companion.web.urls import join_url, public_base

blueprint = Blueprint("pages", __name__)


# -- home -----------------------------------------------------------------------
@blueprint.get("/")
def home():
    if not is_local_request():
        return render_template("join_code.html")
    return home_page()


def home_page(form=None, chosen: str | None = None):
    table_types = games.table_types()
    tables = store().tables()
    return render_template("home.html", tables=tables, table_types=table_types, hosted=session.get("hosts", {}),
                           new_table_forms=new_table_forms(table_types, form, chosen, tables))


def new_table_forms(table_types: dict, form, chosen: str | None, tables: list) -> dict[str, Markup]:
    """Each game's new-table form, rendered in that game's words."""
    forms = {}
    for game_id, rules in table_types.items():
        with i18n.speaking_for(game_id):
            forms[game_id] = Markup(render_template("_new_table.html", game_id=game_id, rules=rules, form=form,
                                                    chosen=chosen, only_game=len(table_types) == 1,
                                                    last=last_setup(game_id, rules, tables)))
    return forms


def last_setup(game_id: str, rules, tables: list) -> dict[str, str]:
    """The choices of the newest table of `game_id` on this server for the
    set-up fields its game marks `remember` (a select whose choice is still
    offered): a group's next table starts as its last one was set up."""
    remembered = {field["name"]: {str(value) for value, _label in field.get("choices", ())}
                  for field in rules.setup_fields() if field.get("remember") and field["kind"] == "select"}
    newest = next((table for table in tables if table.game == game_id), None) if remembered else None
    options = (store().state(newest.token)[1] or {}).get("options") if newest is not None else None
    if not isinstance(options, dict):
        return {}
    return {name: str(options[name]) for name, offered in remembered.items()
            if name in options and str(options[name]) in offered}


@blueprint.post("/tables")
def create():
    if not is_local_request():
        abort(403)
    game = request.form.get("game", "")
    if game not in games.table_types():
        flash(gettext("Pick a game."), "error")
        return redirect(url_for("pages.home"))
    try:
        options = creation_options(games.rules_for(game), {
            field["name"]: request.form[field["name"]] for field in games.rules_for(game).setup_fields()
            if field["name"] in request.form})
        table = store().create_table(game, request.form.get("name", ""), options)
    except ActionError as error:
        with i18n.speaking_for(game):  # in the chosen game's words
            flash(error_text(error), "error")
        return home_page(form=request.form, chosen=game), 422
    remember_host(table)
    return redirect(url_for("pages.qr_page", token=table.token))


def creation_options(rules, given: dict) -> dict:
    """A new table's options. With none of them given (no `options`, or an
    empty one) each takes its default, as the new-table form starts from it
    and GET /api/games lists it; an option with no default must be given.
    With some given they are taken as they are, those left out as before
    (a Cthulhu Wars seat left out is nobody's: filling it in would seat a
    faction the tool never named)."""
    fields = rules.setup_fields()
    if any(given.get(field["name"]) is not None for field in fields):
        return dict(given)
    options = dict(given)
    for field in fields:
        if field.get("default") is None:
            raise ActionError("Give the option %(option)s.", field=field["name"], option=field["name"])
        options[field["name"]] = field["default"]
    return options


@blueprint.post("/import")
def import_table():
    if not is_local_request():
        abort(403)
    upload = request.files.get("file")
    try:
        table = importer.import_upload(store(), upload.read() if upload else b"")
    except ActionError as error:
        flash(error_text(error), "error")
        return redirect(url_for("pages.home"))
    remember_host(table)
    # Imported seats get new keys nobody holds yet: the invite page is where
    # the host hands each seat to its phone.
    return redirect(url_for("pages.qr_page", token=table.token))


@blueprint.post("/join")
def join_by_code():
    guesses: WrongCodes = current_app.extensions["companion.wrong_codes"]
    client = request.remote_addr or "?"
    code = request.form.get("code", "")
    wait = guesses.wait(client)
    if wait:
        message = ngettext("Too many wrong codes. Try again in %(num)d second.",
                           "Too many wrong codes. Try again in %(num)d seconds.", wait)
        return render_template("join_code.html", error=message, code=code), 429, {"Retry-After": str(wait)}
    table = store().table_by_code(code)
    if table is None:
        guesses.wrong(client)
        return render_template("join_code.html", error=gettext("No table has that code."), code=code), 404
    return redirect(url_for("pages.table", token=table.token))


@blueprint.post("/lang")
def choose_language():
    lang = request.form.get("lang")
    if lang in LANGUAGES:
        session["lang"] = lang
    return redirect(local_path(request.form.get("next", "/")))


# Browsers drop tabs and newlines from a URL and read a backslash as a slash,
# so "/\t/evil.example" or "/\\evil.example" would leave the site.
NOT_IN_LOCAL_PATH = re.compile(r"[\x00-\x20\x7f\\]")


def local_path(target: str) -> str:
    """`target` if it is a path on this server, else the home page."""
    if not target.startswith("/") or target.startswith("//") or NOT_IN_LOCAL_PATH.search(target):
        return "/"
    return target


# -- a table --------------------------------------------------------------------
@blueprint.get("/t/<token>")
def table(token: str):
    table = table_or_404(token)
    seat = current_seat(table)
    if seat is None:
        # ?seat=moved: this phone's page was open when the host moved its seat away.
        return join_page(table, seat_moved=request.args.get("seat") == "moved")
    version, state = store().state(token)
    _, regions = render.regions(table, seat, display=False, current=(version, state))
    # The seat's view is for the game's tools below the live regions too (the
    # note editor starts from the note, so saving an addition keeps what was there).
    return render_template("table.html", table=table, seat=seat, version=version, regions=regions,
                           host=is_host(table), view=table.rules.view(state, seat))


def join_page(table: Table, **extra):
    _, state = store().state(table.token)
    return render_template("join.html", table=table, seats=store().seats(table.token),
                           roles=table.rules.open_roles(state), known_name=name_at_other_tables(table),
                           vacant=store().vacant_seats(table.token), host=is_host(table), **extra)


@blueprint.post("/t/<token>/seats")
def take_seat(token: str):
    table = table_or_404(token)
    try:
        seat, key = store().join(token, request.form.get("name", ""), request.form.get("role", ""))
    except ActionError as error:
        return join_page(table, error=error_text(error), field=error.field, form=request.form), 422
    remember_seat(table, key)
    return redirect(url_for("pages.table", token=token))


@blueprint.post("/t/<token>/seats/<seat_id>/handover")
def hand_over(token: str, seat_id: str):
    """Host only: a new key for the seat, shown as a link and QR for the new phone."""
    table = table_or_404(token)
    require_host(table)
    try:
        key = store().take_over(token, seat_id)
    except ActionError:  # no such seat
        abort(404)
    link = public_base() + url_for("pages.claim", token=token, key=key)
    seat = store().seats(token)[seat_id]
    label = gettext("QR code for %(name)s's new phone", name=seat.name)
    return render_template("handover.html", table=table, seat=seat, link=link, qr_svg=qr.svg(link, label=label))


@blueprint.get("/t/<token>/claim/<key>")
def claim(token: str, key: str):
    table = table_or_404(token)
    if store().seat_by_key(token, key) is None:
        abort(404)
    remember_seat(table, key)
    return redirect(url_for("pages.table", token=token))


@blueprint.post("/t/<token>/leave")
def leave(token: str):
    """Give up this phone's seat. The seat stays at the table with all it
    holds, and whoever joins under its name again takes it back."""
    table = table_or_404(token)
    seat = current_seat(table)
    if seat is not None:
        store().leave(token, seat.id)
    session["seats"] = {k: v for k, v in session.get("seats", {}).items() if k != table.token}
    return redirect(url_for("pages.table", token=token))


@blueprint.get("/t/<token>/display")
def display(token: str):
    table = table_or_404(token)
    version, regions = render.regions(table, None, display=True)
    # A started table's display goes back to its parent's by itself once the
    # result is reported; the bar has the way back before that.
    parent = store().table(table.parent) if table.parent else None
    return render_template("display.html", table=table, version=version, regions=regions, parent=parent)


@blueprint.get("/t/<token>/qr")
def qr_page(token: str):
    table = table_or_404(token)
    link = join_url(table)
    label = gettext("QR code to join %(table)s", table=table.name)
    return render_template("qr.html", table=table, link=link, qr_svg=qr.svg(link, label=label), host=is_host(table),
                           seats=store().seats(token), children=store().children(token))


@blueprint.get("/t/<token>/history")
def history_page(token: str):
    table = table_or_404(token)
    viewer = current_seat(table)
    # One read of seats and state, so the lines are those of `version`
    # (the page fetches the list again when the stream says a newer one).
    seats = store().seats(token)
    version, state = store().state(token)
    before = request.args.get("before", type=int)
    shown = history.page(table, viewer, before if before is not None and before > 0 else None,
                         seats=seats, state=state, version=version)
    page = "_history_list.html" if request.args.get("part") == "list" else "history.html"
    return render_template(page, table=table, seat=viewer, page=shown, lines=shown.lines, version=version)


@blueprint.get("/t/<token>/export")
def export(token: str):
    table = table_or_404(token)
    require_host(table)
    body = json.dumps(store().export(token), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="table-{table.code}.json"'})


@blueprint.post("/t/<token>/delete")
def delete(token: str):
    table = table_or_404(token)
    require_host(table)
    store().delete_table(token)
    flash(gettext("Table deleted."), "info")
    return redirect(url_for("pages.home"))


@blueprint.get("/manifest.webmanifest")
def manifest():
    body = {
        "name": "companion", "short_name": "companion", "start_url": "/", "display": "standalone",
        "background_color": "#111318", "theme_color": "#111318",
        "icons": [{"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return Response(json.dumps(body), mimetype="application/manifest+json")
