"""The store: tables, seats, the action log, undo, export/import, durability."""

from __future__ import annotations

import copy
import json
import random
import re
import sqlite3
import threading
import time

import pytest

from companion.rules import ActionError
from companion.store import CODE_ALPHABET, CODE_LENGTH, MAX_NAME, SEAT_JOIN, SEAT_TAKEOVER, UNDO, NoSuchTable, Store
from tests.sealed import opened

OPTIONS = {"tracks": "Doom 0..30", "counters": "VP 0..99"}


@pytest.fixture
def token(store) -> str:
    """A tally table (Doom 0..30 as t1, VP 0..99 as c1) with no seats."""
    return store.create_table("tally", "Friday", OPTIONS).token


@pytest.fixture
def ann(store, token) -> str:
    """Ann's seat id (s1) at `token`."""
    seat, _ = store.join(token, "Ann", "player")
    return seat.id


def doom(store, token) -> int:
    return store.state(token)[1]["tracks"][0]["value"]


def game_entries(store, token):
    return [e for e in store.log(token) if e.type not in (SEAT_JOIN, SEAT_TAKEOVER, UNDO)]


def snapshot(store, token):
    return store.state(token), [(e.seq, e.type, e.payload, e.seat, e.undone) for e in store.log(token)]


# -- tables ----------------------------------------------------------------------

def test_create_table_starts_at_version_zero_with_the_initial_state(store):
    table = store.create_table("tally", "Friday", OPTIONS)
    assert (table.game, table.name, table.version) == ("tally", "Friday", 0)
    assert store.state(table.token)[1]["tracks"][0]["name"] == "Doom"
    assert store.log(table.token) == []


def test_create_table_cleans_the_name(store):
    assert store.create_table("tally", "  Friday \n night ", OPTIONS).name == "Friday night"


@pytest.mark.parametrize("name", ["", "   ", None, "x" * (MAX_NAME + 1)])
def test_create_table_refuses_a_bad_name_and_creates_nothing(store, name):
    with pytest.raises(ActionError):
        store.create_table("tally", name, OPTIONS)
    assert store.tables() == []


def test_create_table_refuses_bad_options_and_creates_nothing(store):
    with pytest.raises(ActionError):
        store.create_table("tally", "Friday", {"tracks": "Doom"})
    assert store.tables() == []


def test_create_table_of_an_unknown_game_fails(store):
    with pytest.raises(KeyError):
        store.create_table("chess", "Friday")
    assert store.tables() == []


def test_tables_lists_newest_first(store):
    names = ["One", "Two", "Three"]
    for name in names:
        store.create_table("tally", name, OPTIONS)
    assert [t.name for t in store.tables()] == names[::-1]


def test_table_by_token(store, token):
    assert store.table(token).name == "Friday"


@pytest.mark.parametrize("bad", ["nope", "", None, 5])
def test_table_with_an_unknown_token_is_none(store, token, bad):
    assert store.table(bad) is None


def test_table_by_code_ignores_case_and_spaces(store, token):
    code = store.table(token).code
    typed = f" {code[:3].lower()} {code[3:].lower()} "
    assert store.table_by_code(typed).token == token


@pytest.mark.parametrize("bad", ["ZZZZZZ", "", "   "])
def test_table_by_unknown_code_is_none(store, token, bad):
    assert store.table_by_code(bad) is None


def test_token_and_host_key_carry_at_least_128_random_bits(store):
    tables = [store.create_table("tally", f"T{i}", OPTIONS) for i in range(20)]
    for secret in [t.token for t in tables] + [t.host_key for t in tables]:
        # URL-safe base64: 6 bits per character.
        assert re.fullmatch(r"[A-Za-z0-9_-]+", secret)
        assert len(secret) * 6 >= 128
    assert len({t.token for t in tables} | {t.host_key for t in tables}) == 40


def test_code_uses_the_typeable_alphabet(store):
    codes = [store.create_table("tally", f"T{i}", OPTIONS).code for i in range(30)]
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert len(set(codes)) == 30
    assert not set("01OIL") & set(CODE_ALPHABET)


