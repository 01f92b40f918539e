"""Character sheets through the store: creation at the prosperity level with
its experience and gold, dealt quests, level-ups, perks, the shop, donations
and retirement."""

import pytest

from campaign_support import fulfil_quest, new_campaign, quest_table, refused, state
from companion.games.gloomhaven import data
from companion.games.gloomhaven.campaign.rules import RULES
from companion.rules import Action


def test_a_new_character_starts_at_most_at_prosperity_with_that_levels_experience_and_gold(tmp_path):
    store, token, ann, bo = new_campaign(tmp_path)
    assert refused(store, token, ann, "character.create", {"class": "brute", "name": "G", "level": 2}).field == "level"
    store.act(token, None, "prosperity.adjust", {"delta": 9})  # prosperity 3
    store.act(token, ann, "character.create", {"class": "brute", "name": "G", "level": 3})
    grok = state(store, token)["characters"]["c1"]
    assert (grok["level"], grok["experience"], grok["gold"]) == (3, 95, 60)
    assert refused(store, token, bo, "character.create", {"class": "brute", "name": "B", "level": 1}).field == "class"
    assert refused(store, token, bo, "character.create", {"class": "circles", "name": "B", "level": 1}).field == "class"


def test_two_quests_are_dealt_one_is_kept_and_only_its_seat_sees_them(party):
    store, token, ann, bo = party
    secrets = state(store, token)["secrets"]
    offered = secrets[ann]["quest_offer"]
    assert len(offered) == 2 and not set(offered) & set(secrets[bo]["quest_offer"])
    assert refused(store, token, ann, "quest.keep", {"quest": secrets[bo]["quest_offer"][0]}).field == "quest"
    store.act(token, ann, "quest.keep", {"quest": offered[1]})
    seats = store.seats(token)
    assert RULES.view(state(store, token), seats[bo])["mine"].get("quest") is None
    assert "secrets" not in RULES.view(state(store, token), seats[bo])
    entry = next(e for e in store.log(token) if e.type == "quest.keep")
    assert RULES.redact(Action(entry.type, entry.payload, entry.seat), seats[bo]) == {}
    create = next(e for e in store.log(token) if e.type == "character.create" and e.seat == ann)
    assert "quests" not in RULES.redact(Action(create.type, create.payload, create.seat), seats[bo])
    assert "quests" not in RULES.redact(Action(create.type, create.payload, create.seat), None)


def test_level_up_is_one_level_at_a_time_once_the_experience_is_there(party):
    store, token, ann, _bo = party
    assert refused(store, token, ann, "character.level_up", {}).field == "character"
    store.act(token, ann, "character.adjust", {"field": "experience", "delta": 100})
    store.act(token, ann, "character.level_up", {"card": "Skewer"})
    assert state(store, token)["characters"]["c1"]["level"] == 2
    store.act(token, ann, "character.level_up", {})
    assert state(store, token)["characters"]["c1"]["level"] == 3
    refused(store, token, ann, "character.level_up", {})
    assert refused(store, token, ann, "character.adjust", {"field": "experience", "delta": -10}).field == "delta"


def test_perks_are_limited_by_the_allowance_and_change_the_deck(party):
    store, token, ann, _bo = party
    assert refused(store, token, ann, "perk.take", {"perk": 0}).field == "perk"
    store.act(token, ann, "character.adjust", {"field": "checkmarks", "delta": 3})
    store.act(token, ann, "perk.take", {"perk": 0})
    shown = RULES.view(state(store, token), store.seats(token)[ann])["shown"]["mine"]
    assert shown["deck_total"] == 18 and shown["perks_taken"] == 1
    assert refused(store, token, ann, "perk.take", {"perk": 2}).field == "perk"


def test_classes_without_perks_in_the_data_take_entered_perks(tmp_path):
    store, token, ann, _bo = new_campaign(tmp_path)
    assert data.classes()["cragheart"]["perks"] is None
    store.act(token, ann, "character.create", {"class": "cragheart", "name": "Rocky", "level": 1})
    store.act(token, ann, "character.adjust", {"field": "checkmarks", "delta": 3})
    assert refused(store, token, ann, "perk.take", {"perk": 0}).field == "perk"
    store.act(token, ann, "perk.take", {"text": "Remove four +0 cards"})
    assert state(store, token)["characters"]["c1"]["entered_perks"] == ["Remove four +0 cards"]


