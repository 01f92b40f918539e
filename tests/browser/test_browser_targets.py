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
from playwright.sync_api import expect

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
from browser_support import wait_live
from test_browser_gloomhaven import join
from test_browser_gloomhaven_monster_turns import block, seat_of, turn_now

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


def test_a_gloomhaven_round_with_its_map_and_the_end_summary_are_thumb_sized_and_uncut(server, phones):
    """Later in a scenario than the pages above: the map laid with its
    figures, a monster's turn shown and done (elements to infuse, damage
    waiting), then the end summary, whose three numbers with one-word
    headers ("Checkmarks") no longer run off a 360 px card."""
    store = server.store
    token = store.create_table("gloomhaven", "Black Barrow", {"scenario": 1}).token
    ann, bo = phones(), phones()
    for phone, name in ((ann, "Ann"), (bo, "Bo")):
        join(phone.page, server, token, name)
    seats = {name: seat_of(server, token, name) for name in ("Ann", "Bo")}
    store.act(token, seats["Ann"], "character.set", {"class": "brute", "level": 1})
    store.act(token, seats["Bo"], "character.set", {"class": "spellweaver", "level": 1})
    store.act(token, seats["Ann"], "scenario.start", {})
    store.act(token, seats["Ann"], "map.hexes", {"hexes": block(9, 6)})
    spots = {seats["Ann"]: (2, -1), seats["Bo"]: (2, 1)}
    standees = [s["id"] for s in store.state(token)[1]["standees"]]
    spots.update(zip(standees, [(q, row - q // 2) for q in (4, 6, 7, 5) for row in range(0, 6, 2)]))
    for figure, (q, r) in spots.items():
        store.act(token, seats["Ann"], "map.place", {"figure": figure, "q": q, "r": r})
    for name, initiative in (("Ann", 80), ("Bo", 85)):
        store.act(token, seats[name], "initiative.choose", {"initiative": initiative, "second": 20})
    while (turn := turn_now(store, token)) and turn["kind"] == "character":  # on to a monster's turn
        store.act(token, turn["id"], "turn.next", {})
    ann.page.goto(server.at(f"/t/{token}"))
    wait_live(ann.page)
    ann.page.locator("#region-now").get_by_role("button", name="Show its turn").click()
    expect(ann.page.locator("#region-now .gh-whole")).to_be_visible(timeout=15_000)
    found: dict[str, list] = {}
    for moment in ("a monster's turn", "the end"):
        if moment == "the end":
            store.act(token, seats["Ann"], "scenario.end", {"outcome": "success"})
        for language in LANGUAGES:
            for phone in (ann, bo):
                for where in ("", "/display", "/history"):
                    phone.page.goto(server.at(f"/t/{token}{where}"))
                    choose_language(phone.page, language)
                    measure(phone.page, f"{where or 'seat'} at {moment}", found)
    compare(found, set())
