"""Linked tables in a real browser: two phones seated at a league start a match
from it without joining again, play it, report the result back, and both see
it on the league."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import counter_value, join, track_value, wait_live
from tests.league_tables import league  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser

LIVE = 1000  # ms


def test_two_phones_start_a_match_from_the_league_and_report_its_result_back(server, phones, league):
    parent = server.store.create_table(league, "Spring league", {}).token
    ann, ben = phones().page, phones().page
    join(ann, server, parent, "Ann")
    join(ben, server, parent, "Ben")

    ann.get_by_role("button", name="Start match 1").click()
    ann.wait_for_url(lambda url: "/t/" in url and parent not in url)
    match = ann.url.rstrip("/").split("/")[-1]
    assert match != parent and server.store.table(match).parent == parent
    expect(ann.locator(".who-am-i")).to_have_text("Ann")  # seated, no join form
    wait_live(ann)

    # Ben's league page lists the new match live; he opens it, already seated.
    ben.locator("#region-links").get_by_role("link", name="Match 1").click(timeout=LIVE * 5)
    expect(ben.locator(".who-am-i")).to_have_text("Ben")
    expect(ben.locator("form:has(input[name=role])")).to_have_count(0)  # no join form
    wait_live(ben)

    report = ann.get_by_role("button", name="Report the result to Spring league")
    expect(report).to_have_count(0)
    for goals in (1, 2, 3):
        ben.get_by_role("button", name="Goals plus 1").click()
        expect(counter_value(ann, "Ben")).to_have_text(str(goals), timeout=LIVE)
    # The result is there: Ann's page offers to report it, live.
    expect(report).to_be_visible(timeout=LIVE)
    report.click()
    ann.wait_for_url(f"**/t/{parent}")
    expect(counter_value(ann, "Ben")).to_have_text("1")  # Ben's wins
    expect(track_value(ann, "Matches")).to_have_text("1")
    expect(ann.locator("#region-links")).to_contain_text("result reported")

    # Ben's match page now says it was reported and links back to the league.
    expect(ben.locator("#region-links")).to_contain_text("reported to Spring league", timeout=LIVE)
    ben.locator("#region-links").get_by_role("link", name="Back to Spring league").click()
    ben.wait_for_url(f"**/t/{parent}")
    expect(counter_value(ben, "Ben")).to_have_text("1")
    expect(track_value(ben, "Matches")).to_have_text("1")
    expect(ben.get_by_role("button", name="Start match 2")).to_be_visible()
