"""Numbers entered once, for good: what a group reads off its printed
components (dice sides, heroes' classes and numbers, monsters, mission
targets) is kept for the whole server and starts every new table; only the
server machine's owner replaces it; it travels as a small JSON file; a
table changes its own numbers alone; the set-up lists what is still needed,
in order, each a link to its form."""

from __future__ import annotations

import io
import json
import re
from urllib.parse import urlsplit

import pytest

from companion.games.the_others import numbers
from companion.games.the_others.rules import RULES
from companion.rules import ActionError
from tests.games.the_others.test_the_others_web import Phone, app, new_table, set_up_with_forms  # noqa: F401
from tests.games.the_others.the_others_support import Table

GAME = "the-others"
AWAY = {"REMOTE_ADDR": "192.168.1.20"}  # a phone on the Wi-Fi, not the server machine


def location_path(response) -> str:
    return urlsplit(response.headers["Location"]).path


def store_of(app):
    with app.app_context():
        from companion.web.security import store

        return store()


def state_of(app, token):
    return store_of(app).state(token)[1]


def entered_table() -> Table:
    table = Table()
    table.join("sin", "sin")
    table.facts()
    return table


# -- the file's shape ------------------------------------------------------------------------------
def test_a_tables_numbers_go_to_a_file_and_back_to_a_table_of_the_same_sin_and_story():
    table = entered_table()
    kept_numbers = numbers.from_table(table.state)
    assert kept_numbers["format"] == "the-others-numbers"
    assert kept_numbers["monsters"] == {"pride": {"abomination": {"combat": 3, "defense": 3},
                                                  "controller": {"combat": 3, "defense": 4},
                                                  "avatar": {"combat": 5, "defense": 6}}}
    assert kept_numbers["acolytes"] == {"nun": {"combat": 2, "defense": 2}}
    assert set(kept_numbers["targets"]["havens_last_stand"]) == {"1", "2A", "2B", "3"}
    assert numbers.read(json.dumps(kept_numbers)) == kept_numbers
    fresh = numbers.apply(RULES.initial_state({"sin": "pride", "acolyte": "nun", "story": "havens_last_stand"}),
                          kept_numbers)
    assert fresh["facts"] == table.state["facts"]
    # Another sin's monsters are that sin's own: none known yet.
    other = numbers.apply(RULES.initial_state({"sin": "wrath", "acolyte": "nun", "story": "havens_last_stand"}),
                          kept_numbers)
    assert other["facts"]["monsters"] == {"acolyte": {"combat": 2, "defense": 2}}
    assert other["facts"]["dice"] == table.state["facts"]["dice"]


def test_merging_fills_only_what_is_missing():
    first = {**numbers.empty(), "heroes": {"leah": {"combat": 4}}, "sin_die": {"hit": 6}}
    then = {**numbers.empty(), "heroes": {"leah": {"combat": 1, "skill": 2}, "rose": {"skill": 3}},
            "sin_die": {"blank": 6}, "hero_die": {"hit": 6}}
    both = numbers.merged(first, then)
    assert both["heroes"] == {"leah": {"combat": 4, "skill": 2}, "rose": {"skill": 3}}
    assert both["sin_die"] == {"hit": 6} and both["hero_die"] == {"hit": 6}


@pytest.mark.parametrize("text, field", [
    ("not json", "file"),
    ("[" * 100_000 + "]" * 100_000, "file"),  # nested too deep to parse
    (json.dumps({"format": "something-else"}), "file"),
    (json.dumps({"format": "the-others-numbers", "version": 99}), "file"),
    (json.dumps({"format": "the-others-numbers", "version": 1, "sin_die": {"hit": 7}}), "sin_die"),
    (json.dumps({"format": "the-others-numbers", "version": 1, "heroes": {"nobody": {"combat": 1}}}), "heroes"),
    (json.dumps({"format": "the-others-numbers", "version": 1, "monsters": {"sloth?": {}}}), "monsters"),
    (json.dumps({"format": "the-others-numbers", "version": 1, "targets": {"havens_last_stand": {"9": 3}}}),
     "targets"),
    (json.dumps({"format": "the-others-numbers", "version": 1, "heroes": []}), "heroes"),
])
def test_a_wrong_file_is_refused_on_its_field(text, field):
    with pytest.raises(ActionError) as refused:
        numbers.read(text)
    assert refused.value.field.startswith(field)


