"""The campaign state's shape, its schema version and the upgrades that
carry an older export's states to the current version."""

from __future__ import annotations

from companion.games.gloomhaven.campaign import data, names
from companion.games.gloomhaven.campaign.dues import KINDS as DUE_KINDS
from companion.games.gloomhaven.campaign.progression import PRINTINGS
from companion.kit import schema


def new_campaign(name: str, printing: str = "second") -> dict:
    first = [s["number"] for s in data.scenarios() if s.get("first")]
    start_rule = data.fact("campaign_start_city_rule")
    return {
        "schema": SCHEMA,
        "party": {"name": name, "location": "Gloomhaven", "notes": "", "reputation": 0, "achievements": [],
                  "difficulty": "normal"},
        # An UNCONFIRMED default (trackers start with it): the host may remove it.
        "global_achievements": {start_rule: 1} if start_rule else {},
        "prosperity": 0, "donated": 0, "visit": 0,
        "printing": printing,  # whose prosperity track: "second" (and later) or "first"
        "unlocked_classes": [c for c, v in data.classes().items() if v["starting"]],
        "designs": [], "envelopes": [], "events_drawn": [], "events_added": [],
        # What the party still has to hand out or decide (campaign.dues).
        "due": [], "next_due": 1,
        # Perk lines the group entered for the classes the data has none for.
        "class_perks": {},
        # Items sold or given back that the shop does not stock (one entry a copy).
        "supply": [],
        "unlocked": first, "completed": [],
        "characters": {}, "retirements": {}, "pending": {}, "next_id": 1,
        "secrets": {},
        # Offers of the scenario tables started and not yet reported: the
        # party is out of town meanwhile (no level-up).
        "playing": [],
    }


def _upgrade_1(state: dict) -> dict:
    """Version 1 kept achievements as the data wrote them (some display
    names) and had no party difficulty."""
    state["global_achievements"] = {names.achievement_id(k): v for k, v in state["global_achievements"].items()}
    state["party"]["achievements"] = [names.achievement_id(a) for a in state["party"]["achievements"]]
    state["party"].setdefault("difficulty", "normal")
    return state


def _upgrade_2(state: dict) -> dict:
    """Version 2 did not note the scenario tables in progress (an export's
    log replays them) and knew only the second printing's prosperity track."""
    state["printing"] = "second"
    state["playing"] = []
    return state


# Version 3's notes of a reward to hand out, and the due each becomes.
V3_ITEM_NOTE = "Scenario %(number)d: give item %(item)d to one character."
V3_GOLD_NOTE = "Scenario %(number)d: %(gold)d gold to share as the party likes."


def _due_from_note(number: int, msgid: str, params: dict) -> dict:
    if msgid == V3_ITEM_NOTE:
        return {"id": number, "kind": "item", "scenario": params["number"], "item": params["item"], "left": 1}
    if msgid == V3_GOLD_NOTE:
        return {"id": number, "kind": "gold", "scenario": params["number"], "gold": params["gold"]}
    return {"id": number, "kind": "note", "msgid": msgid, "params": params}


def _upgrade_3(state: dict) -> dict:
    """Version 3 kept what was left to do as notes only ([msgid, params]):
    reward items and shared gold could not be handed out from the page.
    Those notes become dues the page settles; the others stay notes."""
    state["due"] = [_due_from_note(n, msgid, params)
                    for n, (msgid, params) in enumerate(state.pop("notes_due", []), start=1)]
    state["next_due"] = len(state["due"]) + 1
    state["class_perks"] = {}  # version 3 took such perks as each character's text
    state["supply"] = []  # and lost the treasure items sold
    return state


#: The state's shape, one step a schema (the step from schema n is STEPS[n - 1]).
STEPS = (_upgrade_1, _upgrade_2, _upgrade_3)
SCHEMA = len(STEPS) + 1
upgrade = schema.stepwise(STEPS)
upgrade.__doc__ = """`state` carried to the current schema version, one step at a time. A
table stored in the database before an upgrade is carried forward when
it is next read or changed (no scenario table then counts as in progress)."""


