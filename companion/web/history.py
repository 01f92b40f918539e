"""Readable history lines, with each action's secrets stripped for the viewer."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from flask import current_app
from flask_babel import gettext

from companion.rules import Action, Seat
from companion.store import (
    CHILD_DELETED,
    CHILD_STARTED,
    PARENT_DELETED,
    PARENT_WAITS,
    PLATFORM_ACTIONS,
    RESULT_REPORTED,
    SEAT_BACK,
    SEAT_JOIN,
    SEAT_LEFT,
    SEAT_TAKEOVER,
    UNDO,
    LogEntry,
    Table,
)
from companion.web import i18n
from companion.web.i18n import translate_params
from companion.web.kept import as_key


@dataclass
class HistoryLine:
    seq: int
    time: float
    who: str
    text: str
    undone: bool
    payload: dict  # the action's details as the viewer may see them


# Where a caller keeps lines already worked out: keep(key, work) returns the
# line kept under `key`, or work()'s.
Keep = Callable[[Hashable, Callable[[], "HistoryLine"]], "HistoryLine"]


def readable_payload(table: Table, entry: LogEntry, viewer: Seat | None) -> dict:
    """The entry's details as `viewer` may read them. Only the platform's own
    entries skip the game's redaction: a game action may be named "seat.…"
    and still carry a secret."""
    return entry.payload if entry.type in PLATFORM_ACTIONS else table.rules.redact(entry.action, viewer)


def describe(table: Table, entry: LogEntry, seats: dict[str, Seat], state: dict, viewer: Seat | None,
             undone: LogEntry | None = None, keep: Keep | None = None) -> HistoryLine:
    """`undone`: for an undo, the step it undid (said in full: "undid step 13" told a player nothing).
    `keep`: where the caller keeps the lines of one table version (the live
    pages: every phone's last line and Undo describe the same step): a line
    depends on the viewer only through what the viewer may read of the step,
    so two phones that may read the same details share one line."""
    payload = readable_payload(table, entry, viewer)
    if keep is None:
        return _describe(table, entry, seats, state, viewer, undone, payload)
    undone_payload = readable_payload(table, undone, viewer) if undone is not None else None
    key = ("history line", entry.seq, as_key(payload), undone.seq if undone is not None else None,
           as_key(undone_payload), i18n.reader_language())
    return keep(key, lambda: _describe(table, entry, seats, state, viewer, undone, payload))


def _describe(table: Table, entry: LogEntry, seats: dict[str, Seat], state: dict, viewer: Seat | None,
              undone: LogEntry | None, payload: dict) -> HistoryLine:
    who = seats[entry.seat].name if entry.seat in seats else gettext("Host")
    if entry.type == UNDO and undone is not None:
        line = describe(table, undone, seats, state, viewer)
        text = translate_params("undid: %(who)s %(what)s", {"who": line.who, "what": line.text})
    elif entry.type == SEAT_JOIN:
        text = translate_params("joined as %(role)s", {"role": role_label(table, entry.payload.get("role"))})
    elif entry.type == SEAT_TAKEOVER and entry.payload.get("how") == SEAT_LEFT:
        text = gettext("left the seat")
    elif entry.type == SEAT_TAKEOVER and entry.payload.get("how") == SEAT_BACK:
        text = gettext("came back to the seat")
    elif entry.type == SEAT_TAKEOVER:
        seat = seats.get(entry.payload.get("id"))
        text = translate_params("moved %(seat)s to another phone", {"seat": seat.name if seat else "?"})
    elif entry.type == UNDO:
        text = translate_params("undid step %(seq)d", {"seq": entry.payload.get("seq", 0)})
    elif entry.type == CHILD_STARTED:
        text = translate_params("started %(table)s", {"table": table.rules.child_title(
            entry.payload.get("offer"), entry.payload.get("name", "?"))})
    elif entry.type == RESULT_REPORTED:
        text = gettext("reported the result")
    elif entry.type == PARENT_DELETED:
        text = translate_params("deleted %(table)s, which this table was started from: this table carries on "
                                "on its own", {"table": entry.payload.get("name", "?")})
    elif entry.type == PARENT_WAITS and entry.payload.get("waits"):
        text = translate_params("opened this table again at %(table)s, which waits for its result again",
                                {"table": entry.payload.get("name", "?")})
    elif entry.type == PARENT_WAITS:
        text = translate_params("stopped waiting for this table’s result at %(table)s",
                                {"table": entry.payload.get("name", "?")})
    elif entry.type == CHILD_DELETED:
        text = translate_params("deleted %(table)s, started from here", {"table": entry.payload.get("name", "?")})
    else:
        try:
            msgid, params = table.rules.describe(Action(entry.type, payload, entry.seat), seats, state)
        except (KeyError, TypeError, ValueError):
            msgid, params = "%(type)s", {"type": entry.type}
        text = translate_params(msgid, params)
    return HistoryLine(entry.seq, entry.time, who, text, entry.undone, payload)


def lines(table: Table, viewer: Seat | None, last: int | None = None, *, seats: dict[str, Seat] | None = None,
          state: dict | None = None, version: int | None = None,
          entries: list[LogEntry] | None = None, keep: Keep | None = None) -> list[tuple[LogEntry, HistoryLine]]:
    """The table's log as `viewer` may read it, oldest first (the `last` N only, if given).

    A caller that has read the table already passes its `seats`, `state` and
    `version` (all three): they are not read again, and the lines end at that
    version even if the table has moved on since; and perhaps the log
    `entries` too, as `store.log(token, last, version)` gave them; and where
    it keeps the lines of that version (`keep`, see `describe`)."""
    store = current_app.extensions["companion.store"]
    if seats is None:
        seats = store.seats(table.token)
    if state is None:
        version, state = store.state(table.token)
    if entries is None:
        entries = store.log(table.token, last=last, upto=version)
    by_seq = {entry.seq: entry for entry in entries}
    targets = {entry.seq: seq for entry in entries if (seq := undone_seq(entry)) is not None}
    further_back = set(targets.values()) - set(by_seq)
    if further_back:  # undone steps older than the lines asked for
        by_seq.update((entry.seq, entry) for entry in store.log_entries(table.token, further_back))
    return [(entry, describe(table, entry, seats, state, viewer, by_seq.get(targets.get(entry.seq)), keep))
            for entry in entries]


# Lines on one page of the history: a long table's page stays as quick as a
# short one's (a 10,000-step table's whole history was 1.4 MB).
PAGE_SIZE = 100


@dataclass
class HistoryPage:
    """One page of the history, newest first: the steps before `before`
    (None: the newest steps). `older` and `newer` are the `before` of the
    neighbouring pages (None: there is none that way; 0: the newest page)."""

    lines: list[HistoryLine]
    before: int | None
    older: int | None
    newer: int | None


def page(table: Table, viewer: Seat | None, before: int | None, *, seats: dict[str, Seat], state: dict,
         version: int) -> HistoryPage:
    """The history page of the PAGE_SIZE steps before step `before` (None:
    the newest), as `viewer` may read it at `version`. Steps are numbered
    1..version with none missing, so a page's neighbours are found by number."""
    store = current_app.extensions["companion.store"]
    if before is not None and before > version:
        before = None
    upto = version if before is None else before - 1
    entries = store.log(table.token, last=PAGE_SIZE, upto=upto)
    oldest = entries[0].seq if entries else 1
    newer = None if before is None else before + PAGE_SIZE if before + PAGE_SIZE <= version else 0
    return HistoryPage(newest_first(table, viewer, seats=seats, state=state, version=version, entries=entries),
                       before, oldest if oldest > 1 else None, newer)


def newest_first(table: Table, viewer: Seat | None, last: int | None = None, **known) -> list[HistoryLine]:
    """The lines of `lines`, newest first."""
    return [line for _, line in reversed(lines(table, viewer, last, **known))]


def undone_seq(entry: LogEntry) -> int | None:
    seq = entry.payload.get("seq") if entry.type == UNDO else None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


def role_label(table: Table, role_id: str | None) -> str:
    for role in table.rules.roles():
        if role.id == role_id:
            return gettext(role.label)
    return role_id or "?"
