"""Security of the web layer: CSRF on every state-changing form endpoint, user
text escaped everywhere it is shown, nothing of a table without its token,
security headers, and no page reaching beyond this server."""

from __future__ import annotations

import io
import json
import re
import secrets
from urllib.parse import urlsplit

import pytest

from companion.web import create_app
from web_support import (
    XSS,
    Browser,
    create_tally,
    csrf_from,
    first_message,
    has_version,
    join_seat,
    open_stream,
    seat_key,
)

STATE_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}
ESCAPED_XSS = "&lt;script&gt;alert(1)&lt;/script&gt;"
IMG_XSS = '<img src=x onerror=alert(2)>'


def form_routes(app) -> list:
    """Every state-changing route outside the JSON API."""
    return sorted((rule for rule in app.url_map.iter_rules()
                   if rule.methods & STATE_CHANGING and not rule.rule.startswith("/api/")),
                  key=lambda rule: rule.rule)


def build_path(rule, values: dict) -> str:
    """The rule's path with each <converter:name> filled from `values` ("x" when absent)."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", lambda m: values.get(m.group(1), "x"), rule.rule)


# --- CSRF ------------------------------------------------------------------------


@pytest.fixture
def scene(host, table, store, new_phone):
    """The host is also seated (as Hank) and has acted once: a valid CSRF
    token is then all that stands between each form post and its effect."""
    join_seat(host, table, "Hank")
    host.csrf = csrf_from(host.page(f"/t/{table}/qr"))
    assert host.act("track.adjust", track="t1", **{"delta:int": "1"}).status_code == 200
    return host


def valid_forms(store, token: str) -> dict[str, dict]:
    """For each form endpoint, data that succeeds when the CSRF token is right."""
    export = json.dumps(store.export(token)).encode()
    return {
        "/tables": {"game": "tally", "name": "Another", "tracks": "Doom 0..5"},
        "/import": {"file": (io.BytesIO(export), "table.json")},
        "/join": {"code": store.table(token).code},
        "/lang": {"lang": "ja", "next": "/"},
        "/t/<token>/seats": {"name": "Zed", "role": "player"},
        "/t/<token>/seats/<seat_id>/handover": {},
        "/t/<token>/leave": {},
        "/t/<token>/delete": {},
        "/t/<token>/act": {"type": "track.adjust", "track": "t1", "delta:int": "1"},
        "/t/<token>/undo": {},
        # A tally offers nothing and has no parent: tests/web/test_web_links.py shows these working.
        "/t/<token>/children": {"offer": "match-1"},
        "/t/<token>/report": {},
        # The Others' numbers kept on the server (tests/games/the_others/test_the_others_numbers.py shows them working).
        "/the-others/numbers": {"forget": "1"},
        "/t/<token>/the-others/numbers": {},
        "/t/<token>/the-others/keep": {},
    }


def snapshot(store, browser: Browser, token: str) -> tuple:
    """Everything a form post could change: tables, seats, logs, and this
    browser's seat and language."""
    tables = [(t.token, t.name, t.version) for t in store.tables()]
    seats = {t.token: store.seats(t.token) for t in store.tables()}
    logs = {t.token: store.log(t.token) for t in store.tables()}
    page = browser.client.get(f"/t/{token}").get_data(as_text=True)
    seated = '<span class="who-am-i">' in page
    lang = re.search(r'<html lang="([^"]+)"', page).group(1)
    return tables, seats, logs, seated, lang


def test_every_form_endpoint_is_in_the_csrf_checks(app, scene, store, table):
    # A new form endpoint must be added to valid_forms (and so to the checks below).
    assert {rule.rule for rule in form_routes(app)} == set(valid_forms(store, table))


