"""Linked tables in the store: a parent starts a child from one of its
offers (seats carried over, linked), the child reports its result back as an
action in the parent's log, and export/import keep the family together."""

from __future__ import annotations

import sqlite3

import pytest

from companion.rules import ActionError
from companion.store import CHILD_STARTED, RESULT_REPORTED, Store
from tests.league_tables import league  # noqa: F401 (fixture)


@pytest.fixture
def parent(store, league) -> str:
    token = store.create_table(league, "Spring league", {}).token
    store.join(token, "Ann", "player")
    store.join(token, "Bob", "keeper")
    return token


def win_match(store, child: str, seat: str = "s2") -> None:
    for _ in range(3):
        store.act(child, seat, "counter.adjust", {"counter": "c1", "delta": 1})


def test_a_child_is_created_from_an_offer_with_the_parents_seats_linked(store, parent):
    child = store.create_child(parent, "match-1", "s1")
    assert (child.game, child.name, child.parent, child.offer) == ("match", "Match 1", parent, "match-1")
    assert [(s.id, s.name, s.role) for s in store.seats(child.token).values()] == [
        ("s1", "Ann", "player"), ("s2", "Bob", "player")]  # the offer's role, not the parent's "keeper"
    assert store.seat_links(child.token) == {"s1": "s1", "s2": "s2"}
    assert store.linked_seat_key(child.token, "s2") in store.seat_keys(child.token)
    assert not set(store.seat_keys(child.token)) & set(store.seat_keys(parent))
    assert store.children(parent) == [child]
    assert store.log(parent)[-1].type == CHILD_STARTED and store.log(parent)[-1].payload["token"] == child.token


def test_starting_an_offer_already_started_opens_the_same_child(store, parent):
    first = store.create_child(parent, "match-1", "s1")
    version = store.table(parent).version
    assert store.create_child(parent, "match-1", "s2") == first
    assert store.table(parent).version == version and len(store.children(parent)) == 1


def test_an_offer_the_parent_does_not_make_now_is_refused(store, parent):
    with pytest.raises(ActionError) as refused:
        store.create_child(parent, "match-7", "s1")
    assert refused.value.field == "offer"
    with pytest.raises(ActionError):
        store.create_child(parent, "match-1", "s9")
    assert store.children(parent) == []


def test_a_finished_child_reports_its_result_as_an_action_in_the_parents_log(store, parent):
    child = store.create_child(parent, "match-1", "s1").token
    with pytest.raises(ActionError) as early:
        store.report(child, "s1")
    assert early.value.field == "report"
    win_match(store, child)
    version = store.report(child, "s1")
    entry = store.log(parent)[-1]
    assert (entry.seq, entry.type, entry.seat) == (version, "league.result", "s1")
    assert entry.payload == {"child": child, "offer": "match-1", "result": {"winner": "Bob"}}
    state = store.state(parent)[1]
    assert state["tracks"][0]["value"] == 1 and state["values"]["s2"]["c1"] == 1
    assert store.log(child)[-1].type == RESULT_REPORTED and store.reported(child)
    with pytest.raises(ActionError):
        store.report(child, "s2")
    assert store.table(parent).version == version


def test_after_a_report_the_parent_offers_the_next_child(store, parent):
    child = store.create_child(parent, "match-1", "s1").token
    win_match(store, child)
    store.report(child, None)  # the host reports: the parent's action has no seat
    assert store.log(parent)[-1].seat is None
    assert store.create_child(parent, "match-2", "s1").name == "Match 2"


def test_a_table_without_a_parent_has_nothing_to_report_to(store, parent):
    with pytest.raises(ActionError):
        store.report(parent, "s1")


def test_the_parent_and_child_links_survive_undo_of_other_steps(store, parent):
    store.act(parent, "s1", "counter.adjust", {"counter": "c1", "delta": 1})
    child = store.create_child(parent, "match-1", "s1").token
    store.undo(parent, "s1")  # the counter step: a child's start is no step to undo
    assert store.log(parent)[-2].type == CHILD_STARTED and store.children(parent)[0].token == child


def test_an_export_of_a_parent_includes_its_children_and_import_recreates_them_linked(store, parent):
    played = store.create_child(parent, "match-1", "s1").token
    win_match(store, played)
    store.report(played, "s2")
    store.create_child(parent, "match-2", "s1")
    data = store.export(parent)
    assert [child["name"] for child in data["children"]] == ["Match 1", "Match 2"]

    copy = store.import_table(data)
    children = store.children(copy.token)
    assert [(c.name, c.offer) for c in children] == [("Match 1", "match-1"), ("Match 2", "match-2")]
    assert all(c.token not in (played,) for c in children)
    assert store.state(copy.token)[1] == store.state(parent)[1]
    assert store.seat_links(children[0].token) == {"s1": "s1", "s2": "s2"}
    assert store.reported(children[0].token) and not store.reported(children[1].token)
    # The copy's log names its own children, not the originals.
    started = [e.payload["token"] for e in store.log(copy.token) if e.type == CHILD_STARTED]
    reported = [e.payload["child"] for e in store.log(copy.token) if e.type == "league.result"]
    assert started == [c.token for c in children] and reported == [children[0].token]
    assert store.export(copy.token)["children"][0]["actions"] == data["children"][0]["actions"]


def test_an_import_whose_child_links_to_a_seat_its_parent_lacks_is_refused(store, parent):
    store.create_child(parent, "match-1", "s1")
    data = store.export(parent)
    data["children"][0]["seats"][0]["parent_seat"] = "s9"
    with pytest.raises(ActionError) as refused:
        store.import_table(data)
    assert refused.value.field == "file"
    assert len(store.tables()) == 2  # nothing imported


def test_databases_from_before_linked_tables_gain_the_link_columns(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.execute("create table tables (token text primary key, code text, game text, name text, host_key text, "
                    "version integer, created float, initial text, state text, seed text)")
        old.execute("create table seats (table_token text, id text, name text, role text, key text, created float, "
                    "primary key (table_token, id))")
        old.execute("insert into tables values ('t', 'ABCDEF', 'tally', 'Old', 'k', 0, 1.0, '{}', '{}', null)")
    store = Store(path)
    assert store.table("t").parent is None and store.children("t") == []
    assert "parent_seat" in store.db["seats"].columns_dict
    store.close()


def test_a_child_exported_from_its_own_page_imports_as_a_table_of_its_own(store, parent):
    child = store.create_child(parent, "match-1", "s1").token
    copy = store.import_table(store.export(child))
    assert copy.parent is None and store.seat_links(copy.token) == {}
    assert [s.name for s in store.seats(copy.token).values()] == ["Ann", "Bob"]
