"""Level-up happens in town (CAMPAIGN-FACTS §1): while a scenario table
started from the campaign is being played, no character levels up; once
its result is back (or the group stops waiting for it), they do."""

import json

import pytest

from companion.rules import ActionError
from companion.store import Store

# The linked scenario tables are the stand-in (campaign_support.StandInScenario).
pytestmark = pytest.mark.usefixtures("stand_in_scenario")


def start(store, token, seat, number=1):
    offer = next(o for o in store.table(token).rules.child_offers(store.state(token)[1], store.seats(token))
                 if o.options["scenario"] == number)
    return offer.id, store.create_child(token, offer.id, seat)


def level_two_reached(store, token, seat):
    store.act(token, seat, "character.adjust", {"field": "experience", "delta": 45})  # enough for level 2


def grok(store, token):
    return next(c for c in store.state(token)[1]["characters"].values() if c["name"] == "Grok")


def test_no_level_up_while_a_scenario_table_is_being_played(party):
    store, token, ann, _ = party
    offer, _ = start(store, token, ann)
    level_two_reached(store, token, ann)  # while the scenario is played
    assert store.state(token)[1]["playing"] == [offer]
    before = store.state(token)
    with pytest.raises(ActionError) as refused:
        store.act(token, ann, "character.level_up", {})
    assert refused.value.message == ("Level up in town: the party is playing scenario %(number)d; "
                                     "its result has not come back yet.")
    assert refused.value.params == {"number": 1}
    assert store.state(token) == before and grok(store, token)["level"] == 1


def test_the_level_up_waits_for_the_scenarios_result_then_happens_in_town(party):
    store, token, ann, _ = party
    _offer, child = start(store, token, ann)
    level_two_reached(store, token, ann)
    store.act(child.token, next(iter(store.seats(child.token))), "end", {"outcome": "failure"})
    store.report(child.token, next(iter(store.seats(child.token))))
    assert store.state(token)[1]["playing"] == []
    store.act(token, ann, "character.level_up", {"card": "Skewer"})
    assert grok(store, token)["level"] == 2 and grok(store, token)["cards"] == ["Skewer"]


def test_starting_the_same_scenario_again_opens_its_table_and_notes_it_once(party):
    store, token, ann, bo = party
    offer, child = start(store, token, ann)
    assert start(store, token, bo)[1].token == child.token
    assert store.state(token)[1]["playing"] == [offer]


def test_the_group_may_stop_waiting_for_an_abandoned_table(party):
    store, token, ann, _ = party
    offer, _ = start(store, token, ann)
    level_two_reached(store, token, ann)
    store.act(token, ann, "scenario.abandon", {"offer": offer})
    assert store.state(token)[1]["playing"] == []
    store.act(token, ann, "character.level_up", {})
    assert grok(store, token)["level"] == 2


def test_stopping_to_wait_for_a_table_that_is_not_played_is_refused(party):
    store, token, ann, _ = party
    before = store.state(token)
    with pytest.raises(ActionError) as refused:
        store.act(token, ann, "scenario.abandon", {"offer": "scenario-1-0"})
    assert refused.value.field == "offer" and store.state(token) == before


def test_a_table_in_progress_survives_export_and_import(party):
    store, token, ann, _ = party
    offer, _ = start(store, token, ann)
    level_two_reached(store, token, ann)
    copy = store.import_table(json.loads(json.dumps(store.export(token))))
    assert store.state(copy.token)[1]["playing"] == [offer]
    with pytest.raises(ActionError):
        store.act(copy.token, ann, "character.level_up", {})


@pytest.mark.parametrize("printing, level_at_4, level_at_5", [("second", 2, 2), ("first", 1, 2), (None, 2, 2)])
def test_the_group_chooses_the_printing_whose_prosperity_track_the_campaign_keeps(tmp_path, printing, level_at_4,
                                                                                  level_at_5):
    store = Store(tmp_path / "companion.sqlite3")
    options = {"party": "Lanterns", **({"printing": printing} if printing else {})}
    token = store.create_table("gloomhaven-campaign", "Campaign", options).token
    ann = store.join(token, "Ann", "player")[0].id
    assert store.state(token)[1]["printing"] == (printing or "second")
    store.act(token, ann, "prosperity.adjust", {"delta": 4})
    view = store.table(token).rules.view(store.state(token)[1], None)
    assert view["shown"]["city"]["prosperity_level"] == level_at_4
    # A new character starts at most at the prosperity level.
    if level_at_4 == 1:
        with pytest.raises(ActionError):
            store.act(token, ann, "character.create", {"class": "brute", "name": "Grok", "level": 2})
    store.act(token, ann, "prosperity.adjust", {"delta": 1})
    assert store.table(token).rules.view(store.state(token)[1], None)["shown"]["city"]["prosperity_level"] == level_at_5
    store.act(token, ann, "character.create", {"class": "brute", "name": "Grok", "level": 2})
    store.close()


