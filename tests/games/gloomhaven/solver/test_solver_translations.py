"""Every explanation the solver can give is translated into Simplified Chinese
and Japanese, with the same placeholders, and the compiled catalogs are up
to date."""

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from companion.games.gloomhaven.solver import explain, solve

PACKAGE = Path(explain.__file__).resolve().parents[1]
SOLVER = PACKAGE / "solver"
TRANSLATIONS = PACKAGE / "translations"
LOCALES = ["zh_Hans", "ja"]


def solver_msgids() -> set:
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(SOLVER), method_map=[("**.py", "python")], keywords={"N_": None}
    ):
        if message:
            found.add(message)
    return found


def catalog(locale):
    with open(TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f)


def placeholders(text: str) -> set:
    return set(re.findall(r"%\([a-z_]+\)[sd]", text))


def test_the_solver_marks_its_messages():
    msgids = solver_msgids()
    assert len(msgids) >= 15
    assert explain.FOCUS_CLOSER in msgids


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_is_translated(locale):
    po = catalog(locale)
    for msgid in sorted(solver_msgids()):
        message = po.get(msgid)
        assert message is not None, "%s: %r is missing" % (locale, msgid)
        assert message.string, "%s: %r is not translated" % (locale, msgid)
        assert not message.fuzzy, "%s: %r is fuzzy" % (locale, msgid)
        assert placeholders(message.string) == placeholders(msgid), (locale, msgid)


@pytest.mark.parametrize("locale", LOCALES)
def test_compiled_catalog_matches(locale):
    po = catalog(locale)
    mo = gettext.translation("messages", localedir=str(TRANSLATIONS), languages=[locale])
    for msgid in solver_msgids():
        assert mo.gettext(msgid) == po.get(msgid).string, (locale, msgid)


@pytest.mark.parametrize("locale, word", [("zh_Hans", "专注"), ("ja", "フォーカス")])
def test_why_in_the_language(locale, word):
    mo = gettext.translation("messages", localedir=str(TRANSLATIONS), languages=[locale])
    s = {
        "hexes": [[q, r] for q in range(6) for r in range(6)],
        "figures": [{"id": "m", "side": "monster", "hex": [0, 0]},
                    {"id": "a", "side": "character", "hex": [4, 0], "initiative": 10}],
        "active": "m",
        "action": {"move": 2, "attack": {"range": 0, "targets": 1}},
    }
    why = solve(s, translate=mo.gettext)["options"][0]["why"]
    assert word in why
