"""The Others through the web: a table made on the home page, seats joined
on phones, set-up and a turn played with the page's own forms, every page
rendering in each language, and the JSON API reaching every action."""

from __future__ import annotations

import html
import re

import pytest

from companion.web import create_app

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
LANGS = {"en": "en", "zh_Hans": "zh-CN", "ja": "ja"}


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "db.sqlite3"), "TESTING": True, "PUBLIC_URL": "http://127.0.0.1:8000"})


class Phone:
    def __init__(self, app, lang="en"):
        self.client = app.test_client()
        self.headers = {"Accept-Language": LANGS[lang]}
        self.csrf = CSRF.search(self.client.get("/", headers=self.headers).get_data(as_text=True)).group(1)

    def post(self, path, data, htmx=False):
        headers = {**self.headers, **({"HX-Request": "true", "X-CSRF-Token": self.csrf} if htmx else {})}
        return self.client.post(path, data={"csrf_token": self.csrf, **data}, headers=headers)

    def act(self, token, action_type, **fields):
        answer = self.post(f"/t/{token}/act", {"type": action_type, **fields}, htmx=True)
        return answer.status_code, html.unescape(answer.get_data(as_text=True))

    def page(self, token) -> str:
        answer = self.client.get(f"/t/{token}", headers=self.headers)
        assert answer.status_code == 200
        return html.unescape(answer.get_data(as_text=True))


def new_table(app, lang="en", story="havens_last_stand"):
    host = Phone(app, lang)
    made = host.post("/tables", {"game": "the-others", "name": "Haven", "sin": "pride", "acolyte": "nun",
                                 "story": story, "hero_players": "3"})
    assert made.status_code == 302, made.get_data(as_text=True)
    token = made.headers["Location"].rstrip("/").split("/")[-2]
    phones = {}
    for name, role in (("Sina", "sin"), ("Ann", "hero"), ("Bob", "hero"), ("Cy", "hero")):
        phone = Phone(app, lang)
        assert phone.post(f"/t/{token}/seats", {"name": name, "role": role}).status_code == 302
        phones[name] = phone
    return token, phones


def set_up_with_forms(token, phones, targets=("1", "2A", "2B", "3")):
    ann = phones["Ann"]
    dice = {f"sin_die.{f}": n for f, n in (("corruption", 1), ("hit", 2), ("critical_hit", 1), ("blank", 2))}
    dice |= {f"hero_die.{f}": n for f, n in (("hit", 2), ("counter_corruption", 1), ("defense", 1), ("skill", 1),
                                                ("faith", 1), ("blank", 0))}
    assert ann.act(token, "facts.enter", **dice)[0] == 200
    monsters = {f"monsters.{kind}.{stat}": n for kind, n in (("abomination", 3), ("controller", 4), ("avatar", 5),
                                                              ("acolyte", 2)) for stat in ("combat", "defense")}
    assert ann.act(token, "facts.enter", **monsters)[0] == 200
    assert ann.act(token, "facts.enter", **{f"targets.{m}": "heroes" for m in targets})[0] == 200
    classes = {"leah": "leader", "rose": "sniper", "rocco": "sniper", "thorley": "bruiser", "brad": "bruiser",
               "karl": "fixer", "morgana": "fixer"}
    for hero, cls in classes.items():
        status, text = ann.act(token, "facts.enter", **{f"heroes.{hero}.class": cls, f"heroes.{hero}.combat": "2",
                                                         f"heroes.{hero}.skill": "2", f"heroes.{hero}.defense": "1"})
        assert status == 200, text
    assert ann.act(token, "team.choose", **{f"heroes.{h}": "on" for h in classes})[0] == 200
    for phone, hero in (("Ann", "rose"), ("Bob", "thorley"), ("Cy", "rocco")):
        status, text = phones[phone].act(token, "heroes.pick", **{f"heroes.{hero}": "on"})
        assert status == 200, text
    status, text = ann.act(token, "game.start")
    assert status == 200, text


