"""The Gloomhaven campaign table through the pages and the JSON API: two
phones create characters, the sheets show on every phone, the personal
quests stay with their seat (pages, streams, history and API)."""

from __future__ import annotations

import html
import re

import pytest

from test_web_gloomhaven_map import fresh_page, kept_draws  # noqa: F401 (a fixture)
from web_support import csrf_from, first_message, join_seat, location_path, seat_key


def create_campaign(host) -> str:
    host.load_csrf("/")
    response = host.post("/tables", {"game": "gloomhaven-campaign", "name": "Our campaign", "party": "Lanterns"})
    assert response.status_code == 302, response.get_data(as_text=True)
    host.token = re.fullmatch(r"/t/([^/]+)/qr", location_path(response)).group(1)
    return host.token


@pytest.fixture
def campaign(host):
    return create_campaign(host)


@pytest.fixture
def ann(new_phone, campaign):
    phone = join_seat(new_phone(), campaign, "Ann")
    assert phone.act("character.create", **{"class": "brute", "name": "Grok", "level": "1"}).status_code == 200
    return phone


@pytest.fixture
def bo(new_phone, campaign):
    phone = join_seat(new_phone("192.168.1.21"), campaign, "Bo")
    assert phone.act("character.create", **{"class": "tinkerer", "name": "Tink", "level": "1"}).status_code == 200
    return phone


def quests_of(store, token, seat_id):
    return store.state(token)[1]["secrets"][seat_id]["quest_offer"]


def test_both_sheets_show_on_every_phone_with_the_working(ann, bo, campaign):
    for phone in (ann, bo):
        page = phone.page(f"/t/{campaign}")
        assert "Grok" in page and "Tink" in page
        assert "Lanterns" in page
    own = ann.page(f"/t/{campaign}")
    assert "Create the character" not in own
    assert "Price 20 = cost 20 +0 (reputation 0)" in own  # Boots of Striding, tap to see


def test_a_personal_quest_is_seen_by_its_seat_only(ann, bo, campaign, store):
    offered = quests_of(store, campaign, ann.seat_id)
    assert len(offered) == 2
    assert ann.act("quest.keep", quest=str(offered[0])).status_code == 200
    from companion.games.gloomhaven import data
    name = next(q["name"] for q in data.personal_quests() if q["id"] == offered[0])
    assert name in ann.page(f"/t/{campaign}")
    assert name not in bo.page(f"/t/{campaign}")
    assert name not in first_message(bo, f"/t/{campaign}/events")
    assert not re.search(rf"\b{offered[0]}\b", bo.page(f"/t/{campaign}/history"))  # not inside a token or key
    api = bo.client.get(f"/api/tables/{campaign}", headers={"X-Seat-Key": _seat_key(bo, campaign)}).get_json()
    assert name not in str(api) and str(offered[0]) not in str(api.get("state", {}).get("secrets", ""))


def _seat_key(browser, token):
    from web_support import seat_key
    return seat_key(browser, token)


def test_a_refused_purchase_names_the_field_and_changes_nothing(ann, campaign, store):
    before = store.state(campaign)
    response = ann.act("item.buy", item="15")
    assert response.status_code == 422
    assert "The shop does not sell that item." in response.get_data(as_text=True)
    assert store.state(campaign) == before


@pytest.mark.parametrize("language", ["en", "zh_Hans", "ja"])
def test_pages_render_in_each_language(ann, campaign, language):
    ann.client.set_cookie("lang", language)
    assert ann.client.get(f"/t/{campaign}?lang={language}").status_code == 200


def test_the_table_display_shows_the_party_but_no_quest(ann, bo, campaign, host, store):
    offered = quests_of(store, campaign, ann.seat_id)
    ann.act("quest.keep", quest=str(offered[0]))
    from companion.games.gloomhaven import data
    name = next(q["name"] for q in data.personal_quests() if q["id"] == offered[0])
    page = host.page(f"/t/{campaign}/display")
    assert "Grok" in page and "Black Barrow" in page and name not in page


def test_the_history_names_who_did_what(ann, bo, campaign):
    ann.act("item.buy", item="1")
    page = bo.page(f"/t/{campaign}/history")
    assert "bought an item" in page and "created a character" in page


