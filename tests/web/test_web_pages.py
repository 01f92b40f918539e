"""Tables, seats and actions through the pages, as the host's laptop and the
players' phones use them."""

from __future__ import annotations

import base64
import io
import json
import re

import pytest
from flask import Flask

from web_support import COUNTERS, TRACKS, Browser, create_tally, csrf_from, join_seat, location_path


def seat_named(page: str) -> str | None:
    match = re.search(r'<span class="who-am-i">([^<]*)</span>', page)
    return match.group(1) if match else None


def track_value(store, token: str, track_id: str = "t1") -> int:
    _, state = store.state(token)
    return next(t["value"] for t in state["tracks"] if t["id"] == track_id)


# --- tables --------------------------------------------------------------------


def test_home_page_lists_the_tables_with_their_codes(host, store):
    first = create_tally(host, name="Monday campaign")
    second = create_tally(host, name="Friday skirmish")
    page = host.page("/")
    for token, name in ((first, "Monday campaign"), (second, "Friday skirmish")):
        assert name in page
        assert store.table(token).code in page
        assert f'href="/t/{token}"' in page


def test_creating_a_table_redirects_to_its_qr_page_and_makes_the_creator_host(host, store):
    token = create_tally(host, name="Game night")
    table = store.table(token)
    assert (table.game, table.name) == ("tally", "Game night")
    _, state = store.state(token)
    assert [(t["name"], t["min"], t["max"], t["value"]) for t in state["tracks"]] == [
        ("Doom", 0, 30, 0), ("Power", 0, 20, 5)]
    qr_page = host.page(f"/t/{token}/qr")
    assert table.code in qr_page
    assert "<svg" in qr_page
    assert f"/t/{token}" in qr_page
    # Host tools (export, delete) are shown to the creator only.
    assert f'action="/t/{token}/delete"' in qr_page
    assert f'href="/t/{token}/export"' in qr_page


def test_a_phone_sees_the_invite_page_without_host_tools(table, new_phone):
    page = new_phone().page(f"/t/{table}/qr")
    assert "<svg" in page
    assert "/delete" not in page and "/export" not in page


def test_creating_with_a_bad_track_line_shows_the_message_and_keeps_the_form(host, store):
    host.load_csrf("/")
    response = host.post("/tables", {"game": "tally", "name": "Bad", "tracks": "Doom zero to thirty",
                                     "counters": COUNTERS})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Line 1: write a name and a range" in page
    assert "Doom zero to thirty" in page  # what was typed is kept
    assert store.tables() == []


def test_creating_an_unknown_game_is_refused(host, store):
    host.load_csrf("/")
    response = host.post("/tables", {"game": "chess", "name": "x"}, follow_redirects=True)
    assert "Pick a game." in response.get_data(as_text=True)
    assert store.tables() == []


def test_a_phone_on_the_network_gets_the_join_form_instead_of_the_table_list(table, store, new_phone):
    phone = new_phone()
    page = phone.page("/")
    assert 'action="/join"' in page
    assert "Game night" not in page
    assert store.table(table).code not in page
    assert table not in page
    assert 'action="/tables"' not in page and 'action="/import"' not in page


def test_a_phone_on_the_network_cannot_create_or_import(table, store, new_phone):
    phone = new_phone()
    phone.load_csrf("/")
    created = phone.post("/tables", {"game": "tally", "name": "Sneaky", "tracks": TRACKS})
    assert created.status_code == 403
    export = store.export(table)
    upload = {"file": (io.BytesIO(json.dumps(export).encode()), "table.json")}
    imported = phone.post("/import", upload, content_type="multipart/form-data")
    assert imported.status_code == 403
    assert [t.token for t in store.tables()] == [table]


def test_table_token_carries_at_least_128_bits(table, store):
    # token_urlsafe: 6 bits per character of the URL-safe base64 alphabet.
    assert re.fullmatch(r"[A-Za-z0-9_-]+", table)
    assert len(base64.urlsafe_b64decode(table + "=" * (-len(table) % 4))) * 8 >= 128


