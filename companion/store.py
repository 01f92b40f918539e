"""Tables, seats, states and the action log, kept in one SQLite file.

Every change is an action appended to the table's log in the same transaction
as the new state, which bumps the table's version. The state can always be
rebuilt by replaying the log from the table's initial state: undo marks an
action undone and replays, export writes the log, import replays it.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import secrets
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable, Iterator

import sqlite_utils

from companion import games, randomness, sealing
from companion.kit.fields import clean_text
from companion.rules import N_, Action, ActionError, ChildOffer, Msg, Rules, Seat

EXPORT_FORMAT = "companion-table/1"
# Typeable codes avoid letters people confuse (0/O, 1/I/L).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
MAX_NAME = 40
# More seats than any game seats players: a script joining thousands would
# make every page of the table slow for the people playing.
MAX_SEATS = 64
# System actions the platform itself handles; games never see these types.
SEAT_JOIN = "seat.join"
SEAT_TAKEOVER = "seat.takeover"
UNDO = "undo"
# A takeover's "how": a seat's phone left it, or someone came back to it by
# name (a takeover by the host has none).
SEAT_LEFT = "left"
SEAT_BACK = "back"
# Linked tables: a parent's log says when a child was started, a child's when
# its result was reported (so neither is started nor reported twice by a double tap).
CHILD_STARTED = "table.child"
RESULT_REPORTED = "table.reported"
# A deleted table's children carry on on their own, and its parent forgets
# it; each says so in its log (and moves to a new version, so no page keeps
# showing a link to the deleted table).
PARENT_DELETED = "table.parent_deleted"
CHILD_DELETED = "table.child_deleted"
PLATFORM_ACTIONS = frozenset({SEAT_JOIN, SEAT_TAKEOVER, UNDO, CHILD_STARTED, RESULT_REPORTED, PARENT_DELETED,
                              CHILD_DELETED})
TABLE_COLUMNS = "token, code, game, name, host_key, version, created, parent, offer"
INSERT_SEATS = ("insert into seats (table_token, id, name, role, key, created, parent_seat) "
                "values (?, ?, ?, ?, ?, ?, ?)")
INSERT_ACTIONS = ("insert into actions (table_token, seq, type, payload, seat, time, undone, drew) "
                  "values (?, ?, ?, ?, ?, ?, ?, ?)")
INSERT_SNAPSHOTS = "insert into snapshots (table_token, seq, state) values (?, ?, ?)"
# Rows one write transaction of an import inserts at most: other tables'
# actions wait no longer than a slice takes (a few milliseconds).
IMPORT_SLICE = 1000
IMPORT_PAUSE = 0.02  # seconds between two slices
# Undo and replay start from the newest snapshot before the step they need,
# so their cost stays flat however long the log grows.
SNAPSHOT_EVERY = 64


class NoSuchTable(LookupError):
    """The token names no table: never created, or deleted (perhaps a moment ago)."""


@dataclass(frozen=True)
class Table:
    token: str
    code: str
    game: str
    name: str
    host_key: str
    version: int
    created: float
    parent: str | None = None  # the token of the table this one was started from
    offer: str | None = None  # the parent's offer it was started from

    @property
    def rules(self) -> Rules:
        return games.rules_for(self.game)


@dataclass(frozen=True)
class LogEntry:
    seq: int
    type: str
    payload: dict
    seat: str | None
    time: float
    undone: bool

    @property
    def action(self) -> Action:
        return Action(self.type, self.payload, self.seat)


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


# Whole sentences for each kind of name: a translation can't be glued
# together from an English noun and a sentence around it.
NAME_ERRORS = {
    "Name": (N_("Name can't be empty."), N_("Name is too long (at most %(max)d characters).")),
    "Table name": (N_("Table name can't be empty."), N_("Table name is too long (at most %(max)d characters).")),
}


def clean_name(name: object, what: str = "Name") -> str:
    empty, too_long = NAME_ERRORS[what]
    if not isinstance(name, str) or not name.strip():
        raise ActionError(empty, field="name")
    # Refuses what can't be stored and shown (lone surrogates, control characters).
    name = " ".join(clean_text(name, "name", max_length=10 * MAX_NAME, multiline=True).split())
    if len(name) > MAX_NAME:
        raise ActionError(too_long, field="name", max=MAX_NAME)
    return name


def not_open_role(rules: Rules, role: object) -> ActionError:
    """Why a seat can't take `role`: the game has no such role, or this table doesn't play it."""
    known = next((r for r in rules.roles() if r.id == role), None) if isinstance(role, str) else None
    if known is None:
        return ActionError("Pick a role.", field="role")
    return ActionError("%(role)s is not in play at this table: pick another role.", field="role",
                       role=Msg(known.label))


class Store:
    """The database of one server. Safe to share between threads."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        # Each thread has its own connection; a private in-memory database
        # would be a different one per thread, so ':memory:' becomes a named,
        # shared in-memory database for this Store.
        self._uri = None
        if self.path == ":memory:":
            self._uri = f"file:companion-{id(self)}-{secrets.token_hex(4)}?mode=memory&cache=shared"
            self._keep_alive = sqlite3.connect(self._uri, uri=True, check_same_thread=False)
        self._local = threading.local()
        # SQLite allows one writer at a time; taking the lock in-process keeps
        # writers from spinning on SQLITE_BUSY.
        self._write_lock = threading.Lock()
        self.listeners: list[Callable[[str, int], None]] = []
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._create_schema()

    # -- connections ---------------------------------------------------------
    @property
    def db(self) -> sqlite_utils.Database:
        db = getattr(self._local, "db", None)
        if db is None:
            conn = sqlite3.connect(self._uri or self.path, timeout=30, isolation_level=None,
                                   check_same_thread=False, uri=self._uri is not None)
            conn.execute("PRAGMA journal_mode=WAL")
            # FULL: a committed action survives the laptop losing power, not
            # only the process being killed.
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            db = self._local.db = sqlite_utils.Database(conn)
        return db

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.conn.close()
            self._local.db = None

    def _create_schema(self) -> None:
        db = self.db
        db["tables"].create(
            {"token": str, "code": str, "game": str, "name": str, "host_key": str,
             "version": int, "created": float, "initial": str, "state": str},
            pk="token", if_not_exists=True,
        )
        db["tables"].create_index(["code"], unique=True, if_not_exists=True)
        db["seats"].create(
            {"table_token": str, "id": str, "name": str, "role": str, "key": str, "created": float},
            pk=("table_token", "id"), foreign_keys=[("table_token", "tables", "token")], if_not_exists=True,
        )
        db["seats"].create_index(["key"], unique=True, if_not_exists=True)
        db["settings"].create({"name": str, "value": str}, pk="name", if_not_exists=True)
        # Join-code guessing (companion.web.guesses): when each address has its tries back.
        db["wrong_codes"].create({"address": str, "rested": float}, pk="address", if_not_exists=True)
        db["actions"].create(
            {"table_token": str, "seq": int, "type": str, "payload": str, "seat": str,
             "time": float, "undone": int, "drew": int},
            pk=("table_token", "seq"), foreign_keys=[("table_token", "tables", "token")], if_not_exists=True,
        )
        db["snapshots"].create(
            {"table_token": str, "seq": int, "state": str},
            pk=("table_token", "seq"), foreign_keys=[("table_token", "tables", "token")], if_not_exists=True,
        )
        # Columns added since the first release, for databases made before them.
        # seed: tables made before fair undo get one on their first draw.
        _add_missing_columns(db, "tables", {"seed": str, "parent": str, "offer": str})
        _add_missing_columns(db, "actions", {"drew": int})
        _add_missing_columns(db, "seats", {"parent_seat": str})
        db["tables"].create_index(["parent"], if_not_exists=True)

    def setting(self, name: str, make: Callable[[], str]) -> str:
        """A server-wide value kept across restarts (e.g. the cookie-signing key)."""
        with self._write() as db:
            row = db.execute("select value from settings where name = ?", [name]).fetchone()
            if row:
                return row[0]
            value = make()
            db.execute("insert into settings (name, value) values (?, ?)", [name, value])
            return value

    def wrong_codes_rested(self, address: str) -> float | None:
        """When `address` will have earned back every join-code try (None: it has them all)."""
        row = self.db.execute("select rested from wrong_codes where address = ?", [address]).fetchone()
        return row[0] if row else None

    def put_off_rest(self, address: str, now: float, seconds: float, longest: float, keep: int) -> float:
        """Put `address`'s rest `seconds` later (a wrong join code at `now`;
        0: only keep it within reach), and at most `longest` after `now` (a
        clock set back must not lock anyone out for as long); returns the new
        time. At most `keep` addresses are kept: those that rested go first,
        then those resting soonest (never `address`)."""
        with self._write() as db:
            rested = self.wrong_codes_rested(address)
            rested = min(max(rested or now, now) + seconds, now + longest)
            db.execute("insert or replace into wrong_codes (address, rested) values (?, ?)", [address, rested])
            if db.execute("select count(*) from wrong_codes").fetchone()[0] > keep:
                db.execute("delete from wrong_codes where rested <= ?", [now])
                db.execute("delete from wrong_codes where address in (select address from wrong_codes "
                           "where address != ? order by rested desc limit -1 offset ?)", [address, keep - 1])
        return rested

    @contextmanager
    def _write(self) -> Iterator[sqlite_utils.Database]:
        """One write transaction, committed when the block ends (rolled back
        if it raises). The in-process lock is released whatever fails, even
        BEGIN itself (another process may hold the file past the timeout)."""
        with self._write_lock:
            db = self.db
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                # A failed COMMIT leaves the transaction open; without this the
                # thread's connection could never begin another.
                if db.conn.in_transaction:
                    db.execute("ROLLBACK")
                raise

    @contextmanager
    def _read(self) -> Iterator[sqlite_utils.Database]:
        """One snapshot for several reads (WAL readers don't wait for writers):
        without it a change committed between two reads mixes two versions."""
        db = self.db
        if db.conn.in_transaction:  # already in this thread's write
            yield db
            return
        db.execute("BEGIN")
        try:
            yield db
        finally:
            db.execute("COMMIT")

    def _notify(self, token: str, version: int) -> None:
        for listener in self.listeners:
            listener(token, version)

    # -- tables --------------------------------------------------------------
    def create_table(self, game: str, name: str, options: dict | None = None) -> Table:
        rules = games.rules_for(game)
        name = clean_name(name, "Table name")
        initial = rules.initial_state(options or {})
        return self._insert_table(game, name, initial, initial, seats=[], entries=[])

    def _insert_table(self, game: str, name: str, initial: dict, state: dict, seats: list[dict],
                      entries: list[dict], snapshots: list[tuple[int, dict]] | None = None,
                      link: dict | None = None) -> Table:
        """A new table whose log is `entries` (already replayed: `state`, with
        `snapshots` of the states along the way). `link`: its token, parent and
        offer, for a child table (a seat dict's "parent_seat" links it)."""
        with self._write() as db:
            token = self._insert_table_in(db, game, name, initial, state, seats, entries, snapshots, link or {})
        return self.table(token)

    def _insert_table_in(self, db, game: str, name: str, initial: dict, state: dict, seats: list[dict],
                         entries: list[dict], snapshots: list[tuple[int, dict]] | None, link: dict) -> str:
        return self._insert_rows(db, _table_rows(game, name, initial, state, seats, entries, snapshots, link))

    def _insert_rows(self, db, rows: TableRows, logs: bool = True) -> str:
        """Insert a new table's rows (encoded beforehand); returns its token.
        `logs` False: its actions and snapshots are in already."""
        for _ in range(20):
            code = new_code()
            if not db["tables"].count_where("code = ?", [code]):
                break
        db["tables"].insert({**rows.table, "code": code})
        db.conn.executemany(INSERT_SEATS, rows.seats)
        if logs:
            db.conn.executemany(INSERT_ACTIONS, rows.actions)
            db.conn.executemany(INSERT_SNAPSHOTS, rows.snapshots)
        return rows.table["token"]

    def table(self, token: str) -> Table | None:
        if not isinstance(token, str):
            return None
        rows = list(self.db.query(f"select {TABLE_COLUMNS} from tables where token = ?", [token]))
        return Table(**rows[0]) if rows else None

    def table_by_code(self, code: str) -> Table | None:
        code = "".join(str(code).split()).upper()
        rows = list(self.db.query(f"select {TABLE_COLUMNS} from tables where code = ?", [code]))
        return Table(**rows[0]) if rows else None

    def tables(self) -> list[Table]:
        return [Table(**row) for row in self.db.query(f"select {TABLE_COLUMNS} from tables order by created desc")]

    def delete_table(self, token: str) -> None:
        """Delete the table for everyone. The tables started from it are kept
        and carry on on their own (a campaign's scenarios are games played:
        their players may still want them); each child's log and its parent's
        say what was deleted."""
        told: list[tuple[str, int]] = []
        with self._write() as db:
            table = self.table(token)
            if table is not None:
                told = self._tell_family_of_deletion(db, table)
            db.execute("delete from actions where table_token = ?", [token])
            db.execute("delete from snapshots where table_token = ?", [token])
            db.execute("delete from seats where table_token = ?", [token])
            db.execute("delete from tables where token = ?", [token])
        self._notify(token, -1)
        for other, version in told:
            self._notify(other, version)

    def _tell_family_of_deletion(self, db, table: Table) -> list[tuple[str, int]]:
        """Log the deletion of `table` in its children and its parent; returns their new versions."""
        notes = [(child, Action(PARENT_DELETED, {"name": table.name}, None)) for child in self.children(table.token)]
        parent = self.table(table.parent) if table.parent else None
        if parent is not None:
            notes.append((parent, Action(CHILD_DELETED, {"token": table.token, "name": table.name}, None)))
        # A note changes no state (so needs no rules: the game may be gone).
        return [(other.token, self._append(db, other, note, {}, new_state=self._decoded(db, other.token, "state")))
                for other, note in notes]

    def _parent_kept(self, table: Table) -> bool:
        return bool(table.parent) and self.table(table.parent) is not None

    def parent_deleted(self, table: Table) -> str | None:
        """The name of the table `table` was started from, if that was deleted since."""
        if not table.parent or self.table(table.parent) is not None:
            return None
        said = self.log(table.token, last=1, types=(PARENT_DELETED,))
        return said[0].payload.get("name", "?") if said else "?"

    # -- seats ---------------------------------------------------------------
    def seats(self, token: str) -> dict[str, Seat]:
        return {row["id"]: Seat(row["id"], row["name"], row["role"]) for row in self.db.query(
            "select id, name, role from seats where table_token = ? order by created, id", [token])}

    def seat_by_key(self, token: str, key: str | None) -> Seat | None:
        if not key or not isinstance(key, str):
            return None
        rows = list(self.db.query(
            "select id, name, role from seats where table_token = ? and key = ?", [token, key]))
        return Seat(**rows[0]) if rows else None

    def seat_keys(self, token: str) -> list[str]:
        return [row[0] for row in self.db.execute("select key from seats where table_token = ?", [token])]

    def join(self, token: str, name: str, role: str) -> tuple[Seat, str]:
        """Create a seat; returns it and its secret key (the phone's credential).
        A name whose seat was left (see `leave`) takes that seat back instead."""
        with self._write() as db:
            # Read inside the transaction, so a table deleted a moment ago is
            # NoSuchTable here and not a foreign-key error at the insert.
            table = self._require(token)
            name = clean_name(name)
            roles = {r.id: r for r in table.rules.open_roles(self._decoded(db, token, "state"))}
            if not isinstance(role, str) or role not in roles:  # a JSON list can't be looked up
                raise not_open_role(table.rules, role)
            existing = self.seats(token)
            same_name = next((s for s in existing.values() if s.name.casefold() == name.casefold()), None)
            if same_name is not None and same_name.id in self._vacant(db, token):
                # Whoever left this seat comes back to it, with all it holds.
                seat = same_name
                key, version = self._set_key(db, table, seat.id, existing, SEAT_BACK, secrets.token_urlsafe(24))
            elif same_name is not None:
                raise ActionError("Someone at this table is already called %(name)s.", field="name", name=name)
            else:
                limit = roles[role].max_seats
                if limit is not None and sum(s.role == role for s in existing.values()) >= limit:
                    raise ActionError("That role is taken.", field="role")
                if len(existing) >= MAX_SEATS:
                    raise ActionError("This table has all the seats it can take.", field="name")
                seat = Seat(f"s{len(existing) + 1}", name, role)
                key = secrets.token_urlsafe(24)
                version = self._append(db, table, Action(SEAT_JOIN, {"id": seat.id, "name": name, "role": role}, seat.id), existing)
                db["seats"].insert({"table_token": token, "id": seat.id, "name": name, "role": role,
                                    "key": key, "created": time.time()})
        self._notify(token, version)
        return seat, key

    def leave(self, token: str, seat_id: str) -> None:
        """The seat's phone gives it up: nobody holds its key any more, and the
        seat (with all it holds) waits for someone joining under its name."""
        with self._write() as db:
            table = self._require(token)
            seats = self.seats(token)
            if not isinstance(seat_id, str) or seat_id not in seats:
                raise ActionError("No such seat.", field="seat")
            _, version = self._set_key(db, table, seat_id, seats, SEAT_LEFT, None)
        self._notify(token, version)

    def vacant_seats(self, token: str) -> set[str]:
        """Ids of the seats their phone left."""
        return self._vacant(self.db, token)

    def _vacant(self, db, token: str) -> set[str]:
        return {row[0] for row in db.execute("select id from seats where table_token = ? and key is null", [token])}

    def _set_key(self, db, table: Table, seat_id: str, seats: dict[str, Seat], how: str,
                 key: str | None) -> tuple[str | None, int]:
        """Give the seat `key` (None: nobody holds it), logged as a takeover
        saying `how`: the version moves on, so the seat's open streams read
        its keys again. Returns the key and the new version."""
        db.execute("update seats set key = ? where table_token = ? and id = ?", [key, table.token, seat_id])
        return key, self._append(db, table, Action(SEAT_TAKEOVER, {"id": seat_id, "how": how}, seat_id), seats)

    def take_over(self, token: str, seat_id: str) -> str:
        """Give a seat a new key (for a new phone); the old phone loses it."""
        key = secrets.token_urlsafe(24)
        with self._write() as db:
            table = self._require(token)
            seats = self.seats(token)
            if not isinstance(seat_id, str) or seat_id not in seats:
                raise ActionError("No such seat.", field="seat")
            db.execute("update seats set key = ? where table_token = ? and id = ?", [key, token, seat_id])
            version = self._append(db, table, Action(SEAT_TAKEOVER, {"id": seat_id}, None), seats)
        self._notify(token, version)
        return key

    # -- actions -------------------------------------------------------------
    def act(self, token: str, seat_id: str | None, type: str, payload: dict,
            rng: random.Random | None = None) -> int:
        """Validate and apply a game action; returns the new version.
        Raises ActionError (nothing changes) when the rules refuse it."""
        with self._write() as db:
            version = self._act_in(db, token, seat_id, type, payload, rng)
        self._notify(token, version)
        return version

    def _act_in(self, db, token: str, seat_id: str | None, type: str, payload: dict,
                rng: random.Random | None = None) -> int:
        """`act`, inside the caller's write transaction."""
        table = self._require(token)
        rules = table.rules
        if not isinstance(type, str) or type in PLATFORM_ACTIONS:
            raise ActionError("Unknown action.", field="type")
        typed = rules.typed(Action(type, payload, seat_id))
        seats = self.seats(token)
        state = self._decoded(db, token, "state")
        spec = rules.action_spec(typed.type)
        draws = rng or self._action_random(db, token, typed, secret=spec.secret_draws)
        new_state, action = rules.perform(state, typed, seats, draws)
        return self._append(db, table, action, seats, new_state=new_state, drew=getattr(draws, "used", True))

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
        row = (db or self.db).execute(query, [token, *PLATFORM_ACTIONS, *([upto] if upto is not None else [])]).fetchone()
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
            db.execute("update actions set undone = 1 where table_token = ? and seq = ?", [token, target])
            # Snapshots from the undone step on hold it: replay from an older one.
            db.execute("delete from snapshots where table_token = ? and seq >= ?", [token, target])
            state = self._replay(db, table)
            version = self._append(db, table, Action(UNDO, {"seq": target}, seat_id), self.seats(token), new_state=state)
        self._notify(token, version)
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
        db["actions"].insert({"table_token": table.token, "seq": version, "type": action.type,
                              "payload": json.dumps(action.payload), "seat": action.seat,
                              "time": time.time(), "undone": 0, "drew": int(drew)})
        db.execute("update tables set version = ?, state = ? where token = ?", [version, encoded, table.token])
        if version % SNAPSHOT_EVERY == 0:
            db.execute("insert or replace into snapshots (table_token, seq, state) values (?, ?, ?)",
                       [table.token, version, encoded])
        return version

    # -- reading -------------------------------------------------------------
    def _require(self, token: str) -> Table:
        table = self.table(token)
        if table is None:
            raise NoSuchTable(token)
        return table

    def _decoded(self, db, token: str, column: str) -> dict:
        """The table's "state" or "initial", decoded."""
        row = db.execute(f"select {column} from tables where token = ?", [token]).fetchone()
        if row is None:
            raise NoSuchTable(token)
        return json.loads(row[0])

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

    # -- linked tables ---------------------------------------------------------
    def children(self, token: str) -> list[Table]:
        """The tables started from this one, oldest first."""
        return [Table(**row) for row in self.db.query(
            f"select {TABLE_COLUMNS} from tables where parent = ? order by created", [token])]

    def reported(self, token: str, db=None) -> bool:
        """Whether this child table has reported its result to its parent."""
        return self._report_step(db or self.db, token) is not None

    def _report_step(self, db, token: str) -> int | None:
        """The step at which this child reported its result, if it has."""
        row = db.execute("select seq from actions where table_token = ? and type = ? order by seq limit 1",
                         [token, RESULT_REPORTED]).fetchone()
        return row[0] if row else None

    def seat_links(self, token: str) -> dict[str, str]:
        """Each linked seat of a child table: {child seat id: parent seat id}."""
        return {row[0]: row[1] for row in self.db.execute(
            "select id, parent_seat from seats where table_token = ? and parent_seat is not null", [token])}

    def linked_seat_key(self, token: str, parent_seat_id: str) -> str | None:
        """The key of the seat of child table `token` linked to its parent's seat `parent_seat_id`."""
        row = self.db.execute("select key from seats where table_token = ? and parent_seat = ?",
                              [token, parent_seat_id]).fetchone()
        return row[0] if row else None

    def create_child(self, parent_token: str, offer_id: str, seat_id: str | None) -> Table:
        """Start the parent's offer `offer_id` (as its seat `seat_id`; None: the
        host): a new table with the offer's name and options, whose seats are
        the offer's parent seats (same names, the offer's roles), linked. An
        offer already started and not yet reported gives that table again."""
        with self._write() as db:
            parent = self._require(parent_token)
            seats = self.seats(parent_token)
            if seat_id is not None and seat_id not in seats:
                raise ActionError("Take a seat first.", field="seat")
            offer = self._offer(db, parent, seats, offer_id)
            started = self._unreported_child(db, parent_token, offer.id)
            if started is not None:
                return started
            token = self._insert_child(db, parent, seats, offer)
            version = self._append(db, parent, Action(CHILD_STARTED, {"token": token, "offer": offer.id,
                                                                      "name": offer.name}, seat_id), seats)
        self._notify(parent_token, version)
        return self.table(token)

    def _offer(self, db, parent: Table, seats: dict[str, Seat], offer_id: object) -> ChildOffer:
        for offer in parent.rules.child_offers(self._decoded(db, parent.token, "state"), seats):
            if offer.id == offer_id:
                return offer
        raise ActionError("That table can't be started now.", field="offer")

    def _unreported_child(self, db, parent_token: str, offer_id: str) -> Table | None:
        for child in self.children(parent_token):
            if child.offer == offer_id and not self.reported(child.token, db):
                return child
        return None

    def _insert_child(self, db, parent: Table, seats: dict[str, Seat], offer: ChildOffer) -> str:
        rules = games.rules_for(offer.game)
        initial = rules.initial_state(dict(offer.options))
        linked = [(seats[parent_seat], role) for parent_seat, role in offer.seat_roles.items() if parent_seat in seats]
        child_seats = [{"id": f"s{n}", "name": seat.name, "role": role, "parent_seat": seat.id}
                       for n, (seat, role) in enumerate(linked, start=1)]
        entries = [{"type": SEAT_JOIN, "payload": {k: seat[k] for k in ("id", "name", "role")}, "seat": seat["id"]}
                   for seat in child_seats]
        state = replay(rules, initial, entries)
        return self._insert_table_in(db, offer.game, clean_name(offer.name, "Table name"), initial, state,
                                     child_seats, entries, None, {"parent": parent.token, "offer": offer.id})

    def report(self, child_token: str, seat_id: str | None) -> int:
        """Send this finished child's result to its parent, as the parent's
        `result_action` by the parent seat linked to `seat_id` (None: the
        host). Returns the parent's new version."""
        with self._write() as db:
            child = self._require(child_token)
            parent = self.table(child.parent) if child.parent else None
            if parent is None and child.parent:
                raise ActionError("The table this one was started from was deleted: there is nowhere to report "
                                  "the result.", field="report")
            if parent is None:
                raise ActionError("This table was not started from another one.", field="report")
            if self.reported(child_token, db):
                raise ActionError("The result has already been reported.", field="report")
            result = child.rules.result(self._decoded(db, child_token, "state"))
            if result is None:
                raise ActionError("This table has no result to report yet.", field="report")
            by = self.seat_links(child_token).get(seat_id) if seat_id is not None else None
            version = self._act_in(db, parent.token, by, parent.rules.result_action,
                                   {"child": child_token, "offer": child.offer or "", "result": result})
            child_version = self._append(db, child, Action(RESULT_REPORTED, {"parent_step": version}, seat_id),
                                         self.seats(child_token))
        self._notify(parent.token, version)
        self._notify(child_token, child_version)
        return version

    # -- export and import ---------------------------------------------------
    def seal_key(self) -> str:
        """This server's key for sealing seat secrets in exports."""
        return self.setting("export-seal-key", sealing.new_key)

    def export(self, token: str) -> dict:
        """The table as a file: its log and states, seat secrets sealed (see
        companion.sealing), with the tables started from it."""
        key = self.seal_key()
        # One snapshot: an action between two reads would give an export
        # whose state is not its log's, which import refuses as damaged.
        with self._read() as db:
            return self._export_in(db, self._require(token), key)

    def _export_in(self, db, table: Table, key: str) -> dict:
        token, rules, links = table.token, table.rules, self.seat_links(table.token)
        return {
            "format": EXPORT_FORMAT,
            "game": table.game,
            "name": table.name,
            "version": table.version,
            "sealed_by": sealing.key_id(key),
            "initial": _sealed_state(key, self._decoded(db, token, "initial")),
            "seats": [{"id": s.id, "name": s.name, "role": s.role, **({"parent_seat": links[s.id]} if s.id in links else {})}
                      for s in self.seats(token).values()],
            "actions": [{"type": e.type, "payload": _sealed_payload(key, rules, e), "seat": e.seat, "time": e.time,
                         "undone": e.undone} for e in self.log(token)],
            "state": _sealed_state(key, self._decoded(db, token, "state")),
            "children": [{**self._export_in(db, child, key), "token": child.token, "offer": child.offer}
                         for child in self.children(token)],
        }

    def import_table(self, data: object) -> Table:
        """Create a new table (new token, code and keys) from an export, and
        the tables started from it, linked.

        Nothing of it holds the write lock for long, as every other table's
        actions wait for it: a big export takes seconds to check, replay and
        encode, which happens first; then its log (a long table's is 100,000
        rows) goes in a slice at a time, each slice a short write of its own;
        then the tables' rows, in one, which is when the tables appear. Until
        then nothing names the new rows' tokens, and if anything fails they
        are taken out again."""
        checked = _checked_tree(data, self.seal_key())
        rows = _tree_rows(checked, {})
        logs = [(statement, table_rows[start:start + IMPORT_SLICE])
                for table in rows
                for statement, table_rows in ((INSERT_ACTIONS, table.actions), (INSERT_SNAPSHOTS, table.snapshots))
                for start in range(0, len(table_rows), IMPORT_SLICE)]
        # The log's rows name tables not inserted yet: this connection checks
        # no foreign keys meanwhile (a pragma SQLite takes between transactions only).
        self.db.execute("PRAGMA foreign_keys=OFF")
        try:
            for number, (statement, part) in enumerate(logs):
                if number:
                    # A writer of another process waits for SQLite's lock by
                    # sleeping and trying again: left no gap, it could wait
                    # for every slice.
                    time.sleep(IMPORT_PAUSE)
                with self._write() as db:
                    db.conn.executemany(statement, part)
                # Copied into the database now, not by the next table's commit.
                self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            with self._write() as db:
                for table_rows in rows:
                    self._insert_rows(db, table_rows, logs=False)
        except BaseException:
            with self._write() as db:
                for table_rows in rows:
                    for name in ("actions", "snapshots"):
                        db.execute(f"delete from {name} where table_token = ?", [table_rows.table["token"]])
            raise
        finally:
            self.db.execute("PRAGMA foreign_keys=ON")
        return self.table(checked.token)


