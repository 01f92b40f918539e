"""The decks, on the kit's (companion/kit/deck.py): the SIN's cards and hand,
the upgrade deck and its face-up inventory, the story type's apocalypse
cards, and the dark pasts sealed from every seat.

Which card a draw gives is picked while the action is carried out (through
`act.draws`, recorded in the payload, read back on replay), then the picked
cards are taken off the deck.
The SIN's deck, the two apocalypse cards drawn and the one sent to the
bottom are the SIN's to see: they live in the SIN seat's secrets (the SIN
deck's remaining cards would tell the hand). Cards played are public.
"""

from __future__ import annotations

import random

from companion.games.the_others import apocalypse, data, heroes, powers, spaces, story
from companion.games.the_others.heroes import dark_past, sealed_name
from companion.games.the_others.seats import given, require_hero_player, require_sin
from companion.games.the_others.state import sin_seat
from companion.kit import deck as decks
from companion.kit.actions import Act
from companion.rules import N_, ActionError


def sin_secrets(state: dict) -> dict:
    return state["secrets"].setdefault(sin_seat(state) or "", {})


# -- the SIN's cards ---------------------------------------------------------------------------
def sin_cards(state: dict) -> list[str]:
    return [card["id"] for card in data.sins()[state["options"]["sin"]]["cards"]]


def hand(state: dict) -> list[str]:
    return decks.hand(state, sin_seat(state) or "")


def sin_deck(state: dict) -> dict:
    return sin_secrets(state)["deck"]


def pick_sin_cards(state: dict, rng: random.Random, count: int) -> list[str]:
    """What `count` draws give; an empty deck takes the played cards back."""
    return decks.pick(sin_deck(state), count, rng, reshuffle=True)


def add_to_hand(state: dict, cards: list) -> None:
    deck = sin_deck(state)
    had_discards = bool(deck["discard"])
    decks.draw(deck, list(cards), reshuffle=True)
    if had_discards and not deck["discard"]:
        state["sin"]["discard"] = []  # shuffled back into the deck
    held = hand(state)
    held.extend(cards)
    state["sin"]["hand_count"] = len(held)


def play(state: dict, card) -> None:
    decks.play_from_hand(state, sin_seat(state) or "", card)
    decks.discard(sin_deck(state), [card])
    state["sin"]["discard"].append(card)
    state["sin"]["hand_count"] = len(hand(state))


def sin_draw(act: Act) -> None:
    """Altar cards at round end (one per altar with no hero), or a card
    that says to draw."""
    state, payload = act.state, given(act)
    require_sin(act)
    count = payload.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 12:
        raise ActionError(N_("Draw 1 to 12 cards."), field="count")
    add_to_hand(state, act.draws.take("drawn", lambda rng: pick_sin_cards(state, rng, count)))


# -- upgrades -------------------------------------------------------------------------------------
def upgrade_deck(state: dict) -> dict:
    return state["upgrades"]


def pick_refills(state: dict, rng: random.Random, count: int) -> list[str]:
    return decks.pick(upgrade_deck(state), min(count, decks.size(upgrade_deck(state))), rng)


def take_upgrade(state: dict, hero_id: str, upgrade, refill: list | None) -> None:
    """The hero takes a face-up upgrade; the deck's next card replaces it."""
    if upgrade not in state["inventory"]:
        raise ActionError(N_("That upgrade is not in the inventory."), field="upgrade")
    state["inventory"].remove(upgrade)
    state["heroes"][hero_id]["upgrades"].append(upgrade)
    state["inventory"].extend(decks.draw(upgrade_deck(state), list(refill or [])))
    powers.upgrade_gained(state, hero_id)  # Envy


def take_upgrade_action(act: Act) -> None:
    """A hero takes a face-up upgrade outside a city action: an event
    ("each hero takes an upgrade"), an ability or a card that says so."""
    state, payload = act.state, given(act)
    hero_id = payload.get("hero")
    heroes.alive(state, hero_id)
    require_hero_player(state, act, hero_id)
    refill = act.draws.take("refill", lambda rng: pick_refills(state, rng, 1)) if state.get("upgrades") else None
    take_upgrade(state, hero_id, payload.get("upgrade"), refill)


