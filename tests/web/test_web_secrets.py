"""A seat's private note (tally `note.set`) reaches that seat and nobody else:
not another seat, not the table display, not a phone without a seat, not the
host's pages, through no page, fragment, event stream, JSON state, JSON log or
history."""

from __future__ import annotations

import pytest

from web_support import Browser, csrf_from, has_version, json_text, open_stream, seat_key, stream_text

ALICE_NOTE = "TOPSECRET-alice-7f3a"
BOB_NOTE = "bob-private-91c2"


@pytest.fixture
def noted(table, alice, bob):
    assert alice.act("note.set", text=ALICE_NOTE).status_code == 200
    assert bob.act("track.adjust", track="t1", **{"delta:int": "1"}).status_code == 200
    return table


def everything_seen_by(browser: Browser, token: str, headers: dict | None = None) -> dict[str, str]:
    """Every view of the table this browser can fetch, by name."""
    headers = headers or {}
    seen = {
        "table page": browser.get(f"/t/{token}").get_data(as_text=True),
        "display page": browser.get(f"/t/{token}/display").get_data(as_text=True),
        "history": browser.get(f"/t/{token}/history").get_data(as_text=True),
        "qr page": browser.get(f"/t/{token}/qr").get_data(as_text=True),
        "home": browser.get("/").get_data(as_text=True),
        "api table": json_text(browser.client.get(f"/api/tables/{token}", headers=headers)),
        "api state": json_text(browser.client.get(f"/api/tables/{token}/state", headers=headers)),
        "api log": json_text(browser.client.get(f"/api/tables/{token}/log", headers=headers)),
        "display stream": stream_text(browser, f"/t/{token}/events?view=display"),
        "stream": stream_text(browser, f"/t/{token}/events"),
    }
    return seen


def test_the_note_is_shown_to_its_seat(noted, alice):
    seen = everything_seen_by(alice, noted)
    for where in ("table page", "stream", "api state", "api log"):
        assert ALICE_NOTE in seen[where], where
    state = alice.client.get(f"/api/tables/{noted}/state").get_json()
    assert state["state"]["mine"] == {"note": ALICE_NOTE}


def test_the_note_is_hidden_from_another_seat(noted, bob):
    seen = everything_seen_by(bob, noted)
    for where, text in seen.items():
        assert ALICE_NOTE not in text, where
    # The other seat knows a note changed, not what it says.
    assert "changed their private note" in seen["history"]


def test_the_note_is_hidden_from_another_seat_using_its_key_as_a_tool(noted, bob, new_phone):
    tool = new_phone()
    seen = everything_seen_by(tool, noted, headers={"X-Seat-Key": seat_key(bob, noted)})
    assert '"seat": "s2"' in seen["api state"]  # the tool is seen as Bob
    for where, text in seen.items():
        assert ALICE_NOTE not in text, where


def test_the_note_is_hidden_from_the_display_a_stranger_and_the_host(noted, host, new_phone):
    for who, browser in (("stranger", new_phone()), ("host", host)):
        for where, text in everything_seen_by(browser, noted).items():
            assert ALICE_NOTE not in text, (who, where)


def test_the_note_is_hidden_from_another_seat_in_its_action_fragments(table, alice, bob):
    alice.act("note.set", text=ALICE_NOTE)
    for response in (bob.act("track.adjust", track="t1", **{"delta:int": "1"}),
                     bob.act("counter.adjust", counter="c1", **{"delta:int": "1"}),
                     bob.act("track.set", track="t1", **{"value:int": "99"}),  # refused
                     bob.post(f"/t/{table}/undo", htmx=True)):
        assert ALICE_NOTE not in response.get_data(as_text=True)


def test_each_seat_sees_only_its_own_note(table, alice, bob):
    alice.act("note.set", text=ALICE_NOTE)
    bob.act("note.set", text=BOB_NOTE)
    alice_page, bob_page = alice.page(f"/t/{table}"), bob.page(f"/t/{table}")
    assert ALICE_NOTE in alice_page and BOB_NOTE not in alice_page
    assert BOB_NOTE in bob_page and ALICE_NOTE not in bob_page
    alice_log = json_text(alice.client.get(f"/api/tables/{table}/log"))
    assert ALICE_NOTE in alice_log and BOB_NOTE not in alice_log


def test_a_note_set_while_another_seat_watches_the_stream_stays_hidden(table, alice, bob, new_phone):
    bob_stream = stream_text(bob, f"/t/{table}/events",
                             act=lambda: alice.act("note.set", text=ALICE_NOTE))
    display_stream = stream_text(new_phone(), f"/t/{table}/events?view=display",
                                 act=lambda: alice.act("note.set", text=ALICE_NOTE + "-2"))
    alice_stream = stream_text(alice, f"/t/{table}/events",
                               act=lambda: alice.act("note.set", text=ALICE_NOTE + "-3"))
    assert "event: region-log" in bob_stream  # Bob did get the change, without its text
    assert ALICE_NOTE not in bob_stream
    assert ALICE_NOTE not in display_stream
    assert ALICE_NOTE + "-3" in alice_stream


def test_undoing_a_note_hides_the_older_note_from_others_too(table, alice, bob):
    alice.act("note.set", text=ALICE_NOTE)
    alice.act("note.set", text="second thoughts")
    assert bob.post(f"/t/{table}/undo", htmx=True).status_code == 200
    assert ALICE_NOTE in alice.page(f"/t/{table}")
    for where, text in everything_seen_by(bob, table).items():
        assert ALICE_NOTE not in text and "second thoughts" not in text, where


def test_a_handed_over_seat_keeps_its_note_on_the_new_phone_only(host, table, alice, bob, new_phone):
    alice.act("note.set", text=ALICE_NOTE)
    host.csrf = csrf_from(host.page(f"/t/{table}/qr"))
    page = host.post(f"/t/{table}/seats/{alice.seat_id}/handover").get_data(as_text=True)
    assert ALICE_NOTE not in page
    link = page.split(f"/t/{table}/claim/")[1].split('"')[0]
    new = new_phone()
    new.get(f"/t/{table}/claim/{link}")
    assert ALICE_NOTE in new.page(f"/t/{table}")
    assert ALICE_NOTE not in alice.page(f"/t/{table}")


def test_an_open_stream_on_the_old_phone_stops_after_a_handover(host, table, alice, new_phone):
    # The seat moved because the old phone was lost: its open page must not
    # keep receiving the seat's private regions.
    with open_stream(alice, f"/t/{table}/events") as old_phone:
        old_phone.read(until=has_version)
        host.csrf = csrf_from(host.page(f"/t/{table}/qr"))
        page = host.post(f"/t/{table}/seats/{alice.seat_id}/handover").get_data(as_text=True)
        claim = "/t/{}/claim/{}".format(table, page.split(f"/t/{table}/claim/")[1].split('"')[0])
        new = new_phone()
        new.get(claim)
        new.token, new.csrf = table, csrf_from(new.page(f"/t/{table}"))
        assert new.act("note.set", text=ALICE_NOTE).status_code == 200
        rest = old_phone.read(until=lambda text: "event: gone" in text or ALICE_NOTE in text)
    assert ALICE_NOTE not in rest
    assert "event: seat-lost" in rest