def test_delete_table_removes_table_seats_and_log(store, token, ann):
    code = store.table(token).code
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 1})
    store.delete_table(token)
    assert store.table(token) is None and store.table_by_code(code) is None
    assert store.seats(token) == {} and store.log(token) == []
    with pytest.raises(LookupError):
        store.state(token)


def test_delete_table_leaves_other_tables_alone(store, token):
    other = store.create_table("tally", "Other", OPTIONS).token
    store.delete_table(token)
    assert [t.token for t in store.tables()] == [other]


# -- seats -----------------------------------------------------------------------

def test_join_gives_seat_ids_in_order(store, token):
    seats = [store.join(token, name, "player")[0] for name in ("Ann", "Bob", "Cy")]
    assert [s.id for s in seats] == ["s1", "s2", "s3"]
    assert list(store.seats(token)) == ["s1", "s2", "s3"]


def test_join_returns_the_seat_and_a_secret_key(store, token):
    seat, key = store.join(token, "Ann", "keeper")
    assert (seat.name, seat.role) == ("Ann", "keeper")
    assert re.fullmatch(r"[A-Za-z0-9_-]{22,}", key)


def test_join_cleans_the_name(store, token):
    seat, _ = store.join(token, "  Ann \t  Lee ", "player")
    assert seat.name == "Ann Lee"


def test_join_accepts_the_longest_name(store, token):
    assert store.join(token, "x" * MAX_NAME, "player")[0].name == "x" * MAX_NAME


@pytest.mark.parametrize("name", ["", "  ", None, 7, "x" * (MAX_NAME + 1)])
def test_join_refuses_an_empty_or_too_long_name(store, token, name):
    with pytest.raises(ActionError) as error:
        store.join(token, name, "player")
    assert error.value.field == "name"
    assert store.seats(token) == {} and store.log(token) == []


@pytest.mark.parametrize("again", ["Ann", "ann", " ANN "])
def test_join_refuses_a_name_already_taken_ignoring_case(store, token, ann, again):
    with pytest.raises(ActionError) as error:
        store.join(token, again, "player")
    assert error.value.field == "name"
    assert list(store.seats(token)) == ["s1"]


def test_the_same_name_may_sit_at_another_table(store, token, ann):
    other = store.create_table("tally", "Other", OPTIONS).token
    assert store.join(other, "Ann", "player")[0].id == "s1"


def test_a_table_takes_so_many_seats_and_no_more(store, token):
    from companion.store import MAX_SEATS
    for number in range(MAX_SEATS):
        store.join(token, f"P{number}", "player")
    version = store.table(token).version
    with pytest.raises(ActionError) as error:
        store.join(token, "One too many", "player")
    assert error.value.field == "name"
    assert len(store.seats(token)) == MAX_SEATS and store.table(token).version == version
    # Someone who left still gets their seat back.
    store.leave(token, "s3")
    assert store.join(token, "P2", "player")[0].id == "s3"


@pytest.mark.parametrize("role", ["wizard", "", None, ["player"], {"id": "player"}])
def test_join_refuses_an_unknown_role(store, token, role):
    with pytest.raises(ActionError) as error:
        store.join(token, "Ann", role)
    assert error.value.field == "role"
    assert store.seats(token) == {}


def test_join_logs_a_seat_join_and_bumps_the_version(store, token):
    store.join(token, "Ann", "player")
    [entry] = store.log(token)
    assert (entry.seq, entry.type, entry.seat, entry.payload) == (1, SEAT_JOIN, "s1",
                                                                  {"id": "s1", "name": "Ann", "role": "player"})
    assert store.table(token).version == 1


def test_join_gives_the_seat_its_counters(store, token, ann):
    assert store.state(token)[1]["values"] == {"s1": {"c1": 0}}


def test_join_an_unknown_table_fails(store):
    with pytest.raises(LookupError):
        store.join("nope", "Ann", "player")


