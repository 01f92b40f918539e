"""An accessibility audit of every page of every table type with axe-core
(tests/browser/vendor/), on a 360 px phone, light and dark: no serious or
critical violation.

What a game's own templates still break is listed per game in KNOWN: each
entry names the page and the axe rule. The list may only shrink: a new
violation fails, and so does an entry that no longer occurs (delete it)."""

from __future__ import annotations

import re

import pytest

from a11y_support import TABLES, axe_violations, choose_language, open_all_details, open_child, seat_at

pytestmark = pytest.mark.browser

# page: axe rule id, for what a game's own template or stylesheet still does.
KNOWN: dict[str, set[str]] = {game: set() for game in TABLES} | {"gloomhaven (from a campaign)": set()}


def audit(page, where: str, found: dict[str, list]) -> None:
    """axe in light and dark, the page's folds all open; and a heading: every
    page has an h1 (a seat's and the display's is the table's name, in the bar)."""
    if not page.locator("h1").count():
        found.setdefault(f"{where}: no h1", []).append(page.url)
    open_all_details(page)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for violation in axe_violations(page):
            found.setdefault(f"{where}: {violation['rule']}", []).append(
                {"scheme": scheme, "help": violation["help"], "nodes": violation["nodes"][:3]})
    page.emulate_media(color_scheme="light")


def compare(found: dict[str, list], known: set[str]) -> None:
    new = {key: found[key] for key in found if key not in known}
    assert not new, f"serious or critical accessibility violations: {new}"
    fixed = known - set(found)
    assert not fixed, f"no longer found (delete from KNOWN, the list only shrinks): {sorted(fixed)}"


def test_the_home_page_has_no_serious_accessibility_violation(server, phones):
    page = phones().page
    page.goto(server.url)
    found: dict[str, list] = {}
    audit(page, "home", found)
    compare(found, set())


@pytest.mark.parametrize("game", list(TABLES))
def test_every_page_of_a_table_has_no_serious_accessibility_violation(server, phones, game):
    found: dict[str, list] = {}
    seated = seat_at(server, phones(), game, on_join_page=lambda page: audit(page, "join", found))
    tables = [seated]
    child = open_child(seated) if game == "gloomhaven-campaign" else None
    for table in tables + ([child] if child else []):
        page = table.page
        for where, url in table.urls(server).items():
            page.goto(url)
            audit(page, where if table is seated else f"{where} (scenario from the campaign)", found)
    compare(found, KNOWN[game])


HIDDEN_FOCUS = """() => {
    const focused = document.activeElement, bar = document.querySelector('.table-page .region-log');
    if (!focused || focused === document.body || !bar || bar.contains(focused)) return null;
    const f = focused.getBoundingClientRect(), b = bar.getBoundingClientRect();
    // Taller than the screen above the bar (a long table's scroll box): its top in view is all there is.
    const what = focused.outerHTML.slice(0, 100);
    const stuck = b.bottom >= window.innerHeight - 2;  // else the bar is in its own place, the page below it
    if (stuck && f.height > b.top - 60) return f.top < b.top - 20 ? null : `${what} (top under the bar)`;
    const under = Math.min(f.bottom, b.bottom) - Math.max(f.top, b.top);
    return under > 1 ? `${what} (${Math.round(under)} px of ${Math.round(f.height)} under the bar)` : null;
}"""


@pytest.mark.parametrize("game", list(TABLES))
def test_keyboard_focus_never_lands_under_the_bar_at_the_foot(server, phones, game):
    """Tabbing through a seat's page, folds open: each control the focus
    reaches is scrolled clear of the sticky bar at the foot (last step, Undo),
    not left under it."""
    page = seat_at(server, phones(), game).page
    open_all_details(page)
    page.evaluate("window.scrollTo(0, 0)")
    hidden, stops = [], 0
    while stops < 400:
        stops += 1
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('footer.foot') !== null"):
            break  # past the table, at the language menu
        if (under := page.evaluate(HIDDEN_FOCUS)):
            hidden.append(under)
    assert stops > 10, "the page has controls to tab through"
    assert not hidden, f"{len(hidden)} of {stops} tab stops under the bar: {hidden[:5]}"


@pytest.mark.parametrize("language, doom", [("en", "Doom: 10, from 0 to 30"), ("zh_Hans", "Doom：10（0 至 30）"),
                                            ("ja", "Doom：10（0〜30）")])
def test_a_track_says_its_value_and_its_range_in_words(server, phones, language, doom):
    """The kit's tracks and meters are pictures; their text alternative says
    what a look at them shows: the value and the range (and for a track's
    marked space, its name), in the page's language."""
    tally = seat_at(server, phones(), "tally")
    choose_language(tally.page, language)
    assert tally.page.locator("#region-tracks svg.meter[role=img]").first.get_attribute("aria-label") == doom

    chaos = seat_at(server, phones(), "chaos-old-world").page
    choose_language(chaos, language)
    dials = chaos.locator("#region-gods svg.track-bar[role=img]")
    assert dials.count() == 4  # a dial per god
    for label in [dials.nth(i).get_attribute("aria-label") for i in range(4)]:
        said = re.fullmatch(r"(.+)(?:: |：)(\d+)(?:, from |（)(\d+)(?: to | 至 |〜)(\d+)）?", label)
        assert said, label
        god, value, low, high = said[1], *map(int, said.groups()[1:])
        assert god and low == 0 and low <= value <= high and high >= 7, label
