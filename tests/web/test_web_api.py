"""The JSON API (companion/web/api.py), every endpoint, as a tool drives it:
seat by X-Seat-Key, host by X-Host-Key, JSON bodies.

With COMPANION_API_EXAMPLES=<file> set, the exchanges marked for the docs are
written to that file; docs/api.md quotes them."""

from __future__ import annotations

import json
import os

import pytest

from companion import games
from companion.kit.fields import ActionSpec, Text
from tests.league_tables import register

EXAMPLES: dict[str, dict] = {}
LAN = {"REMOTE_ADDR": "192.168.1.20"}


class Api:
    """A tool talking JSON to the server through Flask's test client."""

    def __init__(self, client):
        self.client = client

    def call(self, method: str, path: str, body=None, headers: dict | None = None, example: str | None = None,
             **kwargs):
        headers = dict(headers or {})
        if body is not None:
            kwargs["json"] = body
        response = self.client.open(path, method=method, headers=headers, **kwargs)
        if example:
            sent = response.request
            content_type = sent.headers.get("Content-Type")
            EXAMPLES[example] = {
                "request": {"method": method, "path": path,
                            "headers": {**headers, **({"Content-Type": content_type} if content_type else {})},
                            "body": body if body is not None else kwargs.get("data")},
                "response": {"status": response.status_code, "body": response.get_json(silent=True)},
            }
        return response

    def get(self, path, **kwargs):
        return self.call("GET", path, **kwargs)

    def post(self, path, body=None, **kwargs):
        return self.call("POST", path, {} if body is None else body, **kwargs)

    def delete(self, path, **kwargs):
        return self.call("DELETE", path, **kwargs)


@pytest.fixture(scope="module", autouse=True)
def write_examples():
    yield
    target = os.environ.get("COMPANION_API_EXAMPLES")
    if target:
        with open(target, "w", encoding="utf-8") as out:
            json.dump(EXAMPLES, out, ensure_ascii=False, indent=1)


@pytest.fixture
def api(client) -> Api:
    return Api(client)


@pytest.fixture
def made(api):
    """A tally table made through the API, with seats for Alice and Bob."""
    response = api.post("/api/tables", {"game": "tally", "name": "Game night",
                                         "options": {"tracks": "Doom 0..30", "counters": "VP 0..99"}})
    assert response.status_code == 201
    table = response.get_json()
    keys = {}
    for name in ("Alice", "Bob"):
        joined = api.post(f"/api/tables/{table['token']}/seats", {"name": name, "role": "player"})
        assert joined.status_code == 201
        keys[name] = joined.get_json()["key"]
    return table, keys


def seat(key: str) -> dict:
    return {"X-Seat-Key": key}


# --- games and tables ----------------------------------------------------------


def test_games_lists_every_table_type_with_its_actions(api):
    response = api.get("/api/games")
    assert response.status_code == 200
    listed = {game["id"]: game for game in response.get_json()}
    assert set(listed) == set(games.table_types())
    tally = listed["tally"]
    assert tally["title"] == "Tally"
    assert [r["id"] for r in tally["roles"]] == ["player", "keeper"]
    assert [o["name"] for o in tally["options"]] == ["tracks", "counters"]
    assert set(tally["actions"]) == set(games.rules_for("tally").action_types())


def test_create_a_table(api, store):
    response = api.post("/api/tables", {"game": "tally", "name": "Game night",
                                         "options": {"tracks": "Doom 0..30", "counters": "VP 0..99"}})
    assert response.status_code == 201
    made = response.get_json()
    table = store.table(made["token"])
    assert (made["game"], made["name"], made["code"], made["version"]) == ("tally", "Game night", table.code, 0)
    assert made["host_key"] == table.host_key
    assert made["url"].endswith(f"/t/{table.token}")