@pytest.mark.parametrize("how", ["missing", "wrong field", "wrong header", "another session's"])
def test_form_posts_without_the_right_csrf_token_are_refused_and_change_nothing(
        app, scene, store, table, new_phone, how):
    other = new_phone()
    other_token = other.load_csrf("/")
    hank = scene.seat_id
    checked = 0
    for rule in form_routes(app):
        forms = valid_forms(store, table)
        path = build_path(rule, {"token": table, "seat_id": hank})
        data = forms.get(rule.rule, {})
        before = snapshot(store, scene, table)
        if how == "missing":
            response = scene.client.post(path, data=data)
        elif how == "wrong field":
            response = scene.client.post(path, data={**data, "csrf_token": "x" + scene.csrf})
        elif how == "wrong header":
            response = scene.client.post(path, data=data, headers={"HX-Request": "true",
                                                                   "X-CSRF-Token": scene.csrf[::-1]})
        else:
            response = scene.client.post(path, data={**data, "csrf_token": other_token})
        assert response.status_code == 403, (rule.rule, response.status_code)
        assert snapshot(store, scene, table) == before, rule.rule
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("endpoint", [
    "/tables", "/import", "/join", "/lang", "/t/<token>/seats", "/t/<token>/seats/<seat_id>/handover",
    "/t/<token>/leave", "/t/<token>/act", "/t/<token>/undo", "/t/<token>/delete"])
def test_the_same_form_posts_with_the_right_token_do_their_work(app, scene, store, table, endpoint):
    # The control for the refusals above: only the token was missing.
    rule = next(rule for rule in form_routes(app) if rule.rule == endpoint)
    path = build_path(rule, {"token": table, "seat_id": scene.seat_id})
    before = snapshot(store, scene, table)
    response = scene.post(path, valid_forms(store, table)[endpoint])
    assert response.status_code in (200, 302), response.get_data(as_text=True)
    if endpoint == "/join":
        assert response.headers["Location"].endswith(f"/t/{table}")
    else:
        assert snapshot(store, scene, table) != before


def test_the_csrf_token_is_per_session(host, new_phone):
    assert host.load_csrf("/") != new_phone().load_csrf("/")


def test_a_token_or_key_that_is_not_ascii_is_refused_not_a_server_error(host, table, alice, store):
    not_ascii = "é".encode().decode("latin-1")  # as a WSGI server hands over a UTF-8 header
    version = store.table(table).version
    for sent in ({"headers": {"X-CSRF-Token": not_ascii}}, {"data": {"csrf_token": "é"}}):
        assert alice.client.post(f"/t/{table}/act", **{"data": {"type": "reset"}, **sent}).status_code == 403
    assert host.client.get(f"/t/{table}/export", headers={"X-Host-Key": not_ascii}).status_code == 403
    assert host.client.delete(f"/api/tables/{table}", headers={"X-Host-Key": not_ascii}).status_code == 403
    assert store.table(table).version == version


def test_form_posts_to_the_api_are_refused_as_not_json(table, alice, store):
    version = store.table(table).version
    response = alice.client.post(f"/api/tables/{table}/actions", data={"type": "reset"},
                                 headers={"X-CSRF-Token": alice.csrf})
    assert response.status_code == 415
    assert response.get_json() == {"error": "Send JSON (Content-Type: application/json)."}
    response = alice.client.post(f"/api/tables/{table}/actions", data='{"type": "reset"}',
                                 content_type="text/plain")
    assert response.status_code == 415
    assert store.table(table).version == version


def test_the_api_does_not_take_a_cookie_host_for_a_delete_without_json(host, table, store):
    # A cross-site page can't send JSON or custom headers; a bare DELETE
    # carrying only the host's cookie is refused.
    assert host.client.delete(f"/api/tables/{table}").status_code == 415
    assert store.table(table) is not None


# --- the home page and creating tables: this machine only ---------------------------


def test_a_page_whose_name_was_pointed_at_this_machine_gets_no_host_powers(app, host, table, store):
    # DNS rebinding: the request comes from loopback but names another site,
    # whose script could read the home page (every table's link) or create tables.
    rebound = {"Host": "evil.example:8000"}
    home = host.get("/", headers=rebound).get_data(as_text=True)
    assert table not in home and 'name="code"' in home
    created = host.client.post("/api/tables", headers=rebound, json={"game": "tally", "name": "Mine"})
    assert created.status_code == 403
    for named in ("127.0.0.1:8000", "[::1]:8000", "localhost"):
        assert table in host.get("/", headers={"Host": named}).get_data(as_text=True), named
    assert len(store.tables()) == 1


# --- escaping --------------------------------------------------------------------


