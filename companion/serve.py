"""`companion serve`: run the shared table on the local network.

The app is served by waitress: pure Python (runs on Windows, macOS, Linux and
Termux alike), multi-threaded, and it sends each chunk a response yields at
once, which server-sent events need. Each open event stream holds one waitress
thread for as long as the phone keeps the page open, hence the many threads.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
import threading
from collections import Counter
from pathlib import Path

import waitress.channel
import waitress.server

from companion import collector, qr
from companion.capacity import DEFAULT_THREADS, MIN_SPARE_THREADS, MIN_THREADS, stream_limit  # noqa: F401 (serve's API)

DEFAULT_PORT = 8000
DB_NAME = "companion.sqlite3"
# Waitress's channel_timeout only closes connections with no request in
# progress, so it never cuts a quiet event stream (tests/test_serve.py checks
# this); it just frees idle keep-alive sockets. Stated here, well above the
# 15 s heartbeat, so nobody lowers it thinking it limits streams.
CHANNEL_TIMEOUT = 120
DEFAULT_STREAMS_PER_CLIENT = 16
# How long serve waits for its render processes before it serves anyway.
RENDER_START_SECONDS = 15
# Connections one address may hold beyond its live pages: a browser keeps
# up to six per server for its other requests, and a laptop may run a few.
SPARE_CONNECTIONS_PER_ADDRESS = 32


def add_command(commands) -> None:
    parser = commands.add_parser(
        "serve",
        help="run the app so phones on this network can join",
        description="Run the app so everyone at the table can join from their phone by scanning "
        "the QR code it prints. Ctrl+C stops it.",
    )
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: 0.0.0.0, all interfaces)")
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"port (default: {DEFAULT_PORT}); if it is taken, serve exits with status 2 rather than "
        "pick another, as two servers would not share live updates",
    )
    parser.add_argument(
        "--db", metavar="PATH", default=None,
        help=f"SQLite file (default: {DB_NAME} in your user data folder, now {default_db_path()})",
    )
    parser.add_argument(
        "--threads",
        metavar="N",
        type=int,
        default=DEFAULT_THREADS,
        help=f"worker threads, at least {MIN_THREADS}; each phone with the table open holds one, "
        f"and an eighth stay free for pages and actions (default: {DEFAULT_THREADS})",
    )
    parser.add_argument(
        "--streams-per-address",
        metavar="N",
        type=int,
        default=DEFAULT_STREAMS_PER_CLIENT,
        help="live pages one network address may keep open at once (and connections: this many plus "
        f"{SPARE_CONNECTIONS_PER_ADDRESS}); raise it if every phone reaches this machine through one proxy, "
        f"0 for no limit (default: {DEFAULT_STREAMS_PER_CLIENT})",
    )
    parser.add_argument(
        "--render-processes",
        metavar="N",
        type=int,
        default=None,
        help="processes that draw the live pages beside the server's own, so it uses more than one core "
        "(default: one a core, up to 4, none on a single core; 0: the server draws them itself)",
    )
    parser.set_defaults(run=run)


def data_dir(platform: str | None = None, environ: dict | None = None, home: Path | None = None) -> Path:
    """The per-user folder for the app's data, by the platform's convention."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    home = Path.home() if home is None else home
    if platform.startswith("win"):
        base = environ.get("APPDATA") or str(home / "AppData" / "Roaming")
        return Path(base) / "companion"
    if platform == "darwin":
        return home / "Library" / "Application Support" / "companion"
    # Linux, Termux (reports "linux" or "android") and other Unixes: XDG.
    # The XDG spec says to ignore a relative XDG_DATA_HOME.
    xdg = environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / "companion"


def default_db_path() -> Path:
    return data_dir() / DB_NAME


