"""Every game's converter is one command shape (companion.kit.convert) and
the committed data/<game>/ is what it writes: `--check` against the
repository's data passes. The reference folders are not in the repository
(a clone has none), so each check skips cleanly when its folder is absent;
set <GAME>_REFERENCE to point at one elsewhere."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import companion

ROOT = Path(companion.__file__).resolve().parent.parent
#: game package -> (its reference folder's name, a file or folder the reference must hold)
GAMES = {
    "chaos": ("chaos-in-the-old-world", "data.json"),
    "cthulhu_wars": ("cthulhu-wars", "data.json"),
    "gloomhaven": ("gloomhaven", "gloomhavensecretariat"),
    "the_others": ("the-others", "data.json"),
}


def reference(game: str) -> Path | None:
    folder, holds = GAMES[game]
    candidates = [os.environ.get(f"{game.upper()}_REFERENCE")]
    candidates += [str(up / "shared" / "ref" / folder) for up in (ROOT.parent, ROOT.parent.parent)]
    return next((Path(c) for c in candidates if c and (Path(c) / holds).exists()), None)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_committed_data_is_what_the_converter_writes(game, capsys):
    found = reference(game)
    if found is None:
        pytest.skip(f"no {game} reference folder on this machine")
    command = importlib.import_module(f"companion.games.{game}.convert").main
    assert command(["--reference", str(found), "--check"]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_converter_takes_the_same_arguments(game, tmp_path, capsys):
    command = importlib.import_module(f"companion.games.{game}.convert").main
    with pytest.raises(SystemExit) as exited:
        command(["--help"])
    assert exited.value.code == 0
    shown = capsys.readouterr().out
    assert f"python -m companion.games.{game}.convert" in shown and "shared" not in shown
    assert all(option in shown for option in ("--reference", "--out", "--check"))
    # An empty folder is no reference: exit 2, a message, nothing written.
    assert command(["--reference", str(tmp_path), "--out", str(tmp_path / "out"), "--check"]) == 2
    assert capsys.readouterr().err.strip()
    assert not (tmp_path / "out").exists()


def test_a_converter_runs_as_a_module():
    done = subprocess.run([sys.executable, "-m", "companion.games.chaos.convert", "--help"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "--check" in done.stdout
