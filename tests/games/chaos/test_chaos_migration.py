"""A Chaos table exported before the action table (issue 17) still imports,
replays to the same state and plays on. The export was made through the
real Store on the code of that time: set-up draws, a round with summons, a
card, an undo, a battle with its rolls, the corruption and end phases."""

import json
from pathlib import Path

from companion.games.chaos.state import lowest_threat

EXPORT = Path(__file__).parent / "exports" / "before_action_table.json"


def test_an_export_from_before_the_action_table_imports_replays_and_plays_on(store):
    old = json.loads(EXPORT.read_text(encoding="utf-8"))
    assert any(entry["type"] == "battle.roll" for entry in old["actions"])
    assert any(entry["undone"] for entry in old["actions"])
    table = store.import_table(old)
    assert store.state(table.token)[1] == old["state"]
    assert store.replayed_state(table.token) == old["state"]
    seat_of = {seat["role"]: seat["id"] for seat in old["seats"]}
    assert store.state(table.token)[1]["secrets"][seat_of["khorne"]]["hand"] == ["Blood Frenzy", "Rage"]
    assert old["state"]["phase"] == "old_world" and old["state"]["round"] == 2
    drawer = lowest_threat(old["state"])
    store.act(table.token, seat_of[drawer], "old_world.card", {"name": "Meteor Showers", "remove_after": True})
    store.act(table.token, None, "phase.next", {})
    assert store.state(table.token)[1]["phase"] == "draw"
    assert store.replayed_state(table.token) == store.state(table.token)[1]


ROUND_EXPORT = Path(__file__).parent / "exports" / "before_round_as_data.json"


def test_an_export_from_before_the_round_as_data_imports_replays_and_plays_on(store):
    """Made on the code before the round lived in the kit's flow (issue 17.3):
    mid-summoning, Nurgle passed, Slaanesh's turn, an undo in the log."""
    old = json.loads(ROUND_EXPORT.read_text(encoding="utf-8"))
    assert any(entry["undone"] for entry in old["actions"])
    table = store.import_table(old)
    assert store.replayed_state(table.token) == store.state(table.token)[1]
    seat_of = {seat["role"]: seat["id"] for seat in old["seats"]}
    assert store.state(table.token)[1]["secrets"][seat_of["khorne"]]["hand"] == [
        "Blood Frenzy", "The Skull Throne"]  # Battle Cry played
    view = table.rules.view(store.state(table.token)[1], None)
    assert (view["phase"], view["turn"], view["round"]) == ("summoning", "slaanesh", 1)
    store.act(table.token, seat_of["slaanesh"], "summoning.pass", {})
    store.act(table.token, seat_of["khorne"], "summoning.pass", {})
    store.act(table.token, seat_of["tzeentch"], "summoning.pass", {})
    assert table.rules.view(store.state(table.token)[1], None)["phase"] == "battle"
    assert store.replayed_state(table.token) == store.state(table.token)[1]
