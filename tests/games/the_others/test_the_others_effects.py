"""Effects the app applies: sin cards when played, sin powers, apocalypse
cards, dark pasts and the story's round-end tasks (the rest is done at the
table and the page says so)."""

from __future__ import annotations

from companion.games.the_others import cards
from companion.games.the_others.rules import RULES
from companion.games.the_others.view import sin_card
from companion.kit import deck as decks
from the_others_support import (
    first_round_ended,
    full_round,
    in_turns,
    keep_all_offers,
    refused,
    round_where_thorley_dies,
    started,
)


def give(table, card_id):
    """Put a card of the SIN's deck into the SIN's hand (as a draw would)."""
    deck = cards.sin_deck(table.state)
    if card_id not in cards.hand(table.state):
        decks.remove(deck, card_id)
        cards.hand(table.state).append(card_id)
        with table.arranged() as state:
            state["sin"]["hand_count"] += 1


def board(table, *names):
    for name in names or ("Start", "Main Street"):
        table.act(None, "space.add", name=name)
    for seat, hero in (("ann", "rose"), ("bob", "thorley"), ("cy", "rocco")):
        table.act(seat, "hero.move", hero=hero, to="s1", teleport=True)
    return table


def play(table, card_id, **payload):
    give(table, card_id)
    return table.act("sin", "sin.play_card", card=card_id, **payload)


def reactions(table):
    return table.state["sin"]["reaction_tokens"]


# -- sin cards ------------------------------------------------------------------------------
def test_sleep_dust_gives_the_sin_two_reaction_tokens():
    table = in_turns(sin="sloth")
    table.act("ann", "turn.start", hero="rose")
    before = reactions(table)
    play(table, "sleep_dust")
    assert reactions(table) == before + 2


def test_slouching_towards_bethlehem_gives_the_current_hero_two_corruption():
    table = in_turns(sin="sloth")
    table.act("ann", "turn.start", hero="rose")
    play(table, "slouching_towards_bethlehem")
    assert table.state["heroes"]["rose"]["corruption"] == 3


def test_punish_the_idle_makes_leaving_abominations_cost_two_wounds_until_round_end():
    table = board(in_turns(sin="sloth"))
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=1)
    table.act("ann", "turn.start", hero="rose")
    play(table, "punish_the_idle")
    table.act("ann", "hero.move", hero="rose", to="s2")
    assert table.state["heroes"]["rose"]["pending_wounds"] == 2
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=0)
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=1)
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    table.act("ann", "hero.move", hero="rose", to="s2", extra_move=True)
    assert table.state["heroes"]["rose"]["pending_wounds"] == 3  # no abomination: 1


def test_alone_in_the_dark_corrupts_a_lone_hero_and_gives_a_reaction_token():
    table = board(in_turns())
    table.act("ann", "turn.start", hero="rose")
    before = reactions(table)
    play(table, "alone_in_the_dark")  # Thorley and Rocco share her space
    assert table.state["heroes"]["rose"]["corruption"] == 1 and reactions(table) == before
    table.act("ann", "turn.end")
    table.act("bob", "hero.move", hero="thorley", to="s2", teleport=True)
    table.act("bob", "turn.start", hero="thorley")
    play(table, "alone_in_the_dark")
    assert table.state["heroes"]["thorley"]["corruption"] == 2 and reactions(table) == before + 1


def test_alone_in_the_dark_takes_the_sins_word_where_the_space_is_not_tracked():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    play(table, "alone_in_the_dark", isolated=True)
    assert table.state["heroes"]["rose"]["corruption"] == 2


def test_grisly_appetite_wounds_every_other_hero_holding_an_extra_turn_token():
    table = in_turns(sin="gluttony")
    with table.arranged() as state:
        state["heroes"]["thorley"]["extra_turns"] = 1
        state["heroes"]["rose"]["extra_turns"] = 1
    table.act("ann", "turn.start", hero="rose", use_extra=False)
    play(table, "grisly_appetite")
    assert table.state["heroes"]["thorley"]["pending_wounds"] == 1
    assert table.state["heroes"]["rose"]["pending_wounds"] == 0
    assert table.state["heroes"]["rocco"]["pending_wounds"] == 0


