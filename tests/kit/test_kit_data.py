"""The kit's one data loader: each game's data/<game>/ files, read once, found
in a checkout and in an installed wheel, and a clear error naming the file."""

from __future__ import annotations

import importlib

import pytest

import companion
from companion.kit.data import DataFileError, GameData

GAMES_WITH_DATA = ["chaos", "cthulhu_wars", "gloomhaven", "the_others"]


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """A package laid out as the wheel installs it: data/ inside companion/."""
    inside = tmp_path / "companion" / "data"
    inside.mkdir(parents=True)
    monkeypatch.setattr(companion, "PACKAGE_DIR", tmp_path / "companion")
    return inside


def test_a_file_is_read_once_and_then_served_from_memory(installed):
    (installed / "demo").mkdir()
    (installed / "demo" / "gods.json").write_text('{"gods": ["khorne"]}', encoding="utf-8")
    data = GameData("demo")
    first = data.load("gods")
    (installed / "demo" / "gods.json").write_text('{"gods": []}', encoding="utf-8")
    assert data.load("gods.json") is first == {"gods": ["khorne"]}
    data.forget()
    assert data.load("gods") == {"gods": []}


def test_an_installed_wheel_reads_the_data_inside_the_package(installed):
    (installed / "demo").mkdir()
    (installed / "demo" / "table.json").write_text("[1, 2]", encoding="utf-8")
    assert GameData("demo").folder == installed / "demo"
    assert GameData("demo").load("table") == [1, 2]


def test_a_missing_file_names_the_file_and_the_command_that_writes_it(installed):
    with pytest.raises(DataFileError) as raised:
        GameData("demo").load("gods")
    assert raised.value.path == installed / "demo" / "gods.json"
    assert str(installed / "demo" / "gods.json") in str(raised.value)
    assert "python -m companion.games.demo.convert" in str(raised.value)


@pytest.mark.parametrize("content", [b'{"gods": [', b"\xff\xfe not utf-8"])
def test_a_malformed_file_names_the_file(installed, content):
    (installed / "demo").mkdir()
    (installed / "demo" / "gods.json").write_bytes(content)
    with pytest.raises(DataFileError) as raised:
        GameData("demo").load("gods.json")
    assert raised.value.path == installed / "demo" / "gods.json"
    assert str(raised.value).startswith(f"{installed / 'demo' / 'gods.json'}: malformed JSON")


@pytest.mark.parametrize("game", GAMES_WITH_DATA)
def test_every_game_reads_its_data_through_the_kit(game):
    data = importlib.import_module(f"companion.games.{game}.data")
    assert isinstance(data.DATA, GameData) and data.DATA.game == game
    assert data.DATA.folder == companion.data_path(game)
    for path in sorted(data.DATA.folder.glob("*.json")):
        name = path.stem if game in ("cthulhu_wars", "the_others") else path.name
        if game == "the_others":  # a copy of the kit's, its printed names as msgids (equal strings), made once
            assert data.load(name) == data.DATA.load(path.name) and data.load(name) is data.load(name)
        else:
            assert data.load(name) is data.DATA.load(path.name)


def test_the_gloomhaven_names_file_is_reference_data():
    assert (companion.data_path("gloomhaven") / "names.json").is_file()
    assert not list((companion.PACKAGE_DIR / "games").rglob("names.json"))
