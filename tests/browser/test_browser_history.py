"""The history page of a long table, in a real browser: the newest page takes
each new step live (at the top, its numbering and pager following), and the
pager leads to older steps and back."""

from __future__ import annotations

from playwright.sync_api import expect

from browser_support import join, mark_page, same_document, wait_live
from companion.web.history import PAGE_SIZE

LIVE = 5000  # ms


def test_the_newest_page_takes_new_steps_live_and_the_pager_leads_back(server, tally, phones):
    alice, bob = phones().page, phones().page
    join(alice, server, tally.token, "Alice")
    seat = next(s for s in server.store.seats(tally.token).values() if s.name == "Alice")
    for number in range(PAGE_SIZE + 20):
        server.store.act(tally.token, seat.id, "track.adjust", {"track": "t1", "delta": 1 if number % 2 == 0 else -1})
    version = server.store.table(tally.token).version

    bob.goto(server.at(f"/t/{tally.token}/history"))
    wait_live(bob)
    mark_page(bob)
    lines = bob.locator(".history li")
    expect(lines).to_have_count(PAGE_SIZE)
    expect(bob.locator(".history")).to_have_attribute("start", str(version))

    alice.get_by_role("button", name="Doom plus 1").click()
    expect(lines.first).to_contain_text("Alice Doom +1", timeout=LIVE)
    expect(bob.locator(".history")).to_have_attribute("start", str(version + 1))
    expect(lines).to_have_count(PAGE_SIZE)
    assert same_document(bob)

    # Older steps, then back: the pager swapped in with the list points where the list now ends.
    bob.get_by_role("link", name="Older steps").click()
    expect(bob.locator(".history")).to_have_attribute("start", str(version + 1 - PAGE_SIZE))
    expect(bob.locator(".history li").last).to_contain_text("Alice joined as Player")
    bob.get_by_role("link", name="Newer steps").click()
    expect(bob.locator(".history")).to_have_attribute("start", str(version + 1))
