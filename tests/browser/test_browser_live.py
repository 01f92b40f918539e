"""Phones at one table, in a real browser: creating and inviting, every change
showing on the other phones without a reload, refusals, undo, reconnecting
after the connection drops, and the shared table display."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import counter_value, create_table, join, mark_page, same_document, track_value, wait_live

pytestmark = pytest.mark.browser

LIVE = 1000  # ms: a change must reach the other phones within a second


def test_host_creates_a_table_and_gets_a_qr_code_to_invite(server, phones):
    host = phones().page
    token = create_table(host, server, "Friday night", tracks="Doom 0..30", counters="VP 0..99")
    table = server.store.table(token)
    assert table.name == "Friday night"
    assert [t["name"] for t in server.store.state(token)[1]["tracks"]] == ["Doom"]

    qr = host.locator(".qr svg")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box["width"] >= 250, "the QR code should fill most of a phone's width"
    assert box["width"] == pytest.approx(box["height"], abs=1)
    expect(host.locator(".code.big")).to_have_text(table.code)
    # The code a guest types and the link the QR holds lead to this table.
    expect(host.locator(".link a")).to_have_attribute("href", server.at(f"/t/{token}"))


def test_a_change_on_one_phone_shows_on_the_other_without_reload(server, tally, phones):
    a, b = phones().page, phones().page
    join(a, server, tally.token, "Alice")
    join(b, server, tally.token, "Bob", role="keeper")
    mark_page(a), mark_page(b)

    a.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(b, "Doom")).to_have_text("1", timeout=LIVE)
    expect(track_value(a, "Doom")).to_have_text("1")

    # Bob keeps the score: he has steppers for everyone's counters, Alice only for her own.
    expect(a.locator("#region-counters .scoreboard").get_by_role("button")).to_have_count(0)
    b.get_by_role("button", name="Bob VP minus 1").click()
    expect(counter_value(a, "Bob")).to_have_text("4", timeout=LIVE)
    expect(counter_value(a, "Alice")).to_have_text("5")
    expect(counter_value(b, "Bob")).to_have_text("4")
    # The last thing that happened is shown on both phones.
    expect(a.locator("#region-log .last")).to_contain_text("Bob", timeout=LIVE)
    assert same_document(a) and same_document(b)


def test_a_refused_action_shows_the_rules_message_on_that_phone_only(server, tally, phones):
    a, b = phones().page, phones().page
    join(a, server, tally.token, "Alice")
    join(b, server, tally.token, "Bob")
    version_before = server.store.state(tally.token)[0]

    doom = a.locator("#region-tracks .track", has_text="Doom")
    doom.get_by_role("button", name="Doom minus 1").click()
    error = doom.locator(".plusminus output.error")
    expect(error).to_have_text("Doom can't go below 0.")
    expect(error).to_be_visible()
    # Next to the control: right under the −/+ buttons, inside the same card.
    buttons, message = doom.locator("form.action button").first.bounding_box(), error.bounding_box()
    assert 0 <= message["y"] - (buttons["y"] + buttons["height"]) <= 24

    assert server.store.state(tally.token)[0] == version_before
    expect(track_value(a, "Doom")).to_have_text("0")
    expect(track_value(b, "Doom")).to_have_text("0")
    expect(b.locator("output.error:visible")).to_have_count(0)
    expect(b.locator("#live-status")).to_have_attribute("data-version", str(version_before))

    # The next accepted tap clears the message.
    doom.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(b, "Doom")).to_have_text("1", timeout=LIVE)
    expect(a.locator("output.error:visible")).to_have_count(0)


def test_undo_on_one_phone_reverts_on_the_other(server, tally, phones):
    a, b = phones().page, phones().page
    join(a, server, tally.token, "Alice")
    join(b, server, tally.token, "Bob")
    mark_page(a)

    b.get_by_role("button", name="Doom plus 1").click()
    b.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(a, "Doom")).to_have_text("2", timeout=LIVE)

    b.locator("#region-log").get_by_role("button", name="Undo").click()
    expect(track_value(a, "Doom")).to_have_text("1", timeout=LIVE)
    expect(track_value(b, "Doom")).to_have_text("1")
    expect(a.locator("#region-log .last")).to_contain_text("undid", timeout=LIVE)
    assert same_document(a)


def test_a_phone_that_lost_its_connection_catches_up_without_reload(server, tally, phones, tunnel):
    a, phone_b = phones().page, phones()
    b = phone_b.page
    join(a, server, tally.token, "Alice")
    join(b, tunnel, tally.token, "Bob")  # Bob's phone reaches the server through a relay we can cut
    mark_page(b)

    # Wi-Fi gone: the open event stream breaks and nothing gets through.
    phone_b.context.set_offline(True)
    tunnel.cut()
    expect(b.locator("html")).to_have_attribute("data-live", "lost")

    a.get_by_role("button", name="Doom plus 1").click()
    a.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(a, "Doom")).to_have_text("2")
    expect(track_value(b, "Doom")).to_have_text("0")

    tunnel.restore()
    phone_b.context.set_offline(False)
    # The browser retries on its own within seconds, and at once on the "online" event.
    expect(track_value(b, "Doom")).to_have_text("2", timeout=10_000)
    expect(b.locator("html")).to_have_attribute("data-live", "open")
    assert same_document(b)

    # And the restored stream carries later changes live again.
    a.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(b, "Doom")).to_have_text("3", timeout=LIVE)


def test_the_table_display_shows_shared_state_only_and_updates_live(server, tally, phones):
    a = phones().page
    join(a, server, tally.token, "Alice")
    secret = "Bluff: I hold the dragon"
    tools = a.locator("details", has_text="Private note")
    tools.locator("summary").click()
    tools.get_by_role("textbox").fill(secret)
    tools.get_by_role("button", name="Save note").click()
    expect(a.locator("#region-note")).to_contain_text(secret)

    screen = phones().page
    screen.goto(server.at(f"/t/{tally.token}/display"))
    wait_live(screen)
    mark_page(screen)
    expect(track_value(screen, "Doom")).to_have_text("0")
    expect(counter_value(screen, "Alice")).to_have_text("5")
    expect(screen.locator("body")).not_to_contain_text(secret)
    expect(screen.locator("body")).not_to_contain_text("Bluff")
    # Nobody plays from the display: no +/−, no undo.
    expect(screen.locator("main").get_by_role("button")).to_have_count(0)

    a.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(screen, "Doom")).to_have_text("1", timeout=LIVE)
    a.get_by_role("button", name="VP plus 1").click()
    expect(counter_value(screen, "Alice")).to_have_text("6", timeout=LIVE)
    expect(screen.locator("body")).not_to_contain_text(secret)
    assert same_document(screen)


def test_deleting_the_table_tells_every_phone_at_once(server, phones):
    host = phones()
    token = create_table(host.page, server, "Short game")
    a = phones().page
    join(a, server, token, "Alice")

    delete = host.page.locator("form[action$=delete] button")
    delete.click()  # the host says Cancel to "Delete this table for everyone?"
    assert host.dialogs and host.dialogs[-1][0] == "confirm"
    assert server.store.table(token) is not None
    host.accept_dialogs = True
    delete.click()
    host.page.wait_for_url(server.url)
    assert server.store.table(token) is None

    # Alice's phone reloads by itself and says the table is gone.
    expect(a.locator("h1")).to_have_text("Not found", timeout=5000)
    assert a.url == server.at(f"/t/{token}")