def test_the_campaign_page_offers_the_next_scenario_and_starts_it_for_both_phones(ann, bo, campaign, monkeypatch,
                                                                                   store):
    from companion import games
    from companion.games.gloomhaven.campaign.rules import RULES
    from tests.games.gloomhaven.campaign.campaign_support import StandInScenario
    monkeypatch.setitem(games.table_types(), "gloomhaven", StandInScenario())
    page = ann.page(f"/t/{campaign}")
    assert "Play scenario 1: Black Barrow" in page
    offer = RULES.child_offers(store.state(campaign)[1], store.seats(campaign))[0].id
    response = ann.post(f"/t/{campaign}/children", {"offer": offer}, htmx=True)
    assert response.status_code in (204, 302), response.get_data(as_text=True)
    child = store.children(campaign)[0]
    assert child.game == "gloomhaven" and store.state(child.token)[1]["options"]["scenario"] == 1
    assert child.name in bo.page(f"/t/{campaign}")


def test_a_reputation_milestone_says_what_to_do(ann, campaign, host):
    for _ in range(10):
        ann.act("reputation.adjust", delta="1")
    assert "Reputation milestone: open the sealed box (sun box)." in ann.page(f"/t/{campaign}")


def paper_form_fields(page: str) -> set[str]:
    form = re.search(r'<form[^>]*>\s*<input type="hidden" name="type" value="scenario.complete">.*?</form>', page, re.S)
    assert form, "the page has no form for a scenario played on paper"
    return set(re.findall(r'name="([^"]+)"', form.group(0)))


def test_a_scenario_played_on_paper_is_recorded_from_the_page_and_each_player_confirms(ann, bo, campaign, store):
    page = ann.page(f"/t/{campaign}")
    cids = {c["name"]: c["id"] for c in store.state(campaign)[1]["characters"].values()}
    grok, tink = cids["Grok"], cids["Tink"]
    assert paper_form_fields(page) >= {"scenario", "outcome", "level", f"characters.{grok}.experience",
                                       f"characters.{tink}.coins", f"characters.{tink}.checkmarks"}
    assert 'name="level" type="number" min="0" max="7" inputmode="numeric" value="1"' in page  # two level-1 characters
    response = ann.act("scenario.complete", scenario="1", outcome="success", level="1",
                       **{f"characters.{grok}.experience": "5", f"characters.{grok}.coins": "3",
                          f"characters.{grok}.checkmarks": "1", f"characters.{tink}.experience": "2",
                          f"characters.{tink}.coins": "", f"characters.{tink}.checkmarks": "0"})
    assert response.status_code == 200, response.get_data(as_text=True)
    state = store.state(campaign)[1]
    assert state["completed"] == [1] and 2 in state["unlocked"]
    # Level 1: 6 bonus experience, 2 gold a coin; nothing on the sheets until each player confirms.
    assert [(line["experience"], line["gold"], line["checkmarks"]) for line in state["pending"][grok]] == [(11, 6, 1)]
    assert [(line["experience"], line["gold"], line["checkmarks"]) for line in state["pending"][tink]] == [(8, 0, 0)]
    assert "Scenario 1 (success): +11 experience, +6 gold, +1 checkmarks" in ann.page(f"/t/{campaign}")
    assert ann.act("result.confirm", character=grok).status_code == 200
    assert bo.act("result.confirm", character=tink).status_code == 200
    sheets = store.state(campaign)[1]["characters"]
    assert (sheets[grok]["experience"], sheets[grok]["gold"], sheets[grok]["checkmarks"]) == (11, 36, 1)
    assert (sheets[tink]["experience"], sheets[tink]["gold"], sheets[tink]["checkmarks"]) == (8, 30, 0)


@pytest.mark.parametrize("fields, message", [
    ({"characters.c1.experience": "-3"}, "Experience, coins and checkmarks are whole numbers from 0 to 999."),
    ({"characters.c1.coins": "lots"}, "Experience, coins and checkmarks are whole numbers from 0 to 999."),
    ({"characters.c9.experience": "3"}, "No such character."),
    ({"characters.c1.bribes": "3"}, "List each character’s experience, coins and checkmarks."),
    ({}, "List each character’s experience, coins and checkmarks."),
])
def test_a_bad_paper_result_is_refused_and_changes_nothing(ann, campaign, store, fields, message):
    before = store.state(campaign)
    response = ann.act("scenario.complete", scenario="1", outcome="success", level="1", **fields)
    assert response.status_code == 422
    assert message.replace("’", "'") in response.get_data(as_text=True).replace("&#39;", "'").replace("’", "'")
    assert store.state(campaign) == before


