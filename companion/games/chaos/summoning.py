"""The summoning phase (rulebook, 招唤阶段): turns in K-N-T-S order, each
one summon or one chaos card (a 0-cost one still uses the turn); a god at 0
power is out; the phase ends when all are out (the turn is checked and
passed by the kit's round, flow.py, around each action here)."""

from __future__ import annotations

from companion.games.chaos import data
from companion.games.chaos.board import UNIT_KINDS
from companion.games.chaos.upgrades import summon_cost, unit_stats
from companion.kit.board import count, move, place
from companion.rules import N_, ActionError


def on_map(state: dict, god: str, kind: str | None = None) -> int:
    return count(state["board"], side=god, kind=kind)


def may_place(state: dict, god: str, region_id: str) -> bool:
    """A region holding one of the god's figures or bordering one; anywhere
    while it has none on the map."""
    holding = {rid for rid in state["board"] if count(state["board"], rid, god)}
    if not holding:
        return True
    return region_id in holding or any(region_id in data.regions()[rid]["adjacent"] for rid in holding)


def spend(state: dict, god: str, cost: int) -> None:
    if cost < 0:
        raise ActionError(N_("A cost can't be below 0."), field="cost")
    if cost > state["gods"][god]["power"]:
        raise ActionError(N_("Not enough power: this costs %(cost)d and %(power)d is left."), field="cost",
                          cost=cost, power=state["gods"][god]["power"])
    state["gods"][god]["power"] -= cost


def summon(state: dict, god: str, unit: str, region_id: str, moved_from: str | None, cost: int | None) -> None:
    """Summon a figure from the pool, or move one already on the map."""
    if unit not in UNIT_KINDS:
        raise ActionError(N_("No such figure."), field="unit")
    stats = unit_stats(state)[god][unit]
    if not may_place(state, god, region_id):
        raise ActionError(N_("A figure goes to a region holding or bordering one of your figures."), field="region")
    if moved_from:
        if moved_from == region_id:
            raise ActionError(N_("Pick another region to move the figure to."), field="region")
        if count(state["board"], moved_from, god, unit) <= 0:
            raise ActionError(N_("You have no such figure in that region."), field="moved_from")
    elif on_map(state, god, unit) >= stats["count"]:
        raise ActionError(N_("All your figures of that kind are already on the map."), field="unit")
    spend(state, god, summon_cost(state, god, unit, region_id) if cost is None else cost)
    if moved_from:
        move(state["board"], moved_from, region_id, god, unit)
    else:
        place(state["board"], region_id, god, unit)


def play_card(state: dict, god: str, region_id: str, slot: int, card: dict) -> None:
    """Play a chaos card into an empty slot of a region that is not ruined."""
    region = state["regions"][region_id]
    if region["ruined"]:
        raise ActionError(N_("A ruined region takes no new chaos cards."), field="region")
    if region["slots"][slot] is not None:
        raise ActionError(N_("That card slot is taken; each region has two."), field="slot")
    if state["gods"][god]["hand"] <= 0:
        raise ActionError(N_("This god holds no chaos cards."), field="name")
    spend(state, god, card["cost"])
    state["gods"][god]["hand"] -= 1
    region["slots"][slot] = {**card, "god": god}


def pass_phase(state: dict, god: str) -> None:
    """No more actions this phase: power goes to 0."""
    state["gods"][god]["power"] = 0