def test_create_refuses_a_bad_game_options_or_name(api, store):
    cases = [
        ({"game": "chess", "name": "x"}, "Pick a game.", "game"),
        ({"game": ["tally"], "name": "x"}, "Pick a game.", "game"),
        ({"game": "tally", "name": "x", "options": "Doom 0..30"}, "Options must be an object.", "options"),
        ({"game": "tally", "name": "", "options": {}}, "Table name can't be empty.", "name"),
        ({"game": "tally", "name": "x", "options": {"tracks": "Doom"}},
         "Line 1: write a name and a range, like “Doom 0..30”.", "tracks"),
    ]
    for body, message, field in cases:
        response = api.post("/api/tables", body)
        assert response.status_code == 400, body
        assert response.get_json() == {"error": message, "field": field}
    response = api.call("POST", "/api/tables", data="[1, 2]", content_type="application/json")
    assert (response.status_code, response.get_json()) == (400, {"error": "Send a JSON object.", "field": None})
    assert store.tables() == []


def test_create_and_import_answer_only_the_server_machine(api, made, store):
    table, _ = made
    export = api.get(f"/api/tables/{table['token']}/export",
                     headers={"X-Host-Key": table["host_key"]}).get_json()
    for path, body in (("/api/tables", {"game": "tally", "name": "x"}), ("/api/tables/import", export)):
        response = api.call("POST", path, body, environ_base=LAN)
        assert (response.status_code, response.get_json()) == (403, {"error": "Not allowed."})
    assert len(store.tables()) == 1


def test_table_info_lists_the_seats(api, made):
    table, _ = made
    response = api.get(f"/api/tables/{table['token']}")
    assert response.status_code == 200
    info = response.get_json()
    assert info["seats"] == [{"id": "s1", "name": "Alice", "role": "player"},
                             {"id": "s2", "name": "Bob", "role": "player"}]
    assert info["version"] == 2
    assert "host_key" not in info


# --- seats -----------------------------------------------------------------------


def test_join_a_seat_gives_its_key(api, made, store):
    table, _ = made
    response = api.post(f"/api/tables/{table['token']}/seats", {"name": "Carol", "role": "keeper"})
    assert response.status_code == 201
    body = response.get_json()
    assert body["seat"] == {"id": "s3", "name": "Carol", "role": "keeper"}
    assert store.seat_by_key(table["token"], body["key"]).name == "Carol"


def test_join_refusals_name_the_field(api, made, store):
    table, _ = made
    for body, message, field in (
            ({"name": "alice", "role": "player"}, "Someone at this table is already called alice.", "name"),
            ({"name": "Dan", "role": "wizard"}, "Pick a role.", "role"),
            ({"name": "", "role": "player"}, "Name can't be empty.", "name"),
            ({"name": 7, "role": "player"}, "Name can't be empty.", "name")):
        response = api.post(f"/api/tables/{table['token']}/seats", body)
        assert response.status_code == 400, body
        assert response.get_json() == {"error": message, "field": field}
    assert len(store.seats(table["token"])) == 2


def test_takeover_gives_a_new_key_and_the_old_one_stops_working(api, made):
    table, keys = made
    token = table["token"]
    response = api.post(f"/api/tables/{token}/seats/s1/takeover", headers={"X-Host-Key": table["host_key"]})
    assert response.status_code == 200
    new_key = response.get_json()["key"]
    assert response.get_json()["seat"] == "s1"
    assert api.get(f"/api/tables/{token}/state", headers=seat(keys["Alice"])).get_json()["seat"] is None
    assert api.get(f"/api/tables/{token}/state", headers=seat(new_key)).get_json()["seat"] == "s1"
    refused = api.post(f"/api/tables/{token}/actions", {"type": "reset"}, headers=seat(keys["Alice"]))
    assert refused.status_code == 400


