"""Chaos cards (rulebook, 抽牌阶段 and 召唤阶段): each god's deck of 24,
three dealt at set-up, drawn in the draw phase by the god's own rule (two
cards; Tzeentch up to five after an optional discard of one), an empty deck
reshuffled from its discards; played into a free slot of a region for its
cost in power, its printed cost also its domination value.

A table made since the app deals the cards (`state["dealt"]`) keeps each
god's deck (a kit deck) and hand (card ids) sealed from every seat, under
state["secrets"]["sealed"]; the gods' books keep the counts every phone
sees. The view shows a hand to its god's phone only. A table made before
keeps the counts alone, and its cards are typed as they are played."""

from __future__ import annotations

from companion.games.chaos import data
from companion.games.chaos.working import line
from companion.kit.board import count
from companion.kit.deck import SEALED, discard, draw, new_deck, size
from companion.rules import N_, ActionError


def dealt(state: dict) -> bool:
    """Whether the app deals this table's chaos cards (else they are typed)."""
    return bool(state.get("dealt"))


def _sealed(state: dict) -> dict:
    return state["secrets"].get(SEALED, {})


def decks(state: dict) -> dict[str, dict]:
    """Each god's deck (made as round 1 starts by new_decks; reading never changes the state)."""
    return _sealed(state).get("chaos_decks", {})


def hands(state: dict) -> dict[str, list]:
    return _sealed(state).get("chaos_hands", {})


def hand_of(state: dict, god: str) -> list[str]:
    return hands(state).get(god, [])


def card(god: str, card_id: str) -> dict:
    return data.chaos_cards()[god][card_id]


def printed(state: dict, god: str, card_id: str) -> dict:
    """The card as this table's copy prints it: the data with the group's
    corrections (components.card) of its cost or magic symbol."""
    corrected = state.get("components", {}).get("cards", {}).get(god, {}).get(card_id, {})
    return {**card(god, card_id), **corrected}


def effects_here(region: dict, kind: str) -> list[dict]:
    """The cards lying in the region's slots whose known effect is `kind`,
    left slot first (a typed card of an older table has no known effect, a
    card Changer of Ways cancelled none either)."""
    return [held for held in region["slots"]
            if held and held.get("card") and not held.get("cancelled")
            and (card(held["god"], held["card"])["does"] or {}).get("kind") == kind]


def sync_counts(state: dict, god: str) -> None:
    """The books every phone sees follow the sealed cards."""
    deck = decks(state)[god]
    state["gods"][god].update(hand=len(hand_of(state, god)), deck=size(deck), discard=len(deck["discard"]))


# -- set-up ----------------------------------------------------------------------------
def new_decks(state: dict) -> None:
    """Each god in play gets its shuffled deck, nothing in hand yet."""
    sealed = state["secrets"].setdefault(SEALED, {})
    sealed["chaos_decks"] = {god: new_deck(data.chaos_deck(god)) for god in state["gods_in_play"]}
    sealed["chaos_hands"] = {god: [] for god in state["gods_in_play"]}
    for god in state["gods_in_play"]:
        sync_counts(state, god)


def receive(state: dict, god: str, cards: list) -> None:
    """`cards` (drawn by the server, recorded in the action) from the god's deck into its hand."""
    if not isinstance(cards, list):
        raise ActionError(N_("That card is not the next one in the deck."), field="deck")
    draw(decks(state)[god], cards, reshuffle=True)
    hand_of(state, god).extend(cards)
    sync_counts(state, god)


def can_draw(state: dict, god: str, wanted: int) -> int:
    """How many of `wanted` cards the deck and its discards can give."""
    deck = decks(state)[god]
    return min(wanted, size(deck) + len(deck["discard"]))


# -- the draw phase ---------------------------------------------------------------------------
def begin_draw(state: dict, god_id: str, discard_one: bool, discarded: str | None = None) -> int:
    """Check `god_id` may draw now, discard first if it chose to (Tzeentch);
    returns how many cards its rule draws."""
    if god_id in state["drawn"]:
        raise ActionError(N_("This god has already drawn this round."), field="god")
    rule = data.gods()[god_id]["drawing"]
    god = state["gods"][god_id]
    if discard_one:
        if not rule.get("may_discard") or god["hand"] <= 0:
            raise ActionError(N_("Only Tzeentch may discard a card before drawing, and only from a hand."),
                              field="discard")
        if dealt(state):
            held = hand_of(state, god_id)
            if discarded not in held:
                raise ActionError(N_("Pick the card to discard from your hand."), field="discard_card")
            held.remove(discarded)
            discard(decks(state)[god_id], [discarded])
            sync_counts(state, god_id)
        else:
            god["hand"] -= 1
            god["discard"] += 1
    state["drawn"].append(god_id)
    return rule["cards"] if rule["kind"] == "draw" else max(0, rule["cards"] - god["hand"])


