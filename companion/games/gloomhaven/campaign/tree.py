"""The campaign's scenario tree: which scenarios are locked, available,
blocked (with the reason) or completed, and what completing one gives."""

from __future__ import annotations

from companion.games.gloomhaven.campaign import data
from companion.games.gloomhaven.campaign.names import achievement
from companion.games.gloomhaven.names import NameOf
from companion.rules import N_


def _option_problem(option: dict, globals_held: dict, party_held: list) -> NameOf | None:
    for needed in option.get("global", ()):
        if globals_held.get(needed, 0) < option.get("min_count", {}).get(needed, 1):
            return achievement(needed)
    for needed in option.get("party", ()):
        if needed not in party_held:
            return achievement(needed)
    return None


def _option_blocker(option: dict, globals_held: dict, party_held: list) -> NameOf | None:
    for absent in option.get("global_absent", ()):
        if globals_held.get(absent, 0):
            return achievement(absent)
    for absent in option.get("party_absent", ()):
        if absent in party_held:
            return achievement(absent)
    return None


def requirement_problem(scenario: dict, globals_held: dict, party_held: list) -> tuple[str, dict] | None:
    """Why the requirements are not met (msgid, params), or None if one option is."""
    options = scenario["requirements"] or [{}]
    first = None
    for option in options:
        blocker = _option_blocker(option, globals_held, party_held)
        missing = _option_problem(option, globals_held, party_held)
        if blocker is None and missing is None:
            return None
        reason = ((N_("Blocked: %(achievement)s is held."), {"achievement": blocker}) if blocker
                  else (N_("Needs %(achievement)s."), {"achievement": missing}))
        first = first or reason
    return first


def status(number: int, campaign: dict) -> tuple[str, tuple[str, dict] | None]:
    """("completed"|"available"|"blocked"|"locked", reason or None)."""
    if number in campaign["completed"]:
        return "completed", None
    if number not in campaign["unlocked"]:
        return "locked", None
    closer = next((done for done in campaign["completed"] if number in data.scenario(done)["blocks"]), None)
    if closer is not None:
        return "blocked", (N_("Closed by scenario %(number)d."), {"number": closer})
    problem = requirement_problem(data.scenario(number), campaign["global_achievements"],
                                  campaign["party"]["achievements"])
    return ("blocked", problem) if problem else ("available", None)


def overview(campaign: dict) -> list[dict]:
    """Every unlocked or completed scenario with its status and reason."""
    rows = []
    for number in sorted(set(campaign["unlocked"]) | set(campaign["completed"])):
        state, reason = status(number, campaign)
        rows.append({"number": number, "name": data.scenario(number)["name"], "status": state, "reason": reason})
    return rows


def rewards(number: int) -> dict:
    return data.scenario(number).get("rewards") or {}