def test_grim_voracity_gives_an_upgrade_and_an_extra_turn_and_gluttony_feeds_on_both():
    table = in_turns(sin="gluttony")
    table.act("ann", "turn.start", hero="rose")
    upgrade = table.state["inventory"][0]
    give(table, "grim_voracity")
    before, hand = reactions(table), table.state["sin"]["hand_count"]
    assert refused(table, "sin", "sin.play_card", card="grim_voracity").field == "upgrade"
    table.act("sin", "sin.play_card", card="grim_voracity", upgrade=upgrade)
    rose = table.state["heroes"]["rose"]
    assert upgrade in rose["upgrades"] and rose["extra_turns"] == 1
    assert len(table.state["inventory"]) == 5  # refilled from the deck
    assert reactions(table) == before + 1  # the power: an extra-turn token gained
    assert table.state["sin"]["hand_count"] == hand - 1 + 1  # played, and 1 drawn by the power
    shown = RULES.redact(table.log[-1], table.seats["ann"])
    assert shown["drawn"] == 1  # the heroes see how many, not which


def test_feeding_from_selfishness_gives_a_card_and_a_token_per_upgrade_held():
    table = in_turns(sin="greed")
    with table.arranged() as state:
        state["heroes"]["rose"]["upgrades"] = ["brutality", "riot_shield"]
    table.act("ann", "turn.start", hero="rose")
    give(table, "feeding_from_selfishness")
    before, hand = reactions(table), table.state["sin"]["hand_count"]
    table.act("sin", "sin.play_card", card="feeding_from_selfishness")
    assert reactions(table) == before + 2 and table.state["sin"]["hand_count"] == hand - 1 + 2


def test_lure_of_power_gives_two_tokens_and_an_extra_turn_to_the_hero_the_sin_names():
    table = in_turns(sin="envy")
    table.act("ann", "turn.start", hero="rose")
    before = reactions(table)
    give(table, "lure_of_power")
    assert refused(table, "sin", "sin.play_card", card="lure_of_power").field == "hero"
    table.act("sin", "sin.play_card", card="lure_of_power", hero="rocco")
    assert reactions(table) == before + 2 and table.state["heroes"]["rocco"]["extra_turns"] == 1


def test_mind_games_corrupts_every_hero_in_the_space():
    table = board(in_turns(sin="lust"))
    table.act("cy", "hero.move", hero="rocco", to="s2", teleport=True)
    table.act("ann", "turn.start", hero="rose")
    play(table, "mind_games")
    assert [table.state["heroes"][h]["corruption"] for h in ("rose", "thorley", "rocco")] == [3, 3, 1]


def test_a_card_played_by_hand_is_only_shown():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    before = {h: dict(table.state["heroes"][h]) for h in table.state["order"]}
    play(table, "evil_regroups")
    assert {h: table.state["heroes"][h] for h in table.state["order"]} == before
    assert sin_card(table.state, "evil_regroups")["hint"] == "table"
    assert sin_card(table.state, "alone_in_the_dark")["hint"] == "applied"
    assert RULES.view(table.state, table.seats["sin"])["printed"]["sin_cards"]["evil_regroups"]["hint"] == "table"


def fight_with(table, sin_roll):
    table.act("ann", "fight.start", monsters={"acolyte": 1}, entered={"hero": "defense defense", "sin": sin_roll})
    table.act("ann", "fight.resolve", assigned=[0])


def test_for_our_master_draws_two_only_if_the_fight_harms_the_hero():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    give(table, "for_our_master")
    hand = table.state["sin"]["hand_count"]
    play(table, "for_our_master")
    fight_with(table, "blank blank")
    assert table.state["sin"]["hand_count"] == hand - 1  # played, nothing drawn
    table.act("ann", "turn.end")
    table.act("sin", "reaction.end")
    table.act("bob", "turn.start", hero="thorley")
    give(table, "for_our_master")
    hand = table.state["sin"]["hand_count"]
    play(table, "for_our_master")
    table.act("bob", "fight.start", monsters={"acolyte": 1},
              entered={"hero": "defense defense", "sin": "corruption blank"})
    table.act("bob", "fight.resolve", assigned=[0])
    assert table.state["heroes"]["thorley"]["corruption"] == 2
    assert table.state["sin"]["hand_count"] == hand - 1 + 2


