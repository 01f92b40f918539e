"""Monster stat cards and ability decks: counts against the source, the
shape of the stat lines, and spot checks of printed figures."""

from __future__ import annotations

import pytest

from companion.games.gloomhaven import data


def test_all_sixty_monster_files_are_converted(reference):
    source_names = sorted(p.stem for p in (reference / "gloomhavensecretariat" / "monster").glob("*.json"))
    assert len(source_names) == 60
    assert sorted(data.monsters()) == source_names


def test_twenty_three_bosses_have_boss_rows_and_no_elite_rows(ghs):
    """The issue's 23: the 13 campaign bosses, the 9 boss-like scenario
    figures and the scenario-36 Prime Demon, i.e. every file flagged boss."""
    bosses = {k for k, m in data.monsters().items() if m["boss"]}
    assert len(bosses) == 23
    assert bosses == {k for k in data.monsters() if ghs(f"monster/{k}.json").get("boss")}
    for monster_id in bosses:
        for level in data.monster(monster_id)["levels"]:
            assert list(level) == ["boss"], monster_id


def test_every_other_monster_has_normal_and_elite_rows_for_levels_zero_to_seven():
    for monster_id, monster in data.monsters().items():
        assert len(monster["levels"]) == 8, monster_id
        if not monster["boss"]:
            for level in monster["levels"]:
                assert list(level) == ["normal", "elite"], monster_id


def test_bandit_guard_at_level_one():
    guard = data.monster("bandit-guard")
    assert (guard["name"], guard["standees"], guard["deck"]) == ("Bandit Guard", 6, "guard")
    assert data.stats("bandit-guard", 1, "normal") == {"hit_points": 6, "move": 3, "attack": 2, "range": 0}
    assert data.stats("bandit-guard", 1, "elite") == {
        "hit_points": 9, "move": 2, "attack": 3, "range": 0, "shield": 1}


def test_a_ranged_monster_keeps_its_range_and_a_poisoner_its_condition():
    assert data.stats("bandit-archer", 0, "normal")["range"] == 3
    assert data.stats("bandit-archer", 1, "elite") == {"hit_points": 7, "move": 2, "attack": 3, "range": 5}
    assert data.stats("black-imp", 1, "normal")["conditions"] == ["poison"]


def test_a_retaliate_keeps_its_range():
    assert data.stats("flame-demon", 1, "elite")["retaliate"] == {"value": 2, "range": 2}


def test_boss_hit_points_are_a_multiple_of_the_character_count():
    commander = data.monster("bandit-commander")
    assert data.stats("bandit-commander", 0, "boss")["hit_points"] == {"per_character": 8, "divide_by": 1}
    assert commander["immunities"] == ["stun", "immobilize", "curse"]
    assert commander["specials"][1] == [{"kind": "summon", "monsters": [{"monster": "living-bones", "count": 1}]}]


def test_a_halved_hit_point_formula_keeps_its_divisor():
    formulas = [
        level["boss"]["hit_points"] for m in data.monsters().values() if m["boss"]
        for level in m["levels"] if isinstance(level["boss"]["hit_points"], dict)
    ]
    assert {"per_character": 17, "divide_by": 2} in formulas


def test_an_attack_that_grows_with_the_character_count_is_kept_as_a_formula():
    assert data.stats("inox-bodyguard", 1, "boss")["attack"] == {"base": 1, "plus": "C"}


def test_flyers_are_the_four_flagged_in_the_source():
    assert sorted(k for k, m in data.monsters().items() if m["flying"]) == [
        "flame-demon", "spitting-drake", "sun-demon", "wind-demon"]


def test_scenario_variants_are_kept_and_say_whose_standees_they_use():
    bear = data.monster("cave-bear-scenario-54")
    assert bear["scenario_only"] and bear["uses_standees_of"] == "cave-bear"
    assert bear["name"] == "Cave Bear (scenario 54)"
    assert data.stats("cave-bear-scenario-54", 0, "normal")["conditions"] == ["poison"]


def test_thirty_decks_of_eight_cards(reference):
    assert len(list((reference / "gloomhavensecretariat" / "deck").glob("*.json"))) == 30
    assert len(data.decks()) == 30
    for deck_id, deck in data.decks().items():
        assert len(deck["cards"]) == 8, deck_id


