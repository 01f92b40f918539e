"""Round flow: first hero, turns clockwise with turn and extra-turn tokens,
the SIN's reactions and sin cards, round end and its resets."""

from __future__ import annotations

import pytest

from companion.games.the_others.rules import RULES
from companion.rules import ActionError
from the_others_support import full_round, in_turns, keep_all_offers, play_turn, refused, started


def test_set_up_gives_the_sin_5_cards_and_a_reaction_token_per_hero_and_5_upgrades():
    table = started()
    state = table.state
    assert state["flow"]["phase"] == "round_start"
    assert len(state["secrets"]["sin"]["hand"]) == 5 and state["sin"]["hand_count"] == 5
    assert state["sin"]["reaction_tokens"] == 3
    assert len(state["inventory"]) == 5
    assert state["reserve"] == ["leah", "brad", "karl", "morgana"]
    assert all(state["heroes"][h]["turn_tokens"] == 2 for h in state["order"])


def test_one_hero_player_controls_three_heroes_and_two_players_four():
    table = started(hero_players=1)
    assert table.state["options"]["hero_count"] == 3
    assert {table.state["heroes"][h]["player"] for h in table.state["order"]} == {"ann"}


def test_heroes_take_turns_clockwise_from_the_first_hero():
    table = in_turns()
    error = refused(table, "bob", "turn.start", hero="thorley")
    assert (error.field, error.message) == ("type", "It's not your turn.")
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")
    refused(table, "cy", "turn.start", hero="rocco")
    table.act("bob", "turn.start", hero="thorley")
    assert table.state["heroes"]["thorley"]["turn_tokens"] == 1


def test_a_hero_out_of_turn_is_refused_with_the_kits_one_message():
    table = in_turns()
    assert refused(table, "bob", "turn.start", hero="thorley").message == "It's not your turn."
    assert table.state["flow"]["order"] == ["rose", "thorley", "rocco"]  # clockwise from the first hero


def test_the_turn_goes_past_a_hero_with_no_token_left_and_back_when_they_gain_one():
    table = in_turns()
    full_round(table)
    table.act("ann", "hero.adjust", hero="rose", change="extra_turn")
    table.act("bob", "hero.adjust", hero="thorley", change="extra_turn")
    assert RULES.view(table.state, None)["next_hero"] == "rose"  # every turn was taken: from the first hero
    play_turn(table, "ann", "rose")
    assert RULES.view(table.state, None)["next_hero"] == "thorley"
    table.act("bob", "hero.adjust", hero="thorley", change="extra_turn_spent")
    assert RULES.view(table.state, None)["next_hero"] is None and RULES.view(table.state, None)["round_can_end"]


def test_only_the_heroes_player_starts_its_turn():
    table = in_turns()
    refused(table, "bob", "turn.start", hero="rose")
    refused(table, "sin", "turn.start", hero="rose")


def test_a_third_turn_needs_an_extra_turn_token():
    table = in_turns()
    full_round(table)
    error = refused(table, "ann", "turn.start", hero="rose")
    assert "no turn token" in error.message
    assert table.state["heroes"]["rose"]["turn_tokens"] == 0


def test_an_extra_turn_token_gives_another_turn_and_is_kept_across_rounds_until_used():
    table = in_turns()
    table.act("ann", "hero.adjust", hero="rose", change="extra_turn")
    full_round(table)
    table.act("ann", "turn.start", hero="rose")
    assert table.state["heroes"]["rose"]["extra_turns"] == 0
    table.act("ann", "turn.end")
    table.act(None, "round.end")
    assert table.state["flow"]["round"] == 2


def test_a_hero_with_extra_turns_may_keep_them_and_the_round_then_ends():
    table = in_turns()
    table.act("ann", "hero.adjust", hero="rose", change="extra_turn")
    full_round(table)
    refused(table, None, "round.end")
    table.act("ann", "turn.pass", hero="rose")
    table.act(None, "round.end")
    assert table.state["heroes"]["rose"]["extra_turns"] == 1


def test_a_hero_with_a_turn_token_left_cannot_pass():
    table = in_turns()
    error = refused(table, "ann", "turn.pass", hero="rose")
    assert "must take the turn" in error.message


def test_the_sin_reacts_only_after_a_turn_and_only_with_a_token():
    table = in_turns()
    refused(table, "sin", "reaction.spend")
    table.act("ann", "turn.start", hero="rose")
    refused(table, "sin", "reaction.spend")  # the turn is still going on
    table.act("ann", "turn.end")
    refused(table, "ann", "reaction.spend")  # only the SIN
    table.act("sin", "reaction.spend")
    refused(table, "sin", "reaction.spend")  # one reaction per turn
    assert table.state["sin"]["reactions_used"] == 1


