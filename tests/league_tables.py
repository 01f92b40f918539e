"""Two small linked table types for the tests of linked tables: a "league"
(the parent) offers its next "match" (the child); a match is won by the
first seat whose Goals counter reaches 3, and the league takes the result
back as one more win for that player (its Wins counter) and one more match
played (its Matches track). Both are tallies, so their pages are the
tally's."""

from __future__ import annotations

import pytest

from companion import games
from companion.games.tally.rules import TallyRules
from companion.kit import counters
from companion.kit.actions import Act
from companion.kit.fields import ActionSpec, Json, Text
from companion.rules import N_, ActionError, ChildOffer

GOALS_TO_WIN = 3


class MatchRules(TallyRules):
    id = "match"

    def initial_state(self, options: dict) -> dict:
        return {**super().initial_state({"tracks": "", "counters": "Goals 0..9"}), "names": {}}

    def on_seat_joined(self, state, seat):
        state["names"][seat.id] = seat.name
        return super().on_seat_joined(state, seat)

    def result(self, state: dict) -> dict | None:
        for seat_id, values in state["values"].items():
            if values["c1"] >= GOALS_TO_WIN:
                return {"winner": state["names"][seat_id]}
        return None


def take_result(act: Act) -> None:
    """One more match played, one more win for its winner."""
    result = act["result"]
    winner = result.get("winner") if isinstance(result, dict) else None
    seat_id = next((seat.id for seat in act.seats.values() if seat.name == winner), None)
    if seat_id is None:
        raise ActionError("No such player.", field="result")
    act.state["tracks"][0]["value"] += 1
    counters.adjust(act.state["counters"], act.state["values"], seat_id, "c1", 1)


class LeagueRules(TallyRules):
    id = "league"
    result_action = "league.result"

    def initial_state(self, options: dict) -> dict:
        return super().initial_state({"tracks": "Matches 0..99", "counters": "Wins 0..99"})

    def actions(self) -> list[ActionSpec]:
        return [*super().actions(),
                ActionSpec("league.result", "A match's result.", (Text("child"), Text("offer"), Json("result")),
                           effect=take_result)]

    def child_offers(self, state, seats):
        number = state["tracks"][0]["value"] + 1
        return [ChildOffer(f"match-{number}", N_("Start match %(number)d"), "match", f"Match {number}",
                           options={}, seat_roles={seat_id: "player" for seat_id in seats},
                           label_params={"number": number})]

    def describe(self, action, seats, state):
        if action.type == "league.result":
            return "%(winner)s won %(offer)s", {"winner": action.payload["result"]["winner"],
                                                "offer": action.payload["offer"]}
        return super().describe(action, seats, state)


def register(monkeypatch: pytest.MonkeyPatch) -> str:
    """Registers the league and match table types; returns the league's id."""
    for rules in (LeagueRules(), MatchRules()):
        monkeypatch.setitem(games.table_types(), rules.id, rules)
    return LeagueRules.id


@pytest.fixture
def league(monkeypatch) -> str:
    return register(monkeypatch)
