"""A Cthulhu Wars table exported before the game moved onto the kit's action
table (elder-sign draws, battle dice, an undo, a Harbinger) still imports,
replays to the same state and plays on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import sealing
from companion.games.cthulhu_wars.state import upgrade
from companion.kit.phases import NOT_YOUR_TURN
from companion.rules import ActionError
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
    # The state as it was, carried to the current shape (the round in the kit's flow).
    final = upgrade({**exported["state"], "secrets": sealing.unseal(SEAL_KEY, exported["state"]["secrets"])})
    assert store.state(token)[1] == final
    assert store.replayed_state(token) == final
    assert final["factions"]["crawling_chaos"]["elder_signs"] == 2  # the Harbinger's draw
    store.close()


def test_the_imported_table_plays_on(tmp_path):
    store, token, _ = imported(tmp_path)
    store.act(token, "s2", "pass", {})
    view = shown(store, token)
    assert view["phase"] == "gather" and view["round"] == 3
    assert store.replayed_state(token) == store.state(token)[1]
    store.close()



# The lines as the history read them before the sentence inside a line (a
# battle side, an action before "and drew N elder signs") was the kit's
# Sentences: the history is told again from the stored log at every read.
OLD_LINES = {
    "en": {11: "resolved the battle: the attacker rolled 3 2 (kills 0, pains 0); "
               "the defender rolled — (kills 0, pains 0)",
           34: "used The Harbinger on Cthulhu and drew 2 elder signs"},
    "zh-Hans": {11: "结算了战斗：攻击者掷出 3 2（消灭 0，伤痛 0）；防守者掷出 —（消灭 0，伤痛 0）",
                34: "对 克苏鲁 使用了预兆，并抽取了 2 个远古印记"},
    "ja": {11: "戦闘を解決した：攻撃側は3 2 を振った（撃破 0、苦痛 0）；防御側は— を振った（撃破 0、苦痛 0）",
           34: "クトゥルフ に先触れを使った、旧き印を 2 枚引いた"},
}


@pytest.mark.parametrize("language", sorted(OLD_LINES))
def test_the_exports_history_reads_as_it_did_in_every_language(tmp_path, language):
    from companion.web import create_app, history

    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3")})
    store = app.extensions["companion.store"]
    store.setting("export-seal-key", lambda: SEAL_KEY)
    token = store.import_table(json.loads(EXPORT.read_text(encoding="utf-8"))).token
    with app.test_request_context("/", headers={"Accept-Language": language}):
        for viewer in (None, *store.seats(token).values()):
            read = {entry.seq: line.text for entry, line in history.lines(store.table(token), viewer)}
            assert {seq: read[seq] for seq in OLD_LINES[language]} == OLD_LINES[language]


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
    store.act(token, seat[shown(store, token)["turn"]], "direction.choose", {"direction": "clockwise"})
    assert store.replayed_state(token) == store.state(token)[1]
    store.close()


ROUND_EXPORT = Path(__file__).parent / "exports" / "before_round_as_data.json"
DOOM_EXPORT = Path(__file__).parent / "exports" / "before_round_as_data_doom.json"


def imported_export(tmp_path, path: Path) -> tuple[Store, str, dict, dict]:
    store = Store(tmp_path / "companion.sqlite3")
    store.setting("export-seal-key", lambda: SEAL_KEY)
    exported = json.loads(path.read_text(encoding="utf-8"))
    token = store.import_table(exported).token
    seat = {s.role: s.id for s in store.seats(token).values()}
    return store, token, exported, seat


def shown(store: Store, token: str) -> dict:
    from companion.games.cthulhu_wars.rules import RULES

    return RULES.view(store.state(token)[1], None)


def test_an_export_from_before_the_round_as_data_imports_replays_and_plays_on(tmp_path):
    """Made on the code before the round lived in the kit's flow (issue 17.3):
    four factions, round 2's action phase, Crawling Chaos mid-turn (its action
    taken), Black Goat out at 0 power; a tie for first player, a ritual with
    its secret elder sign and an undo in the log."""
    store, token, exported, seat = imported_export(tmp_path, ROUND_EXPORT)
    assert any(entry["undone"] for entry in exported["actions"])
    assert store.replayed_state(token) == store.state(token)[1]
    view = shown(store, token)
    assert (view["round"], view["phase"], view["step"], view["turn"]) == (2, "action", None, "crawling_chaos")
    assert view["order"] == ["yellow_sign", "black_goat", "crawling_chaos", "great_cthulhu"]
    assert (view["first_player"], view["direction"], view["candidates"]) == ("yellow_sign", "counterclockwise", [])
    assert view["factions"]["crawling_chaos"]["acted"] is True
    assert store.state(token)[1]["secrets"][seat["black_goat"]]["elder_signs"] != []
    store.act(token, seat["crawling_chaos"], "turn.end", {})
    assert shown(store, token)["turn"] == "great_cthulhu"
    store.act(token, seat["great_cthulhu"], "pass", {})
    assert shown(store, token)["turn"] == "yellow_sign"  # Black Goat, at 0 power, is skipped
    for faction in ("yellow_sign", "crawling_chaos"):
        store.act(token, seat[faction], "pass", {})
    view = shown(store, token)
    assert (view["round"], view["phase"], view["turn"]) == (3, "gather", None)
    assert store.replayed_state(token) == store.state(token)[1]
    store.close()


def test_an_export_made_mid_rituals_before_the_round_as_data_plays_on(tmp_path):
    """The doom phase's rituals: three factions have decided, Great Cthulhu's turn."""
    store, token, exported, seat = imported_export(tmp_path, DOOM_EXPORT)
    assert store.replayed_state(token) == store.state(token)[1]
    view = shown(store, token)
    assert (view["phase"], view["step"], view["turn"]) == ("doom", "rituals", "great_cthulhu")
    assert [f for f in view["order"] if view["factions"][f]["ritual_done"]] == [
        "yellow_sign", "black_goat", "crawling_chaos"]
    with pytest.raises(ActionError) as refused:  # a faction that has decided may not decide again
        store.act(token, seat["yellow_sign"], "ritual.skip", {})
    assert refused.value.message == NOT_YOUR_TURN
    store.act(token, seat["great_cthulhu"], "ritual.skip", {})
    view = shown(store, token)
    assert (view["phase"], view["step"], view["turn"]) == ("doom", "events", "yellow_sign")
    for faction in view["order"]:
        store.act(token, seat[faction], "events.done", {})
    view = shown(store, token)
    assert (view["phase"], view["turn"]) == ("action", "yellow_sign")
    assert store.replayed_state(token) == store.state(token)[1]
    store.close()


def test_a_table_stored_before_the_round_as_data_opens_and_plays_on_without_an_import():
    """A table in the database keeps its stored state until its next action:
    its pages read it upgraded on a copy, and its next action upgrades it."""
    import copy

    from companion.games.cthulhu_wars.rules import RULES
    from companion.rules import Action, Seat

    exported = json.loads(ROUND_EXPORT.read_text(encoding="utf-8"))
    old = {**exported["state"], "secrets": sealing.unseal(SEAL_KEY, exported["state"]["secrets"])}
    stored = copy.deepcopy(old)
    seats = {s["id"]: Seat(s["id"], s["name"], s["role"]) for s in exported["seats"]}
    seat = {s.role: s for s in seats.values()}
    shown_to_chaos = RULES.seat_view(stored, seat["crawling_chaos"], seats)
    assert stored == old  # reading changes nothing stored
    assert (shown_to_chaos["phase"], shown_to_chaos["turn"], shown_to_chaos["round"]) == ("action", "crawling_chaos", 2)
    assert "turn.end" in RULES.open_actions(stored, seat["crawling_chaos"], seats)
    assert RULES.open_actions(stored, seat["great_cthulhu"], seats).get("move") is None
    new_state, _ = RULES.perform(stored, RULES.typed(Action("turn.end", {}, seat["crawling_chaos"].id)), seats, None)
    RULES.check_state(new_state)
    assert new_state["schema"] == 2 and "phase" not in new_state
    assert new_state["flow"]["order"][new_state["flow"]["turn"]] == "great_cthulhu"
    assert new_state["flow"]["passed"] == ["black_goat"]  # at 0 power
