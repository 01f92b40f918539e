"""A Cthulhu Wars table exported before the game moved onto the kit's action
table (elder-sign draws, battle dice, an undo, a Harbinger) still imports,
replays to the same state and plays on."""

from __future__ import annotations

import json
from pathlib import Path

from companion import sealing
from companion.store import Store

EXPORT = Path(__file__).parent / "exports" / "before_action_table.json"
# The key of the server that made the export, so its sealed secrets open here.
SEAL_KEY = "ab" * 32


def imported(tmp_path) -> tuple[Store, str, dict]:
    store = Store(tmp_path / "companion.sqlite3")
    store.setting("export-seal-key", lambda: SEAL_KEY)
    exported = json.loads(EXPORT.read_text(encoding="utf-8"))
    return store, store.import_table(exported).token, exported


def test_the_export_imports_to_its_final_state_and_replays_to_it(tmp_path):
    store, token, exported = imported(tmp_path)
    final = {**exported["state"], "secrets": sealing.unseal(SEAL_KEY, exported["state"]["secrets"])}
    assert store.state(token)[1] == final
    assert store.replayed_state(token) == final
    assert final["factions"]["crawling_chaos"]["elder_signs"] == 2  # the Harbinger's draw
    store.close()


def test_the_imported_table_plays_on(tmp_path):
    store, token, _ = imported(tmp_path)
    store.act(token, "s2", "pass", {})
    state = store.state(token)[1]
    assert state["phase"] == "gather" and state["round"] == 3
    assert store.replayed_state(token) == state
    store.close()


BOARD_EXPORT = Path(__file__).parent / "exports" / "board_table.json"


def test_a_board_table_exported_after_a_battle_imports_replays_and_plays_on(tmp_path):
    """An export made with the board (moves, summons, a capture, a battle's
    results, a gather from the board) pins the board's state shape."""
    store = Store(tmp_path / "companion.sqlite3")
    store.setting("export-seal-key", lambda: SEAL_KEY)
    exported = json.loads(BOARD_EXPORT.read_text(encoding="utf-8"))
    token = store.import_table(exported).token
    state = store.state(token)[1]
    assert state["board"]["units"]["asia"]["crawling_chaos"] == {"cultist": 4}
    assert state["factions"]["black_goat"]["power"] == 9  # 6 cultists, a gate, a captive sacrificed
    assert store.replayed_state(token) == state
    seat = {s.role: s.id for s in store.seats(token).values()}
    store.act(token, seat[state["turn"]], "direction.choose", {"direction": "clockwise"})
    assert store.replayed_state(token) == store.state(token)[1]
    store.close()
