"""Random playouts of a tally table from what is open now (tests/harness.playout):
seats and the host take random open actions, undoing now and then; every step
is applied or refused, `check_state` holds, the state is its log's replay and
no seat's view holds another seat's private note."""

from __future__ import annotations

import random

import pytest

from companion.games.tally.rules import RULES
from tests import harness

OPTIONS = {"tracks": "Doom 0..30\nPower 0..20 start 5 step 2", "counters": "VP 0..99\nGold -5..5 start 1"}


@pytest.mark.parametrize("seed", range(3))
def test_a_random_playout_moves_every_kind_of_value_and_keeps_notes_private(seed):
    table = harness.Table(RULES, OPTIONS, (("Ann", "player"), ("Bob", "player")), seed=f"tally-playout-{seed}")
    result = harness.playout(table, random.Random(seed), steps=150, pick=harness.any_seat(host=True), undo=0.05,
                             secrets=harness.no_view_holds_another_seats_secret())
    assert {"track.adjust", "counter.adjust", "note.set", "reset"} <= set(result.done), result.done
    assert result.undone >= 1 and result.refused == 0, result
