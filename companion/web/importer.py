"""Importing an export (from the home page or POST /api/tables/import).

A big export (a long campaign's is megabytes) takes seconds to parse, check
and replay, all in Python: in the server's process it would hold the
interpreter lock for most of that time, and every other table's requests
would wait behind it (a 15 MB import took others' median from 2 ms to 60 ms,
their worst to 2.5 s). So an export of more than IMPORT_APART_BYTES is
imported by a process of its own (`python -m companion.web.importer DB`,
the export on its standard input, at the lowest priority), which writes it
into the same database; the request only waits for its answer. Smaller ones
are imported here, which is quicker than starting a process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from flask import current_app

from companion.rules import N_, ActionError
from companion.store import Store, Table
from companion.web import i18n

NOT_AN_EXPORT = N_("This is not a table export.")
STOPPED = N_("The import stopped before it finished; nothing was imported.")
# However big the export, the import process gives up after this long.
APART_SECONDS = 900


def import_upload(store: Store, raw: bytes) -> Table:
    """Import the export `raw` (the file's bytes) into `store`: the new table.
    Raises ActionError (nothing imported) when it can't be imported."""
    if len(raw) <= current_app.config["IMPORT_APART_BYTES"] or store.path == ":memory:":
        data = parsed(raw)
        i18n.speak_for_upload(data)
        return store.import_table(data)
    answer = import_apart(store.path, raw)
    if isinstance(answer.get("game"), str):
        i18n.speak_for_upload(answer)
    if "error" in answer:
        raise ActionError(answer["error"], field=answer.get("field"), **answer.get("params", {}))
    table = store.table(answer["token"])
    if table is None:  # deleted before this request read it back
        raise ActionError(STOPPED, field="file")
    return table


def parsed(raw: bytes) -> object:
    try:
        return json.loads(raw.decode("utf-8"))
    # RecursionError: nested too deep to parse.
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ActionError(NOT_AN_EXPORT, field="file") from None


def import_apart(database: str, raw: bytes) -> dict:
    """The answer of an import process for database file `database`:
    {"token"} or {"error", "field", "params"}, with the export's "game" when known."""
    try:
        done = subprocess.run([sys.executable, "-m", "companion.web.importer", database], input=raw,
                              capture_output=True, timeout=APART_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        current_app.logger.error("an import process failed: %s", error)
        swept(database)
        return {"error": STOPPED, "field": "file"}
    try:
        answer = json.loads(done.stdout.decode("utf-8").strip().splitlines()[-1])
    except (ValueError, IndexError):
        answer = None
    if done.returncode != 0 or not isinstance(answer, dict) or not ("token" in answer or "error" in answer):
        current_app.logger.error("an import process failed (exit status %s): %s", done.returncode,
                                 done.stderr[-2000:].decode("utf-8", "replace"))
        swept(database)
        return {"error": STOPPED, "field": "file"}
    return answer


def swept(database: str) -> None:
    """After an import process died (killed, out of memory, past its time):
    the rows it had put in are taken out, so no orphan rows remain."""
    store = Store(database)  # opening a store sweeps the imports whose process is gone
    store.close()


def import_here(database: str, raw: bytes) -> dict:
    """Import `raw` into the database file `database` (in the import process): its answer."""
    try:
        data = parsed(raw)
    except ActionError as error:
        return {"error": error.message, "field": error.field, "params": error.params}
    game = data.get("game") if isinstance(data, dict) else None
    answer = {"game": game} if isinstance(game, str) else {}
    store = Store(database)
    try:
        return {**answer, "token": store.import_table(data).token}
    except ActionError as error:
        return {**answer, "error": error.message, "field": error.field,
                "params": {key: str(value) if not isinstance(value, (int, float)) else value
                           for key, value in error.params.items()}}
    finally:
        store.close()


def main(argv: list[str]) -> int:
    try:
        os.nice(19)  # the tables at play come first
    except (AttributeError, OSError):
        pass
    answer = import_here(argv[0], sys.stdin.buffer.read())
    sys.stdout.write(json.dumps(answer) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
