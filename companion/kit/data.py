"""One loader for every game's reference data, `data/<game>/*.json` (written by
the game's `convert/` command, see `companion.kit.convert`).

A game's `data.py` makes one `GameData("<game>")` and builds its lookups on
`load`: each file is read once and then served from memory, so callers must
not change what they get. The files are found through `companion.data_path`,
so the same code reads them from a checkout (editable install included) and
from an installed wheel, which carries `data/` inside the package.

A file that is missing or is not valid JSON raises `DataFileError` naming
the file and what to run, never a bare `FileNotFoundError` from deep inside a
rule. Pure: no Flask, no SQLite."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion import data_path


class DataFileError(RuntimeError):
    """A data file is missing or malformed. `path` is the file."""

    def __init__(self, path: Path, problem: str):
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


class GameData:
    """The data folder of one game, `data/<game>/`, read once per file."""

    def __init__(self, game: str):
        self.game = game
        self._loaded: dict[str, Any] = {}

    @property
    def folder(self) -> Path:
        """data/<game>/, in a checkout or an installed wheel alike."""
        return data_path(self.game)

    def path(self, name: str) -> Path:
        """The file `name` ("gods" or "gods.json") in the game's folder."""
        return self.folder / (name if name.endswith(".json") else f"{name}.json")

    def load(self, name: str) -> Any:
        """A whole data file, parsed: `load("gods")` or `load("gods.json")`.
        Read the first time and then served from memory."""
        key = name if name.endswith(".json") else f"{name}.json"
        if key not in self._loaded:
            self._loaded[key] = self._read(self.path(key))
        return self._loaded[key]

    def _read(self, path: Path) -> Any:
        command = f"python -m companion.games.{self.game}.convert"
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise DataFileError(path, f"missing: the {self.game} data is incomplete (it is written by "
                                      f"`{command}`)") from None
        except OSError as error:
            raise DataFileError(path, f"unreadable: {error.strerror or error}") from None
        try:
            return json.loads(raw.decode("utf-8"))
        except ValueError as error:  # JSONDecodeError, or bytes that aren't UTF-8
            raise DataFileError(path, f"malformed JSON: {error} (rewrite it with `{command}`)") from None

    def forget(self) -> None:
        """Drop what was read (for tests that point the folder elsewhere)."""
        self._loaded.clear()
