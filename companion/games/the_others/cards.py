"""Decks: the SIN's cards, the upgrade inventory, apocalypse cards and dark
pasts. Draws are made in `prepare` with the table's rng and recorded in the
payload; apply only uses what was recorded.

No deck order is stored: a shuffled deck dealt from the top is the same as
drawing at random among the cards not yet seen, except for cards put on the
bottom, which come last in the order they went there.
"""

from __future__ import annotations

import random

from companion.games.the_others import apocalypse, data
from companion.games.the_others.state import hand, sin_seat
from companion.games.the_others.turns import Actor, require_sin
from companion.rules import N_, ActionError


def draw(rng: random.Random, unseen: list[str], bottom: list[str], count: int) -> list[str]:
    """`count` cards from a deck whose unseen part is shuffled and whose
    bottom cards come last."""
    top = [card for card in unseen if card not in bottom]
    drawn = rng.sample(sorted(top), min(count, len(top)))
    return drawn + [card for card in bottom if card in unseen][: count - len(drawn)]


# -- sin cards ----------------------------------------------------------------------------------
def sin_deck(state: dict) -> list[str]:
    return [card["id"] for card in data.sins()[state["options"]["sin"]]["cards"]]


def draw_sin_cards(state: dict, rng: random.Random, count: int) -> dict:
    """What to record: the cards drawn and whether the discard pile was
    shuffled back first (the deck ran out)."""
    held = set(hand(state)) | set(state["sin"]["discard"])
    unseen = [card for card in sin_deck(state) if card not in held]
    drawn = draw(rng, unseen, [], count)
    reshuffled = False
    if len(drawn) < count and state["sin"]["discard"]:
        reshuffled = True
        rest = [card for card in state["sin"]["discard"] if card not in drawn]
        drawn += draw(rng, rest, [], count - len(drawn))
    return {"cards": drawn, "reshuffled": reshuffled}


def add_to_hand(state: dict, drawn: dict) -> None:
    if drawn.get("reshuffled"):
        state["sin"]["discard"] = []
    cards = state["secrets"].setdefault(sin_seat(state), {}).setdefault("hand", [])
    cards.extend(drawn["cards"])
    state["sin"]["hand_count"] = len(cards)


def sin_draw(state: dict, actor: Actor, payload: dict) -> None:
    """Altar cards at round end (one per altar with no hero), or a card
    that says to draw."""
    require_sin(actor)
    drawn = payload.get("drawn")
    if not isinstance(drawn, dict):
        raise ActionError(N_("Draw 1 to 12 cards."), field="count")
    add_to_hand(state, drawn)


# -- upgrades -------------------------------------------------------------------------------------
def upgrade_deck(state: dict) -> list[str]:
    held = {upgrade for hero in state["heroes"].values() for upgrade in hero["upgrades"]}
    return [upgrade for upgrade in data.upgrades() if upgrade not in held and upgrade not in state["inventory"]]


def take_upgrade(state: dict, hero_id: str, upgrade, refill: list | None) -> None:
    """The hero takes a face-up upgrade; one card from the deck replaces it."""
    if upgrade not in state["inventory"]:
        raise ActionError(N_("That upgrade is not in the inventory."), field="upgrade")
    state["inventory"].remove(upgrade)
    state["heroes"][hero_id]["upgrades"].append(upgrade)
    for card in refill or []:
        if card in upgrade_deck(state):
            state["inventory"].append(card)
            if card in state["upgrade_bottom"]:
                state["upgrade_bottom"].remove(card)


def refill_draw(state: dict, rng: random.Random) -> list[str]:
    return draw(rng, upgrade_deck(state), state["upgrade_bottom"], 1)


def lose_upgrade(state: dict, actor: Actor, payload: dict) -> None:
    """A lost upgrade goes to the bottom of the deck."""
    hero = state["heroes"].get(payload.get("hero"))
    upgrade = payload.get("upgrade")
    if hero is None or upgrade not in hero["upgrades"]:
        raise ActionError(N_("That hero holds no such upgrade."), field="upgrade")
    hero["upgrades"].remove(upgrade)
    state["upgrade_bottom"].append(upgrade)


# -- apocalypse ------------------------------------------------------------------------------------
# The two cards drawn and the one sent to the bottom are the SIN's to see:
# they live in the SIN seat's secrets; everyone sees how many wait.
def sin_secrets(state: dict) -> dict:
    return state["secrets"].setdefault(sin_seat(state) or "", {})


def apocalypse_unseen(state: dict) -> list[str]:
    story_type = data.stories()[state["options"]["story"]]["type"]
    secret = sin_secrets(state)
    out = set(state["apocalypse"]["cards"]) | set(secret.get("offer", []))
    out |= {card for pair in secret.get("queue", []) for card in pair}
    return [card["id"] for card in data.apocalypse_deck(story_type) if card["id"] not in out]