def test_a_table_deleted_while_a_write_waited_is_no_such_table(store, token, ann, tmp_path):
    other = sqlite3.connect(tmp_path / "companion.sqlite3", isolation_level=None)
    other.execute("PRAGMA foreign_keys=ON")
    other.execute("BEGIN IMMEDIATE")
    outcome = []

    def act():
        try:
            store.act(token, ann, "track.adjust", {"track": "t1", "delta": 1})
        except Exception as error:  # noqa: BLE001 - the kind of error is what is checked
            outcome.append(error)

    phone = threading.Thread(target=act)
    phone.start()
    time.sleep(0.2)  # not a measurement: lets the phone reach the locked file first
    for table in ("actions", "seats", "tables"):
        other.execute(f"delete from {table} where {'token' if table == 'tables' else 'table_token'} = ?", [token])
    other.execute("COMMIT")
    phone.join()
    assert len(outcome) == 1 and isinstance(outcome[0], NoSuchTable)


def test_seat_by_key_finds_the_seat(store, token):
    seat, key = store.join(token, "Ann", "player")
    assert store.seat_by_key(token, key) == seat


@pytest.mark.parametrize("key", ["wrong", "", None, 5])
def test_seat_by_wrong_key_is_none(store, token, ann, key):
    assert store.seat_by_key(token, key) is None


def test_a_seat_key_only_works_at_its_own_table(store, token):
    _, key = store.join(token, "Ann", "player")
    other = store.create_table("tally", "Other", OPTIONS).token
    assert store.seat_by_key(other, key) is None


def test_take_over_replaces_the_key(store, token):
    seat, old = store.join(token, "Ann", "player")
    new = store.take_over(token, seat.id)
    assert new != old
    assert store.seat_by_key(token, old) is None
    assert store.seat_by_key(token, new) == seat


def test_take_over_is_logged(store, token, ann):
    store.take_over(token, ann)
    entry = store.log(token)[-1]
    assert (entry.type, entry.payload, entry.seq) == (SEAT_TAKEOVER, {"id": ann}, 2)
    assert store.table(token).version == 2


@pytest.mark.parametrize("seat", ["s9", None, ["s1"]])
def test_take_over_of_an_unknown_seat_is_refused(store, token, ann, seat):
    with pytest.raises(ActionError):
        store.take_over(token, seat)
    assert store.table(token).version == 1


# -- actions ---------------------------------------------------------------------

def test_act_bumps_the_version_by_exactly_one(store, token, ann):
    before = store.table(token).version
    assert store.act(token, ann, "track.adjust", {"track": "t1", "delta": 2}) == before + 1
    assert store.table(token).version == before + 1


def test_act_appends_exactly_one_log_entry(store, token, ann):
    before = len(store.log(token))
    version = store.act(token, ann, "counter.adjust", {"counter": "c1", "delta": 3})
    log = store.log(token)
    assert len(log) == before + 1
    assert (log[-1].seq, log[-1].type, log[-1].payload, log[-1].seat, log[-1].undone) == (
        version, "counter.adjust", {"counter": "c1", "delta": 3}, ann, False)


def test_act_changes_the_state(store, token, ann):
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 2})
    store.act(token, None, "track.adjust", {"track": "t1", "delta": 5})
    assert doom(store, token) == 7


@pytest.mark.parametrize("type, payload", [
    ("track.adjust", {"track": "t1", "delta": 31}),     # above the max
    ("track.adjust", {"track": "t1", "delta": "abc"}),
    ("track.adjust", {"track": "t9", "delta": 1}),
    ("counter.adjust", {"counter": "c1", "delta": -1}),  # below the min
    ("counter.adjust", {"counter": "c1", "delta": 1, "seat": ["s1"]}),
    ("no.such.action", {}),
    (UNDO, {}),
    (SEAT_JOIN, {"id": "s2", "name": "Eve", "role": "player"}),
    (SEAT_TAKEOVER, {"id": "s1"}),
    ("track.adjust", ["t1", 1]),                        # payload not a dict
    (None, {}),
])
def test_a_refused_action_changes_neither_version_state_nor_log(store, token, ann, type, payload):
    before = snapshot(store, token)
    with pytest.raises(ActionError):
        store.act(token, ann, type, payload)
    assert snapshot(store, token) == before


