"""Monster ability decks: per deck id, its eight cards."""

from __future__ import annotations

from .actions import ActionConverter


def convert_decks(source) -> dict:
    actions = ActionConverter(source)
    decks = {}
    for raw in source.each("deck"):
        cards = [convert_card(actions, card) for card in raw["abilities"]]
        decks[raw["name"]] = {"name": deck_name(source, raw["name"]), "cards": cards}
    return decks


def deck_name(source, deck_id: str) -> str:
    return source.label("deck", deck_id) or source.label("monster", deck_id) or deck_id


def convert_card(actions, raw: dict) -> dict:
    return {
        # Three decks come from an older snapshot without printed card numbers.
        "number": raw.get("cardId"),
        "initiative": raw["initiative"],
        "shuffle": bool(raw.get("shuffle")),
        "actions": actions.convert_all(raw["actions"]),
    }
