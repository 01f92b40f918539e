"""A table of The Others in the store: the log replays to the same state,
an undo of a roll and the roll again give the same dice, an export imports
back to an identical state."""

from __future__ import annotations

import pytest

from companion.store import Store
from the_others_support import CLASSES, HERO_SIDES, SIN_SIDES, TEAM


@pytest.fixture
def table(tmp_path):
    store = Store(tmp_path / "companion.sqlite3")
    made = store.create_table("the-others", "Haven", {"sin": "greed", "acolyte": "hobo",
                                                      "story": "the_darkness_within", "hero_players": "3"})
    token = made.token
    sin, _ = store.join(token, "Sina", "sin")
    heroes = [store.join(token, name, "hero")[0] for name in ("Ann", "Bob", "Cy")]
    store.act(token, None, "facts.enter", {
        "sin_die": SIN_SIDES, "hero_die": HERO_SIDES,
        "heroes": {h: {"class": CLASSES[h], "combat": 2, "skill": 2, "defense": 1} for h in TEAM},
        "monsters": {k: {"combat": 3, "defense": 3} for k in ("abomination", "controller", "avatar", "acolyte")},
        "targets": {"1": "heroes", "3A": 3}})
    store.act(token, None, "team.choose", {"heroes": TEAM})
    for seat, hero in zip(heroes, ("rose", "thorley", "rocco")):
        store.act(token, seat.id, "heroes.pick", {"heroes": [hero]})
    store.act(token, None, "game.start", {})
    store.act(token, heroes[0].id, "round.first_hero", {"hero": "rose"})
    store.act(token, heroes[0].id, "turn.start", {"hero": "rose"})
    yield store, token, sin, heroes
    store.close()


def test_the_log_replays_to_the_same_state(table):
    store, token, _, heroes = table
    store.act(token, heroes[0].id, "fight.start", {"monsters": {"abomination": 1}, "voluntary": True})
    assert store.replayed_state(token) == store.state(token)[1]


def test_undoing_a_roll_and_rolling_again_gives_the_same_dice(table):
    store, token, _, heroes = table
    store.act(token, heroes[0].id, "fight.start", {"monsters": {"abomination": 2}})
    first = store.state(token)[1]["fight"]
    store.undo(token, heroes[0].id)
    store.act(token, heroes[0].id, "fight.start", {"monsters": {"abomination": 2}})
    again = store.state(token)[1]["fight"]
    assert (again["hero_roll"], again["sin_roll"]) == (first["hero_roll"], first["sin_roll"])


def test_an_export_imports_back_to_the_same_state(table):
    store, token, _, _ = table
    copy = store.import_table(store.export(token))
    assert store.state(copy.token)[1] == store.state(token)[1]


def test_a_table_set_up_for_two_hero_players_refuses_a_third(tmp_path):
    from companion.rules import ActionError

    store = Store(tmp_path / "companion.sqlite3")
    token = store.create_table("the-others", "Pair", {"sin": "greed", "acolyte": "hobo",
                                                      "story": "the_darkness_within", "hero_players": "2"}).token
    store.join(token, "Ann", "hero")
    store.join(token, "Bob", "hero")
    with pytest.raises(ActionError) as refused:
        store.join(token, "Cy", "hero")
    assert refused.value.field == "role" and refused.value.text() == "That role is taken."
    assert [s.name for s in store.seats(token).values()] == ["Ann", "Bob"]
    assert store.join(token, "Sina", "sin")[0].role == "sin"
    store.close()
