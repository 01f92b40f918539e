"""The loader reads each data file once and finds things by id."""

from __future__ import annotations

import pytest

from companion.games.gloomhaven import data


def test_each_file_is_read_once_and_then_served_from_memory(monkeypatch):
    first = data.monsters()
    monkeypatch.setattr(data, "data_folder", lambda: pytest.fail("read the file again"))
    assert data.monsters() is first


def test_lookups_by_id():
    assert data.scenario(1)["name"] == "Black Barrow"
    assert data.item(1)["name"] == "Boots of Striding"
    assert data.deck_for("city-guard") is data.decks()["guard"]
    assert data.fact("max_character_level") == 9


def test_an_unknown_id_is_a_key_error():
    with pytest.raises(KeyError):
        data.monster("no-such-monster")
    with pytest.raises(KeyError):
        data.scenario(96)


def test_the_data_folder_is_the_top_level_data_directory_in_a_checkout():
    folder = data.data_folder()
    assert folder.name == "gloomhaven" and folder.parent.name == "data"
    assert (folder / "monsters.json").is_file()
