"""The Gloomhaven map through the pages: laid out by taps (the actions the
map's script sends), drawn on every phone and the table display; a monster's
turn shown to everyone and followed, offering its attack."""

from __future__ import annotations

import html
import json
import re

import pytest

from companion.web import create_app
from test_web_gloomhaven import ann, bo, create_gloomhaven, gh_table, ok, started  # noqa: F401 (fixtures)
from web_support import seat_key


def laid(ann, hexes):
    ok(ann.act("map.hexes", hexes=json.dumps(hexes), on="true"))


@pytest.fixture
def mapped(started, ann, bo):
    ok(ann.act("initiative.choose", initiative="10", second="40"))
    ok(bo.act("initiative.choose", initiative="60", second="20"))
    laid(ann, [[q, r] for q in range(6) for r in range(-3, 3)])
    ok(ann.act("map.place", figure=ann.seat_id, q="0", r="0"))
    return started


def test_the_map_region_is_drawn_on_every_phone_and_the_display(mapped, ann, bo, host):
    for page in (ann.page(f"/t/{mapped}"), bo.page(f"/t/{mapped}"), host.page(f"/t/{mapped}/display")):
        assert 'id="gh-map"' in page
        assert page.count('class="gh-hex"') == 36
        assert page.count('<g class="gh-figure k-character') == 1
    assert "map.js" in ann.page(f"/t/{mapped}") and 'data-figure="%s"' % ann.seat_id in ann.page(f"/t/{mapped}")
    display = host.page(f"/t/{mapped}/display")
    # Nobody taps the display: no editing, no tap hooks (a 360 px display's hexes aren't targets).
    assert "gh-blank" not in display and "map.js" not in display and "data-figure" not in display
    assert "data-q" not in display


def test_a_bad_map_action_is_refused_naming_the_field(mapped, ann):
    response = ann.act("map.wall", q="0", r="0", q2="3", r2="0")
    assert response.status_code == 422
    assert "neighbouring" in response.get_data(as_text=True)
    assert ann.act("map.hexes", hexes="not json").status_code == 422


def test_a_monster_turn_is_shown_to_everyone_and_done_with_one_tap(mapped, ann, bo, store):
    state = store.state(mapped)[1]
    standee = state["standees"][0]["id"]
    ok(ann.act("map.place", figure=standee, q="4", r="-2"))
    ok(bo.act("map.show", standee=standee))
    for phone in (ann, bo):
        page = phone.page(f"/t/{mapped}")
        assert 'class="gh-option"' in page and "gh-path" in page
        # Why it does what it does (the drawn card decides which: a focus, or a card with no move)
        assert "Focus " in page or "Does not move." in page
    plan = store.state(mapped)[1]["map"]["plan"]
    assert plan["standee"] == standee
    # The whole card is worked out and done with one tap ("Do it"), the form the page offers.
    page = ann.page(f"/t/{mapped}")
    form = re.search(r'name="standee" value="%s"><input type="hidden" name="option" value="(\d+)">'
                     % re.escape(standee), page)
    ok(ann.act("map.do", standee=standee, option=form.group(1)))
    after = store.state(mapped)[1]["map"]
    assert after["plan"]["done"]["option"] == int(form.group(1))
    assert standee in after["at"]  # still on the map, where its move took it
    assert "Done." in ann.page(f"/t/{mapped}")