def draw_cards(state: dict, god_id: str, discard_one: bool) -> int:
    """A table whose cards are typed: draw by the god's rule, counts only;
    returns how many cards were drawn."""
    return take_cards(state["gods"][god_id], begin_draw(state, god_id, discard_one))


def take_cards(god: dict, wanted: int) -> int:
    """Move up to `wanted` cards from deck to hand; an empty deck reshuffles
    its discards (the counts move; the group shuffles the real cards)."""
    drawn = 0
    for _ in range(wanted):
        if god["deck"] == 0:
            god["deck"], god["discard"] = god["discard"], 0
        if god["deck"] == 0:
            break
        god["deck"] -= 1
        god["hand"] += 1
        drawn += 1
    return drawn


# -- playing a card ------------------------------------------------------------------------------
def card_id_of(god: str, named: str | None) -> str | None:
    """A card of `god`'s deck by its id or its English name."""
    cards = data.chaos_cards()[god]
    if named in cards:
        return named
    return next((card_id for card_id, held in cards.items() if held["name"] == named), None)


def cost_to_play(state: dict, god: str, card_id: str, region_id: str) -> tuple[int, list]:
    """What playing `card_id` into `region_id` costs `god` now, and why (the
    effects the app knows that change a cost; never its domination value)."""
    printed_cost = printed(state, god, card_id)["cost"]
    region = state["regions"][region_id]
    cost, working = printed_cost, [line(N_("Printed cost: %(amount)d"), amount=printed_cost)]
    for held in region["slots"]:
        does = held and held.get("card") and held["god"] != god and not held.get("cancelled") \
            and card(held["god"], held["card"])["does"]
        if does and does["kind"] == "cost_for_others":
            cost += does["amount"]
            working.append(line(N_("%(card)s of %(god)s in this region: +%(amount)d"), card=held["card"],
                                god=held["god"], amount=does["amount"]))
    does = card(god, card_id)["does"]
    if does and does["kind"] == "cost_where_corrupt" and sum(region["corruption"].values()) >= does["at_least"]:
        cost -= does["amount"]
        working.append(line(N_("%(at_least)d or more corruption here: −%(amount)d"), at_least=does["at_least"],
                            amount=does["amount"]))
    return max(0, cost), working


def played(state: dict, god: str, card_id: str, region_id: str) -> dict:
    """The card as it lies in its slot: name, cost paid, domination (its
    printed cost) and magic from the data."""
    held = printed(state, god, card_id)
    if card_id not in hand_of(state, god):
        raise ActionError(N_("That card is not in your hand."), field="card")
    cost, _ = cost_to_play(state, god, card_id, region_id)
    return {"name": held["name"], "card": card_id, "cost": cost, "domination": held["cost"],
            "magic": 1 if held["magic"] else 0}


def leave_hand(state: dict, god: str, card_id: str) -> None:
    hand_of(state, god).remove(card_id)
    sync_counts(state, god)


def carry_out(state: dict, god: str, card_id: str, region_id: str) -> list:
    """What the app does for a card it knows as it is played; the lines say
    what happened (none: the table applies the printed card)."""
    does = card(god, card_id)["does"]
    done = []
    if not does:
        return done
    if does["kind"] == "drain_power":
        for other in state["gods_in_play"]:
            if other != god and count(state["board"], region_id, other, "cultist"):
                taken = min(1, state["gods"][other]["power"])
                state["gods"][other]["power"] -= taken
                state["gods"][god]["power"] += taken
                done.append(line(N_("%(god)s loses %(amount)d power"), god=other, amount=taken))
    elif does["kind"] == "corruption":
        blocking = effects_here(state["regions"][region_id], "no_corruption")
        if blocking:
            done.append(line(N_("%(card)s of %(god)s here: nobody places corruption in this region this round."),
                             card=blocking[0]["card"], god=blocking[0]["god"]))
            return done
        corruption = state["regions"][region_id]["corruption"]
        corruption[god] = corruption.get(god, 0) + does["amount"]
        done.append(line(N_("%(god)s places %(amount)d corruption here"), god=god, amount=does["amount"]))
    return done


def back_to_discard(state: dict, held: dict) -> None:
    """A played card leaves its slot in the end phase for its owner's discards."""
    god = held["god"]
    if dealt(state) and held.get("card") and god in decks(state):
        discard(decks(state)[god], [held["card"]])
        sync_counts(state, god)
    else:
        state["gods"][god]["discard"] += 1
