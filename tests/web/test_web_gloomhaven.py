"""The Gloomhaven table through the web: created from the home page, two
phones choose characters, start scenario 1 and play a round; every page and
fragment renders in the three languages."""

from __future__ import annotations

import html
import re

import pytest

from tests.harness import fix_seed
from web_support import Browser, join_seat, location_path

ACCEPT = {"en": "en", "zh_Hans": "zh-CN", "ja": "ja"}


def create_gloomhaven(host: Browser, scenario: int = 1, name: str = "Black Barrow") -> str:
    host.load_csrf("/")
    response = host.post("/tables", {"game": "gloomhaven", "name": name, "scenario": str(scenario),
                                      "difficulty": "normal"})
    assert response.status_code == 302, response.get_data(as_text=True)
    host.token = re.fullmatch(r"/t/([^/]+)/qr", location_path(response)).group(1)
    return host.token


@pytest.fixture
def gh_table(host) -> str:
    return create_gloomhaven(host)


@pytest.fixture
def ann(gh_table, new_phone) -> Browser:
    return join_seat(new_phone(), gh_table, "Ann")


@pytest.fixture
def bo(gh_table, new_phone) -> Browser:
    return join_seat(new_phone("192.168.1.21"), gh_table, "Bo")


def ok(response):
    assert response.status_code == 200, response.get_data(as_text=True)
    return response


@pytest.fixture
def started(gh_table, ann, bo) -> str:
    ok(ann.act("character.set", **{"class": "brute", "level": "1", "name": "Ann's Brute"}))
    ok(bo.act("character.set", **{"class": "spellweaver", "level": "1"}))
    ok(ann.act("scenario.start"))
    return gh_table


def test_a_gloomhaven_table_can_be_set_up_from_the_phones(gh_table, ann):
    page = ann.page(f"/t/{gh_table}")
    assert "Black Barrow" in page and 'name="class"' in page
    ok(ann.act("character.set", **{"class": "brute", "level": "3"}))
    page = ann.page(f"/t/{gh_table}")
    assert "Scenario level" in page


def test_a_round_is_played_through_the_pages(started, ann, bo):
    ok(ann.act("initiative.choose", initiative="12", second="40"))
    ok(bo.act("initiative.choose", long_rest="1"))
    page = ann.page(f"/t/{started}")
    assert "Turn order" in page and "End my turn" in page
    ok(ann.act("turn.next"))
    refused = bo.act("turn.next")
    assert refused.status_code in (200, 422)


def test_a_bad_value_is_refused_naming_the_field_and_never_a_500(started, ann):
    response = ann.act("initiative.choose", initiative="abc", second="3")
    assert response.status_code == 422
    response = ann.act("standee.adjust", standee="nope", delta="1")
    assert response.status_code == 422
    response = ann.act("room.reveal", room="[]")
    assert response.status_code == 422


@pytest.mark.parametrize("language", ["en", "zh_Hans", "ja"])
def test_every_region_renders_in_each_language(started, ann, bo, language):
    ok(ann.act("initiative.choose", initiative="12", second="40"))
    ok(bo.act("initiative.choose", initiative="30", second="40"))
    for phone in (ann, bo):
        response = phone.get(f"/t/{started}", headers={"Accept-Language": ACCEPT[language]})
        assert response.status_code == 200
    display = ann.get(f"/t/{started}/display", headers={"Accept-Language": ACCEPT[language]})
    assert display.status_code == 200


@pytest.mark.parametrize("language", ["zh_Hans", "ja"])
def test_the_home_page_preselects_normal_difficulty_in_every_language(host, language):
    page = host.get("/", headers={"Accept-Language": ACCEPT[language]}).get_data(as_text=True)
    assert re.search(r'<option value="normal" selected>', page)


def test_a_cards_area_of_effect_is_drawn_as_hexes(app):
    from companion.games.gloomhaven import abilities, catalog
    from companion.games.gloomhaven.view import _with_drawing
    stats = {"normal": {"attack": 2}, "elite": {"attack": 3}}
    card = abilities.resolve_card(catalog.deck("cultist")["cards"][0], stats)
    actions = [_with_drawing(a) for a in card["actions"]]
    with app.test_request_context("/"):
        module = app.jinja_env.get_template("games/gloomhaven/_gh.html").make_module({"act_url": "/"})
        html = "".join(str(module.card_action(a)) for a in actions)
    assert '<svg class="gh-area"' in html and html.count("<polygon") >= 2