def test_table_tokens_differ_between_tables(host):
    tokens = {create_tally(host, name=f"T{i}") for i in range(5)}
    assert len(tokens) == 5


# --- joining -------------------------------------------------------------------


def test_join_by_code_ignores_case_and_spaces(table, store, new_phone):
    code = store.table(table).code
    phone = new_phone()
    phone.load_csrf("/")
    typed = " ".join(code[:3].lower()) + "  " + code[3:].lower()
    response = phone.post("/join", {"code": typed})
    assert response.status_code == 302
    assert location_path(response) == f"/t/{table}"


def test_join_by_unknown_code_says_so(table, new_phone):
    phone = new_phone()
    phone.load_csrf("/")
    response = phone.post("/join", {"code": "ZZZZZZ"})
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "No table has that code." in page
    assert 'value="ZZZZZZ"' in page  # the typed code stays in the box


def test_joining_takes_a_seat_and_the_phone_remembers_it(table, store, new_phone):
    phone = new_phone()
    page = phone.page(f"/t/{table}")
    assert 'action="/t/%s/seats"' % table in page  # the join form
    phone.csrf = csrf_from(page)
    response = phone.post(f"/t/{table}/seats", {"name": "Alice", "role": "player"})
    assert response.status_code == 302
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("session=") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    [seat] = store.seats(table).values()
    assert (seat.name, seat.role) == ("Alice", "player")
    # The next visit on the same phone is the seat's page.
    assert seat_named(phone.page(f"/t/{table}")) == "Alice"


def test_the_seat_cookie_is_signed_with_the_server_key(app, table, alice, new_phone):
    raw = alice.client.get_cookie("session").value
    data = app.session_interface.get_signing_serializer(app).loads(raw)
    key = data["seats"][table]
    assert app.extensions["companion.store"].seat_by_key(table, key).name == "Alice"

    # The same content signed with another key is not believed.
    forger = Flask("forger")
    forger.secret_key = "not the server key"
    forged = forger.session_interface.get_signing_serializer(forger).dumps(data)
    stranger = new_phone()
    stranger.client.set_cookie("session", forged)
    page = stranger.page(f"/t/{table}")
    assert seat_named(page) is None
    assert f'action="/t/{table}/seats"' in page


def test_a_second_phone_without_the_cookie_sees_the_join_page(table, alice, new_phone):
    page = new_phone().page(f"/t/{table}")
    assert seat_named(page) is None
    assert f'action="/t/{table}/seats"' in page
    assert "Alice" in page  # listed among those at the table


def test_joining_with_a_taken_name_shows_the_message(table, alice, new_phone, store):
    phone = new_phone()
    phone.csrf = csrf_from(phone.page(f"/t/{table}"))
    response = phone.post(f"/t/{table}/seats", {"name": "alice", "role": "player"})
    assert response.status_code == 422
    assert "Someone at this table is already called alice." in response.get_data(as_text=True)
    assert len(store.seats(table)) == 1


def test_joining_without_a_name_is_refused(table, new_phone, store):
    phone = new_phone()
    phone.csrf = csrf_from(phone.page(f"/t/{table}"))
    response = phone.post(f"/t/{table}/seats", {"name": "  ", "role": "player"})
    assert response.status_code == 422
    assert "Name can&#39;t be empty." in response.get_data(as_text=True)
    assert store.seats(table) == {}


def test_leaving_forgets_the_seat_on_this_phone_only(table, alice, store):
    response = alice.post(f"/t/{table}/leave")
    assert response.status_code == 302
    assert seat_named(alice.page(f"/t/{table}")) is None
    assert [s.name for s in store.seats(table).values()] == ["Alice"]


# --- handing a seat over ---------------------------------------------------------


def claim_link(host: Browser, token: str, seat_id: str) -> str:
    host.csrf = csrf_from(host.page(f"/t/{token}/qr"))
    response = host.post(f"/t/{token}/seats/{seat_id}/handover")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    match = re.search(r'href="https?://[^/"]+(/t/%s/claim/[A-Za-z0-9_-]+)"' % token, page)
    assert match, page
    assert "<svg" in page  # a QR code of the link for the new phone
    return match.group(1)


