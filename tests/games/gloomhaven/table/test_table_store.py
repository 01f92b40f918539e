"""A Gloomhaven table in the store: undo replays the recorded draws, and an
export imports back to the same state (check_state accepts it)."""

from __future__ import annotations

import pytest

from companion.rules import ActionError
from companion.store import Store


@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path / "companion.sqlite3")
    yield store
    store.close()


def playing_table(store) -> tuple[str, list[str]]:
    token = store.create_table("gloomhaven", "Black Barrow", {"scenario": 1}).token
    seats = [store.join(token, name, "player")[0].id for name in ("Ann", "Bo")]
    store.act(token, seats[0], "character.set", {"class": "brute", "level": 1})
    store.act(token, seats[1], "character.set", {"class": "spellweaver", "level": 1})
    store.act(token, seats[0], "scenario.start", {})
    store.act(token, seats[0], "initiative.choose", {"initiative": 95, "second": 40})
    store.act(token, seats[1], "initiative.choose", {"initiative": 97, "second": 20})
    return token, seats


def test_undo_keeps_the_draws_of_the_steps_before_it(store):
    token, seats = playing_table(store)
    _, before = store.state(token)
    standee = before["standees"][0]["id"]
    store.act(token, seats[0], "standee.adjust", {"standee": standee, "delta": -1})
    store.undo(token, seats[0])
    _, after = store.state(token)
    assert after["decks"] == before["decks"] and after["standees"] == before["standees"]
    assert store.replayed_state(token) == after


def test_an_export_imports_back_to_the_same_state(store):
    token, seats = playing_table(store)
    exported = store.export(token)
    copy = store.import_table(exported)
    assert store.state(copy.token)[1] == store.state(token)[1]


def test_an_export_with_a_damaged_state_is_refused(store):
    token, _ = playing_table(store)
    exported = store.export(token)
    exported["state"]["decks"]["guard"]["pile"].append(99)
    with pytest.raises((ActionError, ValueError)):
        store.import_table(exported)
