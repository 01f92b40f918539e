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
