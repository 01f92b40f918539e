"""How many threads the server runs, and how many of them live pages may
hold: shared by the server (companion.serve) and the app it serves
(companion.web), which must agree without either importing the other."""

from __future__ import annotations

DEFAULT_THREADS = 400
MIN_THREADS = 64
# Threads kept for pages and actions whatever the streams: open streams are
# limited to the rest (tests/reliability/test_reliability_streams.py).
MIN_SPARE_THREADS = 16


def stream_limit(threads: int) -> int:
    """How many event streams may be open at once with `threads` threads:
    an eighth of them (at least 16) stays free for everything else."""
    return threads - max(MIN_SPARE_THREADS, threads // 8)
