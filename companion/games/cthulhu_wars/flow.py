"""The round (seed, 回合) as the kit's data: gather power → first player →
doom phase (skipped in round one) → action phase, with the two-player set-up
before it and the end of the game after; what each phase allows, what happens
as it begins (`on_enter`), when it is over (`ends_when`), what comes next and
the turn order (seed, 第二阶段 确定首个玩家: who goes first, which way round).

The kit (companion.kit.phases) enters and settles the phases and passes the
turn; the flow lives in state["flow"]: the kit's {"round", "phase", "order",
"turn", "passed"} and this game's "step" within a phase ("place_gates",
"pick_starts", "choose_first", "choose_direction", "rituals", "events"),
"first_player", "candidates" (tied for the most power) and "direction". The
chapters' effects (effects.py, battles.py) change the state and call this
module to move the round on."""

from __future__ import annotations

from companion.games.cthulhu_wars import data, doom, power, victory
from companion.kit.phases import NOT_YOUR_TURN, Phase, Round, next_turn, whose_turn
from companion.rules import N_, ActionError, Msg

DIRECTIONS = ("clockwise", "counterclockwise")

#: Anytime: a faction's own bookkeeping, its elder signs, its spellbooks, the
#: group's corrections (the handlers refuse what the end of the game forbids).
ANYTIME = frozenset({"elder_signs.reveal", "spellbook.earn", "counts.set", "counts.adjust", "abandoned.set",
                     "great_old_one.set", "default.correct", "ritual_track.correct", "neighbours.correct"})


# -- who goes first, and in which direction (第二阶段) ----------------------------------
def first_player_round_one(factions: list[str]) -> str:
    """Great Cthulhu; without him, the faction whose English initial comes first."""
    order = data.game()["faction_order"]
    if data.game()["first_player_round_one"] in factions:
        return data.game()["first_player_round_one"]
    return min(factions, key=order.index)


def first_player_candidates(power_of: dict[str, int]) -> list[str]:
    """The factions with the most power after gathering; with more than one,
    the previous first player chooses among them."""
    top = max(power_of.values())
    return [faction for faction, value in power_of.items() if value == top]


def turn_order(seating: list[str], first: str, direction: str) -> list[str]:
    """Every faction once, from `first`, round the table (`seating` is clockwise)."""
    if direction not in DIRECTIONS:
        raise ValueError(direction)
    start = seating.index(first)
    ring = seating[start:] + seating[:start]
    return ring if direction == "clockwise" else [ring[0]] + ring[:0:-1]


def round_order(state: dict) -> list[str]:
    """This round's turn order, from the first player in the chosen direction."""
    flow = state["flow"]
    return turn_order(state["seating"], flow["first_player"], flow["direction"])


# -- the flow as the pages read it ------------------------------------------------------
def new_flow(two_players: bool) -> dict:
    """Round one begins with the gathering (two players: with the set-up)."""
    return {"round": 1, "phase": "setup" if two_players else "gather", "order": [], "turn": None, "passed": [],
            "step": "place_gates" if two_players else None, "first_player": None, "candidates": [],
            "direction": None}


def phase_of(state: dict) -> str:
    return state["flow"]["phase"]


def step_of(state: dict) -> str | None:
    return state["flow"]["step"]


def round_of(state: dict) -> int:
    return state["flow"]["round"]


def turn_of(state: dict) -> str | None:
    """Whose turn it is: the kit's turn in the phases taken in turns (doom,
    action); in the first player phase, the first player's (the previous one
    chooses among the tied, then the new one picks the direction)."""
    flow = state["flow"]
    if flow["phase"] == "first_player":
        return flow["first_player"]
    return whose_turn(flow) if ROUND.current(flow).turns else None


def decided(state: dict, faction: str) -> bool:
    """Whether `faction` has decided at this step of the doom phase (it is out of the step)."""
    return phase_of(state) == "doom" and faction in state["flow"]["passed"]


