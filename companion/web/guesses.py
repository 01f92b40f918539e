"""Join codes can't be guessed: wrong codes are limited per client address.

A table's code (six of 31 characters) is its door for people who can't scan
the QR code. Unlimited, a script tried hundreds a second. Each address may
get WRONG_CODES_ALLOWED wrong in a row, and earns one more try every
SECONDS_PER_TRY; past that, every code it sends (right or wrong, or a guess
would still be tested) is refused with 429 until it has earned a try again.
A few typos never lock anyone out; a guesser gets about ten codes a minute.

The count is kept in the database (companion.store), not in memory, so
restarting the server (or a crash a guesser might provoke) gives nobody
their tries back. Each address is one number: the wall-clock time at which
it will have earned every try back ("rested"); each wrong code puts that
SECONDS_PER_TRY later.
"""

from __future__ import annotations

import logging
import math
import time

from companion.store import Store

log = logging.getLogger(__name__)

WRONG_CODES_ALLOWED = 10
SECONDS_PER_TRY = 6.0
# Addresses remembered at most; the ones that have earned every try back go first.
MAX_TRACKED = 4096


class WrongCodes:
    """Per address, how many tries are left (a bucket refilling over time)."""

    def __init__(self, store: Store, allowed: int = WRONG_CODES_ALLOWED, seconds_per_try: float = SECONDS_PER_TRY,
                 clock=time.time):
        self.store, self.allowed, self.seconds_per_try, self.clock = store, allowed, seconds_per_try, clock

    def _wait(self, rested: float | None, now: float) -> int:
        """Seconds until an address resting at `rested` has a try again: all
        but its last (allowed - 1) tries' worth of rest must have passed."""
        owed = (rested or now) - now - (self.allowed - 1) * self.seconds_per_try
        return max(0, math.ceil(owed))

    def _put_off(self, address: str, now: float, seconds: float) -> float:
        return self.store.put_off_rest(address, now, seconds, longest=self.allowed * self.seconds_per_try,
                                       keep=MAX_TRACKED)

    def wait(self, address: str) -> int:
        """Seconds `address` must wait before its next code is tested (0: test it now)."""
        now = self.clock()
        rested = self.store.wrong_codes_rested(address)
        if rested is not None and rested - now > self.allowed * self.seconds_per_try:
            rested = self._put_off(address, now, 0)  # the clock was set back
        return self._wait(rested, now)

    def wrong(self, address: str) -> None:
        """Count a wrong code from `address`."""
        now = self.clock()
        wait = self._wait(self._put_off(address, now, self.seconds_per_try), now)
        if wait:
            log.warning("join codes: %d wrong codes from %s; its next code is refused for %d s",
                        self.allowed, address, wait)
