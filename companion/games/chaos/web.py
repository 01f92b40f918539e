"""Template helpers for the Chaos pages: names in the reader's language
(workings are the kit's, worked in view.py). No routes of its own."""

from __future__ import annotations

from flask import Blueprint

from companion.games.chaos.names import END_REASONS, REWARD_NAMES, name_of
from companion.web.i18n import text as gettext

blueprint = Blueprint("chaos", __name__)


@blueprint.app_template_filter("chaos_name")
@blueprint.app_template_global("chaos_name")
def chaos_name(key: str) -> str:
    return gettext(name_of(key))


@blueprint.app_template_global("chaos_reward")
def chaos_reward(reward: dict | None) -> str:
    if not reward:
        return ""
    return gettext(REWARD_NAMES[reward["kind"]]) % {"amount": reward.get("amount", 1)}


@blueprint.app_template_global("chaos_reason")
def chaos_reason(reason: str) -> str:
    """Why the game ended, in the reader's language."""
    return gettext(END_REASONS[reason])


@blueprint.app_template_global("chaos_sums")
def chaos_sums(numbers: dict) -> str:
    """"Khorne 3, Nurgle 2": a number per god (or region), names in the reader's language."""
    return ", ".join(f"{chaos_name(key)} {value}" for key, value in numbers.items())
