"""Fixtures for the Gloomhaven data tests: the reference folder (when
present) and one fresh conversion of it per test session."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.games.gloomhaven.convert import convert
from companion.games.gloomhaven.convert.source import Source

REPO = Path(__file__).resolve().parents[4]


def reference_folder():
    """Where the Gloomhaven reference data sits: $GLOOMHAVEN_REFERENCE, or
    shared/ref/gloomhaven beside the repository (CI) or beside its parent
    (a worktree)."""
    candidates = [os.environ.get("GLOOMHAVEN_REFERENCE")] + [
        str(REPO.parents[up] / "shared" / "ref" / "gloomhaven") for up in (0, 1)
    ]
    for candidate in candidates:
        if candidate and (Path(candidate) / "gloomhavensecretariat").is_dir():
            return Path(candidate)
    return None


@pytest.fixture(scope="session")
def reference() -> Path:
    found = reference_folder()
    if found is None:
        pytest.skip("the Gloomhaven reference folder (shared/ref/gloomhaven) is not on this machine")
    return found


@pytest.fixture(scope="session")
def source(reference) -> Source:
    return Source(reference)


@pytest.fixture(scope="session")
def fresh(reference) -> dict:
    """File name -> text of a conversion made now."""
    return convert(reference)


@pytest.fixture(scope="session")
def ghs(reference):
    """Read one raw source file (for counting against)."""
    def read(relative):
        with open(reference / "gloomhavensecretariat" / relative, encoding="utf-8") as handle:
            return json.load(handle)
    return read
