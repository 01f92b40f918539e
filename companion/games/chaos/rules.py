"""Chaos in the Old World at the table (`chaos-old-world`): the Rules.

The maths lives in small pure modules (domination, corruption, ruination,
dial, battle, endgame, old_world); the phase flow in round_flow, summoning,
battle_phase and scoring_phases. This module declares the actions, reads
their payloads, and says who may see what.
"""

from __future__ import annotations

import copy
import random

from companion.games.chaos import battle_phase, data, edits, payload as read, round_flow, setup_phase, summoning
from companion.games.chaos import scoring_phases
from companion.games.chaos.board import UNIT_KINDS
from companion.games.chaos.dice import MAX_POOL
from companion.games.chaos.names import GOD_NAMES
from companion.games.chaos.state import check_state, new_game
from companion.rules import N_, Action, ActionError, Role, Rules, Seat

REGIONS = tuple(data.region_order())
GODS = tuple(data.god_order())
TARGET_OWNERS = (*GODS, "peasant")


class ChaosRules(Rules):
    id = "chaos-old-world"
    title = N_("Chaos in the Old World")
    templates = "games/chaos"

    def roles(self) -> list[Role]:
        return [Role(god, GOD_NAMES[god], max_seats=1) for god in GODS]

    def setup_fields(self) -> list[dict]:
        return [
            {"name": "players", "label": N_("Players"), "kind": "select", "default": "4",
             "choices": [["4", N_("4 players")], ["3", N_("3 players")]]},
            {"name": "sitting_out", "label": N_("With 3 players, who sits out"), "kind": "select", "default": "draw",
             "choices": [["draw", N_("Draw at random")]] + [[god, GOD_NAMES[god]] for god in GODS]},
        ]

    def initial_state(self, options: dict) -> dict:
        players = int(read.choice(options, "players", ("3", "4"), default="4"))
        sitting_out = read.choice(options, "sitting_out", ("draw", *GODS), default="draw")
        return new_game(players, sitting_out if players == 3 else None)

    def check_state(self, state: dict) -> None:
        check_state(state)

    def action_types(self) -> dict[str, str]:
        return {name: doc for name, (doc, _) in ACTIONS.items()}

    def regions(self, seat: Seat | None) -> list[str]:
        return ["status", "gods", "board", "report"] + ([] if seat is None else ["controls"])

    # -- randomness, recorded ---------------------------------------------------
    def prepare(self, state: dict, action: Action, rng: random.Random) -> Action:
        payload = dict(action.payload)
        if action.type == "setup.sit_out":
            payload["god"] = setup_phase.draw_sitting_out(rng)
        elif action.type == "setup.tokens" and read.flag(payload, "draw"):
            payload["tokens"] = setup_phase.draw_tokens(rng)
        elif action.type == "battle.roll":
            # The roll is for the god whose turn it is to fight; apply checks the seat.
            round_flow.require_phase(state, "battle")
            god = state["battle"]["queue"][0]
            first_strike = read.flag(payload, "first_strike")
            total = battle_phase.dice_for(state, god, first_strike, read.integer(payload, "dice", -MAX_POOL, MAX_POOL, default=0))
            payload["roll"] = battle_phase.roll_dice(total, read.text(payload, "faces", 400, required=False), rng)
        return Action(action.type, payload, action.seat)

    # -- validate and apply: one handler, run on a copy first --------------------
    def validate(self, state: dict, action: Action, seats: dict[str, Seat]) -> None:
        self._run(copy.deepcopy(state), action, seats)

    def apply(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        self._run(state, action, seats)
        return state

    def _run(self, state: dict, action: Action, seats: dict[str, Seat]) -> None:
        if action.type not in ACTIONS:
            raise ActionError(N_("Unknown action."), field="type")
        _, handler = ACTIONS[action.type]
        handler(state, action, seats)

    # -- what each seat sees ----------------------------------------------------------
    def view(self, state: dict, seat: Seat | None) -> dict:
        from companion.games.chaos.views import derived

        shown = super().view(state, seat)
        shown["derived"] = derived(state) if state["phase"] != "setup" else {}
        shown["my_god"] = seat.role if seat is not None and seat.role in state["gods_in_play"] else None
        return shown

    def describe(self, action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
        from companion.games.chaos.history import describe

        return describe(action, seats, state)

    def redact(self, action: Action, viewer: Seat | None) -> dict:
        # A seat's private list of the cards in its hand is for its eyes only.
        if action.type == "hand.note" and (viewer is None or viewer.id != action.seat):
            return {}
        return action.payload


def acting_god(state: dict, action: Action, seats: dict[str, Seat] | None) -> str:
    """The god an action is for: the seat's own god, or (for a god nobody
    sits at) the god named in the payload."""
    named = read.optional_choice(action.payload, "god", state["gods_in_play"])
    own = seats[action.seat].role if seats and action.seat in seats else None
    if named is None:
        if own not in state["gods_in_play"]:
            raise ActionError(N_("Say which god this is for."), field="god")
        return own
    if named != own and seats is not None:
        if any(seat.role == named for seat in seats.values()):
            raise ActionError(N_("That god's player acts for it from their own phone."), field="god")
    return named


# -- handlers: (state, action, seats) -> None ------------------------------------------
def _setup_sit_out(state, action, seats):
    round_flow.require_phase(state, "setup")
    setup_phase.sit_out(state, read.choice(action.payload, "god", GODS))


def _setup_tokens(state, action, seats):
    round_flow.require_phase(state, "setup")
    tokens = read.json_value(action.payload, "tokens")
    if tokens is None:  # a form sends one field per region
        tokens = {name.split(".", 1)[1]: value for name, value in action.payload.items() if name.startswith("token.")}
    setup_phase.place_tokens(state, tokens)


def _setup_start(state, action, seats):
    round_flow.require_phase(state, "setup")
    setup_phase.start(state)


def _next_phase(state, action, seats):
    round_flow.next_phase(state)


def _old_world_card(state, action, seats):
    p = action.payload
    regions = read.json_value(p, "event_regions") if p.get("event_regions") not in (None, "") else []
    if not isinstance(regions, list) or any(r not in REGIONS for r in regions):
        raise ActionError(N_("Pick regions of the map."), field="event_regions")
    card = {"name": read.text(p, "name"), "remove_after": read.flag(p, "remove_after"),
            "removes_events": read.flag(p, "removes_events"), "event": read.flag(p, "event"),
            "end_phase": read.flag(p, "end_phase"), "event_regions": regions}
    round_flow.resolve_old_world_card(state, card, acting_god(state, action, seats))


def _draw(state, action, seats):
    round_flow.draw_cards(state, acting_god(state, action, seats), read.flag(action.payload, "discard"))


def _summon(state, action, seats):
    p = action.payload
    summoning.summon(state, acting_god(state, action, seats), read.choice(p, "unit", UNIT_KINDS),
                     read.choice(p, "region", REGIONS), read.optional_choice(p, "moved_from", REGIONS),
                     read.optional_integer(p, "cost", 0, 20))


def _play_card(state, action, seats):
    p = action.payload
    card = {"name": read.text(p, "name"), "cost": read.integer(p, "cost", 0, 20),
            "domination": read.integer(p, "domination", 0, 10, default=0), "magic": read.integer(p, "magic", 0, 5, default=0)}
    summoning.play_card(state, acting_god(state, action, seats), read.choice(p, "region", REGIONS),
                        read.integer(p, "slot", 0, 1), card)
    # The card leaves the player's private hand list too, if it is there.
    hand = state["secrets"].get(action.seat, {}).get("hand", [])
    if card["name"] in hand:
        hand.remove(card["name"])


def _pass(state, action, seats):
    summoning.pass_phase(state, acting_god(state, action, seats))


def _battle_roll(state, action, seats):
    p = action.payload
    battle_phase.record_roll(state, acting_god(state, action, seats), read.flag(p, "first_strike"),
                             read.integer(p, "dice", -MAX_POOL, MAX_POOL, default=0), p.get("roll"))


def _battle_assign(state, action, seats):
    battle_phase.assign(state, acting_god(state, action, seats), assignments(action.payload))


def assignments(p: dict) -> list[dict]:
    """Hits per target from `assignments` (JSON: [{"owner", "unit", "hits"}]),
    or from a form's `kill.<owner>.<unit>` counts (each kill as many hits as
    that target's defense needs: "needed")."""
    if p.get("assignments") not in (None, ""):
        entries = read.json_value(p, "assignments")
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise ActionError(N_("List each target with its hits."), field="assignments")
        return [{"owner": read.choice(e, "owner", TARGET_OWNERS), "unit": read.choice(e, "unit", (*UNIT_KINDS, "peasant")),
                 "hits": read.integer(e, "hits", 1, 200)} for e in entries]
    found = []
    for name in p:
        if name.startswith("kill."):
            _, owner, unit = (name.split(".") + ["", ""])[:3]
            if owner not in TARGET_OWNERS or unit not in (*UNIT_KINDS, "peasant"):
                raise ActionError(N_("There is no such target left in this region."), field="assignments")
            found += [{"owner": owner, "unit": unit, "hits": "needed"}] * read.integer(p, name, 0, 40)
    return found


def _corruption(state, action, seats):
    scoring_phases.resolve_corruption(state)


def _hero_remove(state, action, seats):
    p = action.payload
    scoring_phases.remove_for_hero(state, acting_god(state, action, seats), read.choice(p, "region", REGIONS),
                                   read.choice(p, "unit", UNIT_KINDS))


def _end_score(state, action, seats):
    scoring_phases.score_end(state)


ACTIONS = {
    "setup.sit_out": ("With 3 players, draw which god sits out (the server draws; recorded as `god`).", _setup_sit_out),
    "setup.tokens": ("Place the starting Old World tokens: `tokens` {region: noble|warpstone|peasant} "
                     "(2 nobles, 3 warpstone, 4 peasants), or `draw`: true for the server to draw them.", _setup_tokens),
    "setup.start": ("Start round 1.", _setup_start),
    "phase.next": ("End the Old World or draw phase (the others end when their work is done).", _next_phase),
    "old_world.card": ("The lowest-threat god resolves the Old World card drawn: `name`, flags `remove_after`, "
                       "`removes_events`, `event`, `end_phase`, and `event_regions` (list of regions).", _old_world_card),
    "draw": ("Draw this round's chaos cards (Tzeentch: `discard` true to discard one first).", _draw),
    "summon": ("Summon `unit` (cultist, warrior, greater_daemon) into `region`, or move it from `moved_from`; "
               "optional `cost` when an effect changes it.", _summon),
    "card.play": ("Play a chaos card: `region`, `slot` (0 left, 1 right), `name`, `cost`, `domination`, `magic`.", _play_card),
    "summoning.pass": ("Take no more actions this summoning phase (power goes to 0).", _pass),
    "battle.roll": ("Roll for the god whose turn it is to fight: `first_strike`, `dice` (first strike: how many; "
                    "normal: added to the figures' dice), optional `faces` (physical results typed in).", _battle_roll),
    "battle.assign": ("Assign the last roll's hits: `assignments` [{owner, unit, hits}] (peasants: owner and unit "
                      "`peasant`), or form fields `kill.<owner>.<unit>` = count.", _battle_assign),
    "corruption.resolve": ("Compute domination and corruption, region by region, then begin the end phase.", _corruption),
    "hero.remove": ("The highest-threat god removes a figure (`unit`) from `region` for a hero there.", _hero_remove),
    "end.score": ("Score ruined regions, turn the dials, and run the end checks.", _end_score),
}
ACTIONS.update(edits.ACTIONS)

RULES = ChaosRules()
