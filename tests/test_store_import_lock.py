"""An import is checked and replayed before the store's write transaction:
other tables keep acting meanwhile (a big export takes seconds to replay)."""

from __future__ import annotations

import threading

from companion import games
from companion.games.tally.rules import TallyRules

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