def lose_upgrade(act: Act) -> None:
    """A lost upgrade goes to the bottom of the deck."""
    state, payload = act.state, given(act)
    hero = state["heroes"].get(payload.get("hero"))
    upgrade = payload.get("upgrade")
    if hero is None or upgrade not in hero["upgrades"]:
        raise ActionError(N_("That hero holds no such upgrade."), field="upgrade")
    hero["upgrades"].remove(upgrade)
    decks.put_at_bottom(upgrade_deck(state), upgrade)


# -- apocalypse ------------------------------------------------------------------------------------
def apocalypse_deck(state: dict) -> dict:
    return sin_secrets(state)["apocalypse"]


def new_decks(state: dict) -> None:
    """The three decks at the start, shuffled, nothing drawn yet."""
    story_type = data.stories()[state["options"]["story"]]["type"]
    secret = sin_secrets(state)
    secret["deck"] = decks.new_deck(sin_cards(state))
    secret["apocalypse"] = decks.new_deck([card["id"] for card in data.apocalypse_deck(story_type)])
    state["upgrades"] = decks.new_deck(list(data.upgrades()))


def draw_offers(state: dict, rng: random.Random, steps: int) -> list[list[str]]:
    """Two cards for each card level the advance reaches."""
    _, reached = apocalypse.advance(apocalypse.level(state), steps)
    deck = apocalypse_deck(state)
    wanted = min(2 * apocalypse.cards_on_reaching(reached), decks.size(deck))
    drawn = decks.pick(deck, wanted, rng)
    return [drawn[i:i + 2] for i in range(0, len(drawn), 2)]


def advance_apocalypse(act: Act) -> None:
    state, payload = act.state, given(act)
    steps = payload.get("steps", 1)
    if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= 7:
        raise ActionError(N_("Advance the apocalypse track by 1 to 7 steps."), field="steps")
    if state["apocalypse"]["waiting"]:
        raise ActionError(N_("The SIN must first keep one of the apocalypse cards drawn."), field="steps")
    offers = act.draws.take("offers", lambda rng: draw_offers(state, rng, steps))
    apocalypse.raise_track(state, steps)
    queue_offers(state, offers)


def queue_offers(state: dict, offers) -> None:
    """The pairs drawn wait in turn behind any the SIN is still choosing from."""
    pairs = [list(pair) for pair in offers or [] if pair]
    decks.draw(apocalypse_deck(state), [card for pair in pairs for card in pair])
    secret = sin_secrets(state)
    secret.setdefault("queue", []).extend(pairs)
    if secret.get("offer"):
        state["apocalypse"]["waiting"] = len(secret["queue"]) + 1
    else:
        next_offer(state)


def next_offer(state: dict) -> None:
    secret = sin_secrets(state)
    queue = secret.get("queue", [])
    secret["offer"] = queue.pop(0) if queue else []
    state["apocalypse"]["waiting"] = len(queue) + (1 if secret["offer"] else 0)


def keep_apocalypse_card(act: Act) -> None:
    """The SIN keeps one drawn card face up; the other goes to the bottom."""
    state, payload = act.state, given(act)
    require_sin(act)
    secret = sin_secrets(state)
    offer = secret.get("offer", [])
    card = payload.get("card")
    if card not in offer:
        raise ActionError(N_("Keep one of the two cards drawn."), field="card")
    club = apocalypse_card(state, card).get("hell_club")
    if club:
        spaces.place_hell_club(state, club, payload.get("space"))
    state["apocalypse"]["cards"].append(card)
    for other in offer:
        if other != card:
            decks.put_at_bottom(apocalypse_deck(state), other)
    if club:
        state["apocalypse"]["hell_club"].append({"id": club, "card": card, "alive": True})
    next_offer(state)


def apocalypse_card(state: dict, card_id: str) -> dict:
    story_type = data.stories()[state["options"]["story"]]["type"]
    for card in data.apocalypse_deck(story_type):
        if card["id"] == card_id:
            return card
    return {}


