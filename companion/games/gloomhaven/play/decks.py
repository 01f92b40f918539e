"""The characters' own attack modifier decks during the scenario: perks
applied once at a standalone table, bless, curse and −1 cards shuffled in
or taken out, the draws of a character's attack, and the reshuffle at the
end of a round when a ×2 or null was drawn."""

from __future__ import annotations

import copy

from companion.games.gloomhaven import catalog, character_decks, modifiers
from companion.games.gloomhaven.play import common
from companion.kit.actions import Act, Draws
from companion.rules import N_, ActionError

#: Where a character's deck came from: the campaign (its perks already in),
#: the class's standard deck (perks may be applied once), perks applied.
FROM = ("campaign", "class", "perks")


def deck_of(who: dict) -> dict:
    """The character's deck (a table stored before the decks were kept has
    the standard deck from `state.upgrade`, schema 2, run before every action)."""
    return who["deck"]


def apply_perks(act: Act) -> None:
    """Once, at a table not started from a campaign: the perks the
    character has marked, by number (the data's perk lines), or for a class
    the data has none for, the cards they remove and add."""
    state = act.state
    who = common.character(state, act.payload.get("seat") or act.seat_id)
    deck = deck_of(who)
    if who.get("deck_from") == "campaign":
        raise ActionError(N_("This deck came from the campaign with its perks."), field="perks")
    if who.get("deck_from") == "perks":
        raise ActionError(N_("The perks are already applied to this deck."), field="perks")
    if deck["cards"]["discard"]:
        raise ActionError(N_("Apply perks before the first card is drawn."), field="perks")
    perks = catalog.character_classes()[who["class"]]["perks"] or None
    field = "perks"
    if perks is not None:
        chosen = character_decks.parse_perk_numbers(act.payload.get("perks"))
        removed, added = character_decks.perk_changes(perks, chosen)
        act.draws.note("applied", [n + 1 for n in chosen])
    else:
        if act.payload.get("perks"):
            raise ActionError(N_("This class's perks are not in the data: write the cards they remove and add."),
                              field="perks")
        field = "take_out"
        removed = character_decks.written_cards(act.payload.get("take_out"), "take_out")
        added = character_decks.written_cards(act.payload.get("put_in"), "put_in")
        if not removed and not added:
            raise ActionError(N_("Write the cards your perks remove or add."), field="put_in")
    character_decks.change(deck, removed, added, field)
    who["deck_from"] = "perks"
    common.news(state, [N_("%(name)s's modifier deck: %(removed)d cards removed, %(added)d added by perks."),
                        {"name": who["name"], "removed": len(removed), "added": len(added)}])


def change_card(act: Act) -> None:
    """A scenario effect or an item shuffles a bless, curse or −1 card into
    a character's deck, or takes one out (bless and curse: one deck holds
    the data's limit)."""
    state = act.state
    who = common.character(state, act.payload.get("seat") or act.seat_id)
    deck = deck_of(who)
    card = common.choice(act.payload, "card", character_decks.ADDED_CARDS)
    if common.choice(act.payload, "change", ("add", "remove"), default="add") == "remove":
        modifiers.remove_card(deck, card)
        line = TAKEN_OUT[card]
    else:
        limit = {"bless": state["bless_limit"], "curse": state["curse_limit"]}.get(card,
                                                                                   character_decks.MAX_MINUS_ONES)
        modifiers.add_card(deck, card, limit)
        line = SHUFFLED_IN[card]
    common.news(state, [line, {"name": who["name"]}])


SHUFFLED_IN = {"bless": N_("A bless card is shuffled into %(name)s's modifier deck."),
               "curse": N_("A curse card is shuffled into %(name)s's modifier deck."),
               "-1": N_("A −1 card is shuffled into %(name)s's modifier deck.")}
TAKEN_OUT = {"bless": N_("A bless card is taken out of %(name)s's modifier deck."),
             "curse": N_("A curse card is taken out of %(name)s's modifier deck."),
             "-1": N_("A −1 card is taken out of %(name)s's modifier deck.")}


def shuffle_in(state: dict, seat: str, card: str, count: int) -> None:
    """A scenario's rule shuffles `count` cards into a character's deck (bless
    and curse up to the deck's limit: the rest are not added, and it says so)."""
    who = state["characters"][seat]
    limit = {"bless": state["bless_limit"], "curse": state["curse_limit"]}.get(card, character_decks.MAX_MINUS_ONES)
    added = 0
    for _ in range(count):
        try:
            modifiers.add_card(deck_of(who), card, limit)
        except ActionError:
            break
        added += 1
    common.news(state, [RULE_ADDED[card], {"count": added, "name": who["name"]}])


#: A rule's cards shuffled in, counted (neutral in number: the count may be cut by the limit).
RULE_ADDED = {"curse": N_("Curse cards shuffled into %(name)s's modifier deck: %(count)d."),
              "bless": N_("Bless cards shuffled into %(name)s's modifier deck: %(count)d."),
              "-1": N_("−1 cards shuffled into %(name)s's modifier deck: %(count)d.")}


def curse(state: dict, seat: str) -> list:
    """A monster's attack curses the character (or its summon): a curse goes
    into the character's deck, unless the deck holds its limit already."""
    who = state["characters"][seat]
    try:
        modifiers.add_card(deck_of(who), "curse", state["curse_limit"])
    except ActionError:
        return [N_("%(owner)s's modifier deck holds every curse it can: no curse is added."), {"owner": who["name"]}]
    return [SHUFFLED_IN["curse"], {"name": who["name"]}]


def draw_for_attack(draws: Draws, who: dict, mode: str) -> list[str]:
    """The server draws the attack's cards from the character's deck
    (recorded as "drawn", so a replay, an undo and a redo give the same)."""
    deck = deck_of(who)
    cards = draws.take("drawn", lambda rng: modifiers.draw_for_attack(copy.deepcopy(deck), mode, rng))
    if not isinstance(cards, list) or not cards:
        raise ActionError(N_("The modifier cards were not drawn."), field="cards")
    for code in cards:
        modifiers.take(deck, code)
    return cards


def end_of_round(state: dict) -> list:
    """Each character deck that drew a ×2 or null this round is reshuffled."""
    lines = []
    for who in state["characters"].values():
        if modifiers.end_of_round(who["deck"]):
            lines.append([N_("%(name)s's modifier deck was reshuffled."), {"name": who["name"]}])
    return lines
