"""Random playouts: from a new table, a random seat (or the host) picks a
random action among those open to it now (the rules' own `open` lists), now
and then someone undoes (tests/harness.playout). After every step: nothing
but a refusal goes wrong, check_state holds and the state equals a replay of
its log, and no seat's view or history holds another seat's secret."""

import functools
import random

import pytest

from chaos_play import PLAYERS
from companion.games.chaos.rules import RULES
from companion.rules import Action
from tests import harness
from tests.harness import Table


def secrets_kept(table: Table) -> None:
    display = table.view(None)
    assert "secrets" not in display and "mine" not in display
    for seat_id in table.seats:
        shown = table.view(seat_id)
        assert "secrets" not in shown and shown["mine"] == table.state["secrets"].get(seat_id, {})
        for entry in table.log:
            if entry["type"] == "hand.note" and entry["seat"] != seat_id:
                logged = Action(entry["type"], entry["payload"], entry["seat"])
                assert RULES.redact(logged, table.seats[seat_id]) == {}
                assert RULES.redact(logged, None) == {}


@functools.cache  # each seed is played once for the tests below
def playout(seed: int, rounds: int = 1, steps: int = 1500) -> tuple[Table, frozenset[str]]:
    """Plays until `rounds` rounds are over (or the game is); returns the
    table and the action types carried out."""
    rng = random.Random(seed)
    table = Table(RULES, {"players": rng.choice(["3", "4"]), "sitting_out": "draw"}, PLAYERS,
                  seed=f"playout-{seed}")
    result = harness.playout(table, rng, steps=steps, pick=harness.any_seat(host=True), undo=0.02,
                             until=lambda t: t.state["phase"] == "over" or t.state["round"] > rounds,
                             secrets=secrets_kept)
    return table, frozenset(result.done)


SEEDS = (1, 2, 3, 4)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_playout_gets_through_a_full_round(seed):
    table, done = playout(seed)
    assert table.state["round"] >= 2 or table.state["phase"] == "over"
    assert {"setup.tokens", "setup.start", "old_world.card", "draw", "corruption.resolve", "end.score"} <= done


def test_random_playouts_reach_battles_and_cards():
    done = frozenset().union(*(playout(seed)[1] for seed in SEEDS))
    assert {"setup.sit_out", "summon", "card.play", "battle.roll", "battle.assign", "hand.note"} <= done


def test_what_is_open_follows_the_phase_and_the_turn():
    table = Table(RULES, {"players": "4"}, PLAYERS)
    assert set(table.open_actions("Kim")) == {"setup.tokens", "hand.note"}
    table.act(None, "setup.tokens", draw=True)
    table.act(None, "setup.start")
    drawer = min(table.state["gods_in_play"], key=lambda god: table.view(None)["derived"]["threat"][god])
    assert "old_world.card" in table.open_actions(drawer)
    assert "old_world.card" not in table.open_actions("khorne" if drawer != "khorne" else "nurgle")
    table.act(drawer, "old_world.card", name="Peasant Uprising")
    table.act(None, "phase.next")
    assert table.open_actions("tzeentch")["draw"] == [{}, {"discard": True}]
    for god in table.state["gods_in_play"]:
        table.act(god, "draw")
    assert table.state["turn"] == "khorne"
    assert {"summon", "card.play", "summoning.pass"} <= set(table.open_actions("khorne"))
    assert set(table.open_actions("nurgle")) == {"hand.note"}
    assert {"unit": "greater_daemon", "region": "kislev"} in table.open_actions("khorne")["summon"]
