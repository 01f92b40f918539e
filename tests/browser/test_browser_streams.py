"""A page whose live stream is refused (the server full) waits as long as the
server's Retry-After says, learnt through ?probe=1 as an EventSource can't
read it, then connects by itself."""

from __future__ import annotations

import threading
import time

import pytest
from playwright.sync_api import expect

from browser_support import join, wait_live

pytestmark = pytest.mark.browser

RETRY_AFTER = 2


def record_streams(server) -> list[tuple[float, str]]:
    """(time, query) of every request for an event stream, as the server sees them."""
    seen, lock = [], threading.Lock()
    inner = server.app.wsgi_app

    def recording(environ, start_response):
        if environ["PATH_INFO"].endswith("/events"):
            with lock:
                seen.append((time.monotonic(), environ.get("QUERY_STRING", "")))
        return inner(environ, start_response)

    server.app.wsgi_app = recording
    return seen


def test_a_refused_stream_waits_for_retry_after_then_connects(server, tally, phones):
    alice, bob = phones().page, phones().page
    join(alice, server, tally.token, "Alice")
    # Alice's stream takes the only place; Bob's page is refused.
    server.app.config.update(SSE_MAX_STREAMS=1, SSE_BUSY_RETRY_SECONDS=RETRY_AFTER)
    seen = record_streams(server)
    bob.goto(server.at(f"/t/{tally.token}"))
    bob.locator("input[name=name]").fill("Bob")
    bob.locator("form:has(input[name=role]) button[type=submit]").click()
    bob.wait_for_selector("#region-tracks")
    expect(bob.locator("html")).to_have_attribute("data-live", "lost")

    deadline = time.monotonic() + 10
    while not any("probe=1" in query for _, query in seen):
        assert time.monotonic() < deadline, "the page never asked why its stream was refused"
        time.sleep(0.05)
    server.app.config.update(SSE_MAX_STREAMS=0)
    wait_live(bob)

    probe = next(at for at, query in seen if "probe=1" in query)
    refused = max(at for at, query in seen if "probe=1" not in query and at < probe)
    retried = min(at for at, query in seen if "probe=1" not in query and at > probe)
    assert retried - refused >= RETRY_AFTER
