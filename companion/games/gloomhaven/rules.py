"""The Gloomhaven table: one scenario played with the physical map, the
phones keeping the books (level, standees, monster cards, initiative,
modifier decks, elements, conditions, characters, battle goals).

Each action type is declared once below (companion.kit.fields: its type,
one-line description and typed fields, which the platform parses before the
rules see a payload) with the functions that draw its random outcomes
(`prepare`) and apply it; those live in `companion.games.gloomhaven.play`
by the part of the round they belong to.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from companion.games.gloomhaven import catalog, elements, modifiers, names
from companion.games.gloomhaven.conditions import CONDITIONS
from companion.games.gloomhaven.map import actions as map_actions, board as map_board
from companion.games.gloomhaven.level import DIFFICULTIES, DIFFICULTY_LABELS
from companion.games.gloomhaven.play import (combat, damage, ending, figures, objective_figures, phases, rests, rounds,
                                             setup, special)
from companion.kit.fields import ActionSpec, Bool, Choice, Int, SeatRef, Text
from companion.rules import N_, Action, ActionError, Role, Rules, Seat

@dataclass(frozen=True)
class Kind:
    """An action: its declaration (type, description, typed fields), the
    function that applies it, the one that draws its random outcomes (if
    any) and its generic history line."""
    spec: ActionSpec
    run: Callable
    prepare: Callable | None = None
    history: str = ""  # English msgid


def _kinds() -> dict[str, Kind]:
    standee, seat = Text("standee", max_length=60), SeatRef("seat", default=None, doc="default: your own seat")
    summon = Text("summon", max_length=20, default=None)
    delta, condition = Int("delta", min=-99, max=99), Choice("condition", choices=CONDITIONS)
    mode = Choice("mode", choices=modifiers.MODES, default="normal")
    kinds = [
        (ActionSpec("scenario.set", "Set-up: choose `scenario` (number), `difficulty`, `solo`, and the editable "
                    "defaults `monster_deck` (e.g. \"+0×6 +1×5 -1×5 +2 -2 x2 null\") and `bless_limit`.",
                    (Int("scenario", min=1, max=999, default=None), Choice("difficulty", choices=tuple(DIFFICULTIES), default=None),
                     Bool("solo", default=None), Text("monster_deck", max_length=200, default=None),
                     Int("bless_limit", min=0, max=30, default=None))),
         lambda state, action: setup.set_scenario(state, action.payload), None, N_("chose the scenario")),
        (ActionSpec("character.set", "Set-up: your character: `class`, `name` (optional), `level` (1-9).",
                    (Choice("class", choices=tuple(sorted(catalog.character_classes()))), Text("name", max_length=40, default=None),
                     Int("level", min=1, max=setup.MAX_CHARACTER_LEVEL))),
         setup.set_character, None, N_("chose their character")),
        (ActionSpec("scenario.start", "Start: fixes the level, places the first room, deals battle goals."),
         setup.start, setup.prepare_start, N_("started the scenario")),
        (ActionSpec("battle_goal.keep", "Keep one of your two battle goals: `goal` (its number; secret).",
                    (Text("goal", max_length=10),)),
         setup.keep_battle_goal, None, N_("kept a battle goal")),
        (ActionSpec("rest.short", "Between rounds, before choosing: a short rest with `count` cards in your "
                    "discard pile; the card to lose is drawn.", (Int("count", min=2, max=rests.MAX_DISCARD),)),
         rests.short_rest, rests.prepare_short_rest, N_("took a short rest")),
        (ActionSpec("rest.redraw", "After your short rest: suffer 1 damage to lose another random card instead."),
         rests.redraw, rests.prepare_redraw, N_("kept the card for 1 damage")),
        (ActionSpec("initiative.choose", "Your cards' initiatives, `initiative` (leading) and `second`, or "
                    "`long_rest`; secret until everyone has chosen (then the monster cards are drawn).",
                    (Int("initiative", min=1, max=99, default=None), Int("second", min=1, max=99, default=None),
                     Bool("long_rest", default=False))),
         rounds.choose, rounds.prepare_choice, N_("chose their cards")),
        (ActionSpec("turn.next", "End the current figure's turn (a character's: its player, or `for_them`).",
                    (Bool("for_them", default=False),)),
         rounds.end_turn, None, N_("ended a turn")),
        (ActionSpec("turn.swap", "You and the character tied with you on both cards swap places in the order."),
         rounds.swap_tied, None, N_("swapped turns with a tied character")),
        (ActionSpec("room.reveal", "Open a door: `room` (its number); its standees are placed.",
                    (Int("room", min=1, max=99),)),
         rounds.open_door, rounds.prepare_door, N_("opened a door")),
        (ActionSpec("standee.add", "Place a standee by hand: `monster`, `rank` (normal, elite, boss), `summoned`.",
                    (Choice("monster", choices=tuple(sorted(catalog.monster_ids()))), Choice("rank", choices=("normal", "elite", "boss")),
                     Bool("summoned", default=False))),
         figures.add_standee, figures.prepare_add, N_("placed a standee")),
        (ActionSpec("standee.remove", "Take standee `standee` (e.g. \"bandit-guard#3\") off the map.", (standee,)),
         figures.take_off, None, N_("removed a standee")),
        (ActionSpec("standee.adjust", "Damage (negative `delta`) or heal standee `standee`.", (standee, delta)),
         figures.adjust_standee, None, N_("changed a standee's hit points")),
        (ActionSpec("standee.condition", "Toggle `condition` on standee `standee`.", (standee, condition)),
         figures.standee_condition, None, N_("changed a standee's conditions")),
        (ActionSpec("objective.add", "Place the scenario's objective number `objective` (1-based, as the data "
                    "lists them) by hand; its hit points are worked out.", (Int("objective", min=1, max=99),)),
         objective_figures.add_by_hand, None, N_("placed an objective")),
        (ActionSpec("objective.adjust", "Damage (negative `delta`) or heal objective `objective` (e.g. \"objective2\").",
                    (Text("objective", max_length=20), delta)),
         objective_figures.adjust, None, N_("changed an objective's hit points")),
        (ActionSpec("objective.remove", "Take objective `objective` off the map.", (Text("objective", max_length=20),)),
         objective_figures.remove, None, N_("removed an objective")),
        (ActionSpec("character.adjust", "Add `delta` to `field` (hp, xp, coins) of your character (or `seat`'s).",
                    (Choice("field", choices=figures.FIELDS), delta, seat)),
         figures.adjust_character, None, N_("changed a character")),
        (ActionSpec("character.condition", "Toggle `condition` on your character (or `seat`'s, or its `summon`).",
                    (condition, seat, summon)),
         figures.character_condition, None, N_("changed a character's conditions")),
        (ActionSpec("character.exhaust", "Your character (or `seat`'s) is exhausted.", (seat,)),
         figures.exhaust_by_hand, None, N_("exhausted a character")),
        (ActionSpec("summon.add", "Your character (or `seat`'s) summons `name` with `hp` hit points.",
                    (Text("name", max_length=40), Int("hp", min=1, max=99), seat)),
         figures.add_summon, None, N_("summoned")),
        (ActionSpec("summon.adjust", "Damage (negative `delta`) or heal summon `summon`.",
                    (Text("summon", max_length=20), delta)),
         figures.adjust_summon, None, N_("changed a summon's hit points")),
        (ActionSpec("summon.remove", "Remove summon `summon`.", (Text("summon", max_length=20),)),
         figures.remove_summon, None, N_("removed a summon")),
        (ActionSpec("monster.attack", "Standee `standee` attacks `target` (a seat or a summon): `base`, `bonus`, "
                    "`mode`, the target's `shield`; `bonus`, `pierce`, `push`, `pull` and `conditions` (e.g. \"poison wound\", "
                    "\"\" for none) default to the standee's ability card, with what an element it consumed this turn "
                    "adds. The modifier cards are drawn from the monster "
                    "deck; the conditions go on the target and the damage waits for `damage.resolve` (a summon takes it at once).",
                    (standee, Text("target", max_length=20), Int("base", min=0, max=99),
                     Int("bonus", min=-99, max=99, default=None), mode, Int("shield", min=0, max=99, default=0),
                     Int("pierce", min=0, max=99, default=None), Int("push", min=0, max=20, default=None),
                     Int("pull", min=0, max=20, default=None),
                     Text("conditions", max_length=120, default=None, allow_empty=True))),
         combat.monster_attack, combat.prepare_monster_attack, N_("resolved a monster attack")),
        (ActionSpec("damage.resolve", "Settle waiting damage `damage` (its id) on your character (or `for_them`): "
                    "`how` suffer, hand (lose one card from hand instead), discard (lose two from the discard pile "
                    "instead) or out_of_range (a retaliate that didn't reach).",
                    (Int("damage", min=1, max=10**6), Choice("how", choices=damage.HOW), Bool("for_them", default=False))),
         damage.resolve, None, N_("settled damage")),
        (ActionSpec("character.attack", "Your character (or its `summon`) attacks `standee` (or an objective's id): `base`, `bonus`, "
                    "`doubled`, `mode`, `cards` (what your deck gave, e.g. \"r+1 -1\"), `pierce`.",
                    (standee, summon, seat, Int("base", min=0, max=99), Int("bonus", min=-99, max=99, default=0),
                     Bool("doubled", default=False), mode, Text("cards", max_length=80),
                     Int("pierce", min=0, max=99, default=0))),
         combat.character_attack, None, N_("attacked")),
        (ActionSpec("modifier.add", "Shuffle a `card` (bless, curse) into the monster modifier deck.",
                    (Choice("card", choices=combat.CARD_CHOICES),)),
         combat.change_deck, None, N_("changed the monster modifier deck")),
        (ActionSpec("modifier.remove", "Take a `card` (bless, curse) out of the monster modifier deck.",
                    (Choice("card", choices=combat.CARD_CHOICES),)),
         combat.change_deck, None, N_("changed the monster modifier deck")),
        (ActionSpec("element.infuse", "Infuse `element` (strong at the end of this turn).",
                    (Choice("element", choices=elements.ELEMENTS),)),
         combat.infuse, None, N_("infused an element")),
        (ActionSpec("element.consume", "Consume `element`.", (Choice("element", choices=elements.ELEMENTS),)),
         combat.consume, None, N_("consumed an element")),
        (ActionSpec("scenario.end", "End the scenario: `outcome` success or failure.",
                    (Choice("outcome", choices=ending.OUTCOMES),)),
         ending.end_scenario, None, N_("ended the scenario")),
        (ActionSpec("battle_goal.done", "At the end: whether your kept battle goal was met (`done`).",
                    (Bool("done"),)),
         ending.mark_battle_goal, None, N_("marked their battle goal")),
        (ActionSpec("summary.confirm", "Confirm the end-of-scenario summary."),
         ending.confirm, None, N_("confirmed the summary")),
    ]
    return {spec.type: Kind(spec, run, prepare, history) for spec, run, prepare, history in kinds}


ACTIONS = _kinds()
ACTIONS.update({spec.type: Kind(spec, run, prepare, history) for spec, run, prepare, history in map_actions.kinds()})


class GloomhavenRules(Rules):
    validates_while_applying = True  # each action is checked as it is carried out
    id = "gloomhaven"
    title = N_("Gloomhaven scenario")
    templates = "games/gloomhaven"
    # Rendered once per version for every phone (companion.rules.Rules): the
    # attacks show no seat; the map, monsters and elements show every phone
    # the same controls.
    shared_regions = frozenset({"attacks"})
    seat_alike_regions = frozenset({"map", "monsters", "elements"})
    # Every region reads only the view: rendered again when what it read changed.
    view_regions = frozenset({"status", "me", "map", "turns", "monsters", "party", "elements", "attacks"})

    def roles(self) -> list[Role]:
        return [Role("player", N_("Player"))]

    def setup_fields(self) -> list[dict]:
        return [
            {"name": "scenario", "label": N_("Scenario"), "kind": "select", "default": 1,
             "choices": [(number, f"{number} {name}") for number, name in catalog.scenario_choices()],
             "localize": names.localize_text},
            {"name": "difficulty", "label": N_("Difficulty"), "kind": "select", "default": "normal",
             "choices": list(DIFFICULTY_LABELS.items())},
        ]

    def initial_state(self, options: dict) -> dict:
        return setup.initial_state(options)

    def actions(self) -> list[ActionSpec]:
        return [kind.spec for kind in ACTIONS.values()]

    def regions(self, seat: Seat | None) -> list[str]:
        mine = ["me"] if seat is not None else []
        return ["status", *mine, "map", "turns", "monsters", "party", "elements", "attacks"]

    # -- acting --------------------------------------------------------------------
    def prepare(self, state: dict, action: Action, rng: random.Random) -> Action:
        """The action's draws, added to its (typed) payload."""
        kind = ACTIONS.get(action.type)
        if kind is None:
            return action
        if kind.prepare is not None:
            action = Action(action.type, {**action.payload, **kind.prepare(state, action, rng)}, action.seat)
        if special.needs_draws(state):
            # What the scenario's special rules will spawn, should this action set them off.
            draws = special.dry_run(state, lambda copied: self._run(copied, action), rng)
            if draws:
                action = Action(action.type, {**action.payload, "special_draws": draws}, action.seat)
        return action

    def apply(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        self._run(state, action)
        return state

    def _run(self, state: dict, action: Action) -> None:
        kind = ACTIONS.get(action.type)
        if kind is None:
            raise ActionError(N_("Unknown action."), field="type")
        if action.type not in map_actions.TYPES:
            phases.require(state, action.type)
        state["news"] = []
        special.applying(action.payload, lambda: self._carry_out(state, kind, action))
        map_board.tidy(state)

    @staticmethod
    def _carry_out(state: dict, kind: Kind, action: Action) -> None:
        kind.run(state, action)
        if state["phase"] in ("choosing", "playing"):
            special.check(state, "during")

    # -- what each seat sees ------------------------------------------------------------
    def view(self, state: dict, seat: Seat | None) -> dict:
        """The shared state, the viewer's own secrets as "mine", and what the
        pages show worked out for this viewer as "shown"."""
        from companion.games.gloomhaven.present import present
        shown = super().view(state, seat)
        shown["shown"] = present(state, seat.id if seat is not None else None)
        return shown

    def redact(self, action: Action, viewer: Seat | None) -> dict:
        mine = viewer is not None and viewer.id == action.seat
        if action.type == "initiative.choose" and not mine:
            return {k: v for k, v in action.payload.items() if k == "cards"}
        if action.type == "battle_goal.keep" and not mine:
            return {}
        if action.type == "scenario.start":
            goals = action.payload.get("goals", {})
            own = {viewer.id: goals[viewer.id]} if viewer is not None and viewer.id in goals else {}
            return {**action.payload, "goals": own}
        return action.payload

    def describe(self, action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
        kind = ACTIONS.get(action.type)
        if kind is None:
            return super().describe(action, seats, state)
        return _detailed_line(action) or (kind.history, {})

    def check_state(self, state: dict) -> None:
        from companion.games.gloomhaven.play.checks import check_state
        check_state(state)
        map_board.check(state)

    # -- started from a campaign (linked tables) -----------------------------------
    def on_seat_joined(self, state: dict, seat: Seat) -> dict:
        setup.seat_joined(state, seat.id)
        return state

    def result(self, state: dict) -> dict | None:
        """The end summary for the campaign, once the scenario has ended and
        every player has confirmed their line (battle goals marked by then)."""
        result = state.get("result")
        if result is None or set(result["summary"]) - set(result["confirmed"]):
            return None
        return {"outcome": result["outcome"], "summary": result["summary"]}


def _standee_name(standee_id: object) -> str:
    """"Bandit Guard 3", put in the reader's language when the line is shown."""
    monster, _, number = str(standee_id).partition("#")
    return names.Named(f"{catalog.monster_name(monster)} {number}")


DAMAGE_LINES = {"suffer": N_("took the damage"), "hand": N_("negated damage with a card from hand"),
                "discard": N_("negated damage with two cards from the discard pile"),
                "out_of_range": N_("was out of the retaliate's range")}


def _detailed_line(action: Action) -> tuple[str, dict] | None:
    """A history line with the action's own figures, where they say more
    than the generic line (nothing here is ever secret)."""
    payload = action.payload
    try:
        if action.type == "room.reveal":
            return N_("opened room %(room)d"), {"room": int(payload["room"])}
        if action.type == "standee.adjust":
            return N_("%(standee)s %(delta)+d hit points"), {"standee": _standee_name(payload["standee"]),
                                                             "delta": int(payload["delta"])}
        if action.type in ("standee.add", "standee.remove"):
            placed = payload.get("placed") or [{}]
            standee = payload.get("standee") or f"{placed[0].get('monster')}#{placed[0].get('number')}"
            line = N_("placed %(standee)s") if action.type == "standee.add" else N_("removed %(standee)s")
            return line, {"standee": _standee_name(standee)}
        if action.type == "character.attack":
            return N_("attacked %(standee)s"), {"standee": _standee_name(payload["standee"])}
        if action.type == "monster.attack":
            return N_("resolved an attack by %(standee)s"), {"standee": _standee_name(payload["standee"])}
        if action.type == "damage.resolve" and payload.get("how") in DAMAGE_LINES:
            return DAMAGE_LINES[payload["how"]], {}
        if action.type == "scenario.end":
            return (N_("ended the scenario: won") if payload.get("outcome") == "success"
                    else N_("ended the scenario: lost")), {}
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
    return None


RULES = GloomhavenRules()
