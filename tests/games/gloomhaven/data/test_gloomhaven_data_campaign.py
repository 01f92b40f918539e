"""Classes, items, battle goals, personal quests, conditions and campaign
facts: counts against the source and spot checks."""

from __future__ import annotations

from companion.games.gloomhaven import data


def test_seventeen_classes_six_starting_and_eleven_locked_by_their_names(reference):
    assert len(list((reference / "gloomhavensecretariat" / "character").glob("*.json"))) == 17
    classes = data.classes()
    assert len(classes) == 17
    starting = sorted(c["name"] for c in classes.values() if c["starting"])
    assert starting == ["Brute", "Cragheart", "Mindthief", "Scoundrel", "Spellweaver", "Tinkerer"]
    locked = {k: c["name"] for k, c in classes.items() if not c["starting"]}
    assert len(locked) == 11 and locked["angry-face"] == "Doomstalker" and locked["two-mini"] == "Beast Tyrant"
    assert all(c["spoiler"] for k, c in classes.items() if k in locked)


def test_hit_points_for_levels_one_to_nine():
    assert data.classes()["brute"]["hit_points"] == [10, 12, 14, 16, 18, 20, 22, 24, 26]
    assert data.classes()["spellweaver"]["hit_points"] == [6, 7, 8, 9, 10, 11, 12, 13, 14]
    for class_id, character in data.classes().items():
        assert len(character["hit_points"]) == 9, class_id


def test_hand_sizes_say_whether_they_come_from_the_data():
    classes = data.classes()
    assert (classes["spellweaver"]["hand_size"], classes["spellweaver"]["hand_size_in_data"]) == (8, True)
    assert (classes["brute"]["hand_size"], classes["brute"]["hand_size_in_data"]) == (10, False)


def test_four_classes_have_no_perks_in_the_data():
    without = sorted(k for k, c in data.classes().items() if c["perks"] is None)
    assert without == ["cragheart", "scoundrel", "squidface", "sun"]


def test_brute_perks_as_deck_changes():
    perks = data.classes()["brute"]["perks"]
    assert perks[0] == {"boxes": 1, "remove": [{"count": 2, "value": -1}], "add": []}
    assert perks[1] == {"boxes": 1, "remove": [{"count": 1, "value": -1}], "add": [{"count": 1, "value": 1}]}
    assert perks[4]["add"] == [{"count": 3, "value": 0, "rolling": True, "effects": [{"kind": "push", "value": 1}]}]
    assert perks[-1]["text"] == "Ignore negative item effects"


def test_every_perk_box_count_matches_the_source(ghs):
    for class_id, character in data.classes().items():
        raw = ghs(f"character/{class_id}.json")
        if character["perks"] is not None:
            assert [p["boxes"] for p in character["perks"]] == [p.get("count", 1) for p in raw["perks"]]


def test_summons_keep_their_numbers():
    wolves = [s for s in data.classes()["circles"]["summons"] if s["name"] == "Shadow Wolf"]
    assert wolves and wolves[0]["count"] == 2 and wolves[0]["hit_points"] == 3


def test_one_hundred_fifty_one_items(ghs):
    assert len(ghs("items.json")) == 151
    assert [i["id"] for i in data.items()] == list(range(1, 152))


def test_items_keep_cost_copies_slot_prosperity_and_minus_one_cards():
    assert data.item(1) == {"id": 1, "name": "Boots of Striding", "cost": 20, "copies": 2, "slot": "legs",
                            "prosperity": 1, "spent": True, "minus_one_cards": 0}
    assert data.item(3)["minus_one_cards"] == 2 and data.item(3)["uses"] == 2
    assert data.item(35)["summon"]["name"] == "Jade Falcon"
    assert sum(1 for i in data.items() if i["prosperity"] is not None) == 70
    assert sum(1 for i in data.items() if i.get("solo_reward")) == 18


def test_shop_items_by_prosperity_agree_with_the_items():
    for level, (first, last) in data.fact("shop_items_by_prosperity").items():
        for number in range(first, last + 1):
            assert data.item(number)["prosperity"] == int(level)


def test_twenty_four_battle_goals_with_their_checkmarks(ghs):
    goals = data.battle_goals()
    assert len(goals) == len(ghs("battle-goals.json")) == 24
    assert sum(1 for g in goals if g["checkmarks"] == 2) == 4
    assert {g["name"] for g in goals if g["checkmarks"] == 2} == {"Aggressor", "Indigent", "Layabout", "Purist"}


def test_twenty_four_personal_quests_with_goals_and_unlocks(ghs):
    quests = data.personal_quests()
    assert len(quests) == len(ghs("personal-quests.json")) == 24
    assert [q["id"] for q in quests] == list(range(510, 534))
    greed = quests[2]
    assert greed["name"] == "Greed Is Gold"
    assert greed["goals"][0]["count"] == 200 and greed["unlocks"] == {"class": "three-spears"}
    assert sum(1 for q in quests if "envelope" in q["unlocks"]) == 2


def test_the_eight_conditions_of_the_base_game():
    found = {c["id"]: c for c in data.conditions()}
    assert list(found) == ["stun", "immobilize", "disarm", "wound", "muddle", "poison", "invisible", "strengthen"]
    assert found["poison"]["ends"] == "when_healed" and found["stun"]["ends"] == "end_of_next_turn"


def test_experience_thresholds():
    assert list(data.fact("experience_thresholds").values()) == [0, 45, 95, 150, 210, 275, 345, 420, 500]


def test_prosperity_thresholds_of_the_second_printing():
    assert list(data.fact("prosperity_thresholds").values()) == [0, 4, 9, 15, 22, 30, 39, 50, 64]


def test_reputation_bands_cover_minus_twenty_to_twenty_once():
    bands = data.fact("reputation_price_bands")
    covered = [r for band in bands for r in range(band["from"], band["to"] + 1)]
    assert covered == list(range(-20, 21))
    by_reputation = {r: b["price_change"] for b in bands for r in range(b["from"], b["to"] + 1)}
    assert (by_reputation[-20], by_reputation[0], by_reputation[3], by_reputation[20]) == (5, 0, -1, -5)


def test_scenario_level_table():
    table = data.fact("scenario_level_table")
    assert [row["gold_per_coin"] for row in table] == [2, 2, 3, 3, 4, 4, 5, 6]
    assert [row["trap_damage"] for row in table] == [2 + level for level in range(8)]


def test_the_monster_modifier_deck_is_a_tracker_default_of_twenty_cards():
    deck = data.facts()["monster_modifier_deck"]
    assert deck["status"] == "TRACKER"
    assert sum(card["count"] for card in deck["value"]) == 20
    assert {card["value"]: card["count"] for card in deck["value"]} == {
        0: 6, 1: 5, -1: 5, 2: 1, -2: 1, "x2": 1, "null": 1}


def test_every_fact_has_a_known_status():
    for fact_id, entry in data.facts().items():
        assert entry["status"] in ("CONFIRMED", "TRACKER", "UNCONFIRMED"), fact_id
        assert entry["about"], fact_id
    assert data.facts()["bless_cards_max"]["status"] == "UNCONFIRMED"


def test_every_personal_quest_goal_has_a_text():
    for quest in data.personal_quests():
        for goal in quest["goals"]:
            assert goal["text"] and "%" not in goal["text"], quest["id"]
    assert data.personal_quests()[10]["goals"][0]["text"] == data.item(113)["name"]
