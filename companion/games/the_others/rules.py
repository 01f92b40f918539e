"""The Others: 7 Sins as a table type: one SIN player, 1-4 hero players.

Each action is one handler (in setup.py, turns.py, dashboard.py, battle.py,
cards.py, story.py) that changes a private copy of the state or raises
ActionError; validate runs it on a scratch copy, so the two never disagree.
Every draw and roll happens in `prepare` and is recorded in the payload.
"""

from __future__ import annotations

import random

from companion.games.the_others import (battle, cards, dashboard, data, effects, flow, forms, labels, powers, setup,
                                        spaces, story, turns)
from companion.games.the_others import view as views
from companion.games.the_others.state import new_state
from companion.games.the_others.actions import SPECS
from companion.games.the_others.turns import Actor
from companion.kit.fields import ActionSpec
from companion.rules import N_, Action, ActionError, Role, Rules, Seat

SIN_CHOICES = [(sin_id, sin["name"]) for sin_id, sin in data.sins().items()]

#: type -> the handler that carries it out (declared in actions.py).
HANDLERS = {
    "facts.enter": setup.enter_facts, "team.choose": setup.choose_team, "heroes.pick": setup.pick_heroes,
    "game.start": setup.start_game,
    "round.first_hero": turns.choose_first_hero, "turn.start": turns.start_turn, "turn.pass": turns.pass_extra_turns,
    "reaction.spend": turns.react, "reaction.end": turns.end_reaction, "sin.play_card": turns.play_sin_card,
    "sin.gain_reactions": turns.gain_reactions, "round.end": turns.end_round,
    "sin.draw": cards.sin_draw, "upgrade.lose": cards.lose_upgrade, "upgrade.take": cards.take_upgrade_action,
    "apocalypse.advance": cards.advance_apocalypse,
    "apocalypse.keep": cards.keep_apocalypse_card,
    "hero.wounds": dashboard.place_wounds, "hero.adjust": dashboard.adjust, "city.action": dashboard.city_action,
    "hero.replace": dashboard.replace,
    "fight.plan": battle.plan, "fight.start": battle.start_fight, "fight.resolve": battle.resolve,
    "fight.ranged_hits": battle.ranged_hits, "fight.counter": battle.counter_attack, "cleanse.roll": battle.cleanse,
    "check.roll": battle.check,
    "space.add": spaces.add, "space.set": spaces.set_count, "hero.move": spaces.move, "hero.pick_up": spaces.pick_up,
    "cleanse.remove": spaces.cleanse_remove, "monsters.move": spaces.monsters_move,
    "mission.progress": story.advance, "mission.choose": story.choose, "dark_past.choose": cards.choose_dark_past,
    "power.choose": powers.choose,
}


#: Fields that name one thing (a hero, a card, a space...): text or nothing.
STRING_FIELDS = ("hero", "to", "space", "what", "card", "kind", "change", "upgrade", "reserve", "mission", "name",
                 "kill", "take")


def summon(state: dict, actor: Actor, payload: dict) -> None:
    turns.require_sin(actor)
    wanted = payload.get("monsters")
    dead = state["monsters"].setdefault("dead", {})
    if not isinstance(wanted, dict):
        raise ActionError(N_("Say which monsters are in the fight."), field="monsters")
    total = 0
    for kind, count in wanted.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= dead.get(kind, 0):
            raise ActionError(N_("Only dead monsters can be summoned."), field="monsters")
        total += count
    if total > state.get("summons_left", 0):
        raise ActionError(N_("At most %(count)d monsters may be summoned now."), field="monsters",
                          count=state.get("summons_left", 0))
    spaces.summon_onto_nests(state, payload.get("space"), wanted, total)
    for kind, count in wanted.items():
        dead[kind] -= count
    state["summons_left"] = state.get("summons_left", 0) - total


def end_turn(state: dict, actor: Actor, payload: dict) -> None:
    hero_id = turns.current_turn(state)["hero"]
    turns.require_hero_player(state, actor, hero_id)
    effects.demolish(state, hero_id, payload.get("demolish"))
    turns.end_turn(state, actor, payload)
    effects.turn_end(state, hero_id)
    cards.reveal_dark_past(state, hero_id, payload.get("offers"))


HANDLERS["monsters.summon"] = summon
HANDLERS["turn.end"] = end_turn


