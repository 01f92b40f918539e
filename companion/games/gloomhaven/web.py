"""`POST /api/gloomhaven/solve`: the monster solver over HTTP.

The body is one scenario or a JSON list of them (docs/monster-solver.md),
sent as application/json; the answer is the solver's output JSON. Malformed
input gets 400 with ``{"error": "..."}`` naming the problem. The "why"
sentences are in the page's language when Flask-Babel is set up on the app.
"""

from __future__ import annotations

import json

from flask import Blueprint, current_app, jsonify, request

from companion.games.gloomhaven.solver import ScenarioError, solve, solve_many

blueprint = Blueprint("gloomhaven_solver", __name__, url_prefix="/api/gloomhaven")

#: Limits that keep one request from tying up the server.
MAX_SCENARIOS = 200
MAX_HEXES = 5000


def _translate():
    """Flask-Babel's gettext when the app has it, else identity."""
    if "babel" in current_app.extensions:
        try:
            from flask_babel import gettext
        except ImportError:  # pragma: no cover - Flask-Babel is a dependency
            return lambda message: message

        def translate(message: str) -> str:
            try:
                return gettext(message)
            except Exception:  # no request context or a broken catalog: English
                return message

        return translate
    return lambda message: message


def _error(message: str, status: int = 400):
    response = jsonify({"error": message})
    response.status_code = status
    return response


def _check_size(scenario, where: str = "") -> None:
    if isinstance(scenario, dict) and isinstance(scenario.get("hexes"), list):
        if len(scenario["hexes"]) > MAX_HEXES:
            raise ScenarioError("%sthe map has more than %d hexes" % (where, MAX_HEXES))


@blueprint.post("/solve")
def solve_endpoint():
    if request.mimetype != "application/json":
        return _error("send the scenario as JSON (Content-Type: application/json)", 415)
    try:
        data = json.loads(request.get_data(cache=False).decode("utf-8-sig"))
    except (ValueError, UnicodeDecodeError, RecursionError) as error:  # RecursionError: nested too deep to parse
        return _error("the body is not valid JSON: %s" % error)
    translate = _translate()
    try:
        if isinstance(data, list):
            if len(data) > MAX_SCENARIOS:
                return _error("at most %d scenarios per request" % MAX_SCENARIOS)
            for i, scenario in enumerate(data):
                _check_size(scenario, "scenario %d: " % i)
            result = solve_many(data, translate)
        else:
            _check_size(data)
            result = solve(data, translate)
    except ScenarioError as error:
        return _error(error.message)
    response = current_app.response_class(
        json.dumps(result, ensure_ascii=False), mimetype="application/json"
    )
    return response
