"""The games this app knows, discovered from the sub-packages of this package.

A game package (``companion/games/<id>/``) may provide:

- ``rules.py`` with ``RULES``: a `companion.rules.Rules` instance, which makes
  it a table type people can create; a game with several table types (a
  scenario and a campaign) gives each further one a sub-package of its own
  with its own ``rules.py`` and ``RULES`` (``<id>/campaign/rules.py``);
- ``web.py``: hooks the app calls with its ``Platform`` (companion/web/hookspecs.py):
  ``blueprint(platform)`` for routes of its own, ``template_globals(platform)``
  and ``template_filters(platform)`` for its templates' helpers,
  ``after_action(platform, token, action, state)`` after each action a seat sends;
- ``cli.py`` with ``add_commands(subparsers)``: extra ``companion`` commands;
- ``templates/``: its page templates, found as ``games/<id>/<name>.html``
  (as are those in the shared ``templates/games/<id>/``);
- ``static/``: files served at ``/games/<id>/static/<name>``; its
  ``static/game.css``, if there, is linked in the <head> of every page of a
  table of any of its table types (so the shared app.css names no game);
- ``translations/``: its own catalog, read before the shared one on its
  tables' pages and API answers (see companion.web.i18n).

Nothing outside the game's own package lists it, so adding a game touches no
shared code.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path
from types import ModuleType

from companion.rules import Rules


def game_packages() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def package_dir(game: str) -> Path:
    """The game's package folder, where its own templates, static files and
    translations live (inside an installed wheel too)."""
    return Path(__file__).resolve().parent / game


def optional_module(game: str, name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{__name__}.{game}.{name}")
    except ModuleNotFoundError as error:
        if error.name == f"{__name__}.{game}.{name}":
            return None
        raise


def has_rules(folder: Path) -> bool:
    """Whether a package folder holds a ``rules`` module (looked at without
    importing the package, so build-time ones like ``convert/`` stay unloaded)."""
    return any(m.name == "rules" for m in pkgutil.iter_modules([str(folder)]))


def rules_modules(game: str) -> list[ModuleType]:
    """The game's ``rules`` module and those of its direct sub-packages."""
    places = [game] + sorted(f"{game}.{m.name}" for m in pkgutil.iter_modules([str(package_dir(game))])
                             if m.ispkg and has_rules(package_dir(game) / m.name))
    return [module for place in places if (module := optional_module(place, "rules")) is not None]


@cache
def table_types() -> dict[str, Rules]:
    """Every game that can be played at a table, by id."""
    found = {}
    for game in game_packages():
        for module in rules_modules(game):
            if isinstance(getattr(module, "RULES", None), Rules):
                found[module.RULES.id] = module.RULES
    return found


def package_of(game_id: str) -> str | None:
    """The game package a table type comes from (a sub-package's table type,
    like Gloomhaven's campaign, belongs to its parent package); None for one
    defined elsewhere (a test's) or no longer installed."""
    try:
        module = type(rules_for(game_id)).__module__
    except KeyError:
        return None
    prefix = f"{__name__}."
    return module.removeprefix(prefix).split(".")[0] if module.startswith(prefix) else None


STYLESHEET = "game.css"


def stylesheet_package(game_id: str) -> str | None:
    """The package whose static/game.css styles this table type, if it ships one."""
    package = package_of(game_id)
    return package if package and (package_dir(package) / "static" / STYLESHEET).is_file() else None


def rules_for(game_id: str) -> Rules:
    try:
        return table_types()[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None
