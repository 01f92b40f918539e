"""Linked tables on the pages and through the API: a phone seated at the
parent starts a child and is seated there without joining again; the child
reports its result back; both pages link each other; export and import."""

from __future__ import annotations

import html
import json
import re

import pytest

from companion.store import SEALED_ELSEWHERE
from tests.league_tables import league  # noqa: F401 (fixture)
from web_support import csrf_from, join_seat, location_path, seat_key


@pytest.fixture
def parent(host, league) -> str:
    host.load_csrf("/")
    response = host.post("/tables", {"game": league, "name": "Spring league"})
    assert response.status_code == 302
    host.token = re.fullmatch(r"/t/([^/]+)/qr", location_path(response)).group(1)
    return host.token


@pytest.fixture
def ann(new_phone, parent):
    return join_seat(new_phone(), parent, "Ann")


@pytest.fixture
def ben(new_phone, parent):
    return join_seat(new_phone("192.168.1.21"), parent, "Ben")


def start_match(phone, parent: str, htmx: bool = False) -> str:
    phone.csrf = csrf_from(phone.page(f"/t/{parent}"))
    response = phone.post(f"/t/{parent}/children", {"offer": "match-1"}, htmx=htmx)
    target = response.headers["HX-Redirect"] if htmx else location_path(response)
    return re.fullmatch(r"/t/([^/]+)", target).group(1)


def score(phone, match: str, goals: int = 3) -> None:
    phone.csrf = csrf_from(phone.page(f"/t/{match}"))
    phone.token = match
    for _ in range(goals):
        assert phone.act("counter.adjust", counter="c1", delta="1").status_code == 200


def test_the_parent_page_shows_its_offer_as_a_button(ann, parent):
    page = ann.page(f"/t/{parent}")
    assert f'action="/t/{parent}/children"' in page and 'value="match-1"' in page and "Start match 1" in page


def test_starting_a_child_opens_it_seated_without_joining_again(ann, ben, parent, store):
    match = start_match(ann, parent)
    assert store.table(match).parent == parent
    for phone, name in ((ann, "Ann"), (ben, "Ben")):
        page = phone.page(f"/t/{match}")
        assert f'<span class="who-am-i">{name}</span>' in page
        # The phone now holds the child seat's own key in its cookie.
        seat_id = store.seat_links(match)
        assert store.seat_by_key(match, seat_key(phone, match)).name == name
    assert len(store.seats(match)) == 2 and seat_id == {"s1": "s1", "s2": "s2"}


def test_a_phone_with_no_seat_at_the_parent_gets_the_join_page_at_the_child(ann, parent, new_phone):
    match = start_match(ann, parent)
    stranger = new_phone("192.168.1.99")
    assert 'class="who-am-i"' not in stranger.page(f"/t/{match}")


def test_with_htmx_starting_a_child_redirects_the_page_to_it(ann, parent, store):
    match = start_match(ann, parent, htmx=True)
    assert store.children(parent)[0].token == match


def test_both_pages_link_each_other(ann, parent):
    match = start_match(ann, parent)
    assert f'href="/t/{parent}"' in ann.page(f"/t/{match}") and "Back to Spring league" in ann.page(f"/t/{match}")
    listed = ann.page(f"/t/{parent}")
    assert f'href="/t/{match}"' in listed and "Match 1" in listed


def follow_links(page: str) -> list[str]:
    """Where a display page would go by itself (its follow card's links, app.js)."""
    return re.findall(r'<a [^>]*href="([^"]+)"[^>]*data-follow', page)


def test_the_display_is_led_to_a_started_child_and_back_once_it_reported(ann, ben, parent, new_phone):
    tablet = new_phone("192.168.1.30")  # no seat anywhere: a display
    assert follow_links(tablet.page(f"/t/{parent}/display")) == []
    match = start_match(ann, parent)
    assert follow_links(tablet.page(f"/t/{parent}/display")) == [f"/t/{match}/display"]
    at_match = tablet.page(f"/t/{match}/display")
    assert follow_links(at_match) == []
    assert f'class="display-parent" href="/t/{parent}/display"' in at_match  # the way back, in the bar
    score(ben, match)
    ann.csrf = csrf_from(ann.page(f"/t/{match}"))
    ann.post(f"/t/{match}/report", {})
    assert follow_links(tablet.page(f"/t/{match}/display")) == [f"/t/{parent}/display"]
    assert follow_links(tablet.page(f"/t/{parent}/display")) == []


