"""A character's attack modifier deck: the standard twenty cards changed by
the perks taken and the items owned (items that add −1 cards), with the
chance of drawing each kind of card (exact fractions)."""

from __future__ import annotations

import re
from fractions import Fraction

from companion.games.gloomhaven import conditions, elements
from companion.games.gloomhaven.campaign import data
from companion.games.gloomhaven.elements import ELEMENTS
from companion.rules import N_


def card_key(card: dict) -> tuple:
    """What makes two modifier cards the same card (count aside)."""
    effects = tuple(sorted((e.get("kind"),
                            str(e.get("condition") or e.get("element") or e.get("value")),
                            bool(e.get("self")))
                           for e in card.get("effects", ())))
    return (str(card["value"]), bool(card.get("rolling")), effects)


def card_label(card: dict) -> str:
    """A short language-neutral label: "+1", "×2", "null", "+0 ⟳ push 1"."""
    value = card["value"]
    text = {"x2": "×2", "null": "null"}.get(value) if isinstance(value, str) else f"{value:+d}"
    if card.get("rolling"):
        text += " ⟳"
    for effect in card.get("effects", ()):
        detail = effect.get("condition") or effect.get("element") or effect.get("value", "")
        text += f" {effect['kind'].replace('_', ' ')} {detail}".rstrip()
    return text


def _add(deck: dict, card: dict, count: int) -> None:
    key = card_key(card)
    entry = deck.setdefault(key, {"card": {k: v for k, v in card.items() if k != "count"}, "count": 0})
    entry["count"] += count


def _remove(deck: dict, card: dict, count: int) -> bool:
    entry = deck.get(card_key(card))
    if entry is None or entry["count"] < count:
        return False
    entry["count"] -= count
    if not entry["count"]:
        del deck[card_key(card)]
    return True


def build(perks: list | None, taken: dict, minus_one_from_items: int = 0, bless: int = 0) -> dict:
    """The deck as {"cards": [{"card", "count", "label"}], "total", "working"}.
    `perks` is the class's perk lines; `taken` maps a perk line's index
    (a string) to how many of its boxes are marked."""
    deck: dict = {}
    for card in data.fact("character_modifier_deck"):
        _add(deck, card, card["count"])
    working = [[N_("the standard deck of %(n)d cards"),
                {"n": sum(c["count"] for c in data.fact("character_modifier_deck"))}]]
    for index, times in sorted(taken.items(), key=lambda kv: int(kv[0])):
        line = (perks or [])[int(index)]
        for _ in range(times):
            for card in line["remove"]:
                _remove(deck, card, card["count"])
            for card in line["add"]:
                _add(deck, card, card["count"])
        working.append([N_("perk %(n)d taken %(times)d×"), {"n": int(index) + 1, "times": times}])
    if minus_one_from_items:
        _add(deck, {"value": -1}, minus_one_from_items)
        working.append([N_("%(n)d −1 cards from items"), {"n": minus_one_from_items}])
    if bless:
        _add(deck, {"value": 2, "effects": [{"kind": "bless", "value": ""}]}, bless)
        working.append([N_("%(n)d bless cards from the sanctuary"), {"n": bless}])
    cards = [{"card": e["card"], "count": e["count"], "label": card_label(e["card"])} for e in deck.values()]
    cards.sort(key=lambda c: (_order(c["card"]["value"]), c["label"]))
    return {"cards": cards, "total": sum(c["count"] for c in cards), "working": working}


def _order(value) -> float:
    return {"null": -99, "x2": 99}.get(value, value) if isinstance(value, str) else value


def chances(deck: dict) -> list[dict]:
    """Each kind of card with the exact chance that it is the first drawn."""
    total = deck["total"]
    return [{"label": c["label"], "words": card_words(c["card"]), "count": c["count"],
             "chance": Fraction(c["count"], total)} for c in deck["cards"]]


def perk_problem(perks: list | None, taken: dict, index: int) -> str | None:
    """Why the perk line `index` cannot take one more mark (None: it can)."""
    if perks is None:
        return None
    if not 0 <= index < len(perks):
        return N_("No such perk.")
    if taken.get(str(index), 0) >= perks[index]["boxes"]:
        return N_("Every box of that perk is already marked.")
    return None


# -- perk lines a group enters for a class the data has none for -------------
VALUES = {"x2": "x2", "×2": "x2", "null": "null"}
ROLLING = ("rolling", "⟳")
NUMBERED = ("push", "pull", "pierce", "heal", "shield", "add_target")  # each takes a number
WORDS = {"target": "add_target", "refresh": "refresh_item", "refresh_item": "refresh_item"}


def _value(token: str):
    if token.lower() in VALUES:
        return VALUES[token.lower()]
    digits = token[1:] if token[:1] in "+-" else token
    if digits.isascii() and digits.isdigit() and len(digits) < 3:
        return int(token)
    return None


