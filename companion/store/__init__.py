"""Tables, seats, states and the action log, kept in one SQLite file.

Every change is an action appended to the table's log in the same transaction
as the new state, which bumps the table's version. The state can always be
rebuilt by replaying the log from the table's initial state: undo marks an
action undone and replays, export writes the log, import replays it.
"""

from __future__ import annotations

from companion.store.exports import Exports
from companion.store.links import Links
from companion.store.log import Log
from companion.store.records import *  # noqa: F403 (the store's names, as they always were)
from companion.store.records import __all__ as _record_names
from companion.store.replaying import replay
from companion.store.seats import Seats
from companion.store.settings import Settings
from companion.store.tables import Tables


class Store(Tables, Seats, Log, Links, Exports, Settings):
    """The database of one server, each concern in a module of its own
    (tables, seats, the log, linked tables, exports, settings) behind one
    interface. Safe to share between threads."""

    def __init__(self, path):
        super().__init__(path)
        # An import whose process was killed mid-way (the server stopped, the
        # machine lost power) left rows no table names: out they go.
        self.sweep_dead_imports()


__all__ = ["Store", "replay", *_record_names]
