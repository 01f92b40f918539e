"""Fair undo: undoing a random draw and doing it again gives the same result;
host-only undo; snapshots keep undo and replay exact however long the log."""

from __future__ import annotations

import pytest

from companion.rules import ActionError
from companion.store import records as store_module
from tests.dice_table import dice_table  # noqa: F401 (fixture)


@pytest.fixture
def table(store, dice_table) -> tuple[str, str]:
    token = store.create_table(dice_table, "Dice", {"tracks": "Doom 0..30", "counters": "VP 0..9"}).token
    seat, _ = store.join(token, "Ann", "player")
    return token, seat.id


def test_undoing_a_roll_and_rolling_again_gives_the_same_dice(store, table):
    token, ann = table
    store.act(token, ann, "dice.roll", {"count": 10})
    first = store.state(token)[1]["rolls"][-1]
    for _ in range(5):
        store.undo(token, ann)
        store.act(token, ann, "dice.roll", {"count": 10})
        assert store.state(token)[1]["rolls"] == [first]


def test_actions_that_draw_nothing_in_between_do_not_change_the_next_roll(store, table):
    token, ann = table
    store.act(token, ann, "dice.roll", {"count": 8})
    first = store.state(token)[1]["rolls"][-1]
    store.undo(token, ann)
    store.act(token, ann, "track.adjust", {"track": "t1", "delta": 1})
    store.act(token, ann, "dice.roll", {"count": 8})
    assert store.state(token)[1]["rolls"] == [first]


def test_a_card_undone_goes_back_and_is_drawn_again(store, table):
    token, ann = table
    store.act(token, ann, "card.draw", {})
    drawn = store.state(token)[1]["drawn"]
    store.undo(token, ann)
    assert store.state(token)[1]["drawn"] == [] and len(store.state(token)[1]["deck"]["pile"]) == 40
    store.act(token, ann, "card.draw", {})
    assert store.state(token)[1]["drawn"] == drawn


def test_the_next_roll_after_a_kept_one_is_a_fresh_one(store, table):
    token, ann = table
    rolls = []
    for _ in range(3):
        store.act(token, ann, "dice.roll", {"count": 12})
        rolls.append(store.state(token)[1]["rolls"][-1])
    assert len({tuple(r) for r in rolls}) == 3


def test_two_tables_roll_differently(store, dice_table):
    results = []
    for name in ("One", "Two"):
        token = store.create_table(dice_table, name, {}).token
        seat, _ = store.join(token, "Ann", "player")
        store.act(token, seat.id, "dice.roll", {"count": 12})
        results.append(store.state(token)[1]["rolls"][-1])
    assert results[0] != results[1]


def test_the_seed_is_not_in_the_export_and_an_import_rolls_on_from_its_own(store, table):
    token, ann = table
    exported = store.export(token)
    assert "seed" not in exported and all("seed" not in str(key) for key in exported)
    copy = store.import_table(exported)
    assert copy.token != token


def test_an_action_a_seat_may_not_undo_is_refused_to_the_seat_and_allowed_to_the_host(store, table):
    token, ann = table
    store.act(token, ann, "card.seal", {})
    with pytest.raises(ActionError) as error:
        store.undo(token, ann)
    assert error.value.text() == "Only the host can undo this."
    assert store.state(token)[1]["drawn"]
    store.undo(token, None, by_host=True)
    assert store.state(token)[1]["drawn"] == []


def test_a_game_may_refuse_an_undo_and_nothing_changes(store, table, monkeypatch):
    token, ann = table
    store.act(token, ann, "dice.roll", {"count": 1})
    rules = store.table(token).rules
    monkeypatch.setattr(rules, "undo_refusal", lambda state, action, by_host: ActionError("No undo across phases."))
    version = store.table(token).version
    with pytest.raises(ActionError):
        store.undo(token, ann)
    assert store.table(token).version == version and store.log(token)[-1].undone is False


def test_undo_from_a_snapshot_equals_a_full_replay_on_a_long_log(store, table, monkeypatch):
    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 8)
    token, ann = table
    for step in range(60):
        store.act(token, ann, "dice.roll" if step % 3 else "track.adjust",
                  {"count": 2} if step % 3 else {"track": "t1", "delta": 1 if step < 40 else -1})
        if step % 5 == 4:
            store.undo(token, ann)
    for _ in range(6):
        store.undo(token, ann)
    assert store.state(token)[1] == store.replayed_state(token)
    snapshots = store.db.execute("select count(*) from snapshots where table_token = ?", [token]).fetchone()[0]
    assert snapshots > 0


def test_an_import_keeps_snapshots_so_its_undo_matches_the_replay(store, table, monkeypatch):
    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 5)
    token, ann = table
    for _ in range(23):
        store.act(token, ann, "dice.roll", {"count": 1})
    copy = store.import_table(store.export(token))
    seat = next(iter(store.seats(copy.token)))
    store.undo(copy.token, seat)
    store.undo(copy.token, seat)
    assert store.state(copy.token)[1] == store.replayed_state(copy.token)
    assert len(store.state(copy.token)[1]["rolls"]) == 21


def _quest_offer(store, token: str, seat: str) -> list[int]:
    return store.state(token)[1]["secrets"][seat]["quest_offer"]


def test_a_secret_draw_undone_does_not_tell_the_next_seat_what_it_will_draw(store):
    """A seat creates a character and sees its two personal quests, undoes;
    another seat's character then gets an offer of its own, not the one the
    first seat saw (seat-keyed streams: `ActionSpec.secret_draws`). Over ten
    tables, the same pair coming up every time would be a one-in-10^24 chance."""
    same = 0
    for _ in range(10):
        token = store.create_table("gloomhaven-campaign", "Party", {}).token
        ann, _ = store.join(token, "Ann", "player")
        bob, _ = store.join(token, "Bob", "player")
        store.act(token, ann.id, "character.create", {"class": "brute", "name": "Ann"})
        seen_by_ann = _quest_offer(store, token, ann.id)
        store.undo(token, ann.id)
        store.act(token, bob.id, "character.create", {"class": "tinkerer", "name": "Bob"})
        same += _quest_offer(store, token, bob.id) == seen_by_ann
    assert same < 10


def test_a_secret_draw_undone_and_redone_by_its_own_seat_is_the_same(store):
    token = store.create_table("gloomhaven-campaign", "Party", {}).token
    ann, _ = store.join(token, "Ann", "player")
    store.act(token, ann.id, "character.create", {"class": "brute", "name": "Ann"})
    first = _quest_offer(store, token, ann.id)
    store.undo(token, ann.id)
    store.act(token, ann.id, "character.create", {"class": "brute", "name": "Ann"})
    assert _quest_offer(store, token, ann.id) == first
