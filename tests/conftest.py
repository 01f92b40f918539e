"""Fixtures every test folder may use (tests/web and tests/browser add their own)."""

from __future__ import annotations

import hashlib
import itertools

import pytest
from hypothesis import HealthCheck, settings

from companion import randomness
from companion.store import Store

# Property tests assert what holds, never how fast: Hypothesis' default 200 ms
# deadline per example (and its "too slow" check) turned a busy CI machine into
# a failure. Speed targets live in benchmarks/.
settings.register_profile("companion", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("companion")


@pytest.fixture(autouse=True)
def seeds_from_the_test_name(request, monkeypatch):
    """Every table a test makes gets a seed that follows from the test's name
    (and how many tables it made before): a test meets the same draws on every
    run, so one that passes once can't fail later on a card or roll it never
    met. A test wanting particular draws still sets its own
    (tests.harness.fix_seed); a server started in another process draws its own."""
    made = itertools.count(1)
    monkeypatch.setattr(randomness, "new_seed", lambda: hashlib.sha256(
        f"{request.node.nodeid}#{next(made)}".encode()).hexdigest())


@pytest.fixture
def store(tmp_path):
    """A store on a fresh database file."""
    store = Store(tmp_path / "companion.sqlite3")
    yield store
    store.close()
