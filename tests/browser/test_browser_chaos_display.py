"""Chaos' table display (issue 18 item 4): at 1024×768 and 1920×1080 it shows
what the table looks at — what the table waits for and whose turn, the round
and phase, each god's VP, threat (its dial), power and dial tokens, and the
nine regions — on one screen with no scrolling, nothing cut, text at least
24 px and the numbers at least 32 px at 1024×768."""

from __future__ import annotations

import pytest

from browser_support import assert_display_readable, display_page, on_every_display
from test_browser_chaos import to_corruption_phase

pytestmark = pytest.mark.browser


@on_every_display
def test_the_display_shows_the_whole_table_on_one_screen(server, browser, size, locale, tmp_path):
    table = server.store.create_table("chaos-old-world", "Chaos night", {"players": "4"})
    khorne = server.store.join(table.token, "Kim", "khorne")[0]
    nurgle = server.store.join(table.token, "Nia", "nurgle")[0]
    to_corruption_phase(server.store, table.token, {"khorne": khorne.id, "nurgle": nurgle.id})
    with display_page(browser, server, table.token, size, locale, "#region-board .display-regions",
                      screenshot="chaos-display", folder=tmp_path) as page:
        assert_display_readable(page, least_numbers=4)  # at least each god's VP
        text = page.locator("main").inner_text()
        assert page.locator(".display-regions > li").count() == 9
        assert page.locator(".scoreboard.gods > li").count() == 4
        if locale == "en-GB":
            for words in ("Every battle is fought", "Round 1", "VP", "Threat", "Power", "Kislev"):
                assert words in text, words
