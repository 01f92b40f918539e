"""Malformed, oversized and out-of-range requests to every state-changing
endpoint, pages and JSON API alike, sent with a valid CSRF token and the
cookies of a host and a seat, so they reach the handlers.

For every request: never a 500; when the answer is an error, nothing in the
database changed and the answer says what is wrong (the HTML error slot, the
flashed message, or the JSON "error"); and the table's state is always the
state its log replays to.

The endpoints are read from the app's URL map, so a new POST or DELETE route
is fuzzed without editing this file.
"""

from __future__ import annotations

import copy
import html
import io
import json
import re
import tempfile
from dataclasses import dataclass
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.web import create_app

pytestmark = pytest.mark.slow

CSRF = "fuzz-csrf-token"
CHANGING_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
MAX_BODY = 2 * 1024 * 1024
FUZZ = settings(max_examples=60, deadline=None, derandomize=False,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def changing_routes() -> list[tuple[str, str]]:
    """(method, rule) for every route that may change something."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": f"{folder}/routes.sqlite3", "TESTING": True})
        found = sorted({(method, rule.rule) for rule in app.url_map.iter_rules()
                        for method in rule.methods & CHANGING_METHODS})
        app.extensions["companion.store"].close()
    return found


ROUTES = changing_routes()


# -- what gets sent ----------------------------------------------------------------
KNOWN_FIELDS = ["type", "track", "delta:int", "delta", "counter", "seat", "text", "name", "min", "max",
                "start", "step", "value:int", "value", "role", "code", "lang", "next", "game", "tracks",
                "counters", "file", "payload", "options", "csrf_token", "id", "seq", "monsters", "scenario"]
ACTION_TYPES = ["track.adjust", "track.set", "track.add", "counter.adjust", "counter.set", "reset",
                "note.set", "seat.join", "seat.takeover", "undo", "", "nope"]
ODD_TEXT = ["", " ", "0", "-1", "1", "t1", "c1", "s1", "s2", "s99", "player", "keeper", "tally", "en", "ja",
            "zh_Hans", "xx", "99999999999999999999999", "-99999999999999999999999", "1e9", "NaN", "inf",
            "١٢", "1_000", " 7 ", "\x00", "\u202e", "<script>alert(1)</script>", "Doom 0..30", "VP 0..99",
            "A -5..5 start 9", "/", "//evil.example", "/\\evil.example", "https://evil.example/",
            "\t//evil.example", "/t/x", "%(name)s", "{}", "[]", "null", "true"]
BIG_TEXT = ["x" * (2_000 + 1), "é" * 5_000, "\U0001d54f" * 50_000]
# Places a redirect must never lead to (browsers read a backslash as a slash
# and drop tabs and newlines).
OFF_SITE = ["//evil.example", "/\\evil.example", "https://evil.example/", "\t//evil.example", "/\t/evil.example",
            "\\\\evil.example", "javascript:alert(1)", " //evil.example"]
OVERSIZED = "y" * (MAX_BODY + 1)

texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
form_values = st.one_of(texts, st.sampled_from(ODD_TEXT), st.integers().map(str), st.sampled_from(ACTION_TYPES),
                        st.sampled_from(BIG_TEXT))
field_names = st.one_of(st.sampled_from(KNOWN_FIELDS), texts)
forms = st.one_of(
    st.dictionaries(field_names, form_values, max_size=8),
    st.fixed_dictionaries({"type": st.sampled_from(ACTION_TYPES)},
                          optional={name: form_values for name in KNOWN_FIELDS if name != "type"}),
    st.just({f"field{n}": "1" for n in range(40)}),  # too many fields
    st.just({"text": OVERSIZED}),  # larger than the server takes
)

# Deep enough that recursive code (parsing, copying) runs out of stack.
DEEPLY_NESTED = json.loads("[" * 600 + "]" * 600)
json_scalars = st.one_of(st.just(DEEPLY_NESTED), st.none(), st.booleans(), st.integers(),
                         st.integers(min_value=10**20) | st.integers(max_value=-10**20),
                         st.floats(), texts, st.sampled_from(ODD_TEXT + ACTION_TYPES))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.one_of(st.sampled_from(KNOWN_FIELDS), texts), inner, max_size=4),
                           max_leaves=12)
JSON_KEYS = ["type", "payload", "name", "role", "game", "options", "format", "initial", "actions", "seats",
             "state", "version", "monsters", "scenario"]
json_objects = st.fixed_dictionaries({}, optional={key: json_values for key in JSON_KEYS})
raw_bodies = st.one_of(
    st.binary(max_size=64),
    st.sampled_from([b"", b"{", b"\xff\xfe{}", b"[" * 5_000 + b"]" * 5_000,
                     b'{"a":' * 5_000 + b"1" + b"}" * 5_000, b"1" * 5_000, OVERSIZED.encode()]),
)


def mutated(export: dict, draw) -> object:
    """An export with one part (in one of its sections, picked first so each
    gets its share) removed or replaced by something random."""
    data = copy.deepcopy(export)
    section = draw(st.sampled_from(sorted(data) + [None]))
    if section is None:
        return draw(json_values)
    paths = [[section]]
    def walk(node, path):
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
        for key, child in items:
            paths.append(path + [key])
            walk(child, path + [key])
    walk(data[section], [section])
    path = draw(st.sampled_from(paths))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(st.one_of(st.just(DEEPLY_NESTED), json_values))
    return data


# -- the server under test -----------------------------------------------------------
class World:
    """An app on its own database with one tally table, its host and two seats."""

    def __init__(self, folder: str):
        self.app = create_app({"DATABASE": f"{folder}/fuzz.sqlite3", "TESTING": True})
        self.store = self.app.extensions["companion.store"]
        self.token = ""
        self.ensure_table()

    def ensure_table(self) -> None:
        """(Re)create the table if a fuzzed request deleted it."""
        if self.token and self.store.table(self.token):
            return
        table = self.store.create_table("tally", "Fuzzed", {"tracks": "Doom 0..30\nPower -5..5 start 0",
                                                            "counters": "VP 0..99"})
        self.store.join(table.token, "Ana", "player")
        self.store.join(table.token, "Bo", "keeper")
        self.store.act(table.token, "s1", "track.adjust", {"track": "t1", "delta": 3})
        self.token, self.host_key = table.token, table.host_key

    def seat_key(self, seat_id: str) -> str:
        # Read each time: a fuzzed handover gives the seat a new key.
        row = self.store.db.execute("select key from seats where table_token = ? and id = ?",
                                    [self.token, seat_id]).fetchone()
        return row[0] if row else ""

    def snapshot(self) -> tuple:
        db = self.store.db
        return tuple(tuple(db.execute(f"select * from {name} order by rowid").fetchall())
                     for name in ("tables", "seats", "actions", "settings"))

    def export(self) -> dict:
        return self.store.export(self.token)

    def fresh_export(self) -> dict:
        """The export of a table nobody joined: no log replays its initial state."""
        table = self.store.create_table("tally", "Fresh", {"tracks": "Doom 0..30\nPower -5..5 start 0"})
        export = self.store.export(table.token)
        self.store.delete_table(table.token)
        return export


@pytest.fixture(scope="module")
def world():
    with tempfile.TemporaryDirectory() as folder:
        world = World(folder)
        yield world
        world.store.close()


@dataclass
class Sent:
    method: str
    path: str
    kwargs: dict
    htmx: bool


def url_for_rule(rule: str, world: World, draw) -> str:
    def fill(match: re.Match) -> str:
        name = match.group(1).split(":")[-1]
        junk = draw(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30))
        if name == "token":
            value = draw(st.sampled_from([world.token] * 4 + ["x" * 32, junk]))
        elif name == "seat_id":
            value = draw(st.sampled_from(["s1", "s2", "s99", junk]))
        elif name == "key":
            value = draw(st.sampled_from([world.seat_key("s1"), junk]))
        else:
            value = junk
        return quote(value, safe="")
    return re.sub(r"<([^>]+)>", fill, rule)


@st.composite
def requests_to(draw, method: str, rule: str, world: World) -> Sent:
    path = url_for_rule(rule, world, draw)
    headers = {}
    htmx = draw(st.booleans())
    if htmx:
        headers["HX-Request"] = "true"
    if draw(st.booleans()):
        headers["Accept-Language"] = draw(st.sampled_from(["ja", "zh-CN", "en", "xx;q=2", "*"]))
    if draw(st.integers(0, 3)) > 0:
        headers["X-Seat-Key"] = draw(st.sampled_from([world.seat_key("s1"), world.seat_key("s2"), "nope"]))
    if draw(st.booleans()):
        headers["X-Host-Key"] = draw(st.sampled_from([world.host_key, "nope"]))
    kwargs: dict = {"headers": headers}
    if draw(st.integers(0, 9)) == 0:
        kwargs["environ_base"] = {"REMOTE_ADDR": "192.168.1.20"}  # a phone, not the host's machine
    if rule.startswith("/api/"):
        if "import" in rule:
            kinds = ["export", "export", "export", "object", "raw"]
        else:
            kinds = ["object", "object", "value", "export", "raw"]
        kind = draw(st.sampled_from(kinds))
        if kind == "object":
            body = json.dumps(draw(json_objects)).encode()
        elif kind == "value":
            body = json.dumps(draw(json_values)).encode()
        elif kind == "export":
            body = json.dumps(mutated(world.export(), draw)).encode()
        else:
            body = draw(raw_bodies)
        kwargs["data"] = body
        content_types = ["application/json"] * 6 + ["text/plain", "application/x-www-form-urlencoded"]
        kwargs["content_type"] = draw(st.sampled_from(content_types))
    else:
        headers["X-CSRF-Token"] = CSRF
        data = dict(draw(forms))
        if rule == "/lang" or draw(st.booleans()):
            data["next"] = draw(st.one_of(st.sampled_from(OFF_SITE), form_values))
        data["csrf_token"] = CSRF
        if rule == "/import" or draw(st.integers(0, 9)) == 0:
            kind = draw(st.sampled_from(["export", "mutated", "mutated", "raw"]))
            if kind == "export":
                content = json.dumps(world.export()).encode()
            elif kind == "mutated":
                content = json.dumps(mutated(world.export(), draw)).encode()
            else:
                content = draw(raw_bodies)
            data["file"] = (io.BytesIO(content), draw(st.sampled_from(["table.json", "x", "..\\..\\evil.json"])))
        kwargs["data"] = data
    return Sent(method, path, kwargs, htmx)


# -- what an answer must be -----------------------------------------------------------------
ERROR_SLOT = re.compile(r'<(output|p)\b[^>]*class="[^"]*\berror\b[^"]*"[^>]*>(.*?)</\1>', re.S)
MAIN = re.compile(r"<main>(.*?)</main>", re.S)
TAGS = re.compile(r"<[^>]+>")


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(TAGS.sub(" ", fragment)).split())


def error_message(response, flashes: list) -> str | None:
    """The message an error answer shows, or None if the answer is no error."""
    if response.status_code in (301, 302, 303):
        errors = [message for category, message in flashes if category == "error"]
        return " ".join(errors) if errors else None
    if response.status_code < 400:
        return None
    if response.mimetype == "application/json":
        body = response.get_json(silent=True)
        return body.get("error", "") if isinstance(body, dict) else ""
    page = response.get_data(as_text=True)
    slots = [text_of(match.group(2)) for match in ERROR_SLOT.finditer(page)]
    if any(slots):
        return " ".join(slots)
    if response.status_code == 422:
        # An htmx answer is the bare message for the control's error slot;
        # a full page must show it in its slot.
        return text_of(page) if "<html" not in page else ""
    main = MAIN.search(page)
    return text_of(main.group(1) if main else page)


def send(world: World, sent: Sent, as_host: bool, seated: str | None):
    client = world.app.test_client()
    with client.session_transaction() as session:
        session["csrf"] = CSRF
        if as_host:
            session["hosts"] = {world.token: world.host_key}
        if seated:
            session["seats"] = {world.token: world.seat_key(seated)}
    response = client.open(sent.path, method=sent.method, **sent.kwargs)
    with client.session_transaction() as session:
        flashes = list(session.get("_flashes", []))
    return client, response, flashes


def check(world: World, sent: Sent, as_host: bool, seated: str | None) -> None:
    world.ensure_table()
    before = world.snapshot()
    tables_before = {table.token for table in world.store.tables()}
    client, response, flashes = send(world, sent, as_host, seated)
    status = response.status_code
    assert status < 500, f"{sent.method} {sent.path}: {status}\n{response.get_data(as_text=True)[:2000]}"
    message = error_message(response, flashes)
    if message is not None:
        assert message.strip(), f"{sent.method} {sent.path}: error {status} without a message"
        assert world.snapshot() == before, f"{sent.method} {sent.path}: error {status} ({message}) changed the database"
    if status in (301, 302, 303):
        location = response.headers["Location"]
        assert re.match(r"^/(?![/\\])", location) or location.startswith("http://localhost/"), location
    # Whatever happened, every table's state is its replayed log, and its pages render.
    for table in world.store.tables():
        assert world.store.state(table.token)[1] == world.store.replayed_state(table.token), table.name
    if status < 400 and message is None:
        changed = [t for t in world.store.tables() if t.token not in tables_before or t.token == world.token]
        for table in changed:
            for path in (f"/t/{table.token}/display", f"/t/{table.token}/history", f"/t/{table.token}"):
                page = client.get(path)
                assert page.status_code == 200, (path, page.status_code)
            if table.token not in tables_before:  # a new table (created, imported) takes a seat
                role = table.rules.roles()[0].id
                joined = client.post(f"/api/tables/{table.token}/seats", json={"name": "Probe", "role": role})
                assert joined.status_code in (201, 400), joined.get_data(as_text=True)
                if joined.status_code == 201:
                    page = client.get(f"/t/{table.token}", headers={"X-Seat-Key": joined.get_json()["key"]})
                    assert page.status_code == 200, page.status_code


@pytest.mark.parametrize("method, rule", ROUTES, ids=[f"{m} {r}" for m, r in ROUTES])
def test_fuzzed_requests_never_fail_the_server_or_change_anything_when_refused(world, method, rule):
    @FUZZ
    @given(data=st.data(), as_host=st.booleans(), seated=st.sampled_from([None, "s1", "s2"]))
    def fuzz(data, as_host, seated):
        world.ensure_table()
        sent = data.draw(requests_to(method, rule, world))
        check(world, sent, as_host, seated)

    fuzz()


def test_every_state_changing_page_and_api_route_is_fuzzed():
    """The pages and API the product documents are all in the URL map the
    fuzzing reads (a renamed route would otherwise drop out silently)."""
    rules = {rule for _, rule in ROUTES}
    expected = {"/tables", "/import", "/join", "/lang", "/t/<token>/seats", "/t/<token>/act", "/t/<token>/undo",
                "/t/<token>/seats/<seat_id>/handover", "/t/<token>/delete", "/t/<token>/leave",
                "/api/tables", "/api/tables/import", "/api/tables/<token>/seats",
                "/api/tables/<token>/seats/<seat_id>/takeover", "/api/tables/<token>/actions",
                "/api/tables/<token>/undo", "/api/tables/<token>"}
    assert expected <= rules, expected - rules
    assert ("DELETE", "/api/tables/<token>") in ROUTES


@pytest.mark.parametrize("target", OFF_SITE + ["/\n/evil.example", "/\r\n/evil.example", "/\x00/evil.example"])
def test_the_language_switch_stays_on_this_site(world, target):
    sent = Sent("POST", "/lang", {"data": {"lang": "ja", "next": target, "csrf_token": CSRF}}, htmx=False)
    _, response, _ = send(world, sent, as_host=False, seated=None)
    assert response.status_code == 302
    assert response.headers["Location"] == "/"


@pytest.mark.parametrize("path", ["/api/tables/import", "/import"])
def test_a_damaged_export_is_refused_with_a_message_or_imported_as_a_working_table(world, path):
    """Imports get a test of their own: an export has many more places to
    damage than a form has fields, and each must be caught."""
    @settings(FUZZ, max_examples=60)
    @given(data=st.data())
    def fuzz(data):
        world.ensure_table()
        export = mutated(world.export() if data.draw(st.booleans()) else world.fresh_export(), data.draw)
        if isinstance(export, dict) and data.draw(st.booleans()):
            export.pop("state", None)  # optional; without it nothing cross-checks the replay
        if path.startswith("/api/"):
            sent = Sent("POST", path, {"data": json.dumps(export), "content_type": "application/json"}, htmx=False)
        else:
            upload = (io.BytesIO(json.dumps(export).encode()), "table.json")
            sent = Sent("POST", path, {"data": {"csrf_token": CSRF, "file": upload}}, htmx=False)
        check(world, sent, as_host=True, seated=None)

    fuzz()


def damaged(export: dict, change) -> dict:
    export = copy.deepcopy(export)
    export.pop("state")
    change(export)
    return export


# What the fuzzing found, kept as plain cases so they are checked on every run.
@pytest.mark.parametrize("change", [
    lambda e: e["initial"].update(tracks=5),
    lambda e: e["initial"]["tracks"][0].update(max="abc"),
    lambda e: e["initial"]["tracks"][0].update(value=99),
    lambda e: e["initial"].update(counters=[{"id": "c1"}]),
    lambda e: e["initial"].update(values={"s1": {"c1": 1}}),
    lambda e: e["initial"]["tracks"][0].update(name=DEEPLY_NESTED),
    lambda e: e["actions"].append({"type": "seat.takeover", "payload": {"id": ["s1"]}}),
    lambda e: e["actions"].append({"type": "undo", "payload": {"seq": "1"}}),
    lambda e: e["actions"].append({"type": "track.adjust", "payload": {"track": "t1", "delta": 1}, "time": "noon"}),
    lambda e: e["actions"].append({"type": "track.adjust", "payload": {"track": "t1", "delta": 1}, "time": 1e300}),
], ids=["tracks not a list", "max not a number", "value out of range", "counter without a range",
        "values for a seat nobody joined", "nested too deep", "takeover of no seat", "undo of no step",
        "time not a number", "time past any calendar"])
def test_an_import_with_a_state_the_game_cannot_be_in_is_refused(world, change):
    sent = Sent("POST", "/api/tables/import", {"data": json.dumps(damaged(world.fresh_export(), change)),
                                                "content_type": "application/json"}, htmx=False)
    before = world.snapshot()
    _, response, _ = send(world, sent, as_host=True, seated=None)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.get_json()["error"] == "This export is damaged and can't be imported."
    assert world.snapshot() == before


def test_a_fresh_export_without_its_state_still_imports(world):
    sent = Sent("POST", "/api/tables/import", {"data": json.dumps(damaged(world.fresh_export(), lambda e: None)),
                                                "content_type": "application/json"}, htmx=False)
    _, response, _ = send(world, sent, as_host=True, seated=None)
    assert response.status_code == 201, response.get_data(as_text=True)