def test_a_boss_cards_special_is_spelled_out(app):
    from companion.games.gloomhaven import abilities, catalog
    from companion.games.gloomhaven.view import _with_special
    boss = catalog.monster("bandit-commander")
    by_rank = {"boss": {"attack": 3, "move": 3}}
    specials = [[abilities.resolve_action(a, by_rank) for a in group] for group in boss["specials"]]
    card = next(c for c in catalog.deck(boss["deck"])["cards"] if any(a["kind"] == "special" for a in c["actions"]))
    actions = [_with_special(a, specials) for a in abilities.resolve_card(card, by_rank)["actions"]]
    with app.test_request_context("/"):
        module = app.jinja_env.get_template("games/gloomhaven/_gh.html").make_module({"act_url": "/"})
        html = "".join(str(module.card_action(a)) for a in actions)
    special = next(a for a in actions if a["kind"] == "special")
    assert f"Special {special['number']}" in html and special["then"]


def test_a_scenarios_objectives_show_their_hit_points_worked_out(host, new_phone):
    token = create_gloomhaven(host, scenario=22)
    ann = join_seat(new_phone(), token, "Ann")
    ok(ann.act("character.set", **{"class": "brute", "level": "4"}))
    page = ann.page(f"/t/{token}")
    # Altar: 4 + C×L with one character at level 2 (4 ÷ 2).
    assert "Altar" in page and ">6</span>" in page


def test_a_monster_attack_on_a_character_is_settled_with_one_tap_on_their_phone(started, ann, bo, store):
    # A fixed seed: the modifier this attack draws is known not to be the null
    # (one table in twenty would otherwise have no damage to settle).
    fix_seed(store, started, "settled with one tap")
    ok(ann.act("initiative.choose", initiative="95", second="40"))
    ok(bo.act("initiative.choose", initiative="97", second="20"))
    page = ann.page(f"/t/{started}")
    # The guards act first; their card may be the one without an attack (1 in 8),
    # but each standee's own attack form is there whatever the card.
    assert 'name="conditions"' in page
    standee = re.search(r'name="standee" value="([^"]+)"', page).group(1)
    seat = re.search(r'<option value="(s\d+)">Ann', page).group(1)
    ok(bo.act("monster.attack", standee=standee, target=seat, base="3", shield="0", conditions="wound",
              pierce="0", push="0", pull="0"))
    page = ann.page(f"/t/{started}")
    assert "Lose 1 card from hand instead" in page and "Take " in page
    entry = re.search(r'name="damage" value="(\d+)"', page).group(1)
    refused = bo.act("damage.resolve", damage=entry, how="suffer")
    assert refused.status_code == 422
    ok(ann.act("damage.resolve", damage=entry, how="hand"))
    page = bo.page(f"/t/{started}")
    assert "Lose 1 card from hand instead" not in page and "Wound" in page


@pytest.mark.parametrize("language", ["en", "zh_Hans", "ja"])
def test_the_objectives_on_the_map_show_their_hit_points_and_take_damage(host, new_phone, language):
    token = create_gloomhaven(host, scenario=29)
    ann = join_seat(new_phone(), token, "Ann")
    ok(ann.act("character.set", **{"class": "brute", "level": "1"}))
    ok(ann.act("scenario.start"))
    page = ann.get(f"/t/{token}", headers={"Accept-Language": ACCEPT[language]}).get_data(as_text=True)
    from companion.games.gloomhaven import names
    door = names.name("objectives", "Door", language)
    assert f"{door} 3" in page and 'value="objective.adjust"' in page
    assert language == "en" or "Door" not in page.split("<main", 1)[1]
    ok(ann.act("objective.adjust", objective="objective1", delta="-2"))
    assert re.search(r'<span class="value">3</span><span class="muted">/ 5</span>', ann.page(f"/t/{token}"))


@pytest.mark.parametrize("language", ["en", "zh_Hans", "ja"])
def test_the_special_rules_say_which_the_table_applies(host, new_phone, language):
    token = create_gloomhaven(host, scenario=31)
    ann = join_seat(new_phone(), token, "Ann")
    ok(ann.act("character.set", **{"class": "brute", "level": "1"}))
    ok(ann.act("scenario.start"))
    page = ann.get(f"/t/{token}", headers={"Accept-Language": ACCEPT[language]}).get_data(as_text=True)
    # Rule 2 (dark strong, light inert every round) and rule 1 (curses into the players' decks, which the
    # table keeps) are applied.
    assert re.search(r"✓</span> <span lang=\"en\">Every round: dark is strong", page)
    assert re.search(r"✓</span> <span lang=\"en\">Round 1: add 3 curse", page)


