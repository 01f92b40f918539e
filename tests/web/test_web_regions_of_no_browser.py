"""A table's live regions are rendered once and sent to every browser showing
that seat (companion.web.render): a phone and a laptop on one seat get the
render the first of them asked for. So no region holds anything of the
browser it was rendered for: not its session's CSRF token, not a host key,
not whether it is the host or the server machine. Checked by rendering every
table type's regions for each seat and the display, at tables played into
many states, as a browser holding a CSRF token, the host key and a seat, on
the server machine; and in the templates' source, for the states a short
play never reaches."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from flask import session

from companion.games import package_dir, table_types
from companion.rules import ActionError
from companion.web import render, security
from tests.reliability.test_reliability_game_actions import OPTIONS, SETUP
from tests.web.test_web_seat_alike import play_one_step

STEPS = 30
SESSION_CSRF = "the-first-browsers-own-csrf-token"
ROOT = Path(__file__).resolve().parents[2]


def played(store, game: str):
    """A table of `game` with a seat per role (up to four), brought into play
    as the reliability tests do and played on: its seats and their keys
    after each change."""
    rules = table_types()[game]
    token = store.create_table(game, "Regions", OPTIONS.get(game, {})).token
    roles = [role.id for role in rules.roles() for _ in range(min(role.max_seats or 4, 4))]
    seats, keys = [], []
    for number, role_id in enumerate(roles[:4]):
        try:
            seat, key = store.join(token, f"P{number}", role_id)
        except ActionError:
            continue
        seats.append(seat)
        keys.append(key)
    yield token, seats, keys
    for number, type, payload in SETUP.get(game, []):
        try:
            store.act(token, None if number is None else seats[number % len(seats)].id, type, payload)
        except ActionError:
            pass
        yield token, seats, keys
    rng = random.Random(game)
    for step in range(STEPS):
        play_one_step(store, rules, token, seats, rng, game, step)
        yield token, seats, keys


def regions_for_the_hosts_browser(app, store, token: str, seats, keys) -> dict[str, str]:
    """Every seat's regions and the display's, rendered for a browser on the
    server machine holding the session's CSRF token, the host key and the
    first seat's key: (viewer, region) -> HTML."""
    table = store.table(token)
    version = store.state(token)[0]
    with app.test_request_context(environ_base={"REMOTE_ADDR": "127.0.0.1"}):
        session["csrf"] = SESSION_CSRF
        session["hosts"] = {token: table.host_key}
        session["seats"] = {token: keys[0]} if keys else {}
        html = {(seat.id, name): text for seat in seats
                for name, text in render.regions(table, seat, False, known_version=version)[1].items()}
        html |= {("display", name): text
                 for name, text in render.regions(table, None, True, known_version=version)[1].items()}
    return html


@pytest.mark.parametrize("game", sorted(table_types()))
def test_no_region_holds_the_csrf_token_or_a_key_of_the_browser_it_was_rendered_for(app, store, game):
    checked = 0
    for token, seats, keys in played(store, game):
        secrets = [SESSION_CSRF, store.table(token).host_key, *keys]
        for (viewer, name), html in regions_for_the_hosts_browser(app, store, token, seats, keys).items():
            assert not [secret for secret in secrets if secret in html], (game, viewer, name)
            checked += 1
    assert checked


def test_while_a_region_is_rendered_the_token_is_empty_and_who_the_browser_is_has_no_answer(app, store):
    table = store.create_table("tally", "Asked", OPTIONS["tally"])
    with app.test_request_context(environ_base={"REMOTE_ADDR": "127.0.0.1"}):
        session["hosts"] = {table.token: table.host_key}
        token = security.csrf_token()
        with security.for_every_browser():
            assert security.csrf_token() == ""
            for asked in (security.is_local_request, lambda: security.is_host(table),
                          lambda: security.current_seat(table)):
                with pytest.raises(RuntimeError, match="live region"):
                    asked()
        # A page rendered for this request alone has them.
        assert security.csrf_token() == token and security.is_host(table) and security.is_local_request()


# -- the templates' source --------------------------------------------------------------------------
#: What a template reads of one browser's request: its cookie (session), the request itself.
OF_ONE_BROWSER = re.compile(r"\b(session|request)\s*[.\[]")


def region_templates() -> list[Path]:
    """The templates a live region is rendered from, with what they import:
    every game's, the platform's regions and kit, the shared macros. Not the
    pages (they extend base.html and are rendered per request) nor a game's
    tools.html (included in the seat's page, per request)."""
    folders = [ROOT / "templates" / "games", ROOT / "templates" / "regions", ROOT / "templates" / "kit"]
    folders += [package_dir(game) / "templates" for game in table_types() if (package_dir(game) / "templates").is_dir()]
    found = [path for folder in folders for path in folder.rglob("*.html")] + [ROOT / "templates" / "_macros.html"]
    return [path for path in found if path.name != "tools.html"
            and '{% extends "base.html" %}' not in path.read_text(encoding="utf-8")]


def test_the_region_templates_read_nothing_of_one_browser():
    templates = region_templates()
    assert any(path.name == "controls.html" and "the_others" in str(path) for path in templates)
    readers = [str(path.relative_to(ROOT)) for path in templates
               if OF_ONE_BROWSER.search(path.read_text(encoding="utf-8"))]
    assert readers == []
