"""A table of The Others driven the way the store drives it: prepare (with a
seeded rng), then validate and apply."""

from __future__ import annotations

import random

from companion.games.the_others.rules import RULES
from companion.rules import Action, Seat

SIN_SIDES = {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}
HERO_SIDES = {"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1}
TEAM = ["leah", "rose", "rocco", "thorley", "brad", "karl", "morgana"]
CLASSES = {"leah": "leader", "rose": "sniper", "rocco": "sniper", "thorley": "bruiser", "brad": "bruiser",
           "karl": "fixer", "morgana": "fixer"}


class Table:
    def __init__(self, story="havens_last_stand", sin="pride", hero_players=3, seed=1):
        self.rng = random.Random(seed)
        self.state = RULES.initial_state({"sin": sin, "acolyte": "nun", "story": story, "hero_players": hero_players})
        self.seats: dict[str, Seat] = {}
        self.log: list[Action] = []

    def join(self, seat_id: str, role: str) -> Seat:
        seat = Seat(seat_id, seat_id.title(), role)
        self.seats[seat_id] = seat
        self.state = RULES.on_seat_joined(self.state, seat)
        return seat

    def act(self, seat_id, action_type: str, /, **payload) -> dict:
        action = RULES.prepare(self.state, RULES.typed(Action(action_type, payload, seat_id)), self.rng)
        self.state = RULES.act(self.state, action, self.seats)
        self.log.append(action)
        return self.state

    def facts(self):
        heroes = {hero: {"class": CLASSES[hero], "combat": 2, "skill": 2, "defense": 1} for hero in TEAM}
        monsters = {"abomination": {"combat": 3, "defense": 3}, "controller": {"combat": 3, "defense": 4},
                    "avatar": {"combat": 5, "defense": 6}, "acolyte": {"combat": 2, "defense": 2}}
        targets = {mission: 3 for mission in ("1", "2A", "2B", "3", "3A", "4")}
        from companion.games.the_others.state import story
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
