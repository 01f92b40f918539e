"""The Others' table display (issue 18 item 4): at 1024×768 and 1920×1080 it
shows what the table looks at — the apocalypse track, each hero's corruption
and wounds, the mission and whose turn — on one screen with no scrolling,
nothing cut, text at least 24 px and the numbers at least 32 px at 1024×768."""

from __future__ import annotations

import pytest

from browser_support import assert_display_readable, display_page, on_every_display
from test_browser_the_others_setup import CLASSES, group_numbers

pytestmark = pytest.mark.browser


def in_a_turn(store) -> str:
    """Four heroes in play (two players, the most a table has), the first
    hero's turn, the apocalypse advanced."""
    store.keep_numbers("the-others", group_numbers())
    table = store.create_table("the-others", "Haven", {"sin": "pride", "acolyte": "nun",
                                                        "story": "havens_last_stand", "hero_players": "2"})
    store.join(table.token, "Sina", "sin")
    ann = store.join(table.token, "Ann", "hero")[0]
    bob = store.join(table.token, "Bob", "hero")[0]
    store.act(table.token, None, "team.choose", {"heroes": list(CLASSES)})
    store.act(table.token, ann.id, "heroes.pick", {"heroes": ["rose", "thorley"]})
    store.act(table.token, bob.id, "heroes.pick", {"heroes": ["morgana", "rocco"]})
    store.act(table.token, ann.id, "game.start", {})
    store.act(table.token, ann.id, "round.first_hero", {"hero": "rose"})
    store.act(table.token, ann.id, "turn.start", {"hero": "rose"})
    store.act(table.token, ann.id, "apocalypse.advance", {"steps": 2})
    return table.token


@on_every_display
def test_the_display_shows_the_whole_table_on_one_screen(server, browser, size, locale, tmp_path):
    token = in_a_turn(server.store)
    with display_page(browser, server, token, size, locale, "#region-display .others-display",
                      screenshot="the-others-display", folder=tmp_path) as page:
        assert_display_readable(page, least_numbers=1)
        assert page.locator(".display-heroes thead th").count() == 4
        assert page.locator(".apocalypse-cells li.here .value").inner_text() == "2"
        if locale == "en-GB":
            text = page.locator("main").inner_text()
            for words in ("Turn of", "Round 1", "Apocalypse track", "Mission 1", "Corruption", "Wounds",
                          "Reaction tokens", "Rose", "Thorley", "Rocco", "Morgana"):
                assert words in text, words


@pytest.mark.parametrize("locale", ["en-GB", "ja-JP"])
def test_a_fight_in_progress_still_fits_the_screen(server, browser, locale, tmp_path):
    token = in_a_turn(server.store)
    rose = next(s for s in server.store.seats(token).values() if s.name == "Ann")
    server.store.act(token, rose.id, "fight.start", {"hero": "rose", "monsters": {"abomination": 1},
                                                      "entered": {"hero": "hit hit", "sin": "hit blank blank"}})
    tablet = {"width": 1024, "height": 768}
    with display_page(browser, server, token, tablet, locale, "#region-display .display-fight",
                      screenshot="the-others-display-fight", folder=tmp_path) as page:
        assert_display_readable(page, least_numbers=1)
