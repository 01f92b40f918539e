"""The Others: 7 Sins as a table type: one SIN player, 1-4 hero players.

Each action is one handler (in setup.py, turns.py, dashboard.py, battle.py,
cards.py, story.py) that changes a private copy of the state or raises
ActionError; validate runs it on a scratch copy, so the two never disagree.
Every draw and roll happens in `prepare` and is recorded in the payload.
"""

from __future__ import annotations

import copy
import random

from companion.games.the_others import battle, cards, dashboard, data, forms, labels, setup, spaces, story, turns
from companion.games.the_others import view as views
from companion.games.the_others.state import new_state
from companion.games.the_others.turns import Actor
from companion.rules import N_, Action, ActionError, Role, Rules, Seat

SIN_CHOICES = [(sin_id, sin["name"]) for sin_id, sin in data.sins().items()]

#: type -> (handler, one-line doc for the API)
HANDLERS = {
    "facts.enter": (setup.enter_facts, "Enter numbers the rulebook prints as icons: `sin_die`/`hero_die` "
                    "(sides per result, 6 in all), `monsters` {kind: {combat, defense}}, `heroes` "
                    "{id: {class, combat, skill, defense}}, `targets` {mission: n or \"heroes\"}."),
    "team.choose": (setup.choose_team, "Choose the 7-hero team `heroes` (1 leader, 2 fixers, 2 snipers, 2 bruisers)."),
    "heroes.pick": (setup.pick_heroes, "A hero player takes their starting `heroes` from the team."),
    "game.start": (setup.start_game, "Start: deals 5 sin cards, 5 upgrades and (corruption stories) dark pasts."),
    "round.first_hero": (turns.choose_first_hero, "Choose the first `hero` of the round."),
    "turn.start": (turns.start_turn, "`hero` starts a turn, spending a turn token (or an extra-turn token: `use_extra`)."),
    "turn.pass": (turns.pass_extra_turns, "`hero`, out of turn tokens, keeps their extra-turn tokens this round."),
    "turn.end": (turns.end_turn, "The current hero ends their turn (a dark past is revealed at maximum corruption)."),
    "reaction.spend": (turns.react, "The SIN spends a reaction token on the hero who just ended their turn."),
    "reaction.end": (turns.end_reaction, "The SIN ends (or skips) the reaction."),
    "sin.play_card": (turns.play_sin_card, "The SIN plays `card` from hand (one per hero turn and its reaction)."),
    "sin.gain_reactions": (turns.gain_reactions, "The SIN gains `count` reaction tokens for this round (from a card)."),
    "sin.draw": (cards.sin_draw, "The SIN draws `count` sin cards (one per altar without a hero at round end)."),
    "round.end": (turns.end_round, "End the round: level 7 harm, summons allowed, tokens reset."),
    "monsters.summon": (None, "The SIN returns dead monsters `monsters` {kind: n} to free nests."),
    "hero.wounds": (dashboard.place_wounds, "`hero`'s player places waiting wound tokens on bonus `slots`."),
    "hero.adjust": (dashboard.adjust, "Change `hero`: `change` is wound, corruption, heal (`slot`), repent, "
                    "extra_turn, extra_turn_spent, innocent, rescue, or an NPC id (take/drop)."),
    "city.action": (dashboard.city_action, "The current hero uses the district's city `actions` "
                    "(heal with `slot`, repent, extra_turn, upgrade with `upgrade`, satellite_cannon)."),
    "upgrade.lose": (cards.lose_upgrade, "`hero` loses `upgrade` (to the bottom of the deck)."),
    "hero.replace": (dashboard.replace, "Replace dead `hero` by `reserve`, taking `upgrades` from the inventory."),
    "fight.start": (battle.start_fight, "Start a fight: `monsters` {kind: n}, `pentagrams`, `others_in_space`, "
                    "`voluntary`, `ranged`, `acolyte_ability`, extra_* counts; `entered` {hero, sin} faces or app dice."),
    "fight.plan": (battle.plan, "Plan a fight for `hero` (same fields as fight.start) to see both pools and the "
                   "chances of wounds and corruption, with and without voluntary corruption."),
    "fight.resolve": (battle.resolve, "Resolve the fight: `turned` {result: n} for faiths, `assigned` hits per "
                      "monster, `protector` (0/1)."),
    "fight.ranged_hits": (battle.ranged_hits, "Ranged fight: turn faiths and `assigned` hits first."),
    "fight.counter": (battle.counter_attack, "Ranged fight: the survivors' counter-attack with `monsters` in the "
                      "hero's space, against the hero's first roll."),
    "cleanse.roll": (battle.cleanse, "The current hero cleanses: `others_in_space`, `voluntary`, `entered`."),
    "check.roll": (battle.check, "A fire or corruption check (`kind`) for `hero` with `tokens` SIN dice."),
    "apocalypse.advance": (cards.advance_apocalypse, "Advance the apocalypse track `steps` (cards drawn at 1, 3, 5)."),
    "apocalypse.keep": (cards.keep_apocalypse_card, "The SIN keeps `card` of the two drawn (the other to the bottom)."),
    "space.add": (spaces.add, "Track a space of the board: `name`."),
    "space.set": (spaces.set_count, "Set `what` of `space` to `value`: tokens.<t> or printed.<t> (t: fire, corruption, "
                  "pentagram, nest, altar), monsters.<kind>, face_down, innocents or extra_turns."),
    "hero.move": (spaces.move, "Move `hero` one space `to` (`teleport` ignores tokens and monsters); the wound for "
                  "leaving monsters and the fire and corruption checks are applied."),
    "hero.pick_up": (spaces.pick_up, "`hero` takes `what` (extra_turns, innocents) from their space, or flips its "
                     "face-down tokens (explore)."),
    "mission.progress": (story.advance, "Move the mission progress marker by `delta` (1 or -1)."),
    "mission.choose": (story.choose, "Choose the branch `mission` (the other leaves the game)."),
}


