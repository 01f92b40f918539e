"""One test harness for every table type: a table driven exactly as the store
drives it, in memory.

Each action is typed through its declaration (`Rules.typed`), carried out by
`Rules.perform` with the store's fair random streams (secret draws on the
seat's own stream), and the new state is checked with `Rules.check_state`;
seats join through `Rules.on_seat_joined`; undo replays the log as the store
does; views and history lines go through `view`, `redact` and `describe`.

Tests change a table only through actions, or through `arrange` (documented
below) for a position the rules reach only after many steps.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Callable

from companion import randomness
from companion.rules import Action, ActionError, Rules, Seat
from companion.store import replay


class Table:
    """`rules`: the table type; `options`: its creation form; `seats`: (name,
    role) pairs joined in order as s1, s2, ...; `seed`: the table's secret seed.
    `rng`: one shared random.Random for every action instead of the store's
    streams (tests written against a seeded sequence)."""

    def __init__(self, rules: Rules, options: dict | None = None, seats: tuple = (), *, seed: str = "test",
                 rng: random.Random | None = None, check_replay: bool = False):
        self.rules = rules
        self.initial = rules.initial_state(dict(options or {}))
        rules.check_state(self.initial)
        self.state = copy.deepcopy(self.initial)
        self.seats: dict[str, Seat] = {}
        self.log: list[dict] = []  # as the store logs: type, payload, seat, undone
        self.seed, self.rng, self.check_replay = seed, rng, check_replay
        for name, role in seats:
            self.join(name, role)

    # -- seats ----------------------------------------------------------------
    def join(self, name: str, role: str, seat_id: str | None = None) -> Seat:
        seat = Seat(seat_id or f"s{len(self.seats) + 1}", name, role)
        self.seats[seat.id] = seat
        self.log.append({"type": "seat.join", "payload": {"id": seat.id, "name": name, "role": role},
                         "seat": None, "undone": False})
        self.state = self.rules.on_seat_joined(copy.deepcopy(self.state), seat)
        self.rules.check_state(self.state)
        return seat

    def seat(self, key: str | None) -> str | None:
        """A seat id from a seat id, a seat's name or its role (None: the host)."""
        if key is None or key in self.seats:
            return key
        for seat in self.seats.values():
            if key in (seat.name, seat.role):
                return seat.id
        raise KeyError(key)

    # -- acting ---------------------------------------------------------------
    def act(self, who: str | None, type: str, **payload: Any) -> Action:
        """Carry out an action as the store would; returns the action as logged."""
        seat_id = self.seat(who)
        typed = self.rules.typed(Action(type, payload, seat_id))
        new_state, action = self.rules.perform(self.state, typed, self.seats, self._random(typed))
        self.rules.check_state(new_state)
        self.state = new_state
        self.log.append({**action.to_dict(), "undone": False, "drew": True})
        if self.check_replay:
            assert self.replayed() == self.state
        return action

    def refused(self, who: str | None, type: str, **payload: Any) -> ActionError:
        """The refusal of an action; asserts it changed nothing."""
        before = copy.deepcopy(self.state)
        try:
            self.act(who, type, **payload)
        except ActionError as refusal:
            assert self.state == before
            return refusal
        raise AssertionError(f"{type} was not refused")

    def undo(self) -> None:
        """Take back the newest game action, as the store does (replay without it)."""
        for entry in reversed(self.log):
            if not entry["undone"] and entry["type"] != "seat.join":
                entry["undone"] = True
                break
        self.state = self.replayed()

    def replayed(self) -> dict:
        return replay(self.rules, self.initial, self.log)

    def arrange(self, change: Callable[[dict], None]) -> None:
        """The one documented way a test sets up a position directly: `change`
        edits the state in place (for positions the rules reach only after
        many steps); the result must still pass `check_state`. Undo and
        replay no longer reach it, as for an imported table edited by hand."""
        change(self.state)
        self.rules.check_state(self.state)
        self.initial = copy.deepcopy(self.state)
        self.log = [entry for entry in self.log if entry["type"] == "seat.join"]

    def _random(self, action: Action) -> random.Random:
        if self.rng is not None:
            return self.rng
        spec = self.rules.action_spec(action.type)
        kept = [e for e in self.log if e["type"] == action.type and not e["undone"] and e.get("drew")
                and (not spec.secret_draws or e["seat"] == action.seat)]
        seat = (action.seat or "") if spec.secret_draws else None
        return randomness.ActionRandom(self.seed, randomness.stream_name(action.type, len(kept), seat))

    # -- what each seat sees --------------------------------------------------------
    def view(self, who: str | None) -> dict:
        seat_id = self.seat(who)
        return self.rules.view(self.state, self.seats.get(seat_id) if seat_id else None)

    def history(self, who: str | None) -> list[tuple[str, dict]]:
        """Every kept game action's history line (msgid, params) as `who` reads it."""
        viewer = self.seats.get(self.seat(who)) if who else None
        lines = []
        for entry in self.log:
            if entry["undone"] or entry["type"] == "seat.join":
                continue
            logged = Action(entry["type"], entry["payload"], entry["seat"])
            shown = Action(logged.type, self.rules.redact(logged, viewer), logged.seat)
            lines.append(self.rules.describe(shown, self.seats, self.state))
        return lines

    def open_actions(self, who: str | None) -> dict[str, list[dict]]:
        seat_id = self.seat(who)
        return self.rules.open_actions(self.state, self.seats.get(seat_id) if seat_id else None, self.seats)
