"""Tests change a live table only through actions, or through the harness's
documented way to set up a position by hand (`Table.arrange`, or a game
helper built on it such as `arranged()`), never by writing into its state
(issue 17: one test harness that drives a table as the store does).

Read from the tests with ast: in tests/games and tests/web, a statement that
writes into `<something>.state[...]` (assigns, deletes, or calls a mutating
method such as update or append on it), or into a name bound to a part of
it, fails unless it sits inside an `arrange(...)` argument, a function
passed to `arrange`, or a `with ….arranged()` block. Rules written for a
test (their effects get `act.state` to change) are rules, not tests."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
MUTATORS = {"update", "append", "extend", "pop", "remove", "clear", "setdefault", "insert", "popitem", "discard", "add"}


def live_state(node: ast.AST, aliases: set[str]) -> bool:
    """Is `node` a part of some table's `.state` (not an effect's `act.state`) or of an alias of one?"""
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            return not (isinstance(node.value, ast.Name) and node.value.id == "act")
        node = node.value
    return isinstance(node, ast.Name) and node.id in aliases


def writes(node: ast.AST, aliases: set[str]) -> bool:
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
        flat = [t for target in targets for t in (target.elts if isinstance(target, ast.Tuple) else [target])]
        return any(isinstance(t, ast.Subscript) and live_state(t, aliases) for t in flat)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
        return isinstance(node.func.value, ast.Subscript) and live_state(node.func.value, aliases)
    return False


def direct_writes(tree: ast.AST) -> list[int]:
    aliases: set[str] = set()
    for node in ast.walk(tree):  # hero = table.state["heroes"]["rose"]
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if isinstance(node.value, ast.Subscript) and live_state(node.value, set()):
                aliases.add(node.targets[0].id)
    passed = {arg.id for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Attribute) and node.func.attr == "arrange"
              for arg in node.args if isinstance(arg, ast.Name)}
    found: list[int] = []

    def visit(node: ast.AST, arranged: bool) -> None:
        if isinstance(node, ast.FunctionDef) and node.name in passed:
            arranged = True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "arrange":
            for child in node.args:
                visit(child, True)
            return
        if isinstance(node, ast.With) and any(isinstance(item.context_expr, ast.Call)
                                              and isinstance(item.context_expr.func, ast.Attribute)
                                              and item.context_expr.func.attr == "arranged" for item in node.items):
            for child in node.body:
                visit(child, True)
            return
        if not arranged and writes(node, aliases):
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, arranged)

    visit(tree, False)
    return found


def test_tests_change_a_table_only_through_actions_or_arrange():
    found = {str(path.relative_to(TESTS)): lines for folder in ("games", "web")
             for path in sorted((TESTS / folder).rglob("*.py"))
             if (lines := direct_writes(ast.parse(path.read_text(encoding="utf-8"))))}
    assert not found, f"tests write into a table's state outside arrange: {found}"


def test_the_check_finds_a_write_into_a_live_table():
    written = ast.parse("def test():\n    table.state['x'] = 1\n    rose = table.state['heroes']['rose']\n"
                        "    rose['corruption'] += 1\n    table.state['pending'].append(1)\n"
                        "    table.arrange(lambda state: state['y'].update(z=1))\n")
    assert direct_writes(written) == [2, 4, 5]
