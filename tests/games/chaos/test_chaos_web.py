"""The Chaos table on the web: pages render for seats and the display in
every phase of a round, forms drive it, the JSON API reaches every action."""

import pytest

from chaos_play import round_of
from companion.games.chaos import old_world
from companion.web import create_app

LAN = {"REMOTE_ADDR": "192.168.1.20"}


@pytest.fixture
def app(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "c.sqlite3"), "TESTING": True})
    yield app
    app.extensions["companion.store"].close()


@pytest.fixture
def table(app):
    """A 4-player table, Khorne and Nurgle seated through the API."""
    client = app.test_client()
    made = client.post("/api/tables", json={"game": "chaos-old-world", "name": "Chaos", "options": {"players": "4"}})
    assert made.status_code == 201, made.get_data(as_text=True)
    token = made.get_json()["token"]
    keys = {}
    for name, god in (("Kim", "khorne"), ("Nia", "nurgle")):
        joined = client.post(f"/api/tables/{token}/seats", json={"name": name, "role": god}, environ_base=LAN)
        assert joined.status_code == 201
        keys[god] = joined.get_json()["key"]
    return token, keys


def act(app, table, phone, type, **payload):
    """`phone`: the god whose seated phone sends it."""
    token, keys = table
    response = app.test_client().post(f"/api/tables/{token}/actions", json={"type": type, "payload": payload},
                                      headers={"X-Seat-Key": keys[phone]}, environ_base=LAN)
    return response


def ok(response):
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def display(app, table):
    page = app.test_client().get(f"/t/{table[0]}/display")
    assert page.status_code == 200
    return page.get_data(as_text=True)


def test_a_round_through_the_api_with_pages_rendering_at_every_phase(app, table):
    assert "Set-up" in display(app, table)
    ok(act(app, table, "khorne", "setup.tokens", draw=True))
    ok(act(app, table, "khorne", "setup.start"))
    assert "Old World phase" in display(app, table)
    ok(act(app, table, "nurgle", "old_world.card"))  # the server draws it from the Old World deck
    state = app.test_client().get(f"/api/tables/{table[0]}/state").get_json()["state"]
    assert state["report"]["old_world"]["by"] == "nurgle" and state["old_world"]["left"] == 6
    for entry in [p for p in state["pending"] if p["kind"] in ("old_world", "events")]:
        # The first places the card allows (a card may name its regions or pairs of them).
        ok(act(app, table, "nurgle", "old_world.place",
               regions={region: True for region in old_world.choices(state, entry)[0]}))
    ok(act(app, table, "khorne", "phase.next"))
    for god in ("khorne", "nurgle", "tzeentch", "slaanesh"):
        by_khorne = god in ("tzeentch", "slaanesh")
        ok(act(app, table, "khorne" if by_khorne else god, "draw", **({"god": god} if by_khorne else {})))
    ok(act(app, table, "khorne", "summon", unit="warrior", region="kislev"))
    ok(act(app, table, "nurgle", "summon", unit="cultist", region="kislev"))
    assert "Summoning phase" in display(app, table)
    ok(act(app, table, "khorne", "summoning.pass", god="tzeentch"))
    ok(act(app, table, "khorne", "summoning.pass", god="slaanesh"))
    ok(act(app, table, "khorne", "summoning.pass"))
    ok(act(app, table, "nurgle", "summoning.pass"))
    # The display says whose battle it is; the phones show the chances (the battle card).
    assert "Battle in Kislev: Khorne rolls." in display(app, table)
    ok(act(app, table, "khorne", "battle.roll", faces="4 1"))
    ok(act(app, table, "khorne", "battle.assign", assignments=[{"owner": "nurgle", "unit": "cultist", "hits": 1}]))
    ok(act(app, table, "nurgle", "corruption.resolve"))
    assert "End phase" in display(app, table)
    ok(act(app, table, "nurgle", "end.score"))
    state = app.test_client().get(f"/api/tables/{table[0]}/state").get_json()["state"]
    assert round_of(state) == 2 and state["gods"]["khorne"]["vp"] == 4


def test_a_refused_action_names_its_field_over_the_api(app, table):
    response = act(app, table, "khorne", "summon", unit="warrior", region="kislev")
    assert response.status_code == 422 or response.status_code == 400
    assert response.get_json() == {"error": "Not now: this is the set-up.", "field": "type"}


def test_seat_pages_render_with_controls(app, table):
    client = app.test_client()
    token, keys = table
    ok(act(app, table, "khorne", "setup.tokens", draw=True))
    ok(act(app, table, "khorne", "setup.start"))
    # A phone with its key in a cookie: join through the page instead.
    phone = app.test_client()
    phone.environ_base.update(LAN)
    page = phone.get(f"/t/{token}")
    assert page.status_code == 200
    assert client.get(f"/t/{token}/display").status_code == 200


