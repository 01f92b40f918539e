"""Fill docs/api.md's generated parts.

- Between `<!-- example: NAME -->` and `<!-- /example -->`: the request and
  answer named NAME, as recorded by a real run of
  tests/web/test_web_api.py::test_a_tool_drives_a_table_from_start_to_end.
- Between `<!-- actions -->` and `<!-- /actions -->`: every table type's
  roles, creation options and actions, from its Rules.

Usage: python docs/gen_api.py             (rewrites the actions part)
       python docs/gen_api.py --examples  (and records the examples again)
       python docs/gen_api.py --check     (exit 1 if the actions part is stale)

The examples are recorded only when asked: each run has new tokens, keys and
times, so recording them on every change to an action would rewrite every
example in the diff.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "api.md"
WALKTHROUGH = "tests/web/test_web_api.py::test_a_tool_drives_a_table_from_start_to_end"
EXAMPLE = re.compile(r"(<!-- example: (?P<name>[^>]+?) -->\n)(?P<body>.*?)(<!-- /example -->)", re.S)
ACTIONS = re.compile(r"(<!-- actions -->\n)(?P<body>.*?)(<!-- /actions -->)", re.S)
# Bodies too long to be worth repeating in full.
# Answers too long to show whole: the one entry (by id) that is shown.
SHORTENED_ANSWERS = {"games": "tally"}
ELIDED_REQUESTS = {"import": "(the JSON answered by GET /api/tables/<token>/export, unchanged)"}


def record_examples() -> dict:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "examples.json"
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", WALKTHROUGH],
                       cwd=ROOT, check=True, env={**os.environ, "COMPANION_API_EXAMPLES": str(target)})
        return json.loads(target.read_text(encoding="utf-8"))


def pretty(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


def render_example(name: str, example: dict) -> str:
    request, response = example["request"], example["response"]
    lines = [f"{request['method']} {request['path']}"]
    lines += [f"{key}: {value}" for key, value in request["headers"].items()]
    body = request["body"]
    if name in ELIDED_REQUESTS:
        lines += ["", ELIDED_REQUESTS[name]]
    elif body is not None:
        is_form = request["headers"].get("Content-Type", "").startswith("application/x-www-form-urlencoded")
        lines += ["", urlencode(body) if is_form else pretty(body)]
    request_block = "```http\n" + "\n".join(lines) + "\n```\n\n"
    if response["body"] is None:
        return request_block + f"Answer `{response['status']}`, no body.\n"
    if name in SHORTENED_ANSWERS:
        shown = [game for game in response["body"] if game.get("id") == SHORTENED_ANSWERS[name]]
        return request_block + (f"Answer `{response['status']}` (only the `{SHORTENED_ANSWERS[name]}` entry shown; "
                                "every table type has one, and its actions are listed at the end of this page):\n\n"
                                f"```json\n{pretty(shown)}\n```\n")
    return request_block + f"Answer `{response['status']}`:\n\n```json\n{pretty(response['body'])}\n```\n"


def render_actions() -> str:
    from companion import games

    parts = []
    for game_id, rules in sorted(games.table_types().items()):
        parts.append(f"### `{game_id}`: {rules.title}\n")
        roles = ", ".join(f"`{r.id}` ({r.label}" + (f", at most {r.max_seats}" if r.max_seats else "") + ")"
                          for r in rules.roles())
        parts.append(f"Roles: {roles}.\n")
        fields = rules.setup_fields()
        if fields:
            parts.append("Options for `POST /api/tables`:\n")
            for field in fields:
                default = ""
                if field.get("default") is not None:
                    default = f", default `{json.dumps(field['default'], ensure_ascii=False)}`"
                parts.append(f"- `{field['name']}` ({field['kind']}{default}): {field['label']}.")
            parts.append("")
        parts.append("| action `type` | payload fields | effect |\n| --- | --- | --- |")
        for spec in sorted(rules.actions(), key=lambda spec: spec.type):
            fields = "<br>".join(field_line(field.describe()) for field in spec.fields) or "—"
            host_only = " Only the host may undo it." if not spec.seat_may_undo else ""
            parts.append(f"| `{spec.type}` | {fields} | {spec.doc}{host_only} |")
        parts.append("")
    return "\n".join(parts)


def field_line(field: dict) -> str:
    """One payload field as the docs show it: `delta` int −1000000..1000000, optional (default …)."""
    kind = field["kind"]
    if "min" in field:
        kind += f" {field['min']}..{field['max']}"
    if "choices" in field:
        kind += " (" + " / ".join(f"`{c}`" for c in field["choices"]) + ")"
    if "max_length" in field:
        kind += f", ≤ {field['max_length']} chars"
    need = "required" if field["required"] else (
        "optional" + (f", default `{json.dumps(field['default'])}`" if field.get("default") is not None else ""))
    doc = f": {field['doc']}" if field.get("doc") else ""
    return f"`{field['name']}` {kind}, {need}{doc}"


def fill(text: str, examples: dict | None) -> str:
    if examples is not None:
        missing = [m["name"] for m in EXAMPLE.finditer(text) if m["name"] not in examples]
        if missing:
            raise SystemExit(f"no recorded example named {missing}")
        text = EXAMPLE.sub(lambda m: m[1] + render_example(m["name"], examples[m["name"]]) + m[4], text)
    return ACTIONS.sub(lambda m: m[1] + render_actions() + m[3], text)


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    text = DOC.read_text(encoding="utf-8")
    if "--check" in argv:
        return 0 if fill(text, None) == text else 1
    DOC.write_text(fill(text, record_examples() if "--examples" in argv else None), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