def test_buying_selling_and_equipping_through_the_store(party):
    store, token, ann, bo = party
    store.act(token, None, "reputation.adjust", {"delta": 7})
    store.act(token, ann, "item.buy", {"item": 1})  # Boots of Striding, cost 20, reputation 7: 18
    assert state(store, token)["characters"]["c1"]["gold"] == 30 - 18
    assert refused(store, token, ann, "item.buy",
                   {"item": 1}).message == "A character may own only one copy of an item."
    store.act(token, ann, "item.equip", {"item": 1})
    store.act(token, ann, "item.sell", {"item": 1})
    grok = state(store, token)["characters"]["c1"]
    assert grok["gold"] == 12 + 10 and grok["items"] == [] and grok["equipped"] == []
    assert refused(store, token, bo, "item.sell", {"item": 1, "character": "c1"}).field == "character"


def test_donations_bless_the_donor_once_a_visit_and_count_toward_prosperity(party):
    store, token, ann, _bo = party
    store.act(token, ann, "donate", {})
    now = state(store, token)
    assert now["donated"] == 10 and now["characters"]["c1"]["blessings"] == 2 and now["characters"]["c1"]["gold"] == 20
    assert refused(store, token, ann, "donate", {}).field == "character"
    shown = RULES.view(now, store.seats(token)[ann])["shown"]["mine"]
    assert {"label": "+2 bless", "words": [["+2", None], ["bless", {}]], "count": 2, "chance": "1/11 (9.1%)"} \
        in shown["deck"]


def test_retiring_returns_items_loses_gold_adds_prosperity_and_a_perk_for_the_next_character(party):
    store, token, ann, _bo = party
    assert refused(store, token, ann, "character.retire", {}).field == "character"
    quest = state(store, token)["secrets"][ann]["quest_offer"][0]
    store.act(token, ann, "quest.keep", {"quest": quest})
    store.act(token, ann, "item.buy", {"item": 2})
    unmet = refused(store, token, ann, "character.retire", {})  # its quest not fulfilled yet
    first_goal = next(q for q in data.personal_quests() if q["id"] == quest)["goals"][0]
    assert (unmet.params["goal"], unmet.params["count"]) == (first_goal["text"], first_goal["count"])
    assert unmet.params["done"] < first_goal["count"]
    fulfil_quest(store, token, ann)
    store.act(token, ann, "character.retire", {})
    now = state(store, token)
    grok = now["characters"]["c1"]
    assert grok["retired"] and grok["gold"] == 0 and grok["items"] == [] and grok["quest"] == quest
    assert now["prosperity"] == 1 and now["retirements"][ann] == 1
    unlocks = next(q for q in data.personal_quests() if q["id"] == quest)["unlocks"]
    assert unlocks.get("class") in now["unlocked_classes"] or unlocks.get("envelope") in now["envelopes"]
    store.act(token, ann, "character.create", {"class": "spellweaver", "name": "Spark", "level": 1})
    spark = RULES.view(state(store, token), store.seats(token)[ann])["shown"]["mine"]
    assert spark["perks_allowed"] == 1


def test_a_typed_global_achievement_replaces_its_type(party):
    store, token, ann, _bo = party
    store.act(token, None, "achievement.add", {"achievement": "City Rule: Economic", "scope": "global"})
    held = state(store, token)["global_achievements"]
    assert "city-rule-economic" in held and "city-rule-militaristic" not in held
    assert refused(store, token, ann, "achievement.add",
                   {"achievement": "Nonsense", "scope": "party"}).field == "achievement"


def test_only_the_characters_player_may_change_it(party):
    store, token, _ann, bo = party
    assert refused(store, token, bo, "character.adjust",
                   {"character": "c1", "field": "gold", "delta": 5}).field == "character"
    store.act(token, None, "character.adjust", {"character": "c1", "field": "gold", "delta": 5})  # the host may


