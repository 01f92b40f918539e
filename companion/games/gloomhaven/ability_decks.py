"""Monster ability decks during a scenario (rulebook, "Monster ability
cards", p. 10; "End of round", p. 32).

One deck per deck id: monster types that share a deck (bandit and city
guards both use the guard deck) share its card each round. The draw pile is
kept as the set of card indexes left, not as an order: the server draws one
at random in `prepare` once everyone has chosen their cards, and records it.
A card with the shuffle mark sends the whole deck back together at the end
of the round.
"""

from __future__ import annotations

import random

from companion.rules import N_, ActionError


def new_deck(card_count: int) -> dict:
    return {"pile": list(range(card_count)), "discard": [], "current": None, "reshuffle": False}


def pick(deck: dict, rng: random.Random) -> int:
    """The card the server draws next (the discard is shuffled back in when the pile is empty)."""
    pile = deck["pile"] or deck["discard"]
    if not pile:
        raise ActionError(N_("The ability deck is empty."), field="deck")
    return rng.choice(sorted(pile))


def reveal(deck: dict, index: int, cards: list[dict]) -> None:
    """Turn card `index` face up (changes `deck`). Refuses a card not in the pile."""
    if deck["current"] is not None:
        raise ActionError(N_("This deck already shows a card this round."), field="deck")
    if not deck["pile"]:
        deck["pile"], deck["discard"] = sorted(deck["discard"]), []
    if index not in deck["pile"]:
        raise ActionError(N_("That card is not in the deck's draw pile."), field="deck")
    deck["pile"].remove(index)
    deck["current"] = index
    if cards[index].get("shuffle"):
        deck["reshuffle"] = True


def end_of_round(deck: dict) -> bool:
    """The shown card goes to the discard; a shuffle mark sends everything
    back to the draw pile. Says whether the deck was reshuffled."""
    if deck["current"] is not None:
        deck["discard"].append(deck["current"])
        deck["current"] = None
    if deck["reshuffle"]:
        deck["pile"] = sorted(deck["pile"] + deck["discard"])
        deck["discard"], deck["reshuffle"] = [], False
        return True
    return False
