"""The round, declared with the kit (companion/kit/phases.py): which actions
each phase allows, so anything else is refused naming the phase (rulebook
"game round": round start, hero turns with the SIN's reactions, round end).

The state keeps the flow at its top level: "phase", "round"."""

from __future__ import annotations

from companion.games.the_others import data
from companion.kit.actions import Act
from companion.kit.phases import Phase, Round
from companion.rules import N_, ActionError

SETUP = Phase("setup", N_("set-up phase"), frozenset({"team.choose", "heroes.pick", "game.start"}))
#: Allowed at any time of a round (effects of cards, abilities, the story and the board, whose timing the app
#: doesn't model).
IN_PLAY = frozenset({
    "fight.plan", "hero.adjust", "hero.wounds", "hero.replace", "upgrade.lose", "upgrade.take", "check.roll",
    "apocalypse.advance", "apocalypse.keep", "mission.progress", "mission.choose", "hero.move", "hero.pick_up",
    "monsters.move", "dark_past.choose", "power.choose",
    "sin.gain_reactions", "sin.draw", "monsters.summon"})
ROUND_START = Phase("round_start", N_("round start phase"), frozenset({"round.first_hero"}) | IN_PLAY)
HERO_TURNS = Phase("hero_turns", N_("hero turns phase"), frozenset({
    "turn.start", "turn.pass", "turn.end", "reaction.spend", "reaction.end", "sin.play_card", "city.action",
    "fight.start", "fight.prepare", "fight.choose", "fight.sin_ready", "fight.roll", "fight.withdraw",
    "fight.resolve", "fight.ranged_hits", "fight.counter", "cleanse.roll", "cleanse.remove",
    "round.end"}) | IN_PLAY)
OVER = Phase("over", N_("end of the game"))

#: Allowed in every phase: the numbers the group enters and the spaces it tracks.
ANYTIME = frozenset({"facts.enter", "space.add", "space.set"})

ROUND = Round((SETUP, ROUND_START, HERO_TURNS, OVER), anytime=ANYTIME)


def require(state: dict, action_type: str) -> None:
    ROUND.require({"phase": state["phase"], "round": state["round"], "order": state["order"], "turn": None,
                   "passed": []}, action_type)


def go_to(state: dict, phase_id: str) -> None:
    state["phase"] = ROUND.phase_named(phase_id).id


# -- who acts, whose turn ------------------------------------------------------------------------
def given(act: Act) -> dict:
    """The payload as it was sent: the fields left out are absent (the kit
    lists them as None), as the logged payloads always were."""
    return {key: value for key, value in act.payload.items() if value is not None}


def require_sin(act: Act) -> None:
    if act.seat_id is not None and act.role != "sin":
        raise ActionError(N_("Only the SIN player does that."), field="type")


def require_hero_player(state: dict, act: Act, hero_id: str) -> None:
    """The hero's own player, or the SIN deciding for heroes who can't agree
    is not allowed here; the host may act for anyone."""
    if act.seat_id is None:
        return
    if state["heroes"][hero_id]["player"] != act.seat_id:
        raise ActionError(N_("Only the player of %(hero)s does that."), field="hero",
                          hero=data.heroes()[hero_id]["name"])


def hero_in_play(state: dict, hero_id, field: str = "hero") -> str:
    if not isinstance(hero_id, str) or hero_id not in state["order"]:
        raise ActionError(N_("Choose a hero in play."), field=field)
    return hero_id


def can_act(state: dict, hero_id: str) -> bool:
    hero = state["heroes"][hero_id]
    return hero["turn_tokens"] > 0 or (hero["extra_turns"] > 0 and hero_id not in state["passed"])


def next_hero(state: dict) -> str | None:
    """Clockwise after the last hero to act (from the first hero at round
    start), the first one who can still take a turn."""
    order = state["order"]
    if not order or state["first_hero"] is None:
        return None
    if state["last_hero"] is None:
        start = order.index(state["first_hero"])
    else:
        start = (order.index(state["last_hero"]) + 1) % len(order)
    for step in range(len(order)):
        hero_id = order[(start + step) % len(order)]
        if can_act(state, hero_id):
            return hero_id
    return None


def close_reaction(state: dict) -> None:
    state["reaction"] = None
    state.pop("preparing", None)  # a fight prepared and not rolled is not fought
    state["sin"]["played"] = None


def finish_turn(state: dict, hero_id: str, died: bool) -> None:
    """The turn ends; the SIN may react unless the hero died in it."""
    sin_card = state["turn"]["sin_card"] if state["turn"] else False
    state["turn"] = None
    state.pop("preparing", None)  # a fight prepared and not rolled is not fought
    state["reaction"] = None if died else {"hero": hero_id, "spent": False, "sin_card": sin_card}


def current_turn(state: dict) -> dict:
    if state["turn"] is None:
        raise ActionError(N_("No hero's turn is going on."), field="type")
    return state["turn"]


def reactions_left(state: dict) -> int:
    sin = state["sin"]
    return sin["reaction_tokens"] - sin["reactions_used"]


def round_can_end(state: dict) -> bool:
    return state["phase"] == "hero_turns" and state["turn"] is None and next_hero(state) is None
