"""Around the game: names are shown as text, the language menu, the web-app
manifest, and keeping the screen awake."""

from __future__ import annotations

import gettext
import json

import pytest
from playwright.sync_api import expect

from browser_support import counter_value, join, wait_live
from companion import PACKAGE_DIR

pytestmark = pytest.mark.browser

SCRIPT_NAME = "<script>alert(1)</script>"


def test_a_name_with_markup_is_shown_as_text_and_never_runs(server, tally, phones):
    alice, mallory = phones(), phones()
    join(alice.page, server, tally.token, "Alice")
    join(mallory.page, server, tally.token, SCRIPT_NAME)

    # Alice's phone gets the new row live, through the event stream.
    new_row = alice.page.locator("#region-counters .scoreboard .player", has_text="<script>")
    expect(new_row).to_have_text(SCRIPT_NAME, timeout=1000)
    expect(counter_value(alice.page, "<script>")).to_have_text("5")
    expect(mallory.page.locator(".who-am-i")).to_have_text(SCRIPT_NAME)
    mallory.page.get_by_role("button", name="VP plus 1").click()
    expect(alice.page.locator("#region-log .last")).to_contain_text(SCRIPT_NAME, timeout=1000)
    for page in (alice.page, mallory.page):
        page.goto(server.at(f"/t/{tally.token}/history"))
        expect(page.locator(".history")).to_contain_text(SCRIPT_NAME)
    alice.page.goto(server.at(f"/t/{tally.token}/qr"))
    expect(alice.page.locator("main")).to_be_visible()

    for page in (alice.page, mallory.page):
        # Only the page's own script files, never one made from a name.
        assert page.evaluate("[...document.scripts].every(s => s.src && !s.textContent.trim())")
    assert alice.dialogs == [] and mallory.dialogs == []


def catalog(locale: str):
    return PACKAGE_DIR / "translations" / locale / "LC_MESSAGES" / "messages.mo"


def translated(locale: str, msgid: str) -> str:
    """The catalog's text for msgid, or msgid itself if it isn't translated."""
    if not catalog(locale).exists():
        return msgid
    with catalog(locale).open("rb") as file:
        return gettext.GNUTranslations(file).gettext(msgid)


@pytest.mark.parametrize("label, locale, lang", [("简体中文", "zh_Hans", "zh-Hans"), ("日本語", "ja", "ja")])
def test_the_language_menu_switches_the_page(server, tally, phones, label, locale, lang):
    phone = phones().page
    join(phone, server, tally.token, "Alice")
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    undo = phone.locator("#region-log form button")
    expect(undo).to_have_text("Undo")

    phone.locator("#lang-select").select_option(label=label)
    expect(phone.locator("html")).to_have_attribute("lang", lang)
    # Still this table's page, and still live.
    assert phone.url.endswith(f"/t/{tally.token}")
    wait_live(phone)
    expect(phone.locator("#lang-select option:checked")).to_have_text(label)
    shown = {"Undo": undo, "History": phone.locator("#region-log a.button"),
             "Invite": phone.locator(".table-links a").first}
    for msgid, element in shown.items():
        # Without a catalog (yet) the English text stays, and only <html lang> tells.
        expect(element).to_have_text(translated(locale, msgid))
    if catalog(locale).exists():
        assert all(translated(locale, msgid) != msgid for msgid in shown), "these strings should be translated"

    # The language stays for the next page and for live updates.
    phone.goto(server.at(f"/t/{tally.token}/history"))
    expect(phone.locator("html")).to_have_attribute("lang", lang)


def test_the_app_can_be_installed_and_keeps_the_screen_awake(server, tally, phones):
    phone = phones().page
    join(phone, server, tally.token, "Alice")
    manifest_link = phone.locator('link[rel="manifest"]')
    expect(manifest_link).to_have_count(1)
    href = manifest_link.get_attribute("href")
    response = phone.request.get(server.at(href))
    assert response.ok
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.text())
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    icon = phone.request.get(server.at(manifest["icons"][0]["src"]))
    assert icon.ok and "svg" in icon.headers["content-type"]

    # The page asked for a screen wake lock as it loaded...
    phone.wait_for_function("window.__wakeLockRequests.length > 0")
    assert phone.evaluate("window.__wakeLockRequests") == ["screen"]
    # ...and asks again when it is shown after being hidden (the browser drops the lock then).
    phone.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'visible'});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    phone.wait_for_function("window.__wakeLockRequests.length > 1")
    assert phone.evaluate("window.__wakeLockRequests") == ["screen", "screen"]
