"""The Cthulhu Wars table on the pages and the JSON API."""

from companion.games.cthulhu_wars.view import round_fields
from cthulhu_web_support import create_cthulhu_table
from web_support import join_seat


def test_a_table_is_created_from_the_home_page_and_its_pages_render(table, cthulhu, chaos, goat, host):
    page = cthulhu.page(f"/t/{table}")
    assert "Gather power for everyone" in page
    assert cthulhu.act("power.gather").status_code == 200
    page = cthulhu.page(f"/t/{table}")
    assert "Counter-clockwise" in page  # Great Cthulhu chooses the direction
    assert "<li>6 cultists</li><li>1 gate × 2</li>" in page
    assert host.page(f"/t/{table}/display")


def test_a_refused_action_says_why_and_changes_nothing(table, cthulhu, chaos, goat):
    response = chaos.act("ritual.perform")
    assert response.status_code == 422
    assert "Not now" in response.get_data(as_text=True)


def test_the_page_speaks_chinese_and_japanese(table, cthulhu, chaos, goat):
    cthulhu.act("power.gather")
    chinese = cthulhu.get(f"/t/{table}", headers={"Accept-Language": "zh-CN"}).get_data(as_text=True)
    assert "邪能" in chinese and "伟大的克苏鲁" in chinese and "6 个邪教徒" in chinese
    japanese = cthulhu.get(f"/t/{table}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "時計回り" in japanese and "大いなるクトゥルフ" in japanese


def test_a_tool_plays_through_the_json_api(host):
    client = host.client
    # A table that counts by hand, as every table did before the board (new tables keep the board by default).
    options = {"seat_1": "great_cthulhu", "seat_2": "black_goat", "seat_3": "yellow_sign", "board": "counts"}
    created = client.post("/api/tables", json={"game": "cthulhu-wars", "name": "Bot night", "options": options})
    assert created.status_code == 201, created.get_json()
    token = created.get_json()["token"]
    keys = {}
    for name, role in (("Gina", "great_cthulhu"), ("Bea", "black_goat"), ("Yan", "yellow_sign")):
        joined = client.post(f"/api/tables/{token}/seats", json={"name": name, "role": role})
        keys[role] = {"X-Seat-Key": joined.get_json()["key"]}

    def act(role, kind, **payload):
        return client.post(f"/api/tables/{token}/actions", json={"type": kind, "payload": payload}, headers=keys[role])

    assert act("black_goat", "power.gather").status_code == 200
    assert act("great_cthulhu", "direction.choose", direction="clockwise").status_code == 200
    assert act("great_cthulhu", "move", units=2).status_code == 200
    refused = act("great_cthulhu", "recruit")
    assert refused.status_code == 400 and refused.get_json()["error"]
    refused = act("great_cthulhu", "move", units="two")
    assert refused.status_code == 400 and refused.get_json()["field"] == "units"
    state = client.get(f"/api/tables/{token}/state", headers=keys["black_goat"]).get_json()["state"]
    assert state["factions"]["great_cthulhu"]["power"] == 6 and state["phase"] == "action"
    assert state["show"]["power"][0]["worked"]["lines"][0] == ["%(n)d cultists", {"n": 6}]


def test_a_unique_actions_die_shows_on_every_page(host, new_phone):
    token = create_cthulhu_table(host, ("yellow_sign", "black_goat"))
    ys = join_seat(new_phone(), token, "Yan", role="yellow_sign")
    join_seat(new_phone(), token, "Bea", role="black_goat")
    store = host.client.application.extensions["companion.store"]
    seat = {s.role: s.id for s in store.seats(token).values()}
    store.act(token, seat["black_goat"], "setup.gates", {"areas": ["north_atlantic", "antarctica"]})
    store.act(token, seat["yellow_sign"], "setup.starts",
              {"starts": {"yellow_sign": "south_america", "black_goat": "australia"}})
    store.act(token, seat["yellow_sign"], "power.gather", {})
    # Without Great Cthulhu, Black Goat goes first in round one (B before Y).
    store.act(token, seat["black_goat"], "direction.choose", {"direction": "clockwise"})
    store.act(token, seat["black_goat"], "pass", {})
    store.act(token, seat["yellow_sign"], "great_old_one.set", {"great_old_one": "king_in_yellow", "where": "map"})
    assert ys.act("unique", name="desecrate", units_there="2", area="south_america").status_code == 200
    die = store.state(token)[1]["last_roll"]["die"]
    assert f"Desecrate: the die shows {die}." in host.page(f"/t/{token}/display")


def test_every_page_renders_through_a_whole_short_game(host, new_phone):
    """A two-player game from set-up to the result, every page after every step."""
    token = create_cthulhu_table(host, ("great_cthulhu", "crawling_chaos"))
    gc = join_seat(new_phone(), token, "Gina", role="great_cthulhu")
    cc = join_seat(new_phone(), token, "Carl", role="crawling_chaos")
    store = host.client.application.extensions["companion.store"]
    seat = {s.role: s.id for s in store.seats(token).values()}

    def shown():  # the round as the pages read it (round, phase, step, turn, order, ...)
        return round_fields(store.state(token)[1])

    steps = [
        ("crawling_chaos", "setup.gates", {"areas": ["north_atlantic", "south_pacific"]}),
        ("great_cthulhu", "setup.starts",
         {"starts": {"great_cthulhu": "south_pacific", "crawling_chaos": "north_atlantic"}}),
        ("great_cthulhu", "power.gather", {}),
        ("great_cthulhu", "direction.choose", {"direction": "counterclockwise"}),
        ("great_cthulhu", "great_old_one.set", {"great_old_one": "cthulhu", "where": "map"}),
        ("great_cthulhu", "battle.declare", {"defender": "crawling_chaos", "area": "north_atlantic",
                                             "attacker_units": {"cthulhu": 1}, "defender_units": {"cultist": 3}}),
        ("crawling_chaos", "battle.roll", {}),
        ("great_cthulhu", "turn.end", {}),
        ("crawling_chaos", "pass", {}),
        ("great_cthulhu", "pass", {}),
        ("great_cthulhu", "power.gather", {}),
    ]
    for role, kind, payload in steps:
        store.act(token, seat[role], kind, payload)
        for browser in (gc, cc):
            assert browser.get(f"/t/{token}").status_code == 200, kind
        assert host.get(f"/t/{token}/display").status_code == 200
    state = shown()
    if state["step"] == "choose_first":
        store.act(token, seat[state["turn"]], "first_player.choose", {"faction": "great_cthulhu"})
    store.act(token, seat[shown()["turn"]], "direction.choose", {"direction": "clockwise"})
    for role in shown()["order"]:
        store.act(token, seat[role], "ritual.perform" if role == "great_cthulhu" else "ritual.skip", {})
    for role in shown()["order"]:
        store.act(token, seat[role], "events.done", {})
        assert gc.get(f"/t/{token}").status_code == 200
    store.act(token, seat["great_cthulhu"], "counts.adjust", {"count": "gates", "delta": 20})
    state = store.state(token)[1]
    store.act(token, seat["great_cthulhu"], "elder_signs.reveal",
              {"values": state["secrets"][seat["great_cthulhu"]]["elder_signs"]})
    # 21 gates: the next doom phase takes Great Cthulhu past 20, the two-player end.
    while shown()["phase"] == "action":
        store.act(token, seat[shown()["turn"]], "pass", {})
    store.act(token, seat["great_cthulhu"], "power.gather", {})
    state = shown()
    if state["step"] == "choose_first":
        store.act(token, seat[state["turn"]], "first_player.choose", {"faction": state["candidates"][0]})
    store.act(token, seat[shown()["turn"]], "direction.choose", {"direction": "clockwise"})
    for _ in range(2):
        store.act(token, seat[shown()["turn"]], "ritual.skip", {})
    for _ in range(2):
        store.act(token, seat[shown()["turn"]], "events.done", {})
    assert shown()["phase"] == "end"
    assert "Reveal all and settle" in gc.page(f"/t/{token}")
    store.act(token, seat["crawling_chaos"], "game.settle", {})
    assert "Winner:" in cc.page(f"/t/{token}") and "Great Cthulhu" in host.page(f"/t/{token}/display")
    assert host.get(f"/t/{token}/history").status_code == 200


def test_tapping_power_shows_the_seeds_worked_example(table, cthulhu, chaos, goat):
    chaos.act("counts.adjust", count="cultists", delta="-3")
    chaos.act("counts.adjust", count="gates", delta="1")
    chaos.act("counts.adjust", count="captives", delta="1")
    chaos.act("abandoned.set", value="1")
    chaos.act("power.gather")
    assert "<li>3 cultists</li><li>2 gates × 2</li><li>1 abandoned</li><li>1 captive</li>" in goat.page(f"/t/{table}")


def test_an_exported_game_imports_to_the_same_state_secrets_included(host, table, cthulhu, chaos, goat):
    cthulhu.act("spellbook.earn", requirement="gc_five_books", spellbook="dreams")
    cthulhu.act("power.gather")
    store = host.client.application.extensions["companion.store"]
    copy = store.import_table(store.export(table))
    assert store.state(copy.token)[1] == store.state(table)[1]
    assert store.replayed_state(copy.token) == store.state(table)[1]


def test_the_harbinger_is_offered_only_for_a_great_old_one_hit_beside_nyarlathotep(table, cthulhu, chaos, goat):
    cthulhu.act("power.gather")
    cthulhu.act("direction.choose", direction="clockwise")
    cthulhu.act("great_old_one.set", great_old_one="cthulhu", where="map")
    # Crawling Chaos is in the battle, Nyarlathotep is not: nothing to offer.
    cthulhu.act("battle.declare", defender="crawling_chaos", area="north_atlantic",
                **{"attacker_units.cthulhu": "1", "defender_units.cultist": "2"})
    cthulhu.act("battle.roll", attacker_faces="1 1 1 1 1 1", defender_faces="")
    assert "The Harbinger" not in chaos.page(f"/t/{table}")
    cthulhu.act("turn.end")
    chaos.act("great_old_one.set", great_old_one="nyarlathotep", where="map")
    chaos.act("spellbook.earn", requirement="cc_pay4", spellbook="abduct")
    chaos.act("turn.end")
    goat.act("pass")
    cthulhu.act("pass")
    # Nyarlathotep's 1 die pains the lone Cthulhu: the Harbinger is offered for him.
    chaos.act("battle.declare", defender="great_cthulhu", area="north_atlantic",
              **{"attacker_units.nyarlathotep": "1", "defender_units.cthulhu": "1"})
    chaos.act("battle.roll", attacker_faces="5", defender_faces="1 1 1 1 1 1")
    page = chaos.page(f"/t/{table}")
    assert "The Harbinger" in page and 'value="cthulhu"' in page and 'value="shub_niggurath"' not in page