# -- sin powers -----------------------------------------------------------------------------
def test_lust_corrupts_both_heroes_when_a_hero_ends_a_turn_with_exactly_one_other():
    table = board(in_turns(sin="lust"))
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")  # three heroes in the space: no effect
    assert table.state["heroes"]["rose"]["corruption"] == 1
    table.act("sin", "reaction.end")
    table.act("cy", "hero.move", hero="rocco", to="s2", teleport=True)
    table.act("bob", "turn.start", hero="thorley")
    table.act("bob", "turn.end")
    assert [table.state["heroes"][h]["corruption"] for h in ("rose", "thorley", "rocco")] == [2, 2, 1]


def test_gluttony_gains_a_reaction_token_for_each_extra_turn_token_a_hero_gains():
    table = in_turns(sin="gluttony")
    table.act("ann", "turn.start", hero="rose")
    before = reactions(table)
    table.act("ann", "city.action", actions=[{"kind": "extra_turn"}])
    assert reactions(table) == before + 1


# -- apocalypse cards -----------------------------------------------------------------------
def test_the_fog_of_hate_forbids_city_actions_where_a_corruption_token_lies():
    table = board(in_turns(story="the_darkness_within"))
    with table.arranged() as state:
        state["apocalypse"]["cards"].append("the_fog_of_hate")
    table.act(None, "space.set", space="s1", what="printed.corruption", value=1)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "city.action", actions=[{"kind": "extra_turn"}])  # a printed token doesn't count
    with table.arranged() as state:
        state["heroes"]["rose"]["city_action"] = False
    table.act(None, "space.set", space="s1", what="tokens.corruption", value=1)
    assert refused(table, "ann", "city.action", actions=[{"kind": "extra_turn"}]).field == "actions"


def test_gourd_and_vex_take_no_damage_from_a_hero_at_corruption_5():
    from companion.games.the_others import fight
    setup = {"story_type": "corruption", "apocalypse_cards": ["gourd_vex_unleashed"], "corruption": 5}
    monsters = [{"kind": "hell_club", "hell_club": "gourd_vex", "defense": 2}, {"kind": "acolyte", "defense": 2}]
    assert fight.kills(4, monsters, [2, 2], setup) == [1]
    assert fight.kills(4, monsters, [2, 2], {**setup, "corruption": 4}) == [0, 1]


def test_dr_gan_adds_a_corruption_in_a_space_with_fire_or_corruption_tokens():
    from companion.games.the_others import fight
    setup = {"story_type": "terror", "apocalypse_cards": ["dr_gan_unleashed"],
             "monsters": [{"kind": "hell_club", "hell_club": "dr_gan", "combat": 3}]}
    assert sum(line["amount"] for line in fight.sin_extra_corruption({**setup, "hazard_here": True})) == 1
    assert sum(line["amount"] for line in fight.sin_extra_corruption(setup)) == 0
    # the redemption deck's Dr. Gan does something else
    assert sum(line["amount"] for line in fight.sin_extra_corruption(
        {**setup, "hazard_here": True, "story_type": "redemption"})) == 0


# -- round end ------------------------------------------------------------------------------
def test_havens_last_stand_advances_the_apocalypse_one_at_round_end_and_one_more_per_hero_killed():
    table = first_round_ended()
    assert table.state["apocalypse"]["track"]["value"] == 1
    assert table.state["apocalypse"]["waiting"] == 1  # level 1 reveals an apocalypse card
    round_where_thorley_dies(table)
    assert table.state["apocalypse"]["track"]["value"] == 3
    assert table.state["round_end_steps"] == [["apocalypse_1", 1], ["apocalypse_per_dead_hero", 1]]


def test_darkness_beckons_advances_the_apocalypse_per_hero_at_maximum_corruption():
    table = in_turns(story="the_darkness_within")
    with table.arranged() as state:
        state["apocalypse"]["cards"].append("darkness_beckons")
        state["heroes"]["rocco"]["corruption"] = 7
    full_round(table)
    table.act(None, "round.end")
    assert ["darkness_beckons", 1] in table.state["round_end_steps"]
    assert table.state["apocalypse"]["track"]["value"] == 1


