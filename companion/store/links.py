"""Linked tables: a child started from an offer of its parent (a campaign's
scenario), its seats linked to the parent's, its result reported back."""

from __future__ import annotations

from companion import games
from companion.rules import Action, ActionError, ChildOffer, Rules, Seat
from companion.store.base import StoreBase
from companion.store.records import (
    CHILD_STARTED,
    PARENT_WAITS,
    RESULT_REPORTED,
    SEAT_JOIN,
    TABLE_COLUMNS,
    Table,
    clean_name,
)
from companion.store.replaying import replay


class Links(StoreBase):
    """Starting linked tables and reporting their results."""

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

    def parent_waits(self, token: str) -> bool:
        """Whether this child's parent still waits for its result: until the
        parent stops waiting (its `Rules.awaits_child`), as the child's log says."""
        said = self.log(token, last=1, types=(PARENT_WAITS,))
        return not said or bool(said[-1].payload.get("waits"))

    def _awaited_children(self, db, table: Table, state: dict | None = None,
                          seats: dict[str, Seat] | None = None) -> dict[str, bool]:
        """Whether `table` awaits each of its unreported children, before a
        change that may alter it (empty, with no read at all, for a table type
        that starts none: this runs before every action of every table).
        `state`/`seats`: the table's, when the caller has them decoded already."""
        if type(table.rules).child_offers is Rules.child_offers:
            return {}
        children = [child for child in self.children(table.token) if not self.reported(child.token, db)]
        if not children:
            return {}
        state = state if state is not None else self._decoded(db, table.token, "state")
        seats = seats if seats is not None else self.seats(table.token)
        return {child.token: table.rules.awaits_child(state, child.offer, seats) for child in children}

    def _tell_children(self, db, parent: Table, awaited: dict[str, bool], seat_id: str | None,
                       state: dict | None = None, seats: dict[str, Seat] | None = None) -> list[tuple[str, int]]:
        """Log, in each child of `awaited` whose parent now waits for it, or
        stopped, that it does (`PARENT_WAITS`, as the child seat linked to
        `seat_id`); returns their new versions, to notify once committed.
        `state`/`seats`: the parent's after the change, when the caller has them."""
        if not awaited:
            return []
        state = state if state is not None else self._decoded(db, parent.token, "state")
        seats = seats if seats is not None else self.seats(parent.token)
        told = []
        for child in self.children(parent.token):
            waits = parent.rules.awaits_child(state, child.offer, seats)
            if child.token not in awaited or waits == awaited[child.token]:
                continue
            by = next((own for own, linked in self.seat_links(child.token).items() if linked == seat_id), None)
            told.append((child.token, self._append(db, child, Action(PARENT_WAITS, {"name": parent.name,
                                                                                    "waits": waits}, by),
                                                   self.seats(child.token))))
        return told

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
            if started is not None and parent.rules.awaits_child(self._decoded(db, parent_token, "state"),
                                                                 offer.id, seats):
                return started
            # A new table, or one the parent had stopped waiting for, opened
            # again: the parent is told it started (and waits for it again).
            awaited = self._awaited_children(db, parent, seats=seats)
            token = started.token if started is not None else self._insert_child(db, parent, seats, offer)
            version = self._append(db, parent, Action(CHILD_STARTED, {"token": token, "offer": offer.id,
                                                                      "name": offer.name}, seat_id), seats)
            told = self._tell_children(db, parent, awaited, seat_id, seats=seats)
        for token_, version_ in [(parent_token, version), *told]:
            self._notify(token_, version_)
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
