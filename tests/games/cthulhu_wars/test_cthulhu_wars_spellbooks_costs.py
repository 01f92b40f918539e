"""Spellbooks taken for requirements, and what actions cost."""

import pytest

from companion.games.cthulhu_wars import costs, spellbooks
from companion.rules import ActionError


def gc(**changes):
    return {"spellbooks": [], "requirements_met": [], "great_old_ones": {"cthulhu": "pool"}, "awakened": [], **changes}


def test_meeting_a_requirement_lets_the_faction_take_any_remaining_book():
    spellbooks.check_earn("great_cthulhu", gc(), "gc_awaken", "submerge")
    spellbooks.check_earn("great_cthulhu", gc(), "gc_awaken", "dreams")


@pytest.mark.parametrize("faction, requirement, book, field", [
    (gc(requirements_met=["gc_awaken"]), "gc_awaken", "dreams", "requirement"),
    (gc(spellbooks=["dreams"]), "gc_awaken", "dreams", "spellbook"),
    (gc(), "bg_units4", "dreams", "requirement"),
    (gc(), "gc_awaken", "frenzy", "spellbook"),
])
def test_a_requirement_counts_once_and_a_book_is_taken_once(faction, requirement, book, field):
    with pytest.raises(ActionError) as refused:
        spellbooks.check_earn("great_cthulhu", faction, requirement, book)
    assert refused.value.field == field


def test_only_five_books_and_awakening_hastur_give_an_elder_sign():
    assert spellbooks.elder_signs_for("great_cthulhu", "gc_five_books") == 1
    assert spellbooks.elder_signs_for("great_cthulhu", "gc_first_doom") == 0
    assert spellbooks.elder_signs_for("yellow_sign", "ys_awaken_hastur") == 1


def test_the_seeds_action_costs():
    actions = ("recruit", "build_gate", "battle", "capture", "control_gate", "abandon_gate")
    assert [costs.normal_cost(a) for a in actions] == [1, 3, 1, 1, 0, 0]
    assert costs.normal_cost("move", units=3) == 3


def test_unique_action_costs_and_desecrate_is_1_with_the_third_eye_and_hastur():
    ys = {"spellbooks": [], "great_old_ones": {"hastur": "pool"}}
    assert costs.unique_cost("yellow_sign", "desecrate", ys) == 2
    ys = {"spellbooks": ["the_third_eye"], "great_old_ones": {"hastur": "map"}}
    assert costs.unique_cost("yellow_sign", "desecrate", ys) == 1
    assert costs.unique_cost("great_cthulhu", "dreams", gc()) == 3
    assert costs.unique_cost("black_goat", "ghroth", {"spellbooks": [], "great_old_ones": {}}) == 2


def test_cthulhu_costs_10_then_4():
    assert costs.awaken_cost({}, "great_cthulhu", "cthulhu", gc()) == 10
    assert costs.awaken_cost({}, "great_cthulhu", "cthulhu", gc(awakened=["cthulhu"])) == 4
    assert costs.awaken_cost({}, "black_goat", "shub_niggurath", {"awakened": ["shub_niggurath"]}) == 8


def test_the_thousand_young_makes_black_goat_monsters_1_cheaper_while_shub_is_in_play():
    bg = {"spellbooks": ["the_thousand_young"], "great_old_ones": {"shub_niggurath": "map"}}
    assert costs.summon_cost({}, "black_goat", "dark_young", bg) == 2
    bg["great_old_ones"]["shub_niggurath"] = "pool"
    assert costs.summon_cost({}, "black_goat", "dark_young", bg) == 3
