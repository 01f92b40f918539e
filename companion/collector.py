"""How the server's processes collect their garbage: the full pass rarely,
and never over what they keep for good.

Most of Python's garbage goes the moment nothing refers to it; the cyclic
collector finds the rest in passes, and its full pass visits every object the
process holds while that process does nothing else. A render process after
some minutes of an evening holds ~150,000 objects (its templates, catalogs
and games, and the versions and renders it keeps for the open tables); on a
2-CPU machine a full pass took 100–120 ms, several times a minute in every
process, and each held up the phones waiting on that process: about one
action in twenty reached its last phone a pass late. Settled, what the process
loaded before its first request (templates, catalogs, games) is left out of
every pass, and the full pass comes twenty times less often; the young and
middle passes, which find nearly all of the garbage cycles, stay as they are.
"""

from __future__ import annotations

import gc

# Middle passes between two full ones (Python's own: 10). Python also waits
# until a quarter of what the full pass would visit is new since the last one.
MIDDLE_PASSES_PER_FULL_PASS = 200


def settle() -> None:
    """Once a process has loaded what it keeps for as long as it runs: that
    is collected once and then left out of every later pass (gc.freeze), and
    the full pass comes rarely. Not for tests' apps: only for a serving
    process, whose loaded templates and catalogs stay until it stops."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, MIDDLE_PASSES_PER_FULL_PASS)
