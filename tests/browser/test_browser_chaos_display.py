"""Chaos' table display (issue 18 item 4): at 1024×768 and 1920×1080 it shows
what the table looks at — what the table waits for and whose turn, the round
and phase, each god's VP, threat (its dial), power and dial tokens, and the
nine regions — on one screen with no scrolling, nothing cut, text at least
24 px and the numbers at least 32 px at 1024×768."""

from __future__ import annotations

import pytest

from test_browser_chaos import to_corruption_phase

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const out = {cut: [], small: [], smallNumbers: [], scroll: [document.documentElement.scrollWidth,
               document.documentElement.scrollHeight, innerWidth, innerHeight]};
  for (const el of document.querySelectorAll('main *')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('details:not([open]) > :not(summary)')) continue;
    const what = el.tagName + ' ' + el.textContent.trim().slice(0, 30);
    if (r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) out.cut.push(what);
    const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (text && size < 24 && !el.closest('.visually-hidden')) out.small.push(size + ' ' + what);
    if (el.matches('.value') && size < 32) out.smallNumbers.push(size + ' ' + el.textContent.trim());
  }
  return out; }"""


@pytest.mark.parametrize("size", [{"width": 1024, "height": 768}, {"width": 1920, "height": 1080}])
@pytest.mark.parametrize("locale", ["en-GB", "zh-CN", "ja-JP"])
def test_the_display_shows_the_whole_table_on_one_screen(server, browser, size, locale):
    table = server.store.create_table("chaos-old-world", "Chaos night", {"players": "4"})
    khorne = server.store.join(table.token, "Kim", "khorne")[0]
    nurgle = server.store.join(table.token, "Nia", "nurgle")[0]
    to_corruption_phase(server.store, table.token, {"khorne": khorne.id, "nurgle": nurgle.id})
    context = browser.new_context(viewport=size, locale=locale)
    try:
        page = context.new_page()
        page.goto(server.at(f"/t/{table.token}/display"))
        page.wait_for_selector("#region-board .display-regions")
        page.screenshot(path=f"/tmp/chaos-display-{size['width']}-{locale}.png")
        measured = page.evaluate(MEASURE)
        width, height, inner_width, inner_height = measured["scroll"]
        assert width <= inner_width and height <= inner_height, measured["scroll"]
        assert not measured["cut"], measured["cut"]
        if size["width"] == 1024:
            assert not measured["small"], measured["small"]
            assert not measured["smallNumbers"], measured["smallNumbers"]
        text = page.locator("main").inner_text()
        assert page.locator(".display-regions > li").count() == 9
        assert page.locator(".scoreboard.gods > li").count() == 4
        if locale == "en-GB":
            for words in ("Every battle is fought", "Round 1", "VP", "Threat", "Power", "Kislev"):
                assert words in text, words
    finally:
        context.close()
