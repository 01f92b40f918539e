"""The `companion` command: `serve`, plus whatever commands the games add."""

from __future__ import annotations

import argparse
import sys

from companion import games


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A live, phone-first companion for board games played at a real table.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    from companion import serve

    serve.add_command(commands)
    for game in games.game_packages():
        module = games.optional_module(game, "cli")
        if module is not None:
            module.add_commands(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    return args.run(args) or 0


if __name__ == "__main__":
    sys.exit(main())
