"""Cthulhu Wars on two phones in a real browser: a two-player game through
gather power, the first action phase and a doom phase with a ritual; the
elder sign Great Cthulhu draws shows on his phone and never on Black Goat's."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import assert_display_readable, display_page, join, on_every_display

pytestmark = pytest.mark.browser

LIVE = 10_000  # ms (a busy CI machine: live updates can take seconds)


def seat_of(server, token, role):
    return next(s.id for s in server.store.seats(token).values() if s.role == role)


def test_two_phones_through_gather_and_doom_with_secret_elder_signs(server, phones):
    table = server.store.create_table("cthulhu-wars", "Cthulhu night",
                                      {"seat_1": "great_cthulhu", "seat_2": "black_goat", "board": "counts"})
    gc_phone, bg_phone = phones(), phones()
    gc_phone.accept_dialogs = bg_phone.accept_dialogs = True  # "Pass?" asks first
    gc, bg = gc_phone.page, bg_phone.page
    join(gc, server, table.token, "Gina", role="great_cthulhu")
    join(bg, server, table.token, "Bea", role="black_goat")
    # Two-player set-up (第八章 A): gates in two areas, then both start areas.
    server.store.act(table.token, seat_of(server, table.token, "black_goat"), "setup.gates",
                     {"areas": ["north_atlantic", "antarctica"]})
    server.store.act(table.token, seat_of(server, table.token, "great_cthulhu"), "setup.starts",
                     {"starts": {"great_cthulhu": "north_atlantic", "black_goat": "australia"}})

    # Gather power, tapped on Black Goat's phone: both phones see the working.
    bg.get_by_role("button", name="Gather power for everyone").click()
    expect(gc.get_by_role("button", name="Clockwise", exact=True)).to_be_visible(timeout=LIVE)
    power = gc.locator(".cw-power li", has_text="Great Cthulhu").locator(".working")
    expect(power.locator("summary .value")).to_have_text("9")
    power.locator("summary").click()
    expect(power.locator("li")).to_have_text(["6 cultists", "1 gate × 2", "1 abandoned"])
    gc.get_by_role("button", name="Clockwise", exact=True).click()
    expect(bg.locator(".cw-phase")).to_have_text("Action phase", timeout=LIVE)

    # Round one's action phase: both pass; the round ends.
    gc.get_by_role("button", name="Pass: power to 0").click()
    bg.get_by_role("button", name="Pass: power to 0").click()
    expect(gc.locator(".cw-phase")).to_have_text("Gather power", timeout=LIVE)

    # Cthulhu is in play, so his ritual draws an elder sign.
    server.store.act(table.token, seat_of(server, table.token, "great_cthulhu"), "great_old_one.set",
                     {"great_old_one": "cthulhu", "where": "map"})
    gc.get_by_role("button", name="Gather power for everyone").click()
    gc.get_by_role("button", name="Clockwise", exact=True).click()
    expect(bg.locator(".cw-phase")).to_have_text("Doom phase", timeout=LIVE)
    gc.get_by_role("button", name="Perform the ritual (5)").click()
    bg.get_by_role("button", name="Decline").click()
    gc.get_by_role("button", name="Done").click()
    bg.get_by_role("button", name="Done").click()
    expect(gc.locator(".cw-phase")).to_have_text("Action phase", timeout=LIVE)

    # Doom: 1 from the gate, 1 more from the ritual; the ritual marker moved on.
    cthulhu_doom = bg.locator(".cw-factions tr", has_text="Great Cthulhu").locator(".working summary .value")
    expect(cthulhu_doom).to_have_text("2", timeout=LIVE)
    expect(bg.locator(".cw-ritual li.here")).to_have_text("6")
    # The sign: its value on Great Cthulhu's phone, only a count on Black Goat's.
    sign = gc.locator("[data-elder-sign]")
    expect(sign).to_have_count(1)
    value = sign.get_attribute("data-elder-sign")
    assert value in ("1", "2", "3")
    expect(bg.locator(".cw-factions tr", has_text="Great Cthulhu").locator("td").nth(2)).to_have_text("1")
    assert bg.locator("[data-elder-sign]").count() == 0
    bg_html = bg.content()
    assert "data-elder-sign" not in bg_html and '"drawn"' not in bg_html
    history = bg.context.new_page()
    history.goto(server.at(f"/t/{table.token}/history"))
    ritual = history.locator("ol.history li", has_text="performed the Ritual")
    expect(ritual).to_contain_text("Gina performed the Ritual of Annihilation and drew 1 elder sign")
    assert "elder signs" not in ritual.inner_text() and "data-elder-sign" not in history.content()


FIRST_SCREEN = {"width": 360, "height": 740}


def in_first_screen(page, name):
    """The button `name`, on a page at the top, ends within the first 740 px."""
    button = page.get_by_role("button", name=name, exact=True)
    expect(button).to_be_visible(timeout=LIVE)
    bottom = button.evaluate("b => b.getBoundingClientRect().bottom + window.scrollY")
    assert bottom <= FIRST_SCREEN["height"], (name, bottom)
    return button


def test_the_acting_phone_finds_its_next_step_in_the_first_screen_through_a_round(server, phones):
    """Two phones through round one and into round two's doom and action
    phases: at every step the button of the acting phone's next step is in
    the card at the top, within the first 740 px of a 360 px phone."""
    table = server.store.create_table("cthulhu-wars", "Cthulhu night",
                                      {"seat_1": "great_cthulhu", "seat_2": "black_goat", "board": "counts"})
    gc_phone, bg_phone = phones(), phones()
    gc_phone.accept_dialogs = bg_phone.accept_dialogs = True
    gc, bg = gc_phone.page, bg_phone.page
    for page in (gc, bg):
        page.set_viewport_size(FIRST_SCREEN)
    join(gc, server, table.token, "Gina", role="great_cthulhu")
    join(bg, server, table.token, "Bea", role="black_goat")
    in_first_screen(bg, "Place the gates").click()
    in_first_screen(gc, "Start here").click()
    in_first_screen(bg, "Gather power for everyone").click()
    expect(gc.locator(".now")).to_contain_text("Your turn", timeout=LIVE)
    in_first_screen(gc, "Clockwise").click()
    in_first_screen(gc, "Build a gate (3)").click()
    in_first_screen(gc, "End my turn").click()
    expect(bg.locator(".now")).to_contain_text("Your turn", timeout=LIVE)
    in_first_screen(bg, "Move (1 each)").click()
    in_first_screen(bg, "End my turn").click()
    in_first_screen(gc, "Pass: power to 0").click()
    in_first_screen(bg, "Pass: power to 0").click()
    expect(gc.locator(".now")).to_contain_text("Round 2", timeout=LIVE)
    in_first_screen(gc, "Gather power for everyone").click()
    # Power is tied or not: whoever goes first picks the direction on their phone.
    expect(gc.locator(".now .now-line")).not_to_contain_text("Round 2", timeout=LIVE)
    first = gc if gc.locator(".now.yours").count() else bg
    if first.get_by_role("button", name="Great Cthulhu", exact=True).count():
        in_first_screen(first, "Great Cthulhu").click()
        first = gc
    in_first_screen(first, "Clockwise").click()
    in_first_screen(first, "Decline").click()
    other = bg if first is gc else gc
    in_first_screen(other, "Decline").click()
    in_first_screen(first, "Done").click()
    in_first_screen(other, "Done").click()
    expect(first.locator(".now")).to_contain_text("Action phase", timeout=LIVE)
    first.screenshot(path="/tmp/cw_action.png")
    in_first_screen(first, "Move (1 each)")
    in_first_screen(first, "Pass: power to 0")


def test_passing_asks_first_and_a_no_keeps_the_turn(server, phones):
    table = server.store.create_table("cthulhu-wars", "Cthulhu night",
                                      {"seat_1": "great_cthulhu", "seat_2": "black_goat", "board": "counts"})
    phone = phones()
    gc = phone.page
    join(gc, server, table.token, "Gina", role="great_cthulhu")
    bg_phone = phones()
    join(bg_phone.page, server, table.token, "Bea", role="black_goat")
    server.store.act(table.token, seat_of(server, table.token, "black_goat"), "setup.gates",
                     {"areas": ["north_atlantic", "antarctica"]})
    server.store.act(table.token, seat_of(server, table.token, "great_cthulhu"), "setup.starts",
                     {"starts": {"great_cthulhu": "north_atlantic", "black_goat": "australia"}})
    server.store.act(table.token, seat_of(server, table.token, "great_cthulhu"), "power.gather", {})
    server.store.act(table.token, seat_of(server, table.token, "great_cthulhu"), "direction.choose",
                     {"direction": "clockwise"})
    gc.reload()
    power = server.store.state(table.token)[1]["factions"]["great_cthulhu"]["power"]
    gc.get_by_role("button", name="Pass: power to 0").click()
    assert phone.dialogs == [("confirm", "Pass? Your power drops to 0 and you take no more turns this round.")]
    gc.wait_for_timeout(300)
    assert server.store.state(table.token)[1]["factions"]["great_cthulhu"]["power"] == power
    phone.accept_dialogs = True
    gc.get_by_role("button", name="Pass: power to 0").click()
    expect(gc.locator(".now")).not_to_contain_text("Your turn", timeout=LIVE)
    assert server.store.state(table.token)[1]["factions"]["great_cthulhu"]["power"] == 0


@pytest.mark.parametrize("locale", ["en-GB", "zh-CN"])
def test_the_factions_table_and_its_workings_fit_a_thumb_on_a_360px_phone(server, phones, locale):
    """Every number that opens to its working is a 44 px target; with the
    workings open the factions' headers stay whole words (咒术书, not one
    character a line) and nothing scrolls sideways."""
    from test_browser_layout import MIN_TARGET, open_all_details, sideways_overflow

    table = server.store.create_table("cthulhu-wars", "Cthulhu night", {
        "seat_1": "great_cthulhu", "seat_2": "black_goat", "seat_3": "crawling_chaos"})
    phone = phones(locale=locale, color_scheme="dark").page
    join(phone, server, table.token, "Bartholomew the Unpronounceable", role="great_cthulhu")
    server.store.act(table.token, seat_of(server, table.token, "great_cthulhu"), "power.gather", {})
    phone.reload()
    open_all_details(phone)
    assert sideways_overflow(phone) is None, sideways_overflow(phone)
    small = phone.evaluate(f"""() => [...document.querySelectorAll('.working > summary')]
        .filter(e => e.checkVisibility()).map(e => e.getBoundingClientRect())
        .filter(r => r.width < {MIN_TARGET} || r.height < {MIN_TARGET}).map(r => [r.width, r.height])""")
    assert phone.locator(".working > summary").count() >= 3  # the power gathered; a doom of 0 has no working
    assert not small, small
    headers = phone.evaluate("""() => [...document.querySelectorAll('.cw-factions thead th')]
        .map(th => { const r = document.createRange(); r.selectNodeContents(th);
                     return [th.textContent.trim(), r.getClientRects().length]; })""")
    assert all(lines == 1 for _, lines in headers[2:]) or locale == "en-GB", headers
    cut = phone.evaluate("""() => [...document.querySelectorAll('.cw-factions th[scope=row] .player')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())""")
    assert not cut, cut


def four_factions_in_a_battle(server):
    """Four factions in round one's action phase, a battle declared: the most the display shows."""
    table = server.store.create_table("cthulhu-wars", "Cthulhu night", {
        "seat_1": "great_cthulhu", "seat_2": "crawling_chaos", "seat_3": "black_goat", "seat_4": "yellow_sign",
        "board": "counts"})
    names = {"great_cthulhu": "Gina", "crawling_chaos": "Carl", "black_goat": "Bea", "yellow_sign": "Yuki"}
    for role, name in names.items():
        server.store.join(table.token, name, role)
    act = lambda role, type_, payload: server.store.act(table.token, seat_of(server, table.token, role), type_, payload)  # noqa: E731
    act("great_cthulhu", "power.gather", {})
    act("great_cthulhu", "direction.choose", {"direction": "clockwise"})
    act("great_cthulhu", "battle.declare", {"defender": "black_goat", "area": "north_atlantic",
                                            "attacker_units": {"deep_one": 1}, "defender_units": {"cultist": 1}})
    return table


#: Cthulhu Wars' display: its numbers are the board's (power, doom, elder signs, books, the ritual track).
CTHULHU_WARS = {"numbers": ".cw-board-number", "drawings": "svg", "unseen": ".visually-hidden, .cw-areas"}


@on_every_display
def test_the_table_display_shows_the_whole_table_on_one_screen_readable_from_a_chair(server, browser, size, locale,
                                                                                      tmp_path):
    """Whose turn, power, doom, elder signs, books, the first player and the
    ritual track on one screen: no scroll, nothing cut, text at least 24 px
    and the numbers at least 32 px."""
    table = four_factions_in_a_battle(server)
    with display_page(browser, server, table.token, size, locale, ".cw-board", screenshot="cw-display",
                      folder=tmp_path) as page:
        assert_display_readable(page, **CTHULHU_WARS, least_numbers=4 * 4 + 1)  # four per faction, the ritual's
        board = page.locator(".cw-board")
        text = board.inner_text()
        for number in ("Round", "轮", "ラウンド"):
            if number in text:
                break
        else:
            raise AssertionError(text)
        assert board.locator(".cw-board-turn").count() == 1
