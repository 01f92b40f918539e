"""Settings kept in the database (the sealing key, the numbers a game keeps
for every new table) and the join-code throttle (wrong codes per address,
remembered across restarts)."""

from __future__ import annotations

import json
from collections.abc import Callable

from companion.store.base import StoreBase


class Settings(StoreBase):
    """Settings and the join-code throttle."""

    def setting(self, name: str, make: Callable[[], str]) -> str:
        """A server-wide value kept across restarts (e.g. the cookie-signing key)."""
        with self._write() as db:
            row = db.execute("select value from settings where name = ?", [name]).fetchone()
            if row:
                return row[0]
            value = make()
            db.execute("insert into settings (name, value) values (?, ?)", [name, value])
            return value

    def kept_numbers(self, game: str) -> dict | None:
        """What this server keeps for `game` and offers to every new table
        (the numbers a group read off its printed components), or None."""
        row = self.db.execute("select value from settings where name = ?", [f"numbers:{game}"]).fetchone()
        if not row:
            return None
        try:
            kept = json.loads(row[0])
        except ValueError:
            return None
        return kept if isinstance(kept, dict) else None

    def keep_numbers(self, game: str, numbers: dict | None) -> None:
        """Keep `numbers` for `game`'s new tables (None: keep none)."""
        with self._write() as db:
            if numbers is None:
                db.execute("delete from settings where name = ?", [f"numbers:{game}"])
            else:
                db.execute("insert or replace into settings (name, value) values (?, ?)",
                           [f"numbers:{game}", json.dumps(numbers, sort_keys=True, separators=(",", ":"))])

    def wrong_codes_rested(self, address: str) -> float | None:
        """When `address` will have earned back every join-code try (None: it has them all)."""
        row = self.db.execute("select rested from wrong_codes where address = ?", [address]).fetchone()
        return row[0] if row else None

    def put_off_rest(self, address: str, now: float, seconds: float, longest: float, keep: int) -> float:
        """Put `address`'s rest `seconds` later (a wrong join code at `now`;
        0: only keep it within reach), and at most `longest` after `now` (a
        clock set back must not lock anyone out for as long); returns the new
        time. At most `keep` addresses are kept: those that rested go first,
        then those resting soonest (never `address`)."""
        with self._write() as db:
            rested = self.wrong_codes_rested(address)
            rested = min(max(rested or now, now) + seconds, now + longest)
            db.execute("insert or replace into wrong_codes (address, rested) values (?, ?)", [address, rested])
            if db.execute("select count(*) from wrong_codes").fetchone()[0] > keep:
                db.execute("delete from wrong_codes where rested <= ?", [now])
                db.execute("delete from wrong_codes where address in (select address from wrong_codes "
                           "where address != ? order by rested desc limit -1 offset ?)", [address, keep - 1])
        return rested
