"""In-process fan-out of "table T is now at version V" to the open event streams.

The server is one process; each server-sent-events stream waits here for the
next version of its table. Waiting on a Condition costs no CPU, so hundreds of
phones can wait at once.
"""

from __future__ import annotations

import threading


class Hub:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._conditions: dict[str, threading.Condition] = {}
        self._versions: dict[str, int] = {}

    def _condition(self, token: str) -> threading.Condition:
        with self._lock:
            condition = self._conditions.get(token)
            if condition is None:
                condition = self._conditions[token] = threading.Condition()
            return condition

    def publish(self, token: str, version: int) -> None:
        """Called after a commit. A version of -1 means the table was deleted."""
        condition = self._condition(token)
        with condition:
            known = self._versions.get(token, 0)
            # Notices arrive after their commits, so an older version can come
            # late; a deleted table stays deleted.
            if known != -1 and (version == -1 or version > known):
                self._versions[token] = version
            condition.notify_all()

    def wait(self, token: str, seen: int, timeout: float) -> int | None:
        """Block until the table's version is newer than `seen`, or `timeout`
        seconds pass. Returns the new version, or None on timeout."""
        condition = self._condition(token)
        with condition:
            # Only a newer version (or deletion) wakes: a stream that already
            # rendered a version the hub hears of a moment later must not spin.
            changed = condition.wait_for(lambda: self._versions.get(token, seen) > seen
                                         or self._versions.get(token) == -1, timeout)
            return self._versions.get(token) if changed else None

    def knows(self, token: str) -> int | None:
        return self._versions.get(token)


class StreamSlots:
    """How many event streams are open, in all and per client address.

    Each open stream holds one of the server's threads for as long as it
    lasts, so the streams must leave threads over for pages and actions:
    `take` refuses a stream past either limit instead of letting one more
    page wait for a thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open = 0
        self._by_client: dict[str, int] = {}

    def refusal(self, client: str, limit: int, per_client: int) -> str | None:
        """"busy" (the server is full), "client" (this client has its share)
        or None (a stream would be admitted now). A limit of 0 is no limit."""
        with self._lock:
            return self._refusal(client, limit, per_client)

    def _refusal(self, client: str, limit: int, per_client: int) -> str | None:
        if limit and self._open >= limit:
            return "busy"
        if per_client and self._by_client.get(client, 0) >= per_client:
            return "client"
        return None

    def take(self, client: str, limit: int, per_client: int) -> str | None:
        """Count one more stream for `client`, unless refused (see `refusal`)."""
        with self._lock:
            refused = self._refusal(client, limit, per_client)
            if refused is None:
                self._open += 1
                self._by_client[client] = self._by_client.get(client, 0) + 1
            return refused

    def give_back(self, client: str) -> None:
        with self._lock:
            self._open -= 1
            left = self._by_client.pop(client) - 1
            if left:
                self._by_client[client] = left

    @property
    def open(self) -> int:
        return self._open
