"""A Gloomhaven table in the store: undo replays the recorded draws, and an
export imports back to the same state (check_state accepts it)."""

from __future__ import annotations

import pytest

from companion.rules import ActionError


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
    token, _seats = playing_table(store)
    exported = store.export(token)
    copy = store.import_table(exported)
    assert store.state(copy.token)[1] == store.state(token)[1]


def test_an_export_with_a_damaged_state_is_refused(store):
    token, _ = playing_table(store)
    exported = store.export(token)
    exported["state"]["decks"]["guard"]["cards"]["pile"].append(99)
    with pytest.raises((ActionError, ValueError)):
        store.import_table(exported)


def test_undoing_the_reveal_and_choosing_again_shows_the_same_monster_cards(store):
    token, seats = playing_table(store)
    shown = {d: deck["current"] for d, deck in store.state(token)[1]["decks"].items()}
    store.undo(token, seats[1])
    assert all(deck["current"] is None for deck in store.state(token)[1]["decks"].values())
    store.act(token, seats[1], "initiative.choose", {"initiative": 12, "second": 20})
    assert {d: deck["current"] for d, deck in store.state(token)[1]["decks"].items()} == shown


def test_undoing_a_monster_attack_and_attacking_again_draws_the_same_cards(store):
    token, seats = playing_table(store)
    standee = store.state(token)[1]["standees"][0]["id"]
    attack = {"standee": standee, "target": seats[0], "base": 3, "mode": "advantage"}
    store.act(token, seats[0], "monster.attack", attack)
    first = store.state(token)[1]["attacks"][0]
    for _ in range(3):
        store.undo(token, seats[1])
        store.act(token, seats[1], "monster.attack", attack)
        assert store.state(token)[1]["attacks"][0] == first


def test_standee_numbers_drawn_for_a_room_come_back_the_same_after_an_undo(store):
    token, seats = playing_table(store)
    store.act(token, seats[0], "room.reveal", {"room": 2})
    placed = [(s["id"], s["rank"]) for s in store.state(token)[1]["standees"]]
    store.undo(token, seats[0])
    store.act(token, seats[1], "room.reveal", {"room": 2})
    assert [(s["id"], s["rank"]) for s in store.state(token)[1]["standees"]] == placed
