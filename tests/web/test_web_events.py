"""The live event stream (/t/<token>/events): every region on connect, then
only the regions whose HTML changed for this viewer, and `gone` when the
table is deleted."""

from __future__ import annotations

from web_support import csrf_from, has_version, open_stream, parse_events

SEAT_REGIONS = ["region-follow", "region-now", "region-tracks", "region-counters", "region-note", "region-links",
                "region-log"]
DISPLAY_REGIONS = ["region-follow", "region-tracks", "region-counters"]  # follow: where the display goes by itself


def names(text: str) -> list[str]:
    """The events in `text` but pings: a heartbeat (every 0.05 s here) may
    fall between any two steps of a test."""
    return [name for name, _ in parse_events(text) if name != "ping"]


def data_of(text: str, event: str) -> str:
    return next(data for name, data in parse_events(text) if name == event)


def test_the_first_message_carries_every_region_of_a_seat(table, alice, store):
    with open_stream(alice, f"/t/{table}/events") as stream:
        first = stream.read(until=has_version)
    assert names(first) == SEAT_REGIONS + ["version"]
    version = store.table(table).version
    assert data_of(first, "version") == str(version)
    # Each region is the same HTML the page shows (the page was rendered at this version).
    page = alice.page(f"/t/{table}")
    for name in ("region-tracks", "region-counters", "region-log"):
        assert data_of(first, name).strip() in page
    assert f"id: {version}" in first


def test_the_first_message_of_the_display_carries_the_shared_regions(table, alice, new_phone):
    with open_stream(new_phone(), f"/t/{table}/events?view=display") as stream:
        first = stream.read(until=has_version)
    assert names(first) == DISPLAY_REGIONS + ["version"]
    assert "/act" not in first  # no controls on the display


def test_a_stream_without_a_seat_shows_no_private_region(table, alice, new_phone):
    with open_stream(new_phone(), f"/t/{table}/events") as stream:
        first = stream.read(until=has_version)
    assert "region-note" not in names(first)


def test_after_an_action_only_the_changed_regions_are_sent(table, alice, bob, store):
    with open_stream(alice, f"/t/{table}/events") as stream:
        stream.read(until=has_version)
        bob.act("track.adjust", track="t1", **{"delta:int": "2"})
        second = stream.read(until=has_version)
        assert names(second) == ["region-tracks", "region-log", "version"]
        assert '<span class="value big">2</span>' in data_of(second, "region-tracks")
        assert "Bob" in data_of(second, "region-log") and "Doom +2" in data_of(second, "region-log")
        assert data_of(second, "version") == str(store.table(table).version)

        bob.act("counter.adjust", counter="c1", **{"delta:int": "5"})
        third = stream.read(until=has_version)
        assert names(third) == ["region-counters", "region-log", "version"]

        alice.act("note.set", text="my plan")
        fourth = stream.read(until=has_version)
        assert names(fourth) == ["region-note", "region-log", "version"]
        assert "my plan" in data_of(fourth, "region-note")


def test_another_seats_note_changes_only_the_log_for_me(table, alice, bob):
    with open_stream(bob, f"/t/{table}/events") as stream:
        stream.read(until=has_version)
        alice.act("note.set", text="my plan")
        assert names(stream.read(until=has_version)) == ["region-log", "version"]


def test_the_display_gets_only_the_changed_shared_region(table, alice, new_phone):
    with open_stream(new_phone(), f"/t/{table}/events?view=display") as stream:
        stream.read(until=has_version)
        alice.act("track.adjust", track="t1", **{"delta:int": "1"})
        assert names(stream.read(until=has_version)) == ["region-tracks", "version"]
        alice.act("note.set", text="my plan")
        # Nothing the display shows changed: only the version moves on.
        assert names(stream.read(until=has_version)) == ["version"]


def test_a_quiet_stream_sends_ping_events_the_page_can_see(table, alice):
    with open_stream(alice, f"/t/{table}/events") as stream:
        stream.read(until=has_version)
        quiet = stream.read(chunks=3)
    assert quiet == "event: ping\ndata: \n\n" * 3


def test_a_new_seat_appears_in_the_counters_of_an_open_stream(table, alice, new_phone):
    from web_support import join_seat

    with open_stream(alice, f"/t/{table}/events") as stream:
        stream.read(until=has_version)
        join_seat(new_phone(), table, "Carol")
        update = stream.read(until=has_version)
    assert "region-counters" in names(update)
    assert "Carol" in data_of(update, "region-counters")


def test_a_deleted_table_sends_gone_and_the_stream_ends(host, table, alice):
    with open_stream(alice, f"/t/{table}/events") as stream:
        stream.read(until=has_version)
        host.csrf = csrf_from(host.page(f"/t/{table}/qr"))
        assert host.post(f"/t/{table}/delete").status_code == 302
        rest = stream.read(until=lambda t: "event: gone" in t)
        assert names(rest)[-1] == "gone"
        assert stream.read() == ""  # the stream ended


def test_a_stream_for_an_unknown_table_is_404(alice):
    assert alice.get("/t/no-such-table/events").status_code == 404


def test_a_stream_whose_seat_moved_to_another_phone_says_so_and_ends(host, table, alice, bob, new_phone):
    with open_stream(alice, f"/t/{table}/events") as alices, open_stream(bob, f"/t/{table}/events") as bobs:
        alices.read(until=has_version)
        bobs.read(until=has_version)
        host.csrf = csrf_from(host.page(f"/t/{table}/qr"))
        assert host.post(f"/t/{table}/seats/{alice.seat_id}/handover").status_code == 200
        lost = alices.read(until=lambda t: "event: seat-lost" in t)
        assert names(lost)[-1] == "seat-lost"
        assert alices.read() == ""  # ended
        # Bob's seat did not move: his stream goes on.
        assert names(bobs.read(until=has_version)) == ["region-log", "version"]


def test_a_display_stream_goes_on_after_a_handover(host, table, alice, new_phone):
    with open_stream(new_phone(), f"/t/{table}/events?view=display") as display:
        display.read(until=has_version)
        host.csrf = csrf_from(host.page(f"/t/{table}/qr"))
        host.post(f"/t/{table}/seats/{alice.seat_id}/handover")
        assert names(display.read(until=has_version)) == ["version"]
