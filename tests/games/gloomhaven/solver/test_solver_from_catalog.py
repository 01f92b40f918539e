"""`from_resolved`: the solver's card from a monster ability card as the
Gloomhaven catalog resolves it for a standee's rank (what the table sends)."""

from companion.games.gloomhaven import abilities, catalog
from companion.games.gloomhaven.solver import solve
from companion.games.gloomhaven.solver.card import from_resolved, parse_card
from gloomhaven_maps import character, monster, scenario

STATS = {"normal": {"move": 2, "attack": 3, "range": 0}, "elite": {"move": 3, "attack": 4, "range": 0}}


def resolved(deck: str, number: int, stats=STATS) -> list:
    card = next(c for c in catalog.deck(deck)["cards"] if c["number"] == number)
    return abilities.resolve_card(card, stats)["actions"]


def test_guard_move_and_ranged_attack():
    card = from_resolved(resolved("guard", 526), "elite")
    assert [(a["kind"], a["value"]) for a in card] == [("move", 2), ("attack", 4)]
    assert card[1]["range"] == 2 and card[0]["source"]["kind"] == "move"


def test_a_consumed_element_becomes_a_bonus():
    card = from_resolved(resolved("living-spirit", 587), "normal")
    attack = card[1]
    assert attack["consume"] == [{"element": "ice", "conditions": ["stun"]}]


def test_heal_in_range_and_heal_self():
    move, heal = from_resolved(resolved("cultist", 611), "normal")
    assert heal == {"kind": "heal", "value": 3, "range": 3, "source": heal["source"]}
    assert from_resolved(resolved("cultist", 608), "normal")[2]["range"] == 0


def test_summons_and_text_pass_through():
    card = from_resolved(resolved("cultist", 609), "normal")
    assert card[0]["kind"] == "summon" and card[0]["monster"] == "living-bones"
    assert card[1]["kind"] == "text" and card[1]["source"]["kind"] == "suffer_damage"


def test_every_card_of_the_catalog_converts_and_is_worked_out():
    figures = [monster("m", (4, 4)), monster("n", (4, 5), damage=2), character("a", (4, 1), 10),
               character("b", (1, 2), 20)]
    count = 0
    for monster_id in catalog.monster_ids():
        deck = catalog.deck(catalog.monster(monster_id)["deck"])
        for printed in deck["cards"]:
            actions = abilities.resolve_card(printed, STATS)["actions"]
            card = from_resolved(actions, "normal")
            assert len(parse_card(card)) >= len(actions) or any(a["kind"] == "consume" for a in actions)
            data = scenario(figures)
            data["action"] = {"movement": "normal"}
            data["card"] = card
            data["elements"] = ["fire", "ice", "air", "earth", "light", "dark"]
            result = solve(data)
            assert result["options"], (monster_id, printed.get("number"))
            # Every printed ability is in every option, in order (a consume may give several).
            for option in result["options"]:
                assert len(option["steps"]) == len(card)
            count += 1
    assert count > 400
