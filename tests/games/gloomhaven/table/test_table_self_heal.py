"""A monster whose card says "Heal 2, self" is healed with one tap on its
turn: the acting standee offers it, and the heal follows the rules (poison
takes it, the maximum caps it)."""

from __future__ import annotations

from companion.games.gloomhaven import data
from companion.games.gloomhaven.view import present
from table_support import form_of, placed_monster_turn, started, turns_html, walk_to_turn

HEAL_CARD = next(i for i, card in enumerate(data.decks()["living-bones"]["cards"])
                 if [a["kind"] for a in card["actions"]] == ["move", "attack", "heal"])


def living_bones_turn():
    """Scenario 1; a Living Bones placed by hand draws the card with "Heal 2, self"; walked to its turn."""
    return placed_monster_turn("living-bones", HEAL_CARD, 90)


def test_the_acting_standee_offers_its_cards_self_heal_and_the_heal_follows_the_rules():
    table = living_bones_turn()
    acting = present(table.state, "s1")["acting"]
    assert acting["heals_itself"] == 2
    def bones():
        return next(s for s in table.state["standees"] if s["id"] == acting["id"])
    table.act("s1", "standee.adjust", standee=acting["id"], delta=-3)
    table.act("s1", "standee.adjust", standee=acting["id"], delta=acting["heals_itself"])
    assert bones()["hp"] == bones()["max_hp"] - 1
    table.act("s1", "standee.adjust", standee=acting["id"], delta=acting["heals_itself"])
    assert bones()["hp"] == bones()["max_hp"]

def test_a_card_without_a_self_heal_offers_none():
    table = started()
    table.act("s1", "initiative.choose", initiative=90, second=50)
    table.act("s2", "initiative.choose", initiative=91, second=60)
    acting = present(table.state, "s1")["acting"]
    if acting is not None:  # the guards' cards heal nobody
        assert acting["heals_itself"] == 0


def test_the_turn_shows_a_heal_itself_button_sending_the_heal(tmp_path):
    table = living_bones_turn()
    html = turns_html(table, tmp_path)
    form = form_of(html, "standee.adjust")
    assert 'name="delta" value="2"' in form and "It heals itself 2" in form


SUN_CARD = next(i for i, card in enumerate(data.decks()["sun-demon"]["cards"]) if card["number"] == 656)


def sun_demons_turn(light: bool, count: int = 1):
    """Scenario 1; Ann infuses light on her turn (or not), sun demons are
    placed by hand, and turns are walked to theirs with card 656: "Move +0,
    Attack +1 · consume light: Heal 3, self"."""
    table = started()
    table.act("s1", "initiative.choose", initiative=5, second=50)
    table.act("s2", "initiative.choose", initiative=6, second=60)
    if light:
        table.act("s1", "element.infuse", element="light")
    for _ in range(count):
        table.act("s1", "standee.add", monster="sun-demon", rank="normal")
    return walk_to_turn(table, "sun-demon", SUN_CARD)


def test_a_heal_the_consumed_element_gives_is_the_one_tap_self_heal():
    table = sun_demons_turn(light=True)
    assert table.state["elements"]["strength"]["light"] == "inert"
    acting = present(table.state, "s1")["acting"]
    assert acting["heals_itself"] == 3
    table.act("s1", "standee.adjust", standee=acting["id"], delta=-4)
    table.act("s1", "standee.adjust", standee=acting["id"], delta=acting["heals_itself"])
    demon = next(s for s in table.state["standees"] if s["id"] == acting["id"])
    assert demon["hp"] == demon["max_hp"] - 1


def test_without_the_element_or_for_the_next_of_its_type_there_is_no_self_heal():
    assert present(sun_demons_turn(light=False).state, "s1")["acting"]["heals_itself"] == 0
    table = sun_demons_turn(light=True, count=2)
    table.act("s1", "turn.next")  # the first demon consumed the light; the second finds it gone
    assert present(table.state, "s1")["acting"]["heals_itself"] == 0