def test_a_locked_scenario_cannot_be_recorded_on_paper(ann, campaign, store):
    before = store.state(campaign)
    response = ann.act("scenario.complete", scenario="2", outcome="success", level="1",
                       **{"characters.c1.experience": "3"})
    assert response.status_code == 422 and "That scenario is not available." in response.get_data(as_text=True)
    assert store.state(campaign) == before


def test_while_a_scenario_is_played_the_sheet_says_to_level_up_back_in_town(ann, bo, campaign, monkeypatch, store):
    from companion import games
    from companion.games.gloomhaven.campaign.rules import RULES
    from tests.games.gloomhaven.campaign.campaign_support import StandInScenario
    monkeypatch.setitem(games.table_types(), "gloomhaven", StandInScenario())
    offer = RULES.child_offers(store.state(campaign)[1], store.seats(campaign))[0].id
    ann.post(f"/t/{campaign}/children", {"offer": offer}, htmx=True)
    ann.act("character.adjust", field="experience", delta="45")  # gained while out of town
    page = ann.page(f"/t/{campaign}")
    assert "Level up</button>" not in page
    assert "level up back in town, once the scenario’s result has come back" in page
    assert "Being played: the party is out of town until its result comes back." in page
    response = ann.act("character.level_up")
    assert response.status_code == 422
    assert "Level up in town: the party is playing scenario 1" in response.get_data(as_text=True)
    assert ann.act("scenario.abandon", offer=offer).status_code == 200
    assert "Level up</button>" in ann.page(f"/t/{campaign}")


def test_the_home_page_asks_which_printing_and_the_campaign_keeps_its_track(host, new_phone, store):
    page = host.page("/")
    assert 'name="printing"' in page and '<option value="second" selected>' in page
    host.load_csrf("/")
    response = host.post("/tables", {"game": "gloomhaven-campaign", "name": "Old box", "party": "Lanterns",
                                     "printing": "first"})
    token = re.fullmatch(r"/t/([^/]+)/qr", location_path(response)).group(1)
    assert store.state(token)[1]["printing"] == "first"
    phone = join_seat(new_phone(), token, "Ann")
    phone.act("prosperity.adjust", delta="4")
    shown = phone.page(f"/t/{token}")
    assert "Prosperity 1: 4 checkmarks (level 1 needs 0, the next 5)" in shown
    assert "The first printing’s track (unconfirmed: check your map board)" in shown


def test_the_page_has_forms_for_what_events_and_treasures_change(ann, campaign, store):
    page = ann.page(f"/t/{campaign}")
    for action in ("character.adjust", "scenario.unlock", "class.unlock", "achievement.remove", "item.gain",
                   "design.add"):
        assert f'name="type" value="{action}"' in page, action
    assert 'name="type" value="item.lose"' not in page  # nothing owned to lose yet
    assert ann.act("item.gain", character="c1", item="114").status_code == 200
    assert ann.act("design.add", item="80").status_code == 200
    page = ann.page(f"/t/{campaign}")
    assert 'name="type" value="item.lose"' in page and "Staff of Xorn" in page and "80 " in page
    assert "Beast Tyrant" not in page  # a sealed class goes by its symbol
    assert ann.act("character.adjust", character="c1", field="gold", delta="-12").status_code == 200
    assert ann.act("scenario.unlock", scenario="52").status_code == 200
    assert ann.act("class.unlock", **{"class": "two-mini"}).status_code == 200
    assert ann.act("achievement.remove", achievement="city-rule-militaristic", scope="global").status_code == 200
    state = store.state(campaign)[1]
    assert state["characters"]["c1"]["gold"] == 30 - 12 and 52 in state["unlocked"]
    assert "two-mini" in state["unlocked_classes"] and "city-rule-militaristic" not in state["global_achievements"]
    assert "Beast Tyrant" in ann.page(f"/t/{campaign}")  # once unlocked, by its name


def test_the_party_returns_to_gloomhaven_from_the_page(ann, campaign, store):
    assert 'name="location"' in ann.page(f"/t/{campaign}")
    assert ann.act("party.set", location="Black Barrow").status_code == 200
    assert ann.act("party.set", location="Gloomhaven").status_code == 200
    assert store.state(campaign)[1]["party"]["location"] == "Gloomhaven"


