"""Exports and imports: a table and the tables started from it, as one
sealed file; checked, opened and inserted again on import."""

from __future__ import annotations

import copy
import json
import os
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timezone

from companion import games, randomness, sealing
from companion.rules import ActionError, Rules
from companion.store.base import StoreBase
from companion.store.records import (
    CHILD_STARTED,
    DAMAGED,
    EXPORT_FORMAT,
    IMPORT_PAUSE,
    IMPORT_SLICE,
    INSERT_ACTIONS,
    INSERT_SNAPSHOTS,
    PLATFORM_ACTIONS,
    SEALED_ELSEWHERE,
    SEAT_JOIN,
    SEAT_TAKEOVER,
    UNDO,
    LogEntry,
    Table,
    clean_name,
    new_token,
)
from companion.store.replaying import replay


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
    children: list[CheckedExport]
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


class Exports(StoreBase):
    """Exporting and importing tables."""

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
            "seats": [{"id": s.id, "name": s.name, "role": s.role,
                       **({"parent_seat": links[s.id]} if s.id in links else {})}
                      for s in self.seats(token).values()],
            "actions": [{"type": e.type, "payload": _sealed_payload(key, rules, e), "seat": e.seat, "time": e.time,
                         "undone": e.undone} for e in self.log(token)],
            "state": _sealed_state(key, self._decoded(db, token, "state")),
            "children": [{**self._export_in(db, child, key), "token": child.token, "offer": child.offer}
                         for child in self.children(token)],
        }

    def sweep_dead_imports(self) -> int:
        """Take out the rows of every import whose process is gone without
        finishing it (killed between two slices), or that started longer ago
        than any import may take. Returns how many imports were swept."""
        with self._write() as db:
            dead = [token for token, pid, started in db.execute(
                        "select table_token, pid, started from imports_under_way").fetchall()
                    if not _alive(pid) or time.time() - started > IMPORT_GIVE_UP_SECONDS]
            _take_out(db, dead)
        return len(dead)

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
        tokens = [table.table["token"] for table in rows]
        self.db.execute("PRAGMA foreign_keys=OFF")
        try:
            # Noted first, with this process's id: if the process is killed
            # between two slices, the rows already in are found and taken out.
            with self._write() as db:
                db.conn.executemany("insert into imports_under_way (table_token, pid, started) values (?, ?, ?)",
                                    [(token, os.getpid(), time.time()) for token in tokens])
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
                _done_importing(db, tokens)
        except BaseException:
            with self._write() as db:
                _take_out(db, tokens)
            raise
        finally:
            self.db.execute("PRAGMA foreign_keys=ON")
        return self.table(checked.token)


# An import's process gives up after 900 s (companion.web.importer): rows
# older than this belong to none that is still going.
IMPORT_GIVE_UP_SECONDS = 3600


def _alive(pid: int) -> bool:
    """Whether process `pid` (on this machine) is still running."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's: running
        return True
    except OSError:
        return False
    return True


def _done_importing(db, tokens: list[str]) -> None:
    db.conn.executemany("delete from imports_under_way where table_token = ?", [(token,) for token in tokens])


def _take_out(db, tokens: list[str]) -> None:
    """An unfinished import's rows (log and snapshots; its tables never went in)."""
    for token in tokens:
        if db.execute("select 1 from tables where token = ?", [token]).fetchone():
            continue  # finished after all: its rows are the table's own
        for name in ("actions", "snapshots"):
            db.execute(f"delete from {name} where table_token = ?", [token])
    _done_importing(db, tokens)
