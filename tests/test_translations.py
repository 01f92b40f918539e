"""The shared catalog: every marked string is translated into Simplified
Chinese and Japanese, translations keep their placeholders, the compiled .mo
files match the .po files, and the pages speak the reader's language.

When the first test fails after you added a string: run
`.venv/bin/python -m companion.translations.update`, translate the new
entries in companion/translations/*/LC_MESSAGES/messages.po, run it again."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.languages import TRANSLATED as LOCALES
from companion.translations import update
from companion.web import create_app

ACCEPT_LANGUAGE = {"zh_Hans": "zh-CN,zh;q=0.9,en;q=0.5", "ja": "ja-JP,ja;q=0.9"}
# A printf-style placeholder with its flags and conversion: "%(delta)+d" is
# not the same as "%(delta)d".
PLACEHOLDER = re.compile(r"%\((\w+)\)([-+ #0]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa])")
CSRF_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')


def msgid_text(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def translations_of(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def load_po(locale: str) -> Catalog:
    with update.po_path(locale).open("rb") as file:
        return read_po(file, locale=locale, domain=update.DOMAIN)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Catalog:
    """A fresh extraction from the working tree, written and read back like a .pot."""
    pot = tmp_path_factory.mktemp("extract") / "messages.pot"
    pot.write_bytes(update.po_bytes(update.extract()))
    with pot.open("rb") as file:
        return read_po(file)


@pytest.fixture(scope="module", params=LOCALES)
def po(request) -> Catalog:
    return load_po(request.param)


# -- (1) nothing marked is left untranslated ---------------------------------------
def test_extraction_finds_the_strings_the_app_shows(extracted):
    found = {msgid_text(m) for m in extracted if m.id}
    # One from each source: a template, a rules module's N_, an ActionError in
    # the store, a flash message, a history line.
    assert {"Undo: %(who)s %(what)s", "Tally", "Nothing to undo.", "Table deleted.", "joined as %(role)s"} <= found


def test_every_extracted_msgid_is_in_the_catalog_and_translated(extracted, po):
    catalog = {msgid_text(m): m for m in po if m.id}
    missing = sorted(msgid_text(m) for m in extracted if m.id and msgid_text(m) not in catalog)
    untranslated = sorted(msgid_text(m) for m in extracted if m.id and msgid_text(m) in catalog
                          and (catalog[msgid_text(m)].fuzzy
                               or not all(s.strip() for s in translations_of(catalog[msgid_text(m)]))))
    hint = "run `python -m companion.translations.update` and translate the new entries"
    assert not missing, f"{po.locale}: not in the .po ({hint}): {missing}"
    assert not untranslated, f"{po.locale}: untranslated or fuzzy ({hint}): {untranslated}"


def test_extraction_follows_babel_cfg(tmp_path):
    """Keywords reach N_, ActionError and tr; a game with a catalog of its own
    keeps its strings out of the shared one, a game without leaves them in."""
    (tmp_path / "companion" / "games" / "ownbook" / "translations").mkdir(parents=True)
    (tmp_path / "companion" / "games" / "plain").mkdir(parents=True)
    (tmp_path / "templates").mkdir()
    (tmp_path / "companion" / "shared.py").write_text(
        'title = N_("A title")\n'
        'raise ActionError("A refusal", field="x", name=name)\n'
        'text = translate_params("moved %(seat)s", {"seat": seat})\n'
        'flash(gettext("A flash"))\n', encoding="utf-8")
    (tmp_path / "companion" / "games" / "ownbook" / "rules.py").write_text(
        'title = N_("Only in ownbook")\n', encoding="utf-8")
    (tmp_path / "companion" / "games" / "plain" / "rules.py").write_text(
        'title = N_("A plain game")\n', encoding="utf-8")
    (tmp_path / "templates" / "page.html").write_text(
        "<p>{{ _('In a template') }} {{ tr('Dynamic', {}) }}</p>", encoding="utf-8")
    (tmp_path / "notes.py").write_text('N_("Outside companion")\n', encoding="utf-8")

    found = {msgid_text(m) for m in update.extract(tmp_path) if m.id}

    assert found == {"A title", "A refusal", "moved %(seat)s", "A flash", "In a template", "Dynamic",
                     "A plain game"}


def test_a_game_with_its_own_translations_folder_gets_its_own_catalog(tmp_path):
    """Its code, its templates in templates/games/<id>/ and in its package's
    templates/ all go to companion/games/<id>/translations/."""
    game = tmp_path / "companion" / "games" / "ownbook"
    (game / "translations").mkdir(parents=True)
    (game / "templates").mkdir()
    (tmp_path / "templates" / "games" / "ownbook").mkdir(parents=True)
    (game / "rules.py").write_text('raise ActionError("No more %(what)s.", what=what)\n', encoding="utf-8")
    (game / "templates" / "board.html").write_text("{{ _('From the package') }}", encoding="utf-8")
    (tmp_path / "templates" / "games" / "ownbook" / "tools.html").write_text(
        "{{ tr('From the shared folder', {}) }}", encoding="utf-8")

    catalogs = update.extract_all(tmp_path)

    assert set(catalogs) == {tmp_path / "companion" / "translations", game / "translations"}
    assert {msgid_text(m) for m in catalogs[game / "translations"] if m.id} == {
        "No more %(what)s.", "From the package", "From the shared folder"}
    assert not [m for m in catalogs[tmp_path / "companion" / "translations"] if m.id]


def test_updating_a_game_catalog_keeps_its_translations_and_compiles_them(tmp_path):
    folder = tmp_path / "translations"
    template = update.new_catalog()
    template.add("Hello", None, [("companion/games/x/rules.py", 1)])
    _, first_todo = update.update_catalog(template, folder)
    assert first_todo == {locale: ["Hello"] for locale in LOCALES}
    ja = update.po_path("ja", folder)
    translated = update.load_po("ja", folder)
    translated.get("Hello").string = "こんにちは"
    ja.write_bytes(update.po_bytes(translated))

    changed, todo = update.update_catalog(template, folder)

    assert todo == {"zh_Hans": ["Hello"], "ja": []}
    assert ja.with_suffix(".mo") in changed and ja not in changed
    with ja.with_suffix(".mo").open("rb") as file:
        assert read_mo(file).get("Hello").string == "こんにちは"
    assert update.update_catalog(template, folder)[0] == []  # a second run writes nothing


GAME_CATALOGS = [pytest.param(folder, locale, id=f"{game}-{locale}")
                 for game, folder in update.game_catalogs().items() for locale in LOCALES]


@pytest.mark.parametrize("folder, locale", GAME_CATALOGS)
def test_every_game_catalog_is_complete_and_compiled(folder, locale):
    """A game's own catalog is held to the shared one's standard."""
    template = update.extract_all()[folder]
    assert not update.untranslated(update.merged(template, locale, folder)), (
        f"{folder}: {locale}: run `python -m companion.translations.update` and translate the new entries")
    # A plural message's id and strings are lists in a read .mo, tuples in a .po.
    def entry(message):
        return tuple(message.id) if isinstance(message.id, (list, tuple)) else message.id, \
            tuple(message.string) if isinstance(message.string, (list, tuple)) else message.string

    translated = dict(entry(m) for m in update.load_po(locale, folder) if m.id and not m.fuzzy)
    with update.po_path(locale, folder).with_suffix(".mo").open("rb") as file:
        assert dict(entry(m) for m in read_mo(file) if m.id) == translated


# -- (2) placeholders survive translation ----------------------------------------
def test_translations_keep_the_msgid_placeholders(po):
    wrong = []
    for message in po:
        if not message.id:
            continue
        wanted = sorted(PLACEHOLDER.findall(msgid_text(message)))
        for text in translations_of(message):
            if text and sorted(PLACEHOLDER.findall(text)) != wanted:
                wrong.append((msgid_text(message), text))
    assert not wrong, f"{po.locale}: placeholders differ: {wrong}"


def sample_params(msgid: str) -> dict:
    return {name: (7 if spec[-1] in "diouxXc" else 2.5 if spec[-1] in "eEfFgG" else "Zed")
            for name, spec in PLACEHOLDER.findall(msgid)}


def test_translations_format_like_their_msgid(po):
    """A stray % would make the page fall back to English (Python) or fail to
    render (templates always format)."""
    broken = []
    for message in po:
        if not message.id:
            continue
        params = sample_params(msgid_text(message))
        try:
            msgid_text(message) % params
        except (KeyError, TypeError, ValueError):
            continue  # not a format string in English either
        for text in translations_of(message):
            try:
                text % params
            except (KeyError, TypeError, ValueError) as error:
                broken.append((msgid_text(message), text, repr(error)))
    assert not broken, f"{po.locale}: {broken}"


def test_plus_sign_format_survives():
    for locale in LOCALES:
        catalog = load_po(locale)
        text = catalog.get("%(track)s %(delta)+d").string
        assert text % {"track": "Doom", "delta": 3} == "Doom +3"
        assert text % {"track": "Doom", "delta": -2} == "Doom -2"


# -- (3) the compiled catalogs are current ------------------------------------------
@pytest.mark.parametrize("locale", LOCALES)
def test_mo_file_matches_po_file(locale):
    catalog = load_po(locale)
    # A plural message's id and strings are lists in a read .mo, tuples in a .po.
    def entry(message):
        return tuple(message.id) if isinstance(message.id, (list, tuple)) else message.id, \
            tuple(message.string) if isinstance(message.string, (list, tuple)) else message.string

    expected = dict(entry(m) for m in catalog if m.id and not m.fuzzy and all(translations_of(m)))
    with update.po_path(locale).with_suffix(".mo").open("rb") as file:
        compiled = dict(entry(m) for m in read_mo(file) if m.id)
    assert compiled == expected, "the .mo is stale: run `python -m companion.translations.update`"


# -- (4) the pages speak the reader's language ---------------------------------------
def translation(locale: str, msgid: str, **params) -> str:
    text = load_po(locale).get(msgid).string
    assert text and text != msgid, f"{msgid!r} is not translated into {locale}"
    return text % params if params else text


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "companion.sqlite3"), "TESTING": True,
                       "PUBLIC_URL": "http://127.0.0.1:8000"})


def page_text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def seated_table(app, headers: dict) -> tuple:
    """The host's client, created a tally table and took a seat in it."""
    client = app.test_client()
    home = client.get("/", headers=headers)
    csrf = CSRF_FIELD.search(home.get_data(as_text=True)).group(1)
    created = client.post("/tables", headers=headers, data={
        "csrf_token": csrf, "game": "tally", "name": "Friday", "tracks": "Doom 0..30", "counters": "VP 0..99"})
    assert created.status_code == 302
    token = created.headers["Location"].rstrip("/").split("/")[-2]
    joined = client.post(f"/t/{token}/seats", headers=headers,
                         data={"csrf_token": csrf, "name": "Mei", "role": "player"})
    assert joined.status_code == 302
    return client, token, csrf