def draw_offers(state: dict, rng: random.Random, steps: int) -> list[list[str]]:
    """Two cards for each card level the advance reaches."""
    _, reached = apocalypse.advance(state["apocalypse"]["level"], steps)
    offers, unseen = [], apocalypse_unseen(state)
    bottom = sin_secrets(state).get("bottom", [])
    for _ in range(apocalypse.cards_on_reaching(reached)):
        pair = draw(rng, unseen, bottom, 2)
        unseen = [card for card in unseen if card not in pair]
        if pair:
            offers.append(pair)
    return offers


def advance_apocalypse(state: dict, actor: Actor, payload: dict) -> None:
    steps = payload.get("steps", 1)
    if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= 7:
        raise ActionError(N_("Advance the apocalypse track by 1 to 7 steps."), field="steps")
    if state["apocalypse"]["waiting"]:
        raise ActionError(N_("The SIN must first keep one of the apocalypse cards drawn."), field="steps")
    level, _ = apocalypse.advance(state["apocalypse"]["level"], steps)
    state["apocalypse"]["level"] = level
    queue_offers(state, payload.get("offers"))


def queue_offers(state: dict, offers) -> None:
    secret = sin_secrets(state)
    secret["queue"] = [list(pair) for pair in offers or [] if pair]
    next_offer(state)


def next_offer(state: dict) -> None:
    secret = sin_secrets(state)
    queue = secret.get("queue", [])
    secret["offer"] = queue.pop(0) if queue else []
    state["apocalypse"]["waiting"] = len(queue) + (1 if secret["offer"] else 0)


def keep_apocalypse_card(state: dict, actor: Actor, payload: dict) -> None:
    """The SIN keeps one drawn card face up; the other goes to the bottom."""
    require_sin(actor)
    secret = sin_secrets(state)
    offer = secret.get("offer", [])
    card = payload.get("card")
    if card not in offer:
        raise ActionError(N_("Keep one of the two cards drawn."), field="card")
    state["apocalypse"]["cards"].append(card)
    secret.setdefault("bottom", []).extend(other for other in offer if other != card)
    club = apocalypse_card(state, card).get("hell_club")
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
            if member["card"] in state["apocalypse"]["cards"]:
                state["apocalypse"]["cards"].remove(member["card"])
            return


# -- dark pasts -------------------------------------------------------------------------------------
def deal_dark_pasts(state: dict, rng: random.Random, starting: list[str], reserve: list[str]) -> dict[str, int]:
    """Cards 1, 3, 5 (and 6 with four heroes) to the starting heroes, the
    rest to the reserve, face down."""
    dealt = data.constants()["dark_pasts_dealt"][str(len(starting))]
    rest = [number for number in data.dark_pasts() if number not in dealt]
    first, second = rng.sample(dealt, len(dealt)), rng.sample(rest, len(rest))
    out = dict(zip(starting, first))
    out.update(zip(reserve, second))
    return out


def reveal_dark_past(state: dict, hero_id: str, offers: list | None) -> None:
    """A hero ending a turn at maximum corruption in a corruption story turns
    up their dark past; its effect applies at once, then it is discarded."""
    from companion.games.the_others import dashboard
    hero = state["heroes"].get(hero_id)
    number = state["sealed"]["dark_pasts"].get(hero_id)
    if hero is None or hero["dead"] or number is None or hero["corruption"] < data.constants()["corruption_max"]:
        return
    del state["sealed"]["dark_pasts"][hero_id]
    hero["dark_past"] = number
    card = data.dark_pasts()[number]
    effect = card["effect"]
    if effect == "wounds":
        dashboard.take_wounds(state, hero_id, card["amount"])
    elif effect == "apocalypse":
        level, _ = apocalypse.advance(state["apocalypse"]["level"], card["amount"])
        state["apocalypse"]["level"] = level
        queue_offers(state, offers)
    elif effect == "wound_nearby_heroes":
        dashboard.take_wounds(state, hero_id, card["amount"])  # heroes beside them: entered by hand
    elif effect == "dies_at_round_end":
        hero["doomed"] = True
    elif effect == "joins_sin":
        dashboard.kill(state, hero_id)


def dark_past_offers(state: dict, hero_id: str, rng: random.Random) -> list[list[str]]:
    """Apocalypse cards to record in case the dark past turned up is "The
    Guilty One" (the track advances)."""
    number = state["sealed"]["dark_pasts"].get(hero_id)
    hero = state["heroes"].get(hero_id) or {}
    # Only when it is turned up now: a recorded draw must not hint at a sealed card.
    if number is None or hero.get("corruption", 0) < data.constants()["corruption_max"] \
            or data.dark_pasts()[number]["effect"] != "apocalypse":
        return []
    return draw_offers(state, rng, data.dark_pasts()[number]["amount"])
