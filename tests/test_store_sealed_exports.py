"""Seat secrets are sealed in exports: the file holds no private note, an
import on the same server restores every note exactly, and an import on
another server (another key) is refused with a message saying why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import sealing
from companion.rules import ActionError
from companion.store import SEALED_ELSEWHERE, Store

NOTES = {"s1": "Ann hunts the dragon 🐉 — ¡sí!", "s2": "Bob: the relic is under the well"}


@pytest.fixture
def noted(store) -> str:
    token = store.create_table("tally", "Friday", {"tracks": "Doom 0..30", "counters": "VP 0..9"}).token
    store.join(token, "Ann", "player")
    store.join(token, "Bob", "player")
    store.act(token, "s1", "note.set", {"text": "a first draft"})
    for seat, note in NOTES.items():
        store.act(token, seat, "note.set", {"text": note})
    return token


def test_the_export_file_holds_no_note_text(store, noted):
    text = json.dumps(store.export(noted), ensure_ascii=False)
    for note in [*NOTES.values(), "a first draft"]:
        assert note not in text
        assert json.dumps(note)[1:-1] not in text  # nor escaped
    data = store.export(noted)
    assert sealing.is_sealed(data["state"]["secrets"])
    notes = [e for e in data["actions"] if e["type"] == "note.set"]
    assert len(notes) == 3 and all(sealing.is_sealed(e["payload"]) for e in notes)
    # What everyone sees stays readable.
    assert data["state"]["tracks"] == store.state(noted)[1]["tracks"]


def test_an_import_on_the_same_server_restores_every_note_exactly(store, noted):
    copy = store.import_table(store.export(noted)).token
    assert store.state(copy)[1] == store.state(noted)[1]
    assert store.state(copy)[1]["secrets"] == {seat: {"note": note} for seat, note in NOTES.items()}
    assert [e.payload for e in store.log(copy)] == [e.payload for e in store.log(noted)]


def test_an_export_from_another_server_is_refused_naming_why(store, noted, tmp_path):
    other = Store(tmp_path / "other.sqlite3")
    with pytest.raises(ActionError) as refused:
        other.import_table(store.export(noted))
    other.close()
    assert refused.value.message == SEALED_ELSEWHERE and refused.value.field == "file"


def test_a_changed_sealed_blob_is_refused_as_damaged(store, noted):
    data = store.export(noted)
    blob = data["state"]["secrets"][sealing.MARK]
    data["state"]["secrets"][sealing.MARK] = blob[:10] + ("A" if blob[10] != "A" else "B") + blob[11:]
    with pytest.raises(ActionError) as refused:
        store.import_table(data)
    assert "damaged" in refused.value.message


def test_an_export_without_secrets_or_from_before_sealing_still_imports(store, noted):
    plain = store.export(noted)
    plain["state"]["secrets"] = store.state(noted)[1]["secrets"]
    plain["actions"] = [{"type": e.type, "payload": e.payload, "seat": e.seat, "time": e.time, "undone": e.undone}
                        for e in store.log(noted)]
    del plain["sealed_by"]
    assert store.state(store.import_table(plain).token)[1] == store.state(noted)[1]


def test_the_seal_key_is_kept_across_restarts(tmp_path):
    first = Store(tmp_path / "db.sqlite3")
    key = first.seal_key()
    first.close()
    again = Store(tmp_path / "db.sqlite3")
    assert again.seal_key() == key
    again.close()


def test_sealing_round_trips_and_refuses_another_key():
    key, other = sealing.new_key(), sealing.new_key()
    value = {"note": "x" * 100, "hand": [1, 2, 3]}
    sealed = sealing.seal(key, value)
    assert sealing.unseal(key, sealed) == value
    with pytest.raises(sealing.SealBroken):
        sealing.unseal(other, sealed)
    assert sealing.key_id(key) != sealing.key_id(other)


def test_the_same_secrets_seal_to_different_blobs_each_time():
    key = sealing.new_key()
    value = {"note": "the relic is under the well"}
    first, second = sealing.seal(key, value), sealing.seal(key, value)
    assert first != second
    assert sealing.unseal(key, first) == sealing.unseal(key, second) == value


def test_two_exports_of_one_table_seal_its_secrets_apart_and_both_import(store, noted):
    first, second = store.export(noted), store.export(noted)
    assert first["state"]["secrets"] != second["state"]["secrets"]
    sealed_notes = [e["payload"] for e in first["actions"] if e["type"] == "note.set"]
    assert len(set(json.dumps(p) for p in sealed_notes)) == len(sealed_notes)
    for data in (first, second):
        assert store.state(store.import_table(data).token)[1] == store.state(noted)[1]


def test_two_seats_with_the_same_note_are_not_seen_to_share_it(store, noted):
    for seat in ("s1", "s2"):
        store.act(noted, seat, "note.set", {"text": "same words"})
    notes = [e["payload"] for e in store.export(noted)["actions"][-2:]]
    assert notes[0] != notes[1] and all(sealing.is_sealed(p) for p in notes)


# An export written while the nonce was derived from the plain text (so the
# same secrets gave the same blob), by a server whose key was OLD_KEY.
OLD_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
OLD_EXPORT = Path(__file__).parent / "exports" / "sealed_with_derived_nonces.json"


def test_an_export_sealed_with_derived_nonces_still_imports(tmp_path):
    server = Store(tmp_path / "db.sqlite3")
    server.setting("export-seal-key", lambda: OLD_KEY)
    table = server.import_table(json.loads(OLD_EXPORT.read_text(encoding="utf-8")))
    state = server.state(table.token)[1]
    assert state["secrets"]["s1"]["note"] == "Ann hunts the dragon"
    assert server.log(table.token)[-1].payload == {"text": "Ann hunts the dragon"}
    server.close()
