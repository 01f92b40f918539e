"""Fair randomness: the draws an action gets depend on the table's secret seed
and on how many draws of that action type the table has kept, not on when
someone asked. Undoing a roll and rolling again gives the same dice; a card
undone goes back where it was and is drawn again. Nobody can re-roll by undo."""

from __future__ import annotations

import hashlib
import random
import secrets


def new_seed() -> str:
    return secrets.token_hex(32)


class ActionRandom(random.Random):
    """The random stream of one action; `used` says whether it drew at all
    (only actions that drew move their type's stream on)."""

    def __init__(self, seed: str, stream: str):
        digest = hashlib.sha256(f"{seed}\n{stream}".encode()).digest()
        super().__init__(int.from_bytes(digest, "big"))
        self.used = False

    def random(self) -> float:
        self.used = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.used = True
        return super().getrandbits(k)


def stream_name(action_type: str, kept_draws: int, seat: str | None = None) -> str:
    """The stream of the next draw of `action_type` after `kept_draws` kept ones.

    `seat`: the action's draws are secret to the seat that makes them (a
    hand dealt, a quest offered). Such a stream is the seat's own, counted
    over that seat's kept draws alone: otherwise a seat could draw, look,
    undo, and know what the next seat's same action will draw from the same
    pile. Public draws (dice everyone sees) keep one stream per type, so an
    undone roll can't be re-rolled from another phone."""
    if seat is None:
        return f"{action_type}#{kept_draws}"
    return f"{action_type}@{seat}#{kept_draws}"
