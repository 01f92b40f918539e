"""The store's connections and transactions: one SQLite connection per
thread, one writer at a time, listeners told of each new version."""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils

from companion.rules import Action
from companion.store.records import NoSuchTable, Table, _add_missing_columns


class StoreBase:
    """The database of one server: connections and transactions. Safe to share between threads."""

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
        #: Told of each game action `act` applied, once it is kept: the table,
        #: the action as logged (with what it drew) and the new state (read only).
        self.action_listeners: list[Callable[[Table, Action, dict], None]] = []
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._create_schema()

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
        # Imports whose log rows are going in a slice at a time, by which
        # process (companion.store.exports): the rows of one whose process was
        # killed mid-way are taken out again (`sweep_dead_imports`).
        db["imports_under_way"].create({"table_token": str, "pid": int, "started": float},
                                       pk="table_token", if_not_exists=True)
        # Columns added since the first release, for databases made before them.
        # seed: tables made before fair undo get one on their first draw.
        _add_missing_columns(db, "tables", {"seed": str, "parent": str, "offer": str})
        _add_missing_columns(db, "actions", {"drew": int})
        _add_missing_columns(db, "seats", {"parent_seat": str})
        db["tables"].create_index(["parent"], if_not_exists=True)

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
