"""A table deleted while a request about it is under way (after the route
found it, before the store read it) answers as a table that never was: 404,
or `gone` on an event stream; never a server error."""

from __future__ import annotations

from companion.store import Store
from companion.web import api, events, play
from web_support import has_version, open_stream, parse_events


def deleted_right_after(monkeypatch, module, lookup: str, store_to_delete_with: Store) -> None:
    """The table is deleted as soon as `module`'s `lookup(table_or_token)` returns."""
    real = getattr(module, lookup)

    def then_deleted(table_or_token):
        found = real(table_or_token)
        store_to_delete_with.delete_table(getattr(table_or_token, "token", table_or_token))
        return found

    monkeypatch.setattr(module, lookup, then_deleted)


def test_an_action_on_a_table_deleted_midway_is_404(monkeypatch, store, table, alice):
    deleted_right_after(monkeypatch, play, "require_seat", store)
    response = alice.act("track.adjust", track="t1", **{"delta:int": "1"})
    assert response.status_code == 404


def test_an_api_call_on_a_table_deleted_midway_is_404_json(monkeypatch, store, table, alice, client):
    deleted_right_after(monkeypatch, api, "table_or_404", store)
    response = client.post(f"/api/tables/{table}/seats", json={"name": "Eve", "role": "player"})
    assert (response.status_code, response.get_json()) == (404, {"error": "Not found."})


def test_a_stream_whose_table_is_deleted_midway_says_gone(monkeypatch, app, table, alice, new_phone):
    # Another process deletes it: the hub still knows the last version.
    other = Store(app.config["DATABASE"])
    deleted_right_after(monkeypatch, events, "table_or_404", other)
    with open_stream(new_phone(), f"/t/{table}/events?view=display") as stream:
        text = stream.read(until=has_version)
    other.close()
    assert [name for name, _ in parse_events(text)] == ["gone"]