@pytest.mark.parametrize("locale", LOCALES)
def test_home_page_is_translated(app, locale):
    headers = {"Accept-Language": ACCEPT_LANGUAGE[locale]}
    text = page_text(app.test_client().get("/", headers=headers))
    for msgid in ("Tables", "New table", "Create table", "Import a table"):
        assert translation(locale, msgid) in text
    assert ">Create table<" not in text
    # Dynamic msgids from the rules module: the game's title, its field labels
    # and the default tracks.
    assert translation(locale, "Tally") in text
    assert translation(locale, "Shared tracks, one per line") in text
    assert translation(locale, "Doom 0..30") in text
    assert f'lang="{"zh-Hans" if locale == "zh_Hans" else "ja"}"' in text


@pytest.mark.parametrize("locale", LOCALES)
def test_table_page_is_translated(app, locale):
    headers = {"Accept-Language": ACCEPT_LANGUAGE[locale]}
    client, token, csrf = seated_table(app, headers)
    client.post(f"/t/{token}/act", headers={**headers, "X-CSRF-Token": csrf, "HX-Request": "true"},
                data={"type": "track.adjust", "track": "t1", "delta": "2"})
    text = page_text(client.get(f"/t/{token}", headers=headers))
    assert f">{translation(locale, 'Undo: %(who)s %(what)s', who='Mei', what='Doom +2')}</span></button>" in text
    assert ">Undo: " not in text
    assert translation(locale, "Leave this seat") in text
    # The history: the seat joined, with its role translated.
    history = page_text(client.get(f"/t/{token}/history", headers=headers))
    assert translation(locale, "joined as %(role)s", role=translation(locale, "Player")) in history