# -- the set-up list ---------------------------------------------------------------------------------
def test_the_set_up_lists_what_is_still_needed_in_order():
    table = Table(hero_players=1)
    needed = table.harness.view(None)["missing"]
    assert needed[:3] == ["dice:sin", "dice:hero", "monster:abomination"]
    assert needed.index("target:1") < needed.index("classes") < needed.index("team") < needed.index("sin_seat")
    assert needed[-1] == "heroes"
    table.join("sin", "sin")
    table.facts()
    assert table.harness.view(None)["missing"] == ["team", "heroes"]
    assert table.harness.view(None)["suggested_team"]


# -- through the web ----------------------------------------------------------------------------------
def test_numbers_entered_at_one_table_start_the_next_with_no_entry(app):
    token, phones = new_table(app)
    page = phones["Ann"].page(token)
    for link in ("#others-dice", "#others-monsters", "#others-targets", "#others-heroes", "#others-team"):
        assert f'href="{link}"' in page  # each still-needed item links to its form
    assert "the sides of the SIN die" in page and "the class of each hero" in page
    set_up_with_forms(token, phones)
    assert store_of(app).kept_numbers(GAME)["targets"]["havens_last_stand"]["1"] == "heroes"

    second, phones = new_table(app)
    assert state_of(app, second)["facts"] == state_of(app, token)["facts"]
    page = phones["Ann"].page(second)
    assert "Play with this team" in page and "the sides of the SIN die" not in page
    assert phones["Ann"].act(second, "team.choose", **{f"heroes.{h}": "on"
                                                       for h in state_of(app, second)["team"] or
                                                       RULES.view(state_of(app, second), None)["suggested_team"]}
                             )[0] == 200


def test_a_table_changes_its_own_numbers_alone_and_only_the_owner_changes_the_servers(app):
    token, phones = new_table(app)
    set_up_with_forms(token, phones)
    before = store_of(app).kept_numbers(GAME)
    second, phones = new_table(app)
    assert phones["Ann"].act(second, "facts.enter", **{"heroes.leah.combat": "5"})[0] == 200
    assert state_of(app, second)["facts"]["heroes"]["leah"]["combat"] == 5
    assert store_of(app).kept_numbers(GAME) == before  # the server's stays as its owner left it

    away = Phone(app)
    answer = away.client.post(f"/t/{second}/the-others/keep", data={"csrf_token": away.csrf}, environ_base=AWAY)
    assert answer.status_code == 403
    answer = away.client.post("/the-others/numbers", data={"csrf_token": away.csrf, "forget": "1"},
                              environ_base=AWAY)
    assert answer.status_code == 403 and store_of(app).kept_numbers(GAME) == before
    page = away.client.get("/the-others/numbers", environ_base=AWAY).get_data(as_text=True)
    assert "Only the server machine’s owner changes these" in page

    owner = phones["Sina"]  # on the server machine itself
    assert owner.post(f"/t/{second}/the-others/keep", {}).status_code == 302
    assert store_of(app).kept_numbers(GAME)["heroes"]["leah"]["combat"] == 5