def test_the_sin_draws_a_card_per_altar_with_no_hero_at_round_end():
    table = board(in_turns(), "Start", "Chapel", "Crypt")
    table.act(None, "space.set", space="s1", what="printed.altar", value=1)  # the heroes are here
    table.act(None, "space.set", space="s2", what="printed.altar", value=1)
    table.act(None, "space.set", space="s3", what="tokens.altar", value=1)
    full_round(table)
    hand = table.state["sin"]["hand_count"]
    table.act(None, "round.end")
    assert table.state["sin"]["hand_count"] == hand + 2 and table.state["altar_draws"] == 2
    assert RULES.redact(table.log[-1], table.seats["ann"])["drawn"] == 2


# -- dark pasts and the story's marks --------------------------------------------------------
def with_dark_past(table, hero, number):
    with table.arranged() as state:
        state["secrets"][decks.SEALED]["dark_past:" + hero] = [number]


def test_former_hell_club_lets_the_player_choose_wounds_or_corruption():
    table = in_turns(story="the_darkness_within")
    with_dark_past(table, "rose", 4)
    with table.arranged() as state:
        state["heroes"]["rose"]["corruption"] = 7
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")
    assert table.state["heroes"]["rose"]["dark_past_choice"] == 3
    assert refused(table, "bob", "dark_past.choose", hero="rose", take="wounds").field == "hero"
    table.act("ann", "dark_past.choose", hero="rose", take="wounds")
    assert table.state["heroes"]["rose"]["pending_wounds"] == 3
    assert "dark_past_choice" not in table.state["heroes"]["rose"]


def test_psychopathy_trigger_wounds_the_heroes_in_the_same_space():
    table = board(in_turns(story="the_darkness_within"))
    table.act("cy", "hero.move", hero="rocco", to="s2", teleport=True)
    with_dark_past(table, "rose", 5)
    with table.arranged() as state:
        state["heroes"]["rose"]["corruption"] = 7
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")
    assert [table.state["heroes"][h]["pending_wounds"] for h in ("rose", "thorley", "rocco")] == [2, 2, 0]


def test_the_beast_we_become_corrupts_the_marked_hero_at_the_end_of_their_turn():
    table = in_turns(story="the_beast_we_become")
    table.act("ann", "hero.adjust", hero="rose", change="story")
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")
    assert table.state["heroes"]["rose"]["corruption"] == 2


def districts(table, count, what=None, value=1):
    for _ in range(count):
        table.act(None, "space.add", name=f"District {len(table.state.get('spaces', {})) + 1}")
        sid = f"s{len(table.state['spaces'])}"
        table.act(None, "space.set", space=sid, what="district", value=1)
        if what:
            table.act(None, "space.set", space=sid, what=what, value=value)


def test_the_darkness_within_advances_when_4_tracked_districts_hold_monsters():
    table = in_turns(story="the_darkness_within")
    districts(table, 3, "monsters.acolyte")
    table.act(None, "space.add", name="Main Street")  # a street: doesn't count
    table.act(None, "space.set", space="s4", what="monsters.acolyte", value=2)
    full_round(table)
    table.act(None, "round.end")
    assert table.state["apocalypse"]["track"]["value"] == 0
    keep_all_offers(table)
    table.act("ann", "round.first_hero", hero="rose")
    table.act(None, "space.set", space="s4", what="district", value=1)
    full_round(table)
    table.act(None, "round.end")
    assert table.state["round_end_steps"] == [["apocalypse_if_4_districts_monsters", 1]]


def test_the_darkness_within_counts_printed_corruption_in_districts():
    table = in_turns(story="the_darkness_within")
    districts(table, 2, "printed.corruption")
    districts(table, 2, "tokens.corruption")
    full_round(table)
    table.act(None, "round.end")
    assert table.state["round_end_steps"] == [["apocalypse_if_4_districts_corruption", 1]]


def test_haven_in_flames_advances_for_a_district_with_two_fire_tokens():
    table = in_turns(story="haven_in_flames")
    districts(table, 1, "tokens.fire", 2)
    full_round(table)
    table.act(None, "round.end")
    assert table.state["round_end_steps"] == [["apocalypse_1", 1], ["apocalypse_if_district_two_fire", 1]]


