"""The contract every table type the server offers keeps, checked as a whole
over all of them (as Datasette tests its plugin hooks with one test plugin):
a new table from the creation form's defaults is a valid state, every action
is declared with documented, distinct fields, and rules modules stay pure
(no web, no storage)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from companion.games import package_dir, table_types
from companion.rules import Rules

TABLE_TYPES = sorted(table_types())
GAMES_DIR = Path(package_dir("tally")).parent
#: Adapters that may reach the platform: a game's web routes and command line.
ADAPTERS = {"web.py", "cli.py"}
#: What a rules module never imports: the web layer, the store, the server.
IMPURE = ("flask", "flask_babel", "sqlite_utils", "sqlite3", "waitress", "companion.web", "companion.store",
          "companion.serve", "companion.live")


def default_options(rules: Rules) -> dict:
    return {field["name"]: field["default"] for field in rules.setup_fields() if "default" in field}


@pytest.mark.parametrize("game", TABLE_TYPES)
def test_a_new_table_from_the_forms_defaults_passes_its_own_check(game):
    rules = table_types()[game]
    try:
        state = rules.initial_state(default_options(rules))
    except Exception as refusal:  # a type whose form has no sensible default for some option
        pytest.skip(f"needs options: {refusal}")
    rules.check_state(state)
    json.dumps(state)  # a state is stored as JSON


@pytest.mark.parametrize("game", TABLE_TYPES)
def test_every_action_is_declared_once_with_a_description_and_distinct_fields(game):
    rules = table_types()[game]
    specs = rules.actions()
    types = [spec.type for spec in specs]
    assert len(set(types)) == len(types)
    for spec in specs:
        names = [field.name for field in spec.fields]
        assert spec.doc.strip(), spec.type
        assert len(set(names)) == len(names), spec.type
        json.dumps(spec.describe())  # GET /api/games lists it


@pytest.mark.parametrize("game", TABLE_TYPES)
def test_every_action_is_documented_in_the_api_reference(game):
    reference = (Path(__file__).resolve().parent.parent / "docs" / "api.md").read_text(encoding="utf-8")
    missing = [spec.type for spec in table_types()[game].actions() if f"`{spec.type}`" not in reference]
    assert missing == []


def imports_of(path: Path, relative_too: bool = False) -> set[str]:
    """The modules a file imports; with `relative_too`, what it imports from
    them too (`from companion.web import i18n` is companion.web.i18n)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if relative_too:  # the names imported, each under its module
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
            else:
                names.add(node.module)
    return names


def rules_files() -> list[Path]:
    kit = GAMES_DIR.parent / "kit"
    files = list(kit.rglob("*.py")) + [GAMES_DIR.parent / "rules.py", GAMES_DIR.parent / "randomness.py"]
    for path in GAMES_DIR.rglob("*.py"):
        if path.name not in ADAPTERS and "web" not in path.relative_to(GAMES_DIR).parts[:-1]:
            files.append(path)
    return sorted(files)


@pytest.mark.parametrize("path", rules_files(), ids=lambda p: str(p.relative_to(GAMES_DIR.parent)))
def test_rules_modules_import_no_web_or_storage_code(path):
    impure = sorted(name for name in imports_of(path) if any(name == bad or name.startswith(bad + ".")
                                                           for bad in IMPURE))
    assert impure == []


#: What no module of a game imports, adapters included: the platform's
#: internals. A game's web.py gets what it needs from the Platform its hooks are
#: handed (companion/web/hookspecs.py, the one module of the web layer it may name).
PLATFORM_INTERNALS = ("companion.web", "companion.store", "companion.serve", "companion.live", "companion.sealing")
PLATFORM_INTERFACE = ("companion.web.hookspecs",)


@pytest.mark.parametrize("path", sorted(GAMES_DIR.rglob("*.py")), ids=lambda p: str(p.relative_to(GAMES_DIR.parent)))
def test_no_game_module_reaches_into_the_platform(path):
    reached = sorted(name for name in imports_of(path, relative_too=True)
                     if not any(name == ok or name.startswith(ok + ".") for ok in PLATFORM_INTERFACE)
                     and any(name == bad or name.startswith(bad + ".") for bad in PLATFORM_INTERNALS))
    assert reached == [], "use the Platform handed to the game's web hooks (companion/web/hookspecs.py)"


def test_a_game_web_module_defines_only_declared_hooks():
    from companion.games import game_packages, optional_module
    from companion.web.hookspecs import HOOKS

    for game in game_packages():
        module = optional_module(game, "web")
        if module is None:
            continue
        offered = [name for name in ("blueprint", "template_globals", "template_filters", "after_action",
                                     "context_processor") if hasattr(module, name)]
        assert offered and set(offered) <= set(HOOKS), (game, offered)
        assert all(callable(getattr(module, name)) for name in offered), game
