"""What a won scenario leaves the party to settle (CAMPAIGN-FACTS §9: an
item reward goes to one character, collective gold is split as the players
like, "each" is per character): reward items taken by a character, shared
gold split, a choice of scenario to unlock, the book's notes; and a
schema-3 export's reward notes becoming dues that can be settled."""

import json
from pathlib import Path

from campaign_support import fulfil_quest, refused, state
from companion.games.gloomhaven.campaign import state as campaign_state

SCHEMA_3_EXPORT = Path(__file__).parent / "exports" / "campaign-schema-3.json"


def win(store, token, seat, number, outcome="success", lines=None):
    """Scenario `number` unlocked by hand and recorded as played on paper at level 1."""
    if number not in state(store, token)["unlocked"]:
        store.act(token, seat, "scenario.unlock", {"scenario": number})
    lines = lines or {"c1": {"experience": 3, "coins": 0, "checkmarks": 1},
                      "c2": {"experience": 2, "coins": 0, "checkmarks": 0}}
    store.act(token, seat, "scenario.complete",
              {"scenario": number, "outcome": outcome, "level": 1, "characters": lines})


def dues_of(store, token, kind):
    return [due for due in state(store, token)["due"] if due["kind"] == kind]


def test_a_reward_item_goes_to_the_one_character_who_takes_it(party):
    store, token, ann, bo = party
    win(store, token, ann, 53)  # Crypt Basement: the Staff of Xorn (item 114)
    [due] = dues_of(store, token, "item")
    assert (due["item"], due["left"], due["scenario"]) == (114, 1, 53)
    store.act(token, ann, "reward.item", {"due": due["id"]})
    assert 114 in state(store, token)["characters"]["c1"]["items"]
    assert dues_of(store, token, "item") == []
    assert refused(store, token, bo, "reward.item", {"due": due["id"]}).field == "due"  # already taken
    assert 114 not in state(store, token)["characters"]["c2"]["items"]


def test_two_copies_of_a_reward_item_go_to_two_characters_never_twice_to_one(party):
    store, token, ann, bo = party
    win(store, token, ann, 68)  # its reward: two Major Healing Potions (item 27)
    [due] = dues_of(store, token, "item")
    assert (due["item"], due["left"]) == (27, 2)
    store.act(token, ann, "reward.item", {"due": due["id"]})
    assert (refused(store, token, ann, "reward.item", {"due": due["id"]}).message
            == "A character may own only one copy of an item.")
    # Bo's to take
    assert refused(store, token, ann, "reward.item", {"due": due["id"], "character": "c2"}).field == "character"
    store.act(token, bo, "reward.item", {"due": due["id"]})
    sheets = state(store, token)["characters"]
    assert 27 in sheets["c1"]["items"] and 27 in sheets["c2"]["items"] and dues_of(store, token, "item") == []


def test_shared_gold_is_split_as_the_party_likes_and_must_add_up(party):
    store, token, ann, bo = party
    win(store, token, ann, 55)  # Foggy Thicket: 10 gold for the party
    [due] = dues_of(store, token, "gold")
    assert due["gold"] == 10
    wrong = refused(store, token, ann, "reward.gold", {"due": due["id"], "shares": {"c1": 6, "c2": 5}})
    assert (wrong.field, wrong.params) == ("shares", {"total": 11, "gold": 10})
    assert refused(store, token, ann, "reward.gold", {"due": due["id"], "shares": {"c1": 5, "c9": 5}}).field == "shares"
    store.act(token, bo, "reward.gold", {"due": due["id"], "shares.c1": "7", "shares.c2": "3"})  # as a form sends it
    sheets = state(store, token)["characters"]
    assert (sheets["c1"]["gold"], sheets["c2"]["gold"]) == (30 + 7, 30 + 3)
    assert dues_of(store, token, "gold") == []