@pytest.fixture
def hostile(host, new_phone, store):
    """A table where every piece of user text is markup."""
    token = create_tally(host, name=XSS, tracks=f"{XSS} 0..30\nDoom 0..30", counters=f"{XSS} 0..9")
    mallory = join_seat(new_phone(), token, XSS)
    mallory.csrf = csrf_from(mallory.page(f"/t/{token}"))
    assert mallory.act("note.set", text=f"note {XSS}").status_code == 200
    assert mallory.act("track.add", name=IMG_XSS, min="0", max="5").status_code == 200
    assert mallory.act("track.adjust", track="t1", **{"delta:int": "2"}).status_code == 200
    assert mallory.act("counter.adjust", counter="c1", **{"delta:int": "1"}).status_code == 200
    watcher = join_seat(new_phone(), token, "Walt")
    join_seat(host, token, "Hank")
    return token, mallory, watcher


def assert_escaped(body: str, where: str, must_show: bool = True) -> None:
    assert XSS not in body, where
    assert "<img src=x" not in body, where
    if must_show:
        assert ESCAPED_XSS in body, where


def test_user_text_is_escaped_in_every_page(hostile, host, new_phone, store):
    token, mallory, watcher = hostile
    stranger = new_phone()
    pages = {
        "home": (host, "/"),
        "qr (host)": (host, f"/t/{token}/qr"),
        "seat page (mallory)": (mallory, f"/t/{token}"),
        "seat page (walt)": (watcher, f"/t/{token}"),
        "join page": (stranger, f"/t/{token}"),
        "display": (stranger, f"/t/{token}/display"),
        "history (mallory)": (mallory, f"/t/{token}/history"),
        "history (walt)": (watcher, f"/t/{token}/history"),
    }
    for where, (browser, path) in pages.items():
        body = browser.page(path)
        assert_escaped(body, where)
        if where.startswith(("seat page", "display")):  # the pages that show the tracks
            assert "&lt;img src=x onerror=alert(2)&gt;" in body, where
    assert "note " + ESCAPED_XSS in mallory.page(f"/t/{token}")

    host.csrf = csrf_from(host.page(f"/t/{token}/qr"))
    handover = host.post(f"/t/{token}/seats/{mallory.seat_id}/handover")
    assert_escaped(handover.get_data(as_text=True), "handover")


def test_user_text_is_escaped_in_fragments_and_messages(hostile, host, new_phone):
    token, mallory, watcher = hostile
    fragment = watcher.act("track.adjust", track="t1", **{"delta:int": "1"})
    assert fragment.status_code == 200
    assert_escaped(fragment.get_data(as_text=True), "action fragment")

    refused = watcher.act("track.set", track="t1", **{"value:int": "99"})
    assert refused.status_code == 422
    assert refused.get_data(as_text=True) == f"{ESCAPED_XSS} can&#39;t go above 30."

    watcher.act("track.set", htmx=False, track="t1", **{"value:int": "99"})
    assert_escaped(watcher.page(f"/t/{token}"), "flash")

    phone = new_phone()
    phone.csrf = csrf_from(phone.page(f"/t/{token}"))
    taken = phone.post(f"/t/{token}/seats", {"name": XSS, "role": "player"})
    assert taken.status_code == 422
    assert_escaped(taken.get_data(as_text=True), "join error")

    code = phone.post("/join", {"code": XSS})
    assert code.status_code == 404
    assert_escaped(code.get_data(as_text=True), "join-by-code error")

    host.load_csrf("/")
    created = host.post("/tables", {"game": "tally", "name": XSS, "tracks": f"{XSS} broken"})
    assert created.status_code == 422
    assert_escaped(created.get_data(as_text=True), "create error")


def test_user_text_is_escaped_in_event_streams(hostile, new_phone):
    token, mallory, watcher = hostile
    for where, browser, path in (("seat", mallory, f"/t/{token}/events"),
                                 ("other seat", watcher, f"/t/{token}/events"),
                                 ("display", new_phone(), f"/t/{token}/events?view=display")):
        text = first_message(browser, path)
        assert_escaped(text, where)
        assert "&lt;img src=x onerror=alert(2)&gt;" in text, where


