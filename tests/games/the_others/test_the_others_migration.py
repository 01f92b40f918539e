"""A table exported before The Others moved onto the one action table
(issue 17) still imports, replays to the same state and plays on.

exports/before_action_table.json was made through the real Store on main as
it was before the port: three hero seats and the SIN, the set-up draws,
moves with fire and corruption checks, a planned and a rolled fight, a city
action drawing an upgrade refill, a cleanse roll, sin cards drawn (one draw
undone), an apocalypse step with its offer, and a round's end. Its seat
secrets are sealed with EXPORT_KEY, the key of the server that made it."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from companion import sealing
from companion.games.the_others.rules import RULES
from companion.games.the_others.state import upgrade
from companion.rules import Action, ActionError, Seat
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


def imported_state(export: dict) -> dict:
    """The export's final state as the server holds it: its secrets unsealed, in the current shape."""
    secrets = sealing.unseal(EXPORT_KEY, export["state"]["secrets"])
    return upgrade({**copy.deepcopy(export["state"]), "secrets": secrets})


def test_an_export_made_before_the_action_table_imports_to_its_final_state(server):
    export = exported()
    table = server.import_table(export)
    state = server.state(table.token)[1]
    assert state == imported_state(export)
    assert state["secrets"]["s1"]["hand"]  # the SIN's hand came through
    assert export["state"]["round"] == 2 and export["state"]["phase"] == "round_start"
    assert state["flow"] == {"round": 2, "phase": "round_start", "order": ["rose", "thorley", "rocco"], "turn": None,
                             "passed": []}


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


ROUND_EXPORT = Path(__file__).parent / "exports" / "before_round_as_data.json"


def test_an_export_made_before_the_round_as_data_imports_replays_and_plays_on(server):
    """Made on the code before the round lived in the kit's flow (issue
    17.3): two hero players, round 2, Leah out of turns and passed, Rose's
    turn going on, a reaction spent and one undone in the log."""
    export = json.loads(ROUND_EXPORT.read_text(encoding="utf-8"))
    assert any(entry["undone"] for entry in export["actions"])
    assert export["state"]["round"] == 2 and export["state"]["passed"] == ["leah"]
    table = server.import_table(export)
    assert server.state(table.token)[1] == imported_state(export)
    assert server.replayed_state(table.token) == server.state(table.token)[1]
    # The round in the kit's flow: clockwise from Leah, Rose's turn, Leah out of this round's turns.
    assert server.state(table.token)[1]["flow"] == {"round": 2, "phase": "hero_turns",
                                                    "order": ["leah", "rose", "thorley", "rocco"], "turn": 1,
                                                    "passed": ["leah"]}
    seats = {seat.name: seat.id for seat in server.seats(table.token).values()}
    view = table.rules.view(server.state(table.token)[1], None)
    assert (view["phase"], view["round"], view["turn"]["hero"]) == ("hero_turns", 2, "rose")
    assert (view["first_hero"], view["last_hero"], view["passed"]) == ("leah", "rose", ["leah"])
    server.act(table.token, seats["Ann"], "turn.end", {})
    assert table.rules.view(server.state(table.token)[1], None)["next_hero"] == "thorley"
    server.act(table.token, seats["Sina"], "reaction.end", {})
    with pytest.raises(ActionError) as refused:  # Rocco's turn comes after Thorley's
        server.act(table.token, seats["Bob"], "turn.start", {"hero": "rocco"})
    assert refused.value.message == "It's not your turn."
    server.act(table.token, seats["Ann"], "turn.start", {"hero": "thorley"})
    server.act(table.token, seats["Ann"], "turn.end", {})
    server.act(table.token, seats["Bob"], "turn.start", {"hero": "rocco"})
    server.act(table.token, seats["Bob"], "turn.end", {})
    server.act(table.token, seats["Sina"], "round.end", {})
    state = server.state(table.token)[1]
    assert table.rules.view(state, None)["round"] == 3
    assert server.replayed_state(table.token) == state


def test_a_table_stored_before_the_round_as_data_opens_and_plays_on_without_an_import():
    """A table in the database keeps its stored state until its next action:
    its pages read it upgraded on a copy, and its next action upgrades it."""
    export = json.loads(ROUND_EXPORT.read_text(encoding="utf-8"))
    stored = {**copy.deepcopy(export["state"]), "secrets": sealing.unseal(EXPORT_KEY, export["state"]["secrets"])}
    before = copy.deepcopy(stored)
    seats = {seat["id"]: Seat(seat["id"], seat["name"], seat["role"]) for seat in export["seats"]}
    ann = next(seat for seat in seats.values() if seat.name == "Ann")
    shown = RULES.view(stored, ann)
    assert stored == before  # reading changes nothing stored
    assert (shown["phase"], shown["round"], shown["turn"]["hero"], shown["passed"]) == ("hero_turns", 2, "rose",
                                                                                       ["leah"])
    assert "turn.end" in RULES.open_actions(stored, ann, seats)
    new_state, _ = RULES.perform(stored, RULES.typed(Action("turn.end", {}, ann.id)), seats, random.Random(1))
    RULES.check_state(new_state)
    assert new_state["schema"] == 3 and new_state["flow"]["turn"] == 2  # Thorley's comes next