class TheOthersRules(Rules):
    validates_while_applying = True  # each action is checked as it is carried out
    id = "the-others"
    title = N_("The Others: 7 Sins")
    templates = "games/the_others"
    # The same on every phone (only "controls" is a seat's own): rendered once per version.
    shared_regions = frozenset({"status", "apocalypse", "heroes", "fight"})
    # Every region reads only the view: rendered again when what it read changed.
    view_regions = frozenset({"status", "apocalypse", "heroes", "fight", "controls"})
    # For the templates: names to translate and the game's facts.
    labels = labels
    data = data

    def roles(self) -> list[Role]:
        return [Role("sin", N_("SIN player"), max_seats=1), Role("hero", N_("Hero player"), max_seats=4)]

    def setup_fields(self) -> list[dict]:
        return [
            {"name": "sin", "label": N_("Sin"), "kind": "select", "default": "pride", "choices": SIN_CHOICES},
            {"name": "acolyte", "label": N_("Acolytes"), "kind": "select", "default": "nun",
             "choices": [(a, entry["name"]) for a, entry in data.acolytes().items()]},
            {"name": "story", "label": N_("Story"), "kind": "select", "default": "havens_last_stand",
             "choices": [(s, entry["name"]) for s, entry in data.stories().items()]},
            {"name": "hero_players", "label": N_("Hero players"), "kind": "select", "default": "1",
             "choices": [("1", "1"), ("2", "2"), ("3", "3"), ("4", "4")]},
        ]

    def initial_state(self, options: dict) -> dict:
        return new_state(options)

    def actions(self) -> list[ActionSpec]:
        return SPECS

    def regions(self, seat: Seat | None) -> list[str]:
        return ["status", "apocalypse", "heroes", "fight"] + ([] if seat is None else ["controls"])

    def on_seat_joined(self, state: dict, seat: Seat) -> dict:
        if seat.role == "sin":
            state["sin"]["seat"] = seat.id
            state["secrets"].setdefault(seat.id, {"hand": []})
        return state

    # -- for the templates ----------------------------------------------------------------------
    @staticmethod
    def card_name(card_id: str) -> str:
        """A sin, apocalypse or upgrade card's printed name."""
        for sin in data.sins().values():
            for card in sin["cards"]:
                if card["id"] == card_id:
                    return card["name"]
        for deck in data.load("apocalypse_cards")["decks"].values():
            for card in deck:
                if card["id"] == card_id:
                    return card["name"]
        return data.upgrades().get(card_id, {}).get("name", card_id)

    @staticmethod
    def hero_value(view: dict, hero_id: str, key: str):
        from companion.games.the_others.state import hero_fact
        value = hero_fact(view, hero_id, key)
        return "?" if value is None else value

    @staticmethod
    def monster_defense(monster: dict, setup: dict) -> int:
        from companion.games.the_others import fight
        return fight.monster_defense(monster, setup)

    @staticmethod
    def counted_tasks(view: dict) -> tuple[str, ...]:
        return effects.counted_tasks(view)

    counted_goals = story.COUNTED
    board_tasks = tuple(effects.BOARD_TASKS)

    @staticmethod
    def card_needs(view: dict, card_id: str) -> list[str]:
        return effects.needs(view, card_id)

    @staticmethod
    def card_hint(card: dict) -> str:
        """Whether the app applies a sin card's effect ("applied"), part of
        it ("partly"), or the table does it all ("table")."""
        played = card.get("played") or {}
        return "table" if not played else "partly" if played.get("by_hand") else "applied"

    @staticmethod
    def sin_card(view: dict, card_id: str) -> dict:
        for card in data.sins()[view["options"]["sin"]]["cards"]:
            if card["id"] == card_id:
                return card
        return {"id": card_id, "name": card_id, "timing": ""}

    # -- acting -----------------------------------------------------------------------------
    def prepare(self, state: dict, action: Action, rng: random.Random) -> Action:
        shaped = Action(action.type, forms.normalize(action.payload), action.seat)
        return Action(action.type, views.prepare_payload(state, shaped, rng), action.seat)

    def _run(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        handler = HANDLERS.get(action.type)
        if handler is None:
            raise ActionError(N_("Unknown action."), field="type")
        tie = story.tie_pending(state, action.type)
        if state["phase"] == "over" and not action.type.startswith("facts.") and not tie:
            raise ActionError(N_("The game is over."), field="type")
        if not tie:
            flow.require(state, action.type)
        state["step"] = state.get("step", 0) + 1
        for key in STRING_FIELDS:
            if key in action.payload and action.payload[key] is not None and not isinstance(action.payload[key], str):
                raise ActionError(N_("Choose one of the listed options."), field=key)
        seat = seats.get(action.seat) if action.seat else None
        if action.seat and seat is None:
            raise ActionError(N_("No such seat."), field="seat")
        handler(state, Actor(action.seat, seat.role if seat else None), action.payload)
        spaces.at_start(state)  # rescues on the starting space happen at any moment
        story.read_dashboards(state)
        return state

    def apply(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        return self._run(state, action, seats)

    # -- seeing ------------------------------------------------------------------------------
    def view(self, state: dict, seat: Seat | None) -> dict:
        return views.view(state, seat)

    def redact(self, action: Action, viewer: Seat | None) -> dict:
        return views.redact(action, viewer)

    def describe(self, action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
        return views.describe(action, seats, state)

    def check_state(self, state: dict) -> None:
        views.check_state(state)


RULES = TheOthersRules()
