"""No import circles in the companion package: two modules that need each
other are one idea split wrongly, or a third module is missing. Imports
inside functions count too (hiding one there doesn't take the circle away).

Read from the code with ast; each circle is a strongly connected group of
modules in the import graph."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "companion"

#: Circles still being taken apart: none now; a new one fails the test below.
KNOWN: set[frozenset[str]] = set()


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that `name` imports (the nearest existing module of each dotted name)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            dotted = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # `from pkg import module` needs the module, not what pkg/__init__ holds.
            dotted = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in dotted:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
    return targets


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(frozenset(group))
    return found


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(name, path, known) for name, path in known.items()}


def test_the_finder_sees_a_circle_and_a_line():
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [frozenset({"a", "b"})]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_package_has_no_import_circle_but_those_being_taken_apart():
    new = [sorted(group) for group in circles(import_graph()) if group not in KNOWN]
    assert new == [], "new import circles: " + "; ".join(" <-> ".join(group) for group in new)


def test_the_list_of_circles_being_taken_apart_only_holds_real_ones():
    """A circle taken apart leaves the list, so it can't come back unnoticed."""
    gone = [sorted(group) for group in KNOWN - set(circles(import_graph()))]
    assert gone == [], "remove from KNOWN: " + "; ".join(" <-> ".join(group) for group in gone)


def is_build_time(name: str) -> bool:
    """A game's convert/ package, or the kit's convert command: build-time code."""
    return name == "companion.kit.convert" or (name.startswith("companion.games.")
                                               and ".convert" in f"{name}.".replace(".convert.", ".convert", 1))


def test_the_server_never_imports_build_time_conversion():
    """convert/ packages turn reference folders into data/ at build time; no
    runtime module (rules, views, web, store) may import them."""
    graph = import_graph()
    assert any(is_build_time(name) for name in graph), "the test no longer sees the convert packages"
    leaks = sorted(f"{name} imports {target}" for name, targets in graph.items() if not is_build_time(name)
                   for target in targets if is_build_time(target))
    assert leaks == []


def test_a_running_server_has_loaded_no_build_time_module(tmp_path):
    """Finding the table types and building the app loads no convert/ package
    (imports hidden in discovery would not show in the graph above)."""
    code = ("import sys; from companion import games; from companion.web import create_app; "
            "games.table_types(); create_app({'DATABASE': 'x.sqlite3'}); "
            "print(sorted(m for m in sys.modules if m.startswith('companion') and "
            "(m == 'companion.kit.convert' or '.convert' in m)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
