"""docs/api.md keeps up with the code: every action of every table type and
every API route is in it. (`python docs/gen_api.py` regenerates its lists.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from companion import games

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "api.md"


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def test_every_action_of_every_table_type_is_documented():
    text = doc_text()
    missing = []
    for game_id, rules in games.table_types().items():
        section = text.split(f"### `{game_id}`", 1)
        if len(section) < 2:
            missing.append(f"section for {game_id}")
            continue
        body = section[1].split("\n### ", 1)[0]
        missing += [f"{game_id}: {action}" for action in rules.action_types() if f"| `{action}` |" not in body]
    assert not missing, f"run `python docs/gen_api.py`; missing from docs/api.md: {missing}"


def test_the_generated_actions_part_is_current():
    check = subprocess.run([sys.executable, str(ROOT / "docs" / "gen_api.py"), "--check"], cwd=ROOT)
    assert check.returncode == 0, "docs/api.md's action list is stale: run `python docs/gen_api.py`"


def test_every_api_route_is_documented(app):
    text = doc_text()
    listed = set(re.findall(r"^\| `(GET|POST|DELETE|PUT|PATCH) (/api/[^`]*)` \|", text, re.M))
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", lambda m: "<seat>" if m[1] == "seat_id" else f"<{m[1]}>", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (method, path) in listed, f"{method} {path} is not in docs/api.md's endpoint table"


def test_the_docs_examples_are_filled_in():
    text = doc_text()
    empty = re.findall(r"<!-- example: ([^>]+?) -->\n<!-- /example -->", text)
    assert not empty, f"run `python docs/gen_api.py --examples`: no example for {empty}"


def test_every_entry_the_platform_writes_in_a_log_is_documented():
    """The log's own entries (a seat taken, an undo, a campaign's "Stop
    waiting"...) are in the table under GET …/log, each with its payload."""
    from companion.store.records import PLATFORM_ACTIONS

    log_section = doc_text().split("### GET /api/tables/&lt;token&gt;/log", 1)[1].split("\n### ", 1)[0]
    table = log_section.split("| entry `type` |", 1)[1].split("\n\n", 1)[0]
    listed = set(re.findall(r"^\| `([a-z_.]+)` \|", table, re.M))
    assert listed == set(PLATFORM_ACTIONS), (set(PLATFORM_ACTIONS) - listed, listed - set(PLATFORM_ACTIONS))
