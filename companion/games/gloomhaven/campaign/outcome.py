"""A scenario's end on the campaign: its result (from a linked `gloomhaven`
scenario table, or entered by hand) becomes the scenario's rewards and
unlocks at once, and one line per character that its player confirms."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.gloomhaven.campaign import data, dues, town, tree
from companion.kit.actions import Act
from companion.kit.fields import FormMap, Int
from companion.rules import N_, ActionError

OUTCOMES = ("success", "failure")


def level_row(level: int) -> dict:
    return next(row for row in data.fact("scenario_level_table") if row["level"] == level)


LINE_FIELDS = ("experience", "coins", "checkmarks")
FROM_SCENARIO_TABLE = N_("From the scenario table: %(xp)d experience, %(gold)d gold, %(checks)d checkmarks")


@dataclass(frozen=True)
class EnteredLines(FormMap):
    """Each character's line of a scenario played on paper: JSON
    {character: {"experience", "coins", "checkmarks"}}, or form fields
    "characters.<character>.<experience|coins|checkmarks>" (blank: 0)."""

    missing = N_("List each character's experience, coins and checkmarks.")

    def parse(self, raw: object) -> dict:
        raw = super().parse(raw)
        if not isinstance(raw, dict) or not 0 < len(raw) <= 20:
            raise ActionError(self.missing, field=self.name)
        lines = {}
        for who, got in raw.items():
            if not isinstance(got, dict) or set(got) - set(LINE_FIELDS):
                raise ActionError(self.missing, field=self.name)
            lines[who] = {key: self._number(got.get(key, 0)) for key in LINE_FIELDS}
        return lines

    def _number(self, value: object) -> int:
        if value in ("", None):
            return 0
        try:
            return Int(self.name, min=0, max=999).parse(value)
        except ActionError:
            raise ActionError(N_("Experience, coins and checkmarks are whole numbers from 0 to 999."),
                              field=self.name) from None


def entered_lines(state: dict, payload: dict) -> dict:
    """Lines from a hand-entered end (EnteredLines): experience with the
    bonus on success, coins turned into gold at the scenario's level."""
    row, success = level_row(payload["level"]), payload["outcome"] == "success"
    lines = {}
    for cid, got in payload["characters"].items():
        if cid not in state["characters"] or state["characters"][cid]["retired"]:
            raise ActionError(N_("No such character."), field="characters")
        gained, coins, checks = (got[key] for key in LINE_FIELDS)
        bonus = row["bonus_experience"] if success else 0
        gold, each = coins * row["gold_per_coin"], row["gold_per_coin"]
        lines[cid] = {"experience": gained + bonus, "gold": gold, "checkmarks": checks if success else 0,
                      "working": [[N_("Experience %(total)d = %(gained)d gained + %(bonus)d bonus"),
                                   {"total": gained + bonus, "gained": gained, "bonus": bonus}],
                                  [N_("Gold %(gold)d = %(coins)d coins × %(each)d (scenario level %(level)d)"),
                                   {"gold": gold, "coins": coins, "each": each, "level": payload["level"]}]]}
    return lines


def _match(state: dict, entry: dict) -> str | None:
    active = [c for c in state["characters"].values() if not c["retired"]]
    for key in ("character", "seat", "class", "name"):
        wanted = entry.get(key)
        if wanted is None:
            continue
        field = "id" if key == "character" else key
        found = [c["id"] for c in active if c[field] == wanted]
        if len(found) == 1:
            return found[0]
    return None