@pytest.fixture
def roses_turn(app):
    """A table set up with the forms, the Church tracked (s1), Rose moved
    there and her turn begun: (token, phones). Each test puts in the Church
    what it needs (anytime corrections)."""
    token, phones = new_table(app)
    set_up_with_forms(token, phones)
    ann = phones["Ann"]
    assert ann.act(token, "space.add", name="Church")[0] == 200
    assert ann.act(token, "hero.move", hero="rose", to="s1", teleport="on")[0] == 200
    assert ann.act(token, "round.first_hero", hero="rose")[0] == 200
    assert ann.act(token, "turn.start", hero="rose")[0] == 200
    return token, phones


def test_set_up_and_a_turn_with_the_pages_forms(app):
    token, phones = new_table(app)
    assert "Numbers from the components" in phones["Ann"].page(token)
    set_up_with_forms(token, phones)
    ann, sin = phones["Ann"], phones["Sina"]
    assert ann.act(token, "round.first_hero", hero="rose")[0] == 200
    assert "Start the turn of Rose" in ann.page(token)
    status, text = phones["Bob"].act(token, "turn.start", hero="thorley")
    assert status == 422 and ("It's not your turn." in text or "It&#39;s not your turn." in text)
    assert ann.act(token, "turn.start", hero="rose")[0] == 200
    assert ann.act(token, "fight.plan", hero="rose", **{"monsters.abomination": "1"}, others_in_space="0")[0] == 200
    page = ann.page(token)
    assert "Planned fight: Rose" in page and "%" in page
    status, text = ann.act(token, "fight.start", **{"monsters.abomination": "1", "entered.hero": "hit hit",
                                                     "entered.sin": "hit blank blank"})
    assert status == 200, text
    assert "Planned fight: Rose" not in ann.page(token)  # the fight card took its place
    assert ann.act(token, "fight.resolve", assigned="2")[0] == 200
    assert "Planned fight" not in ann.page(token) and "Planned fight" not in sin.page(token)
    assert "1 to place" in ann.page(token)  # Pride: fighting alone costs Rose her one defense
    assert ann.act(token, "hero.wounds", hero="rose", slots="1")[0] == 200
    assert ann.act(token, "turn.end")[0] == 200
    sin_page = sin.page(token)
    assert "React to Rose" in sin_page and "Your hand" in sin_page
    assert sin.act(token, "reaction.spend")[0] == 200
    card = re.search(r'name="card" value="([a-z_]+)"', sin.page(token)).group(1)
    assert sin.act(token, "sin.play_card", card=card)[0] == 200
    status, text = sin.act(token, "sin.play_card", card=card)
    assert status == 422


@pytest.mark.parametrize("lang", ["zh_Hans", "ja"])
def test_pages_speak_the_readers_language(app, lang):
    token, phones = new_table(app, lang)
    page = phones["Sina"].page(token)
    assert {"zh_Hans": "配件上的数值", "ja": "コンポーネントの数値"}[lang] in page
    set_up_with_forms(token, phones)
    page = phones["Ann"].page(token)
    assert {"zh_Hans": "末日标记轨", "ja": "アポカリプストラック"}[lang] in page
    status, text = phones["Ann"].act(token, "turn.start", hero="rose")
    assert status == 422 and {"zh_Hans": "现在不行", "ja": "今はできません"}[lang] in text


def test_the_sins_hand_never_reaches_a_hero_phone_nor_the_display(app):
    token, phones = new_table(app)
    set_up_with_forms(token, phones)
    hand = re.findall(r'id="sin-card-([a-z_]+)"', phones["Sina"].page(token))
    assert len(hand) == 5
    hero_page = phones["Ann"].page(token)
    display = phones["Ann"].client.get(f"/t/{token}/display").get_data(as_text=True)
    for card in hand:
        for seen in (hero_page, display):
            assert f'value="{card}"' not in seen and f'sin-card-{card}' not in seen


