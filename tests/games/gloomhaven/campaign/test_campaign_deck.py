"""A character's modifier deck from perks and items, with exact chances."""

from fractions import Fraction

from companion.games.gloomhaven import data
from companion.games.gloomhaven.campaign import deck


def counts(built):
    return {c["label"]: c["count"] for c in built["cards"]}


def test_the_standard_deck_has_twenty_cards_with_exact_chances():
    built = deck.build([], {})
    assert built["total"] == 20
    chance = {c["label"]: c["chance"] for c in deck.chances(built)}
    assert chance["+0"] == Fraction(6, 20) and chance["×2"] == Fraction(1, 20)
    assert sum(chance.values()) == 1


def test_brute_removing_two_minus_ones_and_adding_a_three():
    perks = data.classes()["brute"]["perks"]
    built = deck.build(perks, {"0": 1, "3": 1})
    assert counts(built)["-1"] == 3 and counts(built)["+3"] == 1 and built["total"] == 19
    chance = {c["label"]: c["chance"] for c in deck.chances(built)}
    assert chance["-1"] == Fraction(3, 19)


def test_tinkerer_replacing_the_minus_two_with_a_zero():
    perks = data.classes()["tinkerer"]["perks"]
    built = deck.build(perks, {"1": 1})
    assert "-2" not in counts(built) and counts(built)["+0"] == 7 and built["total"] == 20


def test_spellweaver_perk_taken_twice_applies_twice():
    perks = data.classes()["spellweaver"]["perks"]
    twice = next(i for i, line in enumerate(perks) if line["boxes"] >= 2 and line["add"] and not line["remove"])
    once, both = deck.build(perks, {str(twice): 1}), deck.build(perks, {str(twice): 2})
    added = sum(c["count"] for c in perks[twice]["add"])
    assert both["total"] - once["total"] == added == once["total"] - 20


def test_items_add_minus_one_cards_and_no_more_marks_than_boxes():
    built = deck.build([], {}, minus_one_from_items=2)
    assert counts(built)["-1"] == 7 and built["total"] == 22
    perks = data.classes()["brute"]["perks"]
    assert deck.perk_problem(perks, {"0": 1}, 0) is not None
    assert deck.perk_problem(perks, {}, 0) is None
    assert deck.perk_problem(perks, {}, 99) is not None
