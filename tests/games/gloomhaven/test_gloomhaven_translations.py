"""Gloomhaven's own catalog (companion/games/gloomhaven/translations/): it
holds every string the game marks (its Python and its templates), each
translated into Simplified Chinese and Japanese with the same placeholders,
and the compiled .mo files match the .po files.

When the first test fails after adding a string, run the pybabel commands
in the README (section "Monster solver" and the Gloomhaven table), translate
the new entries, and compile."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[3]
HERE = ROOT / "companion" / "games" / "gloomhaven" / "translations"
CONFIG = HERE / "babel.cfg"
LOCALES = ("zh_Hans", "ja")
PLACEHOLDER = re.compile(r"%\((\w+)\)([-+ #0]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa])")
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "ActionError": None, "tr": None}


def msgid_of(message) -> str:
    return message if isinstance(message, str) else message[0]


@pytest.fixture(scope="module")
def extracted() -> set[str]:
    with CONFIG.open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config, str(CONFIG))
    return {msgid_of(message) for _, _, message, _, _ in
            extract_from_dir(ROOT, method_map, options_map, KEYWORDS) if msgid_of(message)}


def as_list(string) -> list[str]:
    return list(string) if isinstance(string, (tuple, list)) else [string]


def catalog(locale: str):
    with (HERE / locale / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=locale)


def test_the_template_holds_every_string_the_game_marks(extracted):
    with (HERE / "messages.pot").open("rb") as file:
        template = {msgid_of(m.id) for m in read_po(file) if m.id}
    assert extracted - template == set(), "run the pybabel extract/update commands in the README"
    assert "Attack a monster" in extracted and "card selection" in extracted


@pytest.mark.parametrize("locale", LOCALES)
def test_every_string_is_translated_with_its_placeholders(extracted, locale):
    entries = {msgid_of(m.id): m for m in catalog(locale) if m.id}
    for msgid in extracted:
        entry = entries.get(msgid)
        assert entry is not None and not entry.fuzzy, (locale, msgid)
        strings = entry.string if isinstance(entry.string, (tuple, list)) else [entry.string]
        assert all(strings), (locale, msgid)
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(msgid)), (locale, msgid, text)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_compiled_catalog_matches_the_po_file(locale):
    with (HERE / locale / "LC_MESSAGES" / "messages.mo").open("rb") as file:
        compiled = {msgid_of(m.id): as_list(m.string) for m in read_mo(file) if m.id}
    written = {msgid_of(m.id): as_list(m.string) for m in catalog(locale) if m.id and not m.fuzzy and m.string}
    assert compiled == written