def test_host_hands_a_seat_over_to_a_new_phone(host, table, alice, new_phone, store):
    alice.act("track.adjust", track="t1", **{"delta:int": "2"})
    link = claim_link(host, table, alice.seat_id)

    # The old phone lost the seat ...
    assert seat_named(alice.page(f"/t/{table}")) is None
    assert alice.act("track.adjust", track="t1", **{"delta:int": "1"}).get_data(as_text=True) == "Take a seat first."

    # ... the new one claims it and plays on as Alice.
    new = new_phone("192.168.1.77")
    response = new.get(link)
    assert response.status_code == 302 and location_path(response) == f"/t/{table}"
    page = new.page(f"/t/{table}")
    assert seat_named(page) == "Alice"
    new.token, new.csrf = table, csrf_from(page)
    assert new.act("track.adjust", track="t1", **{"delta:int": "1"}).status_code == 200
    assert track_value(store, table) == 3
    assert [s.name for s in store.seats(table).values()] == ["Alice"]


def test_a_claim_link_with_a_wrong_key_is_not_found(table, alice, new_phone):
    assert new_phone().get(f"/t/{table}/claim/not-a-key").status_code == 404


def test_a_non_host_cannot_hand_over_export_or_delete(table, alice, bob, store):
    version = store.table(table).version
    assert alice.post(f"/t/{table}/seats/{bob.seat_id}/handover").status_code == 403
    assert alice.get(f"/t/{table}/export").status_code == 403
    assert alice.post(f"/t/{table}/delete").status_code == 403
    assert store.table(table).version == version
    assert seat_named(bob.page(f"/t/{table}")) == "Bob"


def test_host_deletes_a_table(host, table, alice, store):
    host.csrf = csrf_from(host.page(f"/t/{table}/qr"))
    response = host.post(f"/t/{table}/delete", follow_redirects=True)
    assert "Table deleted." in response.get_data(as_text=True)
    assert store.table(table) is None
    assert alice.get(f"/t/{table}").status_code == 404


# --- actions ---------------------------------------------------------------------


def test_a_valid_action_bumps_the_version_and_shows_in_history(table, alice, bob, store):
    before = store.table(table).version
    response = alice.act("track.adjust", track="t1", **{"delta:int": "4"})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    # The htmx answer: the regions out of band, with the new value.
    assert 'id="region-tracks" hx-swap-oob="innerHTML"' in body
    assert '<span class="value big">4</span>' in body
    assert store.table(table).version == before + 1
    assert track_value(store, table) == 4
    history = bob.page(f"/t/{table}/history")
    assert "Doom +4" in history
    assert "Alice" in history


def test_counter_buttons_change_the_seats_own_counter(table, alice, bob, store):
    assert alice.act("counter.adjust", counter="c1", **{"delta:int": "3"}).status_code == 200
    _, state = store.state(table)
    assert state["values"] == {alice.seat_id: {"c1": 3}, bob.seat_id: {"c1": 0}}


def test_an_invalid_action_from_htmx_answers_422_with_the_message(table, alice, store):
    before = store.state(table)
    response = alice.act("track.adjust", track="t1", **{"delta:int": "-1"})
    assert response.status_code == 422
    assert response.get_data(as_text=True) == "Doom can&#39;t go below 0."
    assert store.state(table) == before


def test_an_invalid_action_from_a_plain_form_redirects_with_a_flash(table, alice, store):
    before = store.state(table)
    response = alice.act("track.set", htmx=False, track="t1", **{"value:int": "31"})
    assert response.status_code == 302
    assert location_path(response) == f"/t/{table}"
    page = alice.page(f"/t/{table}")
    assert '<p class="flash error" role="alert">Doom can&#39;t go above 30.</p>' in page
    assert store.state(table) == before
    # The flash is shown once.
    assert "flash error" not in alice.page(f"/t/{table}")


