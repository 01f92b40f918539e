"""The action table: what each action does, declared once beside its fields.

A game lists its actions as `ActionSpec`s (companion.kit.fields) whose
`effect` carries the action out on an `Act`; `Rules` runs them through one
dispatcher, so no game keeps a loop, a handler signature or a `Kind` of its
own. Random outcomes are drawn *while* the effect runs, through `Act.draws`:
on the live server a draw is made and recorded into the logged payload; on
replay the recorded value is read back. No game works out its draws twice
(as boardgame.io's `ctx.random` does).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Callable


class NotRecorded(ValueError):
    """A replayed action asked for a draw its log entry does not hold: the
    log was made by other rules (or edited by hand)."""


class Draws:
    """The random outcomes of one action. `take(key, draw)` gives the value
    recorded under `key` if the logged action holds one (a replay), else
    draws it with `draw(rng)` and records it (the live server). Keys are the
    payload keys the game has always logged its draws under, so logs made
    before the action table replay unchanged."""

    def __init__(self, rng: random.Random | None, recorded: dict):
        self._rng = rng
        self._recorded = recorded
        self.made: dict[str, Any] = {}

    def take(self, key: str, draw: Callable[[random.Random], Any]) -> Any:
        if key in self._recorded:
            return self._recorded[key]
        if key in self.made:
            return self.made[key]
        if self._rng is None:
            raise NotRecorded(f"draw {key!r} is not in the log")
        # Through JSON, so the live server sees exactly what a replay will.
        value = json.loads(json.dumps(draw(self._rng)))
        self.made[key] = value
        return value

    def note(self, key: str, value: Any) -> None:
        """Keep a fact the effect found in the logged payload, for the
        action's history line (whose damage it settled, how much), where the
        new state no longer holds it. Never read back: a log made before the
        fact was noted replays the same."""
        if key not in self._recorded:
            self.made[key] = json.loads(json.dumps(value))

    def recorded(self, key: str) -> Any:
        """A value recorded under `key` (None if none): for an action that
        may carry values drawn by hand (typed dice) or by the server."""
        return self._recorded.get(key, self.made.get(key))


@dataclass
class Act:
    """What an effect works on: `state` (a private copy it may change),
    `payload` (typed, every declared field present, None when left out,
    plus what was drawn on the live server), who acts, every seat, the draws.
    `rules`: the table type, for games whose effects need its settings."""

    state: dict
    payload: dict
    seat: Any  # companion.rules.Seat, or None for the host or the system
    seats: dict[str, Any]
    draws: Draws
    rules: Any = None

    @property
    def seat_id(self) -> str | None:
        return self.seat.id if self.seat is not None else None

    @property
    def role(self) -> str | None:
        return self.seat.role if self.seat is not None else None

    def __getitem__(self, name: str) -> Any:
        return self.payload[name]


#: An effect: carries the action out on `act.state` (in place, or returning
#: a new state), or raises ActionError before anything is kept.
Effect = Callable[[Act], "dict | None"]