def test_the_solver_sentences_are_in_the_readers_language(mapped, ann, store):
    standee = store.state(mapped)[1]["standees"][0]["id"]
    ok(ann.act("map.place", figure=standee, q="4", r="-2"))
    ok(ann.act("map.show", standee=standee))
    page = ann.client.get(f"/t/{mapped}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "フォーカス" in page and "Focus " not in page
    assert "マップ" in page


def test_the_maps_text_alternative_says_who_is_where_and_their_hit_points(mapped, ann, bo, host, store):
    """Not "Map: 36 hexes, 1 figure": each figure, its hex, its hit points and
    conditions, and the figures next to it (issue 18)."""
    guard = next(s for s in store.state(mapped)[1]["standees"] if s["monster"] == "bandit-guard")
    ok(ann.act("map.place", figure=guard["id"], q="1", r="0"))
    ok(ann.act("standee.adjust", standee=guard["id"], **{"delta:int": "-2"}))
    ok(ann.act("standee.condition", standee=guard["id"], condition="poison"))
    for page in (ann.page(f"/t/{mapped}"), host.page(f"/t/{mapped}/display")):
        says = page[page.index('id="gh-map-says"'):]
        says = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", says[:says.index("</div>")])))
        assert 'aria-labelledby="gh-map-says"' in page and "hexes, " not in says
        assert "Brute on hex 0, 0: 10 of 10 hit points; next to Bandit Guard" in says, says
        hp = guard["max_hp"] - 2
        assert f"Bandit Guard {guard['number']} on hex 1, 0: {hp} of {guard['max_hp']} hit points, Poison; " \
               "next to Ann's Brute" in says, says


def test_a_trap_laid_with_its_effects_as_the_script_sends_them_says_them_on_its_hex(mapped, ann, store):
    """The trap tool's boxes (damage, conditions) go with the tap, as map.js
    sends them; the hex's title says what the trap does."""
    page = ann.page(f"/t/{mapped}")
    assert 'class="gh-trap-effects"' in page and 'name="trap_condition" value="stun"' in page
    ok(ann.act("map.terrain", q="2", r="0", terrain="trap", trap_damage="false", trap_conditions="stun poison"))
    assert store.state(mapped)[1]["map"]["traps"] == {"2,0": {"damage": False, "conditions": ["poison", "stun"]}}
    title = re.search(r'data-q="2" data-r="0" data-terrain="trap"[^>]*><title>([^<]*)</title>',
                      ann.page(f"/t/{mapped}")).group(1)
    assert "Poison" in title and "Stun" in title and "damage" not in title


@pytest.fixture
def layer_draws(app):
    """Each time a page draws the map's hex layer (not taking the one kept):
    whether it was a seat's (editing) layer."""
    draws = []
    kept = app.jinja_env.globals["gh_map_layer"]

    def watched(drawn, editing, draw):
        return kept(drawn, editing, lambda drawn, editing: draws.append(bool(editing)) or draw(drawn, editing))

    app.jinja_env.globals["gh_map_layer"] = watched
    return draws


def svg(page: str) -> str:
    return re.search(r'<svg class="gh-map-svg".*?</svg>', page, re.S).group(0)


def fresh_page(app, token: str, key: str | None, language: str = "en") -> str:
    """A seat's page (the display's without a key) as another app on the same
    database draws it: with nothing kept."""
    other = create_app({"DATABASE": app.config["DATABASE"], "TESTING": True})
    try:
        client = other.test_client()
        client.environ_base["REMOTE_ADDR"] = "192.168.1.30"
        path = f"/t/{token}" if key else f"/t/{token}/display"
        headers = {"Accept-Language": language, **({"X-Seat-Key": key} if key else {})}
        response = client.get(path, headers=headers)
        assert response.status_code == 200
        return response.get_data(as_text=True)
    finally:
        other.extensions["companion.store"].close()


def fresh_svg(app, token: str, key: str | None, language: str = "en") -> str:
    return svg(fresh_page(app, token, key, language))


def test_the_maps_hex_layer_is_drawn_once_per_layout_and_again_when_it_changes(layer_draws, mapped, app, ann,
                                                                               bo, host, store):
    """Figures moving and hit points changing leave the hexes as they were: the
    layer is kept (one for the phones, one for the display, per language).
    A hex laid, a terrain, a trap's effects or a wall changed, or another
    language, draws it again, as a server with nothing kept draws it."""
    key = seat_key(ann, mapped)
    ann.page(f"/t/{mapped}")
    host.page(f"/t/{mapped}/display")
    assert set(layer_draws) == {True, False}
    drawn = len(layer_draws)
    standee = store.state(mapped)[1]["standees"][0]
    ok(bo.act("map.place", figure=standee["id"], q="3", r="0"))
    ok(ann.act("standee.adjust", standee=standee["id"], **{"delta:int": "-1"}))
    for page in (ann.page(f"/t/{mapped}"), bo.page(f"/t/{mapped}"), host.page(f"/t/{mapped}/display")):
        assert f'cx="{3 * 30:.1f}"' in svg(page)  # the standee on its hex, drawn on the kept layer
    assert len(layer_draws) == drawn
    changes = [("map.hexes", {"hexes": json.dumps([[6, 0]]), "on": "true"}),
               ("map.terrain", {"q": "2", "r": "0", "terrain": "obstacle"}),
               ("map.terrain", {"q": "2", "r": "0", "terrain": "trap", "trap_conditions": "poison"}),
               ("map.terrain", {"q": "2", "r": "0", "terrain": "trap", "trap_conditions": "stun",
                                "trap_damage": "false"}),
               ("map.wall", {"q": "4", "r": "0", "q2": "5", "r2": "0"})]
    for kind, fields in changes:
        drawn = len(layer_draws)
        ok(ann.act(kind, **fields))
        page, display = ann.page(f"/t/{mapped}"), host.page(f"/t/{mapped}/display")
        assert layer_draws[drawn:] == [True, False], kind
        assert svg(page) == fresh_svg(app, mapped, key) and svg(display) == fresh_svg(app, mapped, None)
    assert "gh-wall" in svg(page) and "Stun [2, 0]" in svg(page)
    drawn = len(layer_draws)
    page = ann.client.get(f"/t/{mapped}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert layer_draws[drawn:] == [True]
    assert svg(page) == fresh_svg(app, mapped, key, "ja") and "気絶 [2, 0]" in svg(page)


@pytest.fixture
def kept_draws(app):
    """Each piece a page draws through `kept` (not taking the one kept): what it is."""
    draws = []
    pieces = app.extensions["companion.kept"]
    get = pieces.get

    def watched(key, compute):
        return get(key, lambda: draws.append(key[0]) or compute())

    pieces.get = watched
    return draws


def toggles(page: str) -> list[str]:
    """Each standee's condition toggles on a seat's page."""
    return [t for t in re.findall(r'<div class="toggles">.*?</div>', page, re.S) if 'name="standee"' in t]


def test_a_standees_condition_toggles_are_drawn_again_only_when_its_conditions_change(kept_draws, mapped, app,
                                                                                      ann, store):
    standees = store.state(mapped)[1]["standees"]
    first = ann.page(f"/t/{mapped}")
    assert len(toggles(first)) == len(standees) >= 2
    drawn = len(kept_draws)
    ok(ann.act("standee.adjust", standee=standees[0]["id"], **{"delta:int": "-1"}))
    assert toggles(ann.page(f"/t/{mapped}")) == toggles(first)
    # The standee whose hit points changed is drawn again, its toggles are not.
    assert kept_draws[drawn:] == ["standee"]
    drawn = len(kept_draws)
    ok(ann.act("standee.condition", standee=standees[1]["id"], condition="poison"))
    page = ann.page(f"/t/{mapped}")
    assert kept_draws[drawn:] == ["standee", "condition toggles"]
    poisoned = next(t for t in toggles(page) if f'value="{standees[1]["id"]}"' in t)
    assert 'aria-pressed="true">Poison</button>' in poisoned
    assert toggles(page) == toggles(fresh_page(app, mapped, seat_key(ann, mapped)))


def status_card(page: str) -> str:
    start = page.index('<div class="card gh-status">')
    return page[start:page.index("</div>\n\n", start)]


def test_the_status_card_is_drawn_once_for_every_phone_until_what_it_shows_changes(kept_draws, mapped, app, ann,
                                                                                    bo, store):
    first = ann.page(f"/t/{mapped}")
    drawn = len(kept_draws)
    standee = store.state(mapped)[1]["standees"][0]["id"]
    ok(bo.act("standee.adjust", standee=standee, **{"delta:int": "-1"}))
    assert status_card(ann.page(f"/t/{mapped}")) == status_card(bo.page(f"/t/{mapped}")) == status_card(first)
    assert "status card" not in kept_draws[drawn:]
    ok(ann.act("scenario.end", outcome="success"))
    page = ann.page(f"/t/{mapped}")
    assert kept_draws[drawn:].count("status card") == 1 and "Scenario over" in status_card(page)
    assert status_card(page) == status_card(fresh_page(app, mapped, seat_key(ann, mapped)))


def map_tools(page: str) -> str:
    start = page.index('<fieldset class="gh-tools"')
    return page[start:page.index("</p>", start)]


def test_the_map_tools_are_drawn_once_per_language(kept_draws, mapped, app, ann, bo):
    ann.page(f"/t/{mapped}")
    drawn = len(kept_draws)
    ok(bo.act("map.terrain", q="1", r="1", terrain="obstacle"))
    english = ann.page(f"/t/{mapped}")
    japanese = ann.client.get(f"/t/{mapped}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert kept_draws[drawn:].count("map tools") == 1  # the Japanese ones
    assert map_tools(english) == map_tools(fresh_page(app, mapped, seat_key(ann, mapped)))
    assert map_tools(japanese) == map_tools(fresh_page(app, mapped, seat_key(ann, mapped), "ja")) != map_tools(english)


def monster_stats(page: str) -> list[str]:
    return re.findall(r'<div class="gh-stats">.*?</div>\n  </div>', page, re.S)


def test_a_monster_types_stats_are_drawn_once_per_language_while_they_stay(kept_draws, mapped, app, ann, bo, store):
    first = ann.page(f"/t/{mapped}")
    drawn = len(kept_draws)
    ok(bo.act("standee.adjust", standee=store.state(mapped)[1]["standees"][0]["id"], **{"delta:int": "-1"}))
    assert monster_stats(ann.page(f"/t/{mapped}")) == monster_stats(first) != []
    assert "monster stats" not in kept_draws[drawn:]
    japanese = ann.client.get(f"/t/{mapped}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "monster stats" in kept_draws[drawn:]
    assert monster_stats(japanese) == monster_stats(fresh_page(app, mapped, seat_key(ann, mapped), "ja"))