def test_a_scenarios_reward_items_and_shared_gold_are_settled_from_the_page(ann, bo, campaign, store):
    ann.act("scenario.unlock", scenario="68")  # Toxic Moor: two Major Healing Potions (item 27)
    ann.act("scenario.unlock", scenario="55")  # Foggy Thicket: 10 gold for the party
    for number in ("68", "55"):
        assert ann.act("scenario.complete", scenario=number, outcome="success", level="1",
                       **{"characters.c1.experience": "1", "characters.c2.experience": "1"}).status_code == 200
    page = bo.page(f"/t/{campaign}")
    assert "Scenario 68’s reward: item 27 Major Healing Potion for one character (2 left)." in page
    assert "Scenario 55’s reward: 10 gold for the party to share as it likes." in page
    assert 'name="shares.c1"' in page and 'name="shares.c2"' in page
    dues = store.state(campaign)[1]["due"]
    gold, item = (next(d["id"] for d in dues if d["kind"] == kind) for kind in ("gold", "item"))
    assert ann.act("reward.item", due=str(item), character="c1").status_code == 200
    assert "A character may own only one copy of an item." in ann.page(f"/t/{campaign}")  # Ann's copy is taken
    assert "Take it for Tink" in bo.page(f"/t/{campaign}")
    response = bo.act("reward.gold", due=str(gold), **{"shares.c1": "4", "shares.c2": "4"})
    assert response.status_code == 422 and "The shares add up to 8 gold, not 10." in response.get_data(as_text=True)
    assert bo.act("reward.gold", due=str(gold), **{"shares.c1": "4", "shares.c2": "6"}).status_code == 200
    sheets = store.state(campaign)[1]["characters"]
    assert 27 in sheets["c1"]["items"] and (sheets["c1"]["gold"], sheets["c2"]["gold"]) == (34, 36)
    assert "gold for the party to share" not in bo.page(f"/t/{campaign}")


def test_a_perkless_classs_perk_lines_are_entered_from_the_page_and_marked(new_phone, campaign, store):
    phone = join_seat(new_phone(), campaign, "Cy")
    phone.act("character.create", **{"class": "scoundrel", "name": "Sly", "level": "1"})
    page = phone.page(f"/t/{campaign}")
    assert 'name="type" value="class.perk_line"' in page and 'name="type" value="perk.take"' not in page
    response = phone.act("class.perk_line",
                         **{"class": "scoundrel", "text": "", "boxes": "2", "remove": "-2", "add": "+0 rolling"})
    assert response.status_code == 200, response.get_data(as_text=True)
    phone.act("character.adjust", field="checkmarks", delta="3")
    assert phone.act("perk.take", perk="0").status_code == 200
    page = phone.page(f"/t/{campaign}")
    assert "− 1× -2 + 1× +0 ⟳" in page and "1/2 · entered" in page
    assert "Attack modifier deck (20 cards)" in page and "-2</th>" not in page


def test_the_two_quests_dealt_stay_off_the_other_seats_live_stream_page_history_and_api(new_phone, campaign, store):
    from companion.games.gloomhaven import data
    from web_support import has_version, open_stream
    ann, bo = join_seat(new_phone(), campaign, "Ann"), join_seat(new_phone("192.168.1.22"), campaign, "Bo")
    names = {q["id"]: q["name"] for q in data.personal_quests()}
    with open_stream(bo, f"/t/{campaign}/events") as theirs, open_stream(ann, f"/t/{campaign}/events") as own:
        theirs.read(until=has_version)
        own.read(until=has_version)
        ann.act("character.create", **{"class": "brute", "name": "Grok", "level": "1"})
        dealt = quests_of(store, campaign, ann.seat_id)
        seen_by_bo, seen_by_ann = theirs.read(until=has_version), own.read(until=has_version)
        assert all(names[q] in seen_by_ann for q in dealt)  # the owner's stream carries them
        assert "Grok" in seen_by_bo and not any(names[q] in seen_by_bo for q in dealt)
        ann.act("quest.keep", quest=str(dealt[1]))
        ann.act("quest.progress", progress="2")
        later = theirs.read(until=has_version) + theirs.read(until=has_version)
        assert not any(names[q] in later for q in dealt)
    for text in (bo.page(f"/t/{campaign}"), bo.page(f"/t/{campaign}/history")):
        assert not any(names[q] in text for q in dealt)
    api = bo.client.get(f"/api/tables/{campaign}", headers={"X-Seat-Key": _seat_key(bo, campaign)}).get_json()
    assert not any(names[q] in str(api) for q in dealt)
    log = bo.client.get(f"/api/tables/{campaign}/log", headers={"X-Seat-Key": _seat_key(bo, campaign)})
    assert log.status_code == 200
    payloads = [entry["payload"] for entry in log.get_json()]
    assert {"class": "brute", "level": 1, "name": "Grok"} in payloads and {} in payloads  # quest.keep, quest.progress
    assert not any(str(q) in str(payloads) or names[q] in log.get_data(as_text=True) for q in dealt)


