"""What every seat's view of The Others holds alike (the numbers with their
working, a prepared fight's pools) is worked out once per table version
while the platform renders it for every phone (kit.alike), and each seat's
view is still exactly what it would be worked out alone."""

from __future__ import annotations

from companion.games.the_others import battle
from companion.games.the_others import view as views
from companion.games.the_others.rules import RULES
from companion.kit.alike import sharing
from the_others_support import in_turns


def a_prepared_fight():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.prepare", monsters={"abomination": 2}, pentagrams=1)
    return table


def test_every_seat_shares_the_numbers_and_the_prepared_pools_and_sees_what_it_would_alone(monkeypatch):
    table = a_prepared_fight()
    alone = {seat_id: RULES.view(table.state, seat) for seat_id, seat in [*table.seats.items(), (None, None)]}
    worked, pooled = [], []
    numbers, pools = views.worked_numbers, battle.prepared_pools
    monkeypatch.setattr(views, "worked_numbers", lambda state: worked.append(1) or numbers(state))
    monkeypatch.setattr(battle, "prepared_pools", lambda state: pooled.append(1) or pools(state))
    kept: dict = {}

    def keep(what, compute):
        if what not in kept:
            kept[what] = compute()
        return kept[what]

    state = table.state
    for seat_id, seat in [*table.seats.items(), (None, None)]:
        with sharing(state, keep):
            assert RULES.view(state, seat) == alone[seat_id], seat_id
    assert alone["ann"]["preparing"]["without"] is not None  # the fight's pools were shown
    assert (len(worked), len(pooled)) == (1, 1)
    assert "cards" in alone["sin"]["preparing"] and "cards" not in alone["ann"]["preparing"]  # the SIN's own
