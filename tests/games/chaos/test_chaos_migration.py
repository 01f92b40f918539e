"""A Chaos table exported before the action table (issue 17) still imports,
replays to the same state and plays on. The export was made through the
real Store on the code of that time: set-up draws, a round with summons, a
card, an undo, a battle with its rolls, the corruption and end phases."""

import copy
import json
from pathlib import Path

from companion.games.chaos.state import lowest_threat, upgrade

EXPORT = Path(__file__).parent / "exports" / "before_action_table.json"


def test_an_export_from_before_the_action_table_imports_replays_and_plays_on(store):
    old = json.loads(EXPORT.read_text(encoding="utf-8"))
    assert any(entry["type"] == "battle.roll" for entry in old["actions"])
    assert any(entry["undone"] for entry in old["actions"])
    table = store.import_table(old)
    # The state as it was, carried to the current shape (the round in the kit's flow).
    upgraded = upgrade(copy.deepcopy(old["state"]))
    assert "phase" not in upgraded and upgraded["flow"]["phase"] == "old_world"
    assert store.state(table.token)[1] == upgraded
    assert store.replayed_state(table.token) == upgraded
    seat_of = {seat["role"]: seat["id"] for seat in old["seats"]}
    assert store.state(table.token)[1]["secrets"][seat_of["khorne"]]["hand"] == ["Blood Frenzy", "Rage"]
    assert old["state"]["phase"] == "old_world" and old["state"]["round"] == 2
    assert (upgraded["flow"]["round"], upgraded["flow"]["turn"]) == (2, None)
    drawer = lowest_threat(old["state"])
    store.act(table.token, seat_of[drawer], "old_world.card", {"name": "Meteor Showers", "remove_after": True})
    store.act(table.token, None, "phase.next", {})
    assert store.state(table.token)[1]["flow"]["phase"] == "draw"
    assert store.replayed_state(table.token) == store.state(table.token)[1]


ROUND_EXPORT = Path(__file__).parent / "exports" / "before_round_as_data.json"


def test_an_export_from_before_the_round_as_data_imports_replays_and_plays_on(store):
    """Made on the code before the round lived in the kit's flow (issue 17.3):
    mid-summoning, Nurgle passed, Slaanesh's turn, an undo in the log."""
    old = json.loads(ROUND_EXPORT.read_text(encoding="utf-8"))
    assert any(entry["undone"] for entry in old["actions"])
    table = store.import_table(old)
    upgraded = upgrade(copy.deepcopy(old["state"]))
    assert upgraded["flow"] == {"round": 1, "phase": "summoning", "order": ["khorne", "nurgle", "tzeentch", "slaanesh"],
                                "turn": 3, "passed": ["nurgle"]}
    assert store.state(table.token)[1] == upgraded
    assert store.replayed_state(table.token) == upgraded
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


def test_a_table_stored_before_the_round_as_data_opens_and_plays_on_without_an_import():
    """A table in the database keeps its stored state until its next action:
    its pages read it upgraded on a copy, and its next action upgrades it."""
    from chaos_play import SEATS
    from companion.games.chaos.rules import RULES
    from companion.rules import Action

    old = json.loads(ROUND_EXPORT.read_text(encoding="utf-8"))
    stored = copy.deepcopy(old["state"])
    shown = RULES.seat_view(stored, SEATS["s4"], SEATS)
    assert stored == old["state"]  # reading changes nothing stored
    assert (shown["phase"], shown["turn"], shown["gods"]["nurgle"]["out"]) == ("summoning", "slaanesh", True)
    assert set(RULES.open_actions(stored, SEATS["s4"], SEATS)) >= {"summon", "summoning.pass"}
    assert RULES.open_actions(stored, SEATS["s1"], SEATS).get("summon") is None
    new_state, _ = RULES.perform(stored, RULES.typed(Action("summoning.pass", {}, "s4")), SEATS, None)
    RULES.check_state(new_state)
    assert new_state["flow"]["turn"] == 0 and new_state["flow"]["passed"] == ["nurgle", "slaanesh"]
