"""The templates read only the view (issue 22): the name lists they show
come as `view.labels`, and a card's text comes with the card (a sin card's
moment and effect, an apocalypse card's effect for the story's deck)."""

from __future__ import annotations

import re
from pathlib import Path

from companion.games.the_others import names
from companion.games.the_others.rules import RULES
from the_others_support import started

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "games" / "the_others"


def test_no_template_of_the_others_looks_anything_up_in_the_rules():
    templates = sorted(TEMPLATES.glob("*.html"))
    assert templates
    assert [path.name for path in templates if re.search(r"\brules\.", path.read_text())] == []


def test_the_view_hands_the_templates_the_name_lists_they_show():
    shown = RULES.view(started().state, None)
    assert shown["labels"]["MONSTERS"] == names.MONSTERS and shown["labels"]["TASKS"] == names.TASKS
    assert shown["labels"]["TOKENS"]["fire"] == "Fire"


def test_a_sin_card_in_the_hand_comes_with_when_it_is_played_and_what_it_does():
    table = started()
    shown = RULES.view(table.state, table.seats["sin"])
    hand = table.state["secrets"]["sin"]["hand"]
    for card_id in hand:
        card = shown["printed"]["sin_cards"][card_id]
        assert card["when"] == names.TIMINGS.get(card["timing"], card["timing"])
        assert card["text"] == names.SIN_CARD_TEXTS.get(card_id, "")
    assert any(shown["printed"]["sin_cards"][card_id]["text"] for card_id in hand)


def test_an_apocalypse_card_in_play_reads_as_its_storys_deck_has_it():
    texts = {}
    for story in ("havens_last_stand", "the_darkness_within"):  # a terror story, a corruption story
        table = started(story=story)
        with table.arranged() as state:
            state["apocalypse"]["cards"].append("marguerite_unleashed")
        texts[story] = RULES.view(table.state, None)["printed"]["apocalypse_card_texts"]["marguerite_unleashed"]
    assert texts == {"havens_last_stand": names.APOCALYPSE_CARD_TEXTS["terror:marguerite_unleashed"],
                     "the_darkness_within": names.APOCALYPSE_CARD_TEXTS["corruption:marguerite_unleashed"]}
    assert texts["havens_last_stand"] != texts["the_darkness_within"]