def test_takeover_needs_the_host_key_and_a_real_seat(api, made):
    table, keys = made
    token = table["token"]
    for headers in ({}, seat(keys["Alice"]), {"X-Host-Key": keys["Alice"]}):
        response = api.post(f"/api/tables/{token}/seats/s2/takeover", headers=headers)
        assert (response.status_code, response.get_json()) == (403, {"error": "Not allowed."})
    response = api.post(f"/api/tables/{token}/seats/s9/takeover", headers={"X-Host-Key": table["host_key"]})
    assert (response.status_code, response.get_json()) == (400, {"error": "No such seat.", "field": "seat"})


# --- actions -----------------------------------------------------------------------


def test_act_answers_the_new_version(api, made, store):
    table, keys = made
    token = table["token"]
    response = api.post(f"/api/tables/{token}/actions",
                        {"type": "track.adjust", "payload": {"track": "t1", "delta": 3}},
                        headers=seat(keys["Alice"]))
    assert (response.status_code, response.get_json()) == (200, {"version": 3})
    _, state = store.state(token)
    assert state["tracks"][0]["value"] == 3
    assert store.log(token)[-1].seat == "s1"


def test_act_refusals_are_readable_and_change_nothing(api, made, store):
    table, keys = made
    token = table["token"]
    before = store.state(token)
    cases = [
        ({"type": "track.adjust", "payload": {"track": "t1", "delta": -1}}, "Doom can't go below 0.", "delta"),
        ({"type": "track.adjust", "payload": {"track": "t1", "delta": "many"}}, "Enter a whole number.", "delta"),
        ({"type": "track.adjust", "payload": {"track": "t9", "delta": 1}}, "No such track.", "track"),
        ({"type": "fly", "payload": {}}, "Unknown action.", "type"),
        ({"payload": {}}, "Unknown action.", "type"),
        ({"type": "seat.join", "payload": {"id": "s9", "name": "Eve", "role": "player"}}, "Unknown action.", "type"),
        ({"type": "reset", "payload": [1]}, "The action's details are malformed.", None),
        ({"type": "note.set", "payload": {"text": 5}}, "Write some text.", "text"),
    ]
    for body, message, field in cases:
        response = api.post(f"/api/tables/{token}/actions", body, headers=seat(keys["Alice"]))
        assert response.status_code == 400, body
        assert response.get_json() == {"error": message, "field": field}, body
    assert store.state(token) == before


def test_act_without_a_seat_is_refused(api, made, store):
    table, _ = made
    for headers in ({}, seat("not-a-key"), {"X-Host-Key": table["host_key"]}):
        response = api.post(f"/api/tables/{table['token']}/actions", {"type": "reset"}, headers=headers)
        assert (response.status_code, response.get_json()) == (
            400, {"error": "Take a seat first.", "field": "seat"})
    assert store.table(table["token"]).version == 2


def test_act_payload_may_be_left_out(api, made):
    table, keys = made
    response = api.post(f"/api/tables/{table['token']}/actions", {"type": "reset"}, headers=seat(keys["Bob"]))
    assert (response.status_code, response.get_json()) == (200, {"version": 3})


def test_undo_answers_the_new_version(api, made, store):
    table, keys = made
    token = table["token"]
    api.post(f"/api/tables/{token}/actions", {"type": "track.adjust", "payload": {"track": "t1", "delta": 3}},
             headers=seat(keys["Alice"]))
    response = api.post(f"/api/tables/{token}/undo", headers=seat(keys["Bob"]))
    assert (response.status_code, response.get_json()) == (200, {"version": 4})
    assert store.state(token)[1]["tracks"][0]["value"] == 0
    response = api.post(f"/api/tables/{token}/undo", headers=seat(keys["Bob"]))
    assert (response.status_code, response.get_json()) == (400, {"error": "Nothing to undo.", "field": "undo"})
    response = api.post(f"/api/tables/{token}/undo")
    assert (response.status_code, response.get_json()["field"]) == (400, "seat")


# --- state and log -------------------------------------------------------------------


