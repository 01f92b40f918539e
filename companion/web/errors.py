"""Error pages in the reader's language (Werkzeug's own are English only).

Under /api/ (the JSON API, a game's own API, or a path that is no route) the
error is JSON: `{"error": "<text>"}`, the text saying what went wrong in
terms of the request rather than of a page.
"""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException, NotFound

from companion.rules import N_
from companion.store import NoSuchTable

TITLES = {
    400: N_("Bad request"),
    403: N_("Not allowed"),
    404: N_("Not found"),
    405: N_("Not allowed"),
    413: N_("Too large"),
}
EXPLANATIONS = {
    400: N_("The page sent something this server can't read. Go back and try again."),
    403: N_("Only the computer running companion can do this."),
    404: N_("Nothing is here. The table may have been deleted, or the link is incomplete."),
    405: N_("This address can't be used that way."),
    413: N_("That is too large for this server."),
}
API_MESSAGES = {
    403: N_("Not allowed."),
    404: N_("Not found."),
    405: N_("Method not allowed."),
    413: N_("Request too large."),
    415: N_("Send JSON (Content-Type: application/json)."),
}
# Descriptions our own code passes to abort(), where they say more than the code.
REASONS = {
    "csrf": N_("This page was open too long or in another browser. Reload it and try again."),
    "host": N_("Only the table's host can do this."),
    "game-missing": N_("This table's game is not installed on this server."),
}


def error_page(error: HTTPException):
    code = error.code or 500
    if request.path.startswith("/api/"):
        return jsonify({"error": gettext(API_MESSAGES.get(code) or N_("Request refused."))}), code
    explanation = gettext(REASONS.get(error.description) or EXPLANATIONS.get(code)
                          or N_("Something went wrong. Go back and try again."))
    title = gettext(TITLES.get(code) or N_("Something went wrong"))
    return render_template("error.html", title=title, explanation=explanation, code=code), code


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, error_page)
    # A table deleted between a route's lookup and the store's own read is
    # as gone as one that never was.
    app.register_error_handler(NoSuchTable, lambda error: app.handle_http_exception(NotFound()))