@pytest.mark.parametrize("locale", LOCALES)
def test_refused_action_message_is_translated(app, locale):
    headers = {"Accept-Language": ACCEPT_LANGUAGE[locale]}
    client, token, csrf = seated_table(app, headers)
    refused = client.post(f"/t/{token}/act", headers={**headers, "HX-Request": "true", "X-CSRF-Token": csrf},
                          data={"type": "track.adjust", "track": "t1", "delta:int": "-1"})
    assert refused.status_code == 422
    assert page_text(refused).strip() == translation(locale, "%(name)s can't go below %(min)d.", name="Doom", min=0)

    nothing = client.post(f"/t/{token}/undo", headers={**headers, "HX-Request": "true", "X-CSRF-Token": csrf})
    assert nothing.status_code == 422
    assert page_text(nothing).strip() == translation(locale, "Nothing to undo.")


@pytest.mark.parametrize("locale", LOCALES)
def test_api_errors_are_translated(app, locale):
    headers = {"Accept-Language": ACCEPT_LANGUAGE[locale]}
    client = app.test_client()
    created = client.post("/api/tables", headers=headers, json={"game": "tally", "name": "Friday",
                                                                 "options": {"tracks": "Doom 0..30"}})
    token = created.get_json()["token"]
    seat = client.post(f"/api/tables/{token}/seats", headers=headers, json={"name": "Mei", "role": "player"})
    key = seat.get_json()["key"]
    refused = client.post(f"/api/tables/{token}/actions", headers={**headers, "X-Seat-Key": key},
                          json={"type": "track.adjust", "payload": {"track": "t1", "delta": 31}})
    assert refused.status_code == 400
    assert refused.get_json()["error"] == translation(locale, "%(name)s can't go above %(max)d.", name="Doom", max=30)
    missing = client.get("/api/tables/no-such-table", headers=headers)
    assert missing.status_code == 404
    assert missing.get_json()["error"] == translation(locale, "Not found.")