def test_a_valid_plain_form_action_redirects_to_the_table(table, alice, store):
    response = alice.act("track.adjust", htmx=False, track="t2", **{"delta:int": "2"})
    assert response.status_code == 302 and location_path(response) == f"/t/{table}"
    assert track_value(store, table, "t2") == 7


def test_an_unknown_action_type_is_refused(table, alice, store):
    before = store.state(table)
    response = alice.act("seat.join", id="s9", name="Mallory", role="player")
    assert (response.status_code, response.get_data(as_text=True)) == (422, "Unknown action.")
    assert store.state(table) == before
    assert len(store.seats(table)) == 1


def test_acting_without_a_seat_is_refused(table, new_phone, store):
    phone = new_phone()
    phone.token = table
    phone.load_csrf(f"/t/{table}")
    before = store.state(table)
    response = phone.act("track.adjust", track="t1", **{"delta:int": "1"})
    assert (response.status_code, response.get_data(as_text=True)) == (422, "Take a seat first.")
    assert store.state(table) == before


def test_int_fields_are_parsed_with_spaces_around(table, alice, store):
    assert alice.act("track.adjust", track="t1", **{"delta:int": " 3 "}).status_code == 200
    assert track_value(store, table) == 3


def test_an_int_field_that_is_not_a_number_says_so(table, alice, store):
    before = store.state(table)
    for sent in ("abc", "1.5", "", "3e2"):
        response = alice.act("track.adjust", track="t1", **{"delta:int": sent})
        assert (response.status_code, response.get_data(as_text=True)) == (422, "Enter a whole number."), sent
    response = alice.act("track.adjust", htmx=False, track="t1", **{"delta:int": "many"})
    assert response.status_code == 302
    assert "Enter a whole number." in alice.page(f"/t/{table}")
    assert store.state(table) == before


def test_a_text_field_for_a_number_gets_the_rules_message(table, alice, store):
    # Without the `:int` suffix the text reaches the rules, which refuse it.
    response = alice.act("track.adjust", track="t1", delta="lots")
    assert (response.status_code, response.get_data(as_text=True)) == (422, "Enter a whole number.")


def test_too_many_or_too_long_fields_are_refused(table, alice, store):
    before = store.state(table)
    many = {f"f{i}": "1" for i in range(40)}
    response = alice.act("track.adjust", track="t1", **many)
    assert (response.status_code, response.get_data(as_text=True)) == (422, "Too many fields.")
    response = alice.act("note.set", text="x" * 2001)
    assert (response.status_code, response.get_data(as_text=True)) == (422, "That text is too long.")
    assert store.state(table) == before


def test_adding_a_track_from_the_tools_form(table, alice, store):
    response = alice.act("track.add", name="Rage", min="0", max="10", start="2", step="1")
    assert response.status_code == 200
    assert "Rage" in response.get_data(as_text=True)
    _, state = store.state(table)
    assert state["tracks"][-1] == {"name": "Rage", "min": 0, "max": 10, "start": 2, "step": 1,
                                       "id": "t3", "value": 2}


def test_undo_restores_the_state_and_shows_in_history(table, alice, bob, store):
    start = store.state(table)[1]
    alice.act("track.adjust", track="t1", **{"delta:int": "5"})
    version = store.table(table).version
    response = bob.post(f"/t/{table}/undo", htmx=True)
    assert response.status_code == 200
    assert '<span class="value big">0</span>' in response.get_data(as_text=True)
    assert store.table(table).version == version + 1
    assert store.state(table)[1] == start
    history = alice.page(f"/t/{table}/history")
    assert "undid: Alice Doom +5" in history
    assert '<span class="badge">undone</span>' in history


def test_undo_with_nothing_to_undo_says_so(table, alice, store):
    version = store.table(table).version
    response = alice.post(f"/t/{table}/undo", htmx=True)
    assert (response.status_code, response.get_data(as_text=True)) == (422, "Nothing to undo.")
    response = alice.post(f"/t/{table}/undo")
    assert response.status_code == 302
    assert "Nothing to undo." in alice.page(f"/t/{table}")
    assert store.table(table).version == version