def _usable(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices may reach, best guess
    first. Nothing is sent off the machine to find them."""
    found: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_DGRAM)
        found += [info[4][0] for info in infos]
    except OSError:
        pass
    # connect() on a UDP socket only asks the routing table which local
    # address would be used; no packet leaves. 10.255.255.255 is a private
    # address, so the answer is the interface of the default route (the Wi-Fi).
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    usable = [a for a in dict.fromkeys(found) if _usable(a)]
    # Private (home/office network) addresses before public ones.
    return sorted(usable, key=lambda a: not ipaddress.ip_address(a).is_private)


def make_server(app, host: str = "127.0.0.1", port: int = 0, threads: int = MIN_THREADS, **adjustments):
    """A waitress server for `app`, bound but not yet running (call `.run()`).
    `adjustments` override waitress settings (tests shorten timeouts).
    Raises OSError if the port can't be had."""
    settings = dict(
        host=host,
        port=port,
        threads=threads,
        # Every open stream is a connection too, plus the keep-alive
        # connections phones use for their other requests.
        connection_limit=threads * 2,
        channel_timeout=CHANNEL_TIMEOUT,
        # select() can't watch file descriptors above 1023; poll() can
        # (waitress falls back to select() where there is no poll, on Windows).
        asyncore_use_poll=True,
        # Keep reading a connection while its request runs, so a phone that
        # closes its event stream is noticed at once (the stream looks at
        # environ["waitress.client_disconnected"]) instead of at the second
        # write after, which left its thread held for up to two heartbeats.
        channel_request_lookahead=1,
        # send_bytes is already 1 (each yielded chunk is sent at once) and
        # passing it is deprecated; tests/test_serve.py checks the streaming.
        ident="companion",
    )
    settings.update(adjustments)
    per_address = 0
    if hasattr(app, "config"):  # our Flask app: streams leave threads for the rest
        app.config["SSE_MAX_STREAMS"] = stream_limit(settings["threads"])
        per_address = connection_limit_per_address(int(app.config.get("SSE_STREAMS_PER_CLIENT") or 0))
    # Leave room for the listener, the wake-up pipe, SQLite and the like.
    _raise_open_file_limit(settings["connection_limit"] + 64)
    server = waitress.server.create_server(app, **settings)
    # Not a setting waitress takes by name, but what it sets on each accepted connection.
    server.adj.socket_options = connection_options()
    if per_address:
        server.channel_class = capped_channel_class(per_address)
    return server


def connection_limit_per_address(streams_per_address: int) -> int:
    """How many connections one network address may hold open at once
    (0: no limit, as for its live pages)."""
    return streams_per_address + SPARE_CONNECTIONS_PER_ADDRESS if streams_per_address > 0 else 0


def capped_channel_class(limit: int) -> type:
    """Waitress's connection class, refusing a connection from an address
    that already holds `limit`. Without it one device that opens connections
    and never finishes a request (or never closes them) fills the server's
    connection limit, and every phone waits until waitress times them out."""

    class AddressCappedChannel(waitress.channel.HTTPChannel):
        def __init__(self, server, sock, addr, adj, map=None):
            self.address = addr[0] if isinstance(addr, tuple) else str(addr)
            held = server.__dict__.setdefault("connections_by_address", Counter())
            if held[self.address] >= limit:
                # Closed before waitress watches it: the device sees the
                # connection reset and the rest of the server never notices.
                sock.close()
                return
            super().__init__(server, sock, addr, adj, map)

        def add_channel(self, map=None):
            super().add_channel(map)
            self.server.connections_by_address[self.address] += 1

        def del_channel(self, map=None):
            counted = self._fileno in self.server.active_channels
            super().del_channel(map)
            if counted:
                held = self.server.connections_by_address
                held[self.address] -= 1
                if held[self.address] <= 0:
                    del held[self.address]

    return AddressCappedChannel


# A phone that leaves the Wi-Fi without closing its connections says nothing:
# its event stream would hold a server thread (and its idle connections a
# connection slot) until a write failed, which TCP takes many minutes to
# decide. The kernel gives up on such a connection sooner: unanswered data
# (the stream's pings) after DEAD_PEER_SECONDS, an idle connection after its
# keep-alive probes go unanswered.
DEAD_PEER_SECONDS = 30
KEEPALIVE_IDLE_SECONDS = 20
KEEPALIVE_INTERVAL_SECONDS = 5
KEEPALIVE_PROBES = 3


def connection_options() -> list[tuple[int, int, int]]:
    """Socket options for each accepted connection, as far as this system
    has them (the finer ones are Linux's; elsewhere plain keep-alive)."""
    options = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1), (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]
    for name, value in (("TCP_KEEPIDLE", KEEPALIVE_IDLE_SECONDS), ("TCP_KEEPINTVL", KEEPALIVE_INTERVAL_SECONDS),
                        ("TCP_KEEPCNT", KEEPALIVE_PROBES), ("TCP_USER_TIMEOUT", DEAD_PEER_SECONDS * 1000)):
        if hasattr(socket, name):
            options.append((socket.IPPROTO_TCP, getattr(socket, name), value))
    return options


def _raise_open_file_limit(wanted: int) -> None:
    """Each connection is a file descriptor, and macOS allows a process only
    256 by default; raise the soft limit as far as the hard one allows."""
    try:
        import resource
    except ImportError:  # Windows has no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            pass  # we serve fewer phones at once, which waitress handles


