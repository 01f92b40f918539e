"""`companion serve`: run the shared table on the local network."""

from __future__ import annotations


def add_command(commands) -> None:
    parser = commands.add_parser("serve", help="run the app so phones on this network can join")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all interfaces)")
    parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    parser.add_argument("--db", default=None, help="SQLite file (default: a file in your user data folder)")
    parser.set_defaults(run=run)


def run(args) -> int:
    raise SystemExit("serve: not written yet")
