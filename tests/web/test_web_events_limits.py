"""Event streams never take every thread: past the server's limit a stream
gets 503, past one address's share 429, each with Retry-After (which the
page's script reads through ?probe=1); a stream whose client hung up ends at
its next look instead of holding its thread."""

from __future__ import annotations

import threading

import pytest

from web_support import has_version, open_stream


@pytest.fixture
def slots(app):
    return app.extensions["companion.stream_slots"]


def test_past_the_limit_per_address_a_stream_gets_429_with_retry_after(app, table, alice, new_phone, slots):
    app.config.update(SSE_STREAMS_PER_CLIENT=2, SSE_CLIENT_RETRY_SECONDS=15)
    with open_stream(alice, f"/t/{table}/events"), open_stream(alice, f"/t/{table}/events?view=display"):
        refused = alice.get(f"/t/{table}/events")
        assert refused.status_code == 429
        assert refused.headers["Retry-After"] == "15"
        assert "Too many live pages open from this device" in refused.get_data(as_text=True)
        assert slots.open == 2
        # Another phone is not held back by this one.
        with open_stream(new_phone("192.168.1.21"), f"/t/{table}/events") as other:
            other.read(until=has_version)
    # Closed streams give their places back.
    assert slots.open == 0
    with open_stream(alice, f"/t/{table}/events") as again:
        again.read(until=has_version)


def test_past_the_servers_limit_a_stream_gets_503_with_retry_after(app, table, new_phone, slots):
    app.config.update(SSE_MAX_STREAMS=2, SSE_BUSY_RETRY_SECONDS=5)
    first, second, third = (new_phone(f"192.168.1.{n}") for n in (31, 32, 33))
    with open_stream(first, f"/t/{table}/events"), open_stream(second, f"/t/{table}/events"):
        refused = third.get(f"/t/{table}/events")
        assert refused.status_code == 503
        assert refused.headers["Retry-After"] == "5"
        assert "Too many live connections to this server" in refused.get_data(as_text=True)
    with open_stream(third, f"/t/{table}/events") as admitted:
        admitted.read(until=has_version)


def test_a_probe_tells_whether_a_stream_would_be_admitted_without_taking_a_place(app, table, alice, slots):
    app.config.update(SSE_STREAMS_PER_CLIENT=1)
    assert alice.get(f"/t/{table}/events?probe=1").status_code == 204
    assert slots.open == 0
    with open_stream(alice, f"/t/{table}/events"):
        probe = alice.get(f"/t/{table}/events?probe=1")
        assert probe.status_code == 429 and probe.headers["Retry-After"]
        assert slots.open == 1


def test_the_limits_are_logged_as_a_warning(app, table, alice, caplog):
    app.config.update(SSE_STREAMS_PER_CLIENT=1)
    with open_stream(alice, f"/t/{table}/events"):
        with caplog.at_level("WARNING", logger="companion.web.events"):
            assert alice.get(f"/t/{table}/events").status_code == 429
    assert any("refusing streams" in record.getMessage() for record in caplog.records)


def test_a_stream_whose_client_hung_up_ends_and_gives_its_place_back(app, table, alice, slots):
    # A heartbeat far away: only the look at the connection can end it.
    app.config.update(SSE_HEARTBEAT_SECONDS=60.0, SSE_CLOSED_CHECK_SECONDS=0.05)
    hung_up = threading.Event()
    alice.client.environ_base["waitress.client_disconnected"] = hung_up.is_set
    stream = open_stream(alice, f"/t/{table}/events")
    stream.read(until=has_version)
    assert slots.open == 1
    hung_up.set()
    assert stream.read() == ""  # ended, without a ping
    stream.close()
    assert slots.open == 0


def test_a_table_that_does_not_exist_takes_no_place(app, alice, slots):
    assert alice.get("/t/nope/events").status_code == 404
    assert slots.open == 0
