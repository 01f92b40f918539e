"""The scenario map on real phones at 360 px: Ann lays out a small room by
taps (a block of hexes, one more hex, a thin wall), puts her Brute and two
Bandit Guards on it from the tray, then taps a guard with the monster-turn
tool; its move is drawn on both phones with the reason."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_browser_gloomhaven import join
from tests.harness import fix_seed

pytestmark = pytest.mark.browser


def seat_of(server, token: str, name: str) -> str:
    return next(s.id for s in server.store.seats(token).values() if s.name == name)


def tool(page, label: str) -> None:
    page.locator("#gh-map label.gh-tool", has_text=label).click()


def tap_hex(page, q: int, r: int) -> None:
    page.locator(f'#gh-map polygon[data-q="{q}"][data-r="{r}"]').click()


def test_a_map_laid_by_taps_shows_a_monsters_move_on_both_phones(server, phones):
    store = server.store
    token = store.create_table("gloomhaven", "Black Barrow", {"scenario": 1}).token
    # A known seed: the guards draw card 527 (move, attack). A random one may
    # draw 524 (shield, retaliate), a turn without a focus to show.
    fix_seed(store, token, "map-test-10")
    ann, bo = phones(), phones()
    join(ann.page, server, token, "Ann")
    join(bo.page, server, token, "Bo")
    ann_seat, bo_seat = seat_of(server, token, "Ann"), seat_of(server, token, "Bo")
    store.act(token, ann_seat, "character.set", {"class": "brute", "level": 1})
    store.act(token, bo_seat, "character.set", {"class": "spellweaver", "level": 1})
    store.act(token, ann_seat, "scenario.start", {})
    store.act(token, ann_seat, "initiative.choose", {"initiative": 10, "second": 40})
    store.act(token, bo_seat, "initiative.choose", {"initiative": 60, "second": 20})
    page = ann.page
    expect(page.locator("#gh-map .gh-blank").first).to_be_attached()

    # A block of 5 columns by 4 rows from two corner taps, one more hex, a wall.
    tool(page, "Fill a block")
    tap_hex(page, 0, 0)
    tap_hex(page, 4, 1)
    expect(page.locator("#gh-map polygon.gh-hex")).to_have_count(20)
    tool(page, "Hexes")
    tap_hex(page, 5, -2)
    expect(page.locator("#gh-map polygon.gh-hex")).to_have_count(21)
    tool(page, "Thin wall")
    tap_hex(page, 1, 0)
    tap_hex(page, 2, 0)
    expect(page.locator("#gh-map line.gh-wall")).to_have_count(1)
    expect(bo.page.locator("#gh-map line.gh-wall")).to_have_count(1)

    # The Brute and two guards from the tray onto their hexes, tap and tap.
    guards = [s["id"] for s in store.state(token)[1]["standees"]][:2]
    tool(page, "Move figures")
    for figure, (q, r) in zip([ann_seat, *guards], [(0, 0), (4, 0), (4, 1)]):
        page.locator(f'#gh-map .gh-tray [data-figure="{figure}"]').click()
        tap_hex(page, q, r)
        expect(page.locator(f'#gh-map svg g[data-figure="{figure}"]')).to_be_attached()
    assert store.state(token)[1]["map"]["at"][guards[0]] == "4,0"

    # One tap on a guard: its turn, drawn on both phones.
    tool(page, "Monster turn")
    page.locator(f'#gh-map svg g[data-figure="{guards[0]}"]').click()
    for phone in (ann, bo):
        expect(phone.page.locator("#gh-map .gh-option polyline.gh-path").first).to_be_attached()
        expect(phone.page.locator("#gh-map .gh-plan")).to_contain_text("Focus Brute")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def centre_on_screen(page, q: int, r: int) -> tuple[float, float]:
    box = page.locator(f'#gh-map polygon[data-q="{q}"][data-r="{r}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_turned_map_still_puts_a_tapped_figure_on_that_hex_and_turns_for_this_phone_only(server, phones):
    store = server.store
    token = store.create_table("gloomhaven", "Black Barrow", {"scenario": 1}).token
    ann, bo = phones(), phones()
    join(ann.page, server, token, "Ann")
    join(bo.page, server, token, "Bo")
    ann_seat, bo_seat = seat_of(server, token, "Ann"), seat_of(server, token, "Bo")
    store.act(token, ann_seat, "character.set", {"class": "brute", "level": 1})
    store.act(token, bo_seat, "character.set", {"class": "spellweaver", "level": 1})
    store.act(token, ann_seat, "scenario.start", {})
    page = ann.page
    tool(page, "Fill a block")
    tap_hex(page, 0, 0)
    tap_hex(page, 3, 1)
    expect(page.locator("#gh-map polygon.gh-hex")).to_have_count(12)

    # One quarter turn: the room that ran left to right now runs top to bottom.
    before = [centre_on_screen(page, 0, 0), centre_on_screen(page, 3, 0)]
    page.locator("#gh-map [data-rotate]").click()
    after = [centre_on_screen(page, 0, 0), centre_on_screen(page, 3, 0)]
    assert abs(before[1][0] - before[0][0]) > abs(before[1][1] - before[0][1])
    assert abs(after[1][1] - after[0][1]) > abs(after[1][0] - after[0][0])

    # A tap where hex [3, 0] is now drawn puts the Brute on [3, 0].
    tool(page, "Move figures")
    page.locator(f'#gh-map .gh-tray [data-figure="{ann_seat}"]').click()
    page.locator("#gh-map .gh-map-scroll").evaluate("el => el.scrollTo(0, 0)")
    x, y = centre_on_screen(page, 3, 0)
    page.mouse.click(x, y)
    expect(page.locator(f'#gh-map svg g[data-figure="{ann_seat}"]')).to_be_attached()
    assert store.state(token)[1]["map"]["at"][ann_seat] == "3,0"

    # The redraw keeps Ann's turn; Bo's phone draws the room unturned.
    assert page.evaluate("document.documentElement.dataset.ghTurn") == "1"
    expect(bo.page.locator(f'#gh-map svg g[data-figure="{ann_seat}"]')).to_be_attached()
    assert bo.page.evaluate("document.documentElement.dataset.ghTurn") is None
    first, last = centre_on_screen(bo.page, 0, 0), centre_on_screen(bo.page, 3, 0)
    assert abs(last[0] - first[0]) > abs(last[1] - first[1])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
