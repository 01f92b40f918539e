"""The language mechanism: Accept-Language picks the page's language, the
/lang switch overrides it for the session, and live regions are rendered in
each viewer's own language. (The wording of the catalogs is tested in
tests/test_translations.py.)"""

from __future__ import annotations

import html
import re

import pytest
from flask_babel import Domain, force_locale, gettext

from web_support import csrf_from, has_version, open_stream, seat_key


def html_lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def selected_language(page: str) -> str:
    return re.search(r'<option value="([^"]+)" selected>', page).group(1)


def translated(app, locale: str, msgid: str) -> str:
    with app.test_request_context(), force_locale(locale):
        return gettext(msgid)


@pytest.mark.parametrize("header, lang, option", [
    ("zh-CN,zh;q=0.9", "zh-Hans", "zh_Hans"),
    ("zh-Hans", "zh-Hans", "zh_Hans"),
    ("ja", "ja", "ja"),
    ("ja-JP,en;q=0.5", "ja", "ja"),
    ("en-GB", "en", "en"),
    ("fr-FR", "en", "en"),
])
def test_accept_language_sets_the_page_language(new_phone, header, lang, option):
    phone = new_phone()
    page = phone.client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert html_lang(page) == lang
    assert selected_language(page) == option


def test_no_accept_language_is_english(new_phone):
    page = new_phone().page("/")
    assert html_lang(page) == "en"


def test_the_language_switch_persists_in_the_session(app, table, alice, new_phone):
    alice.csrf = csrf_from(alice.page(f"/t/{table}"))
    response = alice.post("/lang", {"lang": "ja", "next": f"/t/{table}"})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/t/{table}"
    # Every later page on this phone is Japanese, whatever the browser asks for.
    for path in (f"/t/{table}", f"/t/{table}/history", f"/t/{table}/qr", "/"):
        page = alice.client.get(path, headers={"Accept-Language": "en"}).get_data(as_text=True)
        assert html_lang(page) == "ja", path
    assert translated(app, "ja", "History") in alice.page(f"/t/{table}/history")
    # Another phone is not affected.
    assert html_lang(new_phone().page(f"/t/{table}")) == "en"


def test_switching_back_to_english(table, alice):
    alice.csrf = csrf_from(alice.page(f"/t/{table}"))
    alice.post("/lang", {"lang": "zh_Hans", "next": "/"})
    assert html_lang(alice.page("/")) == "zh-Hans"
    alice.post("/lang", {"lang": "en", "next": "/"})
    assert html_lang(alice.client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)) == "en"


def test_an_unknown_language_is_ignored(table, alice):
    alice.csrf = csrf_from(alice.page("/"))
    alice.post("/lang", {"lang": "ja", "next": "/"})
    response = alice.post("/lang", {"lang": "klingon", "next": "/"})
    assert response.status_code == 302
    assert html_lang(alice.page("/")) == "ja"


def test_action_messages_follow_the_chosen_language(app, table, alice):
    alice.csrf = csrf_from(alice.page("/"))
    alice.post("/lang", {"lang": "ja", "next": "/"})
    response = alice.act("track.adjust", track="t1", **{"delta:int": "x"})
    assert response.status_code == 422
    assert response.get_data(as_text=True) == translated(app, "ja", "Enter a whole number.")


def test_live_regions_come_in_each_viewers_language(app, table, alice, new_phone):
    # Two table displays of the same table at the same version, one reading
    # Japanese: the region cache must keep their renders apart.
    player_ja, player_en = (translated(app, "ja", "Everyone’s counters"),
                            translated(app, "en", "Everyone’s counters"))
    assert player_ja != player_en
    english, japanese = new_phone(), new_phone()
    japanese.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ja"
    texts = {}
    for name, viewer in (("en", english), ("ja", japanese), ("en again", english)):
        with open_stream(viewer, f"/t/{table}/events?view=display") as stream:
            texts[name] = stream.read(until=has_version)
    assert f">{player_en}</h2>" in texts["en"] and f">{player_ja}</h2>" not in texts["en"]
    assert f">{player_ja}</h2>" in texts["ja"] and f">{player_en}</h2>" not in texts["ja"]
    assert texts["en again"] == texts["en"]
    assert html_lang(japanese.page(f"/t/{table}/display")) == "ja"
    assert f">{player_ja}</h2>" in japanese.page(f"/t/{table}/display")


def test_a_refusal_whose_translation_is_broken_is_shown_in_english(monkeypatch, table, alice, client):
    # A translator renamed a placeholder: the message is formatted in English,
    # not shown with its %(…)s raw.
    broken = {"%(name)s can't go above %(max)d.": "%(nom)s > %(max)d"}
    real = Domain.gettext
    monkeypatch.setattr(Domain, "gettext", lambda self, msgid, **kw: broken.get(msgid) or real(self, msgid, **kw))
    refused = alice.act("track.adjust", track="t1", **{"delta:int": "99"})
    assert refused.status_code == 422
    assert html.unescape(refused.get_data(as_text=True)) == "Doom can't go above 30."
    response = client.post(f"/api/tables/{table}/actions", headers={"X-Seat-Key": seat_key(alice, table)},
                           json={"type": "track.adjust", "payload": {"track": "t1", "delta": 99}})
    assert response.get_json()["error"] == "Doom can't go above 30."


def test_a_plural_msgid_takes_the_form_its_count_asks_for(app):
    from companion.rules import NP_
    from companion.web.i18n import translate_params

    signs = NP_("drew %(count)d elder sign", "drew %(count)d elder signs")
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert translate_params(signs, {"count": 1}) == "drew 1 elder sign"
        assert translate_params(signs, {"count": 3}) == "drew 3 elder signs"


def test_plural_msgids_are_extracted_with_their_plural_form(tmp_path):
    from companion.translations import update

    (tmp_path / "companion").mkdir()
    (tmp_path / "companion" / "game.py").write_text(
        'from companion.rules import NP_\n'
        'LINE = NP_("took %(count)d wound", "took %(count)d wounds")\n', encoding="utf-8")
    found = [msgid for _, _, msgid, _, _ in update.marked_strings(tmp_path)]
    assert ("took %(count)d wound", "took %(count)d wounds") in found


def test_template_strings_translate_escape_their_values_and_format_as_jinja_does(app):
    """`_()`, `gettext()` and `ngettext()` in templates (called directly, not
    through Jinja's wrappers): translated, the values escaped, `%%` a percent
    sign, `num` given to ngettext, as Jinja's new-style gettext does."""
    from flask import render_template_string
    source = ('{{ _("Players") }}|{{ _("%(name)s", name="<b>") }}|{{ gettext("100%%") }}|'
              '{{ ngettext("%(num)d die", "%(num)d dice", 3) }}|{{ ngettext("%(num)d die", "%(num)d dice", 1) }}')
    with app.test_request_context(), force_locale("en"):
        assert render_template_string(source) == "Players|&lt;b&gt;|100%|3 dice|1 die"
    with app.test_request_context(), force_locale("zh_Hans"):
        assert render_template_string('{{ _("Players") }}') == translated(app, "zh_Hans", "Players") != "Players"
