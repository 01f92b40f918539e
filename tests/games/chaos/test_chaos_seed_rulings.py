"""Concrete rulings of the seed (003, Chaos in the Old World) that no other
test pins, each played through the table type's rules as the store runs them."""

import pytest

from chaos_play import act, phase_of, started, to_summoning, turn_of
from companion.rules import ActionError

TOKENS = {"norsca": "peasant", "troll_country": "peasant", "kislev": "peasant", "the_empire": "noble",
          "bretonnia": "warpstone", "estalia": "noble", "tilea": "warpstone", "the_border_princes": "warpstone",
          "the_badlands": "peasant"}


def summoned(*moves):
    """Summoning with (god, unit, region) in turn order; every god then passes."""
    state = to_summoning(started(tokens=TOKENS))
    for god, unit, region in moves:
        while turn_of(state) != god:
            state = act(state, "summoning.pass", god=turn_of(state))
        state = act(state, "summon", {"unit": unit, "region": region}, god=god)
    while phase_of(state) == "summoning":
        state = act(state, "summoning.pass", god=turn_of(state))
    return state


def test_a_figure_killed_earlier_in_the_regions_battle_still_rolls_for_its_god_and_both_leave_at_the_end():
    # Seed, 战斗阶段: figures laid down by an earlier god's normal hits still give
    # their dice when their god rolls; every laid-down figure leaves once all
    # gods in the region have fought.
    state = summoned(("khorne", "warrior", "kislev"), ("nurgle", "warrior", "kislev"))
    state = act(state, "battle.roll", {"faces": "5 1"}, god="khorne")
    state = act(state, "battle.assign", {"kill.nurgle.warrior": "1"}, god="khorne")
    assert turn_of(state) == "nurgle" and state["board"]["kislev"].get("nurgle")  # laid down, still there
    state = act(state, "battle.roll", {"faces": "4"}, god="nurgle")
    assert state["battle"]["roll"]["dice"] == 1  # the laid-down warrior's die
    state = act(state, "battle.assign", {"kill.khorne.warrior": "1"}, god="nurgle")
    assert phase_of(state) == "corruption"
    assert "khorne" not in state["board"]["kislev"] and "nurgle" not in state["board"]["kislev"]


def test_khorne_killing_two_figures_in_one_region_earns_one_dial_token():
    # Seed, 威胁轮盘 恐虐: one token each time he kills one or more other gods'
    # figures in the same region: per region, not per kill.
    state = summoned(("khorne", "warrior", "kislev"), ("nurgle", "cultist", "kislev"),
                     ("khorne", "warrior", "kislev"), ("nurgle", "cultist", "kislev"))
    state = act(state, "battle.roll", {"faces": "5 5 1 1"}, god="khorne")
    state = act(state, "battle.assign", {"kill.nurgle.cultist": "2"}, god="khorne")
    assert state["gods"]["khorne"]["dial_tokens"] == 1
    assert "nurgle" not in state["board"]["kislev"]


def test_a_chaos_card_costing_0_is_still_the_gods_one_action():
    # Seed, 招唤阶段: even at a cost of 0, playing a card is one action.
    state = to_summoning(started(tokens=TOKENS))
    state = act(state, "card.play", {"name": "Free", "cost": 0, "domination": 1, "region": "tilea", "slot": 1},
                god="khorne")
    assert turn_of(state) == "nurgle" and state["gods"]["khorne"]["power"] == 7


def test_the_only_figure_of_a_region_may_be_moved_to_a_neighbour_and_pays_its_cost():
    # Seed, 招唤仆从: a god may move (summon) the only figure it has in a region
    # to a neighbouring region although none of its figures is left beside it;
    # a figure already on the map is chosen and paid for like one from the pool.
    state = summoned(("khorne", "cultist", "kislev"))
    state = to_summoning_again(state)
    with pytest.raises(ActionError) as refused:
        act(state, "summon", {"unit": "cultist", "region": "norsca", "moved_from": "kislev"}, god="khorne")
    assert refused.value.field == "region"  # Norsca borders no region holding his figure
    power = state["gods"]["khorne"]["power"]
    state = act(state, "summon", {"unit": "cultist", "region": "the_empire", "moved_from": "kislev"}, god="khorne")
    assert state["board"]["the_empire"]["khorne"] == {"cultist": 1} and "khorne" not in state["board"].get("kislev", {})
    assert state["gods"]["khorne"]["power"] == power - 1


def to_summoning_again(state):
    """From the corruption phase to the next round's summoning phase."""
    state = act(state, "corruption.resolve")
    state = act(state, "end.score")
    return to_summoning(state)


def test_a_hero_asks_only_the_highest_threat_god_and_spares_the_others_figures_there():
    # Seed, 结束阶段 ②: "由此刻在该地区上拥有最大威胁值的势力玩家选择自己的一个棋子
    # 移出版图", with the note "如该玩家在此地区内并无棋子，则此时结算失效". The
    # note only makes sense if the god is the highest threat overall: when that
    # god has no figure in the region nothing happens, and the hero does not
    # pass on to the highest-threat god that has figures there.
    state = summoned(("khorne", "cultist", "kislev"), ("nurgle", "cultist", "kislev"))
    state = act(state, "region.set", {"region": "kislev", "field": "heroes", "value": 1})
    state = act(state, "corruption.resolve")  # Slaanesh, threat 4, is the highest; none of hers in Kislev
    assert state["report"]["end"]["hero_god"] == "slaanesh"
    assert state["pending"] == [] and state["report"]["end"]["heroes"] == {"kislev": 0}
    state = act(state, "end.score")
    assert state["board"]["kislev"]["khorne"] == {"cultist": 1} and state["board"]["kislev"]["nurgle"] == {"cultist": 1}


def test_the_seeds_first_strike_example_a_wound_adds_to_the_same_sources_normal_hits():
    # Seed, 战斗阶段 (比如某些浑沌卡会要求投掷数枚先攻战斗骰): first-strike hits
    # too few to kill stay on the target, and the same source's normal hits
    # later add to them. Slaanesh's warrior has defense 2: 1 first-strike hit
    # from Khorne, then 1 normal hit from Khorne, kills it.
    state = summoned(("khorne", "warrior", "kislev"), ("slaanesh", "warrior", "kislev"))
    state = act(state, "battle.roll", {"first_strike": True, "dice": "1", "faces": "5"}, god="khorne")
    state = act(state, "battle.assign", {"assignments": [{"owner": "slaanesh", "unit": "warrior", "hits": 1}]},
                god="khorne")
    assert state["board"]["kislev"]["slaanesh"] == {"warrior": 1}  # wounded, not killed
    state = act(state, "battle.roll", {"faces": "4 1"}, god="khorne")
    state = act(state, "battle.assign", {"assignments": [{"owner": "slaanesh", "unit": "warrior", "hits": 1}]},
                god="khorne")
    assert state["battle"]["fallen"] == [{"owner": "slaanesh", "unit": "warrior", "by": "khorne"}]
