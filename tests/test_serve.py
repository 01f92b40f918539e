"""`companion serve`: arguments, where the data goes, the banner, and waitress
streaming what the app yields at once (server-sent events depend on it).
Only loopback is used."""

from __future__ import annotations

import io
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from companion import cli, qr, serve

LAN = "192.168.1.23"


# --- arguments -----------------------------------------------------------------


def test_help_lists_serve(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    assert stop.value.code == 0
    assert "serve" in capsys.readouterr().out


def test_serve_defaults():
    args = cli.build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db, args.threads) == ("0.0.0.0", 8000, None, 400)
    assert args.render_processes is None  # the machine's: render_pool.default_processes()
    assert args.run is serve.run


def test_serve_options():
    args = cli.build_parser().parse_args(
        ["serve", "--host", "127.0.0.1", "--port", "9001", "--db", "x.sqlite3", "--threads", "80",
         "--render-processes", "0"]
    )
    assert (args.host, args.port, args.db, args.threads) == ("127.0.0.1", 9001, "x.sqlite3", 80)
    assert args.render_processes == 0


def test_serve_help_says_what_happens_when_the_port_is_taken(capsys):
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "exits with status 2" in help_text
    assert "--render-processes" in help_text and "more than one core" in help_text


# --- the data folder -------------------------------------------------------------

HOME = Path("/home/ana")


@pytest.mark.parametrize(
    "platform, environ, expected",
    [
        ("linux", {}, HOME / ".local/share/companion"),
        ("linux", {"XDG_DATA_HOME": "/data/xdg"}, Path("/data/xdg/companion")),
        ("linux", {"XDG_DATA_HOME": "relative/ignored"}, HOME / ".local/share/companion"),
        ("android", {}, HOME / ".local/share/companion"),  # Termux
        ("darwin", {"XDG_DATA_HOME": "/ignored"}, HOME / "Library/Application Support/companion"),
        ("win32", {"APPDATA": r"C:\Users\ana\AppData\Roaming"}, Path(r"C:\Users\ana\AppData\Roaming") / "companion"),
        ("win32", {}, HOME / "AppData/Roaming/companion"),
    ],
)
def test_data_dir_follows_the_platform(platform, environ, expected):
    assert serve.data_dir(platform=platform, environ=environ, home=HOME) == expected


def test_default_db_is_in_the_data_dir(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert serve.default_db_path() == tmp_path / "companion" / "companion.sqlite3"


# --- the LAN address -------------------------------------------------------------


def test_lan_addresses_are_dotted_ipv4():
    for address in serve.lan_addresses():
        socket.inet_aton(address)


class NoNetworkSocket:
    """A UDP socket with no route anywhere."""

    def __init__(self, *args):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, address):
        raise OSError("Network is unreachable")


def test_no_network_means_no_lan_addresses(monkeypatch):
    def unknown_host(*args, **kwargs):
        raise socket.gaierror("no such host")

    monkeypatch.setattr(serve.socket, "getaddrinfo", unknown_host)
    monkeypatch.setattr(serve.socket, "socket", NoNetworkSocket)
    assert serve.lan_addresses() == []


def test_lan_addresses_skip_loopback_and_link_local_and_prefer_private(monkeypatch):
    def resolve(*args, **kwargs):
        addresses = ("127.0.1.1", "169.254.3.4", "8.8.4.4", LAN)
        return [(socket.AF_INET, socket.SOCK_DGRAM, 17, "", (a, 0)) for a in addresses]

    monkeypatch.setattr(serve.socket, "getaddrinfo", resolve)
    monkeypatch.setattr(serve.socket, "socket", NoNetworkSocket)
    assert serve.lan_addresses() == [LAN, "8.8.4.4"]


# --- the banner ------------------------------------------------------------------


@pytest.fixture
def utf8_stdout(monkeypatch):
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))


