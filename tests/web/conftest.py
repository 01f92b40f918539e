"""Fixtures for the web tests: an app on a fresh database, the host's browser
(a loopback client) and phones (each a separate test client, so a separate
cookie jar, on a LAN address).

Nothing here opens a socket: Flask's test client calls the app directly."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.web import create_app
from web_support import PHONE_ADDRESS, Browser, create_tally, join_seat


@pytest.fixture
def app(tmp_path) -> Flask:
    app = create_app({
        "DATABASE": str(tmp_path / "companion.sqlite3"),
        "TESTING": True,
        "SSE_HEARTBEAT_SECONDS": 0.05,
    })
    yield app
    app.extensions["companion.store"].close()


@pytest.fixture
def store(app):
    return app.extensions["companion.store"]


@pytest.fixture
def client(app) -> FlaskClient:
    """The host's browser on the server machine (loopback)."""
    return app.test_client()


@pytest.fixture
def host(client) -> Browser:
    return Browser(client)


@pytest.fixture
def new_phone(app):
    """Make a phone: a fresh client (own cookies) on a LAN address."""

    def make(address: str = PHONE_ADDRESS) -> Browser:
        browser = Browser(app.test_client())
        browser.client.environ_base["REMOTE_ADDR"] = address
        return browser

    return make


@pytest.fixture
def table(host) -> str:
    """A tally table the host created; its token."""
    return create_tally(host)


@pytest.fixture
def alice(new_phone, table) -> Browser:
    return join_seat(new_phone(), table, "Alice")


@pytest.fixture
def bob(new_phone, table) -> Browser:
    return join_seat(new_phone(), table, "Bob")
