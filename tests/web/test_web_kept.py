"""Pieces drawn once and kept (companion.web.kept)."""

from __future__ import annotations

from companion.web import i18n

TEMPLATE = """{% macro row(n) %}<li>{{ n }} {{ _('Round') }}</li>{% endmacro -%}
{% macro cell(n) %}<td>{{ n }}</td>{% endmacro -%}
{{ kept('piece', row, n) }}|{{ kept('piece', cell, n) }}"""


def draw(app, n: int, language: str = "en") -> str:
    with app.test_request_context("/", headers={"Accept-Language": language}), i18n.one_catalog():
        return app.jinja_env.from_string(TEMPLATE).render(n=n)


def test_a_piece_is_drawn_once_per_macro_arguments_and_language(app):
    pieces = app.extensions["companion.kept"]
    computed = []
    get = pieces.get
    pieces.get = lambda key, compute: get(key, lambda: computed.append(key[2]) or compute())
    assert draw(app, 3) == "<li>3 Round</li>|<td>3</td>"
    assert len(computed) == 2
    # The same arguments again (a new render of a new template module): both kept.
    assert draw(app, 3) == "<li>3 Round</li>|<td>3</td>"
    assert len(computed) == 2
    # Two macros under one name never hand each other their HTML.
    assert draw(app, 4) == "<li>4 Round</li>|<td>4</td>"
    assert len(computed) == 4
    # Another language is drawn in that language.
    japanese = draw(app, 3, "ja")
    assert japanese.startswith("<li>3 ") and "Round" not in japanese and len(computed) == 6
