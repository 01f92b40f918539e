"""Refresh the catalogs: extract every marked string, merge the new msgids
into each language's .po, compile the .mo files.

    .venv/bin/python -m companion.translations.update          # extract, update, compile
    .venv/bin/python -m companion.translations.update --check  # list what still needs translating

What is extracted (and with which keywords) is set in babel.cfg beside this
file. A game package with a translations/ folder of its own
(companion/games/<id>/translations/) gets its own catalog there: the strings
of its package and of its templates (templates/games/<id>/ and the package's
templates/) go there instead of into the shared one, so a new game only adds
the folder. New msgids arrive in the .po files with an empty translation;
fill them in (and clear any "fuzzy" flag after checking the guess), then run
this again to compile. A file is rewritten only when more than its timestamp changed, so
running it twice leaves the tree as it was.
"""

from __future__ import annotations

import argparse
import io
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from companion.languages import TRANSLATED

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CONFIG = HERE / "babel.cfg"
DOMAIN = "messages"
# Headers that change on every run and carry nothing a reviewer needs.
VOLATILE_HEADERS = (b'"POT-Creation-Date:', b'"PO-Revision-Date:')


def game_catalogs(root: Path = ROOT) -> dict[str, Path]:
    """The games that ship their own catalog, and its folder."""
    return {folder.parent.name: folder for folder in sorted((root / "companion" / "games").glob("*/translations"))
            if folder.is_dir()}


def owner(filename: str, own_catalogs: dict[str, Path]) -> str | None:
    """The game whose own catalog takes the strings of `filename` (relative
    to the root), or None: the shared catalog."""
    parts = Path(filename).parts
    if len(parts) > 3 and parts[1] == "games" and parts[0] in ("companion", "templates"):
        return parts[2] if parts[2] in own_catalogs else None
    return None


def new_catalog() -> Catalog:
    return Catalog(project="companion", domain=DOMAIN, charset="utf-8", fuzzy=False,
                   header_comment="# Messages of companion, extracted by companion/translations/update.py.")


def marked_strings(root: Path):
    """(filename, lineno, msgid, comments, context) of every marked string
    under `root`, as babel.cfg says to find them."""
    with CONFIG.open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config, str(CONFIG))
    # Babel before 2.17 ignores a section's own keywords; handing them all to
    # every section extracts the same strings there too.
    keywords = dict(DEFAULT_KEYWORDS)
    for options in options_map.values():
        spec = options.get("keywords") or {}
        keywords.update(parse_keywords(spec.split()) if isinstance(spec, str) else spec)
    for filename, lineno, message, comments, context in extract_from_dir(root, method_map, options_map, keywords):
        # Keywords may carry several strings (ngettext); the first is the msgid.
        msgid = message if isinstance(message, str) else tuple(message)
        if msgid[0] if isinstance(msgid, tuple) else msgid:
            yield filename, lineno, msgid, comments, context


def extract_all(root: Path = ROOT) -> dict[Path, Catalog]:
    """Every catalog's template, by the folder it lives in: the shared one
    (companion/translations) and each game's own."""
    own = game_catalogs(root)
    shared = root / "companion" / "translations"
    templates = {folder: new_catalog() for folder in [shared, *own.values()]}
    for filename, lineno, msgid, comments, context in marked_strings(root):
        game = owner(filename, own)
        folder = own[game] if game else shared
        templates[folder].add(msgid, None, [(filename, lineno)], auto_comments=comments, context=context)
    return templates


def extract(root: Path = ROOT) -> Catalog:
    """The shared catalog's template: every marked string under `root` but
    those of games with a catalog of their own."""
    return extract_all(root)[root / "companion" / "translations"]


def po_path(locale: str, folder: Path = HERE) -> Path:
    return folder / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_po(locale: str, folder: Path = HERE) -> Catalog:
    path = po_path(locale, folder)
    if not path.exists():
        return Catalog(locale=locale, domain=DOMAIN, project="companion", charset="utf-8")
    with path.open("rb") as file:
        return read_po(file, locale=locale, domain=DOMAIN)


def merged(template: Catalog, locale: str, folder: Path = HERE) -> Catalog:
    """The locale's catalog with the template's msgids: new ones empty,
    vanished ones dropped, existing translations kept."""
    catalog = load_po(locale, folder)
    catalog.update(template, update_header_comment=False)
    catalog.header_comment = (f"# {Locale.parse(locale).english_name} translations for companion.\n"
                              "# Translate here; run companion/translations/update.py to compile.")
    catalog.fuzzy = False  # the header only; each entry keeps its own flag
    catalog.last_translator = catalog.language_team = "companion developers"
    catalog.revision_date = datetime.now(timezone.utc)
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    # No line numbers: they would churn whenever anyone edits a source file.
    write_po(out, catalog, width=100, ignore_obsolete=True, include_lineno=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def without_timestamps(data: bytes) -> bytes:
    return b"\n".join(line for line in data.splitlines() if not line.startswith(VOLATILE_HEADERS))


def write_if_changed(path: Path, data: bytes) -> bool:
    old = path.read_bytes() if path.exists() else None
    if old is not None and without_timestamps(old) == without_timestamps(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def untranslated(catalog: Catalog) -> list[str]:
    """msgids with no translation yet, or only a fuzzy guess."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy or not all(strings):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def update_catalog(template: Catalog, folder: Path) -> tuple[list[Path], dict[str, list[str]]]:
    """Write one catalog's .pot, .po and .mo files; returns the files that
    changed and each locale's untranslated msgids."""
    pot = folder / f"{DOMAIN}.pot"
    changed = [pot] if write_if_changed(pot, po_bytes(template)) else []
    todo = {}
    for locale in TRANSLATED:
        po = po_path(locale, folder)
        if write_if_changed(po, po_bytes(merged(template, locale, folder))):
            changed.append(po)
        # Compile from the file just written so the .mo matches the .po exactly.
        with po.open("rb") as file:
            compiled = read_po(file, locale=locale, domain=DOMAIN)
        if write_if_changed(po.with_suffix(".mo"), mo_bytes(compiled)):
            changed.append(po.with_suffix(".mo"))
        todo[locale] = untranslated(compiled)
    return changed, todo


def update() -> dict[str, list[str]]:
    """Extract, merge and compile every catalog; returns the untranslated
    msgids, by "<locale>" (shared catalog) or "<game> <locale>"."""
    todo = {}
    for folder, template in extract_all().items():
        changed, missing = update_catalog(template, folder)
        for path in changed:
            print(f"wrote {path.relative_to(ROOT)}")
        todo.update({catalog_label(folder, locale): msgids for locale, msgids in missing.items()})
    return todo


def catalog_label(folder: Path, locale: str) -> str:
    return locale if folder == HERE else f"{folder.parent.name} {locale}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; fail if a msgid is missing or untranslated")
    args = parser.parse_args(argv)
    if args.check:
        todo = {catalog_label(folder, locale): untranslated(merged(template, locale, folder))
                for folder, template in extract_all().items() for locale in TRANSLATED}
    else:
        todo = update()
    for catalog, missing in todo.items():
        for msgid in missing:
            print(f"{catalog}: untranslated: {msgid!r}")
    return 1 if any(todo.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
