"""Each game speaks its own words: one msgid may be translated differently in
two games' catalogs, and each game's tables (pages, live regions, history,
API answers and refusals) show its own translation, while strings no game
translates stay the shared catalog's, and pages about no game (the home
page) read the shared catalog first."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import Translations

from companion import PACKAGE_DIR, games
from companion.web import create_app, i18n
from dice_table import dice_table  # noqa: F401 (fixture)
from web_support import PHONE_ADDRESS, Browser, first_message, join_seat

LANGS = {"zh_Hans": "zh-CN", "ja": "ja"}
# The same msgids, translated apart in two made-up game catalogs (and two
# shared msgids, "Tables" and "Create table", that both games translate too).
WORDS = {
    "tally": {"zh_Hans": {"Leave this seat": "离座（计分）", "No such track.": "没有这条轨道（计分）",
                          "%(track)s set to %(value)d": "%(track)s 设为 %(value)d（计分）",
                          "Tables": "桌（计分）", "Create table": "开桌（计分）"},
              "ja": {"Leave this seat": "席を離れる（集計）", "No such track.": "その軌道はありません（集計）",
                     "%(track)s set to %(value)d": "%(track)s を %(value)d に（集計）",
                     "Tables": "卓（集計）", "Create table": "卓を作る（集計）"}},
    "dice": {"zh_Hans": {"Leave this seat": "离座（骰子）", "No such track.": "没有这条轨道（骰子）",
                         "%(track)s set to %(value)d": "%(track)s 设为 %(value)d（骰子）",
                         "Tables": "桌（骰子）", "Create table": "开桌（骰子）"},
             "ja": {"Leave this seat": "席を離れる（ダイス）", "No such track.": "その軌道はありません（ダイス）",
                    "%(track)s set to %(value)d": "%(track)s を %(value)d に（ダイス）",
                    "Tables": "卓（ダイス）", "Create table": "卓を作る（ダイス）"}},
}


def write_catalog(folder: Path, words: dict[str, dict[str, str]]) -> None:
    for locale, messages in words.items():
        catalog = Catalog(locale=locale, domain="messages")
        for msgid, text in messages.items():
            catalog.add(msgid, text)
        path = folder / "translations" / locale / "LC_MESSAGES" / "messages.mo"
        path.parent.mkdir(parents=True)
        with path.open("wb") as file:
            write_mo(file, catalog)


@pytest.fixture
def two_games(tmp_path, monkeypatch, dice_table):
    """The tally and the dice table, each a game package of its own with a
    catalog of its own (scratch folders), translating the same msgids apart."""
    folders = {package: tmp_path / package for package in WORDS}
    for package, words in WORDS.items():
        write_catalog(folders[package], words)
    real_dir, real_package = games.package_dir, games.package_of
    monkeypatch.setattr(games, "package_dir", lambda game: folders.get(game) or real_dir(game))
    monkeypatch.setattr(games, "package_of", lambda table_type: "dice" if table_type == dice_table
                        else real_package(table_type))
    return {"tally": "tally", "dice": dice_table}


@pytest.fixture
def app(tmp_path, two_games):
    app = create_app({"DATABASE": str(tmp_path / "companion.sqlite3"), "TESTING": True,
                      "SSE_HEARTBEAT_SECONDS": 0.05})
    yield app
    app.extensions["companion.store"].close()


def tables(app, two_games, lang: str) -> dict[str, tuple[str, Browser]]:
    """Per package: a table of it, and a seated phone reading `lang`."""
    host = Browser(app.test_client())
    made = {}
    for package, table_type in two_games.items():
        host.load_csrf("/")
        response = host.post("/tables", {"game": table_type, "name": package, "tracks": "Doom 0..30",
                                         "counters": "VP 0..9"})
        assert response.status_code == 302, response.get_data(as_text=True)
        token = response.headers["Location"].split("/")[-2]
        phone = Browser(app.test_client())
        phone.client.environ_base["REMOTE_ADDR"] = PHONE_ADDRESS
        phone.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = LANGS[lang]
        made[package] = token, join_seat(phone, token, "Ann")
    return made


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


@pytest.mark.parametrize("lang", LANGS)
def test_each_games_table_page_and_live_regions_use_its_own_translation(app, two_games, lang):
    for package, (token, phone) in tables(app, two_games, lang).items():
        own, other = WORDS[package][lang], WORDS["dice" if package == "tally" else "tally"][lang]
        page = html.unescape(phone.page(f"/t/{token}"))
        assert own["Leave this seat"] in page and other["Leave this seat"] not in page
        # A string neither game translates is the shared catalog's.
        assert i18n_shared(app, lang, "Table display") in page


@pytest.mark.parametrize("lang", LANGS)
def test_each_games_api_refusal_and_history_use_its_own_translation(app, two_games, lang):
    store = app.extensions["companion.store"]
    for package, (token, phone) in tables(app, two_games, lang).items():
        own = WORDS[package][lang]
        key = store.seat_keys(token)[0]
        refused = phone.client.post(f"/api/tables/{token}/actions", headers={"X-Seat-Key": key},
                                    json={"type": "track.adjust", "payload": {"track": "nothing", "delta": 1}})
        assert refused.status_code == 400
        assert refused.get_json()["error"] == own["No such track."]
        track = store.state(token)[1]["tracks"][0]["id"]
        assert phone.client.post(f"/api/tables/{token}/actions", headers={"X-Seat-Key": key},
                                 json={"type": "track.set", "payload": {"track": track, "value": 7}}).status_code == 200
        expected = own["%(track)s set to %(value)d"] % {"track": "Doom", "value": 7}
        assert phone.client.get(f"/api/tables/{token}/log").get_json()[-1]["text"] == expected
        assert expected in text(phone.client.get(f"/t/{token}/history"))
        # And the live stream's first message renders the regions in the same words.
        assert expected in html.unescape(first_message(phone, f"/t/{token}/events"))


def i18n_shared(app, lang: str, msgid: str) -> str:
    """`msgid` as the shared catalog translates it."""
    shared = Translations.load(str(PACKAGE_DIR / "translations"), [lang])
    translated = shared.gettext(msgid)
    assert translated != msgid, "the shared catalog translates it"
    return translated


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_reads_the_shared_catalog_first_and_each_form_its_games(app, two_games, lang):
    page = text(Browser(app.test_client()).client.get("/", headers={"Accept-Language": LANGS[lang]}))
    heading = page.split("<h1>")[1].split("</h1>")[0]
    assert heading == i18n_shared(app, lang, "Tables")
    for package, table_type in two_games.items():
        form = page.split(f'name="game" value="{table_type}"')[1].split("</form>")[0]
        assert WORDS[package][lang]["Create table"] in form
    # A game whose catalog lacks the words (Chaos's) keeps the shared ones.
    form = page.split('name="game" value="chaos-old-world"')[1].split("</form>")[0]
    assert i18n_shared(app, lang, "Create table") in form


def test_catalog_order_puts_the_games_own_last_and_the_shared_before_it(two_games):
    tally = i18n.catalog_folders("tally")
    assert tally[-1].endswith(str(Path("tally") / "translations"))
    assert tally[-2] == str(PACKAGE_DIR / "translations")
    assert i18n.catalog_folders()[-1] == str(PACKAGE_DIR / "translations")


# -- the real catalogs ----------------------------------------------------------------

@pytest.fixture
def real_app(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "real.sqlite3"), "TESTING": True})
    yield app
    app.extensions["companion.store"].close()


def display(app, token: str, lang: str) -> str:
    response = app.test_client().get(f"/t/{token}/display", headers={"Accept-Language": LANGS[lang]})
    assert response.status_code == 200
    return text(response)


# "Set-up" names the first phase of both games; their catalogs say it apart.
SET_UP = {"chaos-old-world": {"zh_Hans": "准备阶段", "ja": "準備"},
          "the-others": {"zh_Hans": "设置", "ja": "セットアップ"}}
OPTIONS = {"chaos-old-world": {"players": "4"},
           "the-others": {"sin": "pride", "acolyte": "nun", "story": "havens_last_stand", "hero_players": "3"}}


@pytest.mark.parametrize("lang", LANGS)
def test_chaos_and_the_others_each_show_their_own_set_up(real_app, lang):
    client = real_app.test_client()
    for game, words in SET_UP.items():
        made = client.post("/api/tables", json={"game": game, "name": game, "options": OPTIONS[game]})
        assert made.status_code == 201, made.get_data(as_text=True)
        page = display(real_app, made.get_json()["token"], lang)
        other = next(w for g, w in SET_UP.items() if g != game)
        assert words[lang] in page and other[lang] not in page, game


def test_power_is_its_own_games_word_on_the_cthulhu_wars_and_chaos_pages(real_app):
    """The issue's example: "Power" is 邪能 in Cthulhu Wars and 威能 in Chaos."""
    client = real_app.test_client()
    chaos = client.post("/api/tables", json={"game": "chaos-old-world", "name": "Chaos",
                                             "options": OPTIONS["chaos-old-world"]}).get_json()["token"]
    joined = client.post(f"/api/tables/{chaos}/seats", json={"name": "Kim", "role": "khorne"},
                         environ_base={"REMOTE_ADDR": PHONE_ADDRESS}).get_json()
    for action in ({"type": "setup.tokens", "payload": {"draw": True}}, {"type": "setup.start"}):
        assert client.post(f"/api/tables/{chaos}/actions", json=action, headers={"X-Seat-Key": joined["key"]},
                           environ_base={"REMOTE_ADDR": PHONE_ADDRESS}).status_code == 200
    cthulhu = client.post("/api/tables", json={"game": "cthulhu-wars", "name": "Cthulhu", "options": {
        "seat_1": "great_cthulhu", "seat_2": "crawling_chaos", "seat_3": "black_goat"}})
    assert cthulhu.status_code == 201, cthulhu.get_data(as_text=True)
    pages = {"chaos": display(real_app, chaos, "zh_Hans"),
             "cthulhu": display(real_app, cthulhu.get_json()["token"], "zh_Hans")}
    assert "威能" in pages["chaos"] and "邪能" not in pages["chaos"]
    assert "邪能" in pages["cthulhu"] and "威能" not in pages["cthulhu"]
