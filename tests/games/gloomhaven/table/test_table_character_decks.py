"""Each character's attack modifier deck, drawn by the app (rulebook,
"Attack modifier cards", p. 11): the standard deck at a standalone table,
perks applied once, bless, curse and −1 cards, the server's draws recorded
so undo, redo and replay give the same card, the reshuffle at the round's
end, and "I drew this myself" still accepted."""

import pytest

from companion.games.gloomhaven import character_decks, modifiers
from companion.games.gloomhaven.rules import RULES
from tests import harness
from tests.games.gloomhaven.table.table_support import started


def choose_both(table):
    table.act("s1", "initiative.choose", initiative=10, second=40)
    table.act("s2", "initiative.choose", initiative=60, second=20)


def deck(table, seat="s1") -> dict:
    return table.state["characters"][seat]["deck"]


def test_a_standalone_character_starts_with_the_class_base_deck():
    table = started()
    assert modifiers.mix_of(deck(table)) == {"+0": 6, "+1": 5, "-1": 5, "+2": 1, "-2": 1, "x2": 1, "null": 1}
    assert table.state["characters"]["s1"]["deck_from"] == "class"


def test_a_characters_attack_is_drawn_from_its_own_deck_on_the_server_with_the_working():
    table = started()
    choose_both(table)
    target = table.state["standees"][0]
    monster_deck = modifiers.pile_size(table.state["modifiers"])
    table.act("s1", "character.attack", standee=target["id"], base=2)
    attack = table.state["attacks"][0]
    drawn = table.log[-1]["payload"]["drawn"]
    assert attack["drawn"] == drawn and len(drawn) == 1
    assert modifiers.pile_size(deck(table)) == 19 and deck(table)["cards"]["discard"] == drawn
    assert modifiers.pile_size(table.state["modifiers"]) == monster_deck  # the monsters' deck is untouched
    line = next(entry for entry in attack["working"] if entry[0].startswith("drawn by the app"))
    assert line[1] == {"name": "Brute", "cards": drawn[0], "left": 19}
    assert table.replayed() == table.state
    assert any(drawn[0] in str(params.get("cards")) for _msg, params in table.history("s1")[-1:])


def test_cards_the_player_drew_themselves_are_still_accepted_and_leave_the_apps_deck_alone():
    table = started()
    choose_both(table)
    target = table.state["standees"][0]
    table.act("s1", "character.attack", standee=target["id"], base=2, cards="+1")
    assert modifiers.pile_size(deck(table)) == 20
    assert ["cards drawn by hand: %(cards)s", {"cards": "+1"}] in table.state["attacks"][0]["working"]
    assert "drawn" not in table.log[-1]["payload"]


def test_a_summon_draws_from_its_summoners_deck():
    table = started()
    table.act("s1", "summon.add", name="Bear", hp=8)
    choose_both(table)
    summon = table.state["characters"]["s1"]["summons"][0]["id"]
    table.act("s1", "character.attack", standee=table.state["standees"][0]["id"], summon=summon, base=2)
    assert modifiers.pile_size(deck(table)) == 19 and modifiers.pile_size(deck(table, "s2")) == 20


def test_advantage_draws_two_and_the_better_counts():
    table = started()
    choose_both(table)
    target = table.state["standees"][0]
    table.act_drawn("s1", "character.attack", {"drawn": ["-1", "+2"]}, standee=target["id"], base=3,
                    mode="advantage")
    attack = table.state["attacks"][0]
    assert attack["counted"] == ["+2"] and attack["ignored"] == ["-1"]
    assert modifiers.pile_size(deck(table)) == 18


def test_rolling_cards_draw_on_and_a_drawn_null_reshuffles_at_the_rounds_end():
    table = started()
    table.act("s1", "deck.perks", perks="5")  # Brute: add three rolling +0 push 1
    choose_both(table)
    target = table.state["standees"][0]
    table.act_drawn("s1", "character.attack", {"drawn": ["r+0 push 1", "null"]}, standee=target["id"], base=3)
    assert table.state["attacks"][0]["damage"] == 0
    assert deck(table)["reshuffle"] is True and modifiers.pile_size(deck(table)) == 21
    for _ in range(12):
        if table.state["phase"] == "choosing":
            break
        table.act("s1", "turn.next", for_them=True)
    assert table.state["phase"] == "choosing"
    assert modifiers.pile_size(deck(table)) == 23 and deck(table)["reshuffle"] is False
    assert ["%(name)s's modifier deck was reshuffled.", {"name": "Brute"}] in table.state["news"]