def test_state_is_what_the_seat_may_see(api, made):
    table, keys = made
    token = table["token"]
    api.post(f"/api/tables/{token}/actions", {"type": "note.set", "payload": {"text": "Go for the relic"}},
             headers=seat(keys["Alice"]))
    mine = api.get(f"/api/tables/{token}/state", headers=seat(keys["Alice"]))
    assert mine.status_code == 200
    body = mine.get_json()
    assert (body["version"], body["seat"]) == (3, "s1")
    assert body["state"]["mine"] == {"note": "Go for the relic"}
    assert "secrets" not in body["state"]
    assert body["state"]["tracks"][0]["name"] == "Doom"

    theirs = api.get(f"/api/tables/{token}/state", headers=seat(keys["Bob"])).get_json()
    assert theirs["state"]["mine"] == {}
    anyone = api.get(f"/api/tables/{token}/state").get_json()
    assert anyone["seat"] is None and "mine" not in anyone["state"] and "secrets" not in anyone["state"]


def test_log_lists_every_action_redacted_for_the_viewer(api, made):
    table, keys = made
    token = table["token"]
    api.post(f"/api/tables/{token}/actions", {"type": "track.adjust", "payload": {"track": "t1", "delta": 2}},
             headers=seat(keys["Alice"]))
    api.post(f"/api/tables/{token}/actions", {"type": "note.set", "payload": {"text": "Go for the relic"}},
             headers=seat(keys["Alice"]))
    api.post(f"/api/tables/{token}/undo", headers=seat(keys["Bob"]))
    bobs = api.get(f"/api/tables/{token}/log", headers=seat(keys["Bob"])).get_json()
    assert [(e["seq"], e["type"], e["seat"], e["undone"]) for e in bobs] == [
        (1, "seat.join", "s1", False), (2, "seat.join", "s2", False), (3, "track.adjust", "s1", False),
        (4, "note.set", "s1", True), (5, "undo", "s2", False)]
    assert [e["text"] for e in bobs] == ["joined as Player", "joined as Player", "Doom +2",
                                         "changed their private note",
                                         "undid: Alice changed their private note"]
    assert bobs[3]["payload"] == {}
    assert bobs[2]["payload"] == {"track": "t1", "delta": 2}
    alices = api.get(f"/api/tables/{token}/log", headers=seat(keys["Alice"])).get_json()
    assert alices[3]["payload"] == {"text": "Go for the relic"}


# --- export, import, delete -------------------------------------------------------------


def test_export_then_import_gives_the_same_table_with_new_credentials(api, made, store):
    table, keys = made
    token = table["token"]
    api.post(f"/api/tables/{token}/actions", {"type": "counter.adjust", "payload": {"counter": "c1", "delta": 4}},
             headers=seat(keys["Bob"]))
    exported = api.get(f"/api/tables/{token}/export", headers={"X-Host-Key": table["host_key"]})
    assert exported.status_code == 200
    data = exported.get_json()
    assert data["format"] == "companion-table/1"
    imported = api.post("/api/tables/import", data)
    assert imported.status_code == 201
    copy = imported.get_json()
    assert copy["token"] != token and copy["code"] != table["code"] and copy["host_key"] != table["host_key"]
    assert store.state(copy["token"]) == store.state(token)
    assert store.log(copy["token"]) == store.log(token)
    # The seats came along, with new keys: the old keys open nothing there.
    assert [s.name for s in store.seats(copy["token"]).values()] == ["Alice", "Bob"]
    assert api.get(f"/api/tables/{copy['token']}/state", headers=seat(keys["Bob"])).get_json()["seat"] is None


def test_an_import_may_be_larger_than_other_requests(api, made, store, app):
    table, keys = made
    exported = api.get(f"/api/tables/{table['token']}/export", headers={"X-Host-Key": table["host_key"]})
    big = exported.data + b" " * app.config["MAX_CONTENT_LENGTH"]
    imported = api.client.post("/api/tables/import", data=big, content_type="application/json")
    assert imported.status_code == 201
    assert store.state(imported.get_json()["token"]) == store.state(table["token"])
    from_a_phone = api.client.post("/api/tables/import", data=big, content_type="application/json",
                                   environ_base={"REMOTE_ADDR": "192.168.1.40"})
    assert from_a_phone.status_code == 403  # as for any import from a phone