# -- what happens as a phase begins -----------------------------------------------------
def begin_gather(state: dict) -> None:
    state["flow"]["step"] = None


def begin_first_player(state: dict) -> None:
    """Round one: Great Cthulhu (or the earliest initial) goes first. Later: the
    most power goes first; with a tie, the previous first player chooses."""
    flow = state["flow"]
    if flow["round"] == 1:
        choose_first(state, first_player_round_one(state["seating"]))
        return
    candidates = first_player_candidates({f: state["factions"][f]["power"] for f in state["seating"]})
    if len(candidates) == 1:
        choose_first(state, candidates[0])
    else:
        flow["step"], flow["candidates"] = "choose_first", candidates


def begin_doom(state: dict) -> None:
    """Step 1: each faction's doom rises by its controlled gates; then the rituals, in turn order."""
    state["flow"]["step"] = "rituals"
    for faction in state["factions"].values():
        doom.add_doom(faction, "gates", faction["counts"]["gates"])


def out_of_power(state: dict) -> None:
    """In the action phase a faction at 0 power is out of it (and back in
    should it gain power): the kit's "passed" is kept so after every action."""
    flow = state["flow"]
    if flow["phase"] == "action":
        flow["passed"] = [f for f in flow["order"] if state["factions"][f]["power"] <= 0]


def begin_action(state: dict) -> None:
    """Nobody has acted; the first faction in turn order with power begins
    (none has any: the round ends)."""
    flow = state["flow"]
    flow["step"] = None
    for faction in state["factions"].values():
        faction["acted"] = False
    out_of_power(state)
    if whose_turn(flow) in flow["passed"]:
        next_turn(flow)


def begin_end(state: dict) -> None:
    state["flow"]["step"] = None


def doom_phase_over(state: dict) -> bool:
    flow = state["flow"]
    return flow["step"] == "events" and flow["turn"] is None


def game_over(state: dict) -> bool:
    track, marker = state["ritual"]["track"], state["ritual"]["marker"]
    return doom.game_over({f: x["doom"] for f, x in state["factions"].items()}, state["players"], track, marker)


#: The round in the seed's order (回合), with set-up before and the end after.
ROUND = Round((
    Phase("setup", N_("two-player set-up"), frozenset({"setup.gates", "setup.starts"})),
    Phase("gather", N_("gather power phase"), frozenset({"power.gather"}), on_enter=begin_gather),
    # Whose turn: the first player's (turn_of), so the phase is not taken in the kit's turns.
    Phase("first_player", N_("first player phase"), frozenset({"first_player.choose", "direction.choose"}),
          on_enter=begin_first_player,
          next=lambda state: "action" if round_of(state) == 1 else "doom"),  # 重要: round one skips the doom phase
    Phase("doom", N_("doom phase"),
          frozenset({"ritual.perform", "ritual.skip", "events.blood_sacrifice", "events.done"}), turns=True,
          on_enter=begin_doom, ends_when=doom_phase_over, order=round_order,
          next=lambda state: "end" if game_over(state) else "action"),
    Phase("action", N_("action phase"), frozenset({
        "recruit", "gate.build", "move", "capture", "summon", "awaken", "unique", "gate.control", "gate.abandon",
        "pass", "turn.end", "battle.declare", "battle.adjust", "battle.roll", "battle.losses", "harbinger",
        "avatar.choose", "battle.devour", "battle.abduct", "battle.remove", "battle.invisibility",
        "battle.seek_and_destroy", "battle.absorb", "battle.retreats",
        "battle.necrophagy"}),
        turns=True, on_enter=begin_action, order=round_order, next="gather"),
    Phase("end", N_("end of the game (reveal elder signs, then settle)"), frozenset({"game.settle"}),
          on_enter=begin_end),
    Phase("over", N_("end of the game"), frozenset()),
), anytime=ANYTIME, flow_of=lambda state: state["flow"])


