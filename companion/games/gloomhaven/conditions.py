"""Conditions on a figure (rulebook, "Conditions", pp. 22-23).

A figure holds at most one of each. Poison (+1 to every attack on it) and
wound (1 damage at the start of each of its turns) stay until a heal removes
them. Immobilize, disarm, stun, muddle, invisible and strengthen end at the
end of the figure's next turn: one given during the figure's own turn lasts
through its next one, so it is marked "fresh" until that turn ends.
Bless and curse are cards in a modifier deck, not conditions on a figure.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.rules import N_, ActionError, Msg

UNTIL_HEALED = ("poison", "wound")
UNTIL_NEXT_TURN_ENDS = ("immobilize", "disarm", "stun", "muddle", "invisible", "strengthen")
CONDITIONS = UNTIL_HEALED + UNTIL_NEXT_TURN_ENDS
LABELS = {"poison": N_("Poison"), "wound": N_("Wound"), "immobilize": N_("Immobilize"),
          "disarm": N_("Disarm"), "stun": N_("Stun"), "muddle": N_("Muddle"),
          "invisible": N_("Invisible"), "strengthen": N_("Strengthen")}
#: What an attack (a monster's ability card, a summon's card) may give its
#: target: the conditions a hit gives, and curse (a card in the target's deck).
ATTACK_CONDITIONS = ("poison", "wound", "immobilize", "disarm", "stun", "muddle", "curse")


def give(figure: dict, condition: object, immunities: list[str] = (), own_turn: bool = False) -> None:
    """Put `condition` on `figure` (a dict with a "conditions" dict, changed in place)."""
    if not isinstance(condition, str) or condition not in CONDITIONS:
        raise ActionError(N_("Choose a condition from the list."), field="condition")
    if condition in immunities:
        raise ActionError(N_("%(figure)s is immune to that condition."), field="condition",
                          figure=figure.get("name", "?"))
    if condition in figure["conditions"]:
        raise ActionError(N_("%(figure)s already has that condition."), field="condition",
                          figure=figure.get("name", "?"))
    figure["conditions"][condition] = {"fresh": own_turn and condition in UNTIL_NEXT_TURN_ENDS}


def remove(figure: dict, condition: object) -> None:
    if not isinstance(condition, str) or condition not in figure["conditions"]:
        raise ActionError(N_("That figure doesn't have that condition."), field="condition")
    del figure["conditions"][condition]


def start_of_turn(figure: dict) -> int:
    """Damage the figure takes as its turn starts (wound)."""
    return 1 if "wound" in figure["conditions"] else 0


def end_of_turn(figure: dict) -> list[str]:
    """Removes the conditions that end with this turn; returns them."""
    ended = [c for c, mark in figure["conditions"].items()
             if c in UNTIL_NEXT_TURN_ENDS and not mark["fresh"]]
    for condition in ended:
        del figure["conditions"][condition]
    for mark in figure["conditions"].values():
        mark["fresh"] = False
    return ended


def heal(figure: dict, amount: int, maximum: int) -> list:
    """Heal `figure` (hit points in figure["hp"]): poison takes the whole heal
    away, wound is removed and the heal goes on. Returns the working."""
    conditions = figure["conditions"]
    if "poison" in conditions:
        del conditions["poison"]
        conditions.pop("wound", None)
        return [[N_("the heal removes poison and does nothing else"), {}]]
    working = []
    if conditions.pop("wound", None) is not None:
        working.append([N_("the heal removes wound"), {}])
    before = figure["hp"]
    figure["hp"] = min(maximum, before + amount)
    working.append([N_("%(before)d + %(amount)d, at most %(maximum)d → %(after)d"),
                    {"before": before, "amount": amount, "maximum": maximum, "after": figure["hp"]}])
    return working


class Listed(Msg):
    """A message parameter listing conditions by code ("poison stun"): each
    in the reader's language, joined by " · "."""

    def translated(self, translate: Callable[[str], str], language: str | None = None) -> str:
        return " · ".join(translate(LABELS[c]) if c in LABELS else c for c in self.split())
