"""A table exported before The Others moved onto the one action table
(issue 17) still imports, replays to the same state and plays on.

exports/before_action_table.json was made through the real Store on main as
it was before the port: three hero seats and the SIN, the set-up draws,
moves with fire and corruption checks, a planned and a rolled fight, a city
action drawing an upgrade refill, a cleanse roll, sin cards drawn (one draw
undone), an apocalypse step with its offer, and a round's end. Its seat
secrets are sealed with EXPORT_KEY, the key of the server that made it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import sealing
from companion.store import Store

EXPORT = Path(__file__).parent / "exports" / "before_action_table.json"
EXPORT_KEY = "5e7e5e7e" * 8


@pytest.fixture
def server(tmp_path):
    store = Store(tmp_path / "companion.sqlite3")
    store.setting("export-seal-key", lambda: EXPORT_KEY)
    yield store
    store.close()


def exported() -> dict:
    return json.loads(EXPORT.read_text(encoding="utf-8"))


def test_an_export_made_before_the_action_table_imports_to_its_final_state(server):
    export = exported()
    table = server.import_table(export)
    state = server.state(table.token)[1]
    assert state == {**export["state"], "secrets": sealing.unseal(EXPORT_KEY, export["state"]["secrets"])}
    assert state["secrets"]["s1"]["hand"]  # the SIN's hand came through
    assert state["round"] == 2 and state["phase"] == "round_start"


def test_the_imported_log_replays_to_the_same_state(server):
    table = server.import_table(exported())
    assert server.replayed_state(table.token) == server.state(table.token)[1]


def test_the_imported_table_plays_on(server):
    table = server.import_table(exported())
    seats = {seat.name: seat for seat in server.seats(table.token).values()}
    server.act(table.token, seats["Ann"].id, "round.first_hero", {"hero": "rose"})
    server.act(table.token, seats["Ann"].id, "turn.start", {"hero": "rose"})
    server.act(table.token, seats["Ann"].id, "fight.start", {"monsters": {"abomination": 1}})
    state = server.state(table.token)[1]
    assert state["fight"]["hero_roll"] and state["fight"]["sin_roll"]
    assert server.replayed_state(table.token) == state


def test_the_imported_table_fights_in_the_rulebooks_order(server):
    """A table made before fights were prepared: the new steps play on it and replay."""
    table = server.import_table(exported())
    seats = {seat.name: seat for seat in server.seats(table.token).values()}
    ann, sin = seats["Ann"].id, next(seat.id for seat in seats.values() if seat.role == "sin")
    server.act(table.token, ann, "round.first_hero", {"hero": "rose"})
    server.act(table.token, ann, "turn.start", {"hero": "rose"})
    server.act(table.token, ann, "fight.prepare", {"monsters": {"abomination": 1}})
    assert "preparing" in server.state(table.token)[1]
    server.act(table.token, sin, "fight.sin_ready", {})
    server.act(table.token, ann, "fight.roll", {})
    state = server.state(table.token)[1]
    assert state["fight"]["hero_roll"] and "preparing" not in state
    assert server.replayed_state(table.token) == state
