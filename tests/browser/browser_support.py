"""What the browser tests and the screenshot script share: the real app served
by waitress on loopback, Debian's Chromium, and phones (browser contexts)
that act through the UI like people at the table do."""

from __future__ import annotations

import os
import socket
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-quic", "--no-first-run", "--disable-sync",
]
# A small Android phone: the narrowest screen the UI is designed for.
PHONE = dict(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True, device_scale_factor=2)
# Records what the page asks of the Screen Wake Lock API. Defining the
# property on the navigator object shadows Chromium's own (on the prototype).
WAKE_LOCK_RECORDER = """
window.__wakeLockRequests = [];
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
  request(type) {
    window.__wakeLockRequests.push(type);
    return Promise.resolve({type, released: false, release() { return Promise.resolve(); },
                            addEventListener() {}, removeEventListener() {}});
  }
}});
"""

# A busy table for layout checks: long names everywhere, eight tracks.
LONG_NAME = "Bartholomew the Unpronounceable"
LONG_TABLE_NAME = "Bartholomew’s Grand Campaign Night"
EIGHT_TRACKS = "\n".join([
    "Doom 0..30 start 7", "Reputation with the Merchant Guild 0..20 start 4", "Threat 0..12 start 3",
    "Round 1..10", "Supplies left in the caravan 0..40 start 22", "Morale -5..5 start 0",
    "Corruption of the realm 0..15 start 9", "Turn order token 1..6",
])
THREE_COUNTERS = "VP 0..99 start 12\nGold 0..999 start 30\nHealth 0..20 start 14"


def browser_required() -> bool:
    return os.environ.get("COMPANION_REQUIRE_BROWSER") == "1"


def launch(playwright):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


@dataclass
class LiveServer:
    """The real app (waitress, threads, SQLite file) on a free loopback port."""

    url: str
    app: object
    stop: object

    @property
    def store(self):
        return self.app.extensions["companion.store"]

    def at(self, path: str) -> str:
        return self.url.rstrip("/") + path


def start_server(db_path: Path) -> LiveServer:
    from companion import serve
    from companion.web import create_app

    # The port is known only once bound, so PUBLIC_URL is filled in after:
    # the join links and QR codes must point at this server.
    app = create_app({"DATABASE": str(db_path), "SSE_HEARTBEAT_SECONDS": 0.5})
    url, stop = serve.serve_in_thread(app, "127.0.0.1", 0)
    app.config["PUBLIC_URL"] = url
    return LiveServer(url=url, app=app, stop=stop)


@dataclass
class Phone:
    """One person's phone: its own browser context (cookies = its seat)."""

    context: object
    page: object
    dialogs: list = field(default_factory=list)
    accept_dialogs: bool = False  # confirm() answers OK when set


def new_phone(browser, color_scheme: str = "light", locale: str = "en-GB") -> Phone:
    context = browser.new_context(**PHONE, color_scheme=color_scheme, locale=locale)
    context.set_default_timeout(10_000)  # a stuck step fails in seconds, not half a minute
    context.add_init_script(WAKE_LOCK_RECORDER)
    page = context.new_page()
    phone = Phone(context=context, page=page)

    def on_dialog(dialog):
        phone.dialogs.append((dialog.type, dialog.message))
        dialog.accept() if phone.accept_dialogs else dialog.dismiss()

    page.on("dialog", on_dialog)
    return phone


