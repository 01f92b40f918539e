"""The shared cache behind region renders and seat keys: one computation per
key however many threads ask at once; a failure or a None is not kept."""

from __future__ import annotations

import threading

import pytest

from companion.web.memo import Memo


def test_threads_asking_at_once_share_one_computation():
    memo, calls, started, release = Memo(8), [], threading.Event(), threading.Event()

    def compute():
        calls.append(1)
        started.set()
        release.wait(10)
        return "html"

    results = []
    threads = [threading.Thread(target=lambda: results.append(memo.get("k", compute))) for _ in range(10)]
    threads[0].start()
    started.wait(10)
    for thread in threads[1:]:
        thread.start()
    release.set()
    for thread in threads:
        thread.join(10)
    assert results == ["html"] * 10 and len(calls) == 1


def test_a_failed_or_empty_computation_is_not_kept():
    memo = Memo(8)
    with pytest.raises(RuntimeError):
        memo.get("k", lambda: (_ for _ in ()).throw(RuntimeError("render failed")))
    assert memo.get("k", lambda: None) is None
    assert memo.get("k", lambda: "second") == "second"
    assert memo.get("k", lambda: "third") == "second"


def test_the_least_recently_used_entry_goes_first():
    memo = Memo(2)
    memo.get("a", lambda: 1)
    memo.get("b", lambda: 2)
    memo.get("a", lambda: 0)  # a is used again
    memo.get("c", lambda: 3)
    assert [memo.get(key, lambda: None) for key in ("a", "b", "c")] == [1, None, 3]