def test_a_drawn_bless_leaves_the_deck_and_a_monsters_curse_goes_into_the_targets_deck():
    table = started()
    table.act("s1", "deck.card", card="bless")
    assert modifiers.count_of(deck(table), "bless") == 1
    choose_both(table)
    target = table.state["standees"][0]
    table.act_drawn("s1", "character.attack", {"drawn": ["bless"]}, standee=target["id"], base=1)
    assert modifiers.count_of(deck(table), "bless") == 0 and modifiers.pile_size(deck(table)) == 20
    from companion.games.gloomhaven.play.decks import curse
    lines = []
    table.arrange(lambda state: lines.append(curse(state, "s2")))
    assert modifiers.count_of(deck(table, "s2"), "curse") == 1 and "curse" in lines[0][0]


def test_bless_curse_and_minus_one_cards_are_added_and_taken_out_within_the_limit():
    table = started()
    table.act("s1", "deck.card", card="-1")
    harness.Table.act(table, "s2", "deck.card", card="curse", seat="s1")  # on another's phone
    assert modifiers.mix_of(deck(table))["-1"] == 6 and modifiers.count_of(deck(table), "curse") == 1
    table.act("s1", "deck.card", card="curse", change="remove")
    assert modifiers.count_of(deck(table), "curse") == 0
    assert table.refused("s1", "deck.card", card="bless", change="remove").field == "card"
    for _ in range(table.state["bless_limit"]):
        table.act("s1", "deck.card", card="bless")
    assert table.refused("s1", "deck.card", card="bless").field == "card"
    assert table.refused("s1", "deck.card", card="+2").field == "card"
    assert table.history("s1")[-1][0] == "shuffled %(card)s into %(name)s’s modifier deck"


def test_perks_are_applied_once_by_number_and_checked_against_their_boxes():
    table = started()
    assert table.refused("s1", "deck.perks", perks="99").field == "perks"
    assert table.refused("s1", "deck.perks", perks="4 4").field == "perks"  # one box
    assert table.refused("s1", "deck.perks", perks="one").field == "perks"
    table.act("s1", "deck.perks", perks="1 3 3")  # −2 × −1; +2 × +1, twice
    assert modifiers.mix_of(deck(table))["-1"] == 3 and modifiers.mix_of(deck(table))["+1"] == 9
    assert table.refused("s1", "deck.perks", perks="2").field == "perks"  # once
    assert table.history("s1")[-1] == ("applied perks %(perks)s to %(name)s’s modifier deck",
                                       {"perks": "1 3 3", "name": "Brute"})
    assert table.replayed() == table.state


def test_perks_of_a_class_the_data_lacks_are_written_as_cards():
    table = harness.Table(RULES, {"scenario": 1}, (("Ann", "player"),))
    table.act("s1", "character.set", **{"class": "cragheart", "level": 1})
    assert table.refused("s1", "deck.perks", perks="1").field == "perks"
    assert table.refused("s1", "deck.perks", put_in="+1 sparkle").field == "put_in"
    assert table.refused("s1", "deck.perks", take_out="3× +2").field == "take_out"
    table.act("s1", "deck.perks", take_out="2× -1", put_in="+1 rolling stun, 2× +1")
    assert modifiers.mix_of(table.state["characters"]["s1"]["deck"]) == {
        "+0": 6, "+1": 7, "-1": 3, "+2": 1, "-2": 1, "x2": 1, "null": 1, "r+1 stun": 1}


def test_perks_come_after_no_draw():
    table = started()
    choose_both(table)
    table.act("s1", "character.attack", standee=table.state["standees"][0]["id"], base=2)
    assert table.refused("s1", "deck.perks", perks="1").field == "perks"