def test_no_page_shows_a_dark_past_before_it_is_revealed_not_even_to_its_heros_player(app):
    from companion.games.the_others import data
    token, phones = new_table(app, story="the_darkness_within")
    set_up_with_forms(token, phones, targets=("1", "3A"))
    names = [card["name"] for card in data.dark_pasts().values()]
    ann = phones["Ann"]
    seen = [phone.page(token) for phone in phones.values()]
    seen += [ann.client.get(f"/t/{token}/{page}").get_data(as_text=True) for page in ("display", "history")]
    for text in seen:
        assert not [name for name in names if name in html.unescape(text)]
    assert "nobody knows it" in ann.page(token)
    # Rose (Ann's) ends a turn at maximum corruption: hers turns up, for everyone, and only hers.
    assert ann.act(token, "round.first_hero", hero="rose")[0] == 200
    assert ann.act(token, "turn.start", hero="rose")[0] == 200
    for _ in range(6):
        assert ann.act(token, "hero.adjust", hero="rose", change="corruption")[0] == 200
    assert ann.act(token, "turn.end")[0] == 200
    shown = [name for name in names if name in phones["Bob"].page(token)]
    assert len(shown) == 1 and shown[0] in ann.page(token)


def test_the_api_lists_and_takes_this_games_actions(app):
    client = app.test_client()
    games = client.get("/api/games").get_json()
    the_others = next(g for g in games["games"] if g["id"] == "the-others") if isinstance(games, dict) else \
        next(g for g in games if g["id"] == "the-others")
    assert "fight.start" in str(the_others)
    made = client.post("/api/tables", json={"game": "the-others", "name": "Haven",
                                            "options": {"sin": "sloth", "acolyte": "doctor",
                                                        "story": "the_darkness_within", "hero_players": 1}})
    assert made.status_code == 201, made.get_data(as_text=True)
    token = made.get_json()["token"]
    key = client.post(f"/api/tables/{token}/seats", json={"name": "Ann", "role": "hero"}).get_json()["key"]
    answer = client.post(f"/api/tables/{token}/actions", headers={"X-Seat-Key": key},
                         json={"type": "facts.enter", "payload": {"sin_die": {"hit": 9}}})
    assert answer.status_code == 400 and "add up to 6" in answer.get_json()["error"]


def test_numbers_entered_at_one_table_are_offered_to_the_next(app):
    """On a server that keeps no numbers (they were forgotten, or entered
    before it kept any), the set-up offers those of the newest other table."""
    token, phones = new_table(app)
    set_up_with_forms(token, phones)
    second, phones2 = new_table(app)
    raw = phones2["Ann"].client.get(f"/t/{second}").get_data(as_text=True)
    assert "Use the numbers entered at an earlier table" not in raw  # it started with the server's
    assert phones["Sina"].post("/the-others/numbers", {"forget": "1"}).status_code == 302  # the owner forgets them
    second, phones2 = new_table(app)
    raw = phones2["Ann"].client.get(f"/t/{second}").get_data(as_text=True)
    assert "Use the numbers entered at an earlier table" in raw
    remembered = html.unescape(re.search(r'name="remembered" value="([^"]+)"', raw).group(1))
    status, text = phones2["Ann"].act(second, "facts.enter", remembered=remembered)
    assert status == 200, text
    with app.app_context():
        from companion.web.security import store
        state = store().state(second)[1]
    assert state["facts"]["dice"]["sin"] == {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}
    assert state["facts"]["monsters"]["abomination"] == {"combat": 3, "defense": 3}
    assert state["facts"]["targets"]["1"] == "heroes"  # same story


def test_every_page_renders_with_spaces_a_fight_and_an_apocalypse_card(roses_turn):
    token, phones = roses_turn
    ann, sin = phones["Ann"], phones["Sina"]
    assert ann.act(token, "space.set", space="s1", what="monsters.abomination", value="1")[0] == 200
    page = ann.page(token)
    assert 'name="monsters.abomination" type="number" min="0" max="12" value="1"' in page  # prefilled
    assert ann.act(token, "apocalypse.advance", steps="1")[0] == 200
    assert "Keep one apocalypse card" in sin.page(token)
    assert ann.act(token, "fight.start", **{"monsters.abomination": "1", "entered.hero": "hit hit",
                                            "entered.sin": "hit blank blank"})[0] == 200
    for phone in phones.values():
        assert "Fight: Rose" in phone.page(token)
    display = ann.client.get(f"/t/{token}/display")
    assert display.status_code == 200 and "Fight: Rose" in html.unescape(display.get_data(as_text=True))


