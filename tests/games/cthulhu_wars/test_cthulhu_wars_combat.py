"""Combat: dice from strengths, Great Old Ones' strengths from state, the chart, results."""

import random
from fractions import Fraction as F

import pytest

from companion.games.cthulhu_wars import combat
from companion.games.cthulhu_wars.combat import COMBAT_DIE
from companion.rules import ActionError


def side(books=0, cultists=0, gates=0):
    return {"spellbooks": [f"b{i}" for i in range(books)], "counts": {"cultists": cultists, "gates": gates}}


def ctx(own=None, enemy=None, ritual_cost=5):
    return {"own": own or side(), "enemy": enemy or side(), "ritual_cost": ritual_cost}


def test_the_combat_die_kills_on_6_and_pains_on_4_and_5():
    assert [face.count("kill") for face in COMBAT_DIE.faces] == [0, 0, 0, 0, 0, 1]
    assert [face.count("pain") for face in COMBAT_DIE.faces] == [0, 0, 0, 1, 1, 0]
    assert not COMBAT_DIE.explosion_kinds()


def test_the_seeds_example_cthulhu_two_deep_ones_three_cultists_roll_8():
    dice, terms = combat.side_dice({}, "great_cthulhu", {"cthulhu": 1, "deep_one": 2, "cultist": 3}, ctx())
    assert dice == 8
    assert [(t["unit"], t["value"]) for t in terms] == [("cthulhu", 6), ("deep_one", 2), ("cultist", 0)]


def test_four_undead_roll_3_and_byakhee_roll_one_more_than_their_number():
    assert combat.side_dice({}, "yellow_sign", {"undead": 4}, ctx())[0] == 3
    assert combat.side_dice({}, "yellow_sign", {"byakhee": 2}, ctx())[0] == 3


def test_nyarlathotep_counts_both_sides_spellbooks():
    assert combat.side_dice({}, "crawling_chaos", {"nyarlathotep": 1}, ctx(side(books=3), side(books=2)))[0] == 5


def test_shub_niggurath_counts_her_cultists_and_gates_not_dark_young():
    own = side(cultists=4, gates=2)
    own["counts"]["dark_young"] = 3
    own["spellbooks"] = ["the_red_sign"]
    assert combat.side_dice({}, "black_goat", {"shub_niggurath": 1}, ctx(own))[0] == 6


def test_hastur_fights_with_the_current_ritual_cost_and_frenzy_gives_cultists_1():
    assert combat.side_dice({}, "yellow_sign", {"hastur": 1}, ctx(ritual_cost=8))[0] == 8
    frenzied = {"spellbooks": ["frenzy"], "counts": {}}
    assert combat.side_dice({}, "black_goat", {"cultist": 3}, ctx(frenzied))[0] == 3


def test_a_groups_correction_of_a_default_strength_is_used():
    state = {"corrections": {"unit:great_cthulhu:starspawn:combat": 4}}
    assert combat.side_dice(state, "great_cthulhu", {"starspawn": 2}, ctx())[0] == 8


def test_the_chart_of_two_dice_is_exact():
    chart = combat.chart(2)
    assert chart["kills"] == [(0, F(25, 36)), (1, F(10, 36)), (2, F(1, 36))]
    assert chart["pains"] == [(0, F(4, 9)), (1, F(4, 9)), (2, F(1, 9))]


def test_the_chart_of_many_dice_sums_to_one():
    chart = combat.chart(20)
    assert sum(p for _, p in chart["kills"]) == 1 and sum(p for _, p in chart["pains"]) == 1


def test_each_side_suffers_the_others_kills_and_pains():
    attacker = combat.entered(3, "6 6 4", "attacker")
    defender = combat.entered(2, "5 1", "defender")
    result = combat.outcome(attacker, defender)
    assert result["defender"]["suffers"] == {"kills": 2, "pains": 1}
    assert result["attacker"]["suffers"] == {"kills": 0, "pains": 1}


def test_entered_dice_that_dont_fit_are_refused_naming_the_field():
    with pytest.raises(ActionError) as refused:
        combat.entered(3, "6 6", "attacker")
    assert refused.value.field.startswith("attacker")


def test_a_server_roll_replays_to_the_same_results():
    record = combat.roll(5, random.Random(7))
    assert combat.results(record) == combat.results(record)
    assert len(combat.results(record)["faces"]) == 5
