"""A campaign exports to one JSON file and imports back identically; an
export made at schema version 1 (committed in exports/) imports into the
current version; undo takes a step back without re-dealing quests."""

import json
from pathlib import Path

import pytest

from campaign_support import result, state, with_two_characters
from companion.games.gloomhaven.campaign import state as campaign_state
from companion.rules import ActionError
from tests.sealed import opened

OLD_EXPORT = Path(__file__).parent / "exports" / "campaign-schema-1.json"
# Made at schema version 2 after scenario 1, with scenario 2's table being played.
SCHEMA_2_EXPORT = Path(__file__).parent / "exports" / "campaign-schema-2.json"


@pytest.fixture
def played(tmp_path):
    store, token, ann, bo = with_two_characters(tmp_path)
    store.act(token, ann, "quest.keep", {"quest": state(store, token)["secrets"][ann]["quest_offer"][0]})
    store.act(token, ann, "item.buy", {"item": 3})
    store.act(token, ann, "scenario.result", {"child": "c", "offer": "scenario-1-0",
                                              "result": result(brute=(10, 6, 1), tinkerer=(8, 4, 0))})
    store.act(token, bo, "result.confirm", {})
    return store, token, ann, bo


def test_export_then_import_gives_the_same_campaign(played):
    store, token, _ann, _bo = played
    exported = store.export(token)
    copy = store.import_table(json.loads(json.dumps(exported)))
    assert store.state(copy.token)[1] == state(store, token)
    key = store.seal_key()
    assert opened(key, store.export(copy.token)["actions"]) == opened(key, exported["actions"])


def test_an_export_from_schema_version_1_imports_upgraded(tmp_path, played):
    store = played[0]
    old = json.loads(OLD_EXPORT.read_text(encoding="utf-8"))
    assert "schema" not in old["state"] and old["state"]["party"]["achievements"] == ["First Steps"]
    table = store.import_table(old)
    now = store.state(table.token)[1]
    assert now["schema"] == campaign_state.SCHEMA
    assert now["party"]["achievements"] == ["first-steps"] and now["party"]["difficulty"] == "normal"
    assert "city-rule-militaristic" in now["global_achievements"]
    assert now["characters"]["c1"]["experience"] == 10 and now["completed"] == [1]
    store.act(table.token, "s2", "result.confirm", {})  # the imported campaign plays on
    assert store.state(table.token)[1]["characters"]["c2"]["experience"] == 8


def test_an_export_from_schema_version_2_imports_with_its_scenario_table_in_progress(played):
    store = played[0]
    old = json.loads(SCHEMA_2_EXPORT.read_text(encoding="utf-8"))
    assert old["state"]["schema"] == 2 and "playing" not in old["state"]
    table = store.import_table(old)
    now = store.state(table.token)[1]
    assert now["schema"] == campaign_state.SCHEMA and now["completed"] == [1]
    assert now["printing"] == "second"  # version 2 knew only the second printing's track
    assert now["playing"] == [next(c["offer"] for c in old["children"] if c["name"].startswith("2 "))]
    assert [child.name for child in store.children(table.token)] == ["1 Black Barrow", "2 Barrow Lair"]
    with pytest.raises(ActionError):  # Grok has 46 experience, but the party is out of town
        store.act(table.token, "s1", "character.level_up", {})


def test_a_damaged_export_is_refused(played):
    store, token, *_ = played
    exported = store.export(token)
    exported["state"]["characters"]["c1"]["level"] = 12
    with pytest.raises(ActionError):
        store.import_table(exported)
    exported = store.export(token)
    exported["initial"]["schema"] = 99
    with pytest.raises(ActionError):
        store.import_table(exported)


def test_undoing_a_character_and_creating_it_again_deals_the_same_quests(tmp_path):
    store, token, _ann, bo = with_two_characters(tmp_path)
    dealt = state(store, token)["secrets"][bo]["quest_offer"]
    store.undo(token, bo)
    assert "c2" not in state(store, token)["characters"]
    store.act(token, bo, "character.create", {"class": "tinkerer", "name": "Tink", "level": 1})
    assert state(store, token)["secrets"][bo]["quest_offer"] == dealt


def test_a_campaign_with_everything_schema_4_keeps_exports_and_imports_identically(tmp_path):
    store, token, ann, bo = with_two_characters(tmp_path)
    from companion.games.gloomhaven import data
    secret = state(store, token)["secrets"][ann]
    quests = {q["id"]: q for q in data.personal_quests()}
    # A quest with a goal noted by hand (not one the sheet counts), if one of the two dealt has it.
    noted = [(q, i) for q in secret["quest_offer"] for i, g in enumerate(quests[q]["goals"])
             if (g.get("tracks") or {}).get("kind") not in ("gold_held", "items_of_slot", "item", "battle_goals")]
    kept, goal = noted[0] if noted else (secret["quest_offer"][0], None)
    store.act(token, ann, "quest.keep", {"quest": kept})
    if goal is not None:
        store.act(token, ann, "quest.progress", {"goal": goal, "progress": 1})
    store.act(token, bo, "class.perk_line", {"class": "cragheart", "text": "Remove four +0 cards", "remove": "4× +0"})
    store.act(token, ann, "item.gain", {"item": 114})
    store.act(token, ann, "item.sell", {"item": 114})  # into the city's supply
    store.act(token, ann, "scenario.unlock", {"scenario": 55})
    store.act(token, ann, "scenario.complete", {"scenario": 55, "outcome": "success", "level": 1,
                                                "characters": {"c1": {"experience": 2}, "c2": {"experience": 1}}})
    now = state(store, token)
    assert now["supply"] == [114] and now["class_perks"]["cragheart"] and now["due"] and now["pending"]
    copy = store.import_table(json.loads(json.dumps(store.export(token))))
    assert store.state(copy.token)[1] == now
    store.act(copy.token, "s2", "reward.gold", {"due": now["due"][0]["id"], "shares": {"c1": 5, "c2": 5}})
