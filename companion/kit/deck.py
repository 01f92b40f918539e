"""Decks of cards: draw, discard, shuffle, reshuffle, put on top or bottom,
secret hands and cards sealed from every seat.

No hidden order is ever stored: a deck's shuffled part is a pile whose order
nobody knows yet, and a draw from it picks a card at random while the
action's effect runs, through `act.draws` (recorded in the action, so the log
replays and undo can't re-draw: the table's randomness gives the same card
again). Cards put on top or at the
bottom are in known places, drawn first or last.

A deck is a plain dict: `{"top": [...], "pile": [...], "bottom": [...], "discard": [...]}`
(`top[0]` is drawn first, `bottom[-1]` last; `pile` is kept sorted, its order
means nothing). Cards are strings or numbers, a game's own ids."""

from __future__ import annotations

import random

from companion.rules import N_, ActionError

SEALED = "sealed"  # state["secrets"]["sealed"]: no seat's id, so no seat ever sees it


def _sorted(cards: list) -> list:
    return sorted(cards, key=lambda card: (str(type(card)), card))


def new_deck(cards: list) -> dict:
    """A shuffled deck of `cards`, nothing discarded."""
    return {"top": [], "pile": _sorted(list(cards)), "bottom": [], "discard": []}


def size(deck: dict) -> int:
    """How many cards can still be drawn."""
    return len(deck["top"]) + len(deck["pile"]) + len(deck["bottom"])


def pick(deck: dict, count: int, rng: random.Random, reshuffle: bool = False) -> list:
    """The cards the next `count` draws give, without changing the deck (an
    effect's draw: `act.draws.take("cards", lambda rng: pick(deck, 2, rng))`).
    With `reshuffle`, an empty deck takes its discards back first (what
    `draw` does with the same flag). Refused if there are not enough."""
    top, pile, bottom = list(deck["top"]), list(deck["pile"]), list(deck["bottom"])
    discard = list(deck["discard"])
    drawn = []
    for _ in range(count):
        if not top and not pile and not bottom and reshuffle and discard:
            pile, discard = _sorted(discard), []
        if top:
            drawn.append(top.pop(0))
        elif pile:
            drawn.append(pile.pop(rng.randrange(len(pile))))
        elif bottom:
            drawn.append(bottom.pop(0))
        else:
            raise ActionError(N_("The deck is empty."), field="deck")
    return drawn


def draw(deck: dict, cards: list, reshuffle: bool = False) -> list:
    """Take `cards` (what `pick` chose, recorded in the action)
    off the deck, in order. A log edited to draw a card the deck can't give is refused."""
    for card in cards:
        if not size(deck) and reshuffle and deck["discard"]:
            shuffle_in_discard(deck)
        if deck["top"]:
            taken = deck["top"].pop(0)
        elif card in deck["pile"]:
            deck["pile"].remove(card)
            taken = card
        elif not deck["pile"] and deck["bottom"]:
            taken = deck["bottom"].pop(0)
        else:
            taken = None
        if taken != card:
            raise ActionError(N_("That card is not the next one in the deck."), field="deck")
    return list(cards)


def discard(deck: dict, cards: list) -> None:
    deck["discard"].extend(cards)


def put_on_top(deck: dict, card) -> None:
    deck["top"].insert(0, card)


def put_at_bottom(deck: dict, card) -> None:
    deck["bottom"].append(card)


def shuffle(deck: dict) -> None:
    """Shuffle what is left to draw: known places become unknown."""
    deck["pile"] = _sorted(deck["top"] + deck["pile"] + deck["bottom"])
    deck["top"], deck["bottom"] = [], []


def shuffle_in_discard(deck: dict) -> None:
    """Put the discards back and shuffle everything."""
    deck["pile"] = _sorted(deck["top"] + deck["pile"] + deck["bottom"] + deck["discard"])
    deck["top"], deck["bottom"], deck["discard"] = [], [], []


def remove(deck: dict, card) -> None:
    """Take a card out of the game wherever it is in the deck."""
    for part in ("top", "pile", "bottom", "discard"):
        if card in deck[part]:
            deck[part].remove(card)
            return
    raise ActionError(N_("That card is not in the deck."), field="card")


def check_deck(deck: dict) -> None:
    if not isinstance(deck, dict) or set(deck) != {"top", "pile", "bottom", "discard"}:
        raise ValueError
    if not all(isinstance(deck[part], list) for part in deck):
        raise TypeError


# -- hands and sealed cards, kept under state["secrets"] ---------------------------
def hand(state: dict, seat_id: str, name: str = "hand") -> list:
    """`seat_id`'s secret hand (created empty): only that seat sees it."""
    return state.setdefault("secrets", {}).setdefault(seat_id, {}).setdefault(name, [])


def play_from_hand(state: dict, seat_id: str, card, name: str = "hand") -> None:
    held = hand(state, seat_id, name)
    if card not in held:
        raise ActionError(N_("That card is not in your hand."), field="card")
    held.remove(card)


def sealed(state: dict, name: str) -> list:
    """Cards face down that no seat sees until they are revealed (dark pasts)."""
    return state.setdefault("secrets", {}).setdefault(SEALED, {}).setdefault(name, [])


def reveal(state: dict, name: str, card) -> None:
    """Take a sealed card out of its sealed pile; the game shows it where it belongs."""
    pile = sealed(state, name)
    if card not in pile:
        raise ActionError(N_("That card is not face down."), field="card")
    pile.remove(card)
