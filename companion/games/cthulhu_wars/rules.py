"""Cthulhu Wars at the table: power, doom, rituals, elder signs, spellbooks,
first player and combat, tracked on every phone (seed 004, the authority;
numbers in data/cthulhu_wars/).

Each faction is a role; its seat keeps the faction's counts up to date and
alone sees the values of its elder signs (state["secrets"][seat]). Every
elder-sign draw and die roll happens in `prepare` and is recorded in the
payload, so the log replays exactly; `redact` hides a draw's values from
every other seat.
"""

from __future__ import annotations

import random

from companion.games.cthulhu_wars import actions, battles, combat, data, doom, elder_signs, flow, setup, spellbooks
from companion.games.cthulhu_wars.payloads import ACTIONS
from companion.games.cthulhu_wars.presenter import present
from companion.rules import N_, Action, ActionError, Role, Rules, Seat

FACTION_NAMES = {
    "great_cthulhu": N_("Great Cthulhu"), "crawling_chaos": N_("Crawling Chaos"),
    "black_goat": N_("Black Goat"), "yellow_sign": N_("Yellow Sign"),
}

HANDLERS = {
    "setup.gates": actions.place_gates,
    "setup.starts": actions.pick_starts,
    "power.gather": actions.gather,
    "first_player.choose": actions.choose_first,
    "direction.choose": actions.choose_direction,
    "ritual.perform": actions.ritual,
    "ritual.skip": actions.skip_ritual,
    "events.blood_sacrifice": actions.blood_sacrifice,
    "events.done": actions.events_done,
    "recruit": actions.recruit,
    "gate.build": actions.build_gate,
    "move": actions.move,
    "capture": actions.capture,
    "summon": actions.summon,
    "awaken": actions.awaken,
    "unique": actions.unique,
    "gate.control": actions.control_gate,
    "gate.abandon": actions.abandon_gate,
    "pass": actions.pass_turn,
    "turn.end": actions.end_turn,
    "battle.declare": battles.declare,
    "battle.adjust": battles.adjust,
    "battle.roll": battles.roll,
    "harbinger": battles.harbinger,
    "spellbook.earn": actions.earn_spellbook,
    "elder_signs.reveal": actions.reveal,
    "counts.set": actions.set_counts,
    "counts.adjust": actions.adjust_count,
    "abandoned.set": actions.set_abandoned,
    "great_old_one.set": actions.set_great_old_one,
    "default.correct": lambda s, f, p: correct_default(s, p),
    "ritual_track.correct": lambda s, f, p: correct_ritual_track(s, p),
    "game.settle": actions.settle,
}



def correct_default(state: dict, payload: dict) -> None:
    """A group corrects a value only the reference gave, from its printed components."""
    faction, unit, field = payload["faction"], payload["unit"], payload["field"]
    if faction not in data.factions() or unit not in data.units(faction):
        raise ActionError(N_("Choose a unit of a faction."), field="unit")
    if field not in data.units(faction)[unit].get("defaults", []):
        raise ActionError(N_("That value comes from the rulebook; it can't be changed."), field="field")
    state["corrections"][f"unit:{faction}:{unit}:{field}"] = payload["value"]


def correct_ritual_track(state: dict, payload: dict) -> None:
    """The costs printed on the group's track for this player count, then Instant Death."""
    words = payload["spaces"].replace(",", " ").split()
    if not 2 <= len(words) <= 20 or not all(w.isdigit() and 1 <= int(w) <= 20 for w in words):
        raise ActionError(N_("Write the cost of each space before Instant Death, like “5 6 7 8 9 10”."), field="spaces")
    track = [int(w) for w in words] + [None]
    state["ritual"] = {"track": track, "marker": min(state["ritual"]["marker"], len(track) - 1), "checked": True}


def faction_of(state: dict, seat_id: str | None) -> str | None:
    return state.get("seats", {}).get(seat_id) if seat_id else None


def secret_key(state: dict, faction: str) -> str:
    """The seat holding a faction's secrets (before anyone sits there, a key no seat has)."""
    for seat_id, role in state.get("seats", {}).items():
        if role == faction:
            return seat_id
    return f"faction:{faction}"


def held_signs(state: dict, faction: str) -> list[int]:
    return state["secrets"].setdefault(secret_key(state, faction), {}).setdefault("elder_signs", [])