def test_act_on_an_unknown_table_fails(store):
    with pytest.raises(LookupError):
        store.act("nope", None, "reset", {})


# -- undo ------------------------------------------------------------------------

def test_undo_reverts_the_last_game_action(store, token, ann):
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 2})
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 5})
    store.undo(token, ann)
    assert doom(store, token) == 2


def test_undo_marks_the_action_undone_and_logs_who_undid_it(store, token, ann):
    target = store.act(token, ann, "track.adjust", {"track": "t1", "delta": 2})
    version = store.undo(token, None)
    log = store.log(token)
    assert version == target + 1
    assert log[target - 1].undone
    assert (log[-1].seq, log[-1].type, log[-1].payload, log[-1].seat) == (version, UNDO, {"seq": target}, None)


def test_undo_logs_the_seat_that_asked(store, token, ann):
    store.act(token, None, "reset", {})
    store.undo(token, ann)
    assert store.log(token)[-1].seat == ann


def test_repeated_undo_walks_back(store, token, ann):
    for delta in (1, 2, 3):
        store.act(token, ann, "track.adjust", {"track": "t1", "delta": delta})
    values = []
    for _ in range(3):
        store.undo(token, ann)
        values.append(doom(store, token))
    assert values == [3, 1, 0]


def test_undo_with_only_seat_joins_says_nothing_to_undo(store, token, ann):
    store.join(token, "Bob", "player")
    store.take_over(token, ann)
    before = snapshot(store, token)
    with pytest.raises(ActionError) as error:
        store.undo(token, ann)
    assert error.value.text() == "Nothing to undo."
    assert snapshot(store, token) == before


def test_undo_skips_seat_joins_made_after_the_action(store, token, ann):
    store.act(token, ann, "counter.adjust", {"counter": "c1", "delta": 4})
    store.join(token, "Bob", "player")
    store.undo(token, ann)
    assert list(store.seats(token)) == ["s1", "s2"]
    assert store.state(token)[1]["values"] == {"s1": {"c1": 0}, "s2": {"c1": 0}}


def test_undo_after_everything_is_undone_says_nothing_to_undo(store, token, ann):
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 1})
    store.undo(token, ann)
    version = store.table(token).version
    with pytest.raises(ActionError, match="Nothing to undo."):
        store.undo(token, ann)
    assert store.table(token).version == version


def test_an_undo_is_never_itself_undone(store, token, ann):
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 1})
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 2})
    store.undo(token, ann)
    store.undo(token, ann)  # undoes +1, not the first undo
    assert doom(store, token) == 0


def test_undo_then_new_action_then_undo(store, token, ann):
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 1})
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 2})
    store.undo(token, ann)
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 10})
    store.undo(token, ann)
    assert doom(store, token) == 1


def test_undo_a_reset_restores_the_values(store, token, ann):
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 9})
    store.act(token, ann, "reset", {})
    store.undo(token, ann)
    assert doom(store, token) == 9


# -- the state always equals the replayed log ----------------------------------------

def random_step(store, token, rng: random.Random) -> None:
    seats = list(store.seats(token))
    choice = rng.random()
    try:
        if choice < 0.1 or not seats:
            store.join(token, f"P{rng.randrange(10**6)}", rng.choice(["player", "keeper"]))
        elif choice < 0.2:
            store.undo(token, rng.choice(seats + [None]))
        elif choice < 0.25:
            store.take_over(token, rng.choice(seats))
        elif choice < 0.3:
            store.act(token, rng.choice(seats), "note.set", {"text": f"n{rng.randrange(99)}"})
        elif choice < 0.33:
            store.act(token, None, "reset", {})
        elif choice < 0.36:
            store.act(token, None, "track.add", {"name": f"X{rng.randrange(10**6)}", "min": 0, "max": 9})
        elif choice < 0.6:
            store.act(token, rng.choice(seats), "track.adjust", {"track": "t1", "delta": rng.randint(-8, 8)})
        elif choice < 0.7:
            store.act(token, None, "track.set", {"track": "t1", "value": rng.randint(-2, 32)})
        else:
            store.act(token, rng.choice(seats), "counter.adjust",
                      {"counter": "c1", "delta": rng.randint(-20, 20), "seat": rng.choice(seats)})
    except ActionError:
        pass


