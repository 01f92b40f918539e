"""Template helpers for the Chaos pages: names in the reader's language
(workings are the kit's, worked in view.py). No routes of its own; the
platform hands the hooks its `Platform` (companion/web/hookspecs.py)."""

from __future__ import annotations

from companion.games.chaos import data
from companion.games.chaos.names import END_REASONS, REWARD_NAMES, name_of


def template_globals(platform) -> dict:
    def chaos_name(key: str) -> str:
        return platform.text(name_of(key))

    def chaos_reward(reward: dict | None) -> str:
        if not reward:
            return ""
        return platform.text(REWARD_NAMES[reward["kind"]]) % {"amount": reward.get("amount", 1)}

    def chaos_reason(reason: str) -> str:
        """Why the game ended, in the reader's language."""
        return platform.text(END_REASONS[reason])

    def chaos_sums(numbers: dict) -> str:
        """"Khorne 3, Nurgle 2": a number per god (or region), names in the reader's language."""
        return ", ".join(f"{chaos_name(key)} {value}" for key, value in numbers.items())

    return {"chaos_name": chaos_name, "chaos_reward": chaos_reward, "chaos_reason": chaos_reason,
            "chaos_sums": chaos_sums,
            # Each god's chaos card ids, for correcting a card printed differently on the group's copy.
            "chaos_card_ids": {god: list(cards) for god, cards in data.chaos_cards().items()}}


def template_filters(platform) -> dict:
    return {"chaos_name": template_globals(platform)["chaos_name"]}
