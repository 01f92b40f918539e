"""A character's summon as the acting figure: the monster rules with the
sides swapped (monsters are its enemies), its own stats on the card
"Move +0, Attack +0", and its attack modifiers drawn from its summoner's deck.

Maps are the 9 x 9 rhombus of `gloomhaven_maps.rhombus`; the acting summon is "m".
"""

from companion.games.gloomhaven.solver import solve
from companion.games.gloomhaven.solver.card import summon_card
from gloomhaven_maps import character, monster, outcomes, scenario


def summon(fid, hex, summoner="ann", initiative=30):
    return dict(id=fid, side="summon", hex=list(hex), initiative=initiative, summoner=summoner)


def with_card(figures, card, **extra):
    data = scenario(figures, **extra)
    data["action"] = {"movement": data["action"]["movement"]}
    data["card"] = card
    return data


def test_it_focuses_on_monsters_and_attacks_its_focus():
    figures = [summon("m", (4, 4)), character("ann", (4, 5), 30), monster("guard", (4, 2), initiative=40)]
    result = solve(scenario(figures, move=2))
    assert result["focus"] == ["guard"]
    assert outcomes(result) == {((4, 3), ("guard",))}


def test_characters_are_its_allies_it_walks_through_them_and_never_attacks_them():
    # Ann stands in the way of the shortest path; it passes her.
    figures = [summon("m", (4, 4)), character("ann", (4, 3), 30), monster("guard", (4, 0), initiative=40)]
    result = solve(scenario(figures, move=3))
    assert outcomes(result) == {((4, 1), ("guard",))}
    assert [4, 3] in result["options"][0]["path"]


def test_monsters_block_its_way():
    walls_of_monsters = [monster("x%d" % i, h, initiative=90) for i, h in enumerate([(3, 4), (5, 3), (3, 5), (5, 4)])]
    figures = [summon("m", (4, 4)), character("ann", (0, 0), 30), monster("guard", (4, 1), initiative=40)]
    figures += walls_of_monsters
    result = solve(scenario(figures, move=3))
    # The four monsters around it are enemies it can attack without moving;
    # it never steps through them.
    for option in result["options"]:
        assert all(tuple(h) not in {(3, 4), (5, 3), (3, 5), (5, 4)} for h in option["path"][1:])


def test_it_moves_toward_its_focus_even_when_it_cannot_reach_it():
    figures = [summon("m", (4, 8)), character("ann", (0, 0), 30), monster("guard", (4, 0), initiative=40)]
    result = solve(scenario(figures, move=2))
    assert result["focus"] == ["guard"]
    assert outcomes(result) == {((4, 6), ())}


def test_it_stands_still_only_with_no_valid_focus():
    figures = [summon("m", (4, 4)), character("ann", (0, 0), 30), monster("guard", (4, 0), invisible=True)]
    result = solve(scenario(figures, move=2))
    assert result["focus"] == []
    assert outcomes(result) == {((4, 4), ())}


def test_lower_monster_initiative_breaks_a_tie():
    figures = [summon("m", (4, 4)), character("ann", (0, 0), 30),
               monster("late", (4, 2), initiative=70), monster("early", (6, 2), initiative=20)]
    assert solve(scenario(figures, move=1))["focus"] == ["early"]
    figures[2] = monster("late", (4, 2))
    figures[3] = monster("early", (6, 2))
    assert sorted(solve(scenario(figures, move=1))["focus"]) == ["early", "late"]


def test_its_card_draws_from_its_summoners_deck():
    figures = [summon("m", (4, 4)), character("ann", (0, 0), 30), monster("guard", (4, 2), initiative=40)]
    result = solve(with_card(figures, summon_card(move=2, attack=3)))
    option, = result["options"]
    attack = [s for s in option["steps"] if s["kind"] == "attack"][0]
    assert attack["deck"] == "ann" and attack["draws"] == 1 and attack["value"] == 3
    assert option["destination"] == [4, 3] and option["attacks"] == ["guard"]


def test_a_ranged_summon_keeps_its_distance():
    figures = [summon("m", (4, 3)), character("ann", (0, 0), 30), monster("guard", (4, 2), initiative=40)]
    options = solve(with_card(figures, summon_card(move=2, attack=2, reach=3)))["options"]
    assert len(options) > 1  # the steps away that tie are the players' choice
    for option in options:
        attack = [s for s in option["steps"] if s["kind"] == "attack"][0]
        assert attack["targets"] == [{"id": "guard", "disadvantage": False}]
        assert option["destination"] != [4, 3]
        assert "destination" in option["differs"]
