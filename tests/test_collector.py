"""The garbage collector of a serving process (companion.collector): what it
loaded before serving is left out of every pass, the full pass comes rarely,
and garbage cycles made afterwards are still collected."""

from __future__ import annotations

import gc
import weakref

import pytest

from companion import collector, serve


@pytest.fixture
def settled():
    before = gc.get_threshold()
    collector.settle()
    yield before
    gc.unfreeze()
    gc.set_threshold(*before)


class Node:
    def __init__(self):
        self.other = self


def test_what_was_loaded_is_left_out_of_every_pass(settled):
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[2] == collector.MIDDLE_PASSES_PER_FULL_PASS
    # The young and middle passes are as Python had them.
    assert gc.get_threshold()[:2] == settled[:2]


def test_a_cycle_made_after_settling_is_still_collected(settled):
    node = Node()
    gone = weakref.ref(node)
    del node
    gc.collect()
    assert gone() is None


def test_the_server_settles_its_collector_after_warming_up(monkeypatch):
    calls = []
    monkeypatch.setattr("companion.web.render_pool.ready_to_render", lambda app: calls.append("warm"))
    monkeypatch.setattr(collector, "settle", lambda: calls.append("settle"))
    serve.warm_up(object())
    assert calls == ["warm", "settle"]
