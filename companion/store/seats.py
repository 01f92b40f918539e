"""Seats: joining (only roles in play), leaving, coming back, moving to
another phone."""

from __future__ import annotations

import secrets
import time

from companion.rules import Action, ActionError, Seat
from companion.store.base import StoreBase
from companion.store.records import (
    MAX_SEATS,
    SEAT_BACK,
    SEAT_JOIN,
    SEAT_LEFT,
    SEAT_TAKEOVER,
    Table,
    clean_name,
    not_open_role,
)


class Seats(StoreBase):
    """Joining, leaving and taking over seats."""

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
                joined = Action(SEAT_JOIN, {"id": seat.id, "name": name, "role": role}, seat.id)
                version = self._append(db, table, joined, existing)
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
