"""Only real seats: the god sitting out of a three-player game is not offered."""

from __future__ import annotations

import pytest

from companion.rules import ActionError


def test_a_god_chosen_to_sit_out_is_neither_offered_nor_taken(store):
    token = store.create_table("chaos-old-world", "Three", {"players": "3", "sitting_out": "slaanesh"}).token
    offered = [role.id for role in store.table(token).rules.open_roles(store.state(token)[1])]
    assert offered == ["khorne", "nurgle", "tzeentch"]
    with pytest.raises(ActionError):
        store.join(token, "Sam", "slaanesh")
    store.join(token, "Kim", "khorne")


def test_four_players_offer_every_god(store):
    token = store.create_table("chaos-old-world", "Four", {"players": "4"}).token
    assert len(store.table(token).rules.open_roles(store.state(token)[1])) == 4
