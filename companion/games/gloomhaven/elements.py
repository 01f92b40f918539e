"""The six elements (rulebook, "Elemental infusions", pp. 22-23).

Each is inert, waning or strong. An infusion takes effect at the end of the
turn that made it (the element becomes strong then); consuming needs a strong
or waning element and makes it inert. An element infused this turn can't be
consumed in the same turn (it isn't there yet; a later figure may consume
it). At each round's end every element wanes one step.
"""

from __future__ import annotations

from companion.rules import N_, ActionError

ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")
LABELS = {"fire": N_("Fire"), "ice": N_("Ice"), "air": N_("Air"), "earth": N_("Earth"),
          "light": N_("Light"), "dark": N_("Dark")}
STRENGTHS = ("inert", "waning", "strong")


def new_board() -> dict:
    """All six inert, nothing infused this turn."""
    return {"strength": {e: "inert" for e in ELEMENTS}, "infusing": []}


def _element(name: object) -> str:
    if name not in ELEMENTS:
        raise ActionError(N_("Choose one of the six elements."), field="element")
    return name


def infuse(board: dict, element: str) -> None:
    """Mark `element` to become strong at the end of this turn."""
    element = _element(element)
    if element in board["infusing"]:
        raise ActionError(N_("That element is already being infused this turn."), field="element")
    board["infusing"].append(element)


def consume(board: dict, element: str) -> None:
    element = _element(element)
    if element in board["infusing"]:
        raise ActionError(N_("That element was infused this turn: it can't be consumed before the turn ends."),
                          field="element")
    if board["strength"][element] == "inert":
        raise ActionError(N_("That element is inert: there is nothing to consume."), field="element")
    board["strength"][element] = "inert"


def can_consume(board: dict, element: str) -> bool:
    return element not in board["infusing"] and board["strength"][element] != "inert"


def end_of_turn(board: dict) -> None:
    """This turn's infusions become strong."""
    for element in board["infusing"]:
        board["strength"][element] = "strong"
    board["infusing"] = []


def end_of_round(board: dict) -> None:
    """Strong wanes, waning goes inert."""
    end_of_turn(board)
    for element, strength in board["strength"].items():
        board["strength"][element] = {"strong": "waning", "waning": "inert"}.get(strength, "inert")
