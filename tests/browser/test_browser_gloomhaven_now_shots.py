"""The card at the top of a Gloomhaven phone at 360 px in en, zh-CN and ja:
the choosing step's form fits the first screen without sideways scroll."""

import pytest
from playwright.sync_api import expect

from test_browser_gloomhaven import LIVE, join

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("locale", ["en-GB", "zh-CN", "ja-JP"])
def test_the_choosing_card_fits_the_first_screen(server, phones, locale, tmp_path):
    table = server.store.create_table("gloomhaven", "Black Barrow", {"scenario": 1})
    phone = phones(locale=locale)
    join(phone.page, server, table.token, "Ann")
    form = phone.page.locator("#region-now form:has(select[name=class])")
    form.locator("button[type=submit]").click()
    phone.page.locator("#region-now form:has(input[value=\"scenario.start\"]) button").click()
    choose = phone.page.locator("#region-now form:has(input[name=second]) button[type=submit]")
    expect(choose).to_be_visible(timeout=LIVE)
    box = choose.bounding_box()
    assert box["y"] + phone.page.evaluate("window.scrollY") + box["height"] <= 740
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360
    phone.page.evaluate("window.scrollTo(0, 0)")
    phone.page.screenshot(path=str(tmp_path / f"now-{locale}.png"))
    print(tmp_path / f"now-{locale}.png")
