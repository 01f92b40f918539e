"""The campaign tests' shared fixture: a campaign whose two players have each
created a character."""

from __future__ import annotations

import pytest

from campaign_support import with_two_characters


@pytest.fixture
def party(tmp_path):
    return with_two_characters(tmp_path)