def test_the_numbers_travel_as_a_file(app):
    token, phones = new_table(app)
    set_up_with_forms(token, phones)
    owner = phones["Sina"]
    sent = owner.client.get("/the-others/numbers.json")
    assert sent.status_code == 200 and "attachment" in sent.headers["Content-Disposition"]
    file = sent.get_data()
    assert len(file) < 4096
    assert owner.post("/the-others/numbers", {"forget": "1"}).status_code == 302
    assert store_of(app).kept_numbers(GAME) is None
    fresh, phones = new_table(app)
    assert state_of(app, fresh)["facts"]["dice"] == {"sin": None, "hero": None}

    # At this one table, a seat uses another group's file.
    ann = phones["Ann"]
    answer = ann.client.post(f"/t/{fresh}/the-others/numbers", data={
        "csrf_token": ann.csrf, "file": (io.BytesIO(file), "numbers.json")}, content_type="multipart/form-data")
    assert answer.status_code == 302
    assert state_of(app, fresh)["facts"] == state_of(app, token)["facts"]
    assert store_of(app).kept_numbers(GAME) is None
    # The owner imports it for the server; a wrong file changes nothing.
    bad = owner.client.post("/the-others/numbers", data={"csrf_token": owner.csrf, "file": (io.BytesIO(b"{}"), "x")},
                            content_type="multipart/form-data", follow_redirects=True)
    assert "not a file of The Others" in bad.get_data(as_text=True) and store_of(app).kept_numbers(GAME) is None
    owner.client.post("/the-others/numbers", data={"csrf_token": owner.csrf, "file": (io.BytesIO(file), "n.json")},
                      content_type="multipart/form-data")
    assert store_of(app).kept_numbers(GAME) == json.loads(file)
    away = Phone(app)
    answer = away.client.post("/the-others/numbers", data={
        "csrf_token": away.csrf, "file": (io.BytesIO(file), "n.json")}, content_type="multipart/form-data",
        environ_base=AWAY)
    assert answer.status_code == 403


def form_fields(page: str, action: str) -> dict[str, str]:
    """The hidden fields of the page's form posting to `action`."""
    form = re.search(rf'<form method="post" action="{re.escape(action)}".*?</form>', page, re.S)
    assert form, action
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(0)))


def page_token(page: str) -> str:
    """The session's CSRF token as the page holds it (on <body>, for htmx and app.js)."""
    return json.loads(re.search(r"hx-headers='([^']+)'", page).group(1))["X-CSRF-Token"]


def send_as_the_page_would(phone, page: str, action: str, **fields):
    """A plain form post from `page`: a field the page left empty (a live
    region's CSRF token) filled with the page's own token, as app.js does."""
    data = {name: value or page_token(page) for name, value in form_fields(page, action).items()}
    return phone.client.post(action, data={**data, **fields}, headers=phone.headers,
                             content_type="multipart/form-data")


def test_two_browsers_on_one_seat_each_send_the_set_ups_forms(app):
    """A seat's live regions are rendered once for every browser on it: a
    player's phone and laptop get the same set-up. Its forms hold neither's
    CSRF token (each page fills in its own), and keeping the table's numbers
    for every new table is offered per request, on the numbers page, to the
    server machine's browser alone."""
    token, phones = new_table(app)
    phone = phones["Ann"]
    phone.client.environ_base["REMOTE_ADDR"] = AWAY["REMOTE_ADDR"]
    on_phone = phone.page(token)  # the phone renders the seat's regions first
    serializer = app.session_interface.get_signing_serializer(app)
    key = serializer.loads(phone.client.get_cookie("session").value)["seats"][token]
    laptop = Phone(app)  # on the server machine, with a session of its own
    assert laptop.client.get(f"/t/{token}/claim/{key}").status_code == 302
    on_laptop = laptop.page(token)
    assert page_token(on_phone) not in on_laptop and page_token(on_laptop) not in on_phone
    assert f"/t/{token}/the-others/keep" not in on_phone + on_laptop

    imported = f"/t/{token}/the-others/numbers"
    file = numbers.from_table(entered_table().state)
    for browser, page, blanks in ((phone, on_phone, 0), (laptop, on_laptop, 2)):
        sent = {**file, "hero_die": {**file["hero_die"], "blank": blanks, "hit": file["hero_die"]["hit"] - blanks}}
        answer = send_as_the_page_would(browser, page, imported, file=(io.BytesIO(json.dumps(sent).encode()), "n.json"))
        assert answer.status_code == 302 and location_path(answer) == f"/t/{token}"
        assert state_of(app, token)["facts"]["dice"]["hero"].get("blank", 0) == blanks

    kept = f"/t/{token}/the-others/keep"
    numbers_page = f"/the-others/numbers?table={token}"
    on_laptop = laptop.client.get(numbers_page).get_data(as_text=True)
    assert "Keep the numbers of the table you came from for every new table" in on_laptop
    assert send_as_the_page_would(laptop, on_laptop, kept).status_code == 302
    assert store_of(app).kept_numbers(GAME)["hero_die"]["blank"] == 2
    on_phone = phone.client.get(numbers_page).get_data(as_text=True)
    assert kept not in on_phone and "Only the server machine’s owner changes these" in on_phone
    assert phone.client.post(kept, data={"csrf_token": page_token(on_phone)}).status_code == 403
    assert f'href="/t/{token}"' in on_phone  # back to the table


