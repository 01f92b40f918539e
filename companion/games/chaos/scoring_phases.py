"""The corruption phase and the end phase, computed (rulebook, 堕落阶段 and
结束阶段), each step's result and working kept in state["report"]."""

from __future__ import annotations

from companion.games.chaos import data
from companion.games.chaos.board import region_view
from companion.games.chaos.card_choices import release_controls
from companion.games.chaos.chaos_cards import back_to_discard, dealt, take_cards
from companion.games.chaos.corruption import corrupt_region
from companion.games.chaos.dial import advance, dial_steps
from companion.games.chaos.domination import dominate
from companion.games.chaos.endgame import end_check
from companion.games.chaos.ruination import score_ruination
from companion.games.chaos.state import highest_threat, round_of, ruination_card, threat
from companion.games.chaos.upgrades import unit_stats
from companion.kit.board import count, take
from companion.rules import N_, ActionError

#: Dial rewards the app applies itself; the others are listed for the group.
APPLIED_REWARDS = ("vp", "draw_cards", "victory")


# -- the corruption phase ------------------------------------------------------
def resolve_corruption(state: dict) -> None:
    """Domination in every region in order, then corruption region by region."""
    gods = state["gods_in_play"]
    units = unit_stats(state)
    domination = {}
    for region_id, region in state["regions"].items():
        if region["ruined"]:
            continue
        result = dominate(region_view(state, region_id), gods, units)
        domination[region_id] = result
        if result["winner"]:
            state["gods"][result["winner"]]["vp"] += result["vp"]
    corruption = {region_id: corrupt_here(state, region_id)
                  for region_id, region in state["regions"].items() if not region["ruined"]}
    state["report"].update(domination=domination, corruption=corruption)


def corrupt_here(state: dict, region_id: str) -> dict:
    region = region_view(state, region_id)
    gods = state["gods_in_play"]
    conditions = {god: data.gods()[god]["dial_condition"] for god in gods}
    stack = [ruination_card(state, number) for number in state["ruination"]]
    result = corrupt_region(region, gods, conditions, data.regions()[region_id]["populous"], stack,
                            data.table()["ruin_at"])
    region = state["regions"][region_id]
    region["corruption"] = {god: tokens for god, tokens in result["corruption"].items() if tokens}
    for god, consumed in result.get("consumed", {}).items():
        for kind, removed in consumed["removed"].items():
            take(state["board"], region_id, god, kind, removed)
        region["control"] = [entry for entry in region["control"] if entry["owner"] != god]
    for god in result["dial_tokens"]:
        state["gods"][god]["dial_tokens"] += 1
    if result["ruined"]:
        state["ruination"].pop(0)
        region.update(ruined=True, ruination_card=result["card"], ruined_round=round_of(state))
        for god in result["ruiners"]:
            state["gods"][god]["vp"] += result["ruiners_vp"]
    return result


# -- the end phase ----------------------------------------------------------------
def begin_end_phase(state: dict) -> None:
    """Steps 1-3: chaos cards back to their owners' discards; the heroes'
    removals to make; the Old World cards with end-phase effects, slot 1 then 2."""
    returned = {}
    for region in state["regions"].values():
        release_controls(region)  # what a card took control of for the round goes back
        for slot, card in enumerate(region["slots"]):
            if card:
                back_to_discard(state, card)
                returned[card["god"]] = returned.get(card["god"], 0) + 1
                region["slots"][slot] = None
    hero_god = highest_threat(state)
    heroes = {}
    for region_id, region in state["regions"].items():
        if region["heroes"]:
            figures = count(state["board"], region_id, hero_god)
            heroes[region_id] = min(region["heroes"], figures)
            state["pending"] += [{"kind": "hero", "god": hero_god, "region": region_id}] * heroes[region_id]
    end_cards = [card for card in state["old_world"]["track"] if card and card.get("end_phase")]
    state["report"]["end"] = {"cards_back": returned, "hero_god": hero_god, "heroes": heroes,
                              "old_world_cards": [card["uid"] for card in end_cards]}


def remove_for_hero(state: dict, god: str, region_id: str, unit: str) -> None:
    entry = next((p for p in state["pending"] if p == {"kind": "hero", "god": god, "region": region_id}), None)
    if entry is None:
        raise ActionError(N_("No hero asks this god for a figure in that region."), field="region")
    if count(state["board"], region_id, god, unit) <= 0:
        raise ActionError(N_("You have no such figure in that region."), field="unit")
    take(state["board"], region_id, god, unit)
    state["pending"].remove(entry)


def score_end(state: dict) -> dict | None:
    """Steps 4-6: ruination scoring, the dial step, the end checks; the
    result if the game ends (flow.end_round goes on from here)."""
    if any(p["kind"] == "hero" for p in state["pending"]):
        raise ActionError(N_("Resolve the heroes first: each takes one figure."), field="type")
    report = state["report"]["end"]
    report["ruination"] = score_ruined_regions(state)
    report["dial"] = dial_step(state)
    result = check_end(state)
    report["result"] = result
    return result


def score_ruined_regions(state: dict) -> dict:
    scored = {}
    for region_id, region in state["regions"].items():
        if region["ruined_round"] != round_of(state):
            continue
        card = ruination_card(state, region["ruination_card"])
        result = score_ruination(region["corruption"], card["first"][region_id], card["second"][region_id])
        for god, vp in result["vp"].items():
            state["gods"][god]["vp"] += vp
        region["corruption"] = {}  # the tokens go back to their owners
        scored[region_id] = {**result, "card": card["number"]}
    return scored


def dial_step(state: dict) -> dict:
    tokens = {god: state["gods"][god]["dial_tokens"] for god in state["gods_in_play"]}
    steps, working = dial_steps(tokens)
    moved = {}
    for god_id, spaces in steps.items():
        god = state["gods"][god_id]
        dial = state["components"]["dials"][god_id]
        god["dial"], rewards = advance(god["dial"], spaces, dial, god_id)
        for reward in rewards:
            apply_reward(state, god_id, reward)
        moved[god_id] = {"steps": spaces, "rewards": rewards, "position": god["dial"]}
        god["dial_tokens"] = 0
    return {"tokens": tokens, "moved": moved, "working": working}


def apply_reward(state: dict, god_id: str, reward: dict) -> None:
    god = state["gods"][god_id]
    if reward["kind"] == "vp":
        god["vp"] += reward["amount"]
    elif reward["kind"] == "draw_cards" and dealt(state):  # drawn by the action (actions.end_score)
        owed = state["report"]["end"].setdefault("draws_owed", {})
        owed[god_id] = owed.get(god_id, 0) + reward["amount"]
    elif reward["kind"] == "draw_cards":
        take_cards(god, reward["amount"])
    elif reward["kind"] != "victory":
        state["pending"].append({"kind": reward["kind"], "god": god_id, "amount": reward.get("amount", 1)})


def check_end(state: dict) -> dict | None:
    table = data.table()
    gods = {god_id: {"vp": god["vp"], "threat": threat(state, god_id),
                     "at_victory": god["dial"] >= state["components"]["dials"][god_id]["victory_at"]}
            for god_id, god in state["gods"].items()}
    ruined = sum(1 for region in state["regions"].values() if region["ruined"])
    return end_check(gods, ruined, state["old_world"]["left"], vp_to_win=table["vp_to_win"],
                     ruins_to_end=table["ruined_regions_to_end"])
