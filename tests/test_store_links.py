"""Linked tables in the store: a parent starts a child from one of its
offers (seats carried over, linked), the child reports its result back as an
action in the parent's log, and export/import keep the family together."""

from __future__ import annotations

import sqlite3

import pytest

from companion.rules import ActionError
from companion.store import CHILD_DELETED, CHILD_STARTED, PARENT_DELETED, REPORTED_UNDO, RESULT_REPORTED, Store
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


# -- deleting a linked table ------------------------------------------------------

def test_deleting_a_parent_keeps_its_children_and_tells_them_in_their_log(store, parent):
    played = store.create_child(parent, "match-1", "s1").token
    win_match(store, played)
    store.report(played, "s1")
    started = store.create_child(parent, "match-2", "s1").token
    heard = []
    store.listeners.append(lambda token, version: heard.append((token, version)))
    before = {child: store.table(child).version for child in (played, started)}
    store.delete_table(parent)
    assert store.table(parent) is None
    for child in (played, started):
        table = store.table(child)
        assert table is not None and table.version == before[child] + 1
        assert (child, table.version) in heard  # open pages of the child hear of it
        last = store.log(child)[-1]
        assert (last.type, last.payload, last.seat) == (PARENT_DELETED, {"name": "Spring league"}, None)
        assert store.parent_deleted(table) == "Spring league"
    # The children carry on: play goes on, and the state is what the log replays.
    store.act(started, "s1", "counter.adjust", {"counter": "c1", "delta": 1})
    assert store.state(started)[1] == store.replayed_state(started)


def test_a_child_whose_parent_was_deleted_refuses_to_report_saying_why(store, parent):
    child = store.create_child(parent, "match-1", "s1").token
    win_match(store, child)
    store.delete_table(parent)
    with pytest.raises(ActionError) as refused:
        store.report(child, "s1")
    assert refused.value.field == "report" and "was deleted" in refused.value.message
    assert not store.reported(child)


def test_a_table_never_started_from_another_has_no_deleted_parent(store, parent):
    assert store.parent_deleted(store.table(parent)) is None
    child = store.create_child(parent, "match-1", "s1")
    assert store.parent_deleted(child) is None


def test_deleting_a_child_tells_its_parent_which_may_start_that_offer_again(store, parent):
    child = store.create_child(parent, "match-1", "s1").token
    version = store.table(parent).version
    store.delete_table(child)
    assert store.table(parent).version == version + 1
    last = store.log(parent)[-1]
    assert (last.type, last.payload) == (CHILD_DELETED, {"token": child, "name": "Match 1"})
    assert store.children(parent) == []
    assert store.create_child(parent, "match-1", "s1").token != child
    # Neither deletion note is a step anyone can undo.
    assert store.undo_target(parent) is None


def test_an_export_after_a_deletion_imports_with_the_notes_in_the_log(store, parent):
    child = store.create_child(parent, "match-1", "s1").token
    store.delete_table(parent)
    copy = store.import_table(store.export(child))
    assert store.log(copy.token)[-1].type == PARENT_DELETED
    assert store.parent_deleted(copy) is None  # imported on its own: started from nothing here


# -- undo after reporting -----------------------------------------------------------

def test_once_reported_a_child_refuses_to_undo_the_steps_before_the_report(store, parent):
    child = store.create_child(parent, "match-1", "s1").token
    win_match(store, child)
    store.report(child, "s1")
    version = store.table(child).version
    for by_host in (False, True):
        with pytest.raises(ActionError) as refused:
            store.undo(child, None if by_host else "s2", by_host=by_host)
        assert refused.value.field == "undo" and refused.value.message == REPORTED_UNDO
    assert store.table(child).version == version and store.state(child)[1]["values"]["s2"]["c1"] == 3
    # The parent's host may take the result back in the parent instead.
    store.undo(parent, None, by_host=True)
    assert store.state(parent)[1]["values"]["s2"]["c1"] == 0


def test_steps_after_the_report_may_still_be_undone_in_the_child(store, parent):
    child = store.create_child(parent, "match-1", "s1").token
    win_match(store, child)
    store.report(child, "s1")
    store.act(child, "s1", "counter.adjust", {"counter": "c1", "delta": 1})
    store.undo(child, "s1")
    assert store.state(child)[1]["values"]["s1"]["c1"] == 0
    with pytest.raises(ActionError):
        store.undo(child, "s1")


def test_a_reported_child_whose_parent_was_deleted_may_undo_again(store, parent):
    child = store.create_child(parent, "match-1", "s1").token
    win_match(store, child)
    store.report(child, "s1")
    store.delete_table(parent)
    store.undo(child, "s2")
    assert store.state(child)[1]["values"]["s2"]["c1"] == 2


def test_a_parent_deletes_even_when_its_childs_game_is_no_longer_installed(store, parent, monkeypatch):
    from companion import games

    child = store.create_child(parent, "match-1", "s1").token
    monkeypatch.delitem(games.table_types(), "match")
    store.delete_table(parent)
    assert store.table(parent) is None and store.log(child)[-1].type == PARENT_DELETED


def test_a_table_type_that_starts_no_children_reads_nothing_to_know_it_awaits_none(store):
    """Asked before every action of every table: a game that offers no child
    tables answers from its type alone, without a database read."""
    chaos = store.table(store.create_table("chaos-old-world", "Chaos night", {"players": "4"}).token)
    assert store._awaited_children(None, chaos) == {}  # no database given: any read would fail

