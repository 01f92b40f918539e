"""Attack modifier cards and decks (rulebook, "Attack modifier cards", p. 11;
"Advantage and disadvantage", pp. 20-21).

A card is written as a short code: "+1", "-2", "+0", "x2", "null", "bless",
"curse", and a rolling card with a leading "r" ("r+1", "r+0"); a rolling
card may name its effect after a space ("r+0 push 1"). A deck keeps no order
in its draw pile: the next card is drawn at random from what
is left, by the server while the action runs, and recorded (the kit's deck), so no
phone can read the order ahead of the draw and the log replays the same cards.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from companion.kit import deck as kit_deck
from companion.rules import N_, ActionError

CODE = re.compile(r"^(?P<rolling>r)?(?P<face>[+-]\d|x2|null|bless|curse)(?: (?P<effect>[^\n]{1,40}))?$")

#: Cards that leave the game when drawn instead of going to the discard pile.
REMOVED_WHEN_DRAWN = {"bless", "curse"}
#: Cards whose shuffle mark reshuffles the deck at the end of the round.
SHUFFLE_MARKED = {"x2", "null"}
MODES = ("normal", "advantage", "disadvantage")


@dataclass(frozen=True)
class Card:
    code: str
    rolling: bool
    kind: str  # "add", "double" or "null"
    value: int  # what an "add" card adds
    effect: str

    def applied_to(self, attack: int) -> int:
        if self.kind == "null":
            return 0
        if self.kind == "double":
            return attack * 2
        return attack + self.value


def parse(code: object) -> Card:
    match = CODE.match(code) if isinstance(code, str) else None
    if not match:
        raise ActionError(N_("“%(code)s” is not a modifier card."), field="cards", code=str(code)[:20])
    face = match["face"]
    kind = {"x2": "double", "bless": "double", "null": "null", "curse": "null"}.get(face, "add")
    value = int(face) if kind == "add" else 0
    return Card(code, bool(match["rolling"]), kind, value, match["effect"] or "")


MIX_ITEM = re.compile(r"^(?P<code>[^\s×*]+)(?:[×*x](?P<count>\d{1,2}))?$")
MAX_DECK = 60


def parse_mix(text: object) -> dict[str, int]:
    """A deck's cards written out, e.g. "+0×6 +1×5 -1×5 +2 -2 x2 null"."""
    if not isinstance(text, str) or not text.strip():
        raise ActionError(N_("List the deck's cards, like “+0×6 +1×5 -1×5 +2 -2 x2 null”."), field="monster_deck")
    mix: dict[str, int] = {}
    for item in text.replace(",", " ").split():
        match = MIX_ITEM.match(item) if item not in ("x2",) else None
        code, count = (match["code"], int(match["count"] or 1)) if match else (item, 1)
        if code in REMOVED_WHEN_DRAWN:
            raise ActionError(N_("Bless and curse cards are added during play, not listed here."), field="monster_deck")
        try:
            parse(code)
        except ActionError:
            raise ActionError(N_("“%(code)s” is not a modifier card."), field="monster_deck", code=code[:20]) from None
        mix[code] = mix.get(code, 0) + count
    if not 1 <= sum(mix.values()) <= MAX_DECK:
        raise ActionError(N_("A deck holds 1 to %(max)d cards."), field="monster_deck", max=MAX_DECK)
    return dict(sorted(mix.items()))


def mix_text(mix: dict[str, int]) -> str:
    return " ".join(code if count == 1 else f"{code}×{count}" for code, count in mix.items())


def new_deck(mix: dict[str, int]) -> dict:
    """A fresh deck from its mix (code -> count), all in the draw pile:
    {"cards": a kit deck of card codes, "reshuffle": whether a ×2 or null was drawn}."""
    for code in mix:
        parse(code)
    return {"cards": kit_deck.new_deck([code for code, count in sorted(mix.items()) for _ in range(count)]),
            "reshuffle": False}


