"""A game package may carry its own templates, static files and catalog:
templates are found as games/<id>/<name>.html beside the shared
templates/games/<id>/, static files are served under /games/<id>/static/."""

from __future__ import annotations

import shutil

import pytest
from flask import render_template

from companion import PACKAGE_DIR, games
from companion.web import create_app, i18n


@pytest.fixture
def tally_package(tmp_path, monkeypatch):
    """The tally game's package folder, moved to a scratch copy holding its
    own templates/, static/ and translations/ folders."""
    folder = tmp_path / "tally"
    (folder / "templates").mkdir(parents=True)
    (folder / "static").mkdir()
    (folder / "templates" / "scoreboard.html").write_text("Scoreboard of {{ name }}", encoding="utf-8")
    (folder / "static" / "tally.css").write_text(".tally { color: red }", encoding="utf-8")
    shutil.copytree(PACKAGE_DIR / "games" / "gloomhaven" / "translations", folder / "translations")
    real = games.package_dir
    monkeypatch.setattr(games, "package_dir", lambda game: folder if game == "tally" else real(game))
    return folder


@pytest.fixture
def app(tmp_path, tally_package):
    app = create_app({"DATABASE": str(tmp_path / "companion.sqlite3"), "TESTING": True})
    yield app
    app.extensions["companion.store"].close()


def test_a_game_packages_templates_are_found_under_games_id(app):
    with app.test_request_context("/"):
        assert render_template("games/tally/scoreboard.html", name="Friday") == "Scoreboard of Friday"


def test_the_shared_game_templates_folder_still_comes_first(app):
    with app.app_context():
        _, filename, _ = app.jinja_env.loader.get_source(app.jinja_env, "games/tally/tracks.html")
    assert filename.replace("\\", "/").endswith("templates/games/tally/tracks.html")


def test_a_game_packages_static_files_are_served(app):
    client = app.test_client()
    response = client.get("/games/tally/static/tally.css")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == ".tally { color: red }"


@pytest.mark.parametrize("path", ["/games/tally/static/missing.css", "/games/nosuchgame/static/tally.css",
                                  "/games/tally/static/../templates/scoreboard.html"])
def test_nothing_else_is_served_as_a_games_static_file(app, path):
    assert app.test_client().get(path).status_code == 404


def test_a_game_packages_translations_folder_is_merged(tally_package):
    assert str(tally_package / "translations") in i18n.translation_directories().split(";")
