"""The one interface between a game's web.py and the platform, tested as a
whole with one test game module that implements every hook (as Datasette
tests its hookspecs with one test plugin)."""

from __future__ import annotations

import types

import pytest
from flask import Blueprint, Flask, render_template_string

from companion.rules import N_, ActionError
from companion.web import hookspecs
from web_support import create_tally, join_seat


def demo_game_module() -> types.ModuleType:
    """A game web module defining every hook, each using the Platform."""
    module = types.ModuleType("companion.games.demo.web")

    def blueprint(platform):
        routes = Blueprint("demo_routes", __name__, url_prefix="/api/demo")
        routes.add_url_rule("/refuse", "refuse", lambda: {"error": platform.error_text(
            ActionError(N_("Nothing changed.")))})
        routes.add_url_rule("/tables", "tables", lambda: {"tokens": platform.tables("tally")})
        return routes

    module.blueprint = blueprint
    module.template_globals = lambda platform: {"demo_language": platform.reader_language,
                                                "demo_state": platform.state}
    module.template_filters = lambda platform: {"demo_words": platform.text}
    module.heard = []

    def after_action(platform, token, action, state):
        module.heard.append((token, action.type, action.seat, state["tracks"][0]["value"]))
        if action.type == "track.adjust":
            platform.act(token, None, "track.set", {"track": "t1", "value": 0})  # the game's own: not heard
    module.after_action = after_action
    return module


def test_every_hook_is_declared_and_the_test_module_implements_each():
    assert set(hookspecs.HOOKS) == {"blueprint", "template_globals", "template_filters", "after_action"}
    assert all(callable(getattr(demo_game_module(), hook)) for hook in hookspecs.HOOKS)


@pytest.fixture
def demo_app(app: Flask) -> Flask:
    hookspecs.install(app, "chaos", demo_game_module(), app.extensions["companion.platform"])
    return app


def test_after_action_hears_each_action_a_seat_sends_at_its_games_tables_once_kept(app, host, client):
    module = demo_game_module()
    hookspecs.install(app, "tally", module, app.extensions["companion.platform"])
    other = types.ModuleType("companion.games.other.web")
    other.after_action = lambda *heard: module.heard.append(("another game's hook", *heard))
    hookspecs.install(app, "chaos", other, app.extensions["companion.platform"])
    token = create_tally(host)
    seat = join_seat(host, token, "Ann")
    assert seat.act("track.adjust", track="t1", **{"delta:int": "2"}).status_code == 200
    seat.act("track.adjust", track="nosuch", **{"delta:int": "2"})  # refused: nothing kept, nothing heard
    # The action as logged, with the state it made; the hook's own action (track.set) is not heard.
    assert module.heard == [(token, "track.adjust", seat.seat_id, 2)]
    assert app.extensions["companion.store"].state(token)[1]["tracks"][0]["value"] == 0


def test_the_hooks_routes_speak_the_readers_language(demo_app):
    answer = demo_app.test_client().get("/api/demo/refuse", headers={"Accept-Language": "en"})
    assert answer.get_json() == {"error": "Nothing changed."}


def test_the_platform_lists_tables_of_a_type_and_reads_a_state(demo_app, host):
    token = create_tally(host)
    assert demo_app.test_client().get("/api/demo/tables").get_json() == {"tokens": [token]}
    with demo_app.test_request_context(headers={"Accept-Language": "ja"}):
        shown = render_template_string("{{ demo_language() }} {{ demo_state(t)['tracks'][0]['name'] }}"
                                       " {{ demo_state('nosuch') }} {{ 'Player' | demo_words }}", t=token)
    language, track, missing, words = shown.split(" ", 3)
    assert (language, missing) == ("ja", "None") and track and words == "プレイヤー"


def test_a_blueprint_hook_must_give_a_blueprint(app):
    broken = types.ModuleType("companion.games.broken.web")
    broken.blueprint = lambda platform: None
    with pytest.raises(TypeError, match="not a Blueprint"):
        hookspecs.install(app, "broken", broken, app.extensions["companion.platform"])
