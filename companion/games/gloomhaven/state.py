"""The shape of a Gloomhaven table's state, checked when an export is
imported (the file may be damaged or edited by hand)."""

from __future__ import annotations

from companion.games.gloomhaven import ability_decks, catalog, elements, modifiers
from companion.games.gloomhaven.conditions import CONDITIONS
from companion.games.gloomhaven.level import DIFFICULTIES, MAX_LEVEL, MIN_LEVEL
from companion.kit import deck as kit_deck

PHASES = ("setup", "choosing", "playing", "ended")


def _whole(value, low=-10**6, high=10**6) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(value)


def _figure(figure: dict) -> None:
    _whole(figure["hp"])
    _whole(figure["max_hp"], 1)
    if not isinstance(figure["conditions"], dict) or not set(figure["conditions"]) <= set(CONDITIONS):
        raise ValueError("conditions")


def check_state(state: dict) -> None:
    if state["phase"] not in PHASES or state["difficulty"] not in DIFFICULTIES:
        raise ValueError("phase or difficulty")
    catalog.scenario(state["scenario"])
    if state["level"] is not None:
        _whole(state["level"], MIN_LEVEL, MAX_LEVEL)
    _whole(state["round"], 0)
    if not isinstance(state["characters"], dict) or not isinstance(state["secrets"], dict):
        raise TypeError("characters or secrets")
    for who in state["characters"].values():
        _figure(who)
        for field in ("xp", "coins"):
            _whole(who[field], 0)
        for summon in who["summons"]:
            _figure(summon)
    for standee in state["standees"]:
        _figure(standee)
        monster = catalog.monster(standee["monster"])
        _whole(standee["number"], 1, monster["standees"])
    ids = [s["id"] for s in state["standees"]]
    if len(ids) != len(set(ids)):
        raise ValueError("two standees with one number")
    for deck_id, deck in state["decks"].items():
        size = len(catalog.deck(deck_id)["cards"])
        kit_deck.check_deck(deck["cards"])
        if ability_decks.held(deck) != list(range(size)):
            raise ValueError(f"deck {deck_id}")
    if set(state["elements"]["strength"]) != set(elements.ELEMENTS) or \
            not set(state["elements"]["strength"].values()) <= set(elements.STRENGTHS):
        raise ValueError("elements")
    kit_deck.check_deck(state["modifiers"]["cards"])
    for count in modifiers.mix_of(state["modifiers"]).values():
        _whole(count, 1)
    for code in modifiers.mix_of(state["modifiers"]):
        modifiers.parse(code)
    for objective in state.get("objectives", []):
        _figure(objective)
        _whole(objective["index"], 1, len(catalog.scenario(state["scenario"]).get("objectives", [])))
    for waiting in state.get("damage", []):
        if waiting["seat"] not in state["characters"] or waiting["kind"] not in ("attack", "retaliate", "scenario"):
            raise ValueError("damage")
        _whole(waiting["amount"], 1, 999)
        _whole(waiting["id"], 1)
    if state["phase"] == "playing" and not 0 <= state["turn"] < len(state["order"]):
        raise ValueError("turn")