# -- moving the round on ----------------------------------------------------------------
def move_on(state: dict) -> None:
    """The phase's work is done: the next phase begins (and any that is over at once)."""
    ROUND.enter(state, *ROUND.following(state))
    ROUND.settle(state)


def gather(state: dict) -> None:
    """Everyone gathers from 0 (seed: the action phase ran them down); captives
    are sacrificed and go back to their owners' pools; the first player phase begins."""
    result = power.gather_all(state["factions"], state["abandoned_gates"])
    for faction_id, worked in result.items():
        faction = state["factions"][faction_id]
        faction["power"] = worked["power"]
        faction["gathered"] = worked
        faction["counts"]["captives"] = 0
    if isinstance(state.get("board"), dict):
        state["board"]["captives"] = {}  # sacrificed: back to their owners' pools
    move_on(state)


def choose_first(state: dict, faction_id: str) -> None:
    flow = state["flow"]
    flow["first_player"], flow["candidates"], flow["step"] = faction_id, [], "choose_direction"


def choose_direction(state: dict, direction: str) -> None:
    """The direction of play: the doom phase begins (round one: the action phase)."""
    state["flow"]["direction"] = direction
    move_on(state)


def set_up(state: dict) -> None:
    """Two players: the set-up is done, the gathering begins."""
    move_on(state)


def decide(state: dict, faction: str) -> None:
    """`faction` has decided on its ritual (or finished its special events):
    it is out of the step and the turn passes (the kit's end_turn). After the
    rituals, the special events, in the same order; after them the end
    check: the game ends, or the action phase begins."""
    ROUND.end_turn(state, faction, passes=True)
    flow = state["flow"]
    if flow["phase"] == "doom" and flow["step"] == "rituals" and flow["turn"] is None:
        flow["step"], flow["passed"], flow["turn"] = "events", [], 0


def end_turn(state: dict, faction: str) -> None:
    """`faction`'s action-phase turn is over: the turn passes (the kit's
    end_turn) to the next faction with power; when all are at 0 the round
    ends and the next one's gathering begins."""
    state["factions"][faction]["acted"] = False
    state["factions"][faction].pop("second_action", None)  # a second action not taken is gone
    state["last_roll"] = None
    out_of_power(state)
    ROUND.end_turn(state, faction)


def end_game(state: dict) -> None:
    """The end: elder signs may still be revealed until someone settles it."""
    ROUND.enter(state, "end")


def settle(state: dict) -> None:
    ROUND.enter(state, "over")
    state["result"] = {"winners": victory.winners(state["factions"], state["players"])}


# -- refusals ---------------------------------------------------------------------------
#: Within a phase, the refusal names the step it is at (one msgid each).
NOT_NOW = {
    "place_gates": N_("Not now: the two gates are being placed."),
    "pick_starts": N_("Not now: the start areas are being picked."),
    "choose_first": N_("Not now: the first player is being chosen."),
    "choose_direction": N_("Not now: the direction of play is being chosen."),
    "rituals": N_("Not now: it is time for rituals."),
    "events": N_("Not now: it is time for special events."),
}


def require_phase(state: dict, *phases: str, step: str | None = None) -> None:
    """Refuse an action outside `phases`, naming the phase as the kit's round
    does; and outside `step` within it, naming the step."""
    flow = state["flow"]
    if flow["phase"] not in phases:
        raise ActionError(N_("Not now: this is the %(phase)s."), field="type",
                          phase=Msg(ROUND.current(flow).label))
    if step is not None and flow["step"] != step:
        raise ActionError(NOT_NOW.get(flow["step"], N_("Not now.")), field="type")


def require_turn(state: dict, faction_id: str | None) -> None:
    """The kit's one refusal for acting out of turn (companion.kit.phases)."""
    if faction_id is None or turn_of(state) != faction_id:
        raise ActionError(NOT_YOUR_TURN, field="type")