def test_banner_shows_the_join_link_and_its_qr(monkeypatch, utf8_stdout):
    monkeypatch.setattr(serve, "lan_addresses", lambda: [LAN])
    text = serve.banner("0.0.0.0", 8000, "/tmp/t.sqlite3")
    join = f"http://{LAN}:8000/"
    assert join in text
    assert qr.terminal(join) in text
    assert "http://127.0.0.1:8000/" in text
    assert "/tmp/t.sqlite3" in text
    assert "Ctrl+C to stop" in text


def test_banner_lists_other_addresses(monkeypatch, utf8_stdout):
    monkeypatch.setattr(serve, "lan_addresses", lambda: [LAN, "10.8.0.2"])
    text = serve.banner("0.0.0.0", 8000, "db")
    assert f"http://{LAN}:8000/" in text and "10.8.0.2" in text


def test_banner_without_network_has_no_qr(monkeypatch, utf8_stdout):
    monkeypatch.setattr(serve, "lan_addresses", lambda: [])
    text = serve.banner("0.0.0.0", 8000, "db")
    assert "\u2588" not in text and "No network" in text
    assert "http://127.0.0.1:8000/" in text


def test_banner_on_loopback_only_says_phones_cannot_join(utf8_stdout):
    text = serve.banner("127.0.0.1", 8123, "db")
    assert "\u2588" not in text and "--host 0.0.0.0" in text
    assert "http://127.0.0.1:8123/" in text


def test_banner_on_a_given_address_links_to_it(utf8_stdout):
    text = serve.banner(LAN, 8000, "db")
    assert qr.terminal(f"http://{LAN}:8000/") in text
    assert f"On this machine: http://{LAN}:8000/" in text


def test_banner_skips_the_blocks_where_stdout_cannot_show_them(monkeypatch):
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="cp1252"))
    monkeypatch.setattr(serve, "lan_addresses", lambda: [LAN])
    text = serve.banner("0.0.0.0", 8000, "db")
    assert f"http://{LAN}:8000/" in text and "\u2588" not in text


# --- waitress streams what the app yields ------------------------------------------


def read_until(sock: socket.socket, marker: bytes, received: bytes = b"") -> bytes:
    while marker not in received:
        data = sock.recv(65536)
        if not data:
            raise AssertionError(f"connection closed before {marker!r}; got {received!r}")
        received += data
    return received


def open_request(base_url: str, path: str = "/") -> socket.socket:
    port = int(base_url.rstrip("/").rsplit(":", 1)[1])
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return sock


