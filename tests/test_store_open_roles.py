"""Only the roles a table plays can be taken (Rules.open_roles): a Cthulhu
Wars table seated for three factions refuses the fourth."""

from __future__ import annotations

import pytest

from companion.rules import ActionError

THREE = {"seat_1": "great_cthulhu", "seat_2": "crawling_chaos", "seat_3": "black_goat", "seat_4": ""}


def test_a_faction_nobody_was_seated_for_is_refused_and_nothing_changes(store):
    token = store.create_table("cthulhu-wars", "Three", THREE).token
    with pytest.raises(ActionError) as refused:
        store.join(token, "Yves", "yellow_sign")
    assert refused.value.field == "role"
    assert refused.value.text() == "Yellow Sign is not in play at this table: pick another role."
    assert store.seats(token) == {} and store.table(token).version == 0


def test_the_factions_seated_can_be_taken(store):
    token = store.create_table("cthulhu-wars", "Three", THREE).token
    seat, _ = store.join(token, "Gail", "black_goat")
    assert seat.role == "black_goat"
    assert [r.id for r in store.table(token).rules.open_roles(store.state(token)[1])] == [
        "black_goat", "crawling_chaos", "great_cthulhu"]


def test_a_role_no_game_has_is_still_asked_for_by_name(store):
    token = store.create_table("cthulhu-wars", "Three", THREE).token
    with pytest.raises(ActionError) as refused:
        store.join(token, "Yves", "dagon")
    assert refused.value.text() == "Pick a role."


def test_a_game_without_an_override_offers_every_role(store):
    token = store.create_table("tally", "Tally", {"tracks": "Doom 0..30", "counters": ""}).token
    rules = store.table(token).rules
    assert rules.open_roles(store.state(token)[1]) == rules.roles()
    assert store.join(token, "Kim", "keeper")[0].role == "keeper"