def test_the_beast_we_become_advances_while_the_controller_or_the_avatar_is_on_the_board():
    table = in_turns(story="the_beast_we_become")
    table.act(None, "space.add", name="Crossroads")
    table.act(None, "space.set", space="s1", what="monsters.controller", value=1)
    full_round(table)
    table.act(None, "round.end")
    assert table.state["round_end_steps"] == [["apocalypse_if_controller", 1]]


def test_without_tracked_spaces_the_board_tasks_are_left_to_the_table():
    from companion.games.the_others import effects
    table = in_turns(story="the_beast_we_become")
    assert "apocalypse_if_controller" not in effects.counted_tasks(table.state)
    full_round(table)
    table.act(None, "round.end")
    assert table.state["round_end_steps"] == []


def test_envy_makes_a_hero_gaining_an_upgrade_take_a_wound_or_corrupt_every_other_hero():
    table = in_turns(sin="envy")
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "city.action", actions=[{"kind": "upgrade", "upgrade": table.state["inventory"][0]}])
    assert table.state["heroes"]["rose"]["power_choices"] == ["envy"]
    assert refused(table, "bob", "power.choose", hero="rose", take="wounds").field == "hero"  # Rose's player only
    assert refused(table, "ann", "power.choose", hero="rose", take="teleport").field == "take"
    table.act("ann", "power.choose", hero="rose", take="others_corruption")
    assert [table.state["heroes"][h]["corruption"] for h in ("rose", "thorley", "rocco")] == [1, 2, 2]
    assert refused(table, "ann", "power.choose", hero="rose", take="wounds").field == "hero"  # answered


def test_wrath_after_a_fight_that_kills_lets_the_hero_take_a_corruption_or_the_monsters_teleport():
    table = in_turns(sin="wrath")
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"acolyte": 2},
              entered={"hero": "hit hit", "sin": "blank blank blank blank"})
    table.act("ann", "fight.resolve", assigned=[2, 0], turned={})
    assert table.state["heroes"]["rose"]["power_choices"] == ["wrath"]  # once, whatever the number killed
    table.act("ann", "power.choose", hero="rose", take="teleport")
    assert table.state["sin"]["wrath_teleport"] == 1 and table.state["heroes"]["rose"]["corruption"] == 1
    table.act("ann", "turn.end")
    table.act("sin", "reaction.end")
    table.act("bob", "turn.start", hero="thorley")
    assert table.state["sin"]["wrath_teleport"] == 0


def test_other_sins_ask_nothing_after_an_upgrade_or_a_kill():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "city.action", actions=[{"kind": "upgrade", "upgrade": table.state["inventory"][0]}])
    table.act("ann", "fight.start", monsters={"acolyte": 1}, entered={"hero": "hit hit", "sin": "blank blank"})
    table.act("ann", "fight.resolve", assigned=[2], turned={})
    assert not table.state["heroes"]["rose"].get("power_choices")


def test_brads_demolitions_kills_in_his_space_then_costs_a_corruption_and_leaves_fire():
    table = started(hero_players=2)  # ann: Rose, Thorley; bob: Rocco, Leah
    table.act("ann", "round.first_hero", hero="rose")
    for _ in range(5):
        table.act("bob", "hero.adjust", hero="leah", change="wound")
    table.act("bob", "hero.replace", hero="leah", reserve="brad", upgrades=[])
    table.act(None, "space.add", name="Docks")
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=1)
    table.act("bob", "hero.move", hero="brad", to="s1", teleport=True)
    table.act("ann", "turn.start", hero="rose")
    assert refused(table, "ann", "turn.end", demolish="acolyte").field == "demolish"  # Rose has no Demolitions
    table.act("ann", "turn.end")
    for seat, hero in (("ann", "thorley"), ("bob", "rocco")):
        table.act("sin", "reaction.end")
        table.act(seat, "turn.start", hero=hero)
        table.act(seat, "turn.end")
    table.act("sin", "reaction.end")
    table.act("bob", "turn.start", hero="brad")
    assert refused(table, "bob", "turn.end", demolish="abomination").field == "demolish"  # none there
    table.act("bob", "turn.end", demolish="acolyte")
    docks = table.state["spaces"]["s1"]
    assert (docks["monsters"]["acolyte"], docks["tokens"]["fire"]) == (0, 1)
    assert table.state["monsters"]["dead"]["acolyte"] == 1 and table.state["heroes"]["brad"]["corruption"] == 2