def test_export_needs_the_host_key(api, made):
    table, keys = made
    for headers in ({}, seat(keys["Alice"]), {"X-Host-Key": "wrong"}):
        response = api.get(f"/api/tables/{table['token']}/export", headers=headers)
        assert (response.status_code, response.get_json()) == (403, {"error": "Not allowed."})


def test_import_of_garbage_is_refused_and_creates_nothing(api, made, store):
    table, _ = made
    good = api.get(f"/api/tables/{table['token']}/export", headers={"X-Host-Key": table["host_key"]}).get_json()
    damaged = {**good, "state": {**good["state"], "tracks": []}}
    unknown_game = {**good, "game": "chess"}
    for body, message in (({"hello": "world"}, "This is not a table export."),
                          ([1, 2, 3], "This is not a table export."),
                          (damaged, "This export is damaged and can't be imported."),
                          (unknown_game, "This export is damaged and can't be imported.")):
        response = api.post("/api/tables/import", body)
        assert (response.status_code, response.get_json()) == (400, {"error": message, "field": "file"})
    response = api.call("POST", "/api/tables/import", data="{not json", content_type="application/json")
    assert (response.status_code, response.get_json()["error"]) == (400, "This is not a table export.")
    assert len(store.tables()) == 1


def test_delete_needs_the_host_key_then_the_table_is_gone(api, made, store):
    table, keys = made
    token = table["token"]
    response = api.delete(f"/api/tables/{token}", headers=seat(keys["Alice"]))
    # A seat key is no host key; a DELETE with a key header needs no JSON body.
    assert (response.status_code, response.get_json()) == (403, {"error": "Not allowed."})
    response = api.delete(f"/api/tables/{token}", headers={"X-Host-Key": table["host_key"]})
    assert (response.status_code, response.get_json()) == (200, {"deleted": token})
    assert store.table(token) is None
    response = api.get(f"/api/tables/{token}")
    assert (response.status_code, response.get_json()) == (404, {"error": "Not found."})


# --- errors common to all endpoints -------------------------------------------------------


def test_a_post_that_is_not_json_gets_415_json(api, made, store):
    table, keys = made
    token = table["token"]
    for path in ("/api/tables", "/api/tables/import", f"/api/tables/{token}/seats",
                 f"/api/tables/{token}/actions", f"/api/tables/{token}/undo",
                 f"/api/tables/{token}/seats/s1/takeover"):
        response = api.call("POST", path, data={"type": "reset", "name": "Eve", "role": "player"},
                            headers={**seat(keys["Alice"]), "X-Host-Key": table["host_key"]})
        assert response.status_code == 415, path
        assert response.get_json() == {"error": "Send JSON (Content-Type: application/json)."}
    assert store.table(token).version == 2
    assert len(store.tables()) == 1


def test_an_unknown_token_gets_404_json_on_every_table_endpoint(api, made):
    table, keys = made
    wrong = "A" * 32
    headers = {**seat(keys["Alice"]), "X-Host-Key": table["host_key"]}
    for method, path in (("GET", f"/api/tables/{wrong}"), ("GET", f"/api/tables/{wrong}/state"),
                         ("GET", f"/api/tables/{wrong}/log"), ("GET", f"/api/tables/{wrong}/export"),
                         ("POST", f"/api/tables/{wrong}/seats"), ("POST", f"/api/tables/{wrong}/actions"),
                         ("POST", f"/api/tables/{wrong}/undo"), ("POST", f"/api/tables/{wrong}/seats/s1/takeover"),
                         ("DELETE", f"/api/tables/{wrong}")):
        body = {"type": "reset", "name": "Eve", "role": "player"} if method == "POST" else None
        response = api.call(method, path, body, headers=headers)
        assert (response.status_code, response.get_json()) == (404, {"error": "Not found."}), (method, path)


