"""Fixtures every test folder may use (tests/web and tests/browser add their own)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from companion.store import Store

# Property tests assert what holds, never how fast: Hypothesis' default 200 ms
# deadline per example (and its "too slow" check) turned a busy CI machine into
# a failure. Speed targets live in benchmarks/.
settings.register_profile("companion", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("companion")


@pytest.fixture
def store(tmp_path):
    """A store on a fresh database file."""
    store = Store(tmp_path / "companion.sqlite3")
    yield store
    store.close()
