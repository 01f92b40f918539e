"""Draws made while an effect runs (companion.kit.actions.Draws): a series
of draws under one key, and a noted fact, on the live server and on replay."""

from __future__ import annotations

import random

import pytest

from companion.kit.actions import Draws, NotRecorded


def test_a_series_records_each_draw_in_order_and_replays_them_in_order():
    live = Draws(random.Random(3), {})
    series = live.series("spawns")
    drawn = [series.take(lambda rng: rng.randint(1, 10**6)) for _ in range(3)]
    assert live.made == {"spawns": drawn}
    replayed = Draws(None, {"spawns": drawn}).series("spawns")
    assert [replayed.take(lambda rng: pytest.fail("drew on replay")) for _ in range(3)] == drawn
    with pytest.raises(NotRecorded):
        replayed.take(lambda rng: 0)  # a fourth draw the log doesn't hold


def test_a_series_that_draws_nothing_logs_nothing():
    live = Draws(random.Random(1), {})
    live.series("spawns")
    assert live.made == {}


def test_a_noted_fact_goes_into_the_log_but_is_never_required_on_replay():
    live = Draws(random.Random(1), {})
    live.note("settled", {"name": "Brute", "amount": 3})
    assert live.made == {"settled": {"name": "Brute", "amount": 3}}
    old_log = Draws(None, {})
    old_log.note("settled", {"name": "Brute", "amount": 3})  # a log from before it was noted replays all the same
    logged = Draws(None, {"settled": {"name": "Brute", "amount": 3}})
    logged.note("settled", {"name": "changed", "amount": 0})
    assert logged.made == {}  # the log's value stands
