"""Ability cards resolved against stats; ability decks reshuffle on the mark."""

import random

import pytest

from companion.games.gloomhaven import ability_decks
from companion.games.gloomhaven.abilities import card_text, resolve_card, self_heal
from companion.rules import ActionError

STATS = {"normal": {"move": 2, "attack": 3, "range": 3}, "elite": {"move": 2, "attack": 4, "range": 3}}


def test_a_card_reads_with_normal_and_elite_numbers():
    card = {"initiative": 31, "shuffle": False, "actions": [
        {"kind": "move", "delta": 1}, {"kind": "attack", "delta": 1, "range_delta": 0}]}
    assert card_text(resolve_card(card, STATS)) == "Move 3 · Attack 4 (elite 5) · Range 3"


def test_a_printed_number_without_a_sign_is_taken_as_it_is():
    card = {"initiative": 15, "shuffle": True, "actions": [{"kind": "shield", "value": 1}]}
    assert card_text(resolve_card(card, STATS)) == "Shield 1"


def test_stat_card_extras_go_onto_every_attack():
    stats = {"normal": {"attack": 2}, "elite": {"attack": 3, "conditions": ["poison"], "targets": 2}}
    resolved = resolve_card({"initiative": 5, "shuffle": False, "actions": [{"kind": "attack", "delta": 0}]}, stats)
    attack = resolved["actions"][0]
    assert attack["conditions_by_rank"] == {"normal": [], "elite": ["poison"]}
    assert attack["targets"] == {"normal": None, "elite": 2}


def test_an_element_consumption_shows_what_it_gives():
    card = {"initiative": 40, "shuffle": False, "actions": [
        {"kind": "attack", "delta": 0, "consume": [{"kind": "consume", "element": "fire",
                                                    "gives": [{"kind": "attack", "delta": 1}]}]}]}
    melee = {"normal": {"attack": 3}, "elite": {"attack": 4}}
    text = card_text(resolve_card(card, melee))
    assert text == "Attack 3 (elite 4) · Consume fire: +1 Attack"


def test_a_consumed_element_raises_the_cards_self_heal_and_nothing_else_does():
    # "Heal 2, self · consume ice: +3 Heal" (the data's shape for a heal an element raises)
    # and "consume light: Heal 1, self" (a heal of its own).
    card = {"initiative": 20, "shuffle": False, "actions": [
        {"kind": "heal", "value": 2, "affects": {"who": "self"},
         "consume": [{"kind": "consume", "element": "ice", "gives": [{"kind": "heal", "delta": 3}]}]},
        {"kind": "consume", "element": "light", "gives": [{"kind": "heal", "value": 1, "affects": {"who": "self"}}]}]}
    actions = resolve_card(card, {"normal": STATS["normal"]})["actions"]
    assert self_heal(actions, "normal", []) == 2
    assert self_heal(actions, "normal", ["ice"]) == 5
    assert self_heal(actions, "normal", ["ice", "light"]) == 6
    assert self_heal(actions, "normal", ["fire"]) == 2


def test_a_heal_of_an_ally_is_no_self_heal_even_when_raised():
    card = {"initiative": 14, "shuffle": False, "actions": [
        {"kind": "heal", "value": 2, "range": 3,
         "consume": [{"kind": "consume", "element": "ice", "gives": [{"kind": "heal", "delta": 3}]}]}]}
    assert self_heal(resolve_card(card, {"normal": STATS["normal"]})["actions"], "normal", ["ice"]) == 0


def test_a_ranged_monsters_attack_keeps_its_stat_range_when_the_card_names_none():
    card = {"initiative": 31, "shuffle": False, "actions": [{"kind": "attack", "delta": 0}]}
    assert card_text(resolve_card(card, STATS)) == "Attack 3 (elite 4) · Range 3"


def test_the_shuffle_mark_reshuffles_the_ability_deck_at_round_end():
    cards = [{"shuffle": i == 0} for i in range(8)]
    deck = ability_decks.new_deck(8)
    ability_decks.reveal(deck, 3, cards)
    assert ability_decks.end_of_round(deck) is False and deck["cards"]["discard"] == [3]
    ability_decks.reveal(deck, 0, cards)
    assert ability_decks.end_of_round(deck) is True and deck["cards"]["pile"] == list(range(8))


def test_a_deck_shows_one_card_a_round_and_only_from_its_pile():
    cards = [{"shuffle": False}] * 8
    deck = ability_decks.new_deck(8)
    ability_decks.reveal(deck, 1, cards)
    with pytest.raises(ActionError):
        ability_decks.reveal(deck, 2, cards)
    ability_decks.end_of_round(deck)
    with pytest.raises(ActionError):
        ability_decks.reveal(deck, 1, cards)


def test_an_empty_pile_is_refilled_from_the_discard():
    cards = [{"shuffle": False}] * 2
    deck = ability_decks.new_deck(2)
    for _ in range(2):
        ability_decks.reveal(deck, ability_decks.pick(deck, random.Random(0)), cards)
        ability_decks.end_of_round(deck)
    index = ability_decks.pick(deck, random.Random(0))
    ability_decks.reveal(deck, index, cards)
    assert deck["current"] == index
