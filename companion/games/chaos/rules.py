"""Chaos in the Old World at the table (`chaos-old-world`): the Rules.

The maths lives in small pure modules (domination, corruption, ruination,
dial, battle, endgame, old_world); the phase flow in round_flow, summoning,
battle_phase and scoring_phases; the actions' declarations in actions.py.
This module ties them to the platform: it draws what is random in
`prepare`, checks each action against the declared phases, runs it, and
says who may see what.
"""

from __future__ import annotations

import random

from companion.games.chaos import battle_phase, edits, round_flow, scoring_phases, setup_phase, summoning
from companion.games.chaos.actions import GODS, REGIONS, SPECS, TARGET_OWNERS
from companion.games.chaos.board import UNIT_KINDS
from companion.games.chaos.names import GOD_NAMES
from companion.games.chaos.state import check_state, new_game
from companion.kit.deck import hand, play_from_hand
from companion.rules import N_, Action, ActionError, Role, Rules, Seat


class ChaosRules(Rules):
    validates_while_applying = True  # each action is checked as it is carried out
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
        players = options.get("players", "4") or "4"
        sitting_out = options.get("sitting_out", "draw") or "draw"
        if str(players) not in ("3", "4"):
            raise ActionError(N_("Chaos in the Old World is for 3 or 4 players."), field="players")
        if sitting_out not in ("draw", *GODS):
            raise ActionError(N_("Pick one of the choices."), field="sitting_out")
        return new_game(int(players), sitting_out if str(players) == "3" else None)

    def check_state(self, state: dict) -> None:
        check_state(state)

    def actions(self) -> list:
        return list(SPECS)

    # These read no seat (the controls and the gods' table mark the reader's own).
    shared_regions = frozenset({"status", "board", "report"})

    def regions(self, seat: Seat | None) -> list[str]:
        return ["status", "gods", "board", "report"] + ([] if seat is None else ["controls"])

    # -- randomness, recorded ---------------------------------------------------
    def prepare(self, state: dict, action: Action, rng: random.Random) -> Action:
        payload = dict(action.payload)
        if action.type == "setup.sit_out":
            payload["god"] = setup_phase.draw_sitting_out(rng)
        elif action.type == "setup.tokens" and payload.get("draw"):
            payload["tokens"] = setup_phase.draw_tokens(rng)
        elif action.type == "upgrade.take":
            payload["applied"] = True  # the app applies the card's known effect (see upgrades.py)
        elif action.type == "battle.roll":
            round_flow.require_action(state, action.type)
            roller = payload.get("god") or (state["battle"]["queue"] or [None])[0]
            total = battle_phase.dice_for(state, roller, payload.get("first_strike", False), payload.get("dice", 0))
            payload["roll"] = battle_phase.roll_dice(total, payload.get("faces", ""), rng)
        return Action(action.type, payload, action.seat)

    # -- validate and apply: one handler, run on a copy first --------------------
    def apply(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        self._run(state, action, seats)
        return state

    def _run(self, state: dict, action: Action, seats: dict[str, Seat]) -> None:
        handler = HANDLERS.get(action.type)
        if handler is None:
            raise ActionError(N_("Unknown action."), field="type")
        round_flow.require_action(state, action.type)
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


def acting_god(state: dict, action: Action, seats: dict[str, Seat]) -> str:
    """The god an action is for: the seat's own god, or (for a god nobody
    sits at) the god named in the payload."""
    named = action.payload.get("god")
    own = seats[action.seat].role if action.seat in seats else None
    if named is None:
        if own not in state["gods_in_play"]:
            raise ActionError(N_("Say which god this is for."), field="god")
        return own
    if named not in state["gods_in_play"]:
        raise ActionError(N_("That god is not in this game."), field="god")
    if named != own and any(seat.role == named for seat in seats.values()):
        raise ActionError(N_("That god's player acts for it from their own phone."), field="god")
    return named


# -- handlers: (state, action, seats) -> None; payloads arrive typed ------------------
def _setup_sit_out(state, action, seats):
    setup_phase.sit_out(state, action.payload["god"])


def _setup_tokens(state, action, seats):
    p = action.payload
    tokens = p.get("tokens")
    if tokens is None:  # a form sends one field per region
        tokens = {region: p[f"token.{region}"] for region in REGIONS if f"token.{region}" in p}
    setup_phase.place_tokens(state, tokens)


def _setup_start(state, action, seats):
    setup_phase.start(state)


def _next_phase(state, action, seats):
    round_flow.next_phase(state)


def _old_world_card(state, action, seats):
    p = action.payload
    regions = p.get("event_regions") or []
    if not isinstance(regions, list) or any(region not in REGIONS for region in regions):
        raise ActionError(N_("Pick regions of the map."), field="event_regions")
    card = {"name": p["name"], "event_regions": regions,
            **{flag: p.get(flag, False) for flag in ("remove_after", "removes_events", "event", "end_phase")}}
    round_flow.resolve_old_world_card(state, card, acting_god(state, action, seats))


def _draw(state, action, seats):
    round_flow.draw_cards(state, acting_god(state, action, seats), action.payload.get("discard", False))


def _summon(state, action, seats):
    p = action.payload
    summoning.summon(state, acting_god(state, action, seats), p["unit"], p["region"], p.get("moved_from"), p.get("cost"))


def _play_card(state, action, seats):
    p = action.payload
    card = {"name": p["name"], "cost": p["cost"], "domination": p.get("domination", 0), "magic": p.get("magic", 0)}
    god = acting_god(state, action, seats)
    summoning.play_card(state, god, p["region"], p["slot"], card)
    # The card leaves the player's private hand list too, if it is there.
    if action.seat in seats and seats[action.seat].role == god and card["name"] in hand(state, action.seat):
        play_from_hand(state, action.seat, card["name"])


def _pass(state, action, seats):
    summoning.pass_phase(state, acting_god(state, action, seats))


def _battle_roll(state, action, seats):
    p = action.payload
    battle_phase.record_roll(state, acting_god(state, action, seats), p.get("first_strike", False), p.get("dice", 0),
                             p["roll"])


def _battle_assign(state, action, seats):
    battle_phase.assign(state, acting_god(state, action, seats), assignments(action.payload))


def assignments(p: dict) -> list[dict]:
    """Hits per target from `assignments` (JSON: [{"owner", "unit", "hits"}]),
    or from a form's `kill.<owner>.<unit>` counts (each kill as many hits as
    that target needs: "needed")."""
    if p.get("assignments") is not None:
        entries = p["assignments"]
        if not isinstance(entries, list) or not all(_is_assignment(entry) for entry in entries):
            raise ActionError(N_("List each target with its owner, unit and hits."), field="assignments")
        return [{"owner": e["owner"], "unit": e["unit"], "hits": e["hits"]} for e in entries]
    found = []
    for name, count in p.items():
        if name.startswith("kill."):
            _, owner, unit = name.split(".")
            found += [{"owner": owner, "unit": unit, "hits": "needed"}] * count
    return found


def _is_assignment(entry: object) -> bool:
    return (isinstance(entry, dict) and entry.get("owner") in TARGET_OWNERS
            and entry.get("unit") in (*UNIT_KINDS, "peasant") and isinstance(entry.get("hits"), int)
            and not isinstance(entry.get("hits"), bool) and 1 <= entry["hits"] <= 200)


def _corruption(state, action, seats):
    scoring_phases.resolve_corruption(state)


def _hero_remove(state, action, seats):
    p = action.payload
    scoring_phases.remove_for_hero(state, acting_god(state, action, seats), p["region"], p["unit"])


def _end_score(state, action, seats):
    scoring_phases.score_end(state)


HANDLERS = {
    "setup.sit_out": _setup_sit_out,
    "setup.tokens": _setup_tokens,
    "setup.start": _setup_start,
    "phase.next": _next_phase,
    "old_world.card": _old_world_card,
    "draw": _draw,
    "summon": _summon,
    "card.play": _play_card,
    "summoning.pass": _pass,
    "battle.roll": _battle_roll,
    "battle.assign": _battle_assign,
    "corruption.resolve": _corruption,
    "hero.remove": _hero_remove,
    "end.score": _end_score,
    **edits.HANDLERS,
}

RULES = ChaosRules()
