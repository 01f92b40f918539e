"""The campaign with the real `gloomhaven` scenario table as its linked child:
the scenario starts with the party's characters already seated, and its end
summary comes back to the campaign's sheets."""




def start_scenario(store, token, seat, number):
    rules = store.table(token).rules
    offer = next(o for o in rules.child_offers(store.state(token)[1], store.seats(token))
                 if o.options["scenario"] == number)
    return store.create_child(token, offer.id, seat)


def test_a_scenario_started_from_the_campaign_seats_the_partys_characters(party):
    store, token, ann, _ = party
    child = start_scenario(store, token, ann, 1)
    state = store.state(child.token)[1]
    seats = store.seats(child.token)
    by_name = {seats[seat].name: who for seat, who in state["characters"].items()}
    assert {name: (who["class"], who["name"], who["level"]) for name, who in by_name.items()} == {
        "Ann": ("brute", "Grok", 1), "Bo": ("tinkerer", "Tink", 1)}
    assert state["scenario"] == 1 and state["waiting_characters"] == []


def test_the_scenarios_end_summary_comes_back_to_the_campaign(party):
    store, token, ann, bo = party
    child = start_scenario(store, token, ann, 1)
    first = next(iter(store.seats(child.token)))
    store.act(child.token, first, "scenario.start", {})
    store.act(child.token, first, "scenario.end", {"outcome": "success"})
    rules = store.table(child.token).rules
    for seat in store.seats(child.token):
        assert rules.result(store.state(child.token)[1]) is None  # not before every player has confirmed
        store.act(child.token, seat, "summary.confirm", {})
    assert rules.result(store.state(child.token)[1])["outcome"] == "success"
    store.report(child.token, first)
    state = store.state(token)[1]
    assert state["completed"] == [1]
    store.act(token, ann, "result.confirm", {})
    store.act(token, bo, "result.confirm", {})
    sheets = store.state(token)[1]["characters"]
    # Black Barrow at level 1 gives bonus experience on success (4 + 2 × level), no coins were looted.
    assert sorted(sheet["experience"] for sheet in sheets.values()) == [6, 6]


def test_the_partys_difficulty_and_levels_set_the_scenario_tables_level(party):
    store, token, ann, _bo = party
    store.act(token, None, "character.adjust", {"character": "c1", "field": "experience", "delta": 100})
    store.act(token, ann, "character.level_up", {})
    store.act(token, ann, "character.level_up", {})  # Grok level 3, Tink level 1: recommended ceil(2 / 2) = 1
    store.act(token, ann, "party.set", {"difficulty": "hard"})
    child = start_scenario(store, token, ann, 1)
    store.act(child.token, next(iter(store.seats(child.token))), "scenario.start", {})
    state = store.state(child.token)[1]
    assert state["difficulty"] == "hard" and state["level"] == 1 + 1
    assert sorted(who["level"] for who in state["characters"].values()) == [1, 3]


def test_a_scenario_started_from_the_campaign_knows_each_characters_modifier_deck(party):
    """Perks, items' −1 cards and the sanctuary's bless cards go into the scenario's deck."""
    store, token, ann, bo = party
    store.act(token, ann, "character.adjust", {"field": "checkmarks", "delta": 6})
    store.act(token, ann, "perk.take", {"perk": 0})  # Brute: remove two −1 cards
    store.act(token, ann, "perk.take", {"perk": 4})  # add three rolling +0 push 1
    child = start_scenario(store, token, ann, 1)
    state = store.state(child.token)[1]
    seats = store.seats(child.token)
    grok = next(who for seat, who in state["characters"].items() if seats[seat].name == "Ann")
    tink = next(who for seat, who in state["characters"].items() if seats[seat].name == "Bo")
    from companion.games.gloomhaven import modifiers
    assert grok["deck_from"] == "campaign" and tink["deck_from"] == "campaign"
    assert modifiers.mix_of(grok["deck"]) == {"+0": 6, "+1": 5, "+2": 1, "-1": 3, "-2": 1, "null": 1,
                                              "r+0 push 1": 3, "x2": 1}
    assert modifiers.pile_size(tink["deck"]) == 20
    # An attack through the store draws Grok's card from that deck.
    grok_seat = next(seat for seat in seats if seats[seat].name == "Ann")
    store.act(child.token, grok_seat, "scenario.start", {})
    for number, seat in enumerate(seats):
        store.act(child.token, seat, "initiative.choose", {"initiative": 10 + number, "second": 50})
    standee = store.state(child.token)[1]["standees"][0]["id"]
    store.act(child.token, grok_seat, "character.attack", {"standee": standee, "base": 2})
    after = store.state(child.token)[1]
    assert modifiers.pile_size(after["characters"][grok_seat]["deck"]) + len(after["attacks"][0]["drawn"]) == 21
