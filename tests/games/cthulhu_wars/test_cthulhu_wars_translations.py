"""Cthulhu Wars ships its own catalog: every string of its package and
templates is translated into Simplified Chinese and Japanese with the same
placeholders, the compiled catalogs match, every name in the data is marked,
and the pages speak the reader's language."""

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.games.cthulhu_wars import data, names
from companion.translations import update

ROOT = Path(__file__).resolve().parents[3]
TRANSLATIONS = ROOT / "companion" / "games" / "cthulhu_wars" / "translations"
LOCALES = ["zh_Hans", "ja"]
PLACEHOLDER = re.compile(r"%\((\w+)\)[-+ #0]*\d*[sd]")


def game_msgids() -> set[str]:
    """What the platform's extraction sends to this game's own catalog."""
    own = update.game_catalogs(ROOT)
    return {msgid if isinstance(msgid, str) else msgid[0]
            for filename, _line, msgid, _comments, _context in update.marked_strings(ROOT)
            if update.owner(filename, own) == "cthulhu_wars"}


def catalog(locale):
    with open(TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po", "rb") as file:
        return read_po(file, locale=locale)


def test_the_game_marks_its_strings():
    found = game_msgids()
    assert {"Gather power for everyone", "Black Goat", "%(n)d gates × 2"} <= found


@pytest.mark.parametrize("locale", LOCALES)
def test_every_string_is_translated_with_its_placeholders(locale):
    po = catalog(locale)
    for msgid in sorted(game_msgids()):
        message = po.get(msgid)
        assert message is not None and message.string, f"{locale}: {msgid!r} is not translated"
        assert not message.fuzzy, (locale, msgid)
        # A plural msgid: one form in Chinese and Japanese, each with the msgid's placeholders.
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"{locale}: {msgid!r} is not translated"
        for form in forms:
            assert sorted(PLACEHOLDER.findall(form)) == sorted(PLACEHOLDER.findall(msgid)), (locale, msgid)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_compiled_catalog_matches(locale):
    compiled = gettext.translation("messages", localedir=str(TRANSLATIONS), languages=[locale])
    for message in catalog(locale):
        if isinstance(message.id, tuple):  # a plural: its one form, whatever the count
            for count in (1, 2):
                assert compiled.ngettext(*message.id, count) == message.string[0], (locale, message.id)
        elif message.id:
            assert compiled.gettext(message.id) == message.string, (locale, message.id)


def test_every_name_in_the_data_is_marked_for_translation():
    data_names = {f["name"] for f in data.factions().values()}
    data_names |= {u["name"] for f in data.factions().values() for u in f["units"]}
    data_names |= {b["name"] for f in data.factions().values() for b in f["spellbooks"]}
    data_names |= {a["name"] for board in data.maps().values() for a in board["areas"]}
    assert data_names <= set(names.NAMES)
    assert set(names.REQUIREMENTS) >= {r["id"] for f in data.factions().values() for r in f["requirements"]}


@pytest.mark.parametrize("locale", LOCALES)
def test_a_msgid_the_shared_catalog_also_has_is_translated_the_same(locale):
    """Catalogs are merged at run time: two translations of one msgid would
    make the other pages' words depend on which catalog loads last."""
    with open(ROOT / "companion" / "translations" / locale / "LC_MESSAGES" / "messages.po", "rb") as file:
        shared = {m.id: m.string for m in read_po(file, locale=locale) if m.id}
    mine = {m.id: m.string for m in catalog(locale) if m.id}
    assert {k: (shared[k], mine[k]) for k in set(shared) & set(mine) if shared[k] != mine[k]} == {}


def test_the_tally_tables_default_track_names_are_not_translated_here():
    """A tally table translates its tracks' names through the merged catalogs:
    a "Doom" here renamed the tally's Doom track."""
    mine = {m.id for m in catalog("ja") if m.id}
    assert not {"Doom", "VP"} & mine
