"""A character's modifier deck from perks and items, with exact chances."""

from fractions import Fraction

import pytest

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


@pytest.mark.parametrize("text, card", [
    ("2× -1", {"count": 2, "value": -1}),
    ("4 +0", {"count": 4, "value": 0}),
    ("+0 rolling stun", {"count": 1, "value": 0, "rolling": True,
                         "effects": [{"kind": "condition", "condition": "stun"}]}),
    ("+1 heal 2 self", {"count": 1, "value": 1, "effects": [{"kind": "heal", "value": 2, "self": True}]}),
    ("2x +2 fire", {"count": 2, "value": 2, "effects": [{"kind": "infuse", "element": "fire"}]}),
    ("×2", {"count": 1, "value": "x2"}),
    ("+1 target 1 ⟳", {"count": 1, "value": 1, "effects": [{"kind": "add_target", "value": 1}], "rolling": True}),
])
def test_a_card_written_as_on_a_perk_reads_as_the_data_writes_it(text, card):
    assert deck.parse_card(text) == card


@pytest.mark.parametrize("text, word", [("+1 banana", "banana"), ("lots", "lots"), ("12× +1", "12× +1"), ("", "?")])
def test_a_card_not_understood_names_the_word(text, word):
    with pytest.raises(ValueError) as bad:
        deck.parse_card(text)
    assert str(bad.value) == word


def test_an_entered_perk_line_changes_the_deck_like_the_datas():
    entered = [{"boxes": 1, "remove": deck.parse_cards("4× +0"), "add": [], "entered": True},
               {"boxes": 2, "remove": deck.parse_cards("-1"), "add": deck.parse_cards("+1, +0 rolling stun")}]
    built = deck.build(entered, {"0": 1, "1": 2})
    assert counts(built)["+0"] == 2 and counts(built)["-1"] == 3 and counts(built)["+1"] == 7
    assert counts(built)["+0 ⟳ condition stun"] == 2 and built["total"] == 20 - 4 - 2 + 4
    chance = {c["label"]: c["chance"] for c in deck.chances(built)}
    assert chance["+0"] == Fraction(2, 18)