@dataclass
class CheckedExport:
    """An export checked and opened, ready to insert: children's tokens are new ones."""

    game: str
    name: str
    initial: dict
    state: dict
    seats: list[dict]
    entries: list[dict]
    snapshots: list[tuple[int, dict]]
    children: list["CheckedExport"]
    token: str
    offer: str | None = None


@dataclass
class TableRows:
    """A new table's database rows, encoded: the `tables` row (but its join
    code, picked inside the write transaction), and the seats', actions' and
    snapshots' rows as tuples in their tables' column order."""

    table: dict
    seats: list[tuple]
    actions: list[tuple]
    snapshots: list[tuple]


def _table_rows(game: str, name: str, initial: dict, state: dict, seats: list[dict], entries: list[dict],
                snapshots: list[tuple[int, dict]] | None, link: dict) -> TableRows:
    """The rows of a new table whose log is `entries` (see `Store._insert_table`)."""
    now = time.time()
    token = link.get("token") or new_token()
    table = {"token": token, "game": game, "name": name, "host_key": secrets.token_urlsafe(24),
             "version": len(entries), "created": now, "initial": json.dumps(initial), "state": json.dumps(state),
             "seed": randomness.new_seed(), "parent": link.get("parent"), "offer": link.get("offer")}
    # Seats are listed by creation time, then id: one apart keeps their
    # order past s9 (a plain id order puts s10 before s2).
    seat_rows = [(token, seat["id"], seat["name"], seat["role"], secrets.token_urlsafe(24), now + i / 1000,
                  seat.get("parent_seat")) for i, seat in enumerate(seats)]
    action_rows = [(token, i + 1, e["type"], json.dumps(e.get("payload", {})), e.get("seat"), e.get("time", now),
                    int(bool(e.get("undone"))), 0) for i, e in enumerate(entries)]
    snapshot_rows = [(token, seq, json.dumps(snapshot)) for seq, snapshot in (snapshots or [])]
    return TableRows(table, seat_rows, action_rows, snapshot_rows)


