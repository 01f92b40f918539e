"""Screenshots of every page on a 360 px phone, light and dark, with a busy
table (long names, eight tracks), to look at after changing the UI.

    .venv/bin/python tests/browser/take_screenshots.py [OUTPUT_DIR]   (default: ../screenshots)

With --docs it also writes docs/screenshot.png, the README's picture.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from browser_support import (  # noqa: E402
    EIGHT_TRACKS,
    LONG_NAME,
    LONG_TABLE_NAME,
    THREE_COUNTERS,
    counter_value,
    create_table,
    join,
    launch,
    new_phone,
    start_server,
    track_value,
    wait_live,
)


def busy_table(server, browser):
    """A table mid-game, seen from the long-named player's phone."""
    table = server.store.create_table("tally", LONG_TABLE_NAME, {"tracks": EIGHT_TRACKS, "counters": THREE_COUNTERS})
    me = new_phone(browser)
    join(me.page, server, table.token, LONG_NAME)
    for name, role in [("Alice", "player"), ("Zhang Wei 张伟", "player"), ("Hiroko", "keeper")]:
        server.store.join(table.token, name, role)
    me.page.get_by_role("button", name="Doom plus 1").click()
    me.page.get_by_role("button", name="VP plus 1").click()
    me.page.get_by_role("button", name="Threat minus 1").click()
    return table, me


def shoot(page, path: Path) -> None:
    page.screenshot(path=str(path), full_page=True)
    print(path)


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    docs = "--docs" in argv
    args = [a for a in argv if a != "--docs"]
    out = Path(args[0]) if args else ROOT.parent / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = start_server(Path(tmp) / "companion.sqlite3")
        browser = launch(playwright)
        try:
            table, me = busy_table(server, browser)
            # Someone's error message, and the private note, as they look mid-game.
            me.page.get_by_role("button", name="Round minus 1").click()
            me.page.locator("#region-tracks output.error:visible").wait_for()
            server.store.act(table.token, "s1", "note.set", {"text": "Secret goal: hoard 40 gold."})
            for scheme in ("light", "dark"):
                host = new_phone(browser, color_scheme=scheme)
                page = host.page
                # The host makes a table through the home page (and is its host).
                host_token = create_table(page, server, "Friday night")
                shoot(page, out / f"qr-{scheme}.png")
                page.goto(server.url)
                shoot(page, out / f"home-{scheme}.png")
                page.goto(server.at(f"/t/{table.token}"))
                shoot(page, out / f"join-{scheme}.png")
                page.get_by_label("Your name").fill("   ")  # passes `required`, not the server
                page.get_by_role("button", name="Take a seat").click()
                page.locator("output.error").first.wait_for()
                shoot(page, out / f"join-error-{scheme}.png")
                page.evaluate("""() => { const f = document.createElement('form');
                  f.method = 'post'; f.action = '/join';
                  f.innerHTML = '<input name=code value=NOPE00><input name=csrf_token value=' +
                    JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRF-Token'] + '>';
                  document.body.append(f); f.submit(); }""")
                page.wait_for_load_state()
                shoot(page, out / f"join-code-{scheme}.png")
                server.store.join(host_token, "Alice", "player")
                page.goto(server.at(f"/t/{host_token}/qr"))
                shoot(page, out / f"qr-host-{scheme}.png")
                page.locator("form[action$=handover] button").click()
                page.locator(".qr svg").wait_for()
                shoot(page, out / f"handover-{scheme}.png")
                page.goto(server.at("/t/no-such-table"))
                shoot(page, out / f"not-found-{scheme}.png")

                seat = new_phone(browser, color_scheme=scheme)
                seat.context.add_cookies(me.context.cookies())
                seat.page.goto(server.at(f"/t/{table.token}"))
                wait_live(seat.page)
                shoot(seat.page, out / f"table-{scheme}.png")
                seat.page.get_by_role("button", name="Round minus 1").click()
                seat.page.locator("#region-tracks output.error:visible").wait_for()
                seat.page.screenshot(path=str(out / f"table-top-{scheme}.png"))
                closed = seat.page.locator("details:not([open]) > summary")
                while closed.count():
                    closed.first.click()
                shoot(seat.page, out / f"table-open-{scheme}.png")
                seat.page.goto(server.at(f"/t/{table.token}/history"))
                shoot(seat.page, out / f"history-{scheme}.png")
                seat.page.goto(server.at(f"/t/{table.token}/display"))
                wait_live(seat.page)
                shoot(seat.page, out / f"display-{scheme}.png")
                seat.page.goto(server.at(f"/t/{table.token}"))
                for label in ("日本語", "简体中文", "English"):
                    seat.page.locator("#lang-select").select_option(label=label)
                    seat.page.wait_for_load_state()
                    wait_live(seat.page)
                    if label != "English":
                        shoot(seat.page, out / f"table-{label}-{scheme}.png")
                if docs and scheme == "dark":
                    save_docs_picture(server, browser)
                seat.context.close()
                host.context.close()
        finally:
            browser.close()
            server.stop()
    return 0


def save_docs_picture(server, browser) -> None:
    """The README's picture: one phone screen of an ordinary game night.
    Sharp (2x) if that stays under 150 KB, else at 1x."""
    table = server.store.create_table("tally", "Friday night", {
        "tracks": "Doom 0..30 start 11\nRound 1..8 start 3", "counters": "VP 0..99 start 14"})
    phone = new_phone(browser, color_scheme="dark")
    join(phone.page, server, table.token, "Ana")
    for name, score in [("Ben", 17), ("Chloe", 9)]:
        seat, _ = server.store.join(table.token, name, "player")
        server.store.act(table.token, seat.id, "counter.set", {"counter": "c1", "value": score})
    phone.page.get_by_role("button", name="Doom plus 1").click()
    track_value(phone.page, "Doom").filter(has_text="12").wait_for()
    counter_value(phone.page, "Chloe").filter(has_text="9").wait_for()
    target = ROOT / "docs" / "screenshot.png"
    # Without the brief highlight of the number that just changed: the same picture every time.
    phone.page.screenshot(path=str(target), animations="disabled")
    if target.stat().st_size > 150_000:
        phone.page.screenshot(path=str(target), scale="css", animations="disabled")
    phone.context.close()
    print(target, target.stat().st_size, "bytes")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
