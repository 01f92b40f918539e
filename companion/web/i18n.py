"""Languages: English, Simplified Chinese, Japanese.

Chosen from the browser's Accept-Language, switchable on the page (kept in
the session). Each game may ship its own catalog in
companion/games/<id>/translations/, merged with the shared one.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from flask import Flask, request, session
from flask_babel import Babel, get_locale, get_translations, gettext

from companion import PACKAGE_DIR, games
from companion.languages import LANGUAGES
from companion.rules import ActionError, translated_params


def choose_locale() -> str:
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return language_for(request.accept_languages)


def language_for(accepted) -> str:
    """The reader's most preferred language we have, by primary tag: "en-US,
    ja;q=0.5" is English (an exact-match-first search would pick ja), and any
    Chinese gets Simplified Chinese, the only Chinese we ship."""
    for tag, _quality in accepted:  # most preferred first
        primary = tag.replace("_", "-").split("-")[0].lower()
        if primary == "zh":
            return "zh_Hans"
        if primary in LANGUAGES:
            return primary
    return "en"


def translation_directories() -> str:
    folders = [PACKAGE_DIR / "translations"]
    folders += [games.package_dir(game) / "translations" for game in games.game_packages()]
    return ";".join(str(f) for f in folders if f.is_dir())


def translate_params(msgid: str, params: dict | None = None) -> str:
    """Translate an English msgid, then format it; a bad translation falls back
    to the English text rather than failing the page."""
    text = gettext(msgid)
    if not params:
        return text
    params = translated_params(params, gettext)
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return msgid % params


def error_text(error: ActionError) -> str:
    """A refused action's message in the reader's language."""
    return error.text(gettext)


def html_lang() -> str:
    locale = str(get_locale())
    return locale.replace("_", "-") if locale in LANGUAGES else "en"


# The catalog of the renders in progress in this thread (see `one_catalog`).
_held_translations: ContextVar = ContextVar("companion_translations", default=None)


def _translations():
    return _held_translations.get() or get_translations()


@contextmanager
def one_catalog() -> Iterator[None]:
    """Templates rendered inside look the reader's catalog up once, not at
    each `_()`: Flask-Babel finds it through several context lookups per
    call, a tenth of the time of rendering a table's regions."""
    held = _held_translations.set(get_translations())
    try:
        yield
    finally:
        _held_translations.reset(held)


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", translation_directories())
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    Babel(app, locale_selector=choose_locale)
    # Flask-Babel's own callables, but through `_translations`.
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        pgettext=lambda c, s: _translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().unpgettext(c, s, p, n),
        newstyle=True,
    )
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, html_lang=html_lang, current_locale=lambda: str(get_locale()),
                                 tr=translate_params)