def pile_size(deck: dict) -> int:
    return kit_deck.size(deck["cards"])


def in_pile(deck: dict, code: str) -> int:
    """How many `code` cards are still to be drawn."""
    cards = deck["cards"]
    return (cards["top"] + cards["pile"] + cards["bottom"]).count(code)


def count_of(deck: dict, code: str) -> int:
    return in_pile(deck, code) + deck["cards"]["discard"].count(code)


def mix_of(deck: dict) -> dict[str, int]:
    """The whole deck as code -> count (draw pile and discards)."""
    cards = deck["cards"]
    everything = cards["top"] + cards["pile"] + cards["bottom"] + cards["discard"]
    return {code: everything.count(code) for code in sorted(set(everything))}


def take(deck: dict, code: str) -> None:
    """Draw `code` from `deck` (changed in place), reshuffling first when the
    draw pile is empty. Refuses a card the pile does not hold."""
    try:
        kit_deck.draw(deck["cards"], [code], reshuffle=True)
    except ActionError:
        raise ActionError(N_("The deck holds no “%(code)s” card to draw."), field="cards",
                          code=str(code)[:20]) from None
    if code not in REMOVED_WHEN_DRAWN:
        kit_deck.discard(deck["cards"], [code])
    if code in SHUFFLE_MARKED:
        deck["reshuffle"] = True


def draw_random(deck: dict, rng: random.Random) -> str:
    """One card drawn at random from what the draw pile holds (after a
    reshuffle when it is empty); `deck` changes as `take` changes it."""
    try:
        code = kit_deck.pick(deck["cards"], 1, rng, reshuffle=True)[0]
    except ActionError:
        raise ActionError(N_("The modifier deck is empty."), field="cards") from None
    take(deck, code)
    return code


def draw_for_attack(deck: dict, mode: str, rng: random.Random) -> list[str]:
    """The cards one attack draws: one (more while they roll); two with
    advantage or disadvantage, more only when both of those roll."""
    if mode not in MODES:
        raise ActionError(N_("Choose normal, advantage or disadvantage."), field="mode")
    drawn = [draw_random(deck, rng)]
    if mode != "normal":
        drawn.append(draw_random(deck, rng))
        if not all(parse(c).rolling for c in drawn):
            return drawn
    while parse(drawn[-1]).rolling:
        drawn.append(draw_random(deck, rng))
    return drawn


def draws_needed(codes: list[str], mode: str) -> bool:
    """Whether `codes` is a complete draw for `mode` (used to check cards a
    player says they drew)."""
    cards = [parse(c) for c in codes]
    if mode == "normal":
        return all(c.rolling for c in cards[:-1]) and bool(cards) and not cards[-1].rolling
    if len(cards) < 2:
        return False
    if len(cards) == 2 and not all(c.rolling for c in cards):
        return True
    return all(c.rolling for c in cards[:-1]) and not cards[-1].rolling


def end_of_round(deck: dict) -> bool:
    """Reshuffle when a ×2 or null was drawn this round; says whether it did."""
    if deck["reshuffle"]:
        kit_deck.shuffle_in_discard(deck["cards"])
        deck["reshuffle"] = False
        return True
    return False


def add_card(deck: dict, code: str, limit: int) -> None:
    """Shuffle a bless or curse into the draw pile, up to `limit` in the deck."""
    if count_of(deck, code) >= limit:
        raise ActionError(N_("The deck already holds %(limit)d cards of that kind."), field="card", limit=limit)
    kit_deck.put_on_top(deck["cards"], code)
    kit_deck.shuffle(deck["cards"])


def remove_card(deck: dict, code: str) -> None:
    """Take a bless or curse back out of the draw pile (a card's effect, or the end of the scenario)."""
    if in_pile(deck, code) <= 0:
        raise ActionError(N_("The draw pile holds no card of that kind."), field="card")
    kit_deck.remove(deck["cards"], code)
