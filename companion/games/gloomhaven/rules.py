"""The Gloomhaven table: one scenario played with the physical map, the
phones keeping the books (level, standees, monster cards, initiative,
modifier decks, elements, conditions, characters, battle goals).

Each action type is declared once below with its one-line description and
the functions that draw its random outcomes (`prepare`) and apply it; the
functions live in `companion.games.gloomhaven.play` by the part of the round
they belong to.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Callable

from companion.games.gloomhaven import catalog
from companion.games.gloomhaven.level import DIFFICULTY_LABELS
from companion.games.gloomhaven.play import combat, ending, figures, rests, rounds, setup
from companion.rules import N_, Action, ActionError, Role, Rules, Seat

#: Payload keys only the server writes (the draws); a client's are dropped.
DRAWN = ("cards", "placed", "missing", "goals", "lost")


@dataclass(frozen=True)
class Kind:
    doc: str
    run: Callable
    prepare: Callable | None = None
    history: str = ""  # English msgid for the history line


def _with_state(run):
    return lambda state, action: run(state, action.payload)


ACTIONS = {
    "scenario.set": Kind("Set-up: choose `scenario` (number), `difficulty` (easy, normal, hard, very_hard) and `solo`.",
                         _with_state(setup.set_scenario), history=N_("chose the scenario")),
    "character.set": Kind("Set-up: your character: `class`, `name`, `level` (1-9).", setup.set_character,
                          history=N_("chose their character")),
    "scenario.start": Kind("Start: fixes the level, places the first room, deals battle goals.", setup.start,
                           setup.prepare_start, history=N_("started the scenario")),
    "battle_goal.keep": Kind("Keep one of your two battle goals: `goal` (secret).", setup.keep_battle_goal,
                             history=N_("kept a battle goal")),
    "initiative.choose": Kind("Your cards' initiatives, `initiative` (leading) and `second`, or `long_rest`; "
                              "secret until everyone has chosen.", rounds.choose, rounds.prepare_choice,
                              history=N_("chose their cards")),
    "rest.short": Kind("Between rounds, before choosing: a short rest with `count` cards in your discard pile; "
                       "the card to lose is drawn.", rests.short_rest, rests.prepare_short_rest,
                       history=N_("took a short rest")),
    "rest.redraw": Kind("After your short rest: suffer 1 damage to lose another random card instead.", rests.redraw,
                        rests.prepare_redraw, history=N_("kept the card for 1 damage")),
    "turn.next": Kind("End the current figure's turn (a character's: its player, or `for_them`).", rounds.end_turn,
                      history=N_("ended a turn")),
    "room.reveal": Kind("Open a door: `room` (its number); its standees are placed.", rounds.open_door,
                        rounds.prepare_door, history=N_("opened a door")),
    "standee.add": Kind("Place a standee by hand: `monster`, `rank`, `summoned`.", figures.add_standee,
                        figures.prepare_add, history=N_("placed a standee")),
    "standee.remove": Kind("Take standee `standee` off the map.", figures.take_off, history=N_("removed a standee")),
    "standee.adjust": Kind("Damage (negative `delta`) or heal a standee `standee`.", figures.adjust_standee,
                           history=N_("changed a standee's hit points")),
    "standee.condition": Kind("Toggle `condition` on standee `standee`.", figures.standee_condition,
                              history=N_("changed a standee's conditions")),
    "character.adjust": Kind("Add `delta` to `field` (hp, xp, coins) of your character (or `seat`'s).",
                             figures.adjust_character, history=N_("changed a character")),
    "character.condition": Kind("Toggle `condition` on your character (or `seat`'s, or its `summon`).",
                                figures.character_condition, history=N_("changed a character's conditions")),
    "character.exhaust": Kind("Your character (or `seat`'s) is exhausted.", figures.exhaust_by_hand,
                              history=N_("exhausted a character")),
    "summon.add": Kind("Your character summons `name` with `hp` hit points.", figures.add_summon,
                       history=N_("summoned")),
    "summon.adjust": Kind("Damage or heal summon `summon` by `delta`.", figures.adjust_summon,
                          history=N_("changed a summon's hit points")),
    "summon.remove": Kind("Remove summon `summon`.", figures.remove_summon, history=N_("removed a summon")),
    "monster.attack": Kind("Standee `standee` attacks `target` (a seat or summon): `base`, `bonus`, `mode`, "
                           "`shield`, `pierce`; the modifier cards are drawn.", combat.monster_attack,
                           combat.prepare_monster_attack, history=N_("resolved a monster attack")),
    "character.attack": Kind("Your character (or `summon`) attacks `standee`: `base`, `bonus`, `doubled`, `mode`, "
                             "`cards` (what you drew, e.g. \"+1 r+1\"), `pierce`.", combat.character_attack,
                             history=N_("attacked")),
    "modifier.add": Kind("Shuffle a `card` (bless, curse) into the monster modifier deck.", combat.change_deck,
                         history=N_("changed the monster modifier deck")),
    "modifier.remove": Kind("Take a `card` (bless, curse) out of the monster modifier deck.", combat.change_deck,
                            history=N_("changed the monster modifier deck")),
    "element.infuse": Kind("Infuse `element` (strong at the end of this turn).", combat.infuse,
                           history=N_("infused an element")),
    "element.consume": Kind("Consume `element`.", combat.consume, history=N_("consumed an element")),
    "scenario.end": Kind("End the scenario: `outcome` success or failure.", ending.end_scenario,
                         history=N_("ended the scenario")),
    "battle_goal.done": Kind("At the end: whether your kept battle goal was met (`done`).", ending.mark_battle_goal,
                             history=N_("marked their battle goal")),
    "summary.confirm": Kind("Confirm the end-of-scenario summary.", ending.confirm,
                            history=N_("confirmed the summary")),
}


class GloomhavenRules(Rules):
    id = "gloomhaven"
    title = N_("Gloomhaven scenario")
    templates = "games/gloomhaven"

    def roles(self) -> list[Role]:
        return [Role("player", N_("Player"))]

    def setup_fields(self) -> list[dict]:
        return [
            {"name": "scenario", "label": N_("Scenario"), "kind": "select", "default": 1,
             "choices": [(number, f"{number} {name}") for number, name in catalog.scenario_choices()]},
            {"name": "difficulty", "label": N_("Difficulty"), "kind": "select", "default": "normal",
             "choices": list(DIFFICULTY_LABELS.items())},
        ]

    def initial_state(self, options: dict) -> dict:
        return setup.initial_state(options)

    def action_types(self) -> dict[str, str]:
        return {name: kind.doc for name, kind in ACTIONS.items()}

    def regions(self, seat: Seat | None) -> list[str]:
        mine = ["me"] if seat is not None else []
        return ["status", *mine, "turns", "monsters", "party", "elements", "attacks"]

    # -- acting --------------------------------------------------------------------
    def prepare(self, state: dict, action: Action, rng: random.Random) -> Action:
        payload = {k: v for k, v in action.payload.items() if k not in DRAWN}
        kind = ACTIONS.get(action.type)
        if kind is not None and kind.prepare is not None:
            payload.update(kind.prepare(state, Action(action.type, payload, action.seat), rng))
        return Action(action.type, payload, action.seat)

    def validate(self, state: dict, action: Action, seats: dict[str, Seat]) -> None:
        self._run(copy.deepcopy(state), action)

    def apply(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        self._run(state, action)
        return state

    def _run(self, state: dict, action: Action) -> None:
        kind = ACTIONS.get(action.type)
        if kind is None:
            raise ActionError(N_("Unknown action."), field="type")
        state["news"] = []
        kind.run(state, action)

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


def _standee_name(standee_id: object) -> str:
    monster, _, number = str(standee_id).partition("#")
    return f"{catalog.monster_name(monster)} {number}"


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
        if action.type == "scenario.end":
            return (N_("ended the scenario: won") if payload.get("outcome") == "success"
                    else N_("ended the scenario: lost")), {}
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
    return None


RULES = GloomhavenRules()
