"""One device can't fill the server with connections, through a real
`companion serve`.

A device that opens connections and never finishes its request (a broken
script, or someone on the Wi-Fi doing it on purpose) would hold them until
waitress times them out two minutes later; past the server's connection
limit every phone would wait. Here one loopback address opens more
connections than the whole server takes, each with half a request: the
ones past its own share are closed at once, and a phone on another address
still loads its page at once; when the device lets go, it can connect
again."""

from __future__ import annotations

import socket
import time

import pytest

from companion import serve
from reliability_support import HOST, ServerProcess, call

pytestmark = pytest.mark.slow

THREADS = 64  # the server then takes 128 connections in all
FLOODING_ADDRESS = "127.0.0.9"
PHONE_ADDRESS = "127.0.0.10"
SHARE = serve.connection_limit_per_address(serve.DEFAULT_STREAMS_PER_CLIENT)


def half_request(port: int, source: str) -> socket.socket:
    sock = socket.create_connection((HOST, port), timeout=5, source_address=(source, 0))
    sock.sendall(f"GET / HTTP/1.1\r\nHost: {HOST}\r\n".encode())  # the headers never end
    return sock


def closed_by_server(sock: socket.socket, wait: float = 0.5) -> bool:
    sock.settimeout(wait)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def page_seconds(port: int, source: str) -> float:
    started = time.monotonic()
    with socket.create_connection((HOST, port), timeout=10, source_address=(source, 0)) as sock:
        sock.sendall(f"GET /static/app.css HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
        head = sock.recv(64)
    assert head.startswith(b"HTTP/1.1 200"), head
    return time.monotonic() - started


@pytest.fixture
def server(tmp_path):
    process = ServerProcess(tmp_path / "store.sqlite3", threads=THREADS).start()
    yield process
    process.kill()


def test_one_address_holding_connections_cant_keep_other_phones_out(server):
    flood = [half_request(server.port, FLOODING_ADDRESS) for _ in range(THREADS * 2 + 40)]
    try:
        time.sleep(0.5)  # the server has accepted (and sorted) them all
        kept = [sock for sock in flood if not closed_by_server(sock, wait=0.05)]
        assert len(kept) == SHARE
        # Well under waitress's timeouts: the phone did not wait for them.
        assert page_seconds(server.port, PHONE_ADDRESS) < 2
        assert call(server.port, "GET", "/api/games")[0] == 200
    finally:
        for sock in flood:
            sock.close()
    deadline = time.monotonic() + 5
    while True:  # the device's connections are let go of, so it may come back
        try:
            assert page_seconds(server.port, FLOODING_ADDRESS) < 2
            break
        except (AssertionError, ConnectionError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
