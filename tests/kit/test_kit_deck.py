"""Decks: draws picked in prepare and taken in apply, known places, reshuffles, hands and sealed cards."""

from __future__ import annotations

import random

import pytest

from companion.kit import deck
from companion.rules import ActionError, Rules, Seat


def test_a_pick_does_not_change_the_deck_and_the_same_random_stream_picks_the_same_cards():
    cards = deck.new_deck(list(range(20)))
    first = deck.pick(cards, 3, random.Random(7))
    assert deck.size(cards) == 20
    assert deck.pick(cards, 3, random.Random(7)) == first
    deck.draw(cards, first)
    assert deck.size(cards) == 17 and not set(first) & set(cards["pile"])


def test_cards_put_on_top_are_drawn_first_and_at_the_bottom_last():
    cards = deck.new_deck(["b"])
    deck.put_on_top(cards, "top")
    deck.put_at_bottom(cards, "last")
    picked = deck.pick(cards, 3, random.Random(1))
    assert picked == ["top", "b", "last"]
    assert deck.draw(cards, picked) == picked


def test_drawing_a_card_the_deck_cant_give_is_refused():
    cards = deck.new_deck(["a", "b"])
    deck.put_on_top(cards, "c")
    with pytest.raises(ActionError):
        deck.draw(cards, ["a"])  # "c" is on top


def test_an_empty_deck_is_refused_unless_it_reshuffles_its_discards():
    cards = deck.new_deck(["a"])
    deck.draw(cards, deck.pick(cards, 1, random.Random(0)))
    deck.discard(cards, ["a"])
    with pytest.raises(ActionError) as error:
        deck.pick(cards, 1, random.Random(0))
    assert error.value.text() == "The deck is empty."
    assert deck.pick(cards, 1, random.Random(0), reshuffle=True) == ["a"]
    deck.draw(cards, ["a"], reshuffle=True)
    assert cards == {"top": [], "pile": [], "bottom": [], "discard": []}


def test_shuffling_forgets_known_places():
    cards = deck.new_deck(["b", "a"])
    deck.put_on_top(cards, "c")
    deck.discard(cards, ["d"])
    deck.shuffle(cards)
    assert cards["top"] == [] and cards["pile"] == ["a", "b", "c"] and cards["discard"] == ["d"]
    deck.shuffle_in_discard(cards)
    assert cards["pile"] == ["a", "b", "c", "d"]


def test_a_hand_is_seen_by_its_seat_only_and_sealed_cards_by_nobody():
    state = {"secrets": {}}
    deck.hand(state, "s1").extend(["sin-3", "sin-4"])
    deck.sealed(state, "dark_pasts").extend([1, 3, 5])
    rules = Rules()
    assert rules.view(state, Seat("s1", "Ann", "player"))["mine"] == {"hand": ["sin-3", "sin-4"]}
    assert rules.view(state, Seat("s2", "Bob", "player"))["mine"] == {}
    assert "secrets" not in rules.view(state, None)
    deck.reveal(state, "dark_pasts", 3)
    assert deck.sealed(state, "dark_pasts") == [1, 5]
    with pytest.raises(ActionError):
        deck.play_from_hand(state, "s1", "sin-9")