def test_wrong_method_and_unknown_api_path_answer_json(api, made):
    table, _ = made
    for method, path, status in (("PUT", f"/api/tables/{table['token']}/state", 405),
                                 ("GET", "/api/no-such-thing", 404)):
        response = api.call(method, path, {} if method == "PUT" else None)
        assert response.status_code == status
        assert response.mimetype == "application/json"
        assert set(response.get_json()) == {"error"} and response.get_json()["error"]


def test_every_api_error_says_the_same_for_the_same_status(api, made):
    # Routing errors (no route, wrong method) and refusals before any route
    # runs (the solver's CSRF 415) were answered with page-style texts.
    table, _ = made
    for method, path, body, expected in (
            ("PUT", f"/api/tables/{table['token']}/state", {}, (405, "Method not allowed.")),
            ("GET", "/api/no-such-thing", None, (404, "Not found.")),
            ("GET", f"/api/tables/{'A' * 32}", None, (404, "Not found."))):
        response = api.call(method, path, body)
        assert (response.status_code, response.get_json()) == (expected[0], {"error": expected[1]}), path
    response = api.client.post("/api/gloomhaven/solve", data="{}", content_type="text/plain")
    assert (response.status_code, response.get_json()) == (415,
                                                           {"error": "Send JSON (Content-Type: application/json)."})


def test_a_too_large_request_gets_413_json(api, app):
    response = api.post("/api/tables", {"blob": "x" * (app.config["MAX_CONTENT_LENGTH"] + 10)})
    assert (response.status_code, response.get_json()) == (413, {"error": "Request too large."})
    # An import has a limit of its own, which answers the same way.
    response = api.post("/api/tables/import", {"blob": "x" * (app.config["IMPORT_MAX_CONTENT_LENGTH"] + 10)})
    assert (response.status_code, response.get_json()) == (413, {"error": "Request too large."})


def test_a_seat_key_from_the_cookie_works_as_on_the_phone(table, alice, api):
    # A page's own script could call the API with the phone's cookie.
    response = alice.client.get(f"/api/tables/{table}/state")
    assert response.get_json()["seat"] == alice.seat_id
    response = alice.client.post(f"/api/tables/{table}/actions",
                                 json={"type": "track.adjust", "payload": {"track": "t1", "delta": 1}})
    assert response.status_code == 200


# --- one tool's session, start to end (the examples in docs/api.md) -------------------------


