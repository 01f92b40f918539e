"""A table's state rebuilt from its log: the one replay every part of the
store (undo, import, snapshots) and the tests use."""

from __future__ import annotations

import copy
from collections.abc import Callable

from companion.rules import Action, Rules, Seat
from companion.store import records
from companion.store.records import CHILD_STARTED, PLATFORM_ACTIONS, SEAT_JOIN


def _replay_one(rules: Rules, state: dict, seats: dict[str, Seat], entry: dict) -> tuple[dict, dict[str, Seat]]:
    kind, payload = entry["type"], entry.get("payload", {})
    if kind == SEAT_JOIN:
        seat = Seat(payload["id"], payload["name"], payload["role"])
        seats = {**seats, seat.id: seat}
        return rules.on_seat_joined(copy.deepcopy(state), seat), seats
    if kind == CHILD_STARTED:
        return rules.on_child_started(copy.deepcopy(state), dict(payload)), seats
    if kind in PLATFORM_ACTIONS or entry.get("undone"):
        return state, seats
    spec = rules.action_spec(kind)
    if spec is None:  # an export edited by hand, or of an action this game no longer has
        raise ValueError(f"unknown action {kind!r}")
    # Logged payloads are typed already, with what the effect drew added: not parsed again.
    return rules.act(state, Action(kind, payload, entry.get("seat")), seats), seats


def replay(rules: Rules, initial: dict, entries: list[dict], seats: dict[str, Seat] | None = None,
           on_snapshot: Callable[[int, dict], None] | None = None) -> dict:
    """The state after `entries` (dicts with type, payload, seat, undone) from
    `initial` (whose `seats` had joined). `on_snapshot(seq, state)` is told
    the state after every records.SNAPSHOT_EVERY-th entry (numbered from 1)."""
    state, seats = copy.deepcopy(initial), dict(seats or {})
    for number, entry in enumerate(entries, start=1):
        state, seats = _replay_one(rules, state, seats, entry)
        if on_snapshot is not None and number % records.SNAPSHOT_EVERY == 0:
            on_snapshot(number, state)
    return state
