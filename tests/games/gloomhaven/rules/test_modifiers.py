"""The modifier deck: draws, removal of bless and curse, reshuffles, limits."""

import random

import pytest

from companion.games.gloomhaven import modifiers
from companion.rules import ActionError

MIX = {"+0": 6, "+1": 5, "-1": 5, "+2": 1, "-2": 1, "x2": 1, "null": 1}


def test_a_new_deck_holds_twenty_cards_in_its_draw_pile():
    assert modifiers.pile_size(modifiers.new_deck(MIX)) == 20


def test_a_drawn_card_goes_to_the_discard_and_bless_or_curse_leaves_the_deck():
    deck = modifiers.new_deck({"+1": 1, "bless": 1, "curse": 1})
    for code in ("+1", "bless", "curse"):
        modifiers.take(deck, code)
    assert deck["cards"]["discard"] == ["+1"] and modifiers.pile_size(deck) == 0


def test_drawing_from_an_empty_pile_reshuffles_the_discard_first():
    deck = modifiers.new_deck({"+1": 1})
    modifiers.take(deck, "+1")
    modifiers.take(deck, "+1")
    assert deck["cards"]["discard"] == ["+1"]


def test_x2_or_null_reshuffles_the_deck_at_the_end_of_the_round_and_nothing_else_does():
    deck = modifiers.new_deck(MIX)
    modifiers.take(deck, "+1")
    assert modifiers.end_of_round(deck) is False and deck["cards"]["discard"] == ["+1"]
    modifiers.take(deck, "null")
    assert modifiers.end_of_round(deck) is True
    assert modifiers.pile_size(deck) == 20 and deck["cards"]["discard"] == []


def test_a_card_the_pile_does_not_hold_is_refused():
    deck = modifiers.new_deck({"+1": 1})
    with pytest.raises(ActionError):
        modifiers.take(deck, "x2")


def test_a_card_stops_at_its_limit():
    deck = modifiers.new_deck(MIX)
    for _ in range(10):
        modifiers.add_card(deck, "curse", 10)
    with pytest.raises(ActionError):
        modifiers.add_card(deck, "curse", 10)


def test_random_draws_with_the_same_seed_are_the_same_cards():
    first, second = modifiers.new_deck(MIX), modifiers.new_deck(MIX)
    a = [modifiers.draw_random(first, random.Random(5)) for _ in range(3)]
    b = [modifiers.draw_random(second, random.Random(5)) for _ in range(3)]
    assert a == b


def test_advantage_draws_two_and_more_only_while_both_roll():
    deck = modifiers.new_deck({"r+1": 2, "+0": 1})
    drawn = modifiers.draw_for_attack(deck, "advantage", random.Random(1))
    assert sum(1 for c in drawn if c.startswith("r")) == len(drawn) - 1 or len(drawn) == 2
    assert modifiers.draws_needed(drawn, "advantage")


def test_a_rolling_card_code_may_name_its_effect():
    card = modifiers.parse("r+0 push 1")
    assert card.rolling and card.value == 0 and card.effect == "push 1"


def test_a_deck_mix_is_read_from_its_written_form_and_back():
    mix = modifiers.parse_mix("+0×6 +1×5 -1×5 +2 -2 x2 null")
    assert sum(mix.values()) == 20 and mix["x2"] == 1 and mix["+0"] == 6
    assert modifiers.parse_mix(modifiers.mix_text(mix)) == mix


@pytest.mark.parametrize("text", ["", "+10", "bless", "+1×99", "r+1×80"])
def test_a_bad_deck_mix_is_refused_naming_the_field(text):
    with pytest.raises(ActionError) as refused:
        modifiers.parse_mix(text)
    assert refused.value.field == "monster_deck"
