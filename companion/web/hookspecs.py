"""What a game's optional `web.py` may add to the app, and what of the
platform it may use: the one declared interface between a game and the web
layer (as Datasette's hookspecs). A game never imports the platform's
internals (`companion.web.*` other than this module, `companion.store`);
each hook is handed the `Platform` instead (a test checks both).

A game's `web.py` may define any of these functions; the app calls the
first three once, when it is made, with its `Platform`:

- `blueprint(platform) -> flask.Blueprint`: the game's own routes (an API of
  its own); their answers speak the game's catalog.
- `template_globals(platform) -> dict[str, callable]`: functions its templates
  call, e.g. a name in the reader's language.
- `template_filters(platform) -> dict[str, callable]`: filters, likewise.
- `after_action(platform, token, action, state)`: after an action a seat or
  the host sent (from the pages or the API) is applied at table `token` of
  this game and kept: the action as logged (with what it drew) and the new
  state, whole and read only. Not called for the actions the game's own
  routes make through `Platform.act` (they change what they mean to), for
  undos, imports or replays.

Template helpers only put what a view gives into words; what a template
shows still comes from the game's `view` (templates look nothing up)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import ModuleType

from flask import Blueprint, Flask

from companion import games
from companion.rules import Action, ActionError
from companion.web import i18n, security
from companion.web.kept import Kept

#: Every hook a game's web.py may define (each takes the Platform).
HOOKS = ("blueprint", "template_globals", "template_filters", "after_action")


class Platform:
    """The platform as a game's web hooks see it: words in the language of
    the request being answered, other tables read, who is asking, and the
    few things a game may change (an action, the numbers kept for new tables)."""

    def __init__(self, app: Flask):
        self._app = app
        self._acting = threading.local()  # an action of a game's own route going on, in this thread

    # -- words --------------------------------------------------------------
    def reader_language(self) -> str | None:
        """The reader's language ("en", "zh_Hans", "ja"), for the names a
        game keeps outside its catalog."""
        return i18n.reader_language()

    def text(self, msgid: str) -> str:
        """`msgid` in the reader's language, through the game's catalog and then the shared one."""
        return i18n.text(msgid)

    def error_text(self, error: ActionError) -> str:
        """A refusal's message in the reader's language."""
        return i18n.error_text(error)

    # -- drawings kept between renders --------------------------------------
    def kept_drawings(self, size: int) -> Kept:
        """A bounded cache (`get(key, compute)`, threads welcome) for drawings a
        game's template helpers make once and reuse, like the one the
        templates' `kept` uses (companion/web/kept.py)."""
        return Kept(size)

    # -- other tables on this server (never shown to a seat as they are) -----
    def tables(self, game: str) -> list[str]:
        """The tokens of the tables of table type `game`, newest first."""
        return [table.token for table in self._store().tables() if table.game == game]

    def state(self, token: str) -> dict | None:
        """A table's whole state (secrets included: a game uses it to work
        something out, never to show it), or None when there is no such table."""
        store = self._store()
        if store.table(token) is None:
            return None
        return store.state(token)[1]

    def table_game(self, token: str) -> str | None:
        """The table type of table `token`, or None when there is no such table."""
        table = self._store().table(token)
        return table.game if table is not None else None

    # -- who is asking (a page's or a route's question: a live region is
    # rendered once for every browser on a seat, and asking there is an error)
    def is_owner(self) -> bool:
        """The request comes from the server machine itself (its owner)."""
        return security.is_local_request()

    def seat_here(self, token: str) -> str | None:
        """The id of the seat this request speaks for at table `token`, or None."""
        table = self._store().table(token)
        seat = security.current_seat(table) if table is not None else None
        return seat.id if seat is not None else None

    def is_host(self, token: str) -> bool:
        """The request holds table `token`'s host key."""
        table = self._store().table(token)
        return table is not None and security.is_host(table)

    # -- what a game may change -----------------------------------------------
    def act(self, token: str, seat_id: str | None, action_type: str, payload: dict) -> int:
        """An action at table `token`, as if sent from that seat's phone (every
        phone hears of it); refused with ActionError. The new version."""
        self._acting.now = True
        try:
            return self._store().act(token, seat_id, action_type, payload)
        finally:
            self._acting.now = False

    def kept_numbers(self, game: str) -> dict | None:
        """What the server keeps for every new table of `game` (a group's
        printed numbers), or None."""
        return self._store().kept_numbers(game)

    def keep_numbers(self, game: str, numbers: dict | None) -> None:
        """Keep `numbers` for every new table of `game` (None: keep none).
        Only for the owner's requests: the game checks `is_owner` first."""
        self._store().keep_numbers(game, numbers)

    def _store(self):
        return self._app.extensions["companion.store"]

    def _after_action(self, game: str, hook: Callable) -> Callable:
        """A store listener calling game package `game`'s `after_action` for
        the tables of its table types."""
        def heard(table, action: Action, state: dict) -> None:
            if games.package_of(table.game) == game and not getattr(self._acting, "now", False):
                hook(self, table.token, action, state)
        return heard


def install(app: Flask, game: str, module: ModuleType, platform: Platform) -> None:
    """Call the hooks a game's web module defines and add what they give to the app."""
    make: Callable | None = getattr(module, "blueprint", None)
    if make is not None:
        blueprint = make(platform)
        if not isinstance(blueprint, Blueprint):
            raise TypeError(f"{module.__name__}.blueprint(platform) gave {blueprint!r}, not a Blueprint")
        app.register_blueprint(blueprint)
        i18n.game_blueprint(app, blueprint.name, game)
    for name, function in (getattr(module, "template_globals", lambda _: {})(platform)).items():
        app.add_template_global(function, name)
    for name, function in (getattr(module, "template_filters", lambda _: {})(platform)).items():
        app.add_template_filter(function, name)
    after: Callable | None = getattr(module, "after_action", None)
    if after is not None:
        platform._store().action_listeners.append(platform._after_action(game, after))
