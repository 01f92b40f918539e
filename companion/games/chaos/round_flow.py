"""The round (rulebook, 游戏回合): Old World → draw → summoning → battle →
corruption → end, and what each phase does as it starts."""

from __future__ import annotations

from companion.games.chaos import data
from companion.games.chaos.old_world import enter_track
from companion.games.chaos.state import PHASES, lowest_threat
from companion.games.chaos.upgrades import power_per_round
from companion.kit.phases import Phase, Round
from companion.rules import N_, ActionError, Msg

#: Phases the group ends by hand with "next phase"; the others end when
#: their work is done.
ENDED_BY_HAND = ("old_world", "draw")


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


def require_phase(state: dict, *phases: str) -> None:
    """The same refusal, for a step that belongs to `phases`."""
    if state["phase"] not in phases:
        raise ActionError(N_("Not now: this is the %(phase)s."), field="type",
                          phase=Msg(ROUND.phase_named(state["phase"]).label))


def next_phase(state: dict) -> None:
    require_phase(state, *ENDED_BY_HAND)
    if state["phase"] == "old_world" and not state["report"].get("old_world"):
        raise ActionError(N_("Draw and resolve this round's Old World card first."), field="type")
    if state["phase"] == "draw" and set(state["drawn"]) != set(state["gods_in_play"]):
        raise ActionError(N_("Every god draws its chaos cards first."), field="type")
    enter(state, PHASES[PHASES.index(state["phase"]) + 1])


def enter(state: dict, phase: str) -> None:
    """Move to `phase` and do what happens as it starts."""
    from companion.games.chaos import battle_phase

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


def start_round(state: dict) -> None:
    """A new round; last round's report stays readable as "previous"."""
    state["round"] += 1
    state["phase"] = "old_world"
    state["previous"] = state["report"]
    state["report"] = {}
    state["pending"] = [entry for entry in state["pending"] if entry["kind"] != "hero"]
    state["battle"] = None


# -- the Old World phase -------------------------------------------------------
def resolve_old_world_card(state: dict, card: dict, god: str) -> None:
    """The god with the lowest threat draws the top card and resolves it."""
    require_phase(state, "old_world")
    if state["report"].get("old_world"):
        raise ActionError(N_("This round's Old World card is already drawn."), field="type")
    if state["old_world"]["left"] <= 0:
        raise ActionError(N_("The Old World deck is empty."), field="type")
    if god != lowest_threat(state):
        raise ActionError(N_("The god with the lowest threat draws the Old World card."), field="god")
    world = state["old_world"]
    card = {**card, "uid": world["next_uid"]}
    world["next_uid"] += 1
    world["left"] -= 1
    world["track"], gone = enter_track(world["track"], card)
    world["gone"].extend(gone)
    for region_id in card.get("event_regions", []):
        state["regions"][region_id]["events"].append(card["uid"])
    state["report"]["old_world"] = {"card": card, "by": god, "left_play": [c["uid"] for c in gone]}


# -- the draw phase --------------------------------------------------------------
def draw_cards(state: dict, god_id: str, discard: bool) -> int:
    """Draw by the god's rule; returns how many cards were drawn."""
    require_phase(state, "draw")
    if god_id in state["drawn"]:
        raise ActionError(N_("This god has already drawn this round."), field="god")
    rule = data.gods()[god_id]["drawing"]
    god = state["gods"][god_id]
    if discard:
        if not rule.get("may_discard") or god["hand"] <= 0:
            raise ActionError(N_("Only Tzeentch may discard a card before drawing, and only from a hand."), field="discard")
        god["hand"] -= 1
        god["discard"] += 1
    wanted = rule["cards"] if rule["kind"] == "draw" else max(0, rule["cards"] - god["hand"])
    drawn = take_cards(god, wanted)
    state["drawn"].append(god_id)
    if set(state["drawn"]) == set(state["gods_in_play"]):
        enter(state, "summoning")
    return drawn


def take_cards(god: dict, wanted: int) -> int:
    """Move up to `wanted` cards from deck to hand; an empty deck reshuffles
    its discards (the counts move; the group shuffles the real cards)."""
    drawn = 0
    for _ in range(wanted):
        if god["deck"] == 0:
            god["deck"], god["discard"] = god["discard"], 0
        if god["deck"] == 0:
            break
        god["deck"] -= 1
        god["hand"] += 1
        drawn += 1
    return drawn
