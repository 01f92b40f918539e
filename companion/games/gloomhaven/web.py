"""Gloomhaven's web adapter: `POST /api/gloomhaven/solve` (the monster
solver over HTTP) and the template helpers that put names, battle goals and
the map's drawing in the reader's language.

The solve body is one scenario or a JSON list of them
(docs/monster-solver.md), sent as application/json; the answer is the
solver's output JSON. Malformed input gets 400 with ``{"error": "..."}``
naming the problem. The "why" sentences and the errors are in the reader's
language. The app hands each hook its `Platform` (companion/web/hookspecs.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import SimpleNamespace

from flask import Blueprint, current_app, jsonify, request
from flask_babel import gettext
from markupsafe import Markup

from companion.games.gloomhaven import names
from companion.games.gloomhaven.map.drawing import drawing, short_label
from companion.games.gloomhaven.solver import ScenarioError, solve, solve_many
from companion.rules import N_, ActionError

#: Limits that keep one request from tying up the server.
MAX_SCENARIOS = 200
MAX_HEXES = 5000
#: Map hex layers kept (a few tables' layouts, each in two variants and a few languages).
MAP_LAYERS = 64


def _error(platform, error: ActionError, status: int = 400):
    response = jsonify({"error": platform.error_text(error)})
    response.status_code = status
    return response


def _check_size(scenario, index: int | None = None) -> None:
    if isinstance(scenario, dict) and isinstance(scenario.get("hexes"), list) and len(scenario["hexes"]) > MAX_HEXES:
        if index is None:
            raise ActionError(N_("The map has more than %(count)d hexes."), count=MAX_HEXES)
        raise ActionError(N_("Scenario %(index)d: the map has more than %(count)d hexes."),
                          index=index, count=MAX_HEXES)


def _solved(data):
    if not isinstance(data, list):
        _check_size(data)
        return solve(data, gettext)
    if len(data) > MAX_SCENARIOS:
        raise ActionError(N_("At most %(count)d scenarios per request."), count=MAX_SCENARIOS)
    for index, scenario in enumerate(data):
        _check_size(scenario, index)
    return solve_many(data, gettext)


def blueprint(platform) -> Blueprint:
    routes = Blueprint("gloomhaven_solver", __name__, url_prefix="/api/gloomhaven")
    routes.add_url_rule("/solve", "solve_endpoint", lambda: solve_endpoint(platform), methods=["POST"])
    return routes


def solve_endpoint(platform):
    # Any other Content-Type is refused (415) for every /api/ route alike.
    try:
        data = json.loads(request.get_data(cache=False).decode("utf-8-sig"))
    except (ValueError, UnicodeDecodeError, RecursionError) as error:  # RecursionError: nested too deep to parse
        return _error(platform, ActionError(N_("The body is not valid JSON: %(problem)s"), problem=str(error)))
    try:
        result = _solved(data)
    except ActionError as error:
        return _error(platform, error)
    except ScenarioError as error:
        # The solver names the problem in English (field names and values).
        return _error(platform, ActionError(N_("The scenario is malformed: %(problem)s"), problem=error.message))
    return current_app.response_class(json.dumps(result, ensure_ascii=False), mimetype="application/json")


class Labels(Mapping):
    """Msgids by key, each translated when it is read, as `_()` in a
    template translates it (a template module built once can hold it)."""

    def __init__(self, msgids: dict[str, str], text: Callable[[str], str]):
        self.msgids, self.text = msgids, text

    def __getitem__(self, key: str) -> Markup:
        return Markup(self.text(self.msgids[key]))

    def __iter__(self):
        return iter(self.msgids)

    def __len__(self) -> int:
        return len(self.msgids)


def template_globals(platform) -> dict:
    def gh_name(kind: str, key: object) -> str:
        """A monster's, deck's, class's, scenario's, achievement's or personal
        quest's name (by its data id) in the reader's language."""
        return names.name(kind, key, platform.reader_language())

    def gh_goal(goal_id: object) -> dict:
        """A battle goal's name and text in the reader's language (and which language that is)."""
        return names.battle_goal(goal_id, platform.reader_language())

    def gh_map(view: dict) -> dict:
        """The map's drawing, with the solver's sentences and the figures' names
        (and the short labels on their discs) in the reader's language."""
        drawn = drawing(view, platform.text)
        language = platform.reader_language()
        everyone = drawn["figures"] + drawn["tray"]
        local = {figure["id"]: names.localize_text(figure["label"], language) for figure in everyone}
        # Each name without its number, to tell two types apart on a disc ("强盗弓箭手", "强盗守卫").
        bases = tuple({"".join(w for w in name.split() if not w.isdigit()) for name in local.values()})
        for figure in everyone:
            figure["short"] = short_label(local[figure["id"]], bases)
            figure["next_to"] = [names.localize_text(label, language) for label in figure.get("next_to", [])]
        return drawn

    layers = platform.kept_drawings(MAP_LAYERS)

    def gh_map_layer(drawn: dict, editing: bool, draw: Callable[[dict, bool], Markup]) -> Markup:
        """The map's hex layer, `draw(drawn, editing)`, drawn once per layout
        (`drawn["key"]`), variant (a seat's editing page or the display) and
        language: an action moves figures or changes hit points, rarely the
        hexes, and the hexes with their titles were a third of the time of
        a Gloomhaven table's render."""
        return layers.get((drawn["key"], bool(editing), platform.reader_language()), lambda: draw(drawn, editing))

    gh_labels = SimpleNamespace(**{kind: Labels(msgids, platform.text) for kind, msgids in (
        ("actions", names.ACTION_LABELS), ("elements", names.ELEMENT_LABELS), ("conditions", names.CONDITION_LABELS),
        ("ranks", names.RANK_LABELS))})
    return {"gh_name": gh_name, "gh_goal": gh_goal, "gh_map": gh_map, "gh_map_layer": gh_map_layer,
            "gh_labels": gh_labels}


def template_filters(platform) -> dict:
    def gh_names(text: object) -> str:
        """A label or line with the names in it put in the reader's language."""
        return names.localize_text(text, platform.reader_language())

    return {"gh_names": gh_names}
