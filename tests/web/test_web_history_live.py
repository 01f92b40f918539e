"""The history page: titled with the table's name, and kept current through
the event stream (which tells it each new version; it fetches its list)."""

from __future__ import annotations

import re

from web_support import has_version, open_stream, parse_events


def test_the_history_page_is_headed_with_the_tables_name(table, alice, store):
    page = alice.page(f"/t/{table}/history")
    name = store.table(table).name
    assert re.search(rf'<a class="brand" href="/t/{table}">{name}</a>', page)
    assert f"<title>History · {name}</title>" in page


def test_the_history_page_listens_to_the_tables_stream(table, alice, store):
    page = alice.page(f"/t/{table}/history")
    assert f'sse-connect="/t/{table}/events?view=history"' in page
    version = store.table(table).version
    assert f'data-version="{version}" data-refresh="/t/{table}/history?part=list"' in page


def test_the_history_stream_sends_each_new_version_and_no_region(table, alice, bob, store):
    with open_stream(alice, f"/t/{table}/events?view=history") as stream:
        first = stream.read(until=has_version)
        assert [name for name, _ in parse_events(first) if name != "ping"] == ["version"]
        bob.act("track.adjust", track="t1", **{"delta:int": "2"})
        second = stream.read(until=has_version)
    assert [data for name, data in parse_events(second) if name == "version"] == [str(store.table(table).version)]
    assert "region-" not in first + second


def test_the_list_part_is_the_readers_history_at_its_version(table, alice, bob, store):
    alice.act("note.set", text="secret plan")
    bob.act("track.adjust", track="t1", **{"delta:int": "2"})
    part = bob.page(f"/t/{table}/history?part=list")
    assert part.lstrip().startswith('<section class="history-page"')
    assert "<html" not in part
    assert f'data-version="{store.table(table).version}"' in part
    assert "Doom +2" in part and "changed their private note" in part
    assert "secret plan" not in part
