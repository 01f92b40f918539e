"""The phone layout at 360 px: nothing scrolls sideways, every control is big
enough for a thumb, and a dark room gets a dark page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import EIGHT_TRACKS, LONG_NAME, LONG_TABLE_NAME, THREE_COUNTERS, create_table, join, wait_live

pytestmark = pytest.mark.browser

MIN_TARGET = 44  # px, the smallest comfortable touch target (Apple HIG; Material asks 48)
INTERACTIVE = "button, a[href], input:not([type=hidden]), select, textarea, summary"


def sideways_overflow(page) -> dict | None:
    """None if the page fits the screen's width, else the widths and the
    elements that stick out (for the failure message)."""
    return page.evaluate("""() => {
        const width = window.innerWidth, total = document.documentElement.scrollWidth;
        if (total <= width) return null;
        const out = [...document.body.querySelectorAll('*')]
          .filter(e => e.getBoundingClientRect().right > width + 0.5)
          .slice(0, 5).map(e => e.outerHTML.slice(0, 120));
        return {innerWidth: width, scrollWidth: total, sticking_out: out};
    }""")


def open_all_details(page) -> None:
    closed = page.locator("details:not([open]) > summary")
    while closed.count():
        closed.first.click()


@pytest.fixture
def busy_table(server, phones):
    """A table made through the home page with a long name and eight tracks,
    where Bartholomew the Unpronounceable and three others sit."""
    host = phones().page
    token = create_table(host, server, LONG_TABLE_NAME, tracks=EIGHT_TRACKS, counters=THREE_COUNTERS)
    for name in ["Alice", "Zhang Wei 张伟", "Hiroko Watanabe-Featherstonehaugh"]:
        server.store.join(token, name, "player")
    return token, host


@pytest.mark.parametrize("locale", ["en-GB", "ja-JP"])
def test_no_page_scrolls_sideways_on_a_360px_phone(server, busy_table, phones, locale):
    token, host = busy_table
    pages = {"home": server.url, "qr": server.at(f"/t/{token}/qr")}
    for name, url in pages.items():
        host.goto(url)
        assert sideways_overflow(host) is None, f"{name} page: {sideways_overflow(host)}"

    phone = phones(locale=locale).page
    phone.goto(server.at(f"/t/{token}"))
    assert sideways_overflow(phone) is None, f"join page: {sideways_overflow(phone)}"

    join(phone, server, token, LONG_NAME)
    phone.locator("#region-tracks form.plusminus").nth(3).locator("button").first.click()  # Round 1..10: refused
    expect(phone.locator("#region-tracks output.error:visible")).to_have_count(1)
    open_all_details(phone)
    assert sideways_overflow(phone) is None, f"table page: {sideways_overflow(phone)}"

    for name, path in [("history", f"/t/{token}/history"), ("display", f"/t/{token}/display"),
                       ("qr (guest)", f"/t/{token}/qr")]:
        phone.goto(server.at(path))
        assert sideways_overflow(phone) is None, f"{name} page: {sideways_overflow(phone)}"


def test_every_control_on_the_table_page_is_thumb_sized(server, busy_table, phones):
    token, _ = busy_table
    phone = phones().page
    join(phone, server, token, LONG_NAME)
    open_all_details(phone)
    controls = phone.evaluate(f"""() => [...document.querySelectorAll({INTERACTIVE!r})]
        .filter(e => e.checkVisibility())
        .map(e => {{ const r = e.getBoundingClientRect();
                     return {{what: e.outerHTML.slice(0, 100), width: r.width, height: r.height}}; }})""")
    # The steppers of eight tracks and three counters, the scoreboard links, the tools...
    assert len(controls) > 2 * 8 + 2 * 3
    too_small = [c for c in controls if c["width"] < MIN_TARGET or c["height"] < MIN_TARGET]
    assert not too_small, too_small


def relative_luminance(css_colour: str) -> float:
    """WCAG relative luminance of an `rgb(r, g, b)` computed colour."""
    channels = [int(part) / 255 for part in css_colour[css_colour.index("(") + 1:].rstrip(")").split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_page_follows_the_phones_colour_scheme(server, tally, phones, scheme):
    phone = phones(color_scheme=scheme).page
    join(phone, server, tally.token, "Alice")
    colours = phone.evaluate("""() => {
        const style = el => getComputedStyle(document.querySelector(el));
        return {background: style('body').backgroundColor, text: style('body').color,
                card: style('.track').backgroundColor, value: style('.track .value').color};
    }""")
    background = relative_luminance(colours["background"])
    if scheme == "dark":
        assert background < 0.02, colours  # near black: no glare across a dim table
        assert relative_luminance(colours["card"]) < 0.05, colours
    else:
        assert background > 0.8, colours
    # Text stays easy to read either way (WCAG AAA asks 7:1).
    assert contrast(background, relative_luminance(colours["text"])) >= 7, colours
    assert contrast(relative_luminance(colours["card"]), relative_luminance(colours["value"])) >= 7, colours
    wait_live(phone)