def streaming_app(release: threading.Event, pause: float = 10):
    def app(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")])
        yield b"data: first\n\n"
        release.wait(pause)
        yield b"data: second\n\n"

    return app


def test_waitress_sends_each_chunk_as_it_is_yielded():
    """The app is stuck between its two chunks until the client has read the
    first one, so the first can only arrive if waitress sent it unbuffered."""
    release = threading.Event()
    base_url, stop = serve.serve_in_thread(streaming_app(release))
    try:
        with open_request(base_url) as sock:
            received = read_until(sock, b"data: first\n\n")
            assert not release.is_set()
            assert b"text/event-stream" in received
            release.set()
            read_until(sock, b"data: second\n\n", received)
    finally:
        release.set()
        stop()


def test_a_quiet_stream_outlives_the_channel_timeout():
    """channel_timeout only closes connections with no request in progress:
    a stream that is silent for longer than it stays open. The control
    (an idle keep-alive connection) shows the timeout was really enforced."""
    release = threading.Event()
    base_url, stop = serve.serve_in_thread(streaming_app(release, pause=3), channel_timeout=1, cleanup_interval=1)
    try:
        with open_request(base_url) as stream:
            received = read_until(stream, b"data: first\n\n")
            with open_request(base_url) as idle:
                read_until(idle, b"data: first\n\n")
                release.set()  # lets both responses finish; `idle` then sits unused
                read_until(idle, b"0\r\n\r\n")
                idle.settimeout(15)  # generous: a loaded CI machine runs the cleanup late
                assert idle.recv(1) == b"", "the idle connection should have been closed"
            read_until(stream, b"data: second\n\n", received)
    finally:
        release.set()
        stop()


def test_serve_in_thread_stops_with_streams_open():
    release = threading.Event()
    base_url, stop = serve.serve_in_thread(streaming_app(release, pause=30))
    sock = open_request(base_url)
    read_until(sock, b"data: first\n\n")
    started = time.monotonic()
    stop()
    assert time.monotonic() - started < 5
    sock.settimeout(5)
    assert sock.recv(65536) == b""  # the server closed the stream
    sock.close()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", int(base_url.rstrip("/").rsplit(":", 1)[1])), timeout=2).close()


def test_the_app_pushes_a_change_down_an_open_event_stream(tmp_path):
    """End to end through waitress: a phone's stream gets the new version as
    soon as the table changes, without waiting for a heartbeat."""
    from companion.web import create_app

    app = create_app({"DATABASE": str(tmp_path / "t.sqlite3"), "SSE_HEARTBEAT_SECONDS": 30.0})
    store = app.extensions["companion.store"]
    table = store.create_table("tally", "Streaming")
    role = table.rules.roles()[0].id
    base_url, stop = serve.serve_in_thread(app)
    try:
        with open_request(base_url, f"/t/{table.token}/events?view=display") as sock:
            received = read_until(sock, b"event: version\nid: 0\n")
            store.join(table.token, "Ana", role)
            started = time.monotonic()
            read_until(sock, b"event: version\nid: 1\n", received)
            assert time.monotonic() - started < 5  # pushed, not picked up by a heartbeat
    finally:
        stop()


# --- the real command ------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_exits_2_when_the_port_is_taken(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = cli.main(["serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(tmp_path / "t.sqlite3")])
    assert code == 2
    err = capsys.readouterr().err
    assert str(port) in err and "--port" in err


@pytest.mark.slow
def test_companion_serve_runs_and_stops_on_ctrl_c(tmp_path):
    port = free_port()
    db = tmp_path / "table.sqlite3"
    env = dict(os.environ, PYTHONUNBUFFERED="1", NO_COLOR="1")
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(db),
         # Its render processes have a test of their own (tests/reliability).
         "--render-processes", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        # As from a terminal, whatever started the tests: a shell's background
        # job (`pytest &`) ignores Ctrl+C, and its children would inherit that.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True).start()
    output = []
    try:
        deadline = time.monotonic() + 30
        while not any("Ctrl+C to stop" in line for line in output):
            assert process.poll() is None, "".join(output)
            output.append(lines.get(timeout=max(0.1, deadline - time.monotonic())))
        banner = "".join(output)
        assert f"http://127.0.0.1:{port}/" in banner and str(db) in banner

        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
            assert response.status == 200
        assert db.exists()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        finally:
            process.kill()
    while not lines.empty():
        output.append(lines.get())
    assert process.returncode == 0, "".join(output)
    assert "Stopped." in "".join(output)


def test_make_server_raises_a_low_open_file_limit():
    resource = pytest.importorskip("resource")  # not on Windows
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1000:
        pytest.skip("hard limit too low to test")
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    try:
        server = serve.make_server(lambda environ, start_response: [], threads=1, connection_limit=800)
        server.close()
        server.task_dispatcher.shutdown()
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= 800
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_public_url_is_the_lan_address_phones_can_reach(monkeypatch):
    from companion import serve

    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    assert serve.public_url("0.0.0.0", 8000) == "http://192.168.1.20:8000/"
    assert serve.public_url("127.0.0.1", 8000) is None
    assert serve.public_url("192.168.1.20", 8123) == "http://192.168.1.20:8123/"
    monkeypatch.setattr(serve, "lan_addresses", lambda: [])
    assert serve.public_url("0.0.0.0", 8000) is None