@pytest.mark.parametrize("seed", range(4))
def test_state_always_equals_the_replayed_log(store, token, seed):
    rng = random.Random(seed)
    for _ in range(60):
        random_step(store, token, rng)
        assert store.state(token)[1] == store.replayed_state(token)
    assert store.table(token).version == len(store.log(token))


# -- export and import ----------------------------------------------------------------

@pytest.fixture
def played(store, token) -> str:
    """The table after a short game with two seats, a note, an undo and a takeover."""
    rng = random.Random(7)
    store.join(token, "Ann", "player")
    store.join(token, "Bob", "keeper")
    store.act(token, "s1", "note.set", {"text": "hunt the dragon"})
    for _ in range(40):
        random_step(store, token, rng)
    store.act(token, "s2", "track.adjust", {"track": "t1", "delta": 1 if doom(store, token) < 30 else -1})
    store.undo(token, "s1")
    store.take_over(token, "s2")
    return token


def seat_keys(store, token) -> set[str]:
    return {row["key"] for row in store.db.query("select key from seats where table_token = ?", [token])}


def test_export_is_plain_json(store, played):
    data = store.export(played)
    assert json.loads(json.dumps(data)) == data


def test_export_then_import_gives_an_identical_table(store, played):
    copy_ = store.import_table(json.loads(json.dumps(store.export(played))))
    assert store.state(copy_.token) == store.state(played)
    assert store.seats(copy_.token) == store.seats(played)
    assert [(e.seq, e.type, e.payload, e.seat, e.undone) for e in store.log(copy_.token)] == \
        [(e.seq, e.type, e.payload, e.seat, e.undone) for e in store.log(played)]
    assert (copy_.name, copy_.game) == ("Friday", "tally")


def test_import_gives_new_token_code_and_host_key(store, played):
    old = store.table(played)
    new = store.import_table(store.export(played))
    assert new.token != old.token and new.code != old.code and new.host_key != old.host_key


def test_import_gives_seats_new_keys(store, played):
    new = store.import_table(store.export(played))
    old_keys, new_keys = seat_keys(store, played), seat_keys(store, new.token)
    assert len(new_keys) == len(old_keys) and not old_keys & new_keys
    assert all(store.seat_by_key(new.token, key) is None for key in old_keys)


def test_an_export_is_one_snapshot_while_seats_act(store, played, monkeypatch):
    real_seats, changed = Store.seats, []

    def seats_then_another_phone_acts(self, token):
        found = real_seats(self, token)
        if not changed:
            changed.append(True)
            # A write from another thread commits between the export's reads.
            phone = threading.Thread(target=lambda: store.act(token, "s1", "note.set", {"text": "later"}))
            phone.start()
            phone.join()
        return found

    monkeypatch.setattr(Store, "seats", seats_then_another_phone_acts)
    data = store.export(played)
    monkeypatch.undo()
    assert changed and store.table(played).version == data["version"] + 1
    assert data["version"] == len(data["actions"])
    # The export holds the note from before the other phone's change (sealed: read back by importing it).
    assert store.state(store.import_table(data).token)[1]["secrets"]["s1"]["note"] == "hunt the dragon"


def test_an_imported_table_plays_on(store, played):
    new = store.import_table(store.export(played)).token
    delta = 1 if store.state(new)[1]["values"]["s1"]["c1"] < 99 else -1
    store.act(new, "s1", "counter.adjust", {"counter": "c1", "delta": delta})
    store.undo(new, "s1")
    store.join(new, "Cy", "player")
    assert store.state(new)[1] == store.replayed_state(new)
    assert store.state(new)[1]["values"]["s1"] == store.state(played)[1]["values"]["s1"]


def test_export_import_export_round_trips(store, played):
    first = store.export(played)
    second = store.export(store.import_table(first).token)
    assert opened(store.seal_key(), second) == opened(store.seal_key(), first)