def test_every_monster_names_an_existing_deck():
    for monster_id, monster in data.monsters().items():
        assert monster["deck"] in data.decks(), monster_id


def test_guard_deck_card_values_are_relative_to_the_monster():
    cards = {c["number"]: c for c in data.decks()["guard"]["cards"]}
    assert cards[524] == {"number": 524, "initiative": 15, "shuffle": True, "actions": [
        {"kind": "shield", "value": 1}, {"kind": "retaliate", "value": 2}]}
    assert cards[525]["actions"] == [{"kind": "move", "delta": 1}, {"kind": "attack", "delta": -1}]
    assert cards[526]["actions"][1] == {"kind": "attack", "delta": 0, "range": 2}


def test_an_element_consumption_lists_what_it_gives():
    cards = {c["number"]: c for c in data.decks()["flame-demon"]["cards"]}
    attack = cards[631]["actions"][0]
    assert attack["consume"] == [{"kind": "consume", "element": "fire", "gives": [
        {"kind": "attack", "delta": 1}, {"kind": "condition", "conditions": ["wound"]}]}]


def test_a_melee_area_is_given_from_the_attacker_in_axial_offsets():
    """The cultist's death burst hits the six hexes around it."""
    cards = {c["number"]: c for c in data.decks()["cultist"]["cards"]}
    burst = cards[604]["actions"][2]["then"][0]["area"]
    assert burst["melee"] and burst["attacker"] == [[0, 0]]
    assert sorted(map(tuple, burst["hexes"])) == sorted([(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)])


def test_a_line_area_stays_a_straight_line_from_the_attacker():
    """Deep Terror 733: five hexes in a row, the first next to the attacker
    (the source's shifted rows would bend it if read as a square grid)."""
    cards = {c["number"]: c for c in data.decks()["deep-terror"]["cards"]}
    hexes = [[0, 0]] + cards[733]["actions"][0]["area"]["hexes"]
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(hexes, hexes[1:])}
    assert len(hexes) == 6 and len(steps) == 1 and steps.pop() in {(1, -1), (-1, 1)}


@pytest.mark.parametrize("deck_id", ["ancient-artillery", "giant-viper", "shaman"])
def test_the_three_older_decks_have_no_card_numbers(deck_id):
    assert [c["number"] for c in data.decks()[deck_id]["cards"]] == [None] * 8


def test_the_boss_deck_points_at_specials():
    specials = [a for c in data.decks()["boss"]["cards"] for a in c["actions"] if a["kind"] == "special"]
    assert sorted(a["number"] for a in specials) == [1, 1, 1, 2, 2, 2]


def all_actions(node):
    """Every action dict under a deck, card or special, nested ones included."""
    if isinstance(node, dict):
        if "kind" in node:
            yield node
        for value in node.values():
            yield from all_actions(value)
    elif isinstance(node, list):
        for value in node:
            yield from all_actions(value)


def test_every_area_is_one_connected_pattern_the_solver_accepts():
    from companion.kit.hexes import distance
    specials = [m.get("specials") for m in data.monsters().values()]
    areas = [a["area"] for a in all_actions([data.decks(), specials]) if "area" in a]
    assert len(areas) == 25  # 21 on ability cards, 4 in boss specials
    for area in areas:
        cells = [tuple(h) for h in area["hexes"] + area["attacker"]]
        assert len(set(cells)) == len(cells)
        assert area["melee"] == bool(area["attacker"])
        if area["melee"]:
            assert [0, 0] in area["attacker"] and [0, 0] not in area["hexes"]
        reached, frontier = {cells[0]}, [cells[0]]
        while frontier:
            here = frontier.pop()
            for cell in cells:
                if cell not in reached and distance(here, cell) == 1:
                    reached.add(cell)
                    frontier.append(cell)
        assert reached == set(cells), area


def test_every_summoned_monster_has_stats():
    specials = [m.get("specials") for m in data.monsters().values()]
    for action in all_actions([data.decks(), specials]):
        if action["kind"] == "summon":
            for summoned in action["monsters"]:
                assert summoned.get("monster", "objective") in data.monsters() or "objective" in summoned
