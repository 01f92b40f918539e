"""Turn order with every tie rule and summons; standee numbers and placement."""

import random

from companion.games.gloomhaven.initiative import standee_order, turn_order
from companion.games.gloomhaven.standees import draw_numbers, placements


def ids(turns):
    return [t["id"] for t in turns]


def test_the_seeds_example_archer_32_bones_45_brute_61_scoundrel_86():
    turns = turn_order([{"id": "brute", "initiative": 61, "second": 15},
                        {"id": "scoundrel", "initiative": 86, "second": 10}],
                       [{"id": "living-bones", "initiative": 45}, {"id": "bandit-archer", "initiative": 32}])
    assert ids(turns) == ["bandit-archer", "living-bones", "brute", "scoundrel"]


def test_a_character_tied_with_a_monster_goes_first():
    turns = turn_order([{"id": "brute", "initiative": 30, "second": 80}], [{"id": "guard", "initiative": 30}])
    assert ids(turns) == ["brute", "guard"]


def test_tied_characters_compare_their_other_card():
    turns = turn_order([{"id": "a", "initiative": 20, "second": 70}, {"id": "b", "initiative": 20, "second": 40}], [])
    assert ids(turns) == ["b", "a"] and not any(t["players_choose"] for t in turns)


def test_characters_tied_on_both_cards_are_left_to_the_players():
    turns = turn_order([{"id": "a", "initiative": 20, "second": 40}, {"id": "b", "initiative": 20, "second": 40}], [])
    assert ids(turns) == ["a", "b"] and turns[0]["players_choose"]


def test_a_long_rest_counts_as_99_and_still_goes_before_a_monster_on_99():
    turns = turn_order([{"id": "a", "long_rest": True}, {"id": "b", "initiative": 98, "second": 5}],
                       [{"id": "boss", "initiative": 99}])
    assert ids(turns) == ["b", "a", "boss"] and turns[1]["initiative"] == 99


def test_summons_act_just_before_their_summoner_in_summoning_order_but_not_in_their_first_round():
    summons = [{"id": "wolf", "owner": "a", "summoned_round": 1}, {"id": "bear", "owner": "a", "summoned_round": 2},
               {"id": "drone", "owner": "a", "summoned_round": 3}]
    turns = turn_order([{"id": "a", "initiative": 50, "second": 5}], [{"id": "guard", "initiative": 10}],
                       summons, round_number=3)
    assert ids(turns) == ["guard", "wolf", "bear", "a"]


def test_elites_act_before_normals_then_by_ascending_number():
    standees = [{"number": 1, "rank": "normal"}, {"number": 4, "rank": "elite"},
                {"number": 2, "rank": "elite"}, {"number": 3, "rank": "normal"}]
    assert [s["number"] for s in standee_order(standees)] == [2, 4, 1, 3]


def test_a_monster_summoned_this_round_does_not_act():
    standees = [{"number": 1, "rank": "normal", "summoned_round": 2}, {"number": 2, "rank": "normal"}]
    assert [s["number"] for s in standee_order(standees, round_number=2)] == [2]


ROOM = {"standees": {"2": {"guard": {"normal": 1}},
                     "3": {"guard": {"normal": 1, "elite": 1}},
                     "4": {"guard": {"elite": 2}, "archer": {"normal": 1}}}}


def test_a_room_places_its_standees_for_the_number_of_characters():
    assert placements(ROOM, 2) == [{"monster": "guard", "rank": "normal"}]
    assert [p["rank"] for p in placements(ROOM, 3)] == ["elite", "normal"]
    assert len(placements(ROOM, 4)) == 3
    assert placements(ROOM, 1) == placements(ROOM, 2)


def test_standee_numbers_are_drawn_from_the_free_numbers_only():
    taken = [{"monster": "guard", "number": n} for n in (1, 2, 4)]
    for seed in range(20):
        placed, missing = draw_numbers([{"monster": "guard", "rank": "normal"}] * 2, taken,
                                       {"guard": 6}, random.Random(seed))
        numbers = [p["number"] for p in placed]
        assert set(numbers) <= {3, 5, 6} and len(set(numbers)) == 2 and not missing


def test_numbers_are_random_not_in_order():
    seen = {draw_numbers([{"monster": "guard", "rank": "normal"}], [], {"guard": 6},
                         random.Random(seed))[0][0]["number"]
            for seed in range(30)}
    assert len(seen) > 2


def test_when_a_type_runs_out_the_rest_are_reported_missing():
    placed, missing = draw_numbers([{"monster": "guard", "rank": "elite"}] * 3,
                                   [{"monster": "guard", "number": 1}], {"guard": 3}, random.Random(0))
    assert len(placed) == 2 and missing == [{"monster": "guard", "rank": "elite"}]
