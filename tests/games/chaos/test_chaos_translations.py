"""The Chaos catalog: every string the package and its templates mark is
translated into Simplified Chinese and Japanese, placeholders kept, and the
compiled .mo files match. After adding strings:
`python -m companion.games.chaos.translations.update`, translate, run again."""

import re
import subprocess
import sys

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion import PROJECT_ROOT
from companion.games.chaos.translations import update

PLACEHOLDER = re.compile(r"%\((\w+)\)[-+ #0]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")
HERE = update.HERE


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    pot = tmp_path_factory.mktemp("chaos") / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", str(HERE / "babel.cfg"),
                    "--omit-header", "-o", str(pot), "."], cwd=PROJECT_ROOT, check=True, capture_output=True)
    with open(pot, "rb") as handle:
        return {m.id for m in read_po(handle) if m.id}


def po(locale):
    with open(HERE / locale / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle, locale=locale)


@pytest.mark.parametrize("locale", update.LOCALES)
def test_every_marked_string_is_translated_with_its_placeholders(extracted, locale):
    catalog = {m.id: m for m in po(locale) if m.id}
    missing = sorted(extracted - set(catalog))
    assert not missing, f"run the update and translate: {missing}"
    for msgid in extracted:
        message = catalog[msgid]
        assert message.string and not message.fuzzy, msgid
        assert sorted(PLACEHOLDER.findall(message.string)) == sorted(PLACEHOLDER.findall(msgid)), msgid


@pytest.mark.parametrize("locale", update.LOCALES)
def test_the_compiled_catalog_matches_the_po(locale):
    with open(HERE / locale / "LC_MESSAGES" / "messages.mo", "rb") as handle:
        compiled = {m.id: m.string for m in read_mo(handle) if m.id}
    assert compiled == {m.id: m.string for m in po(locale) if m.id and m.string}


def test_every_name_the_data_uses_has_a_msgid():
    from companion.games.chaos import data
    from companion.games.chaos.names import GOD_NAMES, REGION_NAMES, UNIT_NAMES, UPGRADE_NAMES

    assert set(data.gods()) == set(GOD_NAMES) and set(data.regions()) == set(REGION_NAMES)
    for god in data.gods().values():
        assert {unit["id"] for unit in god["units"]} <= set(UNIT_NAMES)
        assert set(god["upgrades"]) <= set(UPGRADE_NAMES)


def test_the_shared_catalog_leaves_this_game_out():
    cfg = (PROJECT_ROOT / "companion" / "translations" / "babel.cfg").read_text(encoding="utf-8")
    assert "[ignore: companion/games/chaos/**]" in cfg and "[ignore: templates/games/chaos/**]" in cfg