def test_a_reward_that_offers_a_choice_unlocks_only_the_scenario_chosen(party):
    store, token, ann, bo = party
    win(store, token, ann, 13)  # Temple of the Seer: choose one of 15, 17 and 20
    [due] = dues_of(store, token, "unlock")
    assert due["choices"] == [15, 17, 20]
    assert 15 not in state(store, token)["unlocked"]
    assert refused(store, token, ann, "reward.unlock", {"due": due["id"], "scenario": 16}).field == "scenario"
    store.act(token, bo, "reward.unlock", {"due": due["id"], "scenario": 17})
    unlocked = state(store, token)["unlocked"]
    assert 17 in unlocked and 15 not in unlocked and 20 not in unlocked
    assert dues_of(store, token, "unlock") == []


def test_a_failed_scenario_leaves_nothing_to_settle(party):
    store, token, ann, _bo = party
    win(store, token, ann, 55, outcome="failure")
    assert state(store, token)["due"] == []


def test_a_checkmark_reward_adds_to_each_characters_line(party):
    store, token, ann, _bo = party
    store.act(token, ann, "achievement.add", {"achievement": "The Voice's Command", "scope": "party"})
    win(store, token, ann, 41)  # Timeworn Tomb: 2 checkmarks each
    pending = state(store, token)["pending"]
    assert pending["c1"][0]["checkmarks"] == 1 + 2 and pending["c2"][0]["checkmarks"] == 0 + 2
    assert ["Scenario reward: %(n)d checkmarks each", {"n": 2}] in pending["c1"][0]["working"]


def test_events_to_shuffle_in_and_the_books_words_are_notes_until_done(party):
    store, token, ann, bo = party
    win(store, token, ann, 21)  # Infernal Throne: city event 78
    [event] = dues_of(store, token, "note")
    assert event["params"] == {"number": 21, "card": 78} and "city event" in event["msgid"]
    store.act(token, ann, "achievement.add", {"achievement": "Stonebreaker's Censer", "scope": "party"})
    win(store, token, ann, 27)  # Ruinous Rift: the gold must be spent on enhancements (the book's words)
    note = next(d for d in dues_of(store, token, "note") if d.get("text"))
    assert note["scenario"] == 27 and "enhancements" in note["text"]
    # The page names the book's words by scenario and place, so they read in the reader's language.
    from companion.games.gloomhaven import names
    from companion.games.gloomhaven.campaign import dues
    shown = next(row for row in dues.shown(state(store, token)) if row["id"] == note["id"])
    assert shown["note"] == "27.0" and names.name("reward_notes", "27.0", "zh_Hans").startswith("金币")
    store.act(token, bo, "due.dismiss", {"due": note["id"]})
    assert [d["id"] for d in state(store, token)["due"]] == [event["id"]]
    assert refused(store, token, bo, "due.dismiss", {"due": note["id"]}).field == "due"


def test_the_first_retirement_notes_the_town_records_and_retiring_waits_for_town(party, monkeypatch):
    from campaign_support import StandInScenario
    from companion import games
    monkeypatch.setitem(games.table_types(), "gloomhaven", StandInScenario())
    store, token, ann, _bo = party
    store.act(token, ann, "quest.keep", {"quest": state(store, token)["secrets"][ann]["quest_offer"][0]})
    offer = store.table(token).rules.child_offers(state(store, token), store.seats(token))[0]
    store.create_child(token, offer.id, ann)
    fulfil_quest(store, token, ann)  # during the scenario
    away = refused(store, token, ann, "character.retire", {})
    assert away.message.startswith("Retire in town") and away.params == {"number": 1}
    store.act(token, ann, "scenario.abandon", {"offer": offer.id})
    store.act(token, ann, "character.retire", {})
    notes = [d["msgid"] for d in dues_of(store, token, "note")]
    assert "The campaign's first retirement: open the Town Records book." in notes


def test_a_schema_3_exports_reward_notes_become_dues_the_page_settles(party):
    store = party[0]
    old = json.loads(SCHEMA_3_EXPORT.read_text(encoding="utf-8"))
    assert old["state"]["schema"] == 3 and old["state"]["notes_due"] == [
        ["Scenario %(number)d: %(gold)d gold to share as the party likes.", {"number": 55, "gold": 10}]]
    table = store.import_table(old)
    now = store.state(table.token)[1]
    assert now["schema"] == campaign_state.SCHEMA and "notes_due" not in now
    assert now["due"] == [{"id": 1, "kind": "gold", "scenario": 55, "gold": 10}] and now["next_due"] == 2
    store.act(table.token, "s1", "reward.gold", {"due": 1, "shares": {"c1": 4, "c2": 6}})
    assert store.state(table.token)[1]["characters"]["c2"]["gold"] == now["characters"]["c2"]["gold"] + 6


