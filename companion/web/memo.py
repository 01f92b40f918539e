"""A bounded cache that threads share, computing each value once.

After a change every open event stream of a table wakes at once and asks for
the same few things (each viewer's regions, the seat keys). A value being
computed is waited for, not computed again, so three hundred streams cost a
handful of renders and reads. Each app keeps its own caches (two apps in one
process, as in the tests, never see each other's entries).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

Value = TypeVar("Value")

# How long a thread waits for another's computation before it looks again
# (and computes the value itself if that one failed).
WAIT_SECONDS = 5


class Memo:
    def __init__(self, size: int):
        self.size = size
        self._lock = threading.Lock()
        self._values: OrderedDict = OrderedDict()
        self._computing: dict[Hashable, threading.Event] = {}

    def get(self, key: Hashable, compute: Callable[[], Value | None]) -> Value | None:
        """The value for `key`, from `compute()` if nobody has it yet. A None
        from `compute` is returned but not kept."""
        while True:
            with self._lock:
                if key in self._values:
                    self._values.move_to_end(key)
                    return self._values[key]
                done = self._computing.get(key)
                mine = done is None
                if mine:
                    done = self._computing[key] = threading.Event()
            if not mine:
                done.wait(WAIT_SECONDS)
                continue
            try:
                value = compute()
                if value is not None:
                    with self._lock:
                        self._values[key] = value
                        while len(self._values) > self.size:
                            self._values.popitem(last=False)
                return value
            finally:
                with self._lock:
                    del self._computing[key]
                done.set()


class Latest:
    """A bounded map that threads share, of the latest value under each key
    (no waiting: whoever puts last wins)."""

    def __init__(self, size: int):
        self.size = size
        self._lock = threading.Lock()
        self._values: OrderedDict = OrderedDict()

    def get(self, key: Hashable):
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: Hashable, value) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)
