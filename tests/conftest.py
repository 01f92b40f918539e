"""Fixtures every test folder may use (tests/web and tests/browser add their own)."""

from __future__ import annotations

import pytest

from companion.store import Store


@pytest.fixture
def store(tmp_path):
    """A store on a fresh database file."""
    store = Store(tmp_path / "companion.sqlite3")
    yield store
    store.close()
