"""The hub that tells waiting event streams a table has a new version."""

from __future__ import annotations

import threading
import time

import pytest

from companion.live import Hub


@pytest.fixture
def hub() -> Hub:
    return Hub()


def publish_later(hub: Hub, token: str, version: int, delay: float = 0.1) -> threading.Timer:
    timer = threading.Timer(delay, hub.publish, (token, version))
    timer.start()
    return timer


def test_wait_returns_the_version_published_from_another_thread(hub):
    publish_later(hub, "T", 3)
    started = time.monotonic()
    assert hub.wait("T", 0, timeout=10) == 3
    assert time.monotonic() - started < 5


def test_wait_times_out_with_none(hub):
    started = time.monotonic()
    assert hub.wait("T", 0, timeout=0.2) is None
    assert time.monotonic() - started >= 0.15


def test_a_waiter_arriving_after_the_publish_returns_at_once(hub):
    hub.publish("T", 4)
    started = time.monotonic()
    assert hub.wait("T", 3, timeout=10) == 4
    assert time.monotonic() - started < 1


def test_a_waiter_that_has_seen_the_latest_version_waits(hub):
    hub.publish("T", 4)
    assert hub.wait("T", 4, timeout=0.1) is None


def test_a_waiter_sleeps_through_an_older_version(hub):
    hub.publish("T", 5)
    publish_later(hub, "T", 3, delay=0.05)
    assert hub.wait("T", 5, timeout=0.3) is None


def test_deletion_wakes_a_waiter_with_minus_one(hub):
    hub.publish("T", 5)
    publish_later(hub, "T", -1)
    assert hub.wait("T", 5, timeout=10) == -1


def test_a_waiter_arriving_after_deletion_returns_minus_one_at_once(hub):
    hub.publish("T", 5)
    hub.publish("T", -1)
    started = time.monotonic()
    assert hub.wait("T", 5, timeout=10) == -1
    assert time.monotonic() - started < 1


def test_a_publish_on_another_table_does_not_wake(hub):
    publish_later(hub, "OTHER", 1, delay=0.05)
    assert hub.wait("T", 0, timeout=0.3) is None


def test_knows_the_latest_version_and_never_goes_back(hub):
    assert hub.knows("T") is None
    hub.publish("T", 5)
    hub.publish("T", 3)
    assert hub.knows("T") == 5


def test_three_hundred_waiters_are_all_woken_by_one_publish(hub):
    waiters = 300
    results: list[int | None] = []
    lock = threading.Lock()
    ready = threading.Barrier(waiters + 1)

    def wait() -> None:
        ready.wait()
        version = hub.wait("T", 0, timeout=30)
        with lock:
            results.append(version)

    threads = [threading.Thread(target=wait, daemon=True) for _ in range(waiters)]
    for thread in threads:
        thread.start()
    ready.wait()
    time.sleep(0.3)  # let them all block in wait()
    started = time.monotonic()
    hub.publish("T", 1)
    for thread in threads:
        thread.join(20)
    assert results == [1] * waiters
    assert time.monotonic() - started < 10  # woken, not timed out



def test_a_deleted_table_stays_deleted_when_a_late_version_arrives(hub):
    # store.act notifies after its commit, outside the write lock, so a
    # delete_table's -1 can reach the hub before the version of an earlier act.
    hub.publish("T", 6)
    hub.publish("T", -1)
    hub.publish("T", 7)
    assert hub.knows("T") == -1