def test_a_tool_drives_a_table_from_start_to_end(api, store):
    assert api.get("/api/games", example="games").status_code == 200
    made = api.post("/api/tables", {"game": "tally", "name": "Game night",
                                     "options": {"tracks": "Doom 0..30", "counters": "VP 0..99"}},
                    example="create").get_json()
    token, host = made["token"], {"X-Host-Key": made["host_key"]}
    refused = api.post("/api/tables", {"game": "chess", "name": "Game night"}, example="create refused")
    assert refused.status_code == 400

    alice = api.post(f"/api/tables/{token}/seats", {"name": "Alice", "role": "player"}, example="join")
    assert alice.status_code == 201
    alice = seat(alice.get_json()["key"])
    bob = seat(api.post(f"/api/tables/{token}/seats", {"name": "Bob", "role": "keeper"}).get_json()["key"])
    assert api.post(f"/api/tables/{token}/seats", {"name": "bob", "role": "player"},
                    example="join refused").status_code == 400
    assert api.get(f"/api/tables/{token}", example="table").get_json()["version"] == 2

    assert api.post(f"/api/tables/{token}/actions", {"type": "track.adjust", "payload": {"track": "t1", "delta": 3}},
                    headers=alice, example="act").get_json() == {"version": 3}
    assert api.post(f"/api/tables/{token}/actions", {"type": "track.adjust", "payload": {"track": "t1", "delta": -5}},
                    headers=alice, example="act refused").status_code == 400
    assert api.post(f"/api/tables/{token}/actions", {"type": "reset"},
                    example="act without seat").status_code == 400
    assert api.call("POST", f"/api/tables/{token}/actions", data={"type": "reset"}, headers=alice,
                    example="not json").status_code == 415
    assert api.post(f"/api/tables/{token}/actions", {"type": "note.set", "payload": {"text": "Go for the relic"}},
                    headers=alice, example="act note").get_json() == {"version": 4}
    assert api.get(f"/api/tables/{token}/state", headers=alice, example="state").get_json()["state"]["mine"] == {
        "note": "Go for the relic"}
    assert api.get(f"/api/tables/{token}/state", headers=bob, example="state other").get_json()["state"]["mine"] == {}
    bobs_own = {"type": "counter.adjust", "payload": {"counter": "c1", "delta": 2}}
    assert api.post(f"/api/tables/{token}/actions", bobs_own, headers=bob).get_json() == {"version": 5}
    assert api.post(f"/api/tables/{token}/undo", headers=bob, example="undo").get_json() == {"version": 6}
    log = api.get(f"/api/tables/{token}/log", headers=bob, example="log").get_json()
    assert log[3]["payload"] == {}  # Alice's note, as Bob sees it

    exported = api.get(f"/api/tables/{token}/export", headers=host, example="export")
    assert api.get(f"/api/tables/{token}/export", headers=alice, example="export refused").status_code == 403
    copy = api.post("/api/tables/import", exported.get_json(), example="import").get_json()
    assert store.state(copy["token"]) == store.state(token)
    assert api.post("/api/tables/import", {"format": "companion-table/1", "game": "tally"},
                    example="import refused").status_code == 400

    drive_a_league_and_its_match(api)

    new_key = api.post(f"/api/tables/{token}/seats/s1/takeover", headers=host, example="takeover").get_json()["key"]
    assert api.get(f"/api/tables/{token}/state", headers=seat(new_key)).get_json()["seat"] == "s1"
    assert api.delete(f"/api/tables/{token}", headers=host, example="delete").status_code == 200
    assert api.get(f"/api/tables/{token}/state", headers=alice, example="not found").status_code == 404


def drive_a_league_and_its_match(api):
    """Linked tables: a league starts a match with its seats, and takes the match's result back.
    (The test-only league is registered for this part only: GET /api/games above lists the real games.)"""
    with pytest.MonkeyPatch.context() as monkeypatch:
        register(monkeypatch)
        return drive_the_league(api)


def drive_the_league(api):
    league = api.post("/api/tables", {"game": "league", "name": "Spring league"}).get_json()["token"]
    ann = seat(api.post(f"/api/tables/{league}/seats", {"name": "Ann", "role": "player"}).get_json()["key"])
    api.post(f"/api/tables/{league}/seats", {"name": "Ben", "role": "player"})
    started = api.post(f"/api/tables/{league}/children", {"offer": "match-1"}, headers=ann, example="start child")
    assert started.status_code == 201 and started.get_json()["parent"]["token"] == league
    match = started.get_json()["token"]
    assert api.post(f"/api/tables/{league}/children", {"offer": "match-9"}, headers=ann,
                    example="start child refused").status_code == 400
    assert api.post(f"/api/tables/{match}/report", headers=ann, example="report refused").status_code == 400
    for _ in range(3):  # Ann's key at the league opens her linked seat at the match
        api.post(f"/api/tables/{match}/actions", {"type": "counter.adjust", "payload": {"counter": "c1", "delta": 1}},
                 headers=ann)
    assert api.post(f"/api/tables/{match}/report", headers=ann, example="report").status_code == 200
    linked = api.get(f"/api/tables/{league}", example="table with children").get_json()
    assert linked["children"][0]["token"] == match and linked["children"][0]["reported"]
    assert api.get(f"/api/tables/{league}/state", headers=ann).get_json()["state"]["values"]["s1"]["c1"] == 1
    return league, match


