"""Chaos in the Old World on two phones in a real browser: one full end
phase (corruption computed, a region ruined, ruination scored, dials turned,
the next round begun), every change showing on the other phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import wait_live
from tests.games.chaos.chaos_play import phase_of

pytestmark = pytest.mark.browser
# How long to wait for a change to reach the other phone: generous, since this
# test pins the end phase's flow, not latency (test_browser_live does that).
LIVE = 10_000  # ms


def join_as(page, server, token, name, god):
    page.goto(server.at(f"/t/{token}"))
    page.locator("input[name=name]").fill(name)
    page.locator(f"input[name=role][value={god}]").check()
    page.locator("form:has(input[name=role]) button[type=submit]").click()
    page.wait_for_selector("#region-status")
    wait_live(page)


def to_corruption_phase(store, token, seats):
    """Round 1 up to its corruption phase: Nurgle's two cultists in Kislev,
    which already holds 8 Nurgle and 2 Khorne corruption."""
    khorne, nurgle = seats["khorne"], seats["nurgle"]

    def act(seat, type, **payload):
        store.act(token, seat, type, payload)

    act(khorne, "setup.tokens", draw=True)
    act(khorne, "setup.start")
    act(khorne, "region.corruption", region="kislev", owner="nurgle", count=8)
    act(khorne, "region.corruption", region="kislev", owner="khorne", count=2)
    act(nurgle, "old_world.card", card="the_horned_ones_due")  # a card that places nothing
    act(khorne, "phase.next")
    act(khorne, "draw")
    act(nurgle, "draw")
    act(khorne, "draw", god="tzeentch")
    act(khorne, "draw", god="slaanesh")
    act(khorne, "summoning.pass")
    act(nurgle, "summon", unit="cultist", region="kislev")
    act(khorne, "summoning.pass", god="tzeentch")
    act(khorne, "summoning.pass", god="slaanesh")
    act(nurgle, "summon", unit="cultist", region="kislev")
    act(nurgle, "summoning.pass")
    assert phase_of(store.state(token)[1]) == "corruption"


def test_two_phones_play_one_full_end_phase(server, phones):
    table = server.store.create_table("chaos-old-world", "Chaos night", {"players": "4"})
    kim, nia_phone = phones().page, phones()
    nia, nia_phone.accept_dialogs = nia_phone.page, True  # ending the round asks first
    join_as(kim, server, table.token, "Kim", "khorne")
    join_as(nia, server, table.token, "Nia", "nurgle")
    seats = {seat.role: seat.id for seat in server.store.seats(table.token).values()}
    to_corruption_phase(server.store, table.token, seats)
    expect(nia.locator("#region-status")).to_contain_text("Corruption phase", timeout=LIVE)

    kim.get_by_role("button", name="Compute domination and corruption").click()
    # Kislev reached 12 tokens: ruined by card 1; the end phase begins on both phones.
    expect(nia.locator("#region-report .end-report")).to_contain_text("End phase", timeout=LIVE)
    expect(nia.locator("#region-card-kislev > summary")).to_contain_text("ruined (card 1)")
    expect(kim.locator("#region-status")).to_contain_text("End phase")

    nia.get_by_role("button", name="Score ruination, turn the dials, check the end").click()
    expect(kim.locator("#region-status")).to_contain_text("Round 2", timeout=LIVE)
    state = server.store.state(table.token)[1]
    # Nurgle: 3 as a ruiner + 8 for most corruption + 3 from the first dial space.
    assert state["gods"]["nurgle"]["vp"] == 14 and state["gods"]["khorne"]["vp"] == 4
    assert state["gods"]["nurgle"]["dial"] == 2  # one token, the single most: two spaces
    nurgle = kim.locator("#region-gods .scoreboard.gods > li", has_text="Nurgle")
    expect(nurgle.locator("dd .value").first).to_have_text("14")
    # The working of last round's end phase is one tap away.
    kim.get_by_text("Last round’s end phase").click()
    expect(kim.locator("#region-report")).to_contain_text("Nurgle has the most: 8 VP.")
    # A phone at 360 px wide shows the page without sideways scrolling.
    assert kim.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("locale, scheme", [("en-GB", "dark"), ("ja-JP", "light"), ("zh-CN", "light")])
def test_the_gods_and_the_regions_tables_fit_a_360px_phone(server, phones, locale, scheme):
    """The gods' cards and a region's figures (a line per god): every
    cell inside its card, no header cut inside a word, the page not sideways."""
    from test_browser_layout import open_all_details, sideways_overflow

    table = server.store.create_table("chaos-old-world", "Chaos night", {"players": "4"})
    kim = phones(locale=locale, color_scheme=scheme).page
    join_as(kim, server, table.token, "Kim", "khorne")
    join_as(phones().page, server, table.token, "Nia", "nurgle")
    seats = {seat.role: seat.id for seat in server.store.seats(table.token).values()}
    to_corruption_phase(server.store, table.token, seats)  # figures and corruption in Kislev
    kim.reload()
    wait_live(kim)
    open_all_details(kim)
    assert sideways_overflow(kim) is None, sideways_overflow(kim)
    squeezed = kim.evaluate("""() => {
        const out = [];
        for (const li of document.querySelectorAll('.scoreboard.gods > li dl > div')) {
          const r = li.getBoundingClientRect(), box = li.closest('li').getBoundingClientRect();
          if (r.right > box.right + 0.5) out.push('off the god card: ' + li.textContent.trim());
        }
        for (const t of document.querySelectorAll('table.counters.figures')) {
          const box = t.closest('.card').getBoundingClientRect();
          if (t.getBoundingClientRect().right > box.right + 0.5) out.push('table off its card by ' +
              (t.getBoundingClientRect().right - box.right));
          for (const th of t.querySelectorAll('thead th'))
            if (th.scrollWidth > th.clientWidth + 1) out.push('header cut: ' + th.textContent.trim());
          for (const cell of t.querySelectorAll('th, td')) {
            const r = cell.getBoundingClientRect();
            if (r.right > box.right + 0.5) out.push('off the side: ' + cell.textContent.trim());
          }
          for (const name of t.querySelectorAll('tbody th[scope=row], tbody th[scope=row] .player'))
            if (name.scrollWidth > name.clientWidth + 1)
              out.push('name squeezed: ' + name.textContent.trim());
        }
        return out; }""")
    assert not squeezed, squeezed
    # A region's figures: a line per god (no table to cut), each inside its card.
    assert kim.locator("ul.figures-here li").count() > 0
    off = kim.evaluate("""() => [...document.querySelectorAll('ul.figures-here li')].filter(li =>
        li.getBoundingClientRect().right > li.closest('.card').getBoundingClientRect().right + 0.5).length""")
    assert off == 0
    # A god's dial fold: its title on one line, the dial's bar below it (not beside, squeezing it).
    titles = kim.evaluate("""() => [...document.querySelectorAll('.dial-spaces > summary')].map(s => {
        const r = document.createRange(); r.selectNodeContents(s.firstChild);
        return [s.textContent.trim(), new Set([...r.getClientRects()].map(x => Math.round(x.top))).size]; })""")
    assert titles and all(lines <= (1 if locale == "en-GB" else 2) for _, lines in titles), titles
