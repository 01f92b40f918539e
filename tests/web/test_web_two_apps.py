"""Two apps in one process keep their caches apart, even for the same table
token at the same version: here two servers on copies of one database, whose
tables then went different ways."""

from __future__ import annotations

import sqlite3

import pytest

from companion.web import create_app
from web_support import Browser, has_version, open_stream, parse_events


@pytest.fixture
def twins(tmp_path):
    """Two apps whose databases hold the same table with Ann seated; her key."""
    first = create_app({"DATABASE": str(tmp_path / "first.sqlite3"), "TESTING": True, "SSE_HEARTBEAT_SECONDS": 0.05})
    store = first.extensions["companion.store"]
    token = store.create_table("tally", "Friday", {"tracks": "Doom 0..30", "counters": "VP 0..99"}).token
    _, key = store.join(token, "Ann", "player")
    with sqlite3.connect(tmp_path / "first.sqlite3") as source, sqlite3.connect(tmp_path / "second.sqlite3") as copy:
        source.backup(copy)
    second = create_app({"DATABASE": str(tmp_path / "second.sqlite3"), "TESTING": True,
                         "SSE_HEARTBEAT_SECONDS": 0.05})
    yield first, second, token, key
    for app in (first, second):
        app.extensions["companion.store"].close()


def phone(app, key: str) -> Browser:
    browser = Browser(app.test_client())
    browser.client.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    browser.client.environ_base["HTTP_X_SEAT_KEY"] = key
    return browser


def test_each_app_renders_its_own_table_at_the_same_version(twins):
    first, second, token, key = twins
    for app, delta in ((first, 1), (second, 2)):
        assert app.extensions["companion.store"].act(token, "s1", "track.adjust", {"track": "t1", "delta": delta}) == 2
    assert '<span class="value big">1</span>' in phone(first, key).page(f"/t/{token}")
    assert '<span class="value big">2</span>' in phone(second, key).page(f"/t/{token}")


def test_a_seat_moved_in_one_app_keeps_its_phone_in_the_other(twins):
    first, second, token, key = twins
    new_key = second.extensions["companion.store"].take_over(token, "s1")
    first.extensions["companion.store"].act(token, "s1", "track.adjust", {"track": "t1", "delta": 1})
    # Both at version 2; the second app's stream reads its seat keys first.
    for app, holder in ((second, new_key), (first, key)):
        with open_stream(phone(app, holder), f"/t/{token}/events") as stream:
            names = [name for name, _ in parse_events(stream.read(until=has_version))]
        assert "region-note" in names and "seat-lost" not in names, app is first
