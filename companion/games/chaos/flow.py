"""The round (rulebook, 游戏回合): Old World → draw → summoning → battle →
corruption → end, what each phase allows, what happens as each starts, and
what ends it. The top of the package's rules: the chapters (summoning,
battle_phase, scoring_phases, ...) change the state; this module moves the
round on after them, and none of them imports it."""

from __future__ import annotations

from companion.games.chaos import battle_phase, scoring_phases
from companion.games.chaos.state import PHASES
from companion.games.chaos.upgrades import power_per_round
from companion.kit.phases import Phase, Round
from companion.rules import N_, ActionError

EDITS = frozenset({"region.set", "region.figures", "region.corruption", "region.control", "god.set", "upgrade.take",
                   "pending.done", "hand.note", "components.unit", "components.dial", "components.ruination"})

#: The round as the rulebook orders it, with what each phase allows; set-up
#: before it and the end of the game after. Corrections are allowed any time.
ROUND = Round((
    Phase("setup", N_("set-up"), frozenset({"setup.sit_out", "setup.tokens", "setup.start"})),
    Phase("old_world", N_("Old World phase"), frozenset({"old_world.card", "phase.next"})),
    Phase("draw", N_("Draw phase"), frozenset({"draw", "phase.next"})),
    Phase("summoning", N_("Summoning phase"), frozenset({"summon", "card.play", "summoning.pass"}), turns=True),
    Phase("battle", N_("Battle phase"), frozenset({"battle.roll", "battle.assign"})),
    Phase("corruption", N_("Corruption phase"), frozenset({"corruption.resolve"})),
    Phase("end", N_("End phase"), frozenset({"hero.remove", "end.score"})),
    Phase("over", N_("end of the game")),
), anytime=EDITS)


def require_action(state: dict, action_type: str) -> None:
    """Refuse, naming the phase, an action the current phase does not allow."""
    ROUND.require({"phase": state["phase"]}, action_type)


def next_phase(state: dict) -> None:
    """The group ends the Old World phase (or the draw phase) by hand; the
    others end when their work is done."""
    if state["phase"] == "old_world" and not state["report"].get("old_world"):
        raise ActionError(N_("Draw and resolve this round's Old World card first."), field="type")
    if state["phase"] == "draw" and set(state["drawn"]) != set(state["gods_in_play"]):
        raise ActionError(N_("Every god draws its chaos cards first."), field="type")
    enter(state, PHASES[PHASES.index(state["phase"]) + 1])


def enter(state: dict, phase: str) -> None:
    """Move to `phase` and do what happens as it starts."""
    state["phase"] = phase
    if phase == "draw":
        # Unspent power never carries over: reset to the god's value plus upgrades.
        for god_id, god in state["gods"].items():
            god["power"], _ = power_per_round(state, god_id)
            god["out"] = False
        state["drawn"] = []
    elif phase == "summoning":
        for god in state["gods"].values():
            god["out"] = god["power"] <= 0
        state["turn"] = None
        pass_turn(state)
    elif phase == "battle":
        state["turn"] = None
        battle_phase.start(state)
        next_battle(state)
    elif phase == "end":
        scoring_phases.begin_end_phase(state)


# -- what ends a phase ---------------------------------------------------------------
def after_draw(state: dict) -> None:
    """Once every god has drawn, summoning begins."""
    if set(state["drawn"]) == set(state["gods_in_play"]):
        enter(state, "summoning")


def end_turn(state: dict, god: str) -> None:
    """After a summoning action: a god at 0 power is out; the turn passes."""
    if state["gods"][god]["power"] <= 0:
        state["gods"][god]["out"] = True
    pass_turn(state)


def pass_turn(state: dict) -> None:
    """The next god in K-N-T-S order still in the summoning phase; when all
    are out, the battle phase begins."""
    order = state["gods_in_play"]
    start = order.index(state["turn"]) + 1 if state["turn"] in order else 0
    for step in range(len(order)):
        god = order[(start + step) % len(order)]
        if not state["gods"][god]["out"]:
            state["turn"] = god
            return
    enter(state, "battle")


def next_battle(state: dict) -> None:
    """The next region with a battle; when none is left, corruption begins."""
    if battle_phase.next_region(state):
        return
    state["turn"] = None
    state["report"]["khorne_battles"] = list(state["battle"]["khorne"])
    enter(state, "corruption")


def end_round(state: dict, result: dict | None) -> None:
    """After the end phase's checks: the game is over, or a new round begins."""
    if result:
        state["phase"], state["result"], state["turn"] = "over", result, None
    else:
        start_round(state)


def start_round(state: dict) -> None:
    """A new round; last round's report stays readable as "previous"."""
    state["round"] += 1
    state["phase"] = "old_world"
    state["previous"] = state["report"]
    state["report"] = {}
    state["pending"] = [entry for entry in state["pending"] if entry["kind"] != "hero"]
    state["battle"] = None
