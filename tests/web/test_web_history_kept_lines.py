"""The live pages' history lines of one table version are worked out once
for every phone that may read the same details of the step, and never handed
to a phone that may read other details (history.describe's `keep`)."""

from __future__ import annotations

from types import SimpleNamespace

from companion.rules import Seat
from companion.store import LogEntry
from companion.web import history

ANN, BO, CY = Seat("s1", "Ann", "player"), Seat("s2", "Bo", "player"), Seat("s3", "Cy", "player")
SEATS = {seat.id: seat for seat in (ANN, BO, CY)}


class SecretRules:
    """A game whose step names a card only its player may read."""

    def __init__(self):
        self.described = 0

    def redact(self, action, viewer):
        return action.payload if viewer is not None and viewer.id == action.seat else {}

    def describe(self, action, seats, state):
        self.described += 1
        return ("drew %(card)s", {"card": action.payload["card"]}) if "card" in action.payload else ("drew a card", {})


def test_phones_that_read_the_same_details_share_one_line_and_the_player_keeps_its_own(app):
    rules = SecretRules()
    table = SimpleNamespace(token="T", rules=rules)
    entry = LogEntry(7, "card.draw", {"card": "the Ace"}, "s1", 0.0, False)
    kept: dict = {}

    def keep(key, work):
        if key not in kept:
            kept[key] = work()
        return kept[key]

    with app.test_request_context("/"):
        # Another phone first: the player's own line is not the one it was given.
        lines = {seat.id: history.describe(table, entry, SEATS, {}, seat, keep=keep) for seat in (BO, CY, ANN)}
        lines["display"] = history.describe(table, entry, SEATS, {}, None, keep=keep)
    assert lines["s1"].text == "drew the Ace"
    assert {lines[name].text for name in ("s2", "s3", "display")} == {"drew a card"}
    assert rules.described == 2  # once for those who may read the card, once for the others