def test_json_carries_user_text_verbatim_as_json_not_html(hostile, host, store):
    token, mallory, watcher = hostile
    host_key = store.table(token).host_key
    for path, headers in ((f"/api/tables/{token}", {}),
                          (f"/api/tables/{token}/state", {"X-Seat-Key": seat_key(mallory, token)}),
                          (f"/api/tables/{token}/log", {}),
                          (f"/api/tables/{token}/export", {"X-Host-Key": host_key})):
        response = mallory.client.get(path, headers=headers)
        # Served as JSON (never sniffed as HTML), and the text is the true text.
        assert response.mimetype == "application/json", path
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert XSS in json.dumps(response.get_json(), ensure_ascii=False), path
    state = mallory.client.get(f"/api/tables/{token}/state",
                               headers={"X-Seat-Key": seat_key(mallory, token)}).get_json()["state"]
    assert state["tracks"][0]["name"] == XSS
    assert state["mine"] == {"note": f"note {XSS}"}


# --- nothing without the token ---------------------------------------------------


def test_every_table_route_answers_404_to_a_wrong_token(app, scene, store, table):
    wrong = secrets.token_urlsafe(24)
    hank_key = seat_key(scene, table)
    headers = {"X-Host-Key": store.table(table).host_key, "X-Seat-Key": hank_key,
               "X-CSRF-Token": scene.csrf, "HX-Request": "true"}
    checked = set()
    for rule in app.url_map.iter_rules():
        if "token" not in rule.arguments:
            continue
        path = build_path(rule, {"token": wrong, "seat_id": "s1", "key": hank_key})
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            kwargs = {"headers": headers}
            if rule.rule.startswith("/api/") and method in STATE_CHANGING:
                kwargs["json"] = {"type": "reset", "payload": {}, "name": "Eve", "role": "player"}
            elif method in STATE_CHANGING:
                kwargs["data"] = {"type": "reset", "name": "Eve", "role": "player"}
            response = scene.client.open(path, method=method, **kwargs)
            assert response.status_code == 404, (method, rule.rule, response.status_code)
            if rule.rule.startswith("/api/"):
                assert response.get_json() == {"error": "Not found."}
            else:
                assert table not in response.get_data(as_text=True)
            checked.add(rule.rule)
    for expected in ("/t/<token>", "/t/<token>/events", "/t/<token>/history", "/t/<token>/display",
                     "/t/<token>/export", "/t/<token>/qr", "/t/<token>/act", "/t/<token>/claim/<key>",
                     "/api/tables/<token>", "/api/tables/<token>/state", "/api/tables/<token>/log",
                     "/api/tables/<token>/actions", "/api/tables/<token>/export"):
        assert expected in checked
    assert len(store.tables()) == 1


def test_keys_of_one_table_open_nothing_at_another(host, new_phone, store):
    first = create_tally(host, name="First")
    second = create_tally(host, name="Second")
    alice = join_seat(new_phone(), first, "Alice")
    key = seat_key(alice, first)
    api = alice.client
    state = api.get(f"/api/tables/{second}/state", headers={"X-Seat-Key": key}).get_json()
    assert state["seat"] is None
    acted = api.post(f"/api/tables/{second}/actions", json={"type": "reset"}, headers={"X-Seat-Key": key})
    assert acted.status_code == 400 and acted.get_json()["field"] == "seat"
    exported = api.get(f"/api/tables/{second}/export", headers={"X-Host-Key": store.table(first).host_key})
    assert exported.status_code == 403
    # The claim path of the second table with the first table's seat key.
    assert alice.get(f"/t/{second}/claim/{key}").status_code == 404


# --- headers and outside references ------------------------------------------------


def all_responses(app, scene, store, table, new_phone):
    stranger = new_phone()
    stranger.load_csrf("/")
    scene.csrf = csrf_from(scene.page(f"/t/{table}/qr"))
    with open_stream(scene, f"/t/{table}/events") as stream:
        events = stream.response
        stream.read(until=has_version)
    host_key = store.table(table).host_key
    return {
        "home": scene.get("/"),
        "home (phone)": stranger.get("/"),
        "seat page": scene.get(f"/t/{table}"),
        "join page": stranger.get(f"/t/{table}"),
        "display": stranger.get(f"/t/{table}/display"),
        "history": scene.get(f"/t/{table}/history"),
        "qr": scene.get(f"/t/{table}/qr"),
        "handover": scene.post(f"/t/{table}/seats/s1/handover"),
        "join code error": stranger.post("/join", {"code": "nope"}),
        "action fragment": scene.act("track.adjust", track="t1", **{"delta:int": "1"}),
        "export": scene.get(f"/t/{table}/export"),
        "manifest": scene.get("/manifest.webmanifest"),
        "api": scene.get(f"/api/tables/{table}/export", headers={"X-Host-Key": host_key}),
        "api error": scene.get("/api/tables/nope"),
        "not found": scene.get("/t/nope"),
        "events": events,
    }


