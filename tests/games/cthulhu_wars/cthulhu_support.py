"""A Cthulhu Wars table driven through its rules, as the store would: the
payload typed by its declaration, prepared with a seeded rng, then acted on
(helpers shared by the rules tests)."""

import copy
import random

from companion.games.cthulhu_wars.rules import RULES
from companion.rules import Action, Seat

SEATS = {"s1": "great_cthulhu", "s2": "crawling_chaos", "s3": "black_goat", "s4": "yellow_sign"}


class Table:
    def __init__(self, factions=("great_cthulhu", "crawling_chaos", "black_goat"), seed=1, **options):
        opts = {f"seat_{n}": f for n, f in enumerate(factions, start=1)}
        opts.update(options)
        self.state = RULES.initial_state(opts)
        self.seats = {}
        self.rng = random.Random(seed)
        self.log = []
        for n, faction in enumerate(factions, start=1):
            seat = Seat(f"s{n}", faction.replace("_", " ").title(), faction)
            self.seats[seat.id] = seat
            self.state = RULES.on_seat_joined(copy.deepcopy(self.state), seat)
        RULES.check_state(self.state)

    def seat_of(self, faction):
        return next(s for s in self.seats.values() if s.role == faction)

    def act(self, who, kind, **payload):
        seat = self.seat_of(who).id if who else None
        self.state, action = RULES.perform(self.state, RULES.typed(Action(kind, payload, seat)), self.seats, self.rng)
        RULES.check_state(self.state)
        self.log.append(action)
        return action

    def faction(self, faction):
        return self.state["factions"][faction]

    def signs(self, faction):
        return self.state["secrets"].get(self.seat_of(faction).id, {}).get("elder_signs", [])

    def to_action_phase(self):
        """Round one: gather, Great Cthulhu picks clockwise."""
        self.act("great_cthulhu", "power.gather")
        self.act(self.state["turn"], "direction.choose", direction="clockwise")

    def spend_all(self):
        """Everyone passes until the action phase ends."""
        while self.state["phase"] == "action":
            self.act(self.state["turn"], "pass")


def on_turn(faction, factions=("great_cthulhu", "crawling_chaos", "black_goat"), power=10) -> Table:
    """A table in the action phase with `faction` to act, holding `power`."""
    table = Table(factions)
    table.to_action_phase()
    table.state["turn"] = faction
    table.faction(faction)["power"] = power
    return table
