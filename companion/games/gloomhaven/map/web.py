"""The map's one link to the web layer: templates call `gh_map(view)` for
the drawing, with the solver's sentences in the reader's language."""

from __future__ import annotations

from companion.games.gloomhaven.map.drawing import drawing
from companion.games.gloomhaven.web import blueprint
from companion.web.i18n import text as gettext


@blueprint.app_template_global("gh_map")
def gh_map(view: dict) -> dict:
    return drawing(view, gettext)
