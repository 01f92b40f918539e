"""`companion serve` leaves threads for pages and actions: open streams are
limited below the thread count and per address, and waitress is set to notice
a closed stream while it runs."""

from __future__ import annotations

import pytest

from companion import cli, serve
from companion.web import create_app


@pytest.mark.parametrize("threads, streams", [(64, 48), (400, 350), (1000, 875)])
def test_streams_leave_an_eighth_of_the_threads_and_at_least_16(threads, streams):
    assert serve.stream_limit(threads) == streams


def test_the_server_sets_the_apps_stream_limit_from_its_threads(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite3")})
    server = serve.make_server(app, threads=80)
    try:
        assert app.config["SSE_MAX_STREAMS"] == 64
        # Waitress reads a connection while its request runs, so a phone
        # hanging up is seen at once (waitress.client_disconnected).
        assert server.adj.channel_request_lookahead >= 1
    finally:
        server.close()


def test_streams_per_address_is_an_option_of_serve(capsys):
    assert cli.build_parser().parse_args(["serve"]).streams_per_address == 16
    assert cli.build_parser().parse_args(["serve", "--streams-per-address", "0"]).streams_per_address == 0
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    assert "--streams-per-address" in capsys.readouterr().out


def test_accepted_connections_let_the_kernel_drop_a_vanished_phone(tmp_path):
    """A phone gone from the Wi-Fi never closes its stream; with keep-alive
    probes and a limit on unacknowledged data the kernel ends the connection
    (and the stream frees its thread) instead of TCP's many minutes."""
    import socket
    import threading
    import time

    app = create_app({"DATABASE": str(tmp_path / "t.sqlite3")})
    server = serve.make_server(app, threads=64)
    runner = threading.Thread(target=server.run, daemon=True)
    runner.start()
    phone = socket.create_connection(("127.0.0.1", server.effective_port))
    try:
        deadline = time.monotonic() + 5
        while not server.active_channels and time.monotonic() < deadline:
            time.sleep(0.01)
        accepted = next(iter(server.active_channels.values())).socket
        assert accepted.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
        if hasattr(socket, "TCP_USER_TIMEOUT"):  # Linux
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == serve.DEAD_PEER_SECONDS * 1000
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == serve.KEEPALIVE_IDLE_SECONDS
        # Longer than two heartbeats, so a live but quiet phone keeps its stream.
        assert serve.DEAD_PEER_SECONDS > 15
    finally:
        phone.close()
        server.task_dispatcher.shutdown(timeout=1)
        server.close()