@pytest.mark.parametrize("language", ["zh_Hans", "ja"])
def test_monster_class_and_scenario_names_are_in_the_readers_language(host, new_phone, language):
    from companion.games.gloomhaven import names
    started = create_gloomhaven(host, name="Friday")  # a table name that is no scenario's
    ann, bo = join_seat(new_phone(), started, "Ann"), join_seat(new_phone("192.168.1.21"), started, "Bo")
    ok(ann.act("character.set", **{"class": "brute", "level": "1", "name": "Ann the Brute"}))
    ok(bo.act("character.set", **{"class": "spellweaver", "level": "1"}))
    ok(ann.act("scenario.start"))
    ok(ann.act("initiative.choose", initiative="12", second="40"))
    ok(bo.act("initiative.choose", initiative="30", second="40"))
    page = ann.get(f"/t/{started}", headers={"Accept-Language": ACCEPT[language]}).get_data(as_text=True)
    # Black Barrow's first room: bandit guards; Bo kept the Spellweaver's own name.
    for kind, key, english in (("scenarios", 1, "Black Barrow"), ("monsters", "bandit-guard", "Bandit Guard"),
                               ("classes", "spellweaver", "Spellweaver")):
        assert names.name(kind, key, language) in page
        assert english not in page
    assert "Ann the Brute" in page  # a player's own name stays as typed
    english_page = ann.get(f"/t/{started}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Black Barrow" in english_page and "Bandit Guard" in english_page


@pytest.mark.parametrize("language", ["zh_Hans", "ja"])
def test_the_class_list_and_the_home_pages_scenario_list_are_in_the_readers_language(gh_table, ann, host, language):
    from companion.games.gloomhaven import names
    page = ann.get(f"/t/{gh_table}", headers={"Accept-Language": ACCEPT[language]}).get_data(as_text=True)
    assert re.search(rf'<option value="tinkerer"\s*>{names.name("classes", "tinkerer", language)}</option>', page)
    home = host.get("/", headers={"Accept-Language": ACCEPT[language]}).get_data(as_text=True)
    assert re.search(rf'<option value="95"\s*>95 {names.name("scenarios", 95, language)}</option>', home)


def test_a_players_battle_goals_read_in_their_language(started, ann):
    from companion.games.gloomhaven import names
    page = ann.get(f"/t/{started}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    dealt = re.findall(r'name="goal" value="(\d+)"', page)
    assert len(dealt) == 2  # the rulebook deals two
    for goal in dealt:
        read = names.battle_goal(goal, "ja")
        assert read["name"] in page and read["text"] in page


@pytest.mark.parametrize("language", ["zh_Hans", "ja"])
def test_the_history_names_standees_in_the_readers_language(started, ann, language):
    from companion.games.gloomhaven import names
    ok(ann.act("standee.add", monster="hound", rank="normal"))
    page = ann.get(f"/t/{started}/history", headers={"Accept-Language": ACCEPT[language]}).get_data(as_text=True)
    assert names.name("monsters", "hound", language) in page and "Hound" not in page
    assert "Hound" in ann.get(f"/t/{started}/history", headers={"Accept-Language": "en"}).get_data(as_text=True)


@pytest.mark.parametrize("language", ["zh_Hans", "ja"])
def test_the_modifier_deck_and_its_perk_lines_read_in_the_readers_language(started, ann, language):
    """Issue 18: "push 1", "pierce 3", "null" and "Ignore negative item effects"
    were English on a Chinese or Japanese phone; only what was typed at the
    table and the codes one types for draws stay."""
    page = ann.get(f"/t/{started}", headers={"Accept-Language": ACCEPT[language]}).get_data(as_text=True)
    assert "gh-perks" in page  # the perk lines are offered
    shown = html.unescape(re.sub(r"(?s)<[^>]*>", " ", re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)))
    typed = {"Black", "Barrow", "Brute", "English", "companion"}  # the table's and a character's names, the menu
    codes = {"null", "bless", "curse"}  # what one types for a draw, as the hint says
    assert sorted(set(re.findall(r"[A-Za-z]{4,}", shown)) - typed - codes) == []


def test_the_shared_macros_labels_are_in_each_readers_language_though_their_module_is_built_once(app):
    """_gh.html's labels are translated as they are read: its module, built
    once for every render (imported without context), never keeps the first
    reader's language."""
    shown = app.jinja_env.from_string(
        '{% from "games/gloomhaven/_gh.html" import card_action, ELEMENT_LABELS, RANK_LABELS %}'
        '{{ card_action({"kind": "move", "amount": 2}) }}|{{ ELEMENT_LABELS["fire"] }}|{{ RANK_LABELS.elite }}')
    expected = app.jinja_env.from_string("<b>{{ _('Move') }}</b> 2|{{ _('Fire') }}|{{ _('elite') }}")
    seen = {}
    for language in ("en", "ja", "zh-CN", "en"):
        with app.test_request_context(headers={"Accept-Language": language}):
            seen[language] = shown.render()
            assert seen[language] == expected.render(), language
    assert seen["en"] == "<b>Move</b> 2|Fire|elite" and len({seen["en"], seen["ja"], seen["zh-CN"]}) == 3
