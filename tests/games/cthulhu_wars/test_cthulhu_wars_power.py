"""Gather Power: the seed's worked examples, the minimum rule and the faction extras."""

from companion.games.cthulhu_wars import power


def test_the_seeds_example_3_cultists_2_gates_1_abandoned_1_captive_gather_9():
    total, terms = power.gathered("crawling_chaos", {"cultists": 3, "gates": 2, "captives": 1}, 1, [], [])
    assert total == 9
    assert [(t["label"], t["n"], t["value"]) for t in terms] == [
        ("%(n)d cultists", 3, 3), ("%(n)d gates × 2", 2, 4), ("%(n)d abandoned", 1, 1), ("%(n)d captive", 1, 1)]


def test_the_seeds_example_4_is_raised_to_7_when_the_highest_is_13():
    assert power.minimum_power({"a": 4, "b": 13, "c": 7}) == {"a": 7, "b": 13, "c": 7}


def test_half_is_rounded_up_and_nobody_above_half_moves():
    assert power.minimum_power({"a": 0, "b": 12}) == {"a": 6, "b": 12}
    assert power.minimum_power({"a": 9, "b": 12}) == {"a": 9, "b": 12}


def test_power_may_go_past_the_printed_20():
    total, _ = power.gathered("black_goat", {"cultists": 6, "gates": 8}, 2, [], [])
    assert total == 24


def test_feast_counts_for_yellow_sign_only():
    counts = {"cultists": 2, "feast_areas": 3}
    assert power.gathered("yellow_sign", counts, 0, [], [])[0] == 5
    assert power.gathered("black_goat", counts, 0, [], [])[0] == 2


def test_the_red_sign_gives_1_per_dark_young_only_with_the_book():
    counts = {"cultists": 1, "dark_young": 2}
    assert power.gathered("black_goat", counts, 0, [], [])[0] == 1
    assert power.gathered("black_goat", counts, 0, ["the_red_sign"], [])[0] == 3


def test_yha_nthlei_counts_enemy_ocean_gates_only_while_cthulhu_is_in_play():
    counts = {"cultists": 1, "enemy_ocean_gates": 2}
    assert power.gathered("great_cthulhu", counts, 0, ["y_ha_nthlei"], [])[0] == 1
    assert power.gathered("great_cthulhu", counts, 0, ["y_ha_nthlei"], ["cthulhu"])[0] == 3


def test_gather_all_applies_the_minimum_rule_and_says_whom_it_raised():
    result = power.gather_all({
        "great_cthulhu": {"counts": {"cultists": 6, "gates": 1}, "spellbooks": [],
                          "great_old_ones": {"cthulhu": "pool"}},
        "black_goat": {"counts": {"cultists": 1}, "spellbooks": [], "great_old_ones": {}},
    }, 0)
    assert result["great_cthulhu"]["power"] == 8
    assert result["black_goat"] == {"power": 4, "gathered": 1, "terms": result["black_goat"]["terms"],
                                    "raised_to_half_of": 8}