def test_export_import_keeps_the_seat_order_of_a_big_table(store, token):
    for i in range(12):
        store.join(token, f"Player {i}", "player")
    new = store.import_table(store.export(token)).token
    assert list(store.seats(new)) == list(store.seats(token))


def tampered(data: dict, change) -> dict:
    data = copy.deepcopy(data)
    change(data)
    return data


GARBAGE = {
    "not a dict": lambda d: ["a", "list"],
    "a string": lambda d: "companion-table/1",
    "nothing": lambda d: None,
    "wrong format": lambda d: tampered(d, lambda x: x.update(format="companion-table/999")),
    "no format": lambda d: tampered(d, lambda x: x.pop("format")),
    "tampered state": lambda d: tampered(d, lambda x: x["state"]["tracks"][0].update(value=29)),
    "unknown game": lambda d: tampered(d, lambda x: x.update(game="chess")),
    "no game": lambda d: tampered(d, lambda x: x.pop("game")),
    "empty name": lambda d: tampered(d, lambda x: x.update(name="  ")),
    "actions not a list": lambda d: tampered(d, lambda x: x.update(actions={"a": 1})),
    "action not a dict": lambda d: tampered(d, lambda x: x["actions"].append("reset")),
    "action without type": lambda d: tampered(d, lambda x: x["actions"].append({"payload": {}})),
    "payload not a dict": lambda d: tampered(d, lambda x: x["actions"].append({"type": "reset", "payload": [1]})),
    "action that doesn't replay": lambda d: tampered(d, lambda x: x["actions"].append(
        {"type": "track.adjust", "payload": {"track": "t1", "delta": 99}, "seat": "s1"})),
    "unknown action type": lambda d: tampered(d, lambda x: x["actions"].append({"type": "cheat", "payload": {}})),
    "seat join without id": lambda d: tampered(d, lambda x: x["actions"][0]["payload"].pop("id")),
    "initial not a dict": lambda d: tampered(d, lambda x: x.update(initial=[])),
    "seats not a list": lambda d: tampered(d, lambda x: x.update(seats="Ann")),
    "seat without a name": lambda d: tampered(d, lambda x: x["seats"][0].pop("name")),
    "the same seat twice": lambda d: tampered(d, lambda x: x["seats"].append(dict(x["seats"][0]))),
    "action by a seat that is not text": lambda d: tampered(d, lambda x: x["actions"].append(
        {"type": "track.adjust", "payload": {"track": "t1", "delta": 0}, "seat": {"id": "s1"}})),
    "a seat that joins twice": lambda d: tampered(d, lambda x: (
        x["actions"].append(copy.deepcopy(x["actions"][0])), x["seats"].append(dict(x["seats"][0])))),
    "seats that never joined": lambda d: tampered(
        d, lambda x: x["seats"].append({"id": "s7", "name": "Eve", "role": "player"})),
    # Consistent throughout, but then the next seat to join could be given an id already taken.
    "a seat numbered out of turn": lambda d: json.loads(json.dumps(d).replace('"s1"', '"s99"')),
}


@pytest.mark.parametrize("kind", GARBAGE)
def test_import_refuses_garbage_and_creates_nothing(store, played, kind):
    data = GARBAGE[kind](store.export(played))
    before = [t.token for t in store.tables()]
    with pytest.raises(ActionError) as error:
        store.import_table(data)
    assert error.value.field == "file"
    assert error.value.text() in ("This is not a table export.", "This export is damaged and can't be imported.")
    assert [t.token for t in store.tables()] == before


# -- listeners ----------------------------------------------------------------------

@pytest.fixture
def heard(store):
    calls = []
    store.listeners.append(lambda token, version: calls.append((token, version)))
    return calls


def test_listeners_hear_every_change_with_token_and_version(store, token, heard):
    store.join(token, "Ann", "player")
    store.act(token, "s1", "track.adjust", {"track": "t1", "delta": 1})
    store.undo(token, "s1")
    store.take_over(token, "s1")
    store.delete_table(token)
    assert heard == [(token, 1), (token, 2), (token, 3), (token, 4), (token, -1)]


