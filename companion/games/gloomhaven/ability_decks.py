"""Monster ability decks during a scenario (rulebook, "Monster ability
cards", p. 10; "End of round", p. 32), on the kit's deck.

One deck per deck id: monster types that share a deck (bandit and city
guards both use the guard deck) share its card each round. A deck is
{"cards": a kit deck of card indexes, "current": the index shown this round
or None, "reshuffle": whether a shown card had the shuffle mark}. The server
draws the card (while the action runs) once everyone has chosen their cards, and
records it; a card with the shuffle mark sends the whole deck back together
at the end of the round.
"""

from __future__ import annotations

import random

from companion.kit import deck as kit_deck
from companion.rules import N_, ActionError


def new_deck(card_count: int) -> dict:
    return {"cards": kit_deck.new_deck(list(range(card_count))), "current": None, "reshuffle": False}


def pick(deck: dict, rng: random.Random) -> int:
    """The card the server draws next (the discard is shuffled back in when the pile is empty)."""
    return kit_deck.pick(deck["cards"], 1, rng, reshuffle=True)[0]


def reveal(deck: dict, index: int, cards: list[dict]) -> None:
    """Turn card `index` face up (changes `deck`). Refuses a card not in the draw pile."""
    if deck["current"] is not None:
        raise ActionError(N_("This deck already shows a card this round."), field="deck")
    if not isinstance(index, int) or not 0 <= index < len(cards):
        raise ActionError(N_("That card is not in the deck's draw pile."), field="deck")
    kit_deck.draw(deck["cards"], [index], reshuffle=True)
    deck["current"] = index
    if cards[index].get("shuffle"):
        deck["reshuffle"] = True


def end_of_round(deck: dict) -> bool:
    """The shown card goes to the discard; a shuffle mark sends everything
    back to the draw pile. Says whether the deck was reshuffled."""
    if deck["current"] is not None:
        kit_deck.discard(deck["cards"], [deck["current"]])
        deck["current"] = None
    if deck["reshuffle"]:
        kit_deck.shuffle_in_discard(deck["cards"])
        deck["reshuffle"] = False
        return True
    return False


def held(deck: dict) -> list[int]:
    """Every card of the deck, wherever it is (for checks)."""
    cards = deck["cards"]
    shown = [deck["current"]] if deck["current"] is not None else []
    return sorted(cards["top"] + cards["pile"] + cards["bottom"] + cards["discard"] + shown)
