"""Set-up (rulebook, "Scenario setup", pp. 12-16): the scenario, the
difficulty, the characters; starting fixes the level, places the first
room's standees and deals each character two battle goals."""

from __future__ import annotations

import random

from companion.games.gloomhaven import (
    catalog,
    character_decks,
    data,
    elements,
    modifiers,
    objectives,
    standees,
)
from companion.games.gloomhaven import state as scenario_state
from companion.games.gloomhaven.level import (
    DIFFICULTIES,
    derived_values,
    scenario_level,
)
from companion.games.gloomhaven.play import common, objective_figures, special
from companion.games.gloomhaven.play.placing import missing_lines, place_standees
from companion.kit.actions import Act
from companion.rules import N_, ActionError

MAX_CHARACTER_LEVEL = data.fact("max_character_level")


def goals_dealt() -> int:
    """Battle goals dealt to each character (the data's fact)."""
    return data.fact("battle_goals_dealt")["dealt"]


def initial_state(options: dict) -> dict:
    state = {
        "schema": scenario_state.SCHEMA,
        "phase": "setup", "scenario": 1, "difficulty": "normal", "solo": False,
        "level": None, "level_working": [], "values": {},
        "characters": {}, "rooms": [], "standees": [], "decks": {},
        "modifiers": modifiers.new_deck(catalog.monster_modifier_mix()),
        "bless_limit": catalog.bless_limit(), "curse_limit": catalog.curse_limit(),
        "elements": elements.new_board(), "round": 0,
        "chosen": [], "revealed": {}, "order": [], "turn": None, "walk": [], "walk_at": 0,
        "attacks": [], "damage": [], "next_damage": 1, "objectives": [], "next_objective": 1,
        "gone": [], "fired_rules": [], "ended_rules": [], "inactive": [],
        "news": [], "result": None, "next_summon": 1, "secrets": {},
    }
    set_scenario(state, options)
    # Started from a campaign: its characters wait for their players' seats,
    # which join in the same order (companion.rules.ChildOffer.seat_roles).
    state["waiting_characters"] = [_campaign_character(c) for c in options.get("characters") or []]
    return state


def _campaign_character(offered: object) -> dict:
    """A character the campaign sent, checked as the set-up form would check it."""
    if not isinstance(offered, dict):
        raise ActionError(N_("A character from the campaign is malformed."), field="characters")
    classes = catalog.character_classes()
    class_id = common.choice(offered, "class", classes)
    level = common.whole(offered, "level", 1, MAX_CHARACTER_LEVEL)
    name = common.text(offered, "name") if offered.get("name") else classes[class_id]["name"]
    if offered.get("deck") is not None:
        mix = character_decks.checked_mix(offered["deck"])
    else:  # a campaign from before the decks were sent: the standard deck and its bless cards
        mix = character_decks.base_mix()
        blessings = offered.get("blessings")
        if isinstance(blessings, int) and not isinstance(blessings, bool) and 0 < blessings <= catalog.bless_limit():
            mix["bless"] = blessings
    return {"class": class_id, "name": name, "level": level, "campaign_id": str(offered.get("character", "")),
            "deck": mix}


def seat_joined(state: dict, seat_id: str) -> None:
    """A seat joined: it takes the next character the campaign sent, if any."""
    waiting = state.get("waiting_characters") or []
    if waiting and seat_id not in state["characters"]:
        offered = waiting.pop(0)
        _place_character(state, seat_id, offered["class"], offered["name"], offered["level"])
        who = state["characters"][seat_id]
        who["campaign_id"] = offered["campaign_id"]
        if offered.get("deck"):
            who["deck"], who["deck_from"] = character_decks.new_deck(offered["deck"]), "campaign"


def set_scenario(state: dict, payload: dict) -> None:
    number = common.whole(payload, "scenario", 1, common.MAX_NUMBER, default=state["scenario"])
    found = catalog.scenario(number)
    state["scenario"] = found["number"]
    state["difficulty"] = common.choice(payload, "difficulty", DIFFICULTIES, default=state["difficulty"])
    state["solo"] = common.flag(payload, "solo") if payload.get("solo") is not None else state["solo"]
    # Editable defaults: the data marks the monster deck's mix as a tracker's
    # choice and the bless limit as unconfirmed.
    if payload.get("monster_deck"):
        state["modifiers"] = modifiers.new_deck(modifiers.parse_mix(payload["monster_deck"]))
    if payload.get("bless_limit") not in (None, ""):
        state["bless_limit"] = common.whole(payload, "bless_limit", 0, 30)
    _preview_level(state)


