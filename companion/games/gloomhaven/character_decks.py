"""A character's own attack modifier deck in the scenario (rulebook, "Attack
modifier cards", p. 11; perks, p. 44): the standard twenty cards, changed by
the perks taken (in the campaign, or applied once at a standalone table), the
−1 cards items and scenario effects add, and the bless and curse cards
shuffled in during play. The deck itself is the same kind of deck as the
monsters' (`modifiers`): drawn by the server, the draws recorded.

Cards are written in the modifier deck's codes ("+1", "r+0 push 1",
"+1 heal 2 self", "x2", "bless"); a perk's cards, as the data and the
campaign give them ({"value": 1, "rolling": true, "effects": [...]}), are
turned into codes here."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from companion.games.gloomhaven import data, modifiers
from companion.games.gloomhaven.campaign import deck as perk_cards
from companion.kit import deck as kit_deck
from companion.rules import N_, ActionError

#: The cards a scenario effect or an item puts into a character's deck, and takes out.
ADDED_CARDS = ("bless", "curse", "-1")
MAX_MINUS_ONES = 20


def _effect_text(effect: dict) -> str:
    kind = effect.get("kind")
    if kind == "condition":
        return str(effect.get("condition"))
    if kind == "infuse":
        return str(effect.get("element"))
    if kind == "refresh_item":
        return "refresh"
    word = "target" if kind == "add_target" else str(kind)
    text = f"{word} {effect['value']}" if isinstance(effect.get("value"), int) else word
    return text + (" self" if effect.get("self") else "")


def code_of(card: dict) -> str:
    """A perk's card as a modifier code: {"value": 0, "rolling": True,
    "effects": [{"kind": "push", "value": 1}]} is "r+0 push 1"."""
    value = card["value"]
    face = value if isinstance(value, str) else "%+d" % value
    code = ("r" if card.get("rolling") else "") + face
    effects = " ".join(_effect_text(e) for e in card.get("effects", ()))
    return f"{code} {effects[:40].rstrip()}" if effects else code


def code_words(code: str) -> list[list]:
    """A card's code ("r+0 push 1", "null", "bless") as the words a page
    shows in the reader's language ([msgid, params] or [text, None], as the
    campaign's perk lines)."""
    if code in perk_cards.CARD_NAMES:
        return [[perk_cards.CARD_NAMES[code], {}]]
    rolling = code.startswith("r")
    face, _, effects = (code[1:] if rolling else code).partition(" ")
    try:
        card = perk_cards.parse_card(" ".join(part for part in (face, "rolling" * rolling, effects) if part))
    except ValueError:  # a code cut short (effects past 40 characters) shows as it is
        return [[code, None]]
    return perk_cards.card_words(card)


def base_mix() -> dict[str, int]:
    """The standard twenty cards every character starts with."""
    return mix_of_cards(data.fact("character_modifier_deck"))


def mix_of_cards(cards: list[dict]) -> dict[str, int]:
    mix: dict[str, int] = {}
    for card in cards:
        code = code_of(card)
        mix[code] = mix.get(code, 0) + card["count"]
    return mix


def campaign_mix(perks: list | None, taken: dict, minus_ones: int, blessings: int) -> dict[str, int]:
    """A campaign character's deck: its perks (those of its earlier
    retirements included: they are perks taken), the −1 cards its equipped
    items add, and the bless cards it bought at the sanctuary."""
    built = perk_cards.build(perks, taken, minus_ones, 0)
    mix = mix_of_cards([{**entry["card"], "count": entry["count"]} for entry in built["cards"]])
    if blessings:
        mix["bless"] = mix.get("bless", 0) + blessings
    return dict(sorted(mix.items()))


def checked_mix(raw: object) -> dict[str, int]:
    """A deck sent by the campaign, checked as a log or export may be damaged."""
    if not isinstance(raw, dict) or not raw:
        raise ActionError(N_("A character from the campaign is malformed."), field="characters")
    for code, count in raw.items():
        modifiers.parse(code)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= modifiers.MAX_DECK:
            raise ActionError(N_("A character from the campaign is malformed."), field="characters")
    return dict(sorted(raw.items()))


