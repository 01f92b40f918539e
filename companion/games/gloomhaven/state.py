"""The shape of a Gloomhaven table's state: its schema number and the
upgrades that carry an older table or export to it, and its checks when an
export is imported (the file may be damaged or edited by hand)."""

from __future__ import annotations

from companion.games.gloomhaven import ability_decks, catalog, character_decks, elements, modifiers
from companion.games.gloomhaven.conditions import CONDITIONS
from companion.games.gloomhaven.level import DIFFICULTIES, MAX_LEVEL, MIN_LEVEL
from companion.games.gloomhaven.play import bonuses
from companion.kit import deck as kit_deck
from companion.kit import schema

PHASES = ("setup", "choosing", "playing", "ended")


def _whole(value, low=-10**6, high=10**6) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(value)


def _figure(figure: dict) -> None:
    _whole(figure["hp"])
    _whole(figure["max_hp"], 1)
    if not isinstance(figure["conditions"], dict) or not set(figure["conditions"]) <= set(CONDITIONS):
        raise ValueError("conditions")


def _with_character_decks(state: dict) -> dict:
    """Schema 1 kept no character's modifier deck: each character gets the
    class's standard deck."""
    for who in state.get("characters", {}).values():
        if "deck" not in who:
            who["deck"], who["deck_from"] = modifiers.new_deck(character_decks.base_mix()), "class"
    return state


#: The state's shape, one step a schema. 1 (no "schema"): no character's
#: modifier deck; 2: each character's deck and where it came from.
STEPS = (_with_character_decks,)
SCHEMA = len(STEPS) + 1
upgrade = schema.stepwise(STEPS)
upgrade.__doc__ = """`state` carried to SCHEMA (in place; returned): a table stored before
is upgraded before every action, an export as it is imported."""


def current(state: dict) -> dict:
    """`state` in the current schema (the stored one is never changed by reading it)."""
    return schema.current(state, SCHEMA, upgrade)


def _replays_to_itself(state: dict) -> bool:
    """Whether an export's final state is what its log replays to: not one
    from before the characters' decks, whose characters the replay gives
    decks as they are chosen (the state it carries has none)."""
    return not isinstance(state.get("characters"), dict) or all(
        not isinstance(who, dict) or "deck" in who for who in state["characters"].values())


def upgrade_export(export: dict) -> dict:
    """An export's initial and final states carried to SCHEMA; a final state
    from before the characters' decks is left for the replay to give."""
    return schema.upgrade_export(export, upgrade, "scenario", kept=_replays_to_itself)


def _modifier_deck(deck: dict) -> None:
    kit_deck.check_deck(deck["cards"])
    if not isinstance(deck["reshuffle"], bool):
        raise TypeError("reshuffle")
    for code, count in modifiers.mix_of(deck).items():
        _whole(count, 1)
        modifiers.parse(code)


def check_state(state: dict) -> None:
    if state.get("schema") != SCHEMA:
        raise ValueError("schema version")
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
            bonuses.check_summon(summon)
        if "round_bonus" in who:
            bonuses.check(who["round_bonus"])
        _modifier_deck(who["deck"])
        if who["deck_from"] not in ("campaign", "class", "perks"):
            raise ValueError("deck_from")
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
    _modifier_deck(state["modifiers"])
    for objective in state.get("objectives", []):
        _figure(objective)
        _whole(objective["index"], 1, len(catalog.scenario(state["scenario"]).get("objectives", [])))
    for waiting in state.get("damage", []):
        if waiting["seat"] not in state["characters"] or \
                waiting["kind"] not in ("attack", "retaliate", "scenario", "trap"):
            raise ValueError("damage")
        _whole(waiting["amount"], 1, 999)
        _whole(waiting["id"], 1)
    if state["phase"] == "playing" and not 0 <= state["turn"] < len(state["order"]):
        raise ValueError("turn")
