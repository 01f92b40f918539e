"""Join codes can't be guessed: wrong codes are limited per client address.

A table's code (six of 31 characters) is its door for people who can't scan
the QR code. Unlimited, a script tried hundreds a second. Each address may
get WRONG_CODES_ALLOWED wrong in a row, and earns one more try every
SECONDS_PER_TRY; past that, every code it sends (right or wrong, or a guess
would still be tested) is refused with 429 until it has earned a try again.
A few typos never lock anyone out; a guesser gets about ten codes a minute.
"""

from __future__ import annotations

import logging
import math
import threading
import time

log = logging.getLogger(__name__)

WRONG_CODES_ALLOWED = 10
SECONDS_PER_TRY = 6.0
# Addresses remembered at most; the ones that have earned every try back go first.
MAX_TRACKED = 4096


class WrongCodes:
    """Per address, how many tries are left (a bucket refilling over time)."""

    def __init__(self, allowed: int = WRONG_CODES_ALLOWED, seconds_per_try: float = SECONDS_PER_TRY,
                 clock=time.monotonic):
        self.allowed, self.seconds_per_try, self.clock = allowed, seconds_per_try, clock
        self._lock = threading.Lock()
        self._tries: dict[str, tuple[float, float]] = {}  # address -> (tries left, when counted)

    def _left(self, address: str, now: float) -> float:
        left, then = self._tries.get(address, (self.allowed, now))
        return min(self.allowed, left + (now - then) / self.seconds_per_try)

    def wait(self, address: str) -> int:
        """Seconds `address` must wait before its next code is tested (0: test it now)."""
        with self._lock:
            left = self._left(address, self.clock())
        return 0 if left >= 1 else math.ceil((1 - left) * self.seconds_per_try)

    def wrong(self, address: str) -> None:
        """Count a wrong code from `address`."""
        with self._lock:
            now = self.clock()
            left = self._left(address, now) - 1
            self._tries[address] = (left, now)
            if len(self._tries) > MAX_TRACKED:
                self._forget_rested(now)
        if left < 1:
            log.warning("join codes: %d wrong codes from %s; its next code is refused for %d s",
                        self.allowed, address, math.ceil((1 - left) * self.seconds_per_try))

    def _forget_rested(self, now: float) -> None:
        for address in [a for a in self._tries if self._left(a, now) >= self.allowed]:
            del self._tries[address]
        while len(self._tries) > MAX_TRACKED:  # all busy: the oldest counts go
            del self._tries[next(iter(self._tries))]
