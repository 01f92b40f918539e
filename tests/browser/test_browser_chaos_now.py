"""Chaos' card at the top of each phone (issue 18 item 1): a round played on
two phones, each step taken from the card at the top of the phone whose step
it is, its button on the first screen of a 360×740 phone; the other phone
says whose step it is; the steps that throw away a turn or end the round ask first."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.games.chaos.actions import assign_open
from companion.games.chaos.state import lowest_threat
from test_browser_chaos import join_as
from tests.games.chaos.chaos_play import phase_of, round_of, turn_of

pytestmark = pytest.mark.browser
SCREEN = {"width": 360, "height": 740}


def take_step(server, token, page, button, fill=None):
    """Tap `button` in the card at the top of `page` (after `fill`ing its form):
    it must be on the first screen; wait until the table moved on and `page` shows it."""
    page.evaluate("window.scrollTo(0, 0)")
    target = page.locator("#region-now").get_by_role("button", name=button).first
    expect(target).to_be_visible()
    if fill:
        fill(page)
    box = target.bounding_box()
    assert box and box["y"] + box["height"] <= SCREEN["height"], (button, box)
    before = server.store.state(token)[0]
    target.click()
    for _ in range(100):
        if server.store.state(token)[0] > before:
            break
        page.wait_for_timeout(50)
    version = server.store.state(token)[0]
    if version == before:
        page.screenshot(path="/tmp/chaos2_fail.png", full_page=True)
    assert version > before, f"{button}: nothing happened: " + page.locator("#region-now").inner_text()
    expect(page.locator("#live-status")).to_have_attribute("data-version", str(version))


def summon_form(page, unit, region):
    page.locator("#summon-unit").select_option(unit)
    page.locator("#summon-region").select_option(region)


def legal_kills(page, state):
    """Fill the assign form with the legal assignment the rules offer (the cheapest targets first)."""
    kills = {}
    for entry in assign_open(state, None, {})[0]["assignments"]:
        name = f"kill.{entry['owner']}.{entry['unit']}"
        kills[name] = kills.get(name, 0) + 1
    for name, count in kills.items():
        page.locator(f"#region-now input[name='{name}']").fill(str(count))


def place_tokens(page, pending: dict) -> None:
    """Tick the first regions the card asks for; a card that names pairs of
    regions (Dwarf Trollslayers) offers each pair as one button instead."""
    if pending.get("card") == "dwarf_trollslayers":
        return
    boxes = page.locator("#region-now input[type=checkbox]")
    for index in range(pending.get("choose", 1)):
        boxes.nth(index).check()


def test_a_round_is_played_from_the_card_at_the_top_of_each_phone(server, phones):
    table = server.store.create_table("chaos-old-world", "Chaos night", {"players": "4"})
    kim_phone, nia_phone = phones(), phones()
    kim, nia = kim_phone.page, nia_phone.page
    nia_phone.accept_dialogs = True
    for page in (kim, nia):
        page.set_viewport_size(SCREEN)
    join_as(kim, server, table.token, "Kim", "khorne")
    join_as(nia, server, table.token, "Nia", "nurgle")
    token = table.token
    step = lambda page, button, fill=None: take_step(server, token, page, button, fill)  # noqa: E731

    step(kim, "Draw the starting Old World tokens")
    step(kim, "Start round 1")
    # Nurgle has the lowest threat: its phone holds the form, the other says whose step it is.
    assert lowest_threat(server.store.state(token)[1]) == "nurgle"
    expect(nia.locator("#region-now .now-you")).to_have_text("Your turn")
    expect(kim.locator("#region-now")).to_contain_text("Nurgle (lowest threat) draws and resolves the Old World card.")
    expect(kim.locator("#region-now .now-you")).to_have_count(0)
    step(nia, "Draw the Old World card for Nurgle")  # drawn by the app, nothing typed
    while any(entry["kind"] in ("old_world", "events") for entry in server.store.state(token)[1]["pending"]):
        step(nia, "Place them", fill=lambda page: place_tokens(page, server.store.state(token)[1]["pending"][0]))
    step(kim, "On to the draw phase")
    step(kim, "Draw chaos cards for Khorne")
    step(nia, "Draw chaos cards for Nurgle")
    step(kim, "Draw chaos cards for Tzeentch")
    step(kim, "Draw chaos cards for Slaanesh")
    # Summoning: Khorne summons a warrior into Kislev, Nurgle a cultist; everyone passes.
    expect(kim.locator("#region-now")).to_contain_text("Turn: Khorne")
    step(kim, "Summon", fill=lambda page: summon_form(page, "warrior", "kislev"))
    step(nia, "Summon", fill=lambda page: summon_form(page, "cultist", "kislev"))
    # Passing throws the rest of the turn away: the phone asks first; a No changes nothing.
    kim_phone.accept_dialogs = False
    before = server.store.state(token)[0]
    kim.locator("#region-now").get_by_role("button", name="Pass for the rest of the phase").click()
    kim.wait_for_timeout(300)
    assert server.store.state(token)[0] == before and kim_phone.dialogs[-1][0] == "confirm"
    assert "power left goes to 0" in kim_phone.dialogs[-1][1]
    kim_phone.accept_dialogs = True
    for page in (kim, kim):  # Tzeentch and Slaanesh, acted for on Kim's phone
        step(page, "Pass for the rest of the phase")
    while phase_of(server.store.state(token)[1]) == "summoning":
        turn = turn_of(server.store.state(token)[1])
        step(nia if turn == "nurgle" else kim, "Pass for the rest of the phase")
    # The battle in Kislev: Khorne rolls, then assigns its hits.
    expect(kim.locator("#region-now")).to_contain_text("Battle in Kislev")
    state = server.store.state(token)[1]
    while phase_of(state) == "battle":
        god = state["battle"]["roll"]["god"] if state["battle"]["roll"] else state["battle"]["queue"][0]
        page = nia if god == "nurgle" else kim
        if state["battle"]["roll"]:
            step(page, "Assign the hits", fill=lambda page, state=state: legal_kills(page, state))
        else:
            step(page, "Roll")
        state = server.store.state(token)[1]
    step(nia, "Compute domination and corruption")
    step(kim, "Score ruination, turn the dials, check the end")
    assert round_of(server.store.state(token)[1]) == 2
    assert any(kind == "confirm" and "End the round" in text for kind, text in kim_phone.dialogs)
