"""Exports made before the action table (issue 17) keep importing and
replaying: a scenario table (set-up, battle goals, a short rest and its
redraw, a standee placed by hand, the monster cards drawn, undone and drawn
again, a monster attack and its damage, a special rule's spawn at the
round's end, a door opened) and a campaign (quests dealt, undone and dealt
again, shopping, the city)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

EXPORTS = Path(__file__).parent / "exports"


def imported(store, name: str):
    export = json.loads((EXPORTS / name).read_text())
    table = store.import_table(export)
    return table, export


@pytest.mark.parametrize("name", ["before_action_table.json", "campaign_before_action_table.json"])
def test_an_export_from_before_the_action_table_imports_and_replays_to_its_state(store, name):
    table, export = imported(store, name)
    expected = export["state"]
    if name == "before_action_table.json":
        expected = with_decks(expected)
        # A character's attack now says where its cards came from (typed by hand in this log).
        for attack in store.state(table.token)[1]["attacks"]:
            if "drawn" in attack:
                assert ["cards drawn by hand: %(cards)s", {"cards": " ".join(attack["drawn"])}] in attack["working"]
        expected["attacks"] = [{key: value for key, value in attack.items()} for attack in expected["attacks"]]
        for attack, now in zip(expected["attacks"], store.state(table.token)[1]["attacks"]):
            if "drawn" in now:
                attack["drawn"] = now["drawn"]
                attack["working"] = [line for line in now["working"] if line[0] != "cards drawn by hand: %(cards)s"] \
                    == attack["working"] and now["working"]
    assert store.state(table.token)[1] == expected
    assert store.replayed_state(table.token) == expected


def with_decks(state: dict) -> dict:
    """The scenario's state as it is since the characters' modifier decks are
    kept: each character with the standard deck (this log draws none of its cards)."""
    from companion.games.gloomhaven import state as scenario_state
    return scenario_state.upgrade(json.loads(json.dumps(state)))


def test_the_imported_scenario_plays_on(store):
    table, export = imported(store, "before_action_table.json")
    store.act(table.token, "s2", "character.adjust", {"field": "hp", "delta": -1})
    after = store.state(table.token)[1]
    assert after["characters"]["s2"]["hp"] == export["state"]["characters"]["s2"]["hp"] - 1
    store.act(table.token, "s1", "initiative.choose", {"initiative": 10, "second": 11})
    store.act(table.token, "s2", "initiative.choose", {"initiative": 12, "second": 13})
    assert store.state(table.token)[1]["phase"] == "playing"
    assert store.replayed_state(table.token) == store.state(table.token)[1]


def test_the_imported_campaign_plays_on(store):
    table, export = imported(store, "campaign_before_action_table.json")
    store.act(table.token, "s2", "character.adjust", {"field": "gold", "delta": 5})
    assert store.replayed_state(table.token) == store.state(table.token)[1]
    assert store.state(table.token)[1] != export["state"]
