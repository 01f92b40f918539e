"""One command shape for every game's build-time converter.

A game with reference data keeps a `convert/` package (never imported by the
server) whose `__main__` calls `run` with a function turning a reference
folder into the text of each data file. Every game's converter then takes the
same arguments and answers with the same exit codes:

    python -m companion.games.<game>.convert --reference DIR [--out DIR] [--check]

* `--reference DIR`: the folder the facts are converted from.
* `--out DIR`: where to write (default: the app's own `data/<game>/`).
* `--check`: write nothing; compare what a conversion gives with the files
  in the out folder, and name each one that is missing or differs.

Exit codes: 0 written (or, with `--check`, up to date); 1 `--check` found
the data stale; 2 the command line or the reference folder is unusable
(the message says what is wrong, on stderr).

Pure standard library; the server never imports it."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion import data_path

OK, STALE, UNUSABLE = 0, 1, 2


class ReferenceProblem(ValueError):
    """The reference folder can't be converted (missing file, unexpected shape)."""


def read_json(folder: Path, name: str = "data.json") -> Any:
    """A JSON file of the reference folder, parsed; a clear ReferenceProblem
    when it is absent or malformed."""
    path = Path(folder) / name
    if not path.is_file():
        raise ReferenceProblem(f"no {name} in {folder}: give the reference folder that holds it")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        raise ReferenceProblem(f"{path} is not valid JSON: {error}") from None


def stale_files(texts: dict[str, str], out: Path) -> list[str]:
    """The names among `texts` whose file in `out` is missing or differs."""
    stale = []
    for name, text in texts.items():
        path = out / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    return stale


def write(texts: dict[str, str], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (out / name).write_text(text, encoding="utf-8")


def run(game: str, convert: Callable[[Path], dict[str, str]], argv: list[str] | None = None, *,
        description: str, reference_help: str = "the reference folder to convert") -> int:
    """Parse the command line, convert, then write or check. `convert` maps a
    reference folder to {file name: text}; it raises ReferenceProblem (or
    OSError/ValueError) for a folder it can't use."""
    parser = argparse.ArgumentParser(prog=f"python -m companion.games.{game}.convert", description=description)
    parser.add_argument("--reference", type=Path, required=True, metavar="DIR", help=reference_help)
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help=f"where the data files go (default: the app's data/{game}/)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if the files in --out differ from a fresh conversion")
    args = parser.parse_args(argv)
    out = args.out or data_path(game)
    try:
        texts = convert(args.reference)
    except (ReferenceProblem, OSError, ValueError) as error:
        print(f"convert: {error}", file=sys.stderr)
        return UNUSABLE
    if args.check:
        stale = stale_files(texts, out)
        if stale:
            print(f"stale in {out}: {', '.join(stale)} (rerun without --check to rewrite)", file=sys.stderr)
            return STALE
        print(f"{out}: {len(texts)} files up to date")
        return OK
    write(texts, out)
    print(f"wrote {', '.join(texts)} to {out}")
    return OK
