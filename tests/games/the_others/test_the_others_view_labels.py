"""The templates read only the view (issue 22): the name lists they show
come as `view.labels`, and a card's text comes with the card (a sin card's
moment and effect, an apocalypse card's effect for the story's deck, the
two apocalypse cards the SIN chooses between)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from companion.games.the_others import names
from companion.games.the_others.rules import RULES
from test_the_others_worked_pages import app, region  # noqa: F401 (the fixture)
from the_others_support import full_round, started

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


# -- the apocalypse cards the SIN chooses between (issue 22: cards that read, a one-tap step asked once) --
def an_offer():
    """Round 1 ended: the apocalypse track at level 1, two apocalypse cards offered to the SIN."""
    table = started()
    table.act("ann", "round.first_hero", hero="rose")
    full_round(table)
    table.act(None, "round.end")
    assert len(table.state["secrets"]["sin"]["offer"]) == 2
    return table


def test_the_sin_sees_what_each_offered_apocalypse_card_does_and_the_heroes_see_neither():
    table = an_offer()
    offer = table.state["secrets"]["sin"]["offer"]
    texts = RULES.view(table.state, table.seats["sin"])["printed"]["apocalypse_card_texts"]
    assert set(offer) <= set(texts) and all(texts[card] for card in offer)
    for seat in ("ann", None):  # a hero's phone, the display
        shown = RULES.view(table.state, table.seats[seat] if seat else None)["printed"]["apocalypse_card_texts"]
        assert not set(offer) & set(shown)


def test_each_offered_apocalypse_card_reads_as_a_card_and_keeping_it_asks_first(app):
    table = an_offer()
    offer = table.state["secrets"]["sin"]["offer"]
    page = html.unescape(region(app, table, "sin", "now"))
    shown = RULES.view(table.state, table.seats["sin"])["printed"]
    for card in offer:
        block = page[page.index(f'id="apocalypse-offer-{card}"'):]
        block = block[:block.index("</li>")]
        name = shown["card_names"][card]
        assert name in block and shown["apocalypse_card_texts"][card] in block
        assert f'data-confirm="Keep {name} face up? The other card goes to the bottom of the deck."' in block
        assert f'name="card" value="{card}"' in block
    assert "apocalypse-offer" not in region(app, table, "ann", "now")
    japanese = region(app, table, "sin", "now", "ja")
    assert "The other card goes to the bottom" not in japanese and "デッキの一番下" in japanese


def test_every_phone_says_the_sin_is_keeping_an_apocalypse_card_until_it_has():
    table = an_offer()
    for seat in ("sin", "ann", None):
        shown = RULES.view(table.state, table.seats[seat] if seat else None)
        assert shown["waiting"][0] == "The SIN keeps an apocalypse card; the heroes choose who goes first."
    table.act("sin", "apocalypse.keep", card=table.state["secrets"]["sin"]["offer"][0])
    assert RULES.view(table.state, None)["waiting"][0] == "The heroes choose who goes first."
