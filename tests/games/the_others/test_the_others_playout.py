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


def any_open_action(table: Table, rng: random.Random) -> tuple:
    """An action open to anyone (the host included) at random, then one of its choices: an action with
    many choices doesn't crowd out the rest."""
    options = [(seat, kind, payloads) for seat in [None, *table.seats]
               for kind, payloads in table.open_actions(seat).items() if payloads]
    assert options, "nothing is open"
    seat, kind, payloads = rng.choice(options)
    return seat, kind, rng.choice(payloads)


def playout(seed: int, story: str, rounds: int = 2, limit: int = 400) -> tuple[Table, dict]:
    chooser = random.Random(seed)
    table = Table(RULES, {"sin": chooser.choice(["pride", "greed", "wrath", "envy", "gluttony", "lust", "sloth"]),
                          "acolyte": "nun", "story": story, "hero_players": "2"},
                  seats=SEATS, rng=random.Random(seed))
    result = harness.playout(table, chooser, steps=limit, pick=any_open_action, undo=0.03,
                             secrets=seats_secrets_kept,
                             until=lambda t: t.state["flow"]["round"] >= rounds or t.state["flow"]["phase"] == "over")
    return table, {**result.done, "refused": result.refused, "steps": result.steps, "undone": result.undone}


GAMES = [(1, "havens_last_stand"), (2, "the_darkness_within"), (3, "havens_last_stand"), (4, "havens_last_stand")]
#: What each playout reached, by game (filled as the playouts run).
REACHED: dict[tuple, dict] = {}

#: Actions every playout reaches: a whole round.
EVERY_GAME = ("round.end", "turn.start", "turn.end")
#: Actions the playouts reach between them: fights in the rulebook's order and at once, ranged fights, moves,
#: city actions, sin draws and cards, cleanses, reactions.
ACROSS_GAMES = ("fight.start", "fight.prepare", "fight.choose", "fight.sin_ready", "fight.roll", "fight.resolve",
                "fight.ranged_hits", "fight.counter", "hero.move", "city.action", "sin.draw", "sin.play_card",
                "cleanse.roll", "reaction.spend", "space.add")


def reached_in(seed: int, story: str) -> dict:
    if (seed, story) not in REACHED:
        table, reached = playout(seed, story)
        assert table.state["flow"]["round"] >= 2, reached
        REACHED[seed, story] = reached
    return REACHED[seed, story]


@pytest.mark.parametrize("seed, story", GAMES)
def test_a_random_playout_gets_through_a_whole_round(seed, story):
    reached = reached_in(seed, story)
    assert all(reached.get(kind) for kind in EVERY_GAME), reached


def test_the_playouts_reach_every_deep_state_between_them():
    reached = [reached_in(seed, story) for seed, story in GAMES]
    missing = [kind for kind in ACROSS_GAMES if not any(games.get(kind) for games in reached)]
    assert not missing, reached