def test_the_quest_card_has_each_goals_progress_and_offers_retiring_once_all_are_reached(ann, campaign, store):
    from companion.games.gloomhaven import data
    kept = quests_of(store, campaign, ann.seat_id)[0]
    ann.act("quest.keep", quest=str(kept))
    goals = next(q for q in data.personal_quests() if q["id"] == kept)["goals"]
    page = ann.page(f"/t/{campaign}")
    from html import escape
    for goal in goals:  # each goal with its progress (0 noted; what the sheet holds for a goal it counts)
        progress = re.escape(escape(goal["text"])) + rf": \d+ of {goal['count']}"
        assert re.search(progress, page.replace("&#34;", "&quot;"))
    assert "Retire (quest fulfilled)" not in page and "Once every goal is reached" in page
    from tests.games.gloomhaven.campaign.campaign_support import fulfil_quest
    fulfil_quest(store, campaign, ann.seat_id)  # noted on the page's forms, or the sheet brought up to the goal
    page = ann.page(f"/t/{campaign}")
    assert "Retire (quest fulfilled)" in page and page.count("✓") >= len(goals)


def test_a_level_up_due_is_said_on_the_scenarios_and_no_scenario_is_offered_until_done(ann, bo, campaign, monkeypatch):
    from companion import games
    from tests.games.gloomhaven.campaign.campaign_support import StandInScenario
    monkeypatch.setitem(games.table_types(), "gloomhaven", StandInScenario())
    assert "Play scenario 1: Black Barrow" in bo.page(f"/t/{campaign}")
    ann.act("character.adjust", field="experience", delta="50")
    page = bo.page(f"/t/{campaign}")
    assert "Level up before the next scenario (compulsory, in town): Grok." in page
    assert "Play scenario 1: Black Barrow" not in page
    assert ann.act("character.level_up", card="Spare Dagger").status_code == 200
    page = bo.page(f"/t/{campaign}")
    assert "Play scenario 1: Black Barrow" in page and "Level up before the next scenario" not in page


def test_events_drawn_are_recorded_by_number_and_notes_kept(ann, bo, campaign, store):
    assert ann.act("event.draw", deck="city", card="12").status_code == 200
    assert bo.act("event.draw", deck="road", card="7").status_code == 200
    assert ann.act("event.draw", deck="road", card="0").status_code == 422  # cards are numbered from 1
    state = store.state(campaign)[1]
    assert state["events_drawn"] == [{"deck": "city", "card": 12, "visit": 0}, {"deck": "road", "card": 7, "visit": 0}]
    assert "Events drawn: City 12, Road 7" in bo.page(f"/t/{campaign}")
    second = bo.act("event.draw", deck="city", card="13")
    assert second.status_code == 422 and "One city event per visit to Gloomhaven" in second.get_data(as_text=True)
    assert bo.act("event.draw", deck="road", card="8").status_code == 200  # road events come with each journey
    ann.act("scenario.complete", scenario="1", outcome="failure", level="1", **{"characters.c1.experience": "0"})
    assert bo.act("event.draw", deck="city", card="13").status_code == 200  # the next visit
    assert ann.act("character.notes", character="c1", notes="Owes Tink 5 gold").status_code == 200
    assert "Owes Tink 5 gold" in ann.page(f"/t/{campaign}")
    assert bo.act("character.notes", character="c1", notes="hacked").status_code == 422  # only its player


def character_card(page: str, cid: str) -> str:
    """The characters list's card of `cid`: up to the next card or the list's end."""
    card = rf'<li class="card character [^"]*" data-character="{cid}">(.*?)(?:<li class="card character|</ul>\s*$)'
    return re.search(card, page.split('<h2 class="caption">Characters</h2>')[1], re.S).group(1)


