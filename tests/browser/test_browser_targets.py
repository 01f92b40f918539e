"""Thumb-sized and uncut, in every language: on a 360 px phone at the default
zoom, every control of every page of every table type (folds open) is at
least 44 × 44 px, nothing scrolls the page sideways, and no table column is
cut or broken inside a word; in English, Chinese and Japanese.

A control's target is what a tap on it activates: a checkbox or radio inside
its label is measured by the label (the whole row answers the tap). A link
inside a sentence is exempt (WCAG 2.5.8's inline exception).

What a game's own templates or stylesheet still do would be listed per game in
KNOWN ("page: what", the control or table by its tag and classes). The list
may only shrink: a new finding fails, and so does an entry no longer found
(delete it)."""

from __future__ import annotations

import pytest

from a11y_support import (
    LANGUAGES,
    TABLES,
    choose_language,
    open_all_details,
    open_child,
    overflows,
    seat_at,
    small_targets,
)

pytestmark = pytest.mark.browser

KNOWN: dict[str, set[str]] = {game: set() for game in TABLES}
# Empty: every page of every table type passes. (Cthulhu Wars' display on a phone shows its factions'
# table a block per faction; Chaos' region figures are a line per god, no table to cut.)


def measure(page, where: str, found: dict[str, list]) -> None:
    open_all_details(page)
    for key, detail in {**small_targets(page), **overflows(page)}.items():
        found.setdefault(f"{where}: {key}", []).append(detail)


def compare(found: dict[str, list], known: set[str]) -> None:
    new = {key: found[key][:2] for key in found if key not in known}
    assert not new, f"{len(new)} new: " + "\n".join(f"{key}  <- {detail}" for key, detail in sorted(new.items()))
    fixed = known - set(found)
    assert not fixed, f"no longer found (delete from KNOWN, the list only shrinks): {sorted(fixed)}"


def test_the_home_page_is_thumb_sized_and_uncut_in_every_language(server, phones):
    page = phones().page
    page.goto(server.url)
    found: dict[str, list] = {}
    for language in LANGUAGES:
        choose_language(page, language)
        measure(page, "home", found)
    compare(found, set())


@pytest.mark.parametrize("game", list(TABLES))
def test_every_page_of_a_table_is_thumb_sized_and_uncut_in_every_language(server, phones, game):
    found: dict[str, list] = {}

    def on_join_page(page):
        for language in LANGUAGES:
            choose_language(page, language)
            measure(page, "join", found)
        choose_language(page, "en")

    seated = seat_at(server, phones(), game, on_join_page=on_join_page)
    child = open_child(seated) if game == "gloomhaven-campaign" else None
    page = seated.page
    for language in LANGUAGES:
        for table in [seated] + ([child] if child else []):
            for where, url in table.urls(server).items():
                page.goto(url)
                choose_language(page, language)
                measure(page, where if table is seated else f"{where} (scenario from the campaign)", found)
    compare(found, KNOWN[game])
