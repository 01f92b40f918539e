"""Tables: created, found by token or join code, listed, deleted (telling
the tables linked to them)."""

from __future__ import annotations

from companion import games
from companion.rules import Action
from companion.store import records
from companion.store.base import StoreBase
from companion.store.exports import TableRows, _table_rows
from companion.store.records import (
    CHILD_DELETED,
    INSERT_ACTIONS,
    INSERT_SEATS,
    INSERT_SNAPSHOTS,
    PARENT_DELETED,
    TABLE_COLUMNS,
    Table,
    clean_name,
)


class Tables(StoreBase):
    """Creating, finding and deleting tables."""

    def create_table(self, game: str, name: str, options: dict | None = None) -> Table:
        rules = games.rules_for(game)
        name = clean_name(name, "Table name")
        initial = rules.initial_state(options or {})
        kept = self.kept_numbers(game)  # the numbers this server keeps for the game, offered to every new table
        if kept:
            initial = rules.with_kept_numbers(initial, kept)
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
            code = records.new_code()
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