def hell_club_killed(state: dict, club_id: str) -> None:
    """A killed Hell Club member leaves the game with its card."""
    for member in state["apocalypse"]["hell_club"]:
        if member["id"] == club_id and member["alive"]:
            member["alive"] = False
            spaces.remove_hell_club(state, club_id)
            if member["card"] in state["apocalypse"]["cards"]:
                state["apocalypse"]["cards"].remove(member["card"])
            return


# -- dark pasts -------------------------------------------------------------------------------------


def heroes_with_dark_pasts(state: dict) -> list[str]:
    return sorted(name.split(":", 1)[1] for name, pile in state["secrets"].get(decks.SEALED, {}).items()
                  if name.startswith("dark_past:") and pile)


def deal_dark_pasts(state: dict, rng: random.Random, starting: list[str], reserve: list[str]) -> dict[str, int]:
    """Cards 1, 3, 5 (and 6 with four heroes) to the starting heroes, the
    rest to the reserve, face down."""
    dealt = data.constants()["dark_pasts_dealt"][str(len(starting))]
    rest = [number for number in data.dark_pasts() if number not in dealt]
    first, second = rng.sample(dealt, len(dealt)), rng.sample(rest, len(rest))
    out = dict(zip(starting, first))
    out.update(zip(reserve, second))
    return out


def seal_dark_pasts(state: dict, dealt: dict) -> None:
    for hero_id, number in dealt.items():
        decks.sealed(state, sealed_name(hero_id)).append(number)


def reveal_dark_past(state: dict, hero_id: str, offers: list | None) -> None:
    """A hero ending a turn at maximum corruption in a corruption story turns
    up their dark past; its effect applies at once, then it is discarded."""
    hero = state["heroes"].get(hero_id)
    number = dark_past(state, hero_id)
    if hero is None or hero["dead"] or number is None or hero["corruption"] < data.constants()["corruption_max"]:
        return
    decks.reveal(state, sealed_name(hero_id), number)
    hero["dark_past"] = number
    story.count(state, "hero_dark_past_revealed")
    card = data.dark_pasts()[number]
    effect = card["effect"]
    if effect == "wounds":
        heroes.take_wounds(state, hero_id, card["amount"])
    elif effect == "apocalypse":
        apocalypse.raise_track(state, card["amount"])
        queue_offers(state, offers)
    elif effect == "wound_nearby_heroes":
        for other in spaces.heroes_beside(state, hero_id):  # heroes in adjacent spaces: by hand
            heroes.take_wounds(state, other, card["amount"])
    elif effect == "wounds_or_corruption":
        hero["dark_past_choice"] = card["amount"]  # the player chooses (dark_past.choose)
    elif effect == "dies_at_round_end":
        hero["doomed"] = True
    elif effect == "joins_sin":
        heroes.kill(state, hero_id)


def choose_dark_past(act: Act) -> None:
    """Former Hell Club: the player takes the wounds or the corruption."""
    state, payload = act.state, given(act)
    hero_id = payload.get("hero")
    hero = state["heroes"].get(hero_id) if isinstance(hero_id, str) else None
    if hero is None or not hero.get("dark_past_choice"):
        raise ActionError(N_("No dark past is waiting for that choice."), field="hero")
    require_hero_player(state, act, hero_id)
    amount = hero.pop("dark_past_choice")
    if payload.get("take") == "wounds":
        heroes.take_wounds(state, hero_id, amount)
    elif payload.get("take") == "corruption":
        heroes.take_corruption(state, hero_id, amount)
    else:
        hero["dark_past_choice"] = amount
        raise ActionError(N_("Choose one of the listed options."), field="take")


def dark_past_offers(state: dict, hero_id: str, rng: random.Random) -> list[list[str]]:
    """Apocalypse cards to record in case the dark past turned up is "The
    Guilty One" (the track advances)."""
    number = dark_past(state, hero_id)
    hero = state["heroes"].get(hero_id) or {}
    # Only when it is turned up now: a recorded draw must not hint at a sealed card.
    if number is None or hero.get("corruption", 0) < data.constants()["corruption_max"] \
            or data.dark_pasts()[number]["effect"] != "apocalypse":
        return []
    return draw_offers(state, rng, data.dark_pasts()[number]["amount"])