def test_a_table_stored_at_schema_3_shows_its_reward_notes_as_dues_and_settles_them(party):
    from companion.games.gloomhaven.campaign.rules import RULES
    from companion.rules import Action
    store, token, ann, _bo = party
    stored = state(store, token)
    for key in ("due", "next_due"):  # as the database kept it before schema 4
        del stored[key]
    stored.update(schema=3, notes_due=[["Scenario %(number)d: give item %(item)d to one character.",
                                        {"number": 53, "item": 114}]])
    seats = store.seats(token)
    shown = RULES.view(stored, seats[ann])["shown"]["dues"]
    assert [(d["kind"], d["item"], d["name"]) for d in shown] == [("item", 114, "Staff of Xorn")]
    after = RULES.apply(stored, Action("reward.item", {"due": 1}, ann), seats)
    assert after["schema"] == campaign_state.SCHEMA and 114 in after["characters"]["c1"]["items"] and after["due"] == []


def test_a_class_unlocked_or_retiring_first_notes_the_events_its_mat_names(party):
    store, token, ann, bo = party
    store.act(token, bo, "class.unlock", {"class": "two-mini"})
    [note] = dues_of(store, token, "note")
    assert note["params"] == {"class": "Beast Tyrant"} and "left number on the back of its mat" in note["msgid"]
    store.act(token, ann, "quest.keep", {"quest": state(store, token)["secrets"][ann]["quest_offer"][0]})
    fulfil_quest(store, token, ann)
    store.act(token, ann, "character.retire", {})
    firsts = [d for d in dues_of(store, token, "note") if "right number" in d["msgid"]]
    assert [d["params"] for d in firsts] == [{"class": "Brute"}]
    store.act(token, ann, "character.create", {"class": "brute", "name": "Grok II", "level": 1})
    store.act(token, ann, "quest.keep", {"quest": state(store, token)["secrets"][ann]["quest_offer"][0]})
    fulfil_quest(store, token, ann)
    store.act(token, ann, "character.retire", {})
    assert len([d for d in dues_of(store, token, "note") if "right number" in d["msgid"]]) == 1  # not the second Brute


def test_the_hundredth_gold_donated_opens_envelope_b_once(party):
    store, token, ann, _bo = party
    store.act(token, None, "character.adjust", {"character": "c1", "field": "gold", "delta": 200})
    for _ in range(10):  # one donation a visit: a scenario's end between them
        store.act(token, ann, "donate", {})
        store.act(token, ann, "scenario.complete", {"scenario": 1, "outcome": "failure", "level": 1,
                                                    "characters": {"c1": {"experience": 0}}})
        store.act(token, ann, "result.confirm", {})
    now = state(store, token)
    assert now["donated"] == 100 and now["envelopes"] == ["B"] and now["prosperity"] == 1
    assert [d["params"] for d in dues_of(store, token, "note")] == [{"gold": 100, "envelope": "B"}]
    store.act(token, ann, "donate", {})
    assert len(dues_of(store, token, "note")) == 1 and state(store, token)["envelopes"] == ["B"]


def test_five_ancient_technologies_and_the_drakes_two_achievements_meet_the_rulebooks_conditions(party):
    store, token, ann, bo = party
    for _ in range(5):
        assert not dues_of(store, token, "note")
        store.act(token, ann, "achievement.add", {"achievement": "Ancient Technology", "scope": "global"})
    [note] = dues_of(store, token, "note")
    assert note["msgid"].startswith("Five Ancient Technology achievements")
    store.act(token, ann, "achievement.add", {"achievement": "The Drake's Command", "scope": "party"})
    assert "the-drake-aided" not in state(store, token)["global_achievements"]
    store.act(token, bo, "achievement.add", {"achievement": "The Drake's Treasure", "scope": "party"})
    assert "the-drake-aided" in state(store, token)["global_achievements"]
    assert "city event 75 and road event 66" in dues_of(store, token, "note")[-1]["msgid"]