def test_the_table_display_shows_the_shared_state_without_controls(table, alice, new_phone):
    alice.act("track.adjust", track="t1", **{"delta:int": "7"})
    page = new_phone().page(f"/t/{table}/display")
    assert '<span class="value big">7</span>' in page
    assert f"/t/{table}/events?view=display" in page
    assert "/act" not in page  # nothing to press on the display


def test_the_manifest_points_at_our_own_icon(client):
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    assert response.get_json()["icons"][0]["src"] == "/static/icon.svg"


# --- export and import -------------------------------------------------------------


def upload(content: bytes, filename: str = "table.json") -> dict:
    return {"file": (io.BytesIO(content), filename)}


def test_export_then_import_from_the_home_page_gives_the_same_table(host, table, alice, bob, store):
    alice.act("track.adjust", track="t1", **{"delta:int": "6"})
    bob.act("counter.adjust", counter="c1", **{"delta:int": "2"})
    alice.act("note.set", text="my plan")
    bob.post(f"/t/{table}/undo", htmx=True)

    exported = host.get(f"/t/{table}/export")
    assert exported.status_code == 200
    assert exported.mimetype == "application/json"
    code = store.table(table).code
    assert exported.headers["Content-Disposition"] == f'attachment; filename="table-{code}.json"'

    host.load_csrf("/")
    response = host.post("/import", upload(exported.data), content_type="multipart/form-data")
    assert response.status_code == 302
    new_token = location_path(response).removeprefix("/t/").removesuffix("/qr")
    assert new_token != table
    copy = store.table(new_token)
    assert copy.code != code and copy.host_key != store.table(table).host_key
    assert copy.name == "Game night"
    assert store.state(new_token) == store.state(table)
    assert store.log(new_token) == store.log(table)
    # The importer hosts the copy; the old phones hold no seat there.
    assert f'action="/t/{new_token}/delete"' in host.page(f"/t/{new_token}/qr")
    assert seat_named(alice.page(f"/t/{new_token}")) is None


def test_an_export_larger_than_any_other_request_imports_from_the_home_page(host, table, alice, store, app):
    # A long campaign's export, with its scenarios, is megabytes: more than
    # the limit of every other request, which still holds for those.
    alice.act("track.adjust", track="t1", **{"delta:int": "6"})
    big = host.get(f"/t/{table}/export").data + b" " * app.config["MAX_CONTENT_LENGTH"]
    host.load_csrf("/")
    response = host.post("/import", upload(big), content_type="multipart/form-data")
    assert response.status_code == 302 and location_path(response).endswith("/qr")
    copy = location_path(response).removeprefix("/t/").removesuffix("/qr")
    assert store.state(copy) == store.state(table)
    too_big = alice.post(f"/t/{table}/act", {"type": "note.set", "text": "x" * app.config["MAX_CONTENT_LENGTH"]},
                         htmx=True)
    assert too_big.status_code == 413


@pytest.mark.parametrize("content, message", [
    (b"this is not json", "This is not a table export."),
    (b"\xff\xfe\x00garbage", "This is not a table export."),
    (b'{"format": "something-else/1"}', "This is not a table export."),
    (b"[1, 2, 3]", "This is not a table export."),
])
def test_importing_garbage_says_so_and_creates_nothing(host, table, store, content, message):
    host.load_csrf("/")
    response = host.post("/import", upload(content), content_type="multipart/form-data")
    assert response.status_code == 302 and location_path(response) == "/"
    assert f'<p class="flash error" role="alert">{message}</p>' in host.page("/")
    assert [t.token for t in store.tables()] == [table]


