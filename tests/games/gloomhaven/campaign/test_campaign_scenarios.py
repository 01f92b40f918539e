"""Finishing scenarios on the campaign: a linked table's result or a hand-entered
end gives the rewards, unlocks the next scenarios and waits for each player's
confirmation of their own line."""

import pytest

from campaign_support import result, state
from companion.rules import ActionError


def report(store, token, seat, offer, found):
    return store.act(token, seat, "scenario.result", {"child": "child-token", "offer": offer, "result": found})


def test_scenario_one_then_two_then_three_open_as_each_is_won(party):
    store, token, ann, bo = party
    report(store, token, ann, "scenario-1-0", result(brute=(10, 6, 1), tinkerer=(8, 4, 0)))
    after_one = state(store, token)
    assert after_one["completed"] == [1] and "first-steps" in after_one["party"]["achievements"]
    from companion.games.gloomhaven.campaign import tree
    assert tree.status(2, after_one)[0] == "available"
    report(store, token, bo, "scenario-2-1", result(brute=(12, 10, 0), tinkerer=(9, 0, 0)))
    after_two = state(store, token)
    assert tree.status(3, after_two)[0] == "available" and tree.status(4, after_two)[0] == "available"
    assert after_two["prosperity"] == 1  # scenario 2's reward


def test_each_player_confirms_their_own_line_with_scenario_rewards(party):
    store, token, ann, _bo = party
    report(store, token, ann, "scenario-1-0", result(brute=(10, 6, 1), tinkerer=(8, 4, 0)))
    report(store, token, ann, "scenario-2-1", result(brute=(12, 3, 0), tinkerer=(9, 0, 0)))
    with pytest.raises(ActionError):
        store.act(token, ann, "result.confirm", {"character": "c2"})  # Bo's character
    store.act(token, ann, "result.confirm", {})
    grok = state(store, token)["characters"]["c1"]
    # 10 gold each from 2
    assert (grok["experience"], grok["gold"], grok["checkmarks"]) == (10 + 12, 30 + 6 + 3 + 10, 1)
    assert state(store, token)["characters"]["c2"]["experience"] == 0  # not confirmed yet
    assert "c1" not in state(store, token)["pending"]


def test_a_failure_keeps_experience_and_gold_but_no_checkmarks_rewards_or_completion(party):
    store, token, ann, _bo = party
    report(store, token, ann, "scenario-1-0", result(brute=(10, 6, 1), tinkerer=(8, 4, 0)))
    report(store, token, ann, "scenario-2-1", result("failure", brute=(5, 4, 2), tinkerer=(3, 2, 0)))
    now = state(store, token)
    assert 2 not in now["completed"] and now["prosperity"] == 0
    line = now["pending"]["c1"][-1]
    assert (line["experience"], line["gold"], line["checkmarks"]) == (5, 4, 2)


def test_the_scenario_tables_own_summary_shape_is_taken_too(party):
    store, token, ann, _bo = party
    summary = {"outcome": "success",
               "summary": {"x1": {"name": "Grok", "class": "brute", "xp": 14, "gold": 8, "checkmarks": 1},
                           "x2": {"name": "Tink", "class": "tinkerer", "xp": 9, "gold": 2, "checkmarks": 0}}}
    report(store, token, ann, "scenario-1-0", summary)
    assert state(store, token)["pending"]["c1"][0]["experience"] == 14


def test_a_hand_entered_end_works_out_gold_and_bonus_experience(party):
    store, token, ann, _bo = party
    store.act(token, ann, "scenario.complete", {"scenario": 1, "outcome": "success", "level": 2,
                                                "characters": {"c1": {"experience": 7, "coins": 4, "checkmarks": 1}}})
    line = state(store, token)["pending"]["c1"][0]
    assert (line["experience"], line["gold"]) == (7 + 8, 4 * 3)  # level 2: bonus 8, 3 gold a coin
    assert line["working"][0] == ["Experience %(total)d = %(gained)d gained + %(bonus)d bonus",
                                  {"total": 15, "gained": 7, "bonus": 8}]


@pytest.mark.parametrize("offer, found, field", [
    ("scenario-2-1", result(brute=(1, 1, 0)), "scenario"),  # scenario 2 is still locked
    ("scenario-1-0", {"outcome": "maybe"}, "result"),
    ("scenario-1-0", result(spellweaver=(1, 1, 0)), "result"),
    ("scenario-1-0", {"outcome": "success", "characters": [{"class": "brute", "experience": -3}]}, "result"),
])
def test_bad_results_are_refused_naming_the_field_and_change_nothing(party, offer, found, field):
    store, token, ann, _bo = party
    before = store.state(token)
    with pytest.raises(ActionError) as error:
        report(store, token, ann, offer, found)
    assert error.value.field == field
    assert store.state(token) == before


def test_offers_a_linked_scenario_table_for_each_available_scenario(party, monkeypatch):
    from campaign_support import StandInScenario
    from companion import games
    monkeypatch.setitem(games.table_types(), "gloomhaven", StandInScenario())
    store, token, ann, bo = party
    from companion.games.gloomhaven.campaign.rules import RULES
    offers = RULES.child_offers(state(store, token), store.seats(token))
    assert [o.id for o in offers] == ["scenario-1-0"]
    offer = offers[0]
    assert offer.game == "gloomhaven" and offer.options["scenario"] == 1 and offer.options["difficulty"] == "normal"
    assert ([(c["class"], c["level"], c["seat"]) for c in offer.options["characters"]]
            == [("brute", 1, ann), ("tinkerer", 1, bo)])
    assert offer.seat_roles == {ann: "player", bo: "player"}
    assert RULES.result_action == "scenario.result"


def test_no_offer_while_the_scenario_table_type_is_not_installed(party, monkeypatch):
    store, token, _ann, _bo = party
    from companion import games
    from companion.games.gloomhaven.campaign.rules import RULES
    monkeypatch.delitem(games.table_types(), "gloomhaven", raising=False)
    assert RULES.child_offers(state(store, token), store.seats(token)) == []