def test_reaction_tokens_run_out_and_reset_at_round_end():
    table = in_turns()
    for seat, hero in (("ann", "rose"), ("bob", "thorley"), ("cy", "rocco")):
        play_turn(table, seat, hero)
        table.act("sin", "reaction.spend")
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")
    error = refused(table, "sin", "reaction.spend")
    assert "No reaction token" in error.message
    for seat, hero in (("bob", "thorley"), ("cy", "rocco")):
        play_turn(table, seat, hero)
    table.act(None, "round.end")
    assert table.state["sin"]["reactions_used"] == 0
    assert table.state["sin"]["reaction_tokens"] - table.state["sin"]["reactions_used"] == 3


def test_apocalypse_level_4_gives_an_extra_reaction_token_every_round():
    table = in_turns()
    table.act(None, "apocalypse.advance", steps=4)
    keep_all_offers(table)
    full_round(table)
    table.act(None, "round.end")
    assert table.state["sin"]["reaction_tokens"] == 4


def test_one_sin_card_per_hero_turn_including_its_reaction_even_without_tokens():
    table = in_turns()
    hand = list(table.state["secrets"]["sin"]["hand"])
    refused(table, "sin", "sin.play_card", card=hand[0])  # no hero turn going on
    table.act("ann", "turn.start", hero="rose")
    table.act("sin", "sin.play_card", card=hand[0])
    table.act("ann", "turn.end")
    error = refused(table, "sin", "sin.play_card", card=hand[1])  # same turn's reaction
    assert "one sin card" in error.message.casefold()
    table.act("bob", "turn.start", hero="thorley")
    with table.arranged() as state:
        state["sin"]["reactions_used"] = 3  # no reaction tokens left
    table.act("sin", "sin.play_card", card=hand[1])
    assert table.state["sin"]["hand_count"] == 3
    assert table.state["sin"]["discard"] == hand[:2]


def test_a_card_not_in_hand_is_refused():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    error = refused(table, "sin", "sin.play_card", card="no_such_card")
    assert error.field == "card"


def test_altar_draws_add_cards_and_the_deck_reshuffles_when_empty():
    table = in_turns()
    table.act("sin", "sin.draw", count=7)  # 5 + 7 = all 12
    assert table.state["sin"]["hand_count"] == 12
    table.act("ann", "turn.start", hero="rose")
    card = table.state["secrets"]["sin"]["hand"][0]
    table.act("sin", "sin.play_card", card=card)
    table.act("sin", "sin.draw", count=1)  # the deck is empty: the discard is shuffled back
    assert table.state["sin"]["hand_count"] == 12 and table.state["sin"]["discard"] == []


def test_round_end_resets_turn_city_and_reaction_tokens_and_the_acolyte_mark():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "city.action", actions=["extra_turn"])
    table.act("ann", "turn.end")
    for seat, hero in (("bob", "thorley"), ("cy", "rocco"), ("ann", "rose"), ("bob", "thorley"), ("cy", "rocco")):
        play_turn(table, seat, hero)
    table.act("ann", "turn.pass", hero="rose")
    with table.arranged() as state:
        state["sin"]["acolyte_mark"] = True
    table.act(None, "round.end")
    rose = table.state["heroes"]["rose"]
    assert (rose["turn_tokens"], rose["city_action"], rose["extra_turns"]) == (2, False, 1)
    assert table.state["sin"]["acolyte_mark"] is False
    assert table.state["flow"]["phase"] == "round_start" and table.state["flow"]["turn"] is None


def test_the_city_action_token_is_used_once_per_round():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "city.action", actions=["extra_turn"])
    error = refused(table, "ann", "city.action", actions=["extra_turn"])
    assert error.field == "actions"


def test_taking_an_upgrade_refills_the_inventory_to_five():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    upgrade = table.state["inventory"][0]
    table.act("ann", "city.action", actions=[{"kind": "upgrade", "upgrade": upgrade}])
    assert table.state["heroes"]["rose"]["upgrades"] == [upgrade]
    assert len(table.state["inventory"]) == 5 and upgrade not in table.state["inventory"]


def test_round_end_at_apocalypse_7_wounds_and_corrupts_every_hero():
    table = in_turns()
    table.act(None, "apocalypse.advance", steps=7)
    keep_all_offers(table)
    full_round(table)
    table.act(None, "round.end")
    for hero in table.state["order"]:
        assert table.state["heroes"][hero]["pending_wounds"] == 2
        assert table.state["heroes"][hero]["corruption"] == 3
    assert table.state["summons_left"] == 4  # three heroes, +1 from level 2