def choose_scenario(act: Act) -> None:
    set_scenario(act.state, act.payload)


def _preview_level(state: dict) -> None:
    """The level the scenario would start at now, with its working."""
    levels = [c["level"] for c in state["characters"].values()]
    if not levels:
        state["level"], state["level_working"], state["values"] = None, [], {}
        return
    state["level"], state["level_working"] = scenario_level(levels, state["difficulty"])
    state["values"] = derived_values(state["level"], state["solo"])


def set_character(act: Act) -> None:
    state = act.state
    if act.seat_id is None:
        raise ActionError(N_("Only a seated player has a character."), field="class")
    payload = act.payload
    classes = catalog.character_classes()
    class_id = common.choice(payload, "class", classes)
    level = common.whole(payload, "level", 1, MAX_CHARACTER_LEVEL)
    name = common.text(payload, "name") if payload.get("name") else classes[class_id]["name"]
    _place_character(state, act.seat_id, class_id, name, level)


def _place_character(state: dict, seat_id: str, class_id: str, name: str, level: int) -> None:
    hit_points = catalog.character_classes()[class_id]["hit_points"][level - 1]
    state["characters"][seat_id] = {
        "class": class_id, "name": name, "level": level, "hp": hit_points, "max_hp": hit_points,
        "xp": 0, "coins": 0, "conditions": {}, "exhausted": False, "summons": [],
        "deck": character_decks.new_deck(character_decks.base_mix()), "deck_from": "class",
    }
    _preview_level(state)


def start(act: Act) -> None:
    state = act.state
    if not state["characters"]:
        raise ActionError(N_("Choose at least one character before starting."), field="type")
    found = catalog.scenario(state["scenario"])
    count = common.character_count(state)
    # The draws: standee numbers for the first room(s), battle goals for each character.
    wanted = [p for room in found["rooms"] if room["start"] for p in standees.placements(room, count)]
    placed, missing = common.standee_numbers(act.draws, wanted, [])
    goals = act.draws.take("goals", lambda rng: deal_goals(state, rng))
    state["rooms"] = [room["number"] for room in found["rooms"] if room["start"]]
    place_standees(state, placed, coin=True)
    objective_figures.place(state, [i for room in found["rooms"] if room["start"]
                                    for i in objectives.placed_by_room(room, count)])
    for seat in state["characters"]:
        dealt = goals.get(seat)
        if not isinstance(dealt, list) or len(dealt) != goals_dealt():
            raise ActionError(N_("The battle goals were not dealt."), field="goals")
        state["secrets"].setdefault(seat, {})["battle_goals"] = {"dealt": dealt, "kept": None, "done": False}
    state["phase"], state["round"] = "choosing", 1
    special.check(state, "round_start")
    common.news(state, [N_("Scenario %(number)d started at level %(level)d."),
                        {"number": state["scenario"], "level": state["level"]}],
                *missing_lines(missing))


def deal_goals(state: dict, rng: random.Random) -> dict[str, list[str]]:
    """Two battle goals (the data's number) to each character, none twice."""
    goals = [str(g["id"]) for g in catalog.battle_goals()]
    dealt = {}
    for seat in state["characters"]:
        dealt[seat] = rng.sample(goals, goals_dealt())
        goals = [g for g in goals if g not in dealt[seat]]
    return dealt


def keep_battle_goal(act: Act) -> None:
    state = act.state
    goals = (state["secrets"].get(act.seat_id) or {}).get("battle_goals")
    if goals is None:
        raise ActionError(N_("You have no battle goals."), field="goal")
    if state["phase"] == "ended":
        raise ActionError(N_("The scenario is over."), field="goal")
    goal = act.payload.get("goal")
    if goal not in goals["dealt"]:
        raise ActionError(N_("Keep one of the two goals you were dealt."), field="goal")
    goals["kept"] = goal
