"""What the table waits for now, for the card at the top of each phone.

A game's view gives each seat `now(line, you, open_actions)`: the sentence
that says what the table is waiting for (an English msgid and its params),
whether it waits for this seat, and the actions open to this seat now
(`Rules.open_actions`). The game's "now" region (listed first in its
`regions`) shows it with the kit macro `now_card` (templates/kit/now.html)
and puts the forms of those actions inside, so whoever's turn it is reaches
every action of that turn without scrolling past other panels."""

from __future__ import annotations


def now(message: str, params: dict | None = None, *, you: bool = False, open_actions: dict | None = None) -> dict:
    return {"line": [message, dict(params or {})], "you": you, "open": dict(open_actions or {})}
