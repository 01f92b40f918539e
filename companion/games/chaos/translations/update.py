"""Refresh the Chaos catalog: extract, merge into each language, compile.

    python -m companion.games.chaos.translations.update [--check]

Runs pybabel's extract/update/compile with this folder's babel.cfg (Python
files of the package and templates/games/chaos/). `--check` lists what is
left to translate and exits 1 if anything is.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from companion import PROJECT_ROOT

HERE = Path(__file__).resolve().parent
LOCALES = ("zh_Hans", "ja")


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], cwd=PROJECT_ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def untranslated(locale: str) -> list[str]:
    with open(HERE / locale / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle, locale=locale)
    return [m.id for m in catalog if m.id and (m.fuzzy or not m.string)]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--check" not in argv:
        pot = str(HERE / "messages.pot")
        pybabel("extract", "-F", str(HERE / "babel.cfg"), "--omit-header", "--no-location", "-o", pot,
                ".")
        for locale in LOCALES:
            target = HERE / locale / "LC_MESSAGES" / "messages.po"
            command = "update" if target.exists() else "init"
            pybabel(command, "-i", pot, "-d", str(HERE), "-l", locale, *(["--no-fuzzy-matching"] if command == "update" else []))
        pybabel("compile", "-d", str(HERE))
    left = {locale: untranslated(locale) for locale in LOCALES}
    for locale, ids in left.items():
        for msgid in ids:
            print(f"{locale}: {msgid}")
    return 1 if any(left.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
