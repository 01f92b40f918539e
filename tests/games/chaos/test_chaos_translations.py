"""The Chaos catalog (companion/games/chaos/translations/, filled by
`python -m companion.translations.update`): translations keep their
placeholders, the compiled files match, and every name the data uses is a
msgid. (tests/test_translations.py checks that nothing is left out.)"""

import re

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.translations import update

PLACEHOLDER = re.compile(r"%\((\w+)\)[-+ #0]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")
FOLDER = update.game_catalogs()["chaos"]
LOCALES = ("zh_Hans", "ja")


def po(locale):
    with open(FOLDER / locale / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle, locale=locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_translation_keeps_its_placeholders(locale):
    for message in po(locale):
        if message.id:
            # A plural msgid (NP_) has one form in Chinese and Japanese, checked against the plural's placeholders.
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(strings) and not message.fuzzy, message.id
            for string in strings:
                assert sorted(PLACEHOLDER.findall(string)) == sorted(PLACEHOLDER.findall(ids[-1])), message.id


def hashable(text):
    """A compiled plural entry's msgids and forms come back as lists; the .po's as tuples."""
    return tuple(text) if isinstance(text, list) else text


@pytest.mark.parametrize("locale", LOCALES)
def test_the_compiled_catalog_matches_the_po(locale):
    with open(FOLDER / locale / "LC_MESSAGES" / "messages.mo", "rb") as handle:
        compiled = {hashable(m.id): hashable(m.string) for m in read_mo(handle) if m.id}
    # Plurals (NP_): a tuple of msgids and one of forms.
    assert compiled == {m.id: m.string for m in po(locale) if m.id and m.string}


def test_every_name_the_data_uses_is_in_the_catalog():
    from companion.games.chaos import data
    from companion.games.chaos.names import GOD_NAMES, REGION_NAMES, UNIT_NAMES, UPGRADE_NAMES

    assert set(data.gods()) == set(GOD_NAMES) and set(data.regions()) == set(REGION_NAMES)
    catalog = {m.id for m in po("zh_Hans") if m.id}
    for god in data.gods().values():
        assert {UNIT_NAMES[unit["id"]] for unit in god["units"]} <= catalog
        assert {UPGRADE_NAMES[label] for label in god["upgrades"]} <= catalog
    assert set(GOD_NAMES.values()) | set(REGION_NAMES.values()) <= catalog