def reported_lines(state: dict, result: dict) -> dict:
    """Lines from a scenario table's result: "characters" (a list) or the
    scenario table's "summary" (seat → line); experience as "experience" or "xp"."""
    entries = result.get("characters")
    if entries is None and isinstance(result.get("summary"), dict):
        entries = list(result["summary"].values())
    if not isinstance(entries, list):
        raise ActionError(N_("The result lists no characters."), field="result")
    lines = {}
    for entry in entries:
        cid = _match(state, entry) if isinstance(entry, dict) else None
        if cid is None:
            raise ActionError(N_("The result names a character the campaign does not know."), field="result")
        numbers = [entry.get("experience", entry.get("xp", 0)), entry.get("gold", 0), entry.get("checkmarks", 0)]
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 9999 for n in numbers):
            raise ActionError(N_("The result's numbers are not whole numbers."), field="result")
        lines[cid] = {"experience": numbers[0], "gold": numbers[1], "checkmarks": numbers[2],
                      "working": [[FROM_SCENARIO_TABLE,
                                   {"xp": numbers[0], "gold": numbers[1], "checks": numbers[2]}]]}
    return lines


def scenario_of(state: dict, number: object) -> int:
    if not isinstance(number, int) or isinstance(number, bool) or number not in {s["number"] for s in data.scenarios()}:
        raise ActionError(N_("No such scenario."), field="scenario")
    status, _reason = tree.status(number, state)
    if status != "available":
        raise ActionError(N_("That scenario is not available."), field="scenario")
    return number


def finish(state: dict, number: int, outcome: str, lines: dict) -> None:
    """Record the end of scenario `number`: rewards at once on success, a line per character to confirm."""
    rewards = tree.rewards(number) if outcome == "success" else {}
    for cid, line in lines.items():
        extra_xp, extra_gold = rewards.get("experience_each", 0), rewards.get("gold_each", 0)
        if extra_xp or extra_gold:
            line["experience"] += extra_xp
            line["gold"] += extra_gold
            line["working"].append([N_("Scenario reward: %(xp)d experience and %(gold)d gold each"),
                                    {"xp": extra_xp, "gold": extra_gold}])
        if rewards.get("battle_goal_checkmarks"):
            line["checkmarks"] += rewards["battle_goal_checkmarks"]
            line["working"].append([N_("Scenario reward: %(n)d checkmarks each"),
                                    {"n": rewards["battle_goal_checkmarks"]}])
        line.update(scenario=number, outcome=outcome)
        state["pending"].setdefault(cid, []).append(line)
        state["characters"][cid]["blessings"] = 0
    state["visit"] += 1
    state["party"]["location"] = data.scenario(number)["name"]
    if outcome == "success":
        complete(state, number, rewards)


def complete(state: dict, number: int, rewards: dict) -> None:
    state["completed"].append(number)
    for opened in data.scenario(number)["unlocks"]:
        if opened not in state["unlocked"]:
            state["unlocked"].append(opened)
    state["prosperity"] = max(0, state["prosperity"] + rewards.get("prosperity", 0))
    state["party"]["reputation"] = town.clamp_reputation(state["party"]["reputation"] + rewards.get("reputation", 0))
    for gained in rewards.get("global_achievements", ()):
        town.add_global(state, gained)
    party = state["party"]["achievements"]
    for gained in rewards.get("party_achievements", ()):
        town.add_party(state, gained)
    for lost in rewards.get("party_achievements_lost", ()):
        if lost in party:
            party.remove(lost)
    state["designs"].extend(d for d in rewards.get("item_designs", ()) if d not in state["designs"])
    state["events_added"].extend(rewards.get("events", ()))
    if rewards.get("unlock_class"):
        town.unlock_class(state, rewards["unlock_class"])
    state["envelopes"].extend(e for e in rewards.get("envelopes", ()) if e not in state["envelopes"])
    dues.from_rewards(state, number, rewards)


def confirm(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    who = town.character(state, payload, seat)
    lines = state["pending"].pop(who["id"], None)
    if not lines:
        raise ActionError(N_("Nothing to confirm for that character."), field="character")
    for line in lines:
        who["experience"] += line["experience"]
        who["gold"] += line["gold"]
        who["checkmarks"] += line["checkmarks"]
        if line.get("outcome") == "success":  # personal quests count the scenarios a character completed
            who.setdefault("scenarios_won", []).append(line["scenario"])