# --- regressions ---------------------------------------------------------------------------


def test_the_join_url_is_the_address_phones_use(tmp_path):
    # A tool on the server machine talks to 127.0.0.1; the link it hands out
    # must be the LAN address `serve` found, as on the Invite page.
    from companion.web import create_app

    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3"), "TESTING": True,
                      "PUBLIC_URL": "http://192.168.1.5:8000/"})
    api = Api(app.test_client())
    made = api.post("/api/tables", {"game": "tally", "name": "Game night"}).get_json()
    assert made["url"] == f"http://192.168.1.5:8000/t/{made['token']}"
    assert api.get(f"/api/tables/{made['token']}").get_json()["url"] == made["url"]
    app.extensions["companion.store"].close()


def whisper(act) -> None:
    act.state["secrets"].setdefault(act.seat_id, {})["whisper"] = act["text"]


class SecretSeatRules(games.table_types()["tally"].__class__):
    """A tally whose game action is named like a platform one ("seat.…")
    and carries a secret: the log must still redact it."""

    id = "secret-seat"

    def actions(self):
        return [*super().actions(), ActionSpec("seat.whisper", "A secret only the sender sees.", (Text("text"),),
                                               effect=whisper)]

    def redact(self, action, viewer):
        if action.type == "seat.whisper" and (viewer is None or viewer.id != action.seat):
            return {}
        return super().redact(action, viewer)


def test_the_log_redacts_a_game_action_whose_name_starts_like_a_platform_one(api, monkeypatch):
    rules = SecretSeatRules()
    monkeypatch.setitem(games.table_types(), rules.id, rules)
    token = api.post("/api/tables", {"game": rules.id, "name": "Whispers"}).get_json()["token"]
    alice = seat(api.post(f"/api/tables/{token}/seats", {"name": "Alice", "role": "player"}).get_json()["key"])
    bob = seat(api.post(f"/api/tables/{token}/seats", {"name": "Bob", "role": "player"}).get_json()["key"])
    sent = api.post(f"/api/tables/{token}/actions", {"type": "seat.whisper", "payload": {"text": "psst-42"}},
                    headers=alice)
    assert sent.status_code == 200
    assert "psst-42" in json.dumps(api.get(f"/api/tables/{token}/log", headers=alice).get_json())
    for headers in (bob, {}):
        assert "psst-42" not in json.dumps(api.get(f"/api/tables/{token}/log", headers=headers).get_json())


def test_the_solver_endpoint_answers_as_docs_api_md_says(api):
    # Only what docs/api.md promises; the solver itself is tested with the game.
    response = api.call("POST", "/api/gloomhaven/solve", data="hexes", content_type="text/plain")
    assert response.status_code == 415 and response.get_json()["error"]
    response = api.post("/api/gloomhaven/solve", {})
    assert response.status_code == 400
    assert set(response.get_json()) == {"error"} and response.get_json()["error"]


def test_undo_with_the_step_a_tool_saw_is_refused_when_another_came_since(api, made, store):
    table, keys = made
    token = table["token"]
    seen = api.post(f"/api/tables/{token}/actions", {"type": "track.adjust", "payload": {"track": "t1", "delta": 3}},
                    headers=seat(keys["Alice"])).get_json()["version"]
    api.post(f"/api/tables/{token}/actions", {"type": "reset"}, headers=seat(keys["Bob"]))
    response = api.post(f"/api/tables/{token}/undo", {"seq": seen}, headers=seat(keys["Alice"]))
    assert response.status_code == 400
    assert response.get_json()["field"] == "undo"
    response = api.post(f"/api/tables/{token}/undo", {"seq": "x"}, headers=seat(keys["Alice"]))
    assert (response.status_code, response.get_json()["field"]) == (400, "undo")
    response = api.post(f"/api/tables/{token}/undo", {"seq": seen + 1}, headers=seat(keys["Alice"]))
    assert response.status_code == 200