def test_every_action_is_in_the_generated_api_doc():
    from pathlib import Path

    from companion.games.chaos.actions import SPECS

    doc = (Path(__file__).resolve().parents[3] / "docs" / "api.md").read_text(encoding="utf-8")
    assert "`chaos-old-world`" in doc
    for spec in SPECS:
        assert f"| `{spec.type}` |" in doc


@pytest.mark.parametrize("language, expected", [("zh-CN", "恐虐"), ("ja", "コーン")])
def test_the_pages_speak_the_readers_language(app, table, language, expected):
    ok(act(app, table, "khorne", "setup.tokens", draw=True))
    ok(act(app, table, "khorne", "setup.start"))
    page = app.test_client().get(f"/t/{table[0]}/display", headers={"Accept-Language": language})
    assert expected in page.get_data(as_text=True)


def place_old_world_tokens(store, token, seats):
    """Place what the drawn Old World card asks for, in the first regions it may go."""
    while True:
        state = store.state(token)[1]
        entry = next((p for p in state["pending"] if p["kind"] in ("old_world", "events")), None)
        if entry is None:
            return
        regions = [rid for rid, region in state["regions"].items() if not region["ruined"]][:entry.get("choose", 1)]
        seat = seats.get(entry["god"], seats["khorne"])
        payload = {"regions": {rid: True for rid in regions}}
        if entry["god"] not in seats:
            payload["god"] = entry["god"]
        store.act(token, seat, "old_world.place", payload)


def test_undoing_a_roll_and_rolling_again_gives_the_same_dice(app, table):
    store = app.extensions["companion.store"]
    token = table[0]
    seats = {seat.role: seat.id for seat in store.seats(token).values()}
    k, n = seats["khorne"], seats["nurgle"]
    for seat, type, payload in [
        (k, "setup.tokens", {"draw": True}), (k, "setup.start", {}), (n, "old_world.card", {}),
        (None, "place", {}), (k, "phase.next", {}), (k, "draw", {}), (n, "draw", {}), (k, "draw", {"god": "tzeentch"}),
        (k, "draw", {"god": "slaanesh"}), (k, "summon", {"unit": "greater_daemon", "region": "kislev"}),
        (n, "summon", {"unit": "warrior", "region": "kislev"}), (k, "summoning.pass", {"god": "tzeentch"}),
        (k, "summoning.pass", {"god": "slaanesh"}), (k, "summoning.pass", {}), (n, "summoning.pass", {}),
    ]:
        if type == "place":  # the tokens the Old World card drawn asks the drawer to place
            place_old_world_tokens(store, token, seats)
            continue
        store.act(token, seat, type, payload)
    store.act(token, k, "battle.roll", {})
    first = store.state(token)[1]["battle"]["roll"]
    store.undo(token, k)
    assert store.state(token)[1]["battle"]["roll"] is None
    store.act(token, k, "battle.roll", {})
    assert store.state(token)[1]["battle"]["roll"] == first


def test_the_shared_regions_are_what_each_seat_would_have_seen(app, table):
    """Chaos renders status, the gods' cards, board and report once for every
    seat (Rules.shared_regions); each is the same HTML as a render for that seat."""
    from companion.web import render

    ok(act(app, table, "khorne", "setup.tokens", draw=True))
    ok(act(app, table, "khorne", "setup.start"))
    store = app.extensions["companion.store"]
    chaos = store.table(table[0])
    assert chaos.rules.shared_regions == {"status", "gods", "board", "report"}
    version, state = store.state(table[0])
    with app.test_request_context():
        for seat in store.seats(table[0]).values():
            own = render.context(chaos, seat, False, version, state)
            app.update_template_context(own)
            shared = render.regions(chaos, seat, False, known_version=version)[1]
            for name in chaos.rules.shared_regions:
                assert shared[name] == render.render_region(f"games/chaos/{name}.html", own), name


def test_the_readers_own_god_is_marked_by_the_page_not_the_gods_cards(app, table):
    """The gods' cards are one render for every phone; the seat page says whose
    it is (data-role) and the game's styles mark that god's card."""
    ok(act(app, table, "khorne", "setup.tokens", draw=True))
    ok(act(app, table, "khorne", "setup.start"))
    token, keys = table
    pages = {god: app.test_client().get(f"/t/{token}", headers={"X-Seat-Key": key}, environ_base=LAN)
             for god, key in keys.items()}
    assert all(page.status_code == 200 for page in pages.values())
    khorne, nurgle = (pages[god].get_data(as_text=True) for god in ("khorne", "nurgle"))
    assert 'class="live-page" data-role="khorne"' in khorne and 'class="live-page" data-role="nurgle"' in nurgle
    cards = [page[page.index('<ul class="scoreboard gods">'):].split("</ul>")[0] for page in (khorne, nurgle)]
    assert cards[0] == cards[1] and 'data-god="khorne"' in cards[0] and 'data-god="nurgle"' in cards[0]
    css = app.test_client().get("/games/chaos/static/game.css")
    rule = '.live-page[data-role="khorne"] .scoreboard.gods li[data-god="khorne"]'
    assert css.status_code == 200 and rule in css.get_data(as_text=True)
