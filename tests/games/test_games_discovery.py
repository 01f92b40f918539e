"""Table types are found in each game package's rules.py and in the rules.py
of its direct sub-packages (a game with a scenario and a campaign table)."""

import sys

from companion import games
from companion.rules import Rules


def test_a_sub_package_rules_module_is_a_table_type_of_its_own():
    found = games.table_types()
    assert isinstance(found["gloomhaven-campaign"], Rules)
    assert found["tally"].id == "tally"


def test_sub_packages_without_rules_are_skipped(monkeypatch, tmp_path):
    package = tmp_path / "board"
    (package / "extra").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "extra" / "__init__.py").write_text("")
    (package / "campaign").mkdir()
    (package / "campaign" / "__init__.py").write_text("")
    (package / "campaign" / "rules.py").write_text(
        "from companion.rules import Rules\nclass Campaign(Rules):\n    id = 'board-campaign'\nRULES = Campaign()\n")
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    monkeypatch.setattr(games, "package_dir",
                        lambda game: tmp_path / game if game == "board" else games.Path(games.__file__).parent / game)
    for name in [m for m in sys.modules if m.startswith("companion.games.board")]:
        monkeypatch.delitem(sys.modules, name)
    modules = games.rules_modules("board")
    assert [m.RULES.id for m in modules] == ["board-campaign"]
