"""The campaign tests' shared fixtures: a campaign whose two players have each
created a character, and the stand-in scenario table type for its linked tables."""

from __future__ import annotations

import pytest

from campaign_support import StandInScenario, with_two_characters
from companion import games


@pytest.fixture
def party(tmp_path):
    """(store, token, ann, bo): Ann plays Grok the Brute, Bo Tink the Tinkerer."""
    store, token, ann, bo = with_two_characters(tmp_path)
    yield store, token, ann, bo
    store.close()


@pytest.fixture
def stand_in_scenario(monkeypatch):
    """The scenario tables the campaign starts are the stand-in, which reports what its players entered."""
    monkeypatch.setitem(games.table_types(), "gloomhaven", StandInScenario())