def current(state: dict) -> dict:
    """`state` in the current schema (the stored one is never changed by reading it)."""
    return schema.current(state, SCHEMA, upgrade)


# From this version on an export's final state is what its log replays to;
# before it, the actions did not count what personal quests count (the
# scenarios each character completed, the gold each donated).
STATE_KEPT_FROM = 4


def upgrade_export(export: dict) -> dict:
    """An export whose initial and final states are upgraded (the log's
    actions replay alike on either version). An export older than
    STATE_KEPT_FROM is taken from its log, replayed by the current rules:
    its final state lacks what those now count, so it is not compared."""
    return schema.upgrade_export(export, upgrade, "party",
                                 kept=lambda stated: stated.get("schema", 1) >= STATE_KEPT_FROM)


KEYS = {"party": dict, "global_achievements": dict, "prosperity": int, "donated": int, "visit": int,
        "unlocked_classes": list, "designs": list, "envelopes": list, "events_drawn": list, "events_added": list,
        "due": list, "next_due": int, "class_perks": dict, "supply": list, "unlocked": list, "completed": list,
        "characters": dict, "retirements": dict,
        "pending": dict, "next_id": int, "secrets": dict, "playing": list, "printing": str}
CHARACTER_KEYS = {"id": str, "seat": str, "class": str, "name": str, "level": int, "experience": int, "gold": int,
                  "checkmarks": int, "perks": dict, "entered_perks": list, "items": list, "equipped": list,
                  "notes": str, "retired": bool, "blessings": int, "cards": list, "retirements_before": int}


def _check_keys(part: dict, keys: dict) -> None:
    for key, kind in keys.items():
        if not isinstance(part[key], kind) or (kind is int and isinstance(part[key], bool)):
            raise TypeError(key)


def check(state: dict) -> None:
    if state.get("schema") != SCHEMA:
        raise ValueError("schema version")
    _check_keys(state, KEYS)
    party = state["party"]
    if not -20 <= party["reputation"] <= 20 or not all(isinstance(a, str) for a in party["achievements"]):
        raise ValueError("party")
    for cid, who in state["characters"].items():
        _check_keys(who, CHARACTER_KEYS)
        if who["id"] != cid or who["class"] not in data.classes() or not 1 <= who["level"] <= 9:
            raise ValueError("character")
        if not all(isinstance(n, int) and 1 <= n <= len(data.items()) for n in who["items"] + who["equipped"]):
            raise ValueError("items")
        perks = data.classes()[who["class"]]["perks"] or state["class_perks"].get(who["class"], [])
        if not all(k.isdigit() and int(k) < len(perks) and isinstance(v, int) for k, v in who["perks"].items()):
            raise ValueError("perks")
    numbers = {s["number"] for s in data.scenarios()}
    if not set(state["unlocked"]) | set(state["completed"]) <= numbers:
        raise ValueError("scenarios")
    for secret in state["secrets"].values():
        if not isinstance(secret, dict):
            raise TypeError("secret")
    for klass, lines in state["class_perks"].items():
        if klass not in data.classes() or data.classes()[klass]["perks"] is not None or not isinstance(lines, list):
            raise ValueError("class perks")
        for line in lines:
            if not isinstance(line, dict) or not isinstance(line.get("boxes"), int) or not all(
                    isinstance(line.get(part), list)
                    and all(isinstance(card, dict) and "value" in card and isinstance(card.get("count"), int)
                            for card in line[part])
                    for part in ("remove", "add")):
                raise ValueError("class perks")
    if not all(isinstance(n, int) and 1 <= n <= len(data.items()) for n in state["supply"]):
        raise ValueError("supply")
    for due in state["due"]:
        if not isinstance(due, dict) or due.get("kind") not in DUE_KINDS or not isinstance(due.get("id"), int):
            raise TypeError("due")
    if state["printing"] not in PRINTINGS or not all(isinstance(offer, str) for offer in state["playing"]):
        raise TypeError("playing")
