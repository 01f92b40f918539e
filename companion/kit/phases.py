"""Rounds made of phases, and whose turn it is: declared once, as data, so
every action is checked against them (refused with the phase named), the turn
passes one way in every game, and a phase ends and the next begins by itself.

A game declares its round as a `Round` of `Phase`s: ids, msgids, the action
types each allows, whether seats take turns in it and in what order, what
happens on entering it (`on_enter`), when it is over (`ends_when`) and what
comes next (`next`), as boardgame.io's phases have onBegin, endIf and next.
The flow is a plain dict in the game's state (`Round.flow_of` finds it):
`{"round": 1, "phase": "gather", "order": [ids in turn order], "turn": index
into order or None, "passed": [ids out of this phase]}`.

After each action, `Round.settle(state)` moves on through every phase that is
over (running its `on_exit`, then the next one's `on_enter`);
`Round.end_turn(state, who)` passes the turn (and settles once every seat is
done). Turn orders: `clockwise_from` (a first player), `by_value`
(initiative, a ranking), or the seating as it is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from companion.rules import N_, ActionError, Msg

NOT_YOUR_TURN = N_("It's not your turn.")


@dataclass(frozen=True)
class Phase:
    id: str
    label: str  # English msgid, e.g. N_("Doom phase")
    allows: frozenset[str] = field(default_factory=frozenset)
    turns: bool = False  # seats act one at a time, in `order`
    #: What happens on entering the phase: on_enter(state), changing it.
    on_enter: Callable[[dict], None] | None = None
    #: Whether the phase is over: ends_when(state). None: it ends only when
    #: every seat has passed (a phase taken in turns) or when the game says.
    ends_when: Callable[[dict], bool] | None = None
    #: The phase after this one: an id, or next(state) -> id. None: the
    #: following phase (the first of the next round after the last).
    next: str | Callable[[dict], str] | None = None
    #: The turn order on entering: order(state) -> ids. None: the flow's as it is.
    order: Callable[[dict], list] | None = None
    #: What happens as the phase ends, before the next is entered:
    #: on_exit(state), changing it. If it moves the game to another phase
    #: than the next (the game is over), the round stops there.
    on_exit: Callable[[dict], None] | None = None
    #: In a phase taken in turns: skips(state, id) says the turn goes past a
    #: seat still in that has nothing to do this time round (no token left,
    #: say); it is not out, and takes its turn when it has again.
    skips: Callable[[dict, str], bool] | None = None


def _flow(state: dict) -> dict:
    return state["flow"]


@dataclass(frozen=True)
class Round:
    phases: tuple[Phase, ...]
    anytime: frozenset[str] = field(default_factory=frozenset)  # allowed in every phase
    #: Where the flow dict lives in the game's state.
    flow_of: Callable[[dict], dict] = _flow

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
            raise ActionError(NOT_YOUR_TURN, field="type")

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


    # -- the round as data: entering, ending, moving on --------------------------------
    def enter(self, state: dict, phase_id: str, new_round: bool = False) -> None:
        """Begin phase `phase_id`: its turn order, its first turn, its `on_enter`."""
        flow, phase = self.flow_of(state), self.phase_named(phase_id)
        if new_round:
            flow["round"] += 1
        flow["phase"] = phase.id
        if "passed" in flow or phase.turns:  # a flow kept in a game's own state may have no passes
            flow["passed"] = []
        if phase.order is not None:
            flow["order"] = list(phase.order(state))
        flow["turn"] = 0 if phase.turns and flow["order"] else None
        if phase.on_enter is not None:
            phase.on_enter(state)

    def is_over(self, state: dict) -> bool:
        flow = self.flow_of(state)
        phase = self.current(flow)
        if phase.ends_when is not None:
            return bool(phase.ends_when(state))
        return phase.turns and flow["turn"] is None

    def following(self, state: dict) -> tuple[str, bool]:
        """The phase after the current one, and whether it begins a new round."""
        phase = self.current(self.flow_of(state))
        if phase.next is not None:
            target = phase.next(state) if callable(phase.next) else phase.next
            ids = [p.id for p in self.phases]
            return target, ids.index(target) <= ids.index(phase.id)
        index = [p.id for p in self.phases].index(phase.id) + 1
        if index == len(self.phases):
            return self.phases[0].id, True
        return self.phases[index].id, False

    def settle(self, state: dict) -> None:
        """Move on through every phase that is over (after each action). A
        round whose phases all end at once stops after one full lap, so a
        mistaken `ends_when` can't loop forever."""
        for _ in range(len(self.phases) + 1):
            if not self.is_over(state):
                return
            ending = self.current(self.flow_of(state))
            target, new_round = self.following(state)
            if ending.on_exit is not None:
                ending.on_exit(state)
                if self.flow_of(state)["phase"] not in (ending.id, target):
                    return  # the game went elsewhere (it is over)
            self.enter(state, target, new_round)

    def end_turn(self, state: dict, who: str | None, passes: bool = False) -> None:
        """`who` ends their turn (refused when it isn't theirs); `passes`: and
        is out of this phase. The turn goes to the next seat still in; once
        every seat is out, the phase settles."""
        flow = self.flow_of(state)
        self.require_turn(flow, who)
        if passes:
            pass_phase(flow, who)
        self.pass_turn(state)
        self.settle(state)

    def pass_turn(self, state: dict) -> str | None:
        """The turn to the next seat still in that the phase's `skips` does not pass over."""
        phase = self.current(self.flow_of(state))
        return next_turn(self.flow_of(state), None if phase.skips is None else lambda who: phase.skips(state, who))


def clockwise_from(seating: list, first: object, clockwise: bool = True) -> list:
    """The seating starting from `first`, going round one way or the other."""
    order = list(seating) if clockwise else list(reversed(seating))
    if first in order:
        at = order.index(first)
        order = order[at:] + order[:at]
    return order


def by_value(ids: list, value: Callable[[object], object], highest_first: bool = False) -> list:
    """Ids ordered by a number each has (initiative: lowest first; a ranking).
    Ties keep the given order (a stable sort, either way round), so a game
    breaks them by listing ids in its tie order."""
    return sorted(ids, key=value, reverse=highest_first)


def whose_turn(flow: dict) -> str | None:
    if flow.get("turn") is None or not flow["order"]:
        return None
    return flow["order"][flow["turn"]]


def next_turn(flow: dict, skip: Callable[[str], bool] | None = None) -> str | None:
    """Pass the turn to the next seat in order that has not passed (and that
    `skip`, if given, does not pass over); None (and no turn) once no seat
    is left to take one."""
    order, out = flow["order"], set(flow["passed"])
    index = flow["turn"] if flow["turn"] is not None else -1
    for step in range(1, len(order) + 1):
        candidate = (index + step) % len(order)
        if order[candidate] not in out and (skip is None or not skip(order[candidate])):
            flow["turn"] = candidate
            return order[candidate]
    flow["turn"] = None
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