def test_every_phone_sees_the_rest_of_another_characters_sheet_but_not_its_quest(ann, bo, campaign, store):
    offered = quests_of(store, campaign, ann.seat_id)
    ann.act("quest.keep", quest=str(offered[0]))
    ann.act("item.buy", item="3")  # Hide Armor: adds two −1 cards when equipped
    ann.act("item.equip", item="3")
    ann.act("character.adjust", field="checkmarks", delta="3")
    ann.act("perk.take", perk="0")
    ann.act("character.notes", notes="Saving for a sword")
    page = bo.page(f"/t/{campaign}")
    other = character_card(page, "c1")
    assert "The rest of the sheet" in other and "3 Hide Armor (equipped)" in other
    assert "Attack modifier deck (20 cards)" in other and "Saving for a sword" in other
    assert "(1/1)" in other  # the perk marked
    from companion.games.gloomhaven import data
    assert next(q["name"] for q in data.personal_quests() if q["id"] == offered[0]) not in page
    assert "The rest of the sheet" not in character_card(ann.page(f"/t/{campaign}"), "c1")  # the owner has it all above


def test_shop_items_show_their_slot_uses_and_minus_one_cards_from_the_data(ann, campaign):
    page = ann.page(f"/t/{campaign}")
    boots = page[page.index("Boots of Striding"):][:900]
    assert "legs" in boots and "printed cost 20 gold" in boots
    hide = page[page.index("Hide Armor"):][:900]
    assert "body" in hide and "2 uses" in hide and "adds 2 −1 cards to the deck" in hide


@pytest.mark.parametrize("language", ["zh_Hans", "ja"])
def test_achievements_and_the_personal_quest_are_named_in_the_readers_language(ann, campaign, store, language):
    from companion.games.gloomhaven import data, names
    offered = quests_of(store, campaign, ann.seat_id)
    english = {q["id"]: q["name"] for q in data.personal_quests()}
    accept = {"zh_Hans": "zh-CN", "ja": "ja"}[language]

    def page():
        answer = ann.client.get(f"/t/{campaign}", headers={"Accept-Language": accept})
        assert answer.status_code == 200
        return answer.get_data(as_text=True)
    shown = page()
    for quest in offered:  # the two offered, then the one kept
        assert names.name("personal_quests", quest, language) in shown and english[quest] not in shown
    assert ann.act("quest.keep", quest=str(offered[0])).status_code == 200
    assert ann.act("achievement.add", achievement="First Steps", scope="party").status_code == 200
    shown = page()
    kept = names.name("personal_quests", offered[0], language)
    assert kept != english[offered[0]] and kept in shown and english[offered[0]] not in shown
    for key, english_name in (("first-steps", "First Steps"), ("city-rule-militaristic", "City Rule: Militaristic")):
        translated = names.name("achievements", key, language)
        assert translated != english_name and translated in shown
    assert "First Steps" not in shown


@pytest.mark.parametrize("language", ["zh_Hans", "ja"])
def test_items_are_named_in_the_readers_language_in_the_shop_and_on_the_sheet(ann, campaign, language):
    from companion.games.gloomhaven import names
    accept = {"zh_Hans": "zh-CN", "ja": "ja"}[language]
    assert ann.act("item.buy", item="1").status_code == 200  # Boots of Striding: owned, and still in the shop
    answer = ann.client.get(f"/t/{campaign}", headers={"Accept-Language": accept})
    shown = answer.get_data(as_text=True)
    boots = names.name("items", 1, language)
    assert boots != "Boots of Striding" and shown.count(boots) >= 2 and "Boots of Striding" not in shown
    assert names.name("items", 2, language) in shown and "Winged Shoes" not in shown


@pytest.mark.parametrize("language", ["zh_Hans", "ja"])
def test_perk_lines_are_worded_in_the_readers_language(ann, campaign, language):
    accept = {"zh_Hans": "zh-CN", "ja": "ja"}[language]
    shown = ann.client.get(f"/t/{campaign}", headers={"Accept-Language": accept}).get_data(as_text=True)
    lines = [re.sub(r"\s+", " ", line).strip()
             for line in re.findall(r'<li class="row perk-line"><span class="grow">(.*?)<span', shown, re.S)]
    assert len(lines) == 11  # the Brute's printed perk lines
    push, pierce = {"zh_Hans": ("推动", "穿刺 3"), "ja": ("押し出し", "貫通 3")}[language]
    assert f"+ 3× +0 ⟳ {push} 1" in lines and f"+ 2× +0 ⟳ {pierce}" in lines
    assert not any(word in line for line in lines for word in ("push", "Push", "pierce", "stun", "disarm", "target"))


