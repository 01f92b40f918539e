"""Faction and god names drawn in their colour stay readable in a dark room
and in daylight: at least 4.5:1 against the background they sit on (WCAG AA
for text), measured in the browser on the display page of each game."""

from __future__ import annotations

import pytest

from tests.browser.test_browser_layout import contrast, relative_luminance

pytestmark = pytest.mark.browser

#: Each coloured name's own colour and the first opaque background behind it.
COLOURED_NAMES = """() => [...document.querySelectorAll('[class*="faction-"], [style*="--god-"]')]
    .filter(e => e.checkVisibility() && e.textContent.trim())
    .map(e => {
        let back = e;
        while (back && ['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(back).backgroundColor))
            back = back.parentElement;
        return {name: e.textContent.trim().slice(0, 30), colour: getComputedStyle(e).color,
                background: back ? getComputedStyle(back).backgroundColor : 'rgb(255, 255, 255)'};
    })"""

TABLES = {
    "cthulhu-wars": {"seat_1": "great_cthulhu", "seat_2": "crawling_chaos", "seat_3": "black_goat",
                     "seat_4": "yellow_sign"},
    "chaos-old-world": {"players": "4"},
}


@pytest.mark.parametrize("scheme", ["dark", "light"])
@pytest.mark.parametrize("game", sorted(TABLES))
def test_coloured_names_keep_a_readable_contrast(server, phones, game, scheme):
    table = server.store.create_table(game, "Colours", TABLES[game])
    if game == "chaos-old-world":  # the gods' table shows once the set-up is done
        server.store.act(table.token, None, "setup.tokens", {"draw": True})
        server.store.act(table.token, None, "setup.start", {})
    page = phones(color_scheme=scheme).page
    page.goto(server.at(f"/t/{table.token}/display"))
    names = page.evaluate(COLOURED_NAMES)
    assert len(names) >= 4, names  # every faction or god is named in its colour
    faint = [n for n in names
             if contrast(relative_luminance(n["colour"]), relative_luminance(n["background"])) < 4.5]
    assert faint == []