def test_the_report_button_appears_once_there_is_a_result_and_sends_it_to_the_parent(ann, ben, parent, store):
    match = start_match(ann, parent)
    assert "Report the result to Spring league" not in ann.page(f"/t/{match}")
    score(ben, match)
    assert "Report the result to Spring league" in ann.page(f"/t/{match}")
    ann.csrf = csrf_from(ann.page(f"/t/{match}"))
    response = ann.post(f"/t/{match}/report", {})
    assert location_path(response) == f"/t/{parent}"
    assert store.state(parent)[1]["values"]["s2"]["c1"] == 1  # Ben won
    after = ann.page(f"/t/{match}")
    assert "Report the result" not in after and "The result was reported to Spring league." in after
    assert "Start match 2" in ann.page(f"/t/{parent}") and "result reported" in ann.page(f"/t/{parent}")


def test_reporting_too_early_is_refused_in_place(ann, parent, store):
    match = start_match(ann, parent)
    ann.csrf = csrf_from(ann.page(f"/t/{match}"))
    response = ann.post(f"/t/{match}/report", {}, htmx=True)
    assert response.status_code == 422 and "no result to report yet" in response.get_data(as_text=True)
    assert store.state(parent)[1]["tracks"][0]["value"] == 0


def test_the_parent_page_updates_live_when_a_child_starts(ann, ben, parent, store, app):
    version = store.table(parent).version
    start_match(ann, parent)
    assert store.table(parent).version == version + 1  # every phone's stream re-sends the links region


def test_the_api_starts_a_child_and_reports_with_the_parent_seats_key(ann, parent, client, store):
    key = {"X-Seat-Key": seat_key(ann, parent)}
    started = client.post(f"/api/tables/{parent}/children", json={"offer": "match-1"}, headers=key)
    assert started.status_code == 201
    match = started.get_json()["token"]
    for _ in range(3):
        client.post(f"/api/tables/{match}/actions", json={"type": "counter.adjust",
                                                          "payload": {"counter": "c1", "delta": 1}}, headers=key)
    reported = client.post(f"/api/tables/{match}/report", json={}, headers=key)
    assert reported.get_json() == {"parent": parent, "version": store.table(parent).version}
    info = client.get(f"/api/tables/{parent}").get_json()
    assert info["parent"] is None and info["children"][0]["reported"] is True
    assert client.get(f"/api/tables/{match}").get_json()["parent"]["token"] == parent
    assert client.post(f"/api/tables/{parent}/children", json={"offer": 7}, headers=key).get_json()["field"] == "offer"


def test_the_hosts_export_of_a_parent_holds_its_children_and_imports_linked(ann, parent, host, store):
    match = start_match(ann, parent)
    exported = json.loads(host.get(f"/t/{parent}/export").get_data(as_text=True))
    assert exported["children"][0]["name"] == "Match 1"
    copy = store.import_table(exported)
    assert [c.name for c in store.children(copy.token)] == ["Match 1"] and store.children(copy.token)[0].token != match


def test_the_invite_page_says_exports_seal_the_seats_secrets(host, table):
    assert "sealed" in host.page(f"/t/{table}/qr")


def test_importing_another_servers_export_through_the_page_says_why_it_is_refused(host, alice, table, tmp_path):
    import io

    from companion.store import Store

    alice.act("note.set", text="my secret plan")
    elsewhere = Store(tmp_path / "elsewhere.sqlite3")
    other = elsewhere.create_table("tally", "Elsewhere", {"counters": "VP 0..9"}).token
    elsewhere.join(other, "Zoe", "player")
    elsewhere.act(other, "s1", "note.set", {"text": "hidden"})
    data = json.dumps(elsewhere.export(other)).encode()
    elsewhere.close()
    host.load_csrf("/")
    response = host.post("/import", {"file": (io.BytesIO(data), "table.json")})
    assert location_path(response) == "/"
    assert "made on another server" in host.page("/") and SEALED_ELSEWHERE.startswith("This export was made")


