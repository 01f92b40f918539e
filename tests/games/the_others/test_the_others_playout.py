"""Random playouts: from a new table, seats pick at random among the actions
open to them (Rules.open_actions), undoing now and then, as the store drives
it (tests/harness.playout).
Every step is accepted or refused with a message; the state passes
check_state, equals a replay of its log, and no seat sees another seat's
secrets. Each playout gets through set-up, fights and a whole round."""

from __future__ import annotations

import random

import pytest

from companion.games.the_others.rules import RULES
from companion.rules import Action
from tests import harness
from tests.harness import Table

SEATS = (("Sina", "sin"), ("Ann", "hero"), ("Bob", "hero"))


def seats_secrets_kept(table: Table) -> None:
    for seat in [None, *table.seats.values()]:
        shown = table.view(seat.id if seat else None)
        assert "secrets" not in shown
        assert shown["mine"] == (table.state["secrets"].get(seat.id, {}) if seat else {})
    hero = table.seats["s2"]
    for entry in table.log:
        # What the SIN drew (cards, apocalypse offers) reaches a hero's history as a count only.
        shown = RULES.redact(Action(entry["type"], entry["payload"], entry["seat"]), hero)
        assert not any(isinstance(shown.get(key), list) and shown[key] for key in ("drawn", "offers"))
        assert not isinstance(shown.get("draws", {}).get("hand", 0), list)
        assert "dark_pasts" not in shown.get("draws", {})


def playout(seed: int, story: str, rounds: int = 2, limit: int = 400) -> tuple[Table, dict]:
    chooser = random.Random(seed)
    table = Table(RULES, {"sin": chooser.choice(["pride", "greed", "wrath", "envy", "gluttony", "lust", "sloth"]),
                          "acolyte": "nun", "story": story, "hero_players": "2"},
                  seats=SEATS, rng=random.Random(seed))
    result = harness.playout(table, chooser, steps=limit, pick=harness.any_open_choice, undo=0.03,
                             secrets=seats_secrets_kept,
                             until=lambda t: t.state["round"] >= rounds or t.state["phase"] == "over")
    return table, {**result.done, "refused": result.refused, "steps": result.steps, "undone": result.undone}


@pytest.mark.parametrize("seed, story",
                         [(1, "havens_last_stand"), (2, "the_darkness_within"), (3, "havens_last_stand")])
def test_a_random_playout_gets_through_a_whole_round(seed, story):
    table, reached = playout(seed, story)
    assert table.state["round"] >= 2, reached
    assert reached.get("fight.start", 0) >= 1 and reached.get("round.end") == 1, reached