def _tree_rows(checked: CheckedExport, link: dict) -> list[TableRows]:
    """The rows of an imported table and of the tables started from it, linked by their new tokens."""
    rows = [_table_rows(checked.game, checked.name, checked.initial, checked.state, checked.seats, checked.entries,
                        checked.snapshots, {**link, "token": checked.token})]
    for child in checked.children:
        rows += _tree_rows(child, {"parent": checked.token, "offer": child.offer})
    return rows


# Once a child's result is in its parent's log, the child's steps up to the
# report stand while the parent is there: undoing one would leave the parent
# holding a result the child no longer has. The parent's host can take the
# result back there.
REPORTED_UNDO = N_("This table's result was reported to the table it was started from, so the steps before the "
                   "report can't be undone here. The host of that table can undo the result there.")
DAMAGED = N_("This export is damaged and can't be imported.")
SEALED_ELSEWHERE = N_("This export was made on another server: its players' private notes and secrets are sealed "
                      "with that server's key, so only that server can import it.")


def _checked_tree(data: object, key: str, parent_seats: frozenset[str] | None = None) -> CheckedExport:
    """An export (and the exports of its children) checked, with its secrets unsealed.
    Raises ActionError naming why it can't be imported."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ActionError("This is not a table export.", field="file")
    opened = _unsealed(data, key)
    try:
        # An export of an older version of the game, carried to the current one.
        opened = games.rules_for(opened["game"]).upgrade_export(copy.deepcopy(opened))
        name, initial, state, seats, entries, snapshots = _checked_export(opened)
        children = opened.get("children", [])
        if not isinstance(children, list) or ("state" in opened and opened["state"] != state):
            raise ValueError
        seats = _checked_seat_links(seats, parent_seats)
        kids = [_checked_tree(child, key, frozenset(s["id"] for s in seats)) for child in children]
        tokens = {child.get("token"): kid.token for child, kid in zip(children, kids)}
        if len(tokens) != len(kids) or not all(isinstance(old, str) for old in tokens):
            raise ValueError
        if tokens:  # the log (and so perhaps the state) names its children by their new tokens
            entries = [_relinked(e, tokens, games.rules_for(data["game"]).result_action) for e in entries]
            _, initial, state, _, entries, snapshots = _checked_export({**opened, "actions": entries})
    # RecursionError: nested deeper than copying or comparing can go;
    # OverflowError, OSError: a time no calendar holds.
    except (KeyError, TypeError, ValueError, ActionError, RecursionError, OverflowError, OSError):
        raise ActionError(DAMAGED, field="file") from None
    offer = data.get("offer")
    return CheckedExport(data["game"], name, initial, state, seats, entries, snapshots, kids, new_token(),
                         offer if isinstance(offer, str) else None)


def _checked_seat_links(seats: list[dict], parent_seats: frozenset[str] | None) -> list[dict]:
    """A child's seats, which may link to its parent's seats only. A table
    imported on its own (a child exported from its own page) keeps no links."""
    if parent_seats is None:
        return [{key: value for key, value in seat.items() if key != "parent_seat"} for seat in seats]
    for seat in seats:
        if seat.get("parent_seat") is not None and seat["parent_seat"] not in parent_seats:
            raise ValueError
    return seats


def _relinked(entry: dict, tokens: dict[str, str], result_action: str | None) -> dict:
    """A log entry naming a child by its old token, renamed to its new one."""
    payload = entry.get("payload")
    if not isinstance(payload, dict):
        return entry
    field = "token" if entry.get("type") == CHILD_STARTED else "child" if entry.get("type") == result_action else None
    if field is None or payload.get(field) not in tokens:
        return entry
    return {**entry, "payload": {**payload, field: tokens[payload[field]]}}


def _sealed_state(key: str, state: dict) -> dict:
    if not state.get("secrets"):
        return state
    return {**state, "secrets": sealing.seal(key, state["secrets"])}


def _sealed_payload(key: str, rules: Rules, entry: LogEntry) -> dict:
    """The payload, sealed if the game hides any of it from the table display."""
    if entry.type in PLATFORM_ACTIONS or rules.redact(entry.action, None) == entry.payload:
        return entry.payload
    return sealing.seal(key, entry.payload)


def _unsealed(data: dict, key: str) -> dict:
    """The export with its sealed secrets opened. Raises ActionError if
    another server sealed them (or the file was changed)."""
    entries = data.get("actions")
    states = [data[name] for name in ("initial", "state") if isinstance(data.get(name), dict)]
    sealed = any(sealing.is_sealed(state.get("secrets")) for state in states) or (
        isinstance(entries, list) and any(isinstance(e, dict) and sealing.is_sealed(e.get("payload")) for e in entries))
    if not sealed:
        return data
    if data.get("sealed_by") != sealing.key_id(key):
        raise ActionError(SEALED_ELSEWHERE, field="file")
    try:
        opened = dict(data)
        for name in ("initial", "state"):
            if isinstance(data.get(name), dict) and sealing.is_sealed(data[name].get("secrets")):
                opened[name] = {**data[name], "secrets": sealing.unseal(key, data[name]["secrets"])}
        if isinstance(entries, list):
            opened["actions"] = [{**e, "payload": sealing.unseal(key, e["payload"])}
                                 if isinstance(e, dict) and sealing.is_sealed(e.get("payload")) else e for e in entries]
        return opened
    except (sealing.SealBroken, ValueError):
        raise ActionError(DAMAGED, field="file") from None


def _checked_export(data: dict) -> tuple[str, dict, dict, list[dict], list[dict], list[tuple[int, dict]]]:
    """An export's table name, initial state, replayed state, seats, log and
    snapshots of the states along the way.
    Raises (KeyError, TypeError, ValueError, ActionError, …) where the file is
    damaged or edited into something the pages and rules can't rely on."""
    rules = games.rules_for(data["game"])
    name = clean_name(data["name"], "Table name")
    initial, entries, seats = data["initial"], data["actions"], data["seats"]
    if not isinstance(initial, dict) or not isinstance(entries, list) or not isinstance(seats, list):
        raise TypeError
    for e in entries:
        if not isinstance(e, dict) or not isinstance(e.get("type"), str) or not isinstance(e.get("payload", {}), dict):
            raise TypeError
        if not isinstance(e.get("seat"), (str, type(None))):
            raise TypeError
        if "time" in e:
            # Pages show each action's time.
            if isinstance(e["time"], bool) or not isinstance(e["time"], (int, float)):
                raise TypeError
            datetime.fromtimestamp(e["time"], timezone.utc)
    rules.check_state(initial)
    snapshots: list[tuple[int, dict]] = []
    state = replay(rules, initial, entries, on_snapshot=lambda seq, s: snapshots.append((seq, copy.deepcopy(s))))
    rules.check_state(state)
    # The seats must be exactly those the log seats, once each, in order,
    # numbered as `join` numbers them (it names the next seat by count).
    listed = [{"id": s["id"], "name": s["name"], "role": s["role"]} for s in seats]
    joined = [{"id": e["payload"]["id"], "name": e["payload"]["name"], "role": e["payload"]["role"]}
              for e in entries if e["type"] == SEAT_JOIN]
    if listed != joined or [s["id"] for s in listed] != [f"s{n}" for n in range(1, len(listed) + 1)]:
        raise ValueError
    if not all(isinstance(value, str) for seat in listed for value in seat.values()):
        raise TypeError
    # The history names the seat a takeover moved and the step an undo undid.
    for e in entries:
        payload = e.get("payload", {})
        if e["type"] == SEAT_TAKEOVER and payload.get("id") not in [s["id"] for s in listed]:
            raise ValueError
        if e["type"] == UNDO and (isinstance(payload.get("seq"), bool) or not isinstance(payload.get("seq"), int)):
            raise TypeError
    return name, initial, state, seats, entries, snapshots


