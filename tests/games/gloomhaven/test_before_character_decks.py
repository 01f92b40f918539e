"""A scenario exported before the characters' modifier decks were kept
(a character's typed attack, a monster's curse on a character, a round's
end) still imports and replays: each character gets the class's standard
deck, the curse the monster gave lands in its target's deck, and the table
plays on with the app drawing from it."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

from companion.games.gloomhaven import modifiers
from companion.games.gloomhaven.rules import RULES
from companion.games.gloomhaven.state import SCHEMA
from companion.rules import Action, Seat

EXPORT = Path(__file__).parent / "exports" / "before_character_decks.json"


def test_an_export_from_before_the_decks_imports_replays_and_plays_on(store):
    export = json.loads(EXPORT.read_text())
    assert all("deck" not in who for who in export["state"]["characters"].values())
    table = store.import_table(export)
    state = store.state(table.token)[1]
    assert store.replayed_state(table.token) == state
    # Everything the old state held is the same; the characters have decks now.
    for seat, who in export["state"]["characters"].items():
        now = dict(state["characters"][seat])
        assert now.pop("deck_from") == "class" and modifiers.count_of(now.pop("deck"), "+0") == 6
        assert now == who
    assert modifiers.count_of(state["characters"]["s1"]["deck"], "curse") == 1  # the monster's curse
    # and the state its schema number (it had none).
    assert state.pop("schema") == SCHEMA
    assert {key: value for key, value in state.items() if key not in ("characters", "attacks")} == \
        {key: value for key, value in export["state"].items() if key not in ("characters", "attacks")}
    store.act(table.token, "s1", "initiative.choose", {"initiative": 10, "second": 40})
    store.act(table.token, "s2", "initiative.choose", {"initiative": 60, "second": 20})
    standee = store.state(table.token)[1]["standees"][0]["id"]
    store.act(table.token, "s1", "character.attack", {"standee": standee, "base": 2})
    after = store.state(table.token)[1]
    assert modifiers.pile_size(after["characters"]["s1"]["deck"]) == 21 - len(after["attacks"][0]["drawn"])
    assert store.replayed_state(table.token) == after


def test_an_export_with_the_decks_from_before_the_round_on_the_kit_replays_to_its_state(store):
    """Made by the commit before the scenario's round was declared on the kit's
    Round: an app-drawn ×2 reshuffled at the round's end, a monster's curse, a bless."""
    export = json.loads((EXPORT.parent / "with_character_decks.json").read_text())
    table = store.import_table(export)
    # The state as it was, with the schema number it did not carry yet.
    upgraded = {**export["state"], "schema": SCHEMA}
    assert store.state(table.token)[1] == upgraded
    assert store.replayed_state(table.token) == upgraded
    store.act(table.token, "s1", "initiative.choose", {"initiative": 10, "second": 40})
    store.act(table.token, "s2", "initiative.choose", {"initiative": 60, "second": 20})
    assert store.state(table.token)[1]["phase"] == "playing"
    assert store.replayed_state(table.token) == store.state(table.token)[1]


def test_a_table_stored_before_the_schema_number_opens_with_decks_and_is_upgraded_by_its_next_action():
    """A table kept in the database before the characters' decks: reading it
    shows each character the class's standard deck without changing what is
    stored; its next action stores it in the current schema."""
    stored = json.loads(EXPORT.read_text())["state"]
    kept = copy.deepcopy(stored)
    seats = {"s1": Seat("s1", "Ann", "player"), "s2": Seat("s2", "Bo", "player")}
    shown = RULES.seat_view(stored, seats["s1"], seats)
    assert shown["shown"]["my_deck"]["from"] == "class" and "initiative.choose" in shown["now"]["open"]
    assert stored == kept
    after, _ = RULES.perform(stored, Action("initiative.choose", {"initiative": 10, "second": 40}, "s1"), seats,
                             random.Random(1))
    assert after["schema"] == SCHEMA and all(who["deck_from"] == "class" for who in after["characters"].values())
    RULES.check_state(after)