def words_shown(page: str) -> str:
    """A page's text as a reader sees it: no tags, scripts or styles."""
    page = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
    return html.unescape(re.sub(r"(?s)<[^>]*>", " ", page))


@pytest.mark.parametrize("language", ["zh_Hans", "ja"])
def test_the_campaigns_names_read_in_the_readers_language_and_no_english_is_left(ann, campaign, store, language):
    """Issue 18: the personal quest's goals, a sealed class's symbol, the party's
    place, the class on the sheet and in a town note, the achievements in a
    requirement's reason and the modifier cards all read in Chinese or Japanese."""
    from companion.games.gloomhaven import data, names
    ann.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = {"zh_Hans": "zh-CN", "ja": "ja"}[language]
    quest = quests_of(store, campaign, ann.seat_id)[0]
    assert ann.act("quest.keep", quest=str(quest)).status_code == 200
    for action, fields in (("class.unlock", {"class": "two-mini"}), ("scenario.unlock", {"scenario": "2"}),
                           ("achievement.add", {"achievement": "the-merchant-flees", "scope": "global"}),
                           ("scenario.unlock", {"scenario": "3"})):
        assert ann.act(action, **fields).status_code == 200, action
    shown = words_shown(ann.page(f"/t/{campaign}"))
    goals = next(q["goals"] for q in data.personal_quests() if q["id"] == quest)
    keys = [("personal_quest_goals", f"{quest}.{i}") for i in range(len(goals))] + [
        ("class_symbols", "lightning"), ("places", "Gloomhaven"), ("classes", "brute"), ("classes", "two-mini"),
        ("achievements", "first-steps"), ("achievements", "the-merchant-flees")]
    assert [key for key in keys if names.name(*key, language) not in shown] == []
    assert [key for key in keys if re.search(rf"\b{re.escape(names.english(*key))}\b", shown)] == []
    typed = {"Grok", "Lanterns", "Our", "campaign", "English", "companion"}  # names typed at the table, the menu
    assert sorted(set(re.findall(r"[A-Za-z]{4,}", shown)) - typed) == []


# -- the campaign stops waiting for a scenario table -------------------------------------------

def follow_links(page: str) -> list[str]:
    """Where a display page goes by itself (its follow card's links, app.js: data-follow)."""
    return re.findall(r'<a [^>]*href="([^"]+)"[^>]*data-follow', page)


def play_scenario_1(phone, campaign: str, store) -> tuple[str, str]:
    """Play scenario 1 from the campaign's page: (the offer, the scenario table's token)."""
    from companion.games.gloomhaven.campaign.rules import RULES
    offer = next(o.id for o in RULES.child_offers(store.state(campaign)[1], store.seats(campaign))
                 if o.options["scenario"] == 1)
    response = phone.post(f"/t/{campaign}/children", {"offer": offer}, htmx=True)
    return offer, re.fullmatch(r"/t/([^/]+)", response.headers["HX-Redirect"]).group(1)


def test_once_the_campaign_stops_waiting_the_scenarios_display_and_phones_are_led_back(ann, bo, campaign,
                                                                                        new_phone, store):
    offer, scenario = play_scenario_1(ann, campaign, store)
    tablet = new_phone("192.168.1.30")  # no seat anywhere: the display, which followed into the scenario
    assert follow_links(tablet.page(f"/t/{scenario}/display")) == []
    assert "stopped waiting" not in bo.page(f"/t/{scenario}")
    version = store.table(scenario).version
    assert ann.act("scenario.abandon", offer=offer).status_code == 200
    assert store.table(scenario).version == version + 1  # the scenario's streams hear of it
    assert follow_links(tablet.page(f"/t/{scenario}/display")) == [f"/t/{campaign}/display"]
    on_phone = bo.page(f"/t/{scenario}")
    assert "Our campaign stopped waiting for this table’s result." in on_phone
    assert f'class="button primary follow-go" href="/t/{campaign}">Back to Our campaign' in on_phone
    assert "stopped waiting for this table’s result at Our campaign" in bo.page(f"/t/{scenario}/history")
    # Back at the campaign nothing leads to the scenario any more.
    assert follow_links(tablet.page(f"/t/{campaign}/display")) == []
    assert "Go to 1 Black Barrow" not in bo.page(f"/t/{campaign}")


