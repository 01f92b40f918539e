"""The attack calculator (rulebook, "Attack", pp. 19-22), in the seed's order:

1. the attacker's own bonuses (+X from cards and items, then ×2 where an
   ability doubles the attack); poison on the target adds +1 here, with the
   +X bonuses (the seed leaves the place open; this is where the +X bonuses go);
2. the modifier card(s) drawn for this target (with advantage the better, with
   disadvantage the worse; rolling cards as the seed describes); several
   drawn cards that all count add their +X first, then double or null;
3. the target's shield, less the attack's pierce.

Each step is kept as a line of working, so every phone can show how the
number came about.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.gloomhaven import modifiers
from companion.rules import N_, ActionError


@dataclass(frozen=True)
class Chosen:
    """Which drawn cards count, and why the others don't."""
    counted: list[str]
    ignored: list[str]
    reason: str  # msgid: why these cards, or ""


def choose_cards(codes: list[str], mode: str, attack: int) -> Chosen:
    """The drawn cards that count for an attack worth `attack` before them."""
    cards = [modifiers.parse(c) for c in codes]
    if not modifiers.draws_needed(codes, mode):
        raise ActionError(N_("Those cards are not a complete draw for this attack."), field="cards")
    if mode == "normal":
        return Chosen(list(codes), [], "")
    if len(cards) > 2:  # both first cards rolled: drawn on until one didn't
        if mode == "advantage":
            return Chosen(list(codes), [], N_("both rolled: every card drawn counts"))
        return Chosen([codes[-1]], list(codes[:-1]),
                      N_("disadvantage: rolling cards are ignored, the last card counts"))
    first, second = cards
    if first.rolling or second.rolling:
        if mode == "advantage":
            return Chosen(list(codes), [], N_("advantage: the rolling card adds to the other"))
        kept = 1 if first.rolling else 0
        return Chosen([codes[kept]], [codes[1 - kept]], N_("disadvantage: the rolling card is ignored"))
    first_value, second_value = first.applied_to(attack), second.applied_to(attack)
    if mode == "advantage":
        better_second = second_value > first_value
        return Chosen([codes[1 if better_second else 0]], [codes[0 if better_second else 1]],
                      N_("advantage: the better card counts (the first drawn when neither is better)"))
    worse_second = second_value < first_value
    return Chosen([codes[1 if worse_second else 0]], [codes[0 if worse_second else 1]],
                  N_("disadvantage: the worse card counts (the first drawn when neither is worse)"))


def calculate(base: int, bonuses: list[int] = (), doubled: bool = False, cards: list[str] = (),
              mode: str = "normal", shield: int = 0, pierce: int = 0, poisoned: bool = False,
              drawn_line: list | None = None) -> dict:
    """The damage one attack does to one target, with its working.

    Returns {"damage": int, "working": [[msgid, params], ...], "counted": [...], "ignored": [...]}.
    `drawn_line`: a line saying where the cards came from, put before them.
    """
    value = base
    working = [[N_("base attack %(value)d"), {"value": base}]]
    for bonus in bonuses:
        value += bonus
        working.append([N_("%(bonus)+d from the ability → %(value)d"), {"bonus": bonus, "value": value}])
    if poisoned:
        value += 1
        working.append([N_("+1 for the target's poison → %(value)d"), {"value": value}])
    if doubled:
        value *= 2
        working.append([N_("×2 from the ability → %(value)d"), {"value": value}])
    chosen = Chosen([], [], "")
    if cards:
        if drawn_line:
            working.append(list(drawn_line))
        chosen = choose_cards(list(cards), mode, value)
        if chosen.reason:
            working.append([chosen.reason, {}])
        value = max(0, _apply_cards(value, chosen.counted, working))
    cover = max(0, shield - pierce)
    if shield:
        value = max(0, value - cover)
        if pierce:
            working.append([N_("shield %(shield)d, pierce %(pierce)d: −%(cover)d → %(value)d"),
                            {"shield": shield, "pierce": pierce, "cover": cover, "value": value}])
        else:
            working.append([N_("shield %(shield)d → %(value)d"), {"shield": shield, "value": value}])
    return {"damage": max(0, value), "working": working, "counted": chosen.counted, "ignored": chosen.ignored}


def _apply_cards(value: int, codes: list[str], working: list) -> int:
    cards = [modifiers.parse(c) for c in codes]
    for card in cards:
        if card.kind == "add":
            value += card.value
            working.append([N_("drawn %(card)s → %(value)d"), {"card": card.code, "value": value}])
    for card in cards:
        if card.kind != "add":
            value = card.applied_to(value)
            working.append([N_("drawn %(card)s → %(value)d"), {"card": card.code, "value": value}])
    return value
