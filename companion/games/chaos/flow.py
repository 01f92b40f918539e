"""The round (rulebook, 游戏回合) as the kit's data: Old World → draw →
summoning → battle → corruption → end, what each phase allows, what happens
as each begins (`on_enter`), when it is over (`ends_when`) and what comes
next; set-up before it and the end of the game after. The kit
(companion.kit.phases) enters and settles the phases and passes the
summoning turn; the flow lives in state["flow"]. The chapters (summoning,
battle_phase, scoring_phases, ...) change the state; this module moves the
round on after them, and none of them imports it."""

from __future__ import annotations

from companion.games.chaos import battle_phase, scoring_phases
from companion.games.chaos.upgrades import power_per_round
from companion.kit.phases import Phase, Round, next_turn, pass_phase, whose_turn
from companion.rules import N_, ActionError

EDITS = frozenset({"region.set", "region.figures", "region.corruption", "region.control", "god.set", "upgrade.take",
                   "pending.done", "hand.note", "components.unit", "components.dial", "components.ruination",
                   "components.card"})


# -- what happens as a phase begins ---------------------------------------------------------
def begin_old_world(state: dict) -> None:
    """A new round; last round's report stays readable as "previous"."""
    if state["flow"]["round"] > 1:
        state["previous"] = state["report"]
    state["report"] = {}
    state["pending"] = [entry for entry in state["pending"] if entry["kind"] != "hero"]
    state["battle"] = None


def begin_draw(state: dict) -> None:
    """Unspent power never carries over: reset to the god's value plus upgrades."""
    for god_id, god in state["gods"].items():
        god["power"], _ = power_per_round(state, god_id)
    state["drawn"] = []


def begin_summoning(state: dict) -> None:
    """A god with no power is out from the start; the first god still in begins."""
    flow = state["flow"]
    for god_id in flow["order"]:
        if state["gods"][god_id]["power"] <= 0:
            pass_phase(flow, god_id)
    if whose_turn(flow) in flow["passed"]:
        next_turn(flow)


def begin_battle(state: dict) -> None:
    battle_phase.start(state)
    battle_phase.next_region(state)


def begin_corruption(state: dict) -> None:
    state["report"]["khorne_battles"] = list(state["battle"]["khorne"])


def all_drawn(state: dict) -> bool:
    return set(state["drawn"]) == set(state["gods_in_play"])


def battles_fought(state: dict) -> bool:
    return not state["battle"]["queue"]


#: The round as the rulebook orders it, with what each phase allows; set-up
#: before it and the end of the game after. Corrections are allowed any time.
ROUND = Round((
    Phase("setup", N_("set-up"), frozenset({"setup.sit_out", "setup.tokens", "setup.start"})),
    Phase("old_world", N_("Old World phase"), frozenset({"old_world.card", "old_world.place", "phase.next"}),
          on_enter=begin_old_world),
    Phase("draw", N_("Draw phase"), frozenset({"draw", "phase.next"}), on_enter=begin_draw, ends_when=all_drawn),
    Phase("summoning", N_("Summoning phase"), frozenset({"summon", "card.play", "card.choose", "summoning.pass"}),
          turns=True, on_enter=begin_summoning, order=lambda state: state["gods_in_play"]),
    Phase("battle", N_("Battle phase"), frozenset({"battle.roll", "battle.assign"}), on_enter=begin_battle,
          ends_when=battles_fought),
    Phase("corruption", N_("Corruption phase"), frozenset({"corruption.resolve"}), on_enter=begin_corruption,
          ends_when=lambda state: "corruption" in state["report"]),
    Phase("end", N_("End phase"), frozenset({"hero.remove", "end.score"}), on_enter=scoring_phases.begin_end_phase,
          next=lambda state: "over" if state["result"] else "old_world"),
    Phase("over", N_("end of the game")),
), anytime=EDITS, flow_of=lambda state: state["flow"])


def require_action(state: dict, action_type: str) -> None:
    """Refuse, naming the phase, an action the current phase does not allow."""
    ROUND.require(state["flow"], action_type)


def require_turn(state: dict, god: str) -> None:
    """Refuse a summoning action for a god whose turn it isn't (the kit's "It's not your turn.")."""
    ROUND.require_turn(state["flow"], god)


def move_on(state: dict) -> None:
    """The phase is done (the group says so, or its last step is taken): the next begins."""
    ROUND.enter(state, *ROUND.following(state))
    ROUND.settle(state)


def start(state: dict) -> None:
    """Set-up is done: round 1 begins."""
    state["flow"]["round"] = 1
    move_on(state)


def next_phase(state: dict) -> None:
    """The group ends the Old World phase (or the draw phase) by hand; the
    others end when their work is done."""
    phase = state["flow"]["phase"]
    if phase == "old_world" and not state["report"].get("old_world"):
        raise ActionError(N_("Draw and resolve this round's Old World card first."), field="type")
    if phase == "draw" and not all_drawn(state):
        raise ActionError(N_("Every god draws its chaos cards first."), field="type")
    move_on(state)


def end_turn(state: dict, god: str, passes: bool = False) -> None:
    """After a summoning action: a god that passed or is at 0 power is out;
    the turn passes (the kit's end_turn); once every god is out, the battle
    phase begins."""
    ROUND.end_turn(state, god, passes=passes or state["gods"][god]["power"] <= 0)


def next_battle(state: dict) -> None:
    """A region's battle is over: the next region with a battle; when none is
    left, the phase settles into corruption."""
    battle_phase.next_region(state)
    ROUND.settle(state)


def end_round(state: dict, result: dict | None) -> None:
    """After the end phase's checks: the game is over, or a new round begins."""
    if result:
        state["result"] = result
    move_on(state)