@pytest.mark.parametrize("locale", LOCALES)
def test_error_pages_are_translated(app, locale):
    headers = {"Accept-Language": ACCEPT_LANGUAGE[locale]}
    client = app.test_client()
    missing = client.get("/t/no-such-table", headers=headers)
    assert missing.status_code == 404
    assert translation(locale, "Not found") in page_text(missing)
    forged = client.post("/t/no-such-table/delete", headers=headers, data={"csrf_token": "forged"})
    assert forged.status_code == 403
    assert translation(
        locale, "This page was open too long or in another browser. Reload it and try again.") in page_text(forged)


def test_english_is_the_default(app):
    text = page_text(app.test_client().get("/", headers={"Accept-Language": "de-DE"}))
    assert ">Create table<" in text
    assert 'lang="en"' in text


@pytest.mark.parametrize(("header", "expected"), [
    ("en-US,ja;q=0.5", "en"),  # English first, though only "ja" is an exact tag we ship
    ("ja-JP", "ja"),
    ("zh-Hans-CN,zh;q=0.9", "zh_Hans"),
    ("zh-TW", "zh_Hans"),  # the nearest we have
    ("fr-FR,ja;q=0.8,en;q=0.5", "ja"),
    ("ja;q=0.4,en-GB;q=0.9", "en"),
    ("de", "en"),
])
def test_accept_language_picks_the_most_preferred_language_we_ship(app, header, expected):
    text = page_text(app.test_client().get("/", headers={"Accept-Language": header}))
    shown = translation(expected, "Create table") if expected != "en" else "Create table"
    assert f">{shown}<" in text


def test_chosen_language_beats_accept_language(app):
    client = app.test_client()
    home = client.get("/", headers={"Accept-Language": "ja"})
    csrf = CSRF_FIELD.search(home.get_data(as_text=True)).group(1)
    client.post("/lang", data={"csrf_token": csrf, "lang": "zh_Hans", "next": "/"})
    text = page_text(client.get("/", headers={"Accept-Language": "ja"}))
    assert translation("zh_Hans", "Create table") in text
    assert translation("ja", "Create table") not in text


def test_catalog_files_live_where_flask_babel_looks():
    folder = Path(update.__file__).parent
    for locale in LOCALES:
        assert (folder / locale / "LC_MESSAGES" / "messages.mo").is_file()
