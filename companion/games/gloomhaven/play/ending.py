"""The end of the scenario (rulebook, "Completing a scenario", p. 33):
success or failure; each character keeps the experience gained (plus the
bonus experience on success) and the gold of their coins (coins × gold per
coin, after a failure too); battle-goal checkmarks only on success. Each
player confirms the summary; the campaign takes it over from there."""

from __future__ import annotations

from companion.games.gloomhaven import catalog
from companion.games.gloomhaven.play import common
from companion.kit.actions import Act
from companion.rules import N_, ActionError

OUTCOMES = ("success", "failure")


def finish(state: dict, outcome: str) -> None:
    values = state["values"]
    bonus = values["bonus_experience"]["value"] if outcome == "success" else 0
    gold_per_coin = values["gold_per_coin"]["value"]
    summary = {}
    for seat, who in state["characters"].items():
        summary[seat] = {"character": who.get("campaign_id"), "name": who["name"], "class": who["class"],
                         "xp": who["xp"] + bonus,
                         "xp_working": [[N_("%(gained)d gained + %(bonus)d bonus"),
                                         {"gained": who["xp"], "bonus": bonus}]],
                         "gold": who["coins"] * gold_per_coin,
                         "gold_working": [[N_("%(coins)d coins × %(each)d gold"),
                                           {"coins": who["coins"], "each": gold_per_coin}]],
                         "goal": None, "checkmarks": 0}
    state["result"] = {"outcome": outcome, "summary": summary, "confirmed": []}
    state.update(phase="ended", order=[], turn=None, walk=[], walk_at=0, chosen=[])
    for secrets in state["secrets"].values():
        secrets.pop("choice", None)


def end_scenario(act: Act) -> None:
    state = act.state
    outcome = common.choice(act.payload, "outcome", OUTCOMES)
    finish(state, outcome)
    common.news(state, [N_("Scenario won.") if outcome == "success" else N_("Scenario lost."), {}])


def _goal(goal_id: str) -> dict:
    return next(g for g in catalog.battle_goals() if str(g["id"]) == goal_id)


def mark_battle_goal(act: Act) -> None:
    """At the end: say whether the kept goal was met (shown to all from now on)."""
    state = act.state
    goals = (state["secrets"].get(act.seat_id) or {}).get("battle_goals")
    line = state["result"]["summary"].get(act.seat_id)
    if not goals or line is None:
        raise ActionError(N_("You have no battle goals."), field="done")
    if goals["kept"] is None:
        raise ActionError(N_("You kept no battle goal."), field="done")
    done = common.flag(act.payload, "done")
    goal = _goal(goals["kept"])
    goals["done"] = done
    line["goal"] = {"id": goals["kept"], "name": goal["name"], "done": done}
    line["checkmarks"] = goal["checkmarks"] if done and state["result"]["outcome"] == "success" else 0


def confirm(act: Act) -> None:
    state = act.state
    if act.seat_id not in state["result"]["summary"]:
        raise ActionError(N_("Only a player with a character confirms."), field="type")
    if act.seat_id in state["result"]["confirmed"]:
        raise ActionError(N_("You have already confirmed."), field="type")
    state["result"]["confirmed"].append(act.seat_id)