def test_importing_a_tampered_export_says_it_is_damaged(host, table, alice, store):
    alice.act("track.adjust", track="t1", **{"delta:int": "6"})
    data = json.loads(host.get(f"/t/{table}/export").data)
    data["state"]["tracks"][0]["value"] = 30  # not what the log gives
    host.load_csrf("/")
    response = host.post("/import", upload(json.dumps(data).encode()), content_type="multipart/form-data")
    assert response.status_code == 302
    assert "This export is damaged and can&#39;t be imported." in host.page("/")
    assert len(store.tables()) == 1


def test_importing_without_a_file_says_so(host, table, store):
    host.load_csrf("/")
    response = host.post("/import", {}, content_type="multipart/form-data")
    assert response.status_code == 302
    assert "This is not a table export." in host.page("/")
    assert len(store.tables()) == 1


# --- the session cookie stays small --------------------------------------------------


def test_the_session_cookie_stays_under_the_browser_limit_after_many_tables(host, new_phone, store):
    # Browsers drop a cookie over 4096 bytes, and with it every later change
    # to the session; a host who makes a table each game night must not get there.
    phone = new_phone()
    for number in range(70):
        token = create_tally(host, name=f"Night {number}")
        join_seat(phone, token, "Alice")
    for browser in (host, phone):
        assert len(browser.client.get_cookie("session").value) < 3800
    # The newest tables are still hosted and seated.
    assert f'action="/t/{token}/delete"' in host.page(f"/t/{token}/qr")
    assert seat_named(phone.page(f"/t/{token}")) == "Alice"


def test_deleted_tables_leave_the_session(host, store):
    kept = [create_tally(host, name=f"Kept {n}") for n in range(5)]
    for number in range(40):
        token = create_tally(host, name=f"Gone {number}")
        host.csrf = csrf_from(host.page(f"/t/{token}/qr"))
        assert host.post(f"/t/{token}/delete").status_code == 302
    create_tally(host, name="Latest")
    # Every live table is still this browser's: deleted ones made no room problem.
    for token in kept:
        assert f'action="/t/{token}/delete"' in host.page(f"/t/{token}/qr")


def test_undo_sends_the_step_it_showed_and_refuses_if_another_came_first(table, alice, bob, store):
    alice.act("track.adjust", track="t1", **{"delta:int": "2"})
    shown = re.search(r'name="seq" value="(\d+)"', alice.page(f"/t/{table}")).group(1)
    bob.act("track.adjust", track="t1", **{"delta:int": "5"})
    version = store.table(table).version
    response = alice.post(f"/t/{table}/undo", {"seq": shown}, htmx=True)
    assert response.status_code == 422
    assert "Someone acted just before you" in response.get_data(as_text=True)
    assert store.table(table).version == version
    assert store.state(table)[1]["tracks"][0]["value"] == 7
    fresh = re.search(r'name="seq" value="(\d+)"', alice.page(f"/t/{table}")).group(1)
    assert alice.post(f"/t/{table}/undo", {"seq": fresh}, htmx=True).status_code == 200
    assert store.state(table)[1]["tracks"][0]["value"] == 2


def test_a_table_whose_game_is_no_longer_installed_says_so_instead_of_failing(table, alice, host, monkeypatch):
    from companion import games

    monkeypatch.setattr(games, "table_types", lambda: {})
    for path in (f"/t/{table}", f"/t/{table}/display", f"/t/{table}/history", f"/t/{table}/qr"):
        response = alice.get(path)
        assert response.status_code == 404, path
        assert "not installed" in response.get_data(as_text=True), path
    home = host.page("/")
    assert "tally" in home  # the table is still listed, by its game's id


def test_a_phone_that_sat_at_a_table_finds_its_name_on_the_next_tables_join_page(host, new_phone):
    first, second = create_tally(host, name="Monday"), create_tally(host, name="Friday")
    ann, newcomer = new_phone(), new_phone()
    join_seat(ann, first, "Ann")
    name_field = re.compile(r'<input id="seat-name"[^>]*value="([^"]*)"')
    assert name_field.search(ann.page(f"/t/{second}")).group(1) == "Ann"  # the name her phone sat under
    assert name_field.search(newcomer.page(f"/t/{second}")).group(1) == ""  # a phone new to the server: none