def create_table(page, server: LiveServer, name: str, tracks: str = "Doom 0..30", counters: str = "VP 0..99") -> str:
    """The host creates a tally table on the home page; returns its token.
    Creating leads to the table's invite (QR) page. (Fields are found by
    name, so this works in every language.)"""
    page.goto(server.url)
    form = new_table_form(page, "tally")
    form.locator("input[name=name]").fill(name)
    form.locator("textarea[name=tracks]").fill(tracks)
    form.locator("textarea[name=counters]").fill(counters)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/t/*/qr")
    return page.url.rstrip("/").split("/")[-2]


def new_table_form(page, game: str):
    """The home page's form for a new table of `game`, its section opened
    (with more than one game, each game's form starts folded)."""
    section = page.locator("details", has=page.locator(f"input[name=game][value={game}]"))
    if section.get_attribute("open") is None:
        section.locator("summary").click()
    return section.locator("form")


def join(page, server: LiveServer, token: str, name: str, role: str = "player") -> None:
    """Open the table's link (what the QR code holds), give a name, pick a role (its id)."""
    page.goto(server.at(f"/t/{token}"))
    page.locator("input[name=name]").fill(name)
    page.locator(f"input[name=role][value={role}]").check()
    page.locator("form:has(input[name=role]) button[type=submit]").click()
    page.wait_for_selector("#region-tracks")
    wait_live(page)


def wait_live(page) -> None:
    """Wait until the page's event stream is open, so no change is missed."""
    page.wait_for_selector('html[data-live="open"]', state="attached")


def track_value(page, track: str):
    return page.locator("#region-tracks .track", has=page.locator(".name", has_text=track)).locator(".value.big")


def counter_value(page, seat_name: str, column: int = 0):
    card = page.locator("#region-counters .scoreboard > li", has=page.locator(".player", has_text=seat_name))
    return card.locator(".value").nth(column)


def tally_with_region(server, monkeypatch, game_id: str, template: str):
    """A table type of a test's own: a tally (Doom 0..30, VP 0..99) with one
    more live region, "extra", rendered from `template` (Jinja, with the
    regions' usual context: view, seat, act_url...). Returns a new table."""
    from jinja2 import DictLoader

    from companion import games
    from companion.games.tally.rules import TallyRules

    class ExtraRegion(TallyRules):
        id = game_id
        templates = f"games/{game_id}"

        def regions(self, seat):
            return super().regions(seat) + ["extra"]

    monkeypatch.setitem(games.table_types(), game_id, ExtraRegion())
    server.app.jinja_loader.loaders.append(DictLoader({
        **{f"games/{game_id}/{name}.html": f'{{% include "games/tally/{name}.html" %}}'
           for name in ("now", "tracks", "counters", "note", "tools")},
        f"games/{game_id}/extra.html": template,
    }))
    return server.store.create_table(game_id, "Test night", {"tracks": "Doom 0..30", "counters": "VP 0..99"})


# -- the table display (a tablet or a TV the whole table reads from its chairs) ----------------
#: The screens a table display is made for: a 1024×768 tablet and a 1920×1080 screen.
DISPLAY_SIZES = ({"width": 1024, "height": 768}, {"width": 1920, "height": 1080})
#: The languages shipped (each display is measured in every one: words differ in length).
DISPLAY_LOCALES = ("en-GB", "zh-CN", "ja-JP")
#: Readable from a chair: text at least this many CSS px, numbers (the values) at least NUMBER_PX.
TEXT_PX, NUMBER_PX = 24, 32

# Measures what a display shows inside `root`. Skipped: what is not shown (no box,
# hidden, in a closed <details>, inside `unseen`). Reported: the page's scroll size;
# `cut`: what reaches past the screen's edge, past the edge of a region that clips
# (`clips`), or is clipped inside its own box (overflow not visible, content wider
# than the box); `small`: text under TEXT_PX outside `drawings` (drawings scale with
# the screen and are measured by their size); `smallNumbers`: a number (`numbers`)
# under NUMBER_PX; `numbers`: how many numbers were measured.
MEASURE_DISPLAY = """([root, numbers, clips, drawings, unseen, textPx, numberPx]) => {
  const out = {cut: [], small: [], smallNumbers: [], numbers: 0,
               scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight,
                        innerWidth, innerHeight]};
  for (const el of document.querySelectorAll(root.split(',').map(r => r.trim() + ' *').join(', '))) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('details:not([open]) > :not(summary)')) continue;
    if (unseen && el.closest(unseen)) continue;
    const what = el.tagName + ' ' + el.textContent.trim().slice(0, 30);
    if (r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) out.cut.push(what);
    const clip = clips && el.parentElement && el.parentElement.closest(clips);
    if (clip) {
      const box = clip.getBoundingClientRect();
      if (r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5) out.cut.push('clipped ' + what);
    }
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') {
      out.cut.push('cut inside ' + what);
    }
    if (drawings && el.closest(drawings)) continue;
    const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (text && size < textPx) out.small.push(size + ' ' + what);
    if (el.matches(numbers)) {
      out.numbers += 1;
      if (size < numberPx) out.smallNumbers.push(size + ' ' + el.textContent.trim());
    }
  }
  return out; }"""


def on_every_display(test):
    """Parametrizes a display test over `size` (DISPLAY_SIZES) and `locale`
    (DISPLAY_LOCALES): each screen the display is made for, in each language."""
    import pytest

    test = pytest.mark.parametrize("size", DISPLAY_SIZES, ids=lambda size: f"{size['width']}x{size['height']}")(test)
    return pytest.mark.parametrize("locale", DISPLAY_LOCALES)(test)


@contextmanager
def display_page(browser, server: LiveServer, token: str, size: dict, locale: str, ready: str,
                 screenshot: str | None = None, folder: Path | None = None, ready_state: str = "visible"):
    """The table's display (/t/<token>/display) in a browser of its own at
    `size` in `locale`, once `ready` (a selector) is there (`ready_state`).
    With `screenshot`, a picture of it is saved as `<screenshot>-<width>-<locale>.png`
    in $COMPANION_SCREENSHOTS, else in `folder` (a test's tmp_path)."""
    context = browser.new_context(viewport=size, locale=locale)
    try:
        page = context.new_page()
        page.goto(server.at(f"/t/{token}/display"))
        page.wait_for_selector(ready, state=ready_state)
        if screenshot:
            where = Path(os.environ.get("COMPANION_SCREENSHOTS") or folder or "/tmp")
            page.screenshot(path=str(where / f"{screenshot}-{size['width']}-{locale}.png"))
        yield page
    finally:
        context.close()


def assert_display_readable(page, *, root: str = "main", numbers: str = ".value", clips: str | None = None,
                            drawings: str | None = None, unseen: str = ".visually-hidden",
                            least_numbers: int = 1) -> dict:
    """The display seen from a chair: it all fits one screen (no scroll down or
    sideways), nothing is cut (past the screen's edge, past a clipping region's
    edge, or inside its own box), every text at least TEXT_PX and every number
    at least NUMBER_PX, at every size measured, and at least `least_numbers`
    numbers shown. (See MEASURE_DISPLAY for what each option means.) Returns
    the measurements."""
    measured = page.evaluate(MEASURE_DISPLAY, [root, numbers, clips, drawings, unseen, TEXT_PX, NUMBER_PX])
    width, height, inner_width, inner_height = measured["scroll"]
    assert height <= inner_height, f"scrolls down: {measured['scroll']}"
    assert width <= inner_width, f"scrolls sideways: {measured['scroll']}"
    assert not measured["cut"], measured["cut"]
    assert not measured["small"], measured["small"]
    assert not measured["smallNumbers"], measured["smallNumbers"]
    assert measured["numbers"] >= least_numbers, measured
    return measured


def script_errors(page) -> list[str]:
    """Collects the page's uncaught script errors and console errors from now
    on (the list fills as they happen)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error.name}: {error.message}"))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return errors


def mark_page(page) -> None:
    """Tag the loaded document: the tag is gone if the page ever reloads."""
    page.evaluate("window.__sameDocument = true")


def same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


class Tunnel:
    """A loopback TCP relay in front of the server that can be cut like a
    phone's Wi-Fi: cut() drops every open connection (the event stream too)
    and refuses new ones until restore()."""

    def __init__(self, target_port: int):
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.open_sockets: set[socket.socket] = set()
        self.lock = threading.Lock()
        self.is_cut = False
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def at(self, path: str) -> str:
        return self.url.rstrip("/") + path

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.is_cut:
                client.close()
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                client.close()
                continue
            with self.lock:
                self.open_sockets |= {client, upstream}
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        for sock in (source, sink):
            self._drop(sock)

    def _drop(self, sock: socket.socket) -> None:
        with self.lock:
            self.open_sockets.discard(sock)
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()

    def cut(self) -> None:
        self.is_cut = True
        with self.lock:
            doomed = list(self.open_sockets)
        for sock in doomed:
            self._drop(sock)

    def restore(self) -> None:
        self.is_cut = False

    def close(self) -> None:
        self.closed = True
        self.cut()
        self.listener.close()
