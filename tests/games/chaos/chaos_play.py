"""Driving the Chaos rules exactly as the store does, through the shared
harness (tests/harness.Table): every action typed, performed with its draws,
the new state checked with check_state and replayed from the log.

`act(state, ...)` keeps the shape the tests were written in: the table is
arranged at `state` (the harness's documented way to set up a position),
the action carried out by god `god`'s seat, the new state returned. Each
action draws from `random.Random(seed)`, as the tests' seeded rolls expect."""

import copy
import random

from companion.games.chaos.rules import RULES
from companion.games.chaos.state import lowest_threat
from companion.games.chaos.view import round_fields
from companion.rules import Seat
from tests.harness import Table

PLAYERS = (("Kim", "khorne"), ("Nia", "nurgle"), ("Tom", "tzeentch"), ("Sue", "slaanesh"))
SEATS = {f"s{i}": Seat(f"s{i}", name, god) for i, (name, god) in enumerate(PLAYERS, start=1)}
SEAT_OF = {seat.role: seat.id for seat in SEATS.values()}


def table_at(state: dict | None = None, seed: int = 1) -> Table:
    """A table with a seat per god, arranged at `state` if given."""
    table = Table(RULES, {"players": "4"}, PLAYERS, rng=random.Random(seed), check_replay=True)
    if state is not None:
        table.arrange(lambda current: (current.clear(), current.update(copy.deepcopy(state))))
    return table


def arranged(state: dict, change) -> dict:
    """`state` with `change` (a function editing the state in place) made by
    hand: the harness's one documented way (Table.arrange) to set up a
    position the rules reach only after many rounds or never on their own
    (a region ruined in an earlier round, the Old World deck spent). The
    result must still pass check_state. Returns the arranged state."""
    table = table_at(state)
    table.arrange(change)
    return table.state


def act(state, type, payload=None, god=None, seed=1):
    """The state after god `god`'s seat (Khorne's by default) does `type`."""
    table = table_at(state, seed)
    table.act(SEAT_OF.get(god, "s1"), type, **dict(payload or {}))
    return table.state


def started(players=4, tokens=None, typed=True):
    """A table in round 1's Old World phase; tokens drawn unless given.
    `typed` (the default, as these tests were written): a table from before
    the app dealt the cards (as_typed); False: one made now."""
    state = RULES.initial_state({"players": str(players), "sitting_out": "slaanesh" if players == 3 else "draw"})
    if typed:
        state = arranged(state, as_typed)
    state = act(state, "setup.tokens", {"tokens": tokens} if tokens else {"draw": True})
    return act(state, "setup.start")


def to_summoning(state):
    state = act(state, "old_world.card", {} if state["dealt"] else {"name": "Quiet times"}, god=lowest(state))
    while any(entry["kind"] in ("old_world", "events") for entry in state["pending"]):
        entry = next(entry for entry in state["pending"] if entry["kind"] in ("old_world", "events"))
        regions = [rid for rid, region in state["regions"].items() if not region["ruined"]][:entry.get("choose", 1)]
        state = act(state, "old_world.place", {"regions": {rid: True for rid in regions}}, god=entry["god"])
    state = act(state, "phase.next")
    for god in state["gods_in_play"]:
        state = act(state, "draw", god=god)
    return state


def lowest(state):
    return lowest_threat(state)


def phase_of(state):
    return state["flow"]["phase"]


def round_of(state):
    return state["flow"]["round"]


def turn_of(state):
    """Whose turn it is as the pages show it: the summoning turn, or who rolls or assigns in the battle."""
    return round_fields(state)["turn"]


def as_typed(state):
    """A table as one made before the app dealt the cards is after its
    upgrade (state.upgrade): counts only, cards and Old World cards typed.
    For `Table.arrange` at set-up; the old-table path's tests start here."""
    state["dealt"] = False
    state["old_world"].pop("deck", None)
    for god in state["gods"].values():
        god.update(hand=3, deck=21, discard=0)
    return state


def hand_of(state, god):
    """The chaos cards in `god`'s hand (sealed in the state; its seat's view shows them)."""
    return state["secrets"]["sealed"]["chaos_hands"][god]