def parse_card(text: str) -> dict:
    """One card written as on a perk: "[count×] value [rolling] [effects]",
    e.g. "2× +1", "+0 rolling stun", "+1 heal 2 self", "+2 fire". Raises
    ValueError naming the word not understood."""
    tokens = re.sub(r"(\d)[×xX](?=\s|[+-]|$)", r"\1× ", text).split()
    count = 1
    if len(tokens) > 1 and tokens[0].rstrip("×xX").isdigit() and _value(tokens[1]) is not None:
        count = int(tokens.pop(0).rstrip("×xX"))
    value = _value(tokens.pop(0)) if tokens else None
    if value is None or not 1 <= count <= 9:
        raise ValueError(text.strip() or "?")
    card, conditions = {"count": count, "value": value}, {c["id"] for c in data.conditions()}
    effects = []
    while tokens:
        word = tokens.pop(0).lower()
        kind = WORDS.get(word, word)
        if word in ROLLING:
            card["rolling"] = True
        elif word in conditions or word == "curse":  # a card that curses is written as a condition, as the data has it
            effects.append({"kind": "condition", "condition": word})
        elif word in ELEMENTS:
            effects.append({"kind": "infuse", "element": word})
        elif kind in NUMBERED and tokens and tokens[0].isdigit():
            effect = {"kind": kind, "value": int(tokens.pop(0))}
            if tokens and tokens[0].lower() == "self":
                effect["self"] = bool(tokens.pop(0))
            effects.append(effect)
        elif kind == "refresh_item":
            effects.append({"kind": kind})
        else:
            raise ValueError(word)
    if effects:
        card["effects"] = effects
    return card


def parse_cards(text: str) -> list[dict]:
    """Cards separated by commas ("" for none)."""
    return [parse_card(part) for part in text.split(",") if part.strip()]


#: The printed perk lines that are words, not cards (msgids of the game's catalog).
PERK_TEXTS = {"Ignore negative item effects": N_("Ignore negative item effects"),
              "Ignore negative scenario effects": N_("Ignore negative scenario effects")}
#: A modifier card's effects: a msgid, with its amount where it has one.
EFFECT_WORDS = {"push": N_("Push"), "pull": N_("Pull"), "heal": N_("Heal"), "shield": N_("Shield"),
                "pierce": N_("Pierce %(amount)s"), "add_target": N_("Target %(amount)s"),
                "refresh_item": N_("Refresh an item"), "infuse": N_("Infuse"), "curse": N_("Curse"),
                "bless": N_("bless")}
#: The cards named by a word, not a number (msgids).
CARD_NAMES = {"null": N_("null"), "bless": N_("bless"), "curse": N_("curse")}


def perk_words(line: dict) -> list[list]:
    """A printed perk line as the page shows it in the reader's language:
    [text, params] pairs, `params` None for a word shown as it is (numbers,
    signs), else a dict for the msgid `text`."""
    if line.get("text") and not line["remove"] and not line["add"]:
        return [[PERK_TEXTS.get(line["text"], line["text"]), {} if line["text"] in PERK_TEXTS else None]]
    words = []
    for sign, cards in (("−", line["remove"]), ("+", line["add"])):
        if not cards:
            continue
        words.append([sign, None])
        for index, card in enumerate(cards):
            words += [[f"{card['count']}×", None], *card_words(card)]
            if index < len(cards) - 1:
                words.append(["·", None])
    return words


def card_words(card: dict) -> list[list]:
    """One modifier card as perk_words gives its words: "+0 ⟳ Push 1", "null" (a msgid)."""
    value = card["value"]
    words = [[CARD_NAMES["null"], {}] if value == "null" else ["×2" if value == "x2" else f"{value:+d}", None]]
    if card.get("rolling"):
        words.append(["⟳", None])
    for effect in card.get("effects", ()):
        kind, amount = effect["kind"], effect.get("value", "")
        if kind == "condition":
            condition = effect.get("condition")
            label = conditions.LABELS.get(condition) or EFFECT_WORDS.get(condition)
            words.append([label, {}] if label else [condition, None])
        elif kind == "infuse":
            words += [[EFFECT_WORDS["infuse"], {}],
                      [elements.LABELS.get(effect.get("element"), effect.get("element")), {}]]
        elif kind in ("pierce", "add_target"):
            words.append([EFFECT_WORDS[kind], {"amount": amount}])
        elif kind in EFFECT_WORDS:
            words.append([EFFECT_WORDS[kind], {}])
            if amount != "":
                words.append([str(amount), None])
        else:
            words.append([f"{kind.replace('_', ' ')} {amount}".rstrip(), None])
    return words
