"""Leaving a seat: the phone's key is withdrawn, the seat stays with all it
holds, and joining again under its name takes it back."""

from __future__ import annotations

import pytest

from companion.rules import ActionError
from companion.store import SEAT_BACK, SEAT_LEFT, SEAT_TAKEOVER

OPTIONS = {"tracks": "Doom 0..30", "counters": "VP 0..99"}


@pytest.fixture
def token(store) -> str:
    return store.create_table("tally", "Friday", OPTIONS).token


def vp(store, token, seat_id) -> int:
    return store.state(token)[1]["values"][seat_id]["c1"]


def test_leaving_withdraws_the_key_and_keeps_the_seat(store, token):
    seat, key = store.join(token, "Ann", "player")
    version = store.table(token).version
    store.leave(token, seat.id)
    assert store.seat_by_key(token, key) is None
    assert list(store.seats(token)) == [seat.id]
    assert store.vacant_seats(token) == {seat.id}
    assert key not in store.seat_keys(token)
    # A new version, so the seat's open streams look at its keys again.
    entry = store.log(token)[-1]
    assert store.table(token).version == version + 1
    assert (entry.type, entry.payload, entry.seat) == (SEAT_TAKEOVER, {"id": seat.id, "how": SEAT_LEFT}, seat.id)


def test_joining_again_with_the_same_name_takes_the_seat_back(store, token):
    seat, old_key = store.join(token, "Ann", "player")
    store.act(token, seat.id, "counter.adjust", {"counter": "c1", "delta": 7})
    store.leave(token, seat.id)
    back, key = store.join(token, "  ann ", "player")
    assert back == seat
    assert key != old_key and store.seat_by_key(token, key) == seat
    assert store.vacant_seats(token) == set()
    assert vp(store, token, seat.id) == 7
    assert store.log(token)[-1].payload == {"id": seat.id, "how": SEAT_BACK}
    assert store.replayed_state(token) == store.state(token)[1]


def test_a_seat_still_held_keeps_its_name(store, token):
    store.join(token, "Ann", "player")
    with pytest.raises(ActionError) as refused:
        store.join(token, "ANN", "player")
    assert refused.value.field == "name"


def test_leaving_an_unknown_seat_is_refused_and_changes_nothing(store, token):
    version = store.table(token).version
    with pytest.raises(ActionError):
        store.leave(token, "s9")
    assert store.table(token).version == version


def test_a_table_with_a_left_seat_exports_and_imports(store, token):
    seat, _ = store.join(token, "Ann", "player")
    store.leave(token, seat.id)
    copy = store.import_table(store.export(token))
    assert store.state(copy.token)[1] == store.state(token)[1]
