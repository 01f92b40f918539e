"""Bad input found while trying the app as a stranger would: refused with a
clear message at the door, changing nothing, never a 500."""

from __future__ import annotations

import json

import pytest

from companion import games
from tests.dice_table import dice_table  # noqa: F401 (fixture)
from web_support import join_seat, seat_key

BAD_TEXTS = ["X\udc00", "\ud83d", "bell\x07", "nul\x00"]


def api_post(client, path, body, headers=None):
    return client.post(path, data=json.dumps(body), headers={"Content-Type": "application/json", **(headers or {})})


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_a_track_name_that_cant_be_shown_is_refused_and_every_page_still_answers(app, table, alice, store, text):
    key = {"X-Seat-Key": seat_key(alice, table)}
    version = store.table(table).version
    response = api_post(alice.client, f"/api/tables/{table}/actions",
                        {"type": "track.add", "payload": {"name": text, "min": 0, "max": 5}}, key)
    assert response.status_code == 400 and response.get_json()["field"] == "name"
    assert store.table(table).version == version
    for path in (f"/t/{table}", f"/t/{table}/display", f"/t/{table}/history", f"/api/tables/{table}/log"):
        assert alice.get(path).status_code == 200


# A form can't carry a lone surrogate (it is not UTF-8); control characters it can.
@pytest.mark.parametrize("text", ["bell\x07", "nul\x00", "esc\x1b"])
def test_a_note_that_cant_be_shown_is_refused_from_the_page(table, alice, store, text):
    version = store.table(table).version
    response = alice.act("note.set", text=text)
    assert response.status_code == 422
    assert store.table(table).version == version


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_table_and_seat_names_that_cant_be_shown_are_refused(host, new_phone, table, text):
    made = api_post(host.client, "/api/tables", {"game": "tally", "name": text})
    assert made.status_code == 400 and made.get_json()["field"] == "name"
    joined = api_post(new_phone().client, f"/api/tables/{table}/seats", {"name": text, "role": "player"})
    assert joined.status_code == 400 and joined.get_json()["field"] == "name"


@pytest.mark.parametrize("seq", ["²", "1" * 5000, "-3", "1.0", [], {"n": 1}, True])
def test_an_undo_step_that_is_not_a_step_number_is_refused_from_the_api_and_the_page(table, alice, store, seq):
    alice.act("track.adjust", track="t1", delta="1")
    version = store.table(table).version
    key = {"X-Seat-Key": seat_key(alice, table)}
    assert api_post(alice.client, f"/api/tables/{table}/undo", {"seq": seq}, key).status_code == 400
    if isinstance(seq, str):
        assert alice.post(f"/t/{table}/undo", {"seq": seq}, htmx=True).status_code == 422
    assert store.table(table).version == version


def test_deeply_nested_json_sent_to_undo_is_refused_and_undoes_nothing(table, alice, store):
    alice.act("track.adjust", track="t1", delta="1")
    version = store.table(table).version
    key = {"X-Seat-Key": seat_key(alice, table)}
    response = alice.client.post(f"/api/tables/{table}/undo", data="[" * 100000 + "]" * 100000,
                                 headers={"Content-Type": "application/json", **key})
    assert response.status_code < 500
    # Not JSON this app can read: the undo goes ahead only without a step to check, never with a 500.
    assert store.table(table).version in (version, version + 1)


def test_undo_through_the_api_and_the_page_cannot_re_roll(host, new_phone, store, dice_table):
    made = api_post(host.client, "/api/tables", {"game": dice_table, "name": "Dice"}).get_json()
    token = made["token"]
    phone = join_seat(new_phone(), token, "Ann")
    key = {"X-Seat-Key": seat_key(phone, token)}
    assert api_post(phone.client, f"/api/tables/{token}/actions",
                    {"type": "dice.roll", "payload": {"count": 12}}, key).status_code == 200
    first = store.state(token)[1]["rolls"]
    assert api_post(phone.client, f"/api/tables/{token}/undo", {}, key).status_code == 200
    assert phone.act("dice.roll", count="12").status_code == 200
    assert store.state(token)[1]["rolls"] == first
    assert phone.post(f"/t/{token}/undo", {}, htmx=True).status_code == 200
    assert api_post(phone.client, f"/api/tables/{token}/actions",
                    {"type": "dice.roll", "payload": {"count": 12}}, key).status_code == 200
    assert store.state(token)[1]["rolls"] == first


def test_the_history_says_undone_plainly(table, alice):
    alice.act("track.adjust", track="t1", delta="1")
    alice.post(f"/t/{table}/undo", {}, htmx=True)
    page = alice.page(f"/t/{table}/history")
    assert "undone" in page and "undid" in page


def test_only_the_host_may_undo_an_action_its_game_keeps_from_seats(host, new_phone, store, dice_table):
    made = api_post(host.client, "/api/tables", {"game": dice_table, "name": "Dice"}).get_json()
    token = made["token"]
    phone = join_seat(new_phone(), token, "Ann")
    key = {"X-Seat-Key": seat_key(phone, token)}
    api_post(phone.client, f"/api/tables/{token}/actions", {"type": "card.seal", "payload": {}}, key)
    refused = api_post(phone.client, f"/api/tables/{token}/undo", {}, key)
    assert refused.status_code == 400 and refused.get_json()["error"] == "Only the host can undo this."
    allowed = api_post(host.client, f"/api/tables/{token}/undo", {}, {"X-Host-Key": made["host_key"]})
    assert allowed.status_code == 200 and store.state(token)[1]["drawn"] == []


def test_games_lists_each_actions_declared_fields(host):
    tally = next(g for g in host.get("/api/games").get_json() if g["id"] == "tally")
    delta = tally["action_fields"]["track.adjust"]["fields"][1]
    assert delta == {"name": "delta", "kind": "int", "required": True, "min": -10**6, "max": 10**6}
    assert set(tally["action_fields"]) == set(games.rules_for("tally").action_types())