def test_the_history_says_who_started_a_child_and_who_reported(ann, ben, parent):
    match = start_match(ann, parent)
    score(ben, match)
    ann.csrf = csrf_from(ann.page(f"/t/{match}"))
    ann.post(f"/t/{match}/report", {})
    assert "started Match 1" in ann.page(f"/t/{parent}/history")
    assert "reported the result" in ann.page(f"/t/{match}/history")
    assert "table.child" not in ann.page(f"/t/{parent}/history")


# -- a deleted parent or child ------------------------------------------------------

def delete(host, token: str) -> None:
    host.csrf = csrf_from(host.page(f"/t/{token}/qr"))
    assert location_path(host.post(f"/t/{token}/delete", {})) == "/"


def test_a_child_whose_parent_was_deleted_says_so_with_no_link_and_no_report(ann, ben, parent, host, store, client):
    match = start_match(ann, parent)
    score(ben, match)
    assert "Report the result to Spring league" in ann.page(f"/t/{match}")  # rendered (and kept) before
    assert "are kept" in host.page(f"/t/{parent}/qr")  # the host is told before deleting
    delete(host, parent)
    for path in (f"/t/{match}", f"/t/{match}/display", f"/t/{match}/history"):
        page = html.unescape(ann.page(path))
        assert f'href="/t/{parent}' not in page and "Report the result" not in page, path
    page = html.unescape(ann.page(f"/t/{match}"))
    assert "Spring league, which this table was started from, was deleted: this table carries on on its own." in page
    assert "deleted Spring league, which this table was started from" in html.unescape(ann.page(f"/t/{match}/history"))
    # The API says it too, and a report is refused saying why.
    key = {"X-Seat-Key": seat_key(ann, match)}
    info = client.get(f"/api/tables/{match}", headers=key).get_json()
    assert info["parent"] is None and info["parent_deleted"] == "Spring league"
    refused = client.post(f"/api/tables/{match}/report", json={}, headers=key)
    assert refused.status_code == 400 and refused.get_json()["field"] == "report"
    assert "was deleted" in refused.get_json()["error"]
    # The phones seated there keep their seats and play on.
    ann.token = match
    assert ann.act("counter.adjust", counter="c1", delta="1").status_code == 200


def test_a_parent_whose_child_was_deleted_lists_it_no_more(ann, parent, store, new_phone):
    match = start_match(ann, parent)
    assert f'href="/t/{match}"' in ann.page(f"/t/{parent}")
    store.delete_table(match)
    page = ann.page(f"/t/{parent}")
    assert f'href="/t/{match}"' not in page and "Start match 1" in page
    assert "deleted Match 1, started from here" in html.unescape(ann.page(f"/t/{parent}/history"))
    assert ann.client.get(f"/api/tables/{parent}").get_json()["children"] == []


def test_a_reported_child_refuses_undo_from_the_page_and_the_api_saying_why(ann, ben, parent, client, store):
    match = start_match(ann, parent)
    score(ben, match)
    ann.csrf = csrf_from(ann.page(f"/t/{match}"))
    ann.post(f"/t/{match}/report", {})
    version = store.table(match).version
    answer = ann.post(f"/t/{match}/undo", {}, htmx=True)
    assert answer.status_code == 422
    assert "steps before the report can't be undone here" in html.unescape(answer.get_data(as_text=True))
    refused = client.post(f"/api/tables/{match}/undo", json={}, headers={"X-Seat-Key": seat_key(ben, match)})
    assert refused.status_code == 400 and refused.get_json()["field"] == "undo"
    assert "The host of that table can undo the result there." in refused.get_json()["error"]
    assert store.table(match).version == version
    # In Japanese too.
    japanese = client.post(f"/api/tables/{match}/undo", json={}, headers={"X-Seat-Key": seat_key(ben, match),
                                                                            "Accept-Language": "ja"})
    assert japanese.get_json()["error"] != refused.get_json()["error"]
