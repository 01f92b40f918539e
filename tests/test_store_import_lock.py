"""An import is checked and replayed before the store's write transactions,
and its rows go in a slice at a time: other tables keep acting meanwhile (a
big export takes seconds to replay); it goes in whole or not at all."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from companion import games
from companion.games.tally.rules import TallyRules
from companion.store import IMPORT_SLICE

OPTIONS = {"tracks": "Doom 0..30", "counters": "VP 0..99"}


class SlowToCheck(TallyRules):
    """A tally whose states take until `go` is set to check, as a big export's would."""

    id = "slow-to-check"

    def __init__(self):
        self.checking = threading.Event()
        self.go = threading.Event()

    def check_state(self, state: dict) -> None:
        self.checking.set()
        assert self.go.wait(10), "the other table's action never came"


def test_another_table_acts_while_an_import_is_checked(store, monkeypatch):
    rules = SlowToCheck()
    monkeypatch.setitem(games.table_types(), rules.id, rules)
    exported = store.create_table(rules.id, "Long", OPTIONS).token
    export = store.export(exported)
    other = store.create_table("tally", "Other", OPTIONS).token
    seat, _ = store.join(other, "Ann", "player")

    imported = []
    importing = threading.Thread(target=lambda: imported.append(store.import_table(export)))
    importing.start()
    assert rules.checking.wait(10)
    # While the export is being checked, the other table's action goes
    # through (it needs the write lock, which the import doesn't hold yet).
    acted = []
    acting = threading.Thread(target=lambda: acted.append(store.act(other, seat.id, "track.adjust",
                                                                    {"track": "t1", "delta": 2})))
    acting.start()
    acting.join(10)
    rules.go.set()
    importing.join(10)
    assert acted == [2]
    assert len(imported) == 1 and store.state(imported[0].token) == store.state(exported)


def long_export(store, steps: int) -> dict:
    """The export of a tally table with `steps` steps: more than one slice of rows."""
    token = store.create_table("tally", "Long", OPTIONS).token
    seat, _ = store.join(token, "Ann", "player")
    export = store.export(token)
    move = export["actions"][-1] | {"type": "track.adjust", "payload": {"track": "t1", "delta": 0}}
    export["actions"] += [move] * (steps - 1)
    export["version"] = len(export["actions"])
    return export


def test_a_long_import_goes_in_whole_and_foreign_keys_stay_checked(store):
    export = long_export(store, IMPORT_SLICE * 2 + 10)
    copy = store.import_table(export).token
    assert len(store.log(copy)) == IMPORT_SLICE * 2 + 10 and store.state(copy)[1] == export["state"]
    with pytest.raises(sqlite3.IntegrityError):
        store.db.execute("insert into actions (table_token, seq, type, payload, seat, time, undone, drew) "
                         "values ('no such table', 1, 'x', '{}', null, 0, 0, 0)")


def test_an_import_that_fails_at_its_last_write_leaves_no_rows(store, monkeypatch):
    export = long_export(store, IMPORT_SLICE + 10)
    taken = store.tables()[0].code
    # every join code taken: the table can't go in
    monkeypatch.setattr("companion.store.records.new_code", lambda: taken)
    before = store.db.execute("select count(*) from actions").fetchone()[0]
    with pytest.raises(sqlite3.IntegrityError):
        store.import_table(export)
    assert store.db.execute("select count(*) from actions").fetchone()[0] == before
    assert len(store.tables()) == 1