def _add_missing_columns(db: sqlite_utils.Database, table: str, columns: dict[str, type]) -> None:
    for name, kind in columns.items():
        if name not in db[table].columns_dict:
            db[table].add_column(name, kind)


def _log_entries(rows: Iterable[dict]) -> list[LogEntry]:
    return [LogEntry(row["seq"], row["type"], json.loads(row["payload"]), row["seat"], row["time"], bool(row["undone"]))
            for row in rows]


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
    # Logged payloads are typed already, with what `prepare` drew added: not parsed again.
    return rules.act(state, Action(kind, payload, entry.get("seat")), seats), seats


def replay(rules: Rules, initial: dict, entries: list[dict], seats: dict[str, Seat] | None = None,
           on_snapshot: Callable[[int, dict], None] | None = None) -> dict:
    """The state after `entries` (dicts with type, payload, seat, undone) from
    `initial` (whose `seats` had joined). `on_snapshot(seq, state)` is told
    the state after every SNAPSHOT_EVERY-th entry (numbered from 1)."""
    state, seats = copy.deepcopy(initial), dict(seats or {})
    for number, entry in enumerate(entries, start=1):
        state, seats = _replay_one(rules, state, seats, entry)
        if on_snapshot is not None and number % SNAPSHOT_EVERY == 0:
            on_snapshot(number, state)
    return state

