"""Scenarios: counts against the source, rooms and standees by character
count, special rules, and campaign links."""

from __future__ import annotations

from companion.games.gloomhaven import data


def test_ninety_five_scenarios_numbered_one_to_ninety_five(reference):
    assert len(list((reference / "gloomhavensecretariat" / "scenarios").glob("*.json"))) == 95
    assert [s["number"] for s in data.scenarios()] == list(range(1, 96))


def test_scenario_55_has_no_rooms_and_says_so():
    foggy = data.scenario(55)
    assert foggy["name"] == "Foggy Thicket"
    assert foggy["rooms"] == [] and foggy["rooms_in_data"] is False
    assert [s["number"] for s in data.scenarios() if not s["rooms_in_data"]] == [55]


def test_black_barrow_first_room_for_two_three_and_four_characters():
    barrow = data.scenario(1)
    first = barrow["rooms"][0]
    assert (barrow["name"], first["number"], first["tile"], first["start"], first["opens"]) == (
        "Black Barrow", 1, "L1a", True, [2])
    assert first["standees"] == {
        "2": {"bandit-guard": {"normal": 2, "elite": 1}},
        "3": {"bandit-guard": {"normal": 6}},
        "4": {"bandit-guard": {"normal": 4, "elite": 2}},
    }


def test_standee_counts_match_the_source_entry_by_entry(ghs):
    for number in range(1, 96):
        raw = ghs(f"scenarios/{number:02d}.json")
        ours = data.scenario(number)
        for raw_room, room in zip(raw.get("rooms", []), ours["rooms"]):
            for players in ("2", "3", "4"):
                expected = sum(
                    1 for m in raw_room.get("monster", []) if "type" in m or f"player{players}" in m)
                placed = sum(n for ranks in room["standees"][players].values() for n in ranks.values())
                assert placed == expected, (number, room["number"], players)


def test_every_placed_or_listed_monster_has_stats():
    for scenario in data.scenarios():
        for name in scenario["monsters"]:
            assert name in data.monsters(), (scenario["number"], name)
        for room in scenario["rooms"]:
            for by_name in room["standees"].values():
                assert set(by_name) <= set(data.monsters()), scenario["number"]


def test_every_scenario_has_one_starting_room():
    for scenario in data.scenarios():
        if scenario["rooms_in_data"]:
            assert sum(r["start"] for r in scenario["rooms"]) == 1, scenario["number"]


def test_doors_lead_to_rooms_of_the_same_scenario():
    for scenario in data.scenarios():
        numbers = {r["number"] for r in scenario["rooms"]}
        for room in scenario["rooms"]:
            assert set(room["opens"]) <= numbers, scenario["number"]


def test_a_type_placed_above_the_scenario_level_says_by_how_much():
    assert data.scenario(67)["level_bonus"] == {"stone-golem": 1}
    assert "stone-golem" in data.scenario(67)["monsters"]


def test_added_curses_are_a_rule_with_a_readable_text():
    rule = data.scenario(2)["rules"][0]
    assert rule["effects"] == [{"kind": "add_modifier_cards", "card": "curse", "count": 3, "to": "each character"}]
    assert rule["when"]["rounds"] == [{"round": 1}]
    assert rule["text"] == "Round 1: add 3 curse cards to the modifier deck of each character"


def test_a_spawn_rule_keeps_ranks_by_character_count():
    spawn = data.scenario(3)["rules"][0]["effects"][0]
    assert spawn == {"kind": "spawn", "monster": "inox-guard", "count": 1,
                     "by_characters": {"2": "normal"}, "marker": "a"}
    assert data.scenario(3)["rules"][0]["when"]["rounds"] == [{"every": 2, "remainder": 1}]


def test_every_rule_has_a_text():
    for scenario in data.scenarios():
        for rule in scenario["rules"]:
            assert rule["text"] and "%" not in rule["text"], scenario["number"]


def test_campaign_links_of_the_first_scenarios():
    assert data.scenario(1)["unlocks"] == [2] and data.scenario(1)["first"] is True
    assert data.scenario(1)["rewards"] == {"party_achievements": ["first-steps"]}
    two = data.scenario(2)
    assert two["requirements"] == [{"party": ["first-steps"]}]
    assert two["rewards"] == {"gold_each": 10, "prosperity": 1}
    assert data.scenario(3)["requirements"] == [{"global_absent": ["the-merchant-flees"]}]


def test_achievements_written_as_names_or_misspelt_become_ids():
    assert data.scenario(92)["requirements"] == [{"party": ["debt-collection"]}]
    assert data.scenario(67)["rewards"]["global_achievements"] == ["ancient-technology"]
    assert data.scenario(36)["rewards"]["party_achievements_lost"] == ["a-demons-errand"]
    assert data.scenario(51)["requirements"] == [
        {"global": ["end-of-corruption"], "min_count": {"end-of-corruption": 3}}]


def test_every_achievement_named_by_a_scenario_is_known():
    known = data.achievements()
    assert len(known["global"]) == 21 and len(known["party"]) == 28
    for scenario in data.scenarios():
        for option in scenario["requirements"]:
            for key in ("global", "global_absent", "party", "party_absent"):
                kind = key.split("_")[0]
                assert set(option.get(key, [])) <= set(known[kind]), scenario["number"]
        rewards = scenario["rewards"]
        assert set(rewards.get("global_achievements", [])) <= set(known["global"])
        party_achievements = rewards.get("party_achievements", []) + rewards.get("party_achievements_lost", [])
        assert set(party_achievements) <= set(known["party"])


def test_typed_global_achievements_know_their_type():
    types = data.achievements()["global_types"]
    assert types["city-rule-militaristic"] == types["city-rule-demonic"] == "City Rule"
    assert types["artifact-lost"] == "Artifact"
    assert "the-merchant-flees" not in types


def test_item_rewards_with_copies():
    assert data.scenario(68)["rewards"]["items"] == [{"item": 27, "count": 2}]


def test_scenario_52_says_its_rewards_are_not_in_the_data():
    fifty_two = data.scenario(52)
    assert fifty_two["rewards"] == {} and fifty_two["rewards_in_data"] is False
    assert fifty_two["unlocks"] == [53]


def test_every_spawned_monster_has_stats_and_is_listed_by_its_scenario():
    for scenario in data.scenarios():
        for rule in scenario["rules"]:
            for effect in rule["effects"]:
                if effect["kind"] == "spawn":
                    assert effect["monster"] in data.monsters(), scenario["number"]
                    assert effect["monster"] in scenario["monsters"], scenario["number"]
