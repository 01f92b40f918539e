"""Fixtures for the real-browser tests: Debian's Chromium (through the pip
Playwright driver, never a downloaded browser), the real app served by
waitress on a free loopback port with a fresh database, and phones.

Without /usr/bin/chromium these tests skip, except in CI
(COMPANION_REQUIRE_BROWSER=1), where a missing browser is a failure."""

from __future__ import annotations

import pytest

from browser_support import CHROMIUM, Tunnel, browser_required, launch, new_phone, start_server


def _unavailable(reason: str):
    if browser_required():
        pytest.fail(f"COMPANION_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is missing (Debian: apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[test]')")
    playwright = sync_playwright().start()
    try:
        chromium = launch(playwright)
    except Exception as error:  # a broken install must not pass as a skip in CI
        playwright.stop()
        _unavailable(f"Chromium did not start: {error}")
    yield chromium
    chromium.close()
    playwright.stop()


@pytest.fixture
def server(tmp_path):
    live = start_server(tmp_path / "companion.sqlite3")
    yield live
    live.stop()


@pytest.fixture
def phones(browser):
    """phones() opens another phone (a browser context with its own cookies);
    keyword arguments go to browser_support.new_phone."""
    opened = []

    def open_phone(**options):
        phone = new_phone(browser, **options)
        opened.append(phone)
        return phone

    yield open_phone
    for phone in opened:
        phone.context.close()


@pytest.fixture
def tally(server):
    """A tally table made by the host: Doom 0..30 shared, VP 0..99 from 5 each."""
    return server.store.create_table("tally", "Friday night", {"tracks": "Doom 0..30", "counters": "VP 0..99 start 5"})


@pytest.fixture
def tunnel(server):
    relay = Tunnel(int(server.url.rstrip("/").rsplit(":", 1)[1]))
    yield relay
    relay.close()
