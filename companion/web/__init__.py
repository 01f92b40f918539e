"""The web layer: one Flask app serving every game's tables.

It knows no game: it stores states and the action log (companion.store),
streams changes (companion.web.events) and renders each game's templates
(found as games/<id>/<name>.html: see companion.web.templating).
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from pathlib import Path

import js_lib_htmx
from flask import Flask, abort, send_from_directory
from htmx_flask import Htmx

from companion import capacity, games, resource_dir
from companion.live import Hub
from companion.store import Store
from companion.web import errors, hookspecs, i18n, kept, security, templating

HTMX_DIR = Path(js_lib_htmx.__file__).parent / "static" / "htmx"


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(resource_dir("templates")), static_folder="static")
    app.jinja_environment = templating.CompanionEnvironment
    app.config.update(
        DATABASE=str(Path.cwd() / "companion.sqlite3"),
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=timedelta(days=365),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        # An import (only from the server machine) may be a whole campaign
        # with every scenario it played: about 100 KB a scenario.
        IMPORT_MAX_CONTENT_LENGTH=64 * 1024 * 1024,
        # An import bigger than this is parsed, checked and replayed in a
        # process of its own, not holding up the other tables' requests
        # (companion.web.importer).
        IMPORT_APART_BYTES=1024 * 1024,
        SSE_HEARTBEAT_SECONDS=15.0,
        # How often an idle stream looks whether its client hung up.
        SSE_CLOSED_CHECK_SECONDS=2.0,
        # Open streams in all (serve sets it from its thread count) and per
        # client address (a host's display and a few tabs fit); 0: no limit.
        SSE_MAX_STREAMS=capacity.stream_limit(capacity.DEFAULT_THREADS),
        SSE_STREAMS_PER_CLIENT=16,
        # Retry-After of a refused stream: server full, or this address's share taken.
        SSE_BUSY_RETRY_SECONDS=5,
        SSE_CLIENT_RETRY_SECONDS=15,
        JSON_SORT_KEYS=False,
    )
    app.config.update(config or {})

    store = Store(app.config["DATABASE"])
    hub = Hub()
    store.listeners.append(hub.publish)
    app.extensions["companion.store"] = store
    app.extensions["companion.hub"] = hub
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = store.setting("secret_key", lambda: secrets.token_hex(32))

    Htmx(app)
    i18n.init_app(app)
    security.init_app(app)
    templating.init_app(app)
    kept.init_app(app)
    errors.init_app(app)

    from companion.web import api, events, guesses, links, pages, play, render

    render.init_app(app)
    links.init_app(app)
    app.extensions["companion.wrong_codes"] = guesses.WrongCodes(store)
    events.init_app(app)
    app.register_blueprint(pages.blueprint)
    app.register_blueprint(play.blueprint)
    app.register_blueprint(events.blueprint)
    app.register_blueprint(api.blueprint)
    app.register_blueprint(links.blueprint)
    # A game's web.py reaches the platform only through the Platform its hooks are handed.
    platform = hookspecs.Platform(app)
    app.extensions["companion.platform"] = platform
    for game in games.game_packages():
        module = games.optional_module(game, "web")
        if module is not None:
            hookspecs.install(app, game, module, platform)

    @app.get("/htmx/<path:filename>")
    def htmx_static(filename: str):
        # htmx comes from an installed package, never from the internet.
        return send_from_directory(HTMX_DIR, filename, max_age=86400)

    @app.get("/games/<game>/static/<path:filename>")
    def game_static(game: str, filename: str):
        # A game package's own static files (companion/games/<id>/static/).
        if game not in games.game_packages():
            abort(404)
        return send_from_directory(games.package_dir(game) / "static", filename)

    return app