def test_undo_and_redo_give_the_same_card_with_the_stores_random_streams():
    table = harness.Table(RULES, {"scenario": 1}, (("Ann", "player"), ("Bo", "player")))
    table.act("s1", "character.set", **{"class": "brute", "level": 1})
    table.act("s2", "character.set", **{"class": "spellweaver", "level": 1})
    table.act("s1", "scenario.start")
    choose_both(table)
    target = table.state["standees"][0]["id"]
    table.act("s1", "character.attack", standee=target, base=2)
    first = table.state["attacks"][0]["drawn"]
    for _ in range(3):
        table.undo()
        assert modifiers.pile_size(table.state["characters"]["s1"]["deck"]) == 20
        table.act("s1", "character.attack", standee=target, base=2)
        assert table.state["attacks"][0]["drawn"] == first


def test_each_player_sees_their_decks_cards_left_and_the_chance_of_each():
    table = started()
    table.act("s1", "deck.card", card="bless")
    mine = table.view("s1")["shown"]["my_deck"]
    assert mine["left"] == 21 and mine["total"] == 21 and mine["from"] == "class" and mine["may_apply"]
    chances = {row["code"]: (row["count"], row["chance"]) for row in mine["cards"]}
    assert chances["+0"] == (6, pytest.approx(28.6)) and chances["bless"] == (1, pytest.approx(4.8))
    assert sum(row["count"] for row in mine["cards"]) == 21
    assert len(mine["perk_lines"]) == 11 and mine["perk_lines"][0]["text"] == "−2× -1"
    assert table.view(None)["shown"]["my_deck"] is None


def test_a_perk_card_becomes_a_modifier_code():
    assert character_decks.code_of({"value": 0, "rolling": True, "effects": [{"kind": "push", "value": 1}]}) == \
        "r+0 push 1"
    assert character_decks.code_of({"value": 1, "effects": [{"kind": "heal", "value": 2, "self": True}]}) == \
        "+1 heal 2 self"
    assert character_decks.code_of({"value": "x2"}) == "x2"
    for klass in RULES_CLASSES():
        for line in klass["perks"] or []:
            for card in line["add"] + line["remove"]:
                modifiers.parse(character_decks.code_of(card))


def RULES_CLASSES():
    from companion.games.gloomhaven import catalog
    return catalog.character_classes().values()


def test_the_phone_shows_the_deck_with_chances_and_the_attack_needs_no_typed_cards(tmp_path):
    from companion.rules import Seat
    from companion.web import create_app
    table = started()
    choose_both(table)
    app = create_app({"DATABASE": str(tmp_path / "companion.sqlite3"), "TESTING": True})
    seat = Seat("s1", "Ann", "player")
    try:
        with app.test_request_context("/"):
            view = RULES.seat_view(table.state, seat, {seat.id: seat})
            html = {region: app.jinja_env.get_template(f"games/gloomhaven/{region}.html").render(
                view=view, seat=seat, display=False, act_url="/act") for region in ("me", "now")}
    finally:
        app.extensions["companion.store"].close()
    assert "20 of 20 cards left" in html["me"] and "30.0 %" in html["me"]  # six +0 of twenty
    assert 'value="deck.perks"' in html["me"] and 'name="perks"' in html["me"]
    form = html["now"][html["now"].index('value="character.attack"'):]
    form = form[:form.index("</form>")]
    assert 'name="cards"' in form and "required" not in form[form.index('name="cards"'):][:80]


def test_a_scenarios_rule_adding_curses_or_minus_ones_to_each_deck_is_applied_at_round_1():
    cursed = started(scenario=2)  # Round 1: add 3 curse cards to the modifier deck of each character
    for seat in ("s1", "s2"):
        assert modifiers.count_of(deck(cursed, seat), "curse") == 3
    assert ["Curse cards shuffled into %(name)s's modifier deck: %(count)d.", {"count": 3, "name": "Brute"}] in \
        cursed.state["news"]
    minus = started(scenario=14)  # Round 1: add 3 -1 cards
    assert modifiers.mix_of(deck(minus))["-1"] == 8
    assert cursed.replayed() == cursed.state
