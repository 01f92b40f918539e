"""Rounds made of phases, and whose turn it is: declared once, so every action
is checked against them and refused with the phase named.

A game declares its round as a `Round` of `Phase`s (ids, msgids, the action
types each allows, whether seats take turns in it). The flow is a plain dict
in the game's state: `{"round": 1, "phase": "gather", "order": [seat ids in
turn order], "turn": index into order or None, "passed": [seats out of this phase]}`."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules import N_, ActionError, Msg


@dataclass(frozen=True)
class Phase:
    id: str
    label: str  # English msgid, e.g. N_("Doom phase")
    allows: frozenset[str] = field(default_factory=frozenset)
    turns: bool = False  # seats act one at a time, in `order`


@dataclass(frozen=True)
class Round:
    phases: tuple[Phase, ...]
    anytime: frozenset[str] = field(default_factory=frozenset)  # allowed in every phase

    def start(self, order: list[str], round_number: int = 1, phase: str | None = None) -> dict:
        first = self.phase_named(phase) if phase else self.phases[0]
        return {"round": round_number, "phase": first.id, "order": list(order),
                "turn": 0 if first.turns and order else None, "passed": []}

    def phase_named(self, phase_id: str) -> Phase:
        for phase in self.phases:
            if phase.id == phase_id:
                return phase
        raise KeyError(phase_id)

    def current(self, flow: dict) -> Phase:
        return self.phase_named(flow["phase"])

    def allows(self, flow: dict, action_type: str) -> bool:
        return action_type in self.anytime or action_type in self.current(flow).allows

    def require(self, flow: dict, action_type: str) -> None:
        """Refuse an action the current phase does not allow, naming the phase."""
        if not self.allows(flow, action_type):
            raise ActionError(N_("Not now: this is the %(phase)s."), field="type",
                              phase=Msg(self.current(flow).label))

    def require_turn(self, flow: dict, seat_id: str | None) -> None:
        """Refuse a seat acting out of turn in a phase taken in turns."""
        if self.current(flow).turns and whose_turn(flow) != seat_id:
            raise ActionError(N_("It's not your turn."), field="type")

    def advance(self, flow: dict, first: str | None = None) -> dict:
        """The flow at the next phase (the first of the next round after the
        last). `first`: the seat who starts a phase taken in turns."""
        index = [p.id for p in self.phases].index(flow["phase"]) + 1
        if index == len(self.phases):
            index = 0
            flow["round"] += 1
        phase = self.phases[index]
        flow["phase"], flow["passed"] = phase.id, []
        flow["turn"] = (flow["order"].index(first) if first in flow["order"] else 0) \
            if phase.turns and flow["order"] else None
        return flow

    def go_to(self, flow: dict, phase_id: str) -> dict:
        """Jump to a phase of this round (a game whose rules skip some)."""
        phase = self.phase_named(phase_id)
        flow["phase"], flow["passed"] = phase.id, []
        flow["turn"] = 0 if phase.turns and flow["order"] else None
        return flow


def whose_turn(flow: dict) -> str | None:
    if flow.get("turn") is None or not flow["order"]:
        return None
    return flow["order"][flow["turn"]]


def next_turn(flow: dict) -> str | None:
    """Pass the turn to the next seat in order that has not passed; None
    (and no turn) once every seat has passed."""
    order, out = flow["order"], set(flow["passed"])
    if len(out) >= len(order):
        flow["turn"] = None
        return None
    index = flow["turn"] if flow["turn"] is not None else -1
    for step in range(1, len(order) + 1):
        candidate = (index + step) % len(order)
        if order[candidate] not in out:
            flow["turn"] = candidate
            return order[candidate]
    return None


def pass_phase(flow: dict, seat_id: str) -> None:
    """`seat_id` is out of this phase (no power left, or done)."""
    if seat_id not in flow["passed"]:
        flow["passed"].append(seat_id)


def set_order(flow: dict, order: list[str], first: str | None = None, clockwise: bool = True) -> None:
    """A new turn order, starting from `first`, going round one way or the other."""
    if not clockwise:
        order = list(reversed(order))
    if first in order:
        at = order.index(first)
        order = order[at:] + order[:at]
    flow["order"] = list(order)
    if flow.get("turn") is not None:
        flow["turn"] = 0


def check_flow(round_: Round, flow: dict) -> None:
    if not isinstance(flow, dict) or not isinstance(flow.get("order"), list):
        raise TypeError
    round_.phase_named(flow["phase"])
    if flow["turn"] is not None and not 0 <= flow["turn"] < len(flow["order"]):
        raise ValueError