def test_security_headers_on_every_response(app, scene, store, table, new_phone):
    for where, response in all_responses(app, scene, store, table, new_phone).items():
        headers = response.headers
        csp = headers.get("Content-Security-Policy", "")
        assert "default-src 'self'" in csp, where
        assert "script-src 'self'" in csp, where
        assert "frame-ancestors 'none'" in csp, where
        assert "http" not in csp and "*" not in csp, where  # no outside host, no wildcard
        assert headers.get("X-Content-Type-Options") == "nosniff", where
        assert headers.get("X-Frame-Options") == "DENY", where
        assert headers.get("Referrer-Policy") == "same-origin", where


URL_ATTRIBUTE = re.compile(r'\b(?:src|href|action|sse-connect|hx-get|hx-post|formaction|poster)="([^"]*)"')
ABSOLUTE_URL = re.compile(r"(?:https?:)?//[^\s\"'<>)]+")
XML_NAMESPACE = re.compile(r'xmlns(?::\w+)?="[^"]*"')


def outside_references(body: str, own_hosts: set[str]) -> list[str]:
    body = XML_NAMESPACE.sub("", body)  # a namespace name is never fetched
    found = [url for url in URL_ATTRIBUTE.findall(body)
             if urlsplit(url).netloc and urlsplit(url).netloc not in own_hosts]
    found += [url for url in ABSOLUTE_URL.findall(body) if urlsplit(url).netloc not in own_hosts]
    return found


@pytest.mark.parametrize("public_url", [None, "http://192.168.1.5:8000"])
def test_no_page_references_another_host(tmp_path, public_url):
    config = {"DATABASE": str(tmp_path / "db.sqlite3"), "TESTING": True, "SSE_HEARTBEAT_SECONDS": 0.05}
    if public_url:
        config["PUBLIC_URL"] = public_url
    app = create_app(config)
    own = {"localhost"} | ({urlsplit(public_url).netloc} if public_url else set())
    host = Browser(app.test_client())
    table = create_tally(host)
    join_seat(host, table, "Hank")
    phone = Browser(app.test_client())
    phone.client.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    store = app.extensions["companion.store"]
    for where, response in all_responses(app, host, store, table, lambda: phone).items():
        if response.mimetype != "text/html":
            continue
        body = response.get_data(as_text=True)
        assert outside_references(body, own) == [], where
        # Anything a page loads (scripts, styles, icons) comes from this server's paths.
        for url in re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+)"', body):
            assert url.startswith("/") and not url.startswith("//"), (where, url)
    for asset in ("/static/app.css", "/static/app.js"):
        response = host.get(asset)
        assert response.status_code == 200
        text = response.get_data(as_text=True)
        assert not re.search(r"https?://|@import|url\(\s*['\"]?//", text), asset
    app.extensions["companion.store"].close()


def test_outside_reference_check_finds_a_foreign_url():
    # The check above must be able to fail.
    assert outside_references('<img src="https://cdn.example/x.png">', {"localhost"}) == [
        "https://cdn.example/x.png", "https://cdn.example/x.png"]
    assert outside_references('<svg xmlns="http://www.w3.org/2000/svg"></svg>', {"localhost"}) == []
    assert outside_references('<a href="http://localhost/t/x">', {"localhost"}) == []


def test_the_language_switch_never_redirects_off_site(host):
    host.load_csrf("/")
    for target in ("//evil.example/", "https://evil.example/", "/\\evil.example", "\\\\evil.example"):
        response = host.post("/lang", {"lang": "en", "next": target})
        assert response.status_code == 302
        location = response.headers["Location"]
        # A backslash would read as a slash in a browser; Werkzeug sends it as %5C.
        assert location.startswith("/") and not location.startswith("//") and "\\" not in location, target
        assert urlsplit(location).netloc == "", target
    response = host.post("/lang", {"lang": "en", "next": "/t/abc?x=1"})
    assert response.headers["Location"] == "/t/abc?x=1"