def test_an_unknown_printing_is_refused(tmp_path):
    store = Store(tmp_path / "companion.sqlite3")
    with pytest.raises(ActionError) as refused:
        store.create_table("gloomhaven-campaign", "Campaign", {"party": "Lanterns", "printing": "third"})
    assert refused.value.field == "printing"
    store.close()


def test_while_a_scenario_is_played_no_other_scenario_is_offered(party):
    store, token, ann, _ = party
    store.act(token, ann, "scenario.unlock", {"scenario": 2})
    store.act(token, ann, "achievement.add", {"achievement": "First Steps", "scope": "party"})
    rules = store.table(token).rules
    assert [o.options["scenario"] for o in rules.child_offers(store.state(token)[1], store.seats(token))] == [1, 2]
    offer, _ = start(store, token, ann, 2)
    assert [o.id for o in rules.child_offers(store.state(token)[1], store.seats(token))] == [offer]
    store.act(token, ann, "scenario.abandon", {"offer": offer})
    assert len(rules.child_offers(store.state(token)[1], store.seats(token))) == 2


def test_a_table_stored_before_schema_3_still_levels_up_and_shows_its_city(party):
    from companion.games.gloomhaven.campaign import town
    from companion.games.gloomhaven.campaign import view as campaign_view
    from companion.kit.actions import Act, Draws
    store, token, ann, _ = party
    level_two_reached(store, token, ann)
    stored = store.state(token)[1]
    for key in ("playing", "printing"):  # a table kept in the database before the upgrade
        del stored[key]
    assert town.prosperity_level(stored) == 1 and campaign_view.city(stored)["prosperity_level"] == 1
    # The effect itself, on the state as stored (the table upgrades it first when it acts).
    town.level_up(Act(stored, {"character": None, "card": None}, store.seats(token)[ann], store.seats(token),
                      Draws(None, {})))
    assert next(c for c in stored["characters"].values() if c["name"] == "Grok")["level"] == 2


def test_a_level_up_due_comes_before_the_next_scenario(party):
    store, token, ann, _ = party
    rules = store.table(token).rules
    level_two_reached(store, token, ann)
    assert rules.child_offers(store.state(token)[1], store.seats(token)) == []  # levelling up is compulsory, in town
    shown = rules.view(store.state(token)[1], None)["shown"]
    assert shown["levels_due"] == ["Grok"] and shown["offers"] == {}
    store.act(token, ann, "character.level_up", {})
    assert [o.options["scenario"] for o in rules.child_offers(store.state(token)[1], store.seats(token))] == [1]


@pytest.mark.parametrize("action, payload", [("item.buy", {"item": 1}), ("item.sell", {"item": 2}), ("donate", {})])
def test_the_shop_and_the_sanctuary_wait_for_town(party, action, payload):
    store, token, ann, _ = party
    store.act(token, None, "character.adjust", {"character": "c1", "field": "gold", "delta": 100})
    store.act(token, ann, "item.buy", {"item": 2})
    offer, _ = start(store, token, ann)
    before = store.state(token)
    with pytest.raises(ActionError) as refused:
        store.act(token, ann, action, payload)
    assert refused.value.message.startswith("That is done in town") and refused.value.params == {"number": 1}
    assert store.state(token) == before
    shop = store.table(token).rules.view(store.state(token)[1], store.seats(token)[ann])["shown"]["shop"]
    assert (next(r for r in shop if r["id"] == 1)["problem"]
            == "Bought back in town, once the scenario’s result has come back.")
    store.act(token, ann, "scenario.abandon", {"offer": offer})
    store.act(token, ann, action, payload)


def test_a_fulfilled_quest_retires_its_character_before_the_next_scenario(party):
    from campaign_support import fulfil_quest
    store, token, ann, bo = party
    rules = store.table(token).rules
    store.act(token, ann, "quest.keep", {"quest": store.state(token)[1]["secrets"][ann]["quest_offer"][0]})
    assert rules.child_offers(store.state(token)[1], store.seats(token))
    fulfil_quest(store, token, ann)
    assert rules.child_offers(store.state(token)[1], store.seats(token)) == []
    shown = rules.view(store.state(token)[1], store.seats(token)[bo])["shown"]
    assert shown["retirements_due"] == 1 and "Grok" not in str(shown["levels_due"])  # a count: the quest stays Ann's
    store.act(token, ann, "character.retire", {})
    assert rules.child_offers(store.state(token)[1], store.seats(token))
