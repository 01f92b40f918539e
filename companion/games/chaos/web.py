"""Template helpers for the Chaos pages: names and "show the working" lines
in the reader's language. No routes of its own."""

from __future__ import annotations

from flask import Blueprint

from companion.games.chaos.names import END_REASONS, REWARD_NAMES, name_of
from companion.rules import ActionError, Msg
from companion.web.i18n import text as gettext

blueprint = Blueprint("chaos", __name__)
#: Parameters that hold an id to be shown by its translated name.
NAMED_PARAMS = ("god", "unit", "upgrade")


@blueprint.app_template_filter("chaos_name")
@blueprint.app_template_global("chaos_name")
def chaos_name(key: str) -> str:
    return gettext(name_of(key))


@blueprint.app_template_global("chaos_line")
def chaos_line(entry: dict) -> str:
    """One working line, translated, ids shown by their translated names
    (formatted as any message with params is: ActionError.text)."""
    params = {key: Msg(name_of(value)) if key in NAMED_PARAMS else value for key, value in entry["params"].items()}
    return ActionError(entry["msg"], **params).text(gettext)


@blueprint.app_template_global("chaos_reward")
def chaos_reward(reward: dict | None) -> str:
    if not reward:
        return ""
    return gettext(REWARD_NAMES[reward["kind"]]) % {"amount": reward.get("amount", 1)}


@blueprint.app_template_global("chaos_reason")
def chaos_reason(reason: str) -> str:
    """Why the game ended, in the reader's language."""
    return gettext(END_REASONS[reason])