def test_the_group_enters_a_perkless_classs_lines_once_and_they_change_the_deck(tmp_path):
    import json
    store, token, ann, bo = new_campaign(tmp_path)
    store.act(token, ann, "character.create", {"class": "cragheart", "name": "Rocky", "level": 1})
    assert refused(store, token, bo, "class.perk_line", {"class": "brute", "add": "+1"}).field == "class"
    bad = refused(store, token, bo, "class.perk_line", {"class": "cragheart", "add": "+1 banana"})
    assert (bad.field, bad.params) == ("add", {"word": "banana"})
    assert refused(store, token, bo, "class.perk_line", {"class": "cragheart"}).field == "text"
    store.act(token, bo, "class.perk_line", {"class": "cragheart", "text": "Remove four +0 cards", "remove": "4× +0"})
    store.act(token, bo, "class.perk_line", {"class": "cragheart", "boxes": "3", "remove": "-1", "add": "+1"})
    assert refused(store, token, ann, "perk.take", {"perk": 0}).message == "No perk left to take."
    store.act(token, ann, "character.adjust", {"field": "checkmarks", "delta": 6})
    store.act(token, ann, "perk.take", {"perk": 0})
    store.act(token, ann, "perk.take", {"perk": 1})
    shown = RULES.view(state(store, token), store.seats(token)[ann])["shown"]["mine"]
    assert shown["deck_total"] == 16
    assert {"label": "+0", "words": [["+0", None]], "count": 2, "chance": "1/8 (12.5%)"} in shown["deck"]
    assert [line["entered"] for line in shown["perk_lines"]] == [True, True]
    assert shown["perk_lines"][0]["text"] == "Remove four +0 cards · − 4× +0"
    copy = store.import_table(json.loads(json.dumps(store.export(token))))  # the entered lines pass the import's check
    assert store.state(copy.token)[1]["class_perks"] == state(store, token)["class_perks"]


def quest_shown(state: dict, seat: str = "s1") -> dict:
    from companion.games.gloomhaven.campaign import view as campaign_view
    return campaign_view.present(state, seat)["quest"]


def test_quest_progress_is_kept_per_goal_and_retiring_needs_every_goal():
    table = quest_table(510)  # Seeker of Xorn: three Crypt scenarios, then follow Noxious Cellar to its end
    assert table.refused("s1", "quest.progress", goal=2, progress=1).field == "goal"
    table.act("s1", "quest.progress", goal=1, progress=1)
    assert [g["done"] for g in quest_shown(table.state)["goals"]] == [0,
                                                                      1] and not quest_shown(table.state)["fulfilled"]
    unmet = table.refused("s1", "character.retire")
    assert unmet.params == {"goal": '"Crypt" Scenarios', "done": 0, "count": 3}
    table.act("s1", "quest.progress", goal=0, progress=3)
    assert quest_shown(table.state)["fulfilled"]
    table.act("s1", "character.retire")
    assert table.state["characters"]["c1"]["retired"] and "squidface" in table.state["unlocked_classes"]


@pytest.mark.parametrize("quest, reach", [
    (512, lambda who: who.update(gold=200)),  # Greed Is Gold: 200 gold held
    (519, lambda who: who.update(checkmarks=15)),  # Battle Legend: 15 battle-goal checkmarks
    (511, lambda who: who.update(items=[i["id"] for slot, n in (("head", 2), ("body", 2), ("legs", 2), ("small", 4))
                                        for i in [x for x in data.items() if x["slot"] == slot][:n]]
                                       + [i["id"] for i in data.items() if i["slot"] in ("one_hand",
                                                                                         "two_hands")][:3])),
])
def test_goals_the_sheet_can_count_are_counted_from_it_not_noted(quest, reach):
    table = quest_table(quest)
    goals = quest_shown(table.state)["goals"]
    assert all(g["counted"] for g in goals) and not quest_shown(table.state)["fulfilled"]
    noted = table.refused("s1", "quest.progress", goal=0, progress=999)
    assert noted.message == "This goal is counted from your character's sheet."
    table.arrange(lambda state: reach(state["characters"]["c1"]))
    shown = quest_shown(table.state)
    assert shown["fulfilled"] and [g["done"] >= g["count"] for g in shown["goals"]]
    spent = 150 - table.state["characters"]["c1"]["gold"]  # spent below 200: Greed Is Gold is no longer met
    table.act(None, "character.adjust", character="c1", field="gold", delta=spent)
    assert quest_shown(table.state)["fulfilled"] == (quest != 512)


def test_a_quest_progress_noted_as_one_number_before_schema_4_counts_for_the_first_goal():
    from companion.games.gloomhaven.campaign import town
    seeker = next(q for q in data.personal_quests() if len(q["goals"]) == 2)
    assert town.goal_progress({"quest": seeker["id"], "progress": 2}) == [2, 0]
    assert town.goal_progress({"quest": seeker["id"], "progress": 0}) == [0, 0]