#: Fields that name one thing (a hero, a card, a space...): text or nothing.
STRING_FIELDS = ("hero", "to", "space", "what", "card", "kind", "change", "upgrade", "reserve", "mission", "name",
                 "kill", "remembered")


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
    for kind, count in wanted.items():
        dead[kind] -= count
    state["summons_left"] = state.get("summons_left", 0) - total


def end_turn(state: dict, actor: Actor, payload: dict) -> None:
    hero_id = turns.current_turn(state)["hero"]
    turns.end_turn(state, actor, payload)
    cards.reveal_dark_past(state, hero_id, payload.get("offers"))


HANDLERS["monsters.summon"] = (summon, HANDLERS["monsters.summon"][1])
HANDLERS["turn.end"] = (end_turn, HANDLERS["turn.end"][1])


class TheOthersRules(Rules):
    id = "the-others"
    title = N_("The Others: 7 Sins")
    templates = "games/the_others"
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

    def action_types(self) -> dict[str, str]:
        return {kind: doc for kind, (_, doc) in HANDLERS.items()}

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
        handler = HANDLERS.get(action.type, (None, None))[0]
        if handler is None:
            raise ActionError(N_("Unknown action."), field="type")
        if state["phase"] == "over" and not action.type.startswith("facts.") and not story.tie_pending(state, action.type):
            raise ActionError(N_("The game is over."), field="type")
        state["step"] = state.get("step", 0) + 1
        for key in STRING_FIELDS:
            if key in action.payload and action.payload[key] is not None and not isinstance(action.payload[key], str):
                raise ActionError(N_("Choose one of the listed options."), field=key)
        seat = seats.get(action.seat) if action.seat else None
        if action.seat and seat is None:
            raise ActionError(N_("No such seat."), field="seat")
        handler(state, Actor(action.seat, seat.role if seat else None), action.payload)
        return state

    def validate(self, state: dict, action: Action, seats: dict[str, Seat]) -> None:
        self._run(copy.deepcopy(state), action, seats)

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