def test_listeners_are_called_after_the_commit(store, token, ann, tmp_path):
    other = Store(tmp_path / "companion.sqlite3")  # another connection sees only committed data
    seen = []
    store.listeners.append(lambda t, v: seen.append(other.state(t)[0]))
    version = store.act(token, ann, "track.adjust", {"track": "t1", "delta": 1})
    assert seen == [version]
    other.close()


def test_listeners_are_not_called_for_refused_actions(store, token, ann, heard):
    for call in (lambda: store.act(token, ann, "track.adjust", {"track": "t1", "delta": 99}),
                 lambda: store.act(token, ann, "nope", {}),
                 lambda: store.undo(token, ann),
                 lambda: store.join(token, "ann", "player"),
                 lambda: store.take_over(token, "s9")):
        with pytest.raises(ActionError):
            call()
    assert heard == []


def test_a_write_that_could_not_begin_does_not_block_later_writes(store, token, ann, tmp_path):
    # Another process holds the file's write lock past our busy timeout.
    blocker = sqlite3.connect(tmp_path / "companion.sqlite3")
    blocker.execute("BEGIN IMMEDIATE")
    store.db.execute("PRAGMA busy_timeout = 0")
    with pytest.raises(sqlite3.OperationalError):
        store.act(token, ann, "track.adjust", {"track": "t1", "delta": 1})
    blocker.rollback()
    blocker.close()
    versions = []
    # In a thread so that a write lock the failure kept would fail the test, not hang it.
    writer = threading.Thread(target=lambda: versions.append(
        store.act(token, ann, "track.adjust", {"track": "t1", "delta": 1})), daemon=True)
    writer.start()
    writer.join(30)
    assert versions == [2] and doom(store, token) == 1


# -- the database file ----------------------------------------------------------------

def test_a_file_database_survives_closing_and_reopening(tmp_path):
    path = tmp_path / "sub" / "companion.sqlite3"
    store = Store(path)
    token = store.create_table("tally", "Friday", OPTIONS).token
    seat, key = store.join(token, "Ann", "player")
    store.act(token, seat.id, "track.adjust", {"track": "t1", "delta": 4})
    state = store.state(token)
    store.close()

    again = Store(path)
    assert again.state(token) == state
    assert again.seat_by_key(token, key) == seat
    assert len(again.log(token)) == 2
    assert again.act(token, seat.id, "track.adjust", {"track": "t1", "delta": 1}) == 3
    again.close()


def test_the_database_is_in_wal_mode(store, token):
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_database_passes_an_integrity_check(store, played):
    assert store.db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert store.db.execute("PRAGMA foreign_key_check").fetchall() == []


def test_undo_of_a_step_that_is_no_longer_the_newest_is_refused(store, token, ann):
    """Ann saw her own +2 as the newest step and tapped Undo; Bob's +5 landed first."""
    seen = store.act(token, ann, "track.adjust", {"track": "t1", "delta": 2})
    assert store.undo_target(token) == seen
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 5})
    before = snapshot(store, token)
    with pytest.raises(ActionError) as error:
        store.undo(token, ann, expected=seen)
    assert error.value.field == "undo"
    assert "Someone acted just before you" in error.value.text()
    assert snapshot(store, token) == before


def test_undo_of_the_step_still_newest_goes_through(store, token, ann):
    seen = store.act(token, ann, "track.adjust", {"track": "t1", "delta": 2})
    store.undo(token, ann, expected=seen)
    assert doom(store, token) == 0
    assert store.undo_target(token) is None


def test_an_action_listener_that_fails_leaves_the_action_kept_and_the_next_listener_heard(store, token, ann):
    """A listener (a game's after_action hook) that raises is logged; the
    action it heard stays in the log and the caller gets its version."""
    heard = []

    def broken(table, action, state):
        raise RuntimeError("a game's hook went wrong")

    store.action_listeners.extend([broken, lambda table, action, state: heard.append(action.type)])
    version = store.act(token, ann, "track.adjust", {"track": "t1", "delta": 1})
    assert store.state(token)[0] == version and doom(store, token) == 1 and heard == ["track.adjust"]