def test_form_fields_become_the_payload_the_api_sends():
    from companion.games.the_others.actions import normalize
    assert normalize({"monsters.abomination": "2", "slots": "1 3", "voluntary": "on", "hero": "rose",
                      "entered.hero": "hit faith", "heroes": "leah rose"}) == {
        "monsters": {"abomination": 2}, "slots": [1, 3], "voluntary": True, "hero": "rose",
        "entered": {"hero": "hit faith"}, "heroes": ["leah", "rose"]}
    assert normalize({"monsters": {"abomination": 2}}) == {"monsters": {"abomination": 2}}
    with pytest.raises(ActionError) as error:
        normalize({"slots": "1 x"})
    assert error.value.field == "slots"


def test_apocalypse_cards_come_two_at_a_time_and_the_sin_alone_sees_them():
    table = in_turns()
    table.act(None, "apocalypse.advance", steps=3)  # levels 1 and 3 reveal a card each
    assert table.state["apocalypse"]["waiting"] == 2
    offer = table.state["secrets"]["sin"]["offer"]
    assert len(offer) == 2
    refused(table, None, "apocalypse.advance", steps=1)  # keep a card first
    refused(table, "ann", "apocalypse.keep", card=offer[0])
    hero_view = RULES.view(table.state, table.seats["ann"])
    assert offer[0] not in str(hero_view)
    advance = table.log[-1]
    assert RULES.redact(advance, table.seats["ann"])["offers"] == 2
    table.act("sin", "apocalypse.keep", card=offer[1])
    assert table.state["apocalypse"]["cards"] == [offer[1]]
    assert table.state["secrets"]["sin"]["apocalypse"]["bottom"] == [offer[0]]
    keep_all_offers(table)
    assert len(table.state["apocalypse"]["cards"]) == 2 and table.state["apocalypse"]["track"]["value"] == 3


def test_a_hell_club_card_brings_its_monster_and_killing_it_removes_both():
    from companion.games.the_others import cards
    table = in_turns()
    with table.arranged() as state:
        state["secrets"]["sin"]["offer"] = ["dr_gan_unleashed", "stab_in_the_dark"]
        state["apocalypse"]["waiting"] = 1
    table.act("sin", "apocalypse.keep", card="dr_gan_unleashed")
    assert table.state["apocalypse"]["hell_club"] == [{"id": "dr_gan", "card": "dr_gan_unleashed", "alive": True}]
    cards.hell_club_killed(table.state, "dr_gan")
    assert table.state["apocalypse"]["cards"] == []
    assert table.state["apocalypse"]["hell_club"][0]["alive"] is False


def test_each_phase_allows_only_its_actions_and_a_refusal_names_the_phase():
    table = started()  # round start: the first hero is not chosen yet
    error = refused(table, "ann", "turn.start", hero="rose")
    assert error.message == "Not now: this is the %(phase)s." and error.params["phase"] == "round start phase"
    table.act("ann", "round.first_hero", hero="rose")
    assert refused(table, "ann", "round.first_hero", hero="rose").params["phase"] == "hero turns phase"
    table.act("ann", "mission.progress", delta=1)  # missions move whenever the story says


def test_the_apocalypse_track_stops_at_7_with_its_effects_shown_cumulatively():
    table = in_turns()
    table.act(None, "apocalypse.advance", steps=7)
    keep_all_offers(table)
    assert len(table.state["apocalypse"]["cards"]) == 3  # levels 1, 3 and 5
    table.act(None, "apocalypse.advance", steps=2)
    assert table.state["apocalypse"]["track"]["value"] == 7 and table.state["apocalypse"]["waiting"] == 0
    shown = RULES.view(table.state, None)["apocalypse_active"]
    assert [entry["space"] for entry in shown] == [1, 2, 3, 4, 5, 6, 7]
    assert shown[3]["effect"] == "extra_reaction_token"


def test_an_event_lets_each_hero_take_an_upgrade_outside_the_city_action():
    table = in_turns()
    upgrade = table.state["inventory"][0]
    table.act("bob", "upgrade.take", hero="thorley", upgrade=upgrade)
    assert table.state["heroes"]["thorley"]["upgrades"] == [upgrade]
    assert len(table.state["inventory"]) == 5 and upgrade not in table.state["inventory"]  # refilled
    assert refused(table, "ann", "upgrade.take", hero="thorley", upgrade=table.state["inventory"][0]).field == "hero"
    assert refused(table, "ann", "upgrade.take", hero="rose", upgrade=upgrade).field == "upgrade"  # taken
    assert not table.state["heroes"]["thorley"]["city_action"]  # the city-action token is still there
