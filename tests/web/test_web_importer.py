"""A big import is parsed, checked and replayed by a process of its own
(companion.web.importer), so the server's other requests don't wait behind
it; it imports exactly as one done in the server does, refusals included."""

from __future__ import annotations

import io
import json

import pytest

from web_support import location_path


@pytest.fixture
def apart(app):
    """Every import, however small, goes to an import process."""
    app.config["IMPORT_APART_BYTES"] = 0
    return app


def exported(host, table) -> bytes:
    return host.get(f"/t/{table}/export").data


def test_an_import_apart_gives_the_same_table_through_the_api(apart, host, table, alice, bob, store):
    alice.act("track.adjust", track="t1", **{"delta:int": "6"})
    alice.act("note.set", text="my plan")
    bob.post(f"/t/{table}/undo", htmx=True)
    response = host.client.post("/api/tables/import", data=exported(host, table), content_type="application/json")
    assert response.status_code == 201, response.get_json()
    copy = response.get_json()["token"]
    assert copy != table and store.table(copy).host_key == response.get_json()["host_key"]
    assert store.state(copy) == store.state(table)
    assert store.log(copy) == store.log(table)
    assert [s.name for s in store.seats(copy).values()] == ["Alice", "Bob"]


def test_an_import_apart_from_the_home_page_goes_to_the_invite_page(apart, host, table, alice, store):
    alice.act("track.adjust", track="t1", **{"delta:int": "6"})
    host.load_csrf("/")
    response = host.post("/import", {"file": (io.BytesIO(exported(host, table)), "t.json")},
                         content_type="multipart/form-data")
    assert response.status_code == 302
    copy = location_path(response).removeprefix("/t/").removesuffix("/qr")
    assert store.state(copy) == store.state(table)
    # The importer hosts the copy.
    assert f'action="/t/{copy}/delete"' in host.page(f"/t/{copy}/qr")


@pytest.mark.parametrize("body, message", [
    (b"{not json", "This is not a table export."),
    (b"[1, 2, 3]", "This is not a table export."),
    (b'{"format": "something-else/1"}', "This is not a table export."),
])
def test_an_import_apart_refuses_what_is_no_export(apart, host, table, store, body, message):
    response = host.client.post("/api/tables/import", data=body, content_type="application/json")
    assert (response.status_code, response.get_json()) == (400, {"error": message, "field": "file"})
    assert [t.token for t in store.tables()] == [table]


def test_a_damaged_export_is_refused_in_the_readers_language(apart, host, table, alice, store):
    alice.act("track.adjust", track="t1", **{"delta:int": "6"})
    data = json.loads(exported(host, table))
    data["state"]["tracks"][0]["value"] = 30  # not what the log gives
    response = host.client.post("/api/tables/import", data=json.dumps(data), content_type="application/json",
                                headers={"Accept-Language": "ja"})
    assert response.status_code == 400
    damaged = "このエクスポートファイルは壊れているため、インポートできません。"
    assert response.get_json() == {"error": damaged, "field": "file"}
    assert [t.token for t in store.tables()] == [table]


def test_an_import_process_that_fails_says_nothing_was_imported(apart, host, table, store, monkeypatch):
    monkeypatch.setattr("companion.web.importer.sys.executable", "/nonexistent/python")
    response = host.client.post("/api/tables/import", data=exported(host, table), content_type="application/json")
    assert (response.status_code, response.get_json()) == (
        400, {"error": "The import stopped before it finished; nothing was imported.", "field": "file"})
    assert [t.token for t in store.tables()] == [table]


def test_a_small_import_is_done_in_the_server(app, host, table, store, monkeypatch):
    monkeypatch.setattr("companion.web.importer.sys.executable", "/nonexistent/python")
    response = host.client.post("/api/tables/import", data=exported(host, table), content_type="application/json")
    assert response.status_code == 201
