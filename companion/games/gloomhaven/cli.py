"""`companion solve`: the monster solver on the command line.

    companion solve scenario.json          # one scenario, or a JSON list of them
    companion solve - < scenarios.json     # read standard input
    companion solve --lang ja --pretty f.json

Prints the result JSON (a list for a list) on standard output and exits 0; a
malformed scenario prints one line naming the problem on standard error and
exits 2.
"""

from __future__ import annotations

import gettext
import json
import sys
from pathlib import Path

from companion.languages import LANGUAGES

TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def translator(lang: str):
    """The `translate` function for `lang` (English: identity)."""
    if lang == "en":
        return lambda message: message
    catalog = gettext.translation("messages", localedir=str(TRANSLATIONS), languages=[lang], fallback=True)
    return catalog.gettext


def add_commands(subparsers) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="Gloomhaven: where a monster moves and whom it attacks",
        description="Apply the Gloomhaven monster focus, movement and attack rules to a map. "
        "FILE holds one scenario or a JSON list of them (format: docs/monster-solver.md); "
        "'-' reads standard input. Prints every focus and every outcome the rules allow; "
        "with a \"card\", every ability of the whole card, for a monster or a character's summon.",
    )
    parser.add_argument("file", metavar="FILE", help="scenario JSON file, or - for standard input")
    parser.add_argument(
        "--lang", choices=list(LANGUAGES), default="en", help="language of the 'why' sentences (default: en)"
    )
    parser.add_argument("--pretty", action="store_true", help="indent the output JSON")
    parser.set_defaults(run=run)


def fail(message: str) -> int:
    print("companion solve: " + " ".join(str(message).split()), file=sys.stderr)
    return 2


def run(args) -> int:
    from companion.games.gloomhaven.solver import ScenarioError, solve, solve_many

    try:
        if args.file == "-":
            text = sys.stdin.buffer.read().decode("utf-8-sig")
            source = "standard input"
        else:
            text = Path(args.file).read_bytes().decode("utf-8-sig")
            source = args.file
    except OSError as error:
        return fail(f"cannot read {args.file}: {error.strerror or error}")
    except UnicodeDecodeError:
        return fail(f"{args.file} is not UTF-8 text")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # RecursionError: nested too deep to parse
        return fail(f"{source} is not valid JSON: {error}")
    translate = translator(args.lang)
    try:
        if isinstance(data, list):
            result = solve_many(data, translate)
        else:
            result = solve(data, translate)
    except ScenarioError as error:
        return fail(error.message)
    out = json.dumps(result, ensure_ascii=False, indent=2 if args.pretty else None)
    sys.stdout.buffer.write(out.encode("utf-8") + b"\n")
    sys.stdout.flush()
    return 0
