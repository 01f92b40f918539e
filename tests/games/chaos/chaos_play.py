"""Driving the Chaos rules the way the store does: typed, then performed with draws."""

import random

from companion.games.chaos.rules import RULES
from companion.rules import Action, Seat

SEATS = {f"s{i}": Seat(f"s{i}", name, god) for i, (name, god) in
         enumerate([("Kim", "khorne"), ("Nia", "nurgle"), ("Tom", "tzeentch"), ("Sue", "slaanesh")], start=1)}
SEAT_OF = {seat.role: seat.id for seat in SEATS.values()}


def act(state, type, payload=None, god=None, seed=1):
    # As the platform does: the payload parsed through its declaration first.
    action = RULES.typed(Action(type, dict(payload or {}), SEAT_OF.get(god, "s1")))
    return RULES.perform(state, action, SEATS, random.Random(seed))[0]


def started(players=4, tokens=None):
    """A table in round 1's Old World phase; tokens drawn unless given."""
    state = RULES.initial_state({"players": str(players), "sitting_out": "slaanesh" if players == 3 else "draw"})
    state = act(state, "setup.tokens", {"tokens": tokens} if tokens else {"draw": True})
    return act(state, "setup.start")


def to_summoning(state):
    state = act(state, "old_world.card", {"name": "Quiet times"}, god=lowest(state))
    state = act(state, "phase.next")
    for god in state["gods_in_play"]:
        state = act(state, "draw", god=god)
    return state


def lowest(state):
    from companion.games.chaos.state import lowest_threat

    return lowest_threat(state)