def test_a_treasure_gives_an_item_free_once_per_character_and_an_event_may_take_it(party):
    store, token, ann, bo = party
    store.act(token, ann, "item.gain", {"item": 114})  # no shop sells it
    grok = state(store, token)["characters"]["c1"]
    assert 114 in grok["items"] and grok["gold"] == 30
    assert refused(store, token, ann, "item.gain",
                   {"item": 114}).message == "A character may own only one copy of an item."
    assert refused(store, token, ann, "item.gain", {"item": 500}).field == "item"
    assert refused(store, token, bo, "item.gain", {"item": 1, "character": "c1"}).field == "character"
    store.act(token, ann, "item.equip", {"item": 114})
    store.act(token, ann, "item.lose", {"item": 114})
    grok = state(store, token)["characters"]["c1"]
    assert grok["items"] == [] and grok["equipped"] == [] and grok["gold"] == 30
    assert refused(store, token, ann, "item.lose", {"item": 114}).field == "item"


def test_an_item_design_puts_every_copy_in_the_shop(party):
    store, token, ann, bo = party
    assert refused(store, token, ann, "item.buy", {"item": 80}).message == "The shop does not sell that item."
    assert refused(store, token, bo, "design.add", {"item": 3}).message == "The shop sells that item already."
    store.act(token, bo, "design.add", {"item": 80})
    rows = RULES.view(state(store, token), store.seats(token)[ann])["shown"]["shop"]
    row = next(r for r in rows if r["id"] == 80)
    assert row["left"] == data.item(80)["copies"]
    store.act(token, None, "character.adjust", {"character": "c1", "field": "gold", "delta": 200})
    store.act(token, ann, "item.buy", {"item": 80})
    assert 80 in state(store, token)["characters"]["c1"]["items"]


def test_a_character_below_the_prosperity_level_may_level_up_to_it_its_experience_raised(party):
    store, token, ann, _bo = party
    store.act(token, ann, "character.adjust", {"field": "experience", "delta": 20})
    assert refused(store, token, ann, "character.level_up", {}).message == "Not enough experience for the next level."
    store.act(token, None, "prosperity.adjust", {"delta": 4})  # prosperity 2
    shown = RULES.view(state(store, token), store.seats(token)[ann])["shown"]["mine"]
    assert shown["level_up_by_prosperity"] and not shown["level_up_due"]
    assert store.table(token).rules.child_offers(state(store, token),
                                                 store.seats(token))  # optional: the scenario is still offered
    store.act(token, ann, "character.level_up", {"card": "Warding Strength"})
    grok = state(store, token)["characters"]["c1"]
    assert (grok["level"], grok["experience"], grok["cards"]) == (2, 45, ["Warding Strength"])
    assert refused(store, token, ann, "character.level_up", {}).field == "character"  # level 2 = prosperity 2
    assert not RULES.view(state(store, token), store.seats(token)[ann])["shown"]["mine"]["level_up_by_prosperity"]


def shop_row(store, token, seat, item):
    rows = RULES.view(state(store, token), store.seats(token)[seat])["shown"]["shop"]
    return next((r for r in rows if r["id"] == item), None)


def test_a_treasure_item_sold_or_given_back_can_be_bought_again_once(party):
    store, token, ann, bo = party
    store.act(token, ann, "item.gain", {"item": 114})  # the Staff of Xorn: no shop stocks it
    assert shop_row(store, token, bo, 114) is None
    store.act(token, ann, "item.sell", {"item": 114})
    store.act(token, None, "character.adjust", {"character": "c2", "field": "gold", "delta": 100})
    row = shop_row(store, token, bo, 114)
    assert row["left"] == 1 and row["problem"] is None
    assert row["left_working"][0][0].startswith("%(left)d sold or given back to the city")
    store.act(token, bo, "item.buy", {"item": 114})
    assert shop_row(store, token, ann, 114) is None and state(store, token)["supply"] == []
    assert refused(store, token, ann, "item.buy", {"item": 114}).message == "The shop does not sell that item."
    store.act(token, bo, "item.lose", {"item": 114})  # an event took it: back to the city too
    assert shop_row(store, token, ann, 114)["left"] == 1


