"""Fixtures for the Cthulhu Wars web tests: the platform's test app and phones
(the same helpers as tests/web), and a three-faction table with a seat each."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from companion.web import create_app  # noqa: E402
from cthulhu_web_support import create_cthulhu_table  # noqa: E402
from web_support import PHONE_ADDRESS, Browser, join_seat  # noqa: E402


@pytest.fixture
def app(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "companion.sqlite3"), "TESTING": True, "SSE_HEARTBEAT_SECONDS": 0.05})
    yield app
    app.extensions["companion.store"].close()


@pytest.fixture
def host(app) -> Browser:
    return Browser(app.test_client())


@pytest.fixture
def new_phone(app):
    def make() -> Browser:
        browser = Browser(app.test_client())
        browser.client.environ_base["REMOTE_ADDR"] = PHONE_ADDRESS
        return browser

    return make


@pytest.fixture
def table(host) -> str:
    return create_cthulhu_table(host)


@pytest.fixture
def cthulhu(new_phone, table) -> Browser:
    return join_seat(new_phone(), table, "Gina", role="great_cthulhu")


@pytest.fixture
def chaos(new_phone, table) -> Browser:
    return join_seat(new_phone(), table, "Carl", role="crawling_chaos")


@pytest.fixture
def goat(new_phone, table) -> Browser:
    return join_seat(new_phone(), table, "Bea", role="black_goat")
