"""A table of The Others for the tests: a thin adapter over the shared
harness (tests/harness.Table), which drives the table exactly as the store
does (typed parsing, draws while the action is carried out, check_state
after every action, on_seat_joined). One seeded random.Random serves every
draw, as the tests were written against a seeded sequence."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from companion.games.the_others.rules import RULES
from companion.games.the_others.state import story
from companion.rules import Action, ActionError, Seat
from tests.harness import Table as Harness

SIN_SIDES = {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}
HERO_SIDES = {"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1}
TEAM = ["leah", "rose", "rocco", "thorley", "brad", "karl", "morgana"]
CLASSES = {"leah": "leader", "rose": "sniper", "rocco": "sniper", "thorley": "bruiser", "brad": "bruiser",
           "karl": "fixer", "morgana": "fixer"}


class Table:
    """Seats are named by their ids ("sin", "ann", ...); `act` returns the new state."""

    def __init__(self, story="havens_last_stand", sin="pride", hero_players=3, seed=1):
        self.rng = random.Random(seed)
        self.harness = Harness(RULES, {"sin": sin, "acolyte": "nun", "story": story, "hero_players": hero_players},
                               rng=self.rng)

    @property
    def state(self) -> dict:
        return self.harness.state

    @property
    def seats(self) -> dict[str, Seat]:
        return self.harness.seats

    @property
    def log(self) -> list[Action]:
        """The kept game actions, as logged (with what they drew)."""
        return [Action(e["type"], e["payload"], e["seat"]) for e in self.harness.log
                if not e["undone"] and e["type"] != "seat.join"]

    def join(self, seat_id: str, role: str) -> Seat:
        return self.harness.join(seat_id.title(), role, seat_id)

    def act(self, seat_id, action_type: str, /, **payload) -> dict:
        self.harness.act(seat_id, action_type, **payload)
        return self.state

    @contextmanager
    def arranged(self) -> Iterator[dict]:
        """Set up a position the rules reach only after many steps: change
        the state yielded; it must still pass check_state (harness.arrange)."""
        changed = copy.deepcopy(self.state)
        yield changed
        self.harness.arrange(lambda state: (state.clear(), state.update(changed)))

    def facts(self):
        heroes = {hero: {"class": CLASSES[hero], "combat": 2, "skill": 2, "defense": 1} for hero in TEAM}
        monsters = {"abomination": {"combat": 3, "defense": 3}, "controller": {"combat": 3, "defense": 4},
                    "avatar": {"combat": 5, "defense": 6}, "acolyte": {"combat": 2, "defense": 2}}
        targets = {m["id"]: 3 for m in story(self.state)["missions"] if m["target"] is None}
        return self.act(None, "facts.enter", sin_die=SIN_SIDES, hero_die=HERO_SIDES, heroes=heroes,
                        monsters=monsters, targets=targets)


def started(hero_players=3, **options) -> Table:
    """SIN seat "sin", hero seats "ann", "bob", "cy" (one hero each), at round 1."""
    table = Table(hero_players=hero_players, **options)
    table.join("sin", "sin")
    for name in ("ann", "bob", "cy")[:hero_players]:
        table.join(name, "hero")
    table.facts()
    table.act(None, "team.choose", heroes=TEAM)
    picks = {1: {"ann": ["rose", "thorley", "rocco"]},
             2: {"ann": ["rose", "thorley"], "bob": ["rocco", "leah"]},
             3: {"ann": ["rose"], "bob": ["thorley"], "cy": ["rocco"]}}[hero_players]
    for seat, heroes in picks.items():
        table.act(seat, "heroes.pick", heroes=heroes)
    table.act(None, "game.start")
    return table


def in_turns(**options) -> Table:
    """A started table in round 1's hero turns, Rose (ann) first."""
    table = started(**options)
    table.act("ann", "round.first_hero", hero="rose")
    return table


def refused(table, seat, action_type, /, **payload) -> ActionError:
    """The refusal of an action, which changed nothing."""
    before = table.state
    with pytest.raises(ActionError) as error:
        table.act(seat, action_type, **payload)
    assert table.state == before  # nothing changed
    return error.value


def keep_all_offers(table) -> None:
    """The SIN keeps every apocalypse card offered."""
    while table.state["apocalypse"]["waiting"]:
        table.act("sin", "apocalypse.keep", card=table.state["secrets"]["sin"]["offer"][0])


def play_turn(table, seat, hero) -> None:
    table.act(seat, "turn.start", hero=hero)
    table.act(seat, "turn.end")


def full_round(table) -> None:
    """Two turns each for Rose (ann), Thorley (bob) and Rocco (cy)."""
    for _ in range(2):
        for seat, hero in (("ann", "rose"), ("bob", "thorley"), ("cy", "rocco")):
            play_turn(table, seat, hero)


def first_round_ended(**options) -> Table:
    """Round 1 played through (two turns a hero) and ended."""
    table = in_turns(**options)
    full_round(table)
    table.act(None, "round.end")
    return table


def round_where_thorley_dies(table) -> Table:
    """From a round's end: the apocalypse cards offered kept, Rose first,
    Thorley wounded to death and replaced by Leah from the reserve, two
    turns each, the round ended."""
    keep_all_offers(table)
    table.act("ann", "round.first_hero", hero="rose")
    for _ in range(5):
        table.act("bob", "hero.adjust", hero="thorley", change="wound")
    table.act("bob", "hero.replace", hero="thorley", reserve="leah")
    for _ in range(2):
        for seat, hero in (("ann", "rose"), ("bob", "leah"), ("cy", "rocco")):
            play_turn(table, seat, hero)
    table.act(None, "round.end")
    return table
