"""Languages: English, Simplified Chinese, Japanese.

Chosen from the browser's Accept-Language, switchable on the page (kept in
the session). Each game may ship its own catalog in
companion/games/<id>/translations/. One msgid may mean different things in
different games ("Power" is 邪能 in Cthulhu Wars, 威能 in Chaos), so a
request about one game's table (its pages, regions, events, API answers,
history) reads that game's catalog first, then the shared one; every other
request reads the shared catalog first (see `catalog_folders`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from flask import Flask, current_app, request, session
from flask_babel import Babel, Domain, get_domain, get_locale, get_translations, gettext
from jinja2 import pass_eval_context
from markupsafe import Markup

from companion import PACKAGE_DIR, games
from companion.languages import LANGUAGES
from companion.rules import ActionError, Plural, translated_params


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


def catalog_folders(package: str | None = None) -> list[str]:
    """The catalogs a request reads, the last one holding a msgid winning:
    every other game's (so a name from another game is still translated),
    then the shared one (shared strings stay shared), then `package`'s own."""
    shared = PACKAGE_DIR / "translations"
    others = [games.package_dir(game) / "translations" for game in games.game_packages() if game != package]
    own = [games.package_dir(package) / "translations"] if package else []
    return [str(folder) for folder in [*others, shared, *own] if folder.is_dir()]


def translation_directories() -> str:
    """The catalogs of a request about no game in particular (Flask-Babel's default)."""
    return ";".join(catalog_folders())


def package_domain(package: str | None) -> Domain:
    """The catalogs of a game package as one Flask-Babel domain, made once
    per package and app (a domain keeps the catalogs it has loaded)."""
    domains: dict = current_app.extensions.setdefault("companion.game_domains", {})
    if package not in domains:
        domains[package] = Domain(catalog_folders(package))
    return domains[package]


def game_domain(table_type: str) -> Domain:
    """The catalogs of the game package `table_type` comes from (a table
    type from no package, a test's, reads the default ones)."""
    return package_domain(games.package_of(table_type))


def speak_for(table_type: str) -> None:
    """From here on, this request translates with `table_type`'s game's
    catalog first (a request about one table calls it once it knows the table)."""
    game_domain(table_type).as_default()


def speak_for_upload(data: object) -> None:
    """An export or a new table's JSON names its game: speak for it, if known."""
    table_type = data.get("game") if isinstance(data, dict) else None
    if isinstance(table_type, str) and table_type in games.table_types():
        speak_for(table_type)


@contextmanager
def speaking_for(table_type: str) -> Iterator[None]:
    """Within, translate with `table_type`'s game's catalog first (a page
    about several games, like the home page's new-table forms)."""
    held = get_domain()
    game_domain(table_type).as_default()
    try:
        yield
    finally:
        held.as_default()


def game_text(table_type: str, msgid: str) -> str:
    """`msgid` translated as `table_type`'s game translates it."""
    with speaking_for(table_type):
        return gettext(msgid)


def text(msgid: str) -> str:
    """`msgid` in the reader's language, as Flask-Babel's `gettext` gives it
    but through the catalog a render holds (`one_catalog`): template helpers
    that translate names call this hundreds of times per render."""
    return _translations().ugettext(msgid)


def translate_params(msgid: str, params: dict | None = None) -> str:
    """Translate an English msgid, then format it; a bad translation falls back
    to the English text rather than failing the page."""
    if isinstance(msgid, Plural) and params and isinstance(params.get("count"), int):
        translated = _translations().ungettext(str(msgid), msgid.plural, params["count"])
    else:
        translated = text(msgid)
    if not params:
        return translated
    params = translated_params(params, text, reader_language())
    try:
        return translated % params
    except (KeyError, TypeError, ValueError):
        english = msgid.plural if isinstance(msgid, Plural) and params.get("count") != 1 else msgid
        return english % params


def error_text(error: ActionError) -> str:
    """A refused action's message in the reader's language."""
    return error.text(gettext, reader_language())


def reader_language() -> str | None:
    """The reader's language ("en", "zh_Hans", "ja"), passed to the games
    for the names they keep outside the catalog (as held by a render, see
    `one_catalog`: the names in a table's regions ask for it dozens of
    times per render)."""
    held = _held_language.get()
    if held is not None:
        return held[0]
    locale = get_locale()
    return str(locale) if locale is not None else None


def html_lang() -> str:
    locale = str(get_locale())
    return locale.replace("_", "-") if locale in LANGUAGES else "en"


# The catalog of the renders in progress in this thread (see `one_catalog`).
_held_translations: ContextVar = ContextVar("companion_translations", default=None)
# And their reader's language, in a tuple (None is a language: none chosen).
_held_language: ContextVar = ContextVar("companion_language", default=None)


def _translations():
    return _held_translations.get() or get_translations()


@contextmanager
def one_catalog() -> Iterator[None]:
    """Templates rendered inside look the reader's catalog up once, not at
    each `_()`: Flask-Babel finds it through several context lookups per
    call, a tenth of the time of rendering a table's regions. The reader's
    language likewise (`reader_language`)."""
    locale = get_locale()
    held = _held_translations.set(get_translations())
    language = _held_language.set((str(locale) if locale is not None else None,))
    try:
        yield
    finally:
        _held_language.reset(language)
        _held_translations.reset(held)


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", translation_directories())
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    Babel(app, locale_selector=choose_locale)
    app.before_request(speak_for_game_blueprint)
    install_template_gettext(app.jinja_env)
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, html_lang=html_lang, current_locale=lambda: str(get_locale()),
                                 tr=translate_params, game_text=game_text)


def install_template_gettext(env) -> None:
    """`_()`, `gettext()` and `ngettext()` in templates: Jinja's new-style
    callables (autoescaped, always %-formatted) through `_translations`,
    called directly. Jinja's own wrap each `_()` in three context calls
    (the `_` alias, the new-style wrapper, the callable), a fifth of the
    time of a table's render for a page with a thousand strings."""
    @pass_eval_context
    def template_gettext(eval_ctx, string: str, **variables) -> str:
        translated = _translations().ugettext(string)
        return (Markup(translated) if eval_ctx.autoescape else translated) % variables

    @pass_eval_context
    def template_ngettext(eval_ctx, singular: str, plural: str, count: int, **variables) -> str:
        variables.setdefault("num", count)
        translated = _translations().ungettext(singular, plural, count)
        return (Markup(translated) if eval_ctx.autoescape else translated) % variables

    env.install_gettext_callables(
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        pgettext=lambda c, s: _translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().unpgettext(c, s, p, n),
        newstyle=True,
    )
    env.globals.update(_=template_gettext, gettext=template_gettext, ngettext=template_ngettext)


def game_blueprint(app: Flask, blueprint: str, game: str) -> None:
    """The routes of `blueprint` (a game package's own) speak for `game`."""
    app.extensions.setdefault("companion.blueprint_games", {})[blueprint] = game


def speak_for_game_blueprint() -> None:
    package = current_app.extensions.get("companion.blueprint_games", {}).get(request.blueprint)
    if package is not None:
        package_domain(package).as_default()