def test_playing_the_scenario_again_after_stopping_waits_for_the_same_table_again(ann, bo, campaign, store):
    offer, scenario = play_scenario_1(ann, campaign, store)
    ann.act("scenario.abandon", offer=offer)
    assert play_scenario_1(ann, campaign, store) == (offer, scenario)
    assert store.state(campaign)[1]["playing"] == [offer]
    assert "stopped waiting" not in bo.page(f"/t/{scenario}")
    assert "Go to 1 Black Barrow" in bo.page(f"/t/{campaign}")
    assert "waits for its result again" in bo.page(f"/t/{scenario}/history")


def test_undoing_stop_waiting_takes_the_way_back_away_again(ann, bo, campaign, store):
    offer, scenario = play_scenario_1(ann, campaign, store)
    ann.act("scenario.abandon", offer=offer)
    assert "stopped waiting for this table’s result." in bo.page(f"/t/{scenario}")
    ann.csrf = csrf_from(ann.page(f"/t/{campaign}"))
    assert ann.post(f"/t/{campaign}/undo", {}, htmx=True).status_code == 200
    assert "stopped waiting for this table’s result." not in bo.page(f"/t/{scenario}")
    assert "Go to 1 Black Barrow" in bo.page(f"/t/{campaign}")


@pytest.mark.parametrize("accept, title", [("zh-CN", "1 黑色古冢"), ("ja", "1 黒い塚")])
def test_a_scenario_table_is_titled_in_the_readers_language_and_keeps_its_stored_name(ann, bo, campaign, new_phone,
                                                                                      store, accept, title):
    _, scenario = play_scenario_1(ann, campaign, store)

    def read(phone, path: str) -> str:
        return phone.client.get(path, headers={"Accept-Language": accept}).get_data(as_text=True)
    tablet = new_phone("192.168.1.30")
    pages = {"phone": read(bo, f"/t/{scenario}"), "display": read(tablet, f"/t/{scenario}/display"),
             "history": read(bo, f"/t/{scenario}/history"), "campaign": read(bo, f"/t/{campaign}"),
             "campaign's history": read(bo, f"/t/{campaign}/history")}
    for where, page in pages.items():
        assert title in page and "Black Barrow" not in page, where
    assert f"<title>{title} · companion</title>" in pages["phone"]  # the page's title and its bar
    assert f'<a class="brand" href="/t/{scenario}">{title}</a>' in pages["phone"]
    assert store.table(scenario).name == "1 Black Barrow"
    assert "<title>1 Black Barrow · companion</title>" in bo.page(f"/t/{scenario}")  # in English


def other_sheet(page: str, character: str) -> str:
    """The rest of `character`'s sheet on another seat's page."""
    card = page[page.index(f'data-character="{character}">'):]
    rest = card[card.index('<details class="other-sheet">'):]
    return rest[:rest.index("</details>") + len("</details>")]


def test_another_characters_sheet_is_drawn_again_only_when_what_it_shows_changes(kept_draws, ann, bo, campaign,
                                                                                   app):
    """Gold, experience and checkmarks show beside it: a coin spent leaves
    the rest of the sheet as it was drawn; a note changed draws it again, as
    a server with nothing kept draws it."""
    ann.page(f"/t/{campaign}")
    drawn = len(kept_draws)
    assert bo.act("character.adjust", field="gold", delta="-5").status_code == 200
    assert '<dd class="value gold">25</dd>' in ann.page(f"/t/{campaign}")
    # (Bo's own shop, in Bo's answer, draws again the items whose row changed for Bo.)
    assert "other sheet" not in kept_draws[drawn:]
    assert bo.act("character.notes", notes="Owes Grok five gold").status_code == 200
    page = ann.page(f"/t/{campaign}")
    assert [piece for piece in kept_draws[drawn:] if piece != "shop item"] == ["other sheet"]
    assert "Owes Grok five gold" in other_sheet(page, "c2")
    assert other_sheet(page, "c2") == other_sheet(fresh_page(app, campaign, seat_key(ann, campaign)), "c2")
