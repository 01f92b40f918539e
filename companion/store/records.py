"""What the store keeps and its names: the platform's own action types,
the limits, a table and a log entry as read back, names checked at the door."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

import sqlite_utils

from companion import games
from companion.kit.fields import clean_text
from companion.rules import N_, Action, ActionError, Msg, Rules

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
# A child's log says when its parent stopped waiting for its result (a
# campaign's "Stop waiting"), or waits for it again (`{"waits": bool}`), so
# its pages move to a new version and offer the way back.
PARENT_WAITS = "table.parent_waits"
PLATFORM_ACTIONS = frozenset({SEAT_JOIN, SEAT_TAKEOVER, UNDO, CHILD_STARTED, RESULT_REPORTED, PARENT_DELETED,
                              CHILD_DELETED, PARENT_WAITS})
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


REPORTED_UNDO = N_("This table's result was reported to the table it was started from, so the steps before the "
                   "report can't be undone here. The host of that table can undo the result there.")
DAMAGED = N_("This export is damaged and can't be imported.")
SEALED_ELSEWHERE = N_("This export was made on another server: its players' private notes and secrets are sealed "
                      "with that server's key, so only that server can import it.")


def _add_missing_columns(db: sqlite_utils.Database, table: str, columns: dict[str, type]) -> None:
    for name, kind in columns.items():
        if name not in db[table].columns_dict:
            db[table].add_column(name, kind)


def _log_entries(rows: Iterable[dict]) -> list[LogEntry]:
    return [LogEntry(row["seq"], row["type"], json.loads(row["payload"]), row["seat"], row["time"], bool(row["undone"]))
            for row in rows]

__all__ = [
    "CHILD_DELETED", "CHILD_STARTED", "CODE_ALPHABET", "CODE_LENGTH", "DAMAGED", "EXPORT_FORMAT", "IMPORT_PAUSE",
    "IMPORT_SLICE", "INSERT_ACTIONS", "INSERT_SEATS", "INSERT_SNAPSHOTS", "LogEntry", "MAX_NAME", "MAX_SEATS",
    "NAME_ERRORS", "NoSuchTable", "PARENT_DELETED", "PARENT_WAITS", "PLATFORM_ACTIONS", "REPORTED_UNDO",
    "RESULT_REPORTED",
    "SEALED_ELSEWHERE", "SEAT_BACK", "SEAT_JOIN", "SEAT_LEFT", "SEAT_TAKEOVER", "SNAPSHOT_EVERY", "TABLE_COLUMNS",
    "Table", "UNDO", "clean_name", "new_code", "new_token", "not_open_role",
]
