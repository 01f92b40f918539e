"""What a group entered at one table of The Others, offered to its next
tables: the pages get `the_others_remembered(token)`, the numbers entered at
the newest other table of this game (dice sides, monsters, heroes, and the
mission targets when the story is the same)."""

from __future__ import annotations

import json

from flask import Blueprint

blueprint = Blueprint("the_others", __name__)
GAME = "the-others"


def remembered(token: str) -> str | None:
    """The facts as the JSON the set-up form sends back, or None."""
    from companion.web.security import store

    current = store().table(token)
    if current is None:
        return None
    _, here = store().state(token)
    for table in store().tables():
        if table.game != GAME or table.token == token:
            continue
        _, state = store().state(table.token)
        facts = state.get("facts", {})
        copied = {"sin_die": facts.get("dice", {}).get("sin"), "hero_die": facts.get("dice", {}).get("hero"),
                  "monsters": facts.get("monsters") or None, "heroes": facts.get("heroes") or None}
        if state.get("options", {}).get("story") == here.get("options", {}).get("story"):
            copied["targets"] = facts.get("targets") or None
        copied = {key: value for key, value in copied.items() if value}
        if copied:
            return json.dumps(copied, separators=(",", ":"), sort_keys=True)
    return None


@blueprint.app_context_processor
def offer_remembered_facts() -> dict:
    return {"the_others_remembered": remembered}
