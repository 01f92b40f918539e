"""Gloomhaven's table display (issue 18 item 4): at 1024×768 and 1920×1080 it
shows what the table looks at on one screen, with no scrolling and nothing
cut: the map large, the round and the elements, the turn order with whose
turn it is (each character's hit points), and each monster type's card with
its standees' hit points as numbers and their conditions. Text at least
24 px and the numbers at least 32 px at 1024×768 (the map's own drawing is
measured by its size: it scales with the screen)."""

from __future__ import annotations

import pytest

from browser_support import assert_display_readable, display_page, on_every_display

pytestmark = pytest.mark.browser


def scenario_at_play(store) -> str:
    """Black Barrow, rooms 1 and 2 open, round 1 at a monster's turn: a
    map laid with the Brute and three standees on it, one standee hurt and
    poisoned, fire infused."""
    token = store.create_table("gloomhaven", "Black Barrow", {"scenario": 1}).token
    ann, _ = store.join(token, "Ann", "player")
    bo, _ = store.join(token, "Bo", "player")
    store.act(token, ann.id, "character.set", {"class": "brute", "level": 1})
    store.act(token, bo.id, "character.set", {"class": "spellweaver", "level": 1})
    store.act(token, ann.id, "scenario.start", {})
    store.act(token, ann.id, "room.reveal", {"room": 2})
    store.act(token, ann.id, "initiative.choose", {"initiative": 10, "second": 40})
    store.act(token, bo.id, "initiative.choose", {"initiative": 60, "second": 20})
    store.act(token, ann.id, "map.hexes", {"hexes": [[q, r] for q in range(7) for r in range(-q // 2, 5 - q // 2)]})
    standees = [s["id"] for s in store.state(token)[1]["standees"]]
    for figure, (q, r) in zip([ann.id, bo.id, *standees[:3]], [(0, 0), (0, 1), (4, 0), (5, -1), (6, -2)]):
        store.act(token, ann.id, "map.place", {"figure": figure, "q": q, "r": r})
    store.act(token, ann.id, "standee.adjust", {"standee": standees[0], "delta": -2})
    store.act(token, ann.id, "standee.condition", {"standee": standees[0], "condition": "poison"})
    store.act(token, ann.id, "element.infuse", {"element": "fire"})
    store.act(token, ann.id, "turn.next", {})
    return token


#: Gloomhaven's display: the regions that clip (the map's, the monsters' cards) must hold
#: what is in them; the map's drawing scales with the screen (measured by its size).
GLOOMHAVEN = {"clips": "#region-map, .gh-board-monsters", "drawings": "svg"}


@on_every_display
def test_the_display_shows_the_whole_scenario_on_one_screen(server, browser, size, locale, tmp_path):
    token = scenario_at_play(server.store)
    state = server.store.state(token)[1]
    with display_page(browser, server, token, size, locale, "#region-board .gh-board-order", ready_state="attached",
                      screenshot="gloomhaven-display", folder=tmp_path) as page:
        assert_display_readable(page, **GLOOMHAVEN, least_numbers=3)  # each standee's hit points
        # The map large: over half the screen's width or most of its height.
        map_box = page.locator(".gh-map-svg").first.bounding_box()
        assert map_box["width"] >= 0.5 * size["width"] or map_box["height"] >= 0.75 * size["height"], map_box
        # Whose turn it is, and every standee's hit points as a number.
        assert page.locator(".gh-board-order li.now").count() == 1
        standees = [s for s in state["standees"]]
        numbers = page.locator(".gh-board-standees li .value").all_inner_texts()
        assert sorted(int(n) for n in numbers) == sorted(s["hp"] for s in standees)
        assert page.locator(".gh-board-monster").count() == len({s["monster"] for s in standees})
        assert page.locator(".gh-board-standees .cond").count() == 1  # the poisoned one
        if locale == "en-GB":
            text = page.locator("main").inner_text()
            for words in ("Black Barrow", "Round", "Fire", "Brute", "Spellweaver", "Bandit Guard", "Poison"):
                assert words in text, words
            assert page.locator(".gh-board-order li.now").inner_text().split()[1] == "Bandit"


def test_while_cards_are_chosen_the_display_says_who_is_still_choosing(server, browser, tmp_path):
    store = server.store
    token = store.create_table("gloomhaven", "Black Barrow", {"scenario": 1}).token
    ann, _ = store.join(token, "Ann", "player")
    bo, _ = store.join(token, "Bo", "player")
    store.act(token, ann.id, "character.set", {"class": "brute", "level": 1})
    store.act(token, bo.id, "character.set", {"class": "spellweaver", "level": 1})
    store.act(token, ann.id, "scenario.start", {})
    store.act(token, ann.id, "initiative.choose", {"initiative": 10, "second": 40})
    tablet = {"width": 1024, "height": 768}
    with display_page(browser, server, token, tablet, "en-GB", "#region-board .gh-board-waiting",
                      ready_state="attached", screenshot="gloomhaven-display-choosing", folder=tmp_path) as page:
        assert_display_readable(page, **GLOOMHAVEN, least_numbers=2)  # each character's hit points
        assert page.locator(".gh-board-waiting").inner_text() == "Still choosing: Spellweaver"
        # Each character's hit points while the cards are chosen.
        assert [" ".join(t.split()) for t in page.locator(".gh-board-order li").all_inner_texts()] == [
            "Brute 10/10", "Spellweaver 6/6"]
