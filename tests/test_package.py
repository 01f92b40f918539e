"""What a built package carries, and where the app looks for what it reads.

The wheel must hold the templates, the static files, the compiled catalogs
(and their sources) and data/, recursively, including what a game package
ships in its own folder: without them an installed app answers every page
with a 500. tests/package_smoke.sh goes further (installs and runs it)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import companion
from companion import data_path, resource_dir

ROOT = Path(__file__).resolve().parent.parent
NOT_SOURCES = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                                     ".hypothesis", "instance", "screenshots")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, list[str]]:
    """The names in the sdist and in the wheel built from it, for a copy of
    the repository with a game that ships its own assets and nested data."""
    source = tmp_path_factory.mktemp("source") / "companion"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCES)
    game = source / "companion" / "games" / "packagedgame"
    for folder in ("templates", "static", "translations/ja/LC_MESSAGES"):
        (game / folder).mkdir(parents=True)
    (game / "__init__.py").write_text("", encoding="utf-8")
    (game / "templates" / "board.html").write_text("<p>board</p>", encoding="utf-8")
    (game / "static" / "board.css").write_text("p {}", encoding="utf-8")
    (game / "translations" / "ja" / "LC_MESSAGES" / "messages.mo").write_bytes(b"")
    (source / "data" / "packagedgame" / "cards" / "deep").mkdir(parents=True)
    (source / "data" / "packagedgame" / "cards" / "deep" / "cards.json").write_text("[]", encoding="utf-8")
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(source)],
                   check=True, capture_output=True)
    [wheel] = dist.glob("*.whl")
    [sdist] = dist.glob("*.tar.gz")
    with zipfile.ZipFile(wheel) as archive, tarfile.open(sdist) as tar:
        [metadata] = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        return {"wheel": archive.namelist(), "sdist": [name.split("/", 1)[1] for name in tar.getnames() if "/" in name],
                "metadata": archive.read(metadata).decode().splitlines()}


@pytest.mark.slow
@pytest.mark.parametrize("name", [
    "companion/templates/base.html",
    "companion/templates/regions/log.html",
    "companion/templates/games/tally/tracks.html",
    "companion/web/static/app.js",
    "companion/web/static/app.css",
    "companion/web/static/awake.webm",  # the screen-awake videos (app.js)
    "companion/web/static/awake.mp4",
    "companion/translations/ja/LC_MESSAGES/messages.mo",
    "companion/translations/zh_Hans/LC_MESSAGES/messages.po",
    "companion/translations/messages.pot",
    "companion/translations/babel.cfg",
    "companion/games/gloomhaven/translations/ja/LC_MESSAGES/messages.mo",
    "companion/games/gloomhaven/translations/zh_Hans/LC_MESSAGES/messages.mo",
    "companion/games/gloomhaven/static/game.css",  # a game's own styles (linked by templates/base.html)
    "companion/games/packagedgame/templates/board.html",
    "companion/games/packagedgame/static/board.css",
    "companion/games/packagedgame/translations/ja/LC_MESSAGES/messages.mo",
    "companion/data/README.md",
    "companion/data/gloomhaven/LICENSE",  # the data's own licence travels with it
    "companion/data/packagedgame/cards/deep/cards.json",
])
def test_the_wheel_carries_what_the_app_reads(built, name):
    assert name in built["wheel"]


@pytest.mark.slow
@pytest.mark.parametrize("name", [
    "templates/base.html",
    "templates/games/tally/tracks.html",
    "companion/web/static/app.js",
    "companion/translations/ja/LC_MESSAGES/messages.mo",
    "companion/games/packagedgame/static/board.css",
    "data/packagedgame/cards/deep/cards.json",
    "setup.py",
    "LICENSE",
    "data/gloomhaven/LICENSE",
    "data/gloomhaven/NOTICE",
])
def test_the_sdist_carries_the_repository_layout(built, name):
    assert name in built["sdist"]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["LICENSE", "data/gloomhaven/LICENSE", "data/gloomhaven/NOTICE"])
def test_the_wheel_carries_the_licences(built, name):
    assert any(path.endswith(f".dist-info/licenses/{name}") for path in built["wheel"])
    assert f"License-File: {name}" in built["metadata"]


@pytest.mark.slow
def test_the_package_says_both_licences(built):
    assert "License-Expression: MIT AND AGPL-3.0-only" in built["metadata"]


@pytest.mark.slow
def test_the_wheel_carries_no_bytecode_caches(built):
    assert not [name for name in built["wheel"] if "__pycache__" in name or name.endswith(".pyc")]


def test_a_checkout_reads_the_top_level_folders():
    assert resource_dir("templates") == ROOT / "templates"
    assert data_path("gloomhaven", "monsters.json") == ROOT / "data" / "gloomhaven" / "monsters.json"


def test_an_installed_package_reads_the_folders_inside_itself(tmp_path, monkeypatch):
    (tmp_path / "companion" / "data").mkdir(parents=True)
    monkeypatch.setattr(companion, "PACKAGE_DIR", tmp_path / "companion")
    assert resource_dir("data") == tmp_path / "companion" / "data"
    inside = tmp_path / "companion" / "data"
    assert data_path("gloomhaven", "cards", "a.json") == inside / "gloomhaven" / "cards" / "a.json"
