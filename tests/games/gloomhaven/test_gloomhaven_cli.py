"""`companion solve`: files, standard input, lists, languages, errors."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[3]


def scenario(active="m", character_hex=(4, 0)):
    return {
        "rules": "gloomhaven",
        "hexes": [[q, r] for q in range(6) for r in range(6)],
        "figures": [
            {"id": "m", "side": "monster", "hex": [0, 0]},
            {"id": "a", "side": "character", "hex": list(character_hex), "initiative": 10},
        ],
        "active": active,
        "action": {"move": 2, "movement": "normal", "attack": {"range": 0, "targets": 1}},
    }


def write(tmp_path, data, name="s.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_one_scenario(tmp_path, capsys):
    assert main(["solve", write(tmp_path, scenario())]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["focus"] == ["a"]
    assert out["options"][0]["destination"] == [2, 0]
    assert out["options"][0]["attacks"] == []
    assert out["options"][0]["why"]


def test_a_list(tmp_path, capsys):
    assert main(["solve", write(tmp_path, [scenario(), scenario(character_hex=(3, 0))])]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [o["options"][0]["attacks"] for o in out] == [[], ["a"]]


def test_standard_input(monkeypatch, capsys):
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(scenario()).encode("utf-8")), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["solve", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["focus"] == ["a"]


def test_language_and_pretty(tmp_path, capsys):
    assert main(["solve", "--lang", "ja", "--pretty", write(tmp_path, scenario())]) == 0
    text = capsys.readouterr().out
    assert "\n  " in text
    assert "フォーカス" in json.loads(text)["options"][0]["why"]
    assert main(["solve", "--lang", "zh_Hans", write(tmp_path, scenario())]) == 0
    assert "专注" in json.loads(capsys.readouterr().out)["options"][0]["why"]


@pytest.mark.parametrize(
    "data, words",
    [
        (scenario(active="ghost"), ["unknown figure", "ghost"]),
        (scenario(active="a"), ["a", "not a monster"]),
        ([scenario(), scenario(character_hex=(9, 9))], ["scenario 1", "[9, 9]", "not on the map"]),
    ],
)
def test_malformed_scenario_exits_2_with_one_line(tmp_path, capsys, data, words):
    assert main(["solve", write(tmp_path, data)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    for word in words:
        assert word in captured.err


def test_not_json(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    assert main(["solve", str(path)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_missing_file(tmp_path, capsys):
    assert main(["solve", str(tmp_path / "nowhere.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_installed_command(tmp_path):
    """The real entry point, in its own process, reading standard input."""
    command = [sys.executable, "-m", "companion", "solve", "-"]
    done = subprocess.run(command, input=json.dumps([scenario()]), capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["focus"] == ["a"]
    failed = subprocess.run(command, input=json.dumps(scenario(active="a")), capture_output=True, text=True,
                            cwd=ROOT, timeout=60)
    assert failed.returncode == 2
    assert "not a monster" in failed.stderr
