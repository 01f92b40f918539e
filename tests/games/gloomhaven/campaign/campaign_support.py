"""A campaign table in a store with two seated players, and a stand-in scenario
table type, for the campaign tests."""

from __future__ import annotations

import pytest

from companion.games.gloomhaven.campaign.rules import RULES
from companion.kit.fields import ActionSpec, Choice, Int
from companion.rules import Action, ActionError, Rules
from companion.store import Store
from tests import harness


def new_campaign(tmp_path, party: str = "Lanterns"):
    store = Store(tmp_path / "companion.sqlite3")
    token = store.create_table("gloomhaven-campaign", "Campaign", {"party": party}).token
    ann, _ = store.join(token, "Ann", "player")
    bo, _ = store.join(token, "Bo", "player")
    return store, token, ann.id, bo.id


def with_two_characters(tmp_path):
    store, token, ann, bo = new_campaign(tmp_path)
    store.act(token, ann, "character.create", {"class": "brute", "name": "Grok", "level": 1})
    store.act(token, bo, "character.create", {"class": "tinkerer", "name": "Tink", "level": 1})
    return store, token, ann, bo


def state(store, token) -> dict:
    return store.state(token)[1]


def result(outcome="success", scenario=None, **per_class) -> dict:
    """A scenario table's result: per class (experience, gold, checkmarks)."""
    found = {"outcome": outcome, "characters": [
        {"class": klass, "experience": xp, "gold": gold, "checkmarks": checks} for klass,
            (xp, gold, checks) in per_class.items()]}
    if scenario is not None:
        found["scenario"] = scenario
    return found


def note_line(act) -> None:
    act.state["lines"][act.seat.name] = {key: act[key] for key in ("experience", "gold", "checkmarks")}


def end_scenario(act) -> None:
    act.state["outcome"] = act["outcome"]


class StandInScenario(Rules):
    id = "gloomhaven"

    def initial_state(self, options):
        return {"options": options, "lines": {}, "outcome": None}

    def actions(self):
        return [ActionSpec("line", "", (Int("experience"), Int("gold"), Int("checkmarks")), effect=note_line),
                ActionSpec("end", "", (Choice("outcome", choices=("success", "failure")),), effect=end_scenario)]

    def result(self, state):
        if state["outcome"] is None:
            return None
        by_name = {c["seat"]: c for c in state["options"]["characters"]}
        return {"outcome": state["outcome"], "scenario": state["options"]["scenario"], "characters": [
            {"class": character["class"], **state["lines"].get(name, {})}
            for name, character in zip(("Ann", "Bo"), by_name.values())]}


def fulfil_quest(store, token, seat) -> None:
    """The seat's kept personal quest reached, goal by goal: noted by hand,
    or for a goal the sheet counts, the sheet brought up to it (the host
    adds gold or checkmarks; the player gains items of the slots)."""
    from companion.games.gloomhaven import data
    now = store.state(token)[1]
    who = next(c for c in now["characters"].values() if c["seat"] == seat and not c["retired"])
    goals = next(q for q in data.personal_quests() if q["id"] == now["secrets"][seat]["quest"])["goals"]
    for index, goal in enumerate(goals):
        kind, values = (goal.get("tracks") or {}).get("kind"), (goal.get("tracks") or {}).get("values") or ()
        if kind in ("gold_held", "battle_goals"):
            field = "gold" if kind == "gold_held" else "checkmarks"
            store.act(token, None, "character.adjust", {"character": who["id"], "field": field, "delta": goal["count"]})
        elif kind == "item":
            for item in values:
                store.act(token, seat, "item.gain", {"item": item})
        elif kind == "items_of_slot":
            held = sum(1 for n in who["items"] if data.item(n)["slot"] in values)
            missing = [i["id"] for i in data.items() if i["slot"] in values and i["id"] not in who["items"]]
            for item in missing[:goal["count"] - held]:
                store.act(token, seat, "item.gain", {"item": item})
        else:
            store.act(token, seat, "quest.progress", {"goal": index, "progress": goal["count"]})


def refused(store, token, seat, type, payload) -> ActionError:
    """The refusal of an action that must change nothing."""
    before = store.state(token)
    with pytest.raises(ActionError) as error:
        store.act(token, seat, type, payload)
    assert store.state(token) == before
    return error.value


class CampaignTable(harness.Table):
    """A campaign driven through its rules alone, as the store does
    (tests/harness.Table), for tests that need a given draw."""

    def __init__(self, party: str = "Lanterns", seats=(("Ann", "player"),)):
        super().__init__(RULES, {"party": party}, seats)

    def act_drawn(self, seat: str | None, type: str, drawn: dict, **payload) -> dict:
        """An action whose draws are `drawn` (logged under their keys), as if the server had drawn them."""
        typed = self.rules.typed(Action(type, payload, seat))
        self.state, action = self.rules.perform(self.state, Action(type, {**typed.payload, **drawn}, seat),
                                                self.seats, self._random(typed))
        self.rules.check_state(self.state)
        self.log.append({**action.to_dict(), "undone": False, "drew": True})
        return self.state


def quest_table(quest_id: int, seat: str = "s1") -> CampaignTable:
    """A campaign whose one character (Ann's Brute, c1) was dealt `quest_id` and 515, and kept `quest_id`."""
    table = CampaignTable()
    table.act_drawn(seat, "character.create", {"quests": sorted([quest_id, 515])}, **{"class": "brute", "name": "Grok"})
    table.act(seat, "quest.keep", quest=quest_id)
    return table
