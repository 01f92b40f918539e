"""The round in the seed's order (回合): gather power -> first player -> doom
phase (skipped in round one) -> action phase, and whose turn it is."""

from __future__ import annotations

from companion.games.cthulhu_wars import doom, power, turns, victory
from companion.kit.phases import NOT_YOUR_TURN, Phase, Round
from companion.rules import N_, ActionError, Msg

#: Anytime: a faction's own bookkeeping, its elder signs, its spellbooks, the
#: group's corrections (the handlers refuse what the end of the game forbids).
ANYTIME = frozenset({"elder_signs.reveal", "spellbook.earn", "counts.set", "counts.adjust", "abandoned.set",
                     "great_old_one.set", "default.correct", "ritual_track.correct"})

#: The round in the seed's order (回合), with set-up before and the end after.
ROUND = Round((
    Phase("setup", N_("two-player set-up"), frozenset({"setup.gates", "setup.starts"})),
    Phase("gather", N_("gather power phase"), frozenset({"power.gather"})),
    Phase("first_player", N_("first player phase"), frozenset({"first_player.choose", "direction.choose"})),
    Phase("doom", N_("doom phase"),
          frozenset({"ritual.perform", "ritual.skip", "events.blood_sacrifice", "events.done"})),
    Phase("action", N_("action phase"), frozenset({
        "recruit", "gate.build", "move", "capture", "summon", "awaken", "unique", "gate.control", "gate.abandon",
        "pass", "turn.end", "battle.declare", "battle.adjust", "battle.roll", "battle.losses", "harbinger"})),
    Phase("end", N_("end of the game (reveal elder signs, then settle)"), frozenset({"game.settle"})),
    Phase("over", N_("end of the game"), frozenset()),
), anytime=ANYTIME)


def gather(state: dict) -> None:
    """Everyone gathers from 0 (seed: the action phase ran them down); captives
    are sacrificed and go back to their owners' pools."""
    result = power.gather_all(state["factions"], state["abandoned_gates"])
    for faction_id, worked in result.items():
        faction = state["factions"][faction_id]
        faction["power"] = worked["power"]
        faction["gathered"] = worked
        faction["counts"]["captives"] = 0
    if isinstance(state.get("board"), dict):
        state["board"]["captives"] = {}  # sacrificed: back to their owners' pools
    state["phase"] = "first_player"
    if state["round"] == 1:
        choose_first(state, turns.first_player_round_one(state["seating"]))
        return
    candidates = turns.first_player_candidates({f: state["factions"][f]["power"] for f in state["seating"]})
    if len(candidates) == 1:
        choose_first(state, candidates[0])
    else:
        # The previous first player chooses among the tied.
        state["step"], state["candidates"], state["turn"] = "choose_first", candidates, state["first_player"]


def choose_first(state: dict, faction_id: str) -> None:
    state["first_player"], state["candidates"] = faction_id, []
    state["step"], state["turn"] = "choose_direction", faction_id


def choose_direction(state: dict, direction: str) -> None:
    state["direction"] = direction
    state["order"] = turns.turn_order(state["seating"], state["first_player"], direction)
    if state["round"] == 1:
        start_actions(state)  # 重要: the first round skips the doom phase
    else:
        start_doom(state)


def start_doom(state: dict) -> None:
    """Step 1: each faction's doom rises by its controlled gates."""
    state["phase"], state["step"] = "doom", "rituals"
    for faction in state["factions"].values():
        doom.add_doom(faction, "gates", faction["counts"]["gates"])
        faction["ritual_done"] = faction["events_done"] = False
    state["turn"] = state["order"][0]


def next_in_doom(state: dict) -> None:
    """Rituals, then special events, each in turn order; then the end check."""
    key = "ritual_done" if state["step"] == "rituals" else "events_done"
    waiting = [f for f in state["order"] if not state["factions"][f][key]]
    if waiting:
        state["turn"] = waiting[0]
        return
    if state["step"] == "rituals":
        state["step"], state["turn"] = "events", state["order"][0]
        return
    if game_over(state):
        end_game(state)
    else:
        start_actions(state)


def game_over(state: dict) -> bool:
    track, marker = state["ritual"]["track"], state["ritual"]["marker"]
    return doom.game_over({f: x["doom"] for f, x in state["factions"].items()}, state["players"], track, marker)


def start_actions(state: dict) -> None:
    state["phase"], state["step"] = "action", None
    for faction in state["factions"].values():
        faction["acted"] = False
    with_power = [f for f in state["order"] if state["factions"][f]["power"] > 0]
    if with_power:
        state["turn"] = with_power[0]
    else:
        end_round(state)


def end_turn(state: dict) -> None:
    """The turn passes to the next faction with power; when all are at 0 the round ends."""
    current = state["turn"]
    state["factions"][current]["acted"] = False
    state["last_roll"] = None
    following = turns.next_to_act(state["order"], current, {f: state["factions"][f]["power"] for f in state["order"]})
    if following is None:
        end_round(state)
    else:
        state["turn"] = following


def end_round(state: dict) -> None:
    state["round"] += 1
    state["phase"], state["step"], state["turn"] = "gather", None, None


def end_game(state: dict) -> None:
    """The end: elder signs may still be revealed (and at Instant Death, rituals
    were still open to those who had not decided) until someone settles it."""
    state["phase"], state["step"], state["turn"] = "end", None, None


def settle(state: dict) -> None:
    state["phase"] = "over"
    state["result"] = {"winners": victory.winners(state["factions"], state["players"])}


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
    """The kit's round refuses an action its phase does not allow, naming the
    phase; this also checks the step within it."""
    if state["phase"] not in phases:
        raise ActionError(N_("Not now: this is the %(phase)s."), field="type",
                          phase=Msg(ROUND.phase_named(state["phase"]).label))
    if step is not None and state["step"] != step:
        raise ActionError(NOT_NOW.get(state["step"], N_("Not now.")), field="type")


def require_turn(state: dict, faction_id: str | None) -> None:
    """The kit's one refusal for acting out of turn (companion/kit/phases.py)."""
    if faction_id is None or state["turn"] != faction_id:
        raise ActionError(NOT_YOUR_TURN)
