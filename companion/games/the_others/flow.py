"""The round, declared with the kit (companion/kit/phases.py): which actions
each phase allows, so anything else is refused naming the phase (rulebook
"game round": round start, hero turns with the SIN's reactions, round end).

The state keeps the flow at its top level: "phase", "round"."""

from __future__ import annotations

from companion.kit.phases import Phase, Round
from companion.rules import N_

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
    "fight.start", "fight.resolve", "fight.ranged_hits", "fight.counter", "cleanse.roll", "cleanse.remove",
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