def test_a_hero_moves_picks_up_and_explores_with_the_pages_forms(roses_turn):
    token, phones = roses_turn
    ann, sin = phones["Ann"], phones["Sina"]
    assert ann.act(token, "space.add", name="Main Street")[0] == 200
    for what, value in (("face_down", "2"), ("extra_turns", "1"), ("npcs.proxy", "1")):
        assert ann.act(token, "space.set", space="s2", what=what, value=value)[0] == 200
    assert "doesn’t know the board’s layout" in ann.page(token)
    assert ann.act(token, "hero.move", hero="rose", to="s2")[0] == 200
    page = ann.page(token)
    assert "Moved 1 of 2 spaces this turn." in page and "Take for free:" in page and "Flip the 2 face-down" in page
    assert ann.act(token, "hero.pick_up", hero="rose", what="proxy")[0] == 200
    status, text = ann.act(token, "hero.pick_up", hero="rose", what="explore", **{"revealed.fire": "1"})
    assert status == 422 and "face-down tokens turned out to be" in text
    assert ann.act(token, "hero.pick_up", hero="rose", what="explore",
                   **{"revealed.fire": "1", "revealed.innocents": "1"})[0] == 200
    sin_page = sin.page(token)
    assert "Move monsters" in sin_page and "Proxy" in sin_page
    assert "(the app applies it)" in sin_page or "(do it at the table)" in sin_page


def test_the_fight_form_shows_the_dice_the_fight_will_roll_and_the_cleanse_its_own(roses_turn):
    token, phones = roses_turn
    ann = phones["Ann"]
    assert ann.act(token, "space.set", space="s1", what="monsters.abomination", value="2")[0] == 200
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", ann.page(token)))
    # Rose: combat 2, alone; two abominations of combat 3.
    assert "Without voluntary corruption 2 hero dice" in page and "6 SIN dice" in page
    assert "2 cleanse dice" in page


def test_a_fight_prepared_on_the_heros_phone_waits_for_the_sins_phone_then_rolls(app):
    token, phones = new_table(app)
    set_up_with_forms(token, phones)
    ann, sin = phones["Ann"], phones["Sina"]
    assert ann.act(token, "round.first_hero", hero="rose")[0] == 200
    assert ann.act(token, "turn.start", hero="rose")[0] == 200
    assert "Prepare the fight" in ann.page(token)
    status, text = ann.act(token, "fight.prepare", **{"monsters.abomination": "2", "monsters.acolyte": "0"},
                           others_in_space="0")
    assert status == 200, text
    page = ann.page(token)
    assert "With voluntary corruption" in page and "Waiting for the SIN’s fight-start card." in page
    assert "Roll the fight" not in page
    assert ann.act(token, "fight.choose", voluntary="true")[0] == 200
    sin_page = sin.page(token)
    assert "No fight-start card" in sin_page and "Fight of Rose: the SIN may play a fight-start card" in sin_page
    assert sin.act(token, "fight.sin_ready")[0] == 200
    page = ann.page(token)
    assert "Roll the fight" in page and "No fight-start card" not in sin.page(token)
    status, text = ann.act(token, "fight.roll", **{"entered.hero": ""})
    assert status == 200, text
    assert "Turn faiths and free results" in ann.page(token)


