"""The committed data/gloomhaven/ files are exactly what the converter makes
from the reference data, and hold everything the reference holds."""

from __future__ import annotations

import json

from companion.games.gloomhaven import data
from companion.games.gloomhaven.convert import conversions, main


def test_the_committed_files_equal_a_fresh_conversion(fresh):
    assert sorted(fresh) == sorted(conversions())
    for name, text in fresh.items():
        committed = (data.data_folder() / name).read_text(encoding="utf-8")
        assert committed == text, f"{name} differs from a fresh conversion: rerun the converter"


def test_every_file_records_its_format_and_origin():
    for name in conversions():
        parsed = data.load(name)
        assert parsed["format"] == 1
        assert parsed["origin"] == "Gloomhaven Secretariat's data files, converted"


def test_the_converter_writes_into_the_folder_it_is_given(reference, tmp_path):
    assert main(["--reference", str(reference), "--out", str(tmp_path / "out")]) == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(conversions())


def test_a_folder_without_the_reference_data_is_refused_with_a_message(tmp_path, capsys):
    assert main(["--reference", str(tmp_path), "--out", str(tmp_path / "out")]) == 2
    assert "gloomhavensecretariat" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_the_conversion_is_repeatable(reference, fresh):
    from companion.games.gloomhaven.convert import convert
    assert convert(reference) == fresh


def test_the_files_are_valid_compact_json(fresh):
    for text in fresh.values():
        json.loads(text)
        assert ": " not in text.split("\n", 1)[0]


def test_the_help_names_no_folder_of_this_machine(capsys):
    import pytest
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert "REFERENCE" in shown.upper() and "shared" not in shown
