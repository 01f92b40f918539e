"""What the accessibility audits share: one table of every type with a phone
seated at it, the pages a person sees there, and the measures taken in each
page (axe-core's rules, tap targets, sideways overflow, cut columns).

axe-core (tests/browser/vendor/, test-only, never served) is injected into
the page under test; the app never loads it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from browser_support import wait_live

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
MIN_TARGET = 44  # px: the smallest comfortable touch target (WCAG 2.5.5 asks 44 × 44)
LANGUAGES = {"en": "English", "zh_Hans": "简体中文", "ja": "日本語"}

# One table of every type, made as a group would, with the options the
# existing browser tests use (the-others and cthulhu-wars need some).
TABLES = {
    "tally": {"tracks": "Doom 0..30 start 7\nRound 1..8", "counters": "VP 0..99 start 5"},
    "gloomhaven": {"scenario": 1},
    "gloomhaven-campaign": {"party": "The Lanterns"},
    "chaos-old-world": {"players": "4"},
    "cthulhu-wars": {"seat_1": "great_cthulhu", "seat_2": "black_goat", "seat_3": "crawling_chaos"},
    "the-others": {"sin": "envy", "acolyte": "nun", "story": "battleground_of_souls", "hero_players": "1"},
}


@dataclass
class SeatedTable:
    game: str
    token: str
    page: object  # the seated phone's page

    def urls(self, server) -> dict[str, str]:
        """Every page a seated person reaches from this table (the join page is
        audited before the seat is taken, see `seat_at`)."""
        return {"seat": server.at(f"/t/{self.token}"), "display": server.at(f"/t/{self.token}/display"),
                "history": server.at(f"/t/{self.token}/history"), "qr": server.at(f"/t/{self.token}/qr")}


# The role the audited phone takes, and the other seats made beside it.
ROLES = {"tally": ("player", {"Alice": "player"}), "gloomhaven": ("player", {"Zhang Wei 张伟": "player"}),
         "gloomhaven-campaign": ("player", {}),
         "chaos-old-world": ("khorne", {"Nora": "nurgle"}),  # Khorne's phone acts for the unseated gods
         "cthulhu-wars": ("great_cthulhu", {"Bea": "black_goat", "Cal": "crawling_chaos"}),
         "the-others": ("sin", {"Hiroko Watanabe-Featherstonehaugh": "hero"})}


def seat_at(server, phone, game: str, on_join_page=None) -> SeatedTable:
    """A new table of `game` where the phone takes a seat through the join
    page and the others sit beside it; then the game is played on to a busy
    moment (`play_on`), and the phone shows it. `on_join_page(page)` runs on
    the join page before the seat is taken."""
    table = server.store.create_table(game, f"{game} night", TABLES[game])
    role, others = ROLES[game]
    page = phone.page
    page.goto(server.at(f"/t/{table.token}"))
    if on_join_page:
        on_join_page(page)
    page.locator("input[name=name]").fill("Bartholomew")
    page.locator(f"input[name=role][value={role}]").check()
    page.locator("form:has(input[name=role]) button[type=submit]").click()
    page.wait_for_selector("section.region:visible")
    for name, other_role in others.items():
        server.store.join(table.token, name, other_role)
    play_on(server.store, table.token, game)
    page.reload()
    wait_live(page)
    return SeatedTable(game, table.token, page)


def play_on(store, token: str, game: str) -> None:
    """Each game to a moment with most of its page in use (what the games'
    own browser tests reach)."""
    seats = {seat.role if seat.role != "player" else seat.name: seat.id for seat in store.seats(token).values()}

    def act(seat, kind, **payload):
        store.act(token, seats.get(seat), kind, payload)

    if game == "gloomhaven-campaign":  # a character, so the campaign offers its first scenario
        act("Bartholomew", "character.create", **{"class": "brute", "name": "Grok", "level": 1})
    elif game == "tally":
        act("Bartholomew", "counter.set", counter="c1", value=12)
        act("Bartholomew", "track.adjust", track="t1", delta=3)
    elif game == "gloomhaven":
        act("Bartholomew", "character.set", **{"class": "brute", "level": 1})
        act("Zhang Wei 张伟", "character.set", **{"class": "spellweaver", "level": 1})
        act("Bartholomew", "scenario.start")
    elif game == "chaos-old-world":
        from test_browser_chaos import to_corruption_phase
        to_corruption_phase(store, token, seats)
    elif game == "cthulhu-wars":
        act("great_cthulhu", "power.gather")
    elif game == "the-others":
        from test_browser_the_others import enter_numbers
        enter_numbers(_Server(store), token)
        act("hero", "heroes.pick", heroes=["rose", "thorley", "rocco"])
        act(None, "game.start")
        act("hero", "round.first_hero", hero="rose")
        for name in ("Raven Corp HQ", "Old Cathedral of Saint Agatha", "Main Street"):
            act(None, "space.add", name=name)
        act(None, "space.set", space="s1", what="start", value=1)
        act(None, "space.set", space="s2", what="monsters.acolyte", value=1)
        act("hero", "hero.move", hero="rose", to="s1", teleport=True)
        act("hero", "turn.start", hero="rose")


@dataclass
class _Server:
    store: object


def open_child(seated: SeatedTable) -> SeatedTable | None:
    """The campaign's first offered scenario, started from the campaign's page
    (None if it offers none)."""
    page = seated.page
    start = page.locator("button.start-child")
    if not start.count():
        return None
    start.first.click()
    page.wait_for_url(lambda url: seated.token not in url, timeout=15_000)
    page.wait_for_selector("section.region:visible")
    wait_live(page)
    return SeatedTable("gloomhaven (from a campaign)", page.url.rstrip("/").split("/")[-1], page)


def open_all_details(page) -> None:
    """Every fold opened, so its controls are measured too (the language form
    submits itself on change, so it is never touched here)."""
    page.evaluate("() => document.querySelectorAll('details:not([open])').forEach(d => d.open = true)")


def axe_violations(page, impacts=("serious", "critical")) -> list[dict]:
    """axe-core's violations of `impacts` in the page as it is now: rule id,
    impact, help and the first nodes' selectors."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated through the test's own channel (DevTools), not a <script>:
        # the app's Content-Security-Policy rightly refuses inline scripts.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => ({rule: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                                      why: n.failureSummary.slice(0, 200)}))}));
    }""")
    return [v for v in found if v["impact"] in impacts]


# A control's key in the known lists: what it is, not where it is (stable
# across languages and values): its tag, its classes, its name or type.
CONTROL_KEY = """e => {
    const tag = e.tagName.toLowerCase();
    const classes = [...e.classList].filter(c => !/^(me|now|changed|on|off|yours|here)$/.test(c)).sort();
    let key = tag + classes.map(c => '.' + c).join('');
    if (e.getAttribute('type') && tag === 'input') key += `[type=${e.getAttribute('type')}]`;
    if (e.getAttribute('name') && e.getAttribute('type') !== 'hidden') key += `[name=${e.getAttribute('name')}]`;
    const region = e.closest('section.region');
    return (region ? '#' + region.id + ' ' : '') + key;
}"""


def small_targets(page) -> dict[str, str]:
    """Visible controls under 44 × 44 px (a label counts as its control's
    target; a link inside running text is exempt, as WCAG 2.5.8 allows):
    key -> an example with its size."""
    return page.evaluate(f"""() => {{
        const key = {CONTROL_KEY};
        const controls = [...document.querySelectorAll(
            'button, a[href], input:not([type=hidden]), select, textarea, summary, label, [role=button], [tabindex]')];
        // A picture's parts that answer a tap (a map's hexes and figures): the
        // page's script finds them by their data-* attributes.
        const tappable = p => [...p.attributes].some(a => a.name.startsWith('data-'));
        for (const part of document.querySelectorAll('svg *')) {{
            if (tappable(part) && !(part.parentElement.closest('svg *') && tappable(part.parentElement)))
                controls.push(part);
        }}
        const found = {{}};
        for (const e of controls) {{
            if (!e.checkVisibility({{visibilityProperty: true}})) continue;
            if (e.closest('svg') && !e.matches('a, [role=button], [tabindex]') && !tappable(e)) continue;
            // A label is part of its control's target: measured alone only when
            // it doesn't sit right on top of it (a label above its field, 10 px
            // or less apart and no wider, makes one solid target with it).
            if (e.tagName === 'LABEL') {{
                const control = e.control;
                if (!control || control.type === 'hidden') continue;
                if (e.contains(control) && e !== control.closest('label.choice')) continue;  // the control is measured
                const l = e.getBoundingClientRect(), c = control.getBoundingClientRect(), gap = c.top - l.bottom;
                if (l.left >= c.left - 2 && l.right <= c.right + 2 && gap <= 10 && gap >= -2) continue;
            }}
            if (e.tagName === 'INPUT' && e.closest('label') &&
                ['checkbox', 'radio'].includes(e.type)) continue;  // the label is its target
            if (e.tagName === 'A' && e.closest('p, li, td, dd') && !e.classList.contains('button')) {{
                const text = e.closest('p, li, td, dd').textContent.trim();
                if (text.length > e.textContent.trim().length + 2) continue;  // a link in a sentence
            }}
            const r = e.getBoundingClientRect();
            if (r.width >= {MIN_TARGET} - 0.5 && r.height >= {MIN_TARGET} - 0.5) continue;
            const k = key(e);
            const size = `${{Math.round(r.width)}}×${{Math.round(r.height)}}`;
            if (!(k in found)) found[k] = `${{size}} ${{e.outerHTML.slice(0, 90)}}`;
        }}
        return found;
    }}""")


def overflows(page) -> dict[str, str]:
    """What doesn't fit the 360 px screen: the page scrolling sideways, a
    table wider than its box (its columns cut or scrolled away), a header
    broken inside a word ("Thre/at"): key -> detail."""
    return page.evaluate(f"""() => {{
        const key = {CONTROL_KEY};
        const found = {{}};
        const width = window.innerWidth, total = document.documentElement.scrollWidth;
        if (total > width) {{
            const out = [...document.body.querySelectorAll('*')]
              .filter(e => e.checkVisibility() && e.getBoundingClientRect().right > width + 0.5);
            const e = out[out.length - 1] || document.body;
            found['page scrolls sideways: ' + key(e)] = `${{total}} > ${{width}} ${{e.outerHTML.slice(0, 90)}}`;
        }}
        for (const table of document.querySelectorAll('table')) {{
            if (!table.checkVisibility()) continue;
            const box = table.parentElement;
            if (box.scrollWidth > box.clientWidth + 1)
                found['table wider than its box: ' + key(table)] = `${{box.scrollWidth}} > ${{box.clientWidth}}`;
            for (const cell of table.querySelectorAll('th, td')) {{
                if (cell.scrollWidth > cell.clientWidth + 1 && getComputedStyle(cell).overflow !== 'visible'
                    && cell.textContent.trim())
                    found['cell cut: ' + key(table)] = cell.textContent.trim().slice(0, 30);
            }}
            for (const th of table.querySelectorAll('th')) {{
                const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {{
                    for (const match of node.data.matchAll(/[A-Za-z\\u00C0-\\u024F]{{2,}}/g)) {{
                        const range = document.createRange();
                        range.setStart(node, match.index);
                        range.setEnd(node, match.index + match[0].length);
                        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                        if (lines.size > 1) found['header broken inside a word: ' + key(table)] = match[0];
                    }}
                }}
            }}
        }}
        return found;
    }}""")


def choose_language(page, language: str) -> None:
    """The footer's language menu, as a person uses it (it submits itself)."""
    select = page.locator("#lang-select")
    if select.input_value() == language:
        return
    with page.expect_navigation():
        select.select_option(language)
    page.wait_for_load_state()