def catalog(lang):
    from babel.messages.pofile import read_po

    from companion import PACKAGE_DIR
    with (PACKAGE_DIR / "games" / "the_others" / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def test_every_sin_card_name_is_a_msgid_of_the_game():
    from companion.games.the_others import data, names
    printed = {card["id"]: card["name"] for sin in data.sins().values() for card in sin["cards"]}
    assert printed == names.SIN_CARD_NAMES


@pytest.mark.parametrize("lang", ["zh_Hans", "ja"])
def test_the_sins_cards_are_named_in_the_readers_language(app, lang):
    from companion.games.the_others import data
    printed = {card["id"]: card["name"] for sin in data.sins().values() for card in sin["cards"]}
    token, phones = new_table(app, lang)
    set_up_with_forms(token, phones)
    page = phones["Sina"].page(token)
    hand = re.findall(r'id="sin-card-([a-z_]+)"', page)
    assert hand
    headings = [h.strip() for h in re.findall(r'<h3 class="sin-card-name">([^<]*)', page)]
    assert headings == [catalog(lang).get(printed[card]).string for card in hand]
    assert not {printed[card] for card in hand} & set(headings)
    assert {"zh_Hans": "仇恨！", "ja": "憎しみ！"}[lang] == catalog(lang).get("Hate!").string


def printed_names() -> dict[str, dict]:
    """The data's own names, by the names.py table that holds their msgids."""
    from companion.games.the_others import data
    decks = data.load("apocalypse_cards")["decks"]
    return {
        "HERO_NAMES": {h: entry["name"] for h, entry in data.heroes().items()},
        "UPGRADE_NAMES": {u: entry["name"] for u, entry in data.upgrades().items()},
        "APOCALYPSE_CARD_NAMES": {card["id"]: card["name"] for deck in decks.values() for card in deck},
        "HELL_CLUB_NAMES": {c: entry["name"] for c, entry in data.hell_club().items()},
        "MISSION_NAMES": {f"{s}:{m['id']}": m["name"] for s, story in data.stories().items()
                          for m in story["missions"]},
        "SIN_POWERS": {s: sin["power"] for s, sin in data.sins().items()},
        "DARK_PAST_NAMES": {n: past["name"] for n, past in data.dark_pasts().items()},
    }


@pytest.mark.parametrize("table", sorted(printed_names()))
def test_every_printed_name_is_a_msgid_of_the_game(table):
    from companion.games.the_others import names
    assert printed_names()[table] == getattr(names, table)


def data_names(value, key=None):
    """Every string the data files give under a "name" or "power" key."""
    if isinstance(value, dict):
        return {found for k, v in value.items() for found in data_names(v, k)}
    if isinstance(value, list):
        return {found for v in value for found in data_names(v)}
    return {value} if key in ("name", "power") and isinstance(value, str) else set()


@pytest.mark.parametrize("lang", ["zh_Hans", "ja"])
def test_every_name_the_data_gives_is_a_translated_msgid_and_comes_as_one(lang):
    from companion.games.the_others import data
    from companion.rules import Msg
    files = ("heroes", "sins", "acolytes", "stories", "rules", "apocalypse_cards")
    named = set().union(*(data_names(data.load(f)) for f in files))
    assert len(named) > 150
    po = catalog(lang)
    untranslated = sorted(n for n in named if po.get(n) is None or not po.get(n).string or po.get(n).fuzzy)
    assert not untranslated, f"{lang}: {untranslated}"
    # Handed out as msgids, so a refusal or a history line that names one translates it.
    assert isinstance(data.heroes()["rose"]["name"], Msg) and isinstance(data.sins()["pride"]["power"], Msg)


def words_shown(page: str) -> str:
    """A page's text as a reader sees it (no tags, scripts or attribute values)."""
    page = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
    return re.sub(r"(?s)<[^>]*>", " ", page)


@pytest.mark.parametrize("lang", ["zh_Hans", "ja"])
def test_heroes_upgrades_apocalypse_cards_missions_and_the_sin_power_read_in_the_readers_language(app, lang):
    po = catalog(lang)
    token, phones = new_table(app, lang)
    set_up_with_forms(token, phones)
    ann, sin = phones["Ann"], phones["Sina"]
    # A refusal reads in the reader's language and a history line names the hero in it (the data hands out msgids).
    assert ann.act(token, "round.first_hero", hero="rose")[0] == 200
    status, text = phones["Bob"].act(token, "turn.start", hero="thorley")
    assert status == 422 and "turn" not in text.lower() and "Rose" not in text
    history = ann.client.get(f"/t/{token}/history", headers=ann.headers).get_data(as_text=True)
    assert po.get("Rose").string in history and "Rose" not in words_shown(history)
    upgrade = re.search(r'name="upgrade"><option value="([a-z_]+)"', ann.page(token)).group(1)
    assert ann.act(token, "upgrade.take", hero="rose", upgrade=upgrade)[0] == 200
    assert ann.act(token, "apocalypse.advance", steps="1")[0] == 200
    offer = re.findall(r'name="card" value="([a-z_]+)"', sin.page(token))
    kept = next((c for c in offer if c.endswith("_unleashed")), offer[0])
    assert sin.act(token, "apocalypse.keep", card=kept)[0] == 200
    from companion.games.the_others import names
    expected = [names.HERO_NAMES["rose"], names.HERO_NAMES["leah"], names.UPGRADE_NAMES[upgrade],
                names.APOCALYPSE_CARD_NAMES[kept], names.MISSION_NAMES["havens_last_stand:1"],
                names.SIN_POWERS["pride"]]
    if kept.endswith("_unleashed"):
        expected.append(next(n for c, n in names.HELL_CLUB_NAMES.items() if kept.startswith(c)))
    english = {n for table in printed_names().values() for n in table.values()}
    for page in (ann.page(token), sin.page(token),
                 html.unescape(ann.client.get(f"/t/{token}/display", headers=ann.headers).get_data(as_text=True))):
        shown = words_shown(page)
        left = sorted(n for n in english if re.search(rf"(?<![A-Za-z]){re.escape(n)}(?![A-Za-z])", shown))
        assert not left, f"{lang}: still in English: {left}"
    shown = words_shown(ann.page(token)) + words_shown(sin.page(token))
    assert [po.get(n).string for n in expected if po.get(n).string not in shown] == []


def selected(page: str, field: str) -> str:
    """The value a select of The Others' new-table form starts at."""
    form = page[page.index('name="game" value="the-others"'):]
    select = form[form.index(f'name="{field}"'):form.index("</select>", form.index(f'name="{field}"'))]
    return re.search(r'<option value="([^"]*)" selected', select).group(1)


def test_the_new_table_form_starts_as_the_groups_last_table_was_set_up(app):
    host = Phone(app)
    first = host.client.get("/").get_data(as_text=True)
    assert [selected(first, f) for f in ("sin", "acolyte", "story", "hero_players")] == [
        "pride", "nun", "havens_last_stand", "1"]  # no table yet: the defaults
    new_table(app, story="the_darkness_within")  # Pride, nuns, 3 hero players
    made = host.post("/tables", {"game": "the-others", "name": "Later", "sin": "greed", "acolyte": "hobo",
                                 "story": "the_darkness_within", "hero_players": "2"})
    assert made.status_code == 302
    page = host.client.get("/").get_data(as_text=True)
    assert [selected(page, f) for f in ("sin", "acolyte", "story", "hero_players")] == [
        "greed", "hobo", "the_darkness_within", "2"]  # the newest table's
    tally = page[page.index('name="game" value="tally"'):]
    assert "Doom 0..30" in tally[:tally.index("</form>")]  # games that remember nothing keep their defaults


def test_dice_rolled_at_the_table_are_typed_in_the_readers_words_and_logged_as_faces(app, roses_turn):
    """A Chinese or Japanese phone types the faces as its page names them
    (the placeholder shows them so); the log keeps the faces' ids, so it
    replays whatever the catalogs say later."""
    token, phones = roses_turn
    ann = phones["Ann"]
    ann.headers = {"Accept-Language": LANGS["zh_Hans"]}
    assert "各面，例如 技能 信仰" in ann.page(token)  # the placeholder names the faces in the reader's words
    status, text = ann.act(token, "fight.start", **{"monsters.abomination": "1", "entered.hero": "命中 ヒット",
                                                     "entered.sin": "命中、空白 blank"})
    assert status == 200, text
    with app.app_context():
        from companion.web.security import store
        logged = store().log(token)[-1]
    assert logged.payload["entered"] == {"hero": "hit hit", "sin": "hit blank blank"}
    status, text = ann.act(token, "fight.resolve", assigned="2")
    assert status == 200, text
