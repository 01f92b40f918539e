"""One test harness for every table type: a table driven exactly as the store
drives it, in memory.

Each action is typed through its declaration (`Rules.typed`), carried out by
`Rules.perform` with the store's fair random streams (secret draws on the
seat's own stream), and the new state is checked with `Rules.check_state`;
seats join through `Rules.on_seat_joined`; undo replays the log as the store
does; views and history lines go through `view`, `redact` and `describe`.

Tests change a table only through actions, or through `arrange` (documented
below) for a position the rules reach only after many steps.

`playout` plays a table at random from what is open now (each table type's
random-playout test runs it with its own reach assertions).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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


def fix_seed(store, token: str, seed: str) -> None:
    """Give a live table of `store` a known secret seed, so that a test
    through the pages meets known draws. Written into the store by hand
    because no action sets a seed: the store draws one at random when the
    table is made, and no player may choose it."""
    with store.db.conn:
        store.db.execute("update tables set seed = ? where token = ?", [seed, token])


# -- random playouts ----------------------------------------------------------------
#: Free text a person might type (names, notes, other scripts), for text fields
#: an open payload leaves to the person.
TEXTS = ("Mei", "Round 2: watch the north", "雪之下", "ハルカ", "Zoë & Ann")


@dataclass
class Playout:
    """What a random playout did: the action types carried out (how often),
    refusals, undos, steps taken, whether `until` stopped it, and what the
    game's `watch` hook noted in `seen`."""

    table: Table
    done: Counter = field(default_factory=Counter)
    refused: int = 0
    undone: int = 0
    steps: int = 0
    ended: bool = False
    seen: dict = field(default_factory=dict)


Pick = Callable[[Table, random.Random], "tuple[str | None, str, dict] | None"]


def first_seat_with_something_open(table: Table, rng: random.Random) -> tuple[str | None, str, dict]:
    """Seats in a random order; the first one with an action open picks one at random."""
    seats = list(table.seats)
    rng.shuffle(seats)
    seat = next((s for s in seats if table.open_actions(s)), None)
    assert seat is not None, f"nobody can act: {table.state.get('phase')}"
    choices = table.open_actions(seat)
    kind = rng.choice(sorted(choices))
    return seat, kind, rng.choice(choices[kind])


def any_seat(host: bool = False) -> Pick:
    """A seat at random (or the host, with `host`) picks at random among what
    is open to it; nothing open: this step is skipped."""
    def pick(table: Table, rng: random.Random) -> tuple[str | None, str, dict] | None:
        who = rng.choice([None, *table.seats] if host else list(table.seats))
        offered = table.open_actions(who)
        if not offered:
            return None
        kind = rng.choice(sorted(offered))
        return who, kind, rng.choice(offered[kind])
    return pick


def any_open_choice(table: Table, rng: random.Random) -> tuple[str | None, str, dict]:
    """One choice at random among every choice open to anyone, the host included."""
    options = [(seat, kind, payload) for seat in [None, *table.seats]
               for kind, payloads in table.open_actions(seat).items() for payload in payloads]
    assert options, "nothing is open"
    return rng.choice(options)


def realistic_values(table: Table, kind: str, payload: dict) -> dict:
    """The payload with what an open choice leaves to the person filled in:
    free text from `TEXTS`, typed dice as a few faces 1-6. From a stream of
    its own, so filling in never changes the playout's other choices."""
    spec = table.rules.action_spec(kind)
    filled = dict(payload)
    rng = random.Random(f"{kind}-{len(table.log)}")
    for declared in spec.fields:
        if declared.name in filled or not declared.required:
            continue
        if declared.kind == "text":
            filled[declared.name] = rng.choice(TEXTS)
        elif declared.kind == "int-list":
            low, high = max(declared.min, 1), min(declared.max, 6)
            filled[declared.name] = [rng.randint(low, max(low, high)) for _ in range(rng.randint(1, 4))]
    return filled


def no_view_holds_secrets(table: Table) -> None:
    """No seat's view, nor the display's, carries the state's secrets as such."""
    for seat in [None, *table.seats]:
        assert "secrets" not in table.view(seat), seat


def no_view_holds_another_seats_secret(worth: Callable[[Any], bool] = lambda value: value not in
                                       (None, [], {}, False, 0, "")) -> Callable[[Table], None]:
    """A check that no seat's view holds the JSON of any of another seat's
    secret values (those `worth` looking for: a 1 is in every view; a value
    the seat holds among its own secrets too is its own to see)."""
    def check(table: Table) -> None:
        secrets = table.state.get("secrets", {})
        for seat in table.seats:
            shown = json.dumps(table.view(seat), sort_keys=True)
            own = list(secrets.get(seat, {}).values())
            for other, secret in secrets.items():
                if other == seat:
                    continue
                for value in secret.values():
                    if worth(value) and value not in own:
                        assert json.dumps(value, sort_keys=True) not in shown, (seat, other, value)
    return check


def playout(table: Table, rng: random.Random, *, steps: int, pick: Pick = first_seat_with_something_open,
            undo: float = 0.0, until: Callable[[Table], bool] | None = None,
            secrets: Callable[[Table], None] = no_view_holds_secrets,
            values: Callable[[Table, str, dict], dict] = realistic_values,
            watch: Callable[[Table, Playout], None] | None = None) -> Playout:
    """Play `table` at random for up to `steps` steps, as the store would:
    each step someone (chosen by `pick`) takes a random open action, filled in
    by `values`, or, with chance `undo`, the newest kept action is undone.
    Stops early when `until(table)` holds (then `ended`). After every step:
    nothing but a refusal (an ActionError with a message) went wrong,
    `check_state` holds, the state equals a replay of its log, and
    `secrets(table)` passes; `watch(table, result)` may note reach in
    `result.seen`. The same table and `rng` seed play the same game."""
    result = Playout(table)
    for _ in range(steps):
        if until is not None and until(table):
            result.ended = True
            break
        result.steps += 1
        kept = any(not e["undone"] and e["type"] != "seat.join" for e in table.log)
        if undo and rng.random() < undo and kept:
            table.undo()
            table.rules.check_state(table.state)  # (an act's new state the harness has checked)
            result.undone += 1
        else:
            picked = pick(table, rng)
            if picked is not None:
                seat, kind, payload = picked
                try:
                    table.act(seat, kind, **values(table, kind, payload))
                except ActionError as refusal:
                    assert refusal.text(), (kind, payload)
                    result.refused += 1
                else:
                    result.done[kind] += 1
        assert table.replayed() == table.state
        secrets(table)
        if watch is not None:
            watch(table, result)
    else:
        result.ended = until is not None and until(table)
    return result