# -- old tables and exports ---------------------------------------------------------------------------
def test_an_old_export_imports_and_replays_untouched_by_the_numbers_the_server_keeps(tmp_path):
    from companion.store import Store
    from tests.games.the_others.test_the_others_migration import EXPORT_KEY, exported, imported_state

    store = Store(tmp_path / "companion.sqlite3")
    try:
        store.setting("export-seal-key", lambda: EXPORT_KEY)
        store.keep_numbers(GAME, {**numbers.empty(), "hero_die": {"blank": 6}, "sin_die": {"blank": 6}})
        export = exported()
        table = store.import_table(export)
        state = store.state(table.token)[1]
        assert state == imported_state(export)
        assert store.replayed_state(table.token) == state
        # A table made now starts from the kept numbers, and replays to the same.
        made = store.create_table(GAME, "New", {"sin": "pride", "acolyte": "nun", "story": "havens_last_stand"})
        assert store.state(made.token)[1]["facts"]["dice"] == {"sin": {"blank": 6}, "hero": {"blank": 6}}
        assert store.replayed_state(made.token) == store.state(made.token)[1]
        # and its export carries them: another server imports it as it is.
        other = Store(tmp_path / "other.sqlite3")
        try:
            copied = other.import_table(store.export(made.token))
            assert other.state(copied.token)[1]["facts"] == store.state(made.token)[1]["facts"]
        finally:
            other.close()
    finally:
        store.close()


def test_the_store_keeps_one_set_per_game_and_forgets_it(tmp_path):
    from companion.store import Store

    store = Store(tmp_path / "companion.sqlite3")
    try:
        assert store.kept_numbers(GAME) is None
        store.keep_numbers(GAME, {"format": "the-others-numbers", "version": 1})
        assert store.kept_numbers(GAME) == {"format": "the-others-numbers", "version": 1}
        assert store.kept_numbers("tally") is None
        # A game whose rules keep nothing starts its tables as before.
        store.keep_numbers("tally", {"anything": 1})
        made = store.create_table("tally", "T", {"tracks": "Doom 0..30"})
        assert store.state(made.token)[1] == store.replayed_state(made.token)
        store.keep_numbers(GAME, None)
        assert store.kept_numbers(GAME) is None
    finally:
        store.close()


def test_a_hero_saved_with_no_class_chosen_keeps_none(app):
    token, phones = new_table(app)
    page = phones["Ann"].page(token)
    assert '<select name="heroes.morgana.class"><option value="" selected>—</option>' in page
    status, text = phones["Ann"].act(token, "facts.enter", **{"heroes.morgana.class": "", "heroes.morgana.combat": "3",
                                                              "heroes.morgana.skill": "2",
                                                              "heroes.morgana.defense": "1"})
    assert status == 200, text
    assert state_of(app, token)["facts"]["heroes"]["morgana"] == {"combat": 3, "skill": 2, "defense": 1}


@pytest.mark.parametrize("lang, words", [("en", "Numbers of The Others"), ("zh_Hans", "《The Others》的数值"),
                                         ("ja", "The Others の数値")])
def test_the_numbers_page_speaks_the_readers_language(app, lang, words):
    token, phones = new_table(app, lang)
    set_up_with_forms(token, phones)
    page = phones["Sina"].client.get("/the-others/numbers", headers=phones["Sina"].headers).get_data(as_text=True)
    assert words in page and "/the-others/numbers.json" in page
    assert {"en": "Import numbers", "zh_Hans": "导入数值", "ja": "数値をインポート"}[lang] in page  # the owner's