def serve_in_thread(app, host: str = "127.0.0.1", port: int = 0, threads: int = MIN_THREADS, **adjustments):
    """Run `app` in a background thread (tests, benchmarks).
    Returns (base_url, stop); stop() closes every connection and waits."""
    server = make_server(app, host, port, threads, **adjustments)
    stopping = threading.Event()

    def loop() -> None:
        # The server's socket map is touched only from this thread; stop()
        # just raises the flag and wakes the loop.
        while not stopping.is_set():
            waitress.server.wasyncore.loop(timeout=0.5, map=server._map, use_poll=True, count=1)
        # Close the connections first so open streams fail at their next
        # write instead of holding their threads.
        waitress.server.wasyncore.close_all(server._map)
        server.task_dispatcher.shutdown(timeout=2)

    thread = threading.Thread(target=loop, name=f"companion-serve-{server.effective_port}", daemon=True)
    thread.start()

    def stop() -> None:
        stopping.set()
        try:
            server.pull_trigger()
        except OSError:
            pass  # the loop saw the flag first and has closed the trigger already
        thread.join(10)

    return f"http://{host}:{server.effective_port}/", stop


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name
        return False


def public_url(host: str, port: int) -> str | None:
    """The address phones use, for the join QR codes the pages draw (the host
    opens the app on 127.0.0.1, which a phone can't reach)."""
    if host in ("0.0.0.0", ""):
        addresses = lan_addresses()
        return f"http://{addresses[0]}:{port}/" if addresses else None
    return None if _is_loopback(host) else f"http://{host}:{port}/"


def banner(host: str, port: int, db_path: Path | str, colour: bool = False) -> str:
    """What `companion serve` prints once it is listening."""
    everywhere = host in ("0.0.0.0", "")
    joins = lan_addresses() if everywhere else ([] if _is_loopback(host) else [host])
    here = f"http://{'127.0.0.1' if everywhere else host}:{port}/"
    lines = []
    if joins:
        join = f"http://{joins[0]}:{port}/"
        lines += ["Everyone at the table: scan this, or open " + join, ""]
        drawing = qr.terminal(join, colour=colour)
        if _printable(drawing):
            lines += [drawing, ""]
        if joins[1:]:
            lines.append("Not working? Other addresses of this machine: " + ", ".join(joins[1:]))
    elif everywhere:
        lines.append("No network found: phones can join once this machine is on the same Wi-Fi.")
    else:
        lines.append(f"Listening on {host} only: phones can't join. Use --host 0.0.0.0 to let them.")
    lines += [
        f"On this machine: {here}",
        f"Database: {db_path}",
        "Ctrl+C to stop.",
    ]
    return "\n".join(lines)


def _printable(text: str) -> bool:
    # A Windows console or a pipe in a legacy encoding can't show the blocks.
    try:
        text.encode(sys.stdout.encoding or "ascii")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def _wants_colour() -> bool:
    if os.environ.get("NO_COLOR") or not sys.stdout.isatty():
        return False
    # The classic Windows console shows escape codes as text; Windows Terminal doesn't.
    return os.name != "nt" or "WT_SESSION" in os.environ


def warm_up(app) -> None:
    """What the server's first pages would otherwise do on their own time,
    then the garbage collector settled on what it loaded (companion.collector)."""
    from companion.web import render_pool

    render_pool.ready_to_render(app)
    collector.settle()


def run(args) -> int:
    from companion.web import create_app, render_pool

    db_path = Path(args.db).expanduser() if args.db else default_db_path()
    db_path.parent.mkdir(parents=True, exist_ok=True)
    app = create_app({"DATABASE": str(db_path), "SSE_STREAMS_PER_CLIENT": max(0, args.streams_per_address)})
    try:
        server = make_server(app, args.host, args.port, max(MIN_THREADS, args.threads))
    except OSError as error:
        print(f"companion serve: can't listen on {args.host}:{args.port}: {error.strerror or error}.", file=sys.stderr)
        print(
            f"Is companion already running? Stop it, or choose another port: companion serve --port {args.port + 1}",
            file=sys.stderr,
        )
        return 2
    app.config["PUBLIC_URL"] = public_url(args.host, server.effective_port)
    processes = render_pool.default_processes() if args.render_processes is None else args.render_processes
    pool = render_pool.start(app, processes)
    # The server renders pages (and live regions while its processes start):
    # its first ones shouldn't compile templates and import games either. In
    # the background, so it listens at once.
    threading.Thread(target=warm_up, args=(app,), name="companion-warm-up", daemon=True).start()
    # Phones that connect meanwhile wait a moment: the render processes compile
    # every template first, and the server would otherwise render for them.
    if pool is not None and not pool.wait_ready(RENDER_START_SECONDS):
        print("companion serve: the render processes are slow to start; the server renders until they are ready.",
              file=sys.stderr)
    print(banner(args.host, server.effective_port, db_path, colour=_wants_colour()), flush=True)
    try:
        # Not server.run(): on Ctrl+C it waits up to 5 s for the threads, which
        # open event streams keep busy. Each write is its own SQLite
        # transaction, so stopping mid-request loses nothing committed.
        waitress.server.wasyncore.loop(timeout=1.0, map=server._map, use_poll=True)
    except KeyboardInterrupt:
        pass
    server.close()
    if pool is not None:
        pool.stop()
    print("Stopped.")
    return 0