def test_a_retired_characters_treasure_items_go_back_to_the_city(party):
    store, token, ann, bo = party
    store.act(token, ann, "quest.keep", {"quest": state(store, token)["secrets"][ann]["quest_offer"][0]})
    store.act(token, ann, "item.gain", {"item": 120})
    store.act(token, ann, "item.buy", {"item": 1})
    fulfil_quest(store, token, ann)
    store.act(token, ann, "character.retire", {})
    supply = state(store, token)["supply"]
    assert supply.count(120) == 1 and 1 not in supply  # item 1 is stocked: its copies count by who holds them
    assert shop_row(store, token, bo, 120)["left"] == 1 and shop_row(store, token, bo, 1)["left"] == 2


def test_each_level_above_one_has_its_ability_card_noted_also_for_a_character_created_above_one(tmp_path):
    store, token, ann, bo = new_campaign(tmp_path)
    store.act(token, None, "prosperity.adjust", {"delta": 9})  # prosperity 3
    store.act(token, ann, "character.create", {"class": "brute", "name": "Grok", "level": 3})
    assert refused(store, token, ann, "character.card", {"level": 4, "card": "Skewer"}).field == "level"
    store.act(token, ann, "character.card", {"level": 3, "card": "Skewer"})
    store.act(token, ann, "character.adjust", {"field": "experience", "delta": 55})  # 150: level 4
    store.act(token, ann, "character.level_up", {"card": "Juggernaut"})
    shown = RULES.view(state(store, token), store.seats(token)[bo])["shown"]["sheets"][0]
    assert shown["ability_cards"] == [(2, ""), (3, "Skewer"), (4, "Juggernaut")]
    assert refused(store, token, bo, "character.card",
                   {"character": "c1", "level": 2, "card": "X"}).field == "character"


def test_goals_of_scenarios_completed_and_gold_donated_count_from_the_sheet_or_the_note_if_more(tmp_path):
    from companion.games.gloomhaven.campaign import town
    store, token, ann, _bo = new_campaign(tmp_path)
    store.act(token, ann, "character.create", {"class": "brute", "name": "Grok", "level": 1})
    store.act(token, None, "character.adjust", {"character": "c1", "field": "gold", "delta": 100})
    lines = {"c1": {"experience": 1}}
    for number, outcome in ((1, "failure"), (1, "success"), (52, "success")):
        if number not in state(store, token)["unlocked"]:
            store.act(token, ann, "scenario.unlock", {"scenario": number})
        store.act(token, ann, "donate", {})
        store.act(token, ann, "scenario.complete",
                  {"scenario": number, "outcome": outcome, "level": 1, "characters": lines})
        store.act(token, ann, "result.confirm", {})
    grok = state(store, token)["characters"]["c1"]
    assert grok["scenarios_won"] == [1, 52] and grok["donated_gold"] == 30
    quests = {q["id"]: q for q in data.personal_quests()}
    for quest, done in ((518, 2), (522, 1), (525, 30)):  # Eternal Wanderer, The Thin Places, Piety in All Things
        secret = {"quest": quest, "progress": [0]}
        assert town.goal_progress(secret, grok) == [done], quests[quest]["name"]
        assert town.goal_progress({"quest": quest, "progress": [done + 5]}, grok) == [done + 5]  # noted before: more
    assert town.goal_progress({"quest": 520, "progress": [0, 0]},
                              {**grok, "items": [113]})[0] == 1  # Skullbane Axe owned


@pytest.mark.parametrize("quest", [q["id"] for q in data.personal_quests()])
def test_every_personal_quest_can_be_fulfilled_and_its_character_retire(quest):
    from companion.games.gloomhaven.campaign import town
    table = quest_table(quest, "s1")
    for index, goal in enumerate(town.personal_quest(quest)["goals"]):
        kind, values = (goal.get("tracks") or {}).get("kind"), (goal.get("tracks") or {}).get("values") or ()
        if kind in ("gold_held", "battle_goals"):
            field = "gold" if kind == "gold_held" else "checkmarks"
            delta = goal["count"] - table.state["characters"]["c1"][field]
            table.act(None, "character.adjust", character="c1", field=field, delta=delta)
        elif kind in ("item", "items_of_slot"):
            fitting = [i["id"] for i in data.items() if (i["id"] in values if kind == "item" else i["slot"] in values)]
            for item in fitting[:goal["count"]]:
                if item not in table.state["characters"]["c1"]["items"]:
                    table.act("s1", "item.gain", item=item)
        else:
            table.act("s1", "quest.progress", goal=index, progress=goal["count"])
    assert quest_shown(table.state)["fulfilled"]
    table.act("s1", "character.retire")
    assert table.state["characters"]["c1"]["retired"] and table.state["prosperity"] == 1
