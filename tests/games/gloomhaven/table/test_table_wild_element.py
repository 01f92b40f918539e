"""A monster card that consumes an element of the players' choice (the
Earth Demon's "consume any element: infuse earth"): on its turn the table
offers each element it could take, once; after the players choose, it
offers the element the card infuses, once."""

from __future__ import annotations

from companion.games.gloomhaven import data
from companion.games.gloomhaven.view import present
from table_support import started, turns_html, walk_to_turn

WILD_CARD = next(i for i, card in enumerate(data.decks()["earth-demon"]["cards"])
                 if any(a["kind"] == "consume" and a["element"] == "wild" for a in card["actions"]))


def earth_demons_turn():
    """Ann infuses fire on her turn and places an Earth Demon by hand, whose
    card is the one with the wild element; walked to its turn."""
    table = started()
    table.act("s1", "initiative.choose", initiative=5, second=50)
    table.act("s2", "initiative.choose", initiative=6, second=60)
    table.act("s1", "element.infuse", element="fire")
    table.act("s1", "standee.add", monster="earth-demon", rank="normal")
    return walk_to_turn(table, "earth-demon", WILD_CARD)


def wild(table) -> dict:
    return present(table.state, "s1")["acting"]["wild"]


def test_the_players_choose_the_element_once_and_then_the_card_infuses_its_own():
    table = earth_demons_turn()
    assert wild(table) == {"taken": [], "elements": ["fire"], "infuses": []}
    table.act("s2", "element.consume", element="fire")
    assert wild(table) == {"taken": ["fire"], "elements": [], "infuses": ["earth"]}
    table.act("s2", "element.infuse", element="earth")
    assert wild(table)["infuses"] == [] and table.state["elements"]["infusing"] == ["earth"]
    table.act("s1", "turn.next")  # strong at the end of its turn (and waning if the round ends with it)
    assert table.state["elements"]["strength"]["earth"] != "inert"


def test_a_card_without_a_wild_element_offers_no_choice():
    table = started()
    table.act("s1", "initiative.choose", initiative=90, second=50)
    table.act("s2", "initiative.choose", initiative=91, second=60)
    acting = present(table.state, "s1")["acting"]
    assert acting is None or acting["wild"] is None


def test_the_turn_offers_the_choice_as_buttons(tmp_path):
    table = earth_demons_turn()
    html = turns_html(table, tmp_path)
    assert 'value="element.consume"' in html and "Consume Fire" in html
    table.act("s2", "element.consume", element="fire")
    html = turns_html(table, tmp_path)
    assert "Consume Fire" not in html and 'value="element.infuse"' in html and "Then it infuses Earth" in html
