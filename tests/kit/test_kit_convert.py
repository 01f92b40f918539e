"""The kit's one convert command shape: --reference, --out, --check, and the
same exit codes for every game (0 written or up to date, 1 stale, 2 unusable)."""

from __future__ import annotations

import json

import pytest

import companion
from companion.kit.convert import ReferenceProblem, read_json, run, stale_files


def convert(reference):
    facts = read_json(reference)
    if "gods" not in facts:
        raise ReferenceProblem("data.json has no gods")
    return {"gods.json": json.dumps(facts["gods"]) + "\n", "table.json": "{}\n"}


def command(*argv):
    return run("demo", convert, list(argv), description="Convert the demo reference.")


@pytest.fixture
def reference(tmp_path):
    folder = tmp_path / "ref"
    folder.mkdir()
    (folder / "data.json").write_text('{"gods": ["khorne", "nurgle"]}', encoding="utf-8")
    return folder


def test_it_writes_each_file_into_the_out_folder(reference, tmp_path, capsys):
    assert command("--reference", str(reference), "--out", str(tmp_path / "out")) == 0
    assert (tmp_path / "out" / "gods.json").read_text(encoding="utf-8") == '["khorne", "nurgle"]\n'
    assert (tmp_path / "out" / "table.json").read_text(encoding="utf-8") == "{}\n"
    assert "gods.json" in capsys.readouterr().out


def test_the_default_out_folder_is_the_games_data_folder(reference, tmp_path, monkeypatch):
    monkeypatch.setattr(companion, "PACKAGE_DIR", tmp_path / "companion")
    (tmp_path / "companion" / "data").mkdir(parents=True)
    assert command("--reference", str(reference)) == 0
    assert (tmp_path / "companion" / "data" / "demo" / "gods.json").is_file()


def test_check_passes_on_fresh_files_and_writes_nothing(reference, tmp_path, capsys):
    out = tmp_path / "out"
    assert command("--reference", str(reference), "--out", str(out)) == 0
    before = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    assert command("--reference", str(reference), "--out", str(out), "--check") == 0
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir()} == before
    assert "up to date" in capsys.readouterr().out


def test_check_exits_1_naming_each_stale_or_missing_file(reference, tmp_path, capsys):
    out = tmp_path / "out"
    assert command("--reference", str(reference), "--out", str(out)) == 0
    (out / "gods.json").write_text("[]\n", encoding="utf-8")
    (out / "table.json").unlink()
    assert command("--reference", str(reference), "--out", str(out), "--check") == 1
    err = capsys.readouterr().err
    assert "gods.json" in err and "table.json" in err
    assert (out / "gods.json").read_text(encoding="utf-8") == "[]\n"
    assert stale_files({"gods.json": "[]\n"}, out) == []


@pytest.mark.parametrize("content, said", [(None, "no data.json"), ("{", "not valid JSON"), ("{}", "no gods")])
def test_an_unusable_reference_exits_2_with_a_message_and_writes_nothing(tmp_path, capsys, content, said):
    if content is not None:
        (tmp_path / "data.json").write_text(content, encoding="utf-8")
    assert command("--reference", str(tmp_path), "--out", str(tmp_path / "out")) == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_the_reference_is_required_and_the_help_names_every_option(capsys):
    with pytest.raises(SystemExit) as exited:
        command()
    assert exited.value.code == 2
    with pytest.raises(SystemExit):
        command("--help")
    shown = capsys.readouterr().out
    assert "python -m companion.games.demo.convert" in shown
    assert all(option in shown for option in ("--reference", "--out", "--check"))