class CthulhuWarsRules(Rules):
    validates_while_applying = True  # each action is checked as it is carried out
    id = "cthulhu-wars"
    title = N_("Cthulhu Wars")
    templates = "games/cthulhu_wars"

    # -- what the game is ---------------------------------------------------------
    def roles(self) -> list[Role]:
        return [Role(f, FACTION_NAMES[f], max_seats=1) for f in data.factions()]

    def open_roles(self, state: dict) -> list[Role]:
        # Only the factions this table seats: one set to "nobody" is not in play.
        return [role for role in self.roles() if role.id in state["factions"]]

    def setup_fields(self) -> list[dict]:
        choices = [("", N_("— nobody —"))] + [(f, FACTION_NAMES[f]) for f in data.factions()]
        seats = [{"name": f"seat_{n}", "label": label, "kind": "select", "choices": choices, "default": default}
                 for n, label, default in (
                     (1, N_("Faction in seat 1"), "great_cthulhu"), (2, N_("Next seat, clockwise"), "crawling_chaos"),
                     (3, N_("Next seat, clockwise"), "black_goat"), (4, N_("Next seat, clockwise"), "yellow_sign"))]
        return seats + [
            {"name": "map", "label": N_("Four players: the side with more areas"), "kind": "select",
             "choices": [("earth_4p_west3_east5", N_("East (recommended for a first game)")),
                         ("earth_4p_west5_east3", N_("West"))], "default": "earth_4p_west3_east5"},
            {"name": "ritual_needs_great_old_one", "label": N_("A ritual needs a Great Old One in play"), "kind": "select",
             "choices": [("no", N_("No")), ("yes", N_("Yes"))], "default": "no",
             "help": N_("The rulebook is unclear; it says six spellbooks let a faction perform the ritual without one.")},
        ]

    def initial_state(self, options: dict) -> dict:
        seating = [options.get(f"seat_{n}") for n in range(1, 5)]
        seating = [f for f in seating if f]
        if not all(isinstance(f, str) for f in seating):
            raise ActionError(N_("Each faction may be chosen once."), field="seat_1")
        state = setup.initial_state(seating, options.get("map"), options.get("ritual_needs_great_old_one") == "yes")
        state["seats"] = {}
        return state

    def on_seat_joined(self, state: dict, seat: Seat) -> dict:
        state.setdefault("seats", {})[seat.id] = seat.role
        waiting = state["secrets"].pop(f"faction:{seat.role}", None)
        if waiting is not None:
            state["secrets"][seat.id] = waiting
        return state

    # -- actions ----------------------------------------------------------------------
    def actions(self) -> list:
        return list(ACTIONS)

    def prepare(self, state: dict, action: Action, rng: random.Random) -> Action:
        payload = self.values(action)
        faction = faction_of(state, action.seat)
        drawn_count = self.draws_needed(state, action.type, faction, payload)
        extra = {}
        if action.type == "unique" and payload.get("name") in ("desecrate", "ghroth", "the_thousand_forms"):
            extra["die"] = rng.randint(1, 6)
            if payload["name"] == "desecrate" and faction in state["factions"]:
                units = payload.get("units_there") or 0
                if extra["die"] <= units:
                    drawn_count = actions.third_eye_signs(state["factions"][faction])
        if action.type == "battle.roll" and state.get("battle") and state["battle"]["outcome"] is None:
            extra.update(self.battle_rolls(state, payload, rng))
        if drawn_count:
            extra["drawn"] = elder_signs.draw(state["secrets"]["bag"], drawn_count, rng)
        if not extra:
            return action
        return Action(action.type, {**action.payload, **extra}, action.seat)

    def draws_needed(self, state: dict, kind: str, faction: str | None, payload: dict) -> int:
        if faction not in state["factions"]:
            return 0
        mine = state["factions"][faction]
        if kind == "ritual.perform":
            return doom.ritual_gains(mine)["elder_signs"]
        if kind == "awaken":
            return actions.immortal_signs(faction)
        if kind == "events.blood_sacrifice":
            return 1
        if kind == "harbinger" and payload.get("take") == "elder_signs":
            return 2
        if kind == "spellbook.earn" and payload.get("requirement") in data.requirements(faction):
            return spellbooks.elder_signs_for(faction, payload["requirement"])
        return 0

    def battle_rolls(self, state: dict, payload: dict, rng: random.Random) -> dict:
        """Each side's dice: entered from physical dice, or rolled here."""
        counts = battles.dice(state, state["battle"])
        out = {}
        for side in battles.SIDES:
            faces = payload.get(f"{side}_faces")
            dice = counts[side]["dice"]
            out[f"{side}_roll"] = combat.entered(dice, faces, f"{side}_faces") if faces else combat.roll(dice, rng)
        return out

    def values(self, action: Action) -> dict:
        """The typed payload with every declared field present (None when left out)."""
        spec = self.action_spec(action.type)
        if spec is None:
            raise ActionError(N_("Unknown action."), field="type")
        return {**{field.name: None for field in spec.fields}, **action.payload}

    def apply(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        payload = self.values(action)
        flow.ROUND.require({"phase": state["phase"]}, action.type)
        faction = faction_of(state, action.seat)
        if faction is not None:
            payload["_held"] = held_signs(state, faction)
        if action.type == "game.settle":
            payload["_all_held"] = {f: held_signs(state, f) for f in state["factions"]}
        HANDLERS[action.type](state, faction, payload)
        if faction is not None:
            actions.after_action(state, faction)
        return state

    # -- what each seat sees ----------------------------------------------------------
    def regions(self, seat: Seat | None) -> list[str]:
        return ["status", "tracks", "factions"] + (["mine", "battle"] if seat is not None else ["battle"])

    def view(self, state: dict, seat: Seat | None) -> dict:
        shown = {k: v for k, v in state.items() if k != "secrets"}
        me = None
        if seat is not None:
            shown["mine"] = state.get("secrets", {}).get(seat.id, {})
            me = seat.role if seat.role in state["factions"] else None
        shown["me"] = me
        shown["show"] = present(state, me)
        return shown

    def redact(self, action: Action, viewer: Seat | None) -> dict:
        """A draw's values only for the seat that drew them; others see how many."""
        if "drawn" not in action.payload:
            return action.payload
        if viewer is not None and action.seat == viewer.id:
            return action.payload
        return {**{k: v for k, v in action.payload.items() if k != "drawn"}, "drawn_count": len(action.payload["drawn"])}

    def describe(self, action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
        from companion.games.cthulhu_wars.history import describe

        return describe(action, seats, state)

    def check_state(self, state: dict) -> None:
        from companion.games.cthulhu_wars.checks import check_state

        check_state(state)


RULES = CthulhuWarsRules()
