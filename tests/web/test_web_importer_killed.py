"""An import process killed mid-way (between two slices of its log rows:
the server stopped, the machine ran out of memory, someone sent SIGKILL)
leaves no orphan rows: the server that started it takes them out as soon as
it sees the process die, and any store opened later sweeps what a process
that died unseen left (companion.store.exports: imports_under_way)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

from companion.store import IMPORT_SLICE, Store

OPTIONS = {"tracks": "Doom 0..30", "counters": "VP 0..99"}
STEPS = IMPORT_SLICE * 10  # ten slices, a short pause between each


def long_export(store, steps: int) -> dict:
    token = store.create_table("tally", "Long", OPTIONS).token
    store.join(token, "Ann", "player")
    export = store.export(token)
    move = export["actions"][-1] | {"type": "track.adjust", "payload": {"track": "t1", "delta": 0}}
    export["actions"] += [move] * (steps - 1)
    export["version"] = len(export["actions"])
    return export


def raw_orphans(database: str) -> int:
    """Log and snapshot rows of no table, counted without opening a Store (which would sweep them)."""
    conn = sqlite3.connect(database)
    try:
        return sum(conn.execute(f"select count(*) from {name} where table_token not in (select token from tables)")
                   .fetchone()[0] for name in ("actions", "snapshots"))
    finally:
        conn.close()


def killed_mid_way(args: list[str], raw: bytes, database: str) -> subprocess.CompletedProcess:
    """The import process started as the server would, killed with SIGKILL
    once some of its rows are in and before its table is."""
    process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdin.write(raw)
    process.stdin.close()
    deadline = time.monotonic() + 120
    while raw_orphans(database) == 0:
        assert process.poll() is None, "the import finished before it could be killed"
        assert time.monotonic() < deadline
        time.sleep(0.005)
    process.send_signal(signal.SIGKILL)
    process.wait()
    return subprocess.CompletedProcess(args, process.returncode, b"", b"")


def test_a_killed_import_process_leaves_no_orphan_rows(app, store, monkeypatch):
    app.config["IMPORT_APART_BYTES"] = 0
    database = store.path
    raw = json.dumps(long_export(store, STEPS)).encode()
    tables_before = [t.token for t in store.tables()]
    seen = {}

    def run(args, input, **options):
        done = killed_mid_way(args, input, database)
        seen["orphans when killed"] = raw_orphans(database)
        return done

    monkeypatch.setattr("companion.web.importer.subprocess.run", run)
    response = app.test_client().post("/api/tables/import", data=raw, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json() == {"error": "The import stopped before it finished; nothing was imported.",
                                   "field": "file"}
    assert seen["orphans when killed"] > 0  # it was killed mid-way
    assert raw_orphans(database) == 0
    assert [t.token for t in store.tables()] == tables_before
    assert store.db.execute("select count(*) from imports_under_way").fetchone()[0] == 0


def test_rows_left_by_an_import_that_died_unseen_are_swept_when_a_store_opens(tmp_path):
    database = str(tmp_path / "companion.sqlite3")
    store = Store(database)
    raw = json.dumps(long_export(store, STEPS)).encode()
    store.close()
    killed_mid_way([sys.executable, "-m", "companion.web.importer", database], raw, database)
    assert raw_orphans(database) > 0  # nobody has looked yet
    reopened = Store(database)
    try:
        assert raw_orphans(database) == 0
        assert len(reopened.tables()) == 1  # the exported table only
        # The same export imports whole afterwards.
        copy = reopened.import_table(json.loads(raw)).token
        assert len(reopened.log(copy)) == STEPS
    finally:
        reopened.close()


def test_only_imports_whose_process_is_gone_are_swept(store):
    """A store opened by another process mid-import leaves a running import's
    rows alone; one whose process has ended is swept."""
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, check=True)
    store.db.execute("insert into imports_under_way values ('running', ?, ?), ('dead', ?, ?)",
                     [os.getpid(), time.time(), int(ended.stdout), time.time()])
    assert store.sweep_dead_imports() == 1
    assert [row[0] for row in store.db.execute("select table_token from imports_under_way")] == ["running"]
