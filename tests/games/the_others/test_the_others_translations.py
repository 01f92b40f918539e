"""The Others' own catalog: every string its package and templates mark is
translated into Simplified Chinese and Japanese with the same placeholders,
the compiled catalogs are current, and pages use it."""

from __future__ import annotations

import re

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion import PACKAGE_DIR

FOLDER = PACKAGE_DIR / "games" / "the_others" / "translations"
LOCALES = ("zh_Hans", "ja")
PLACEHOLDER = re.compile(r"%\((\w+)\)([-+ #0]*\d*[diouxXeEfFgGcrsa])")


def extracted() -> set[str]:
    """What the project's extraction sends to this game's catalog."""
    from companion.translations import update
    return {m.id if isinstance(m.id, str) else m.id[0] for m in update.extract_all()[FOLDER] if m.id}


def forms(message) -> list[str]:
    """A translation's forms: one, or one per plural form (msgstr[0], ...)."""
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def key(value):
    return tuple(value) if isinstance(value, (list, tuple)) else value


def catalog(locale: str):
    with (FOLDER / locale / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=locale)


@pytest.fixture(scope="module")
def msgids() -> set[str]:
    return extracted()


def test_the_game_marks_its_strings(msgids):
    assert {"The Others: 7 Sins", "Only one sin card per hero turn, its reaction included.",
            "Apocalypse track", "Pride"} <= msgids


@pytest.mark.parametrize("locale", LOCALES)
def test_every_marked_string_is_translated_with_its_placeholders(msgids, locale):
    po = catalog(locale)
    missing = sorted(m for m in msgids if po.get(m) is None or not all(forms(po.get(m))) or po.get(m).fuzzy)
    assert not missing, f"{locale}: translate in {FOLDER}: {missing}"
    wrong = [m for m in msgids for form in forms(po.get(m))
             if sorted(PLACEHOLDER.findall(m)) != sorted(PLACEHOLDER.findall(form))]
    assert not wrong, f"{locale}: placeholders differ: {wrong}"


@pytest.mark.parametrize("locale", LOCALES)
def test_compiled_catalog_matches(locale):
    po = catalog(locale)
    expected = {key(m.id): key(m.string) for m in po if m.id and all(forms(m)) and not m.fuzzy}
    with (FOLDER / locale / "LC_MESSAGES" / "messages.mo").open("rb") as file:
        compiled = {key(m.id): key(m.string) for m in read_mo(file) if m.id}
    assert compiled == expected, "stale .mo: run python -m companion.translations.update"


def test_the_shared_catalog_leaves_the_game_out():
    from companion.translations import update
    found = {m.id for m in update.extract() if m.id}
    assert "Only one sin card per hero turn, its reaction included." not in found


def test_chinese_keeps_one_word_for_turn_and_another_for_round():
    """回合 is a hero's turn, 轮 the round: a line about the round never says 回合."""
    po = catalog("zh_Hans")
    for message in po:
        text = message.id if isinstance(message.id, str) else (message.id or [""])[0]
        if not text or "turn" in text.lower() or "round" not in text.lower():
            continue
        assert all("回合" not in form for form in forms(message)), text
    assert po.get("The hero dies at the end of the round.").string == "该英雄在本轮结束时死亡。"
    assert po.get("Turn of %(hero)s").string == "%(hero)s 的回合"
    assert "罪恶玩家" in po.get("The SIN places 1 more fire token at each round start.").string