def new_deck(mix: dict[str, int]) -> dict:
    return modifiers.new_deck(mix)


# -- perks applied once at a standalone table -----------------------------------------
def perk_changes(perks: list | None, chosen: list[int]) -> tuple[list[str], list[str]]:
    """The cards a set of perk marks removes and adds: `chosen` lists perk
    lines (0-based), a line as often as its boxes are marked."""
    if perks is None:
        raise ActionError(N_("This class's perks are not in the data: write the cards they remove and add."),
                          field="perks")
    removed, added, marks = [], [], {}
    for index in chosen:
        if not 0 <= index < len(perks):
            raise ActionError(N_("No such perk."), field="perks")
        marks[index] = marks.get(index, 0) + 1
        if marks[index] > perks[index]["boxes"]:
            raise ActionError(N_("That perk has %(boxes)d boxes."), field="perks", boxes=perks[index]["boxes"])
        for card in perks[index]["remove"]:
            removed += [code_of(card)] * card["count"]
        for card in perks[index]["add"]:
            added += [code_of(card)] * card["count"]
    return removed, added


def parse_perk_numbers(text: object) -> list[int]:
    """"1 3 3" (perk lines as numbered on the class, 1-based) as 0-based indexes."""
    words = str(text or "").replace(",", " ").split()
    if not words or not all(w.isascii() and w.isdigit() and len(w) < 3 for w in words):
        raise ActionError(N_("Write the numbers of the perks you marked, like “1 3 3”."), field="perks")
    return [int(w) - 1 for w in words]


def written_cards(text: object, field: str) -> list[str]:
    """Cards written as on a perk ("2× +1, +0 rolling stun"), as codes."""
    try:
        cards = perk_cards.parse_cards(str(text or ""))
    except ValueError as bad:
        raise ActionError(N_("A card is written like “2× +1”, “+0 rolling stun” or “+1 heal 2 self”; "
                             "this was not understood: %(word)s"), field=field, word=str(bad)) from None
    return [code_of(card) for card in cards for _ in range(card["count"])]


def change(deck: dict, removed: list[str], added: list[str], field: str = "perks") -> None:
    """Take `removed` out of the draw pile and shuffle `added` in."""
    for code in removed:
        if modifiers.in_pile(deck, code) <= 0:
            raise ActionError(N_("The deck holds no “%(code)s” card to remove."), field=field, code=code[:20])
        kit_deck.remove(deck["cards"], code)
    for code in added:
        modifiers.parse(code)
        kit_deck.put_on_top(deck["cards"], code)
    kit_deck.shuffle(deck["cards"])
    if modifiers.pile_size(deck) + len(deck["cards"]["discard"]) > modifiers.MAX_DECK:
        raise ActionError(N_("A deck holds 1 to %(max)d cards."), field=field, max=modifiers.MAX_DECK)


# -- what a player sees of their deck ------------------------------------------------
@lru_cache(maxsize=512)
def _order(code: str) -> tuple:
    """Where a card code sorts in a deck's summary (once per code)."""
    card = modifiers.parse(code)
    rank = {"null": -99, "double": 99}[card.kind] if card.kind != "add" else card.value
    return (code in ("curse", "bless"), rank, card.rolling, code)


def summary(deck: dict) -> dict:
    """What is left to draw, each card with the chance that it is the next
    one drawn (a percentage to one place, exact underneath), and what has
    been drawn since the last shuffle."""
    cards = deck["cards"]
    left = cards["top"] + cards["pile"] + cards["bottom"]
    total = len(left)
    counts = {code: left.count(code) for code in set(left)}
    rows = [{"code": code, "count": count, "chance": round(float(Fraction(count, total)) * 100, 1)}
            for code, count in sorted(counts.items(), key=lambda kv: _order(kv[0]))]
    drawn = cards["discard"]
    return {"left": total, "cards": rows, "discarded": sorted(drawn, key=_order),
            "total": total + len(drawn), "reshuffle": deck["reshuffle"],
            "bless": counts.get("bless", 0), "curse": counts.get("curse", 0)}
