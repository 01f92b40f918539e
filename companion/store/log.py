"""The action log: acting (with fair random streams), undo, the state and
the log read back, snapshots."""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Iterable

from companion import randomness
from companion.rules import Action, ActionError, Seat
from companion.store import records
from companion.store.base import StoreBase
from companion.store.records import (
    PLATFORM_ACTIONS,
    REPORTED_UNDO,
    SEAT_JOIN,
    UNDO,
    LogEntry,
    NoSuchTable,
    Table,
    _log_entries,
)
from companion.store.replaying import _replay_one, replay


class Log(StoreBase):
    """Acting, undoing and reading the log."""

    def act(self, token: str, seat_id: str | None, type: str, payload: dict,
            rng: random.Random | None = None) -> int:
        """Validate and apply a game action; returns the new version.
        Raises ActionError (nothing changes) when the rules refuse it."""
        with self._write() as db:
            table = self._require(token)
            # A parent that stops waiting for a child (or waits again) tells it (store.links).
            awaited = self._awaited_children(db, table)
            version, table, action, state = self._applied_in(db, token, seat_id, type, payload, rng, table=table)
            told = self._tell_children(db, table, awaited, seat_id, state=state)
        self._notify(token, version)
        for child, child_version in told:
            self._notify(child, child_version)
        for listener in self.action_listeners:
            try:
                listener(table, action, state)
            except Exception:  # the action is kept: a listener's failure must not turn it into an error
                logging.getLogger(__name__).exception("an action listener failed on table %s", token)
        return version

    def _act_in(self, db, token: str, seat_id: str | None, type: str, payload: dict,
                rng: random.Random | None = None) -> int:
        """`act`, inside the caller's write transaction."""
        return self._applied_in(db, token, seat_id, type, payload, rng)[0]

    def _applied_in(self, db, token: str, seat_id: str | None, type: str, payload: dict,
                    rng: random.Random | None = None, table: Table | None = None) -> tuple[int, Table, Action, dict]:
        """`act` inside the caller's write transaction: the new version, the
        table, the action as logged and the new state. `table`: read already
        in this transaction."""
        table = table or self._require(token)
        rules = table.rules
        if not isinstance(type, str) or type in PLATFORM_ACTIONS:
            raise ActionError("Unknown action.", field="type")
        typed = rules.typed(Action(type, payload, seat_id))
        seats = self.seats(token)
        state = self._decoded(db, token, "state")
        spec = rules.action_spec(typed.type)
        draws = rng or self._action_random(db, token, typed, secret=spec.secret_draws)
        new_state, action = rules.perform(state, typed, seats, draws)
        version = self._append(db, table, action, seats, new_state=new_state, drew=getattr(draws, "used", True))
        return version, table, action, new_state

    def _action_random(self, db, token: str, action: Action, secret: bool = False) -> randomness.ActionRandom:
        """The random stream for `action`: the same after an undo as before
        it, so undoing a draw and drawing again changes nothing. An action
        whose draws are secret (`ActionSpec.secret_draws`) has a stream of
        its seat's own (`secret`; see `randomness.stream_name`)."""
        seed = db.execute("select seed from tables where token = ?", [token]).fetchone()[0]
        if seed is None:
            seed = randomness.new_seed()
            db.execute("update tables set seed = ? where token = ?", [seed, token])
        if secret:
            kept = db.execute("select count(*) from actions where table_token = ? and type = ? and drew = 1 "
                              "and undone = 0 and seat is ?", [token, action.type, action.seat]).fetchone()[0]
            return randomness.ActionRandom(seed, randomness.stream_name(action.type, kept, action.seat or ""))
        kept = db.execute("select count(*) from actions where table_token = ? and type = ? and drew = 1 "
                          "and undone = 0", [token, action.type]).fetchone()[0]
        return randomness.ActionRandom(seed, randomness.stream_name(action.type, kept))

    def undo_target(self, token: str, upto: int | None = None, db=None) -> int | None:
        """The step an undo would take back now (at version `upto`, if given)."""
        query = (f"select seq from actions where table_token = ? and undone = 0 "
                 f"and type not in ({', '.join('?' * len(PLATFORM_ACTIONS))})"
                 + (" and seq <= ?" if upto is not None else "") + " order by seq desc limit 1")
        bounds = [token, *PLATFORM_ACTIONS, *([upto] if upto is not None else [])]
        row = (db or self.db).execute(query, bounds).fetchone()
        return row[0] if row else None

    def undo(self, token: str, seat_id: str | None, expected: int | None = None, by_host: bool = False) -> int:
        """Undo the last game action that is not already undone. `expected` is
        the step the person saw when they tapped Undo: if someone else acted in
        between, the undo is refused rather than taking back their action.
        The game may refuse (`Rules.undo_refusal`); `by_host`: the host asks."""
        with self._write() as db:
            table = self._require(token)
            target = self.undo_target(token, db=db)
            if target is None:
                raise ActionError("Nothing to undo.", field="undo")
            if expected is not None and expected != target:
                raise ActionError("Someone acted just before you: check the newest step, then undo again.",
                                  field="undo")
            entry = self.log_entries(token, [target])[0]
            refusal = self.undo_refusal(table, entry, self._decoded(db, token, "state"), by_host, db)
            if refusal is not None:
                raise refusal
            awaited = self._awaited_children(db, table)
            db.execute("update actions set undone = 1 where table_token = ? and seq = ?", [token, target])
            # Snapshots from the undone step on hold it: replay from an older one.
            db.execute("delete from snapshots where table_token = ? and seq >= ?", [token, target])
            state = self._replay(db, table)
            version = self._append(db, table, Action(UNDO, {"seq": target}, seat_id), self.seats(token),
                                   new_state=state)
            told = self._tell_children(db, table, awaited, seat_id, state=state)
        self._notify(token, version)
        for child, child_version in told:
            self._notify(child, child_version)
        return version

    def undo_refusal(self, table: Table, entry: LogEntry, state: dict, by_host: bool = False,
                     db=None) -> ActionError | None:
        """Why undoing `entry`, the step an undo would take back now (the
        table being in `state`), is refused (None: it isn't); a page asks
        this to offer Undo only where it would work."""
        reported = self._report_step(db or self.db, table.token)
        if reported is not None and entry.seq < reported and self._parent_kept(table):
            return ActionError(REPORTED_UNDO, field="undo")
        return table.rules.undo_refusal(state, entry.action, by_host)

    def _append(self, db, table: Table, action: Action, seats: dict[str, Seat], new_state: dict | None = None,
                drew: bool = False) -> int:
        """Log `action` and store the new state, as the next version. `table`
        must have been read in this same write transaction. `drew`: the
        action used the table's randomness."""
        version = table.version + 1
        if new_state is None:
            new_state, _ = _replay_one(table.rules, self._decoded(db, table.token, "state"), seats, action.to_dict())
        encoded = json.dumps(new_state)
        # Plain SQL: sqlite-utils' insert reads the schema first, at every action.
        db.execute("insert into actions (table_token, seq, type, payload, seat, time, undone, drew) "
                   "values (?, ?, ?, ?, ?, ?, 0, ?)",
                   [table.token, version, action.type, json.dumps(action.payload), action.seat, time.time(),
                    int(drew)])
        db.execute("update tables set version = ?, state = ? where token = ?", [version, encoded, table.token])
        if version % records.SNAPSHOT_EVERY == 0:
            db.execute("insert or replace into snapshots (table_token, seq, state) values (?, ?, ?)",
                       [table.token, version, encoded])
        return version

    def state(self, token: str) -> tuple[int, dict]:
        row = self.db.execute("select version, state from tables where token = ?", [token]).fetchone()
        if row is None:
            raise NoSuchTable(token)
        return row[0], json.loads(row[1])

    def log(self, token: str, last: int | None = None, upto: int | None = None, after: int | None = None,
            types: tuple[str, ...] | None = None, first: int | None = None) -> list[LogEntry]:
        """The table's actions, oldest first: only the `last` N (or the
        `first` N) if given, only up to version `upto` and after version
        `after` if given, only of `types` if given."""
        query, params = "select seq, type, payload, seat, time, undone from actions where table_token = ?", [token]
        if upto is not None:
            query, params = query + " and seq <= ?", params + [upto]
        if after is not None:
            query, params = query + " and seq > ?", params + [after]
        if types is not None:
            query, params = query + f" and type in ({', '.join('?' * len(types))})", params + list(types)
        if last is not None:
            query = f"select * from ({query} order by seq desc limit {max(0, int(last))})"
        elif first is not None:
            query = f"select * from ({query} order by seq limit {max(0, int(first))})"
        return _log_entries(self.db.query(query + " order by seq", params))

    def log_entries(self, token: str, seqs: Iterable[int]) -> list[LogEntry]:
        """The actions with these sequence numbers, oldest first."""
        seqs = list(seqs)
        return _log_entries(self.db.query(
            "select seq, type, payload, seat, time, undone from actions "
            f"where table_token = ? and seq in ({', '.join('?' * len(seqs))}) order by seq", [token, *seqs]))

    def _replay(self, db, table: Table, from_snapshot: bool = True) -> dict:
        """The state rebuilt from the newest snapshot (or the initial state) and the log after it."""
        row = db.execute("select seq, state from snapshots where table_token = ? order by seq desc limit 1",
                         [table.token]).fetchone() if from_snapshot else None
        if row is None:
            initial = self._decoded(db, table.token, "initial")
            return replay(table.rules, initial, [vars(entry) for entry in self.log(table.token)])
        start, state = row[0], json.loads(row[1])
        seats = {}
        for entry in self.log(table.token, upto=start, types=(SEAT_JOIN,)):
            seats[entry.payload["id"]] = Seat(entry.payload["id"], entry.payload["name"], entry.payload["role"])
        later = [vars(entry) for entry in self.log(table.token, after=start)]
        return replay(table.rules, state, later, seats=seats)

    def replayed_state(self, token: str) -> dict:
        """The state rebuilt from the log alone, from the very start (a check that nothing was lost)."""
        with self._read() as db:
            return self._replay(db, self._require(token), from_snapshot=False)
