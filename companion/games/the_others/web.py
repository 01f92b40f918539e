"""What a group entered at one table of The Others, offered to its next
tables: the pages get `the_others_remembered(token)`, the numbers entered at
the newest other table of this game (dice sides, monsters, heroes, and the
mission targets when the story is the same). Read through the `Platform`
the app hands the hook (companion/web/hookspecs.py)."""

from __future__ import annotations

import json

GAME = "the-others"


def remembered(platform, token: str) -> str | None:
    """The facts as the JSON the set-up form sends back, or None."""
    here = platform.state(token)
    if here is None:
        return None
    for other in platform.tables(GAME):
        if other == token:
            continue
        state = platform.state(other)
        facts = state.get("facts", {})
        copied = {"sin_die": facts.get("dice", {}).get("sin"), "hero_die": facts.get("dice", {}).get("hero"),
                  "monsters": facts.get("monsters") or None, "heroes": facts.get("heroes") or None}
        if state.get("options", {}).get("story") == here.get("options", {}).get("story"):
            copied["targets"] = facts.get("targets") or None
        copied = {key: value for key, value in copied.items() if value}
        if copied:
            return json.dumps(copied, separators=(",", ":"), sort_keys=True)
    return None


def template_globals(platform) -> dict:
    return {"the_others_remembered": lambda token: remembered(platform, token)}
