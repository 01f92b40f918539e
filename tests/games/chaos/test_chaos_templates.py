"""Every live region renders for a seat and for the table display in every
phase, with the control that phase needs."""

import copy
import re
import tempfile

import pytest
from flask import render_template

from chaos_play import RULES, SEATS, act, arranged, lowest, phase_of, started, to_summoning, turn_of
from companion.web import create_app


@pytest.fixture(scope="module")
def app():
    return create_app({"DATABASE": tempfile.mktemp(suffix=".sqlite3"), "TESTING": True})


def states():
    setup = RULES.initial_state({"players": "3", "sitting_out": "draw"})
    old_world = started()
    summoning = to_summoning(started())
    battle = act(copy.deepcopy(summoning), "summon", {"unit": "warrior", "region": "kislev"}, god="khorne")
    battle = act(battle, "summon", {"unit": "cultist", "region": "kislev"}, god="nurgle")
    while phase_of(battle) == "summoning":
        battle = act(battle, "summoning.pass", god=turn_of(battle))
    rolled = act(battle, "battle.roll", {"faces": "4 4"}, god="khorne")
    corruption = act(rolled, "battle.assign", {"kill.nurgle.cultist": "1", "kill.peasant.peasant": "0"}, god="khorne") \
        if rolled["regions"]["kislev"]["peasants"] == 0 else \
        act(rolled, "battle.assign", {"kill.nurgle.cultist": "1", "kill.peasant.peasant": "1"}, god="khorne")
    corruption = act(corruption, "region.set", {"region": "kislev", "field": "heroes", "value": 1})
    corruption = act(corruption, "region.figures", {"region": "kislev", "owner": "slaanesh", "unit": "warrior",
                                                    "count": 1})
    end = act(corruption, "corruption.resolve")
    over = copy.deepcopy(end)
    over["flow"].update(phase="over")
    over.update(result={"reason": "vp", "winners": ["khorne"], "working": []})
    return {"setup": (setup, "Draw who sits out"), "old_world": (old_world, "Old World card drawn"),
            "summoning": (summoning, "Pass for the rest of the phase"), "battle": (battle, "Physical dice"),
            "assign": (rolled, "Assign the hits"), "corruption": (corruption, "Compute domination and corruption"),
            "end": (end, "Remove it for the hero in Kislev"), "over": (over, "Game over")}


@pytest.mark.parametrize("name, state_and_control", states().items())
def test_every_region_renders_in_every_phase(app, name, state_and_control):
    state, control = state_and_control
    # Nurgle (lowest threat) draws the Old World card; Slaanesh owes the hero a figure.
    seat = SEATS[{"old_world": "s2", "end": "s4"}.get(name, "s1")]
    pages = []
    with app.test_request_context():
        for viewer in (seat, None):
            for region in RULES.regions(viewer):
                pages.append(render_template(f"games/chaos/{region}.html", view=RULES.seat_view(state, viewer, SEATS),
                                             seats=SEATS, seat=viewer, act_url="/act", display=viewer is None,
                                             table=None))
    assert control in "".join(pages)


def test_the_gods_table_shows_an_upgrades_effect_and_marks_the_unknown_ones_apply_by_hand(app):
    state = act(started(), "upgrade.take", {"upgrade": 3}, god="khorne")  # +1 power
    with app.test_request_context():
        gods = render_template("games/chaos/gods.html", view=RULES.seat_view(state, SEATS["s1"], SEATS), seats=SEATS,
                               seat=SEATS["s1"], act_url="/act", display=False, table=None)
        controls = render_template("games/chaos/corrections.html", view=RULES.view(state, SEATS["s1"]), seats=SEATS,
                                   seat=SEATS["s1"], act_url="/act", display=False, table=None)
    # Every number taps open to its working (the kit's macro).
    assert re.search(r'Power each round:\s*<details class="working"><summary><span class="value">8</span>', gods)
    assert "Khorne: 7 printed + 1 from upgrades = 8 power" in gods
    assert "+1 power each round" in gods
    assert "Warrior — apply by hand" in controls and "+1 power</option>" not in controls  # taken: no longer offered


def test_every_number_in_the_gods_cards_taps_open_to_its_working(app):
    """VP, threat and power open to how they were reached; cards in hand, deck
    and discards are labelled each (no hover title a phone can't show)."""
    state = act(started(), "god.set", {"field": "vp", "value": 5}, god="nurgle")
    with app.test_request_context():
        gods = render_template("games/chaos/gods.html", view=RULES.seat_view(state, SEATS["s2"], SEATS), seats=SEATS,
                               seat=SEATS["s2"], act_url="/act", display=False, table=None)
    assert "Before this round (and corrections): 5 VP" in gods
    assert "Nurgle&#39;s dial is on space 0: threat" in gods
    assert "left this round" in gods
    for label in ("Cards in hand", "Deck", "Discards"):
        assert f"<dt>{label}</dt>" in gods
    assert 'title="' not in gods


def test_a_to_do_upgrade_card_links_to_its_form_in_the_card_at_the_top(app):
    """'To do: Khorne: an upgrade card' is a link to the take-upgrade form, in the card at the top of Khorne's phone."""
    # An upgrade card earned on Khorne's threat dial: a round's play away.
    state = arranged(started(), lambda s: s["pending"].append({"kind": "upgrade", "god": "khorne", "amount": 1}))
    with app.test_request_context():
        kim = render_template("games/chaos/now.html", view=RULES.seat_view(state, SEATS["s1"], SEATS), seats=SEATS,
                              seat=SEATS["s1"], act_url="/act", display=False, table=None)
        nia = render_template("games/chaos/now.html", view=RULES.seat_view(state, SEATS["s2"], SEATS), seats=SEATS,
                              seat=SEATS["s2"], act_url="/act", display=False, table=None)
    assert 'href="#take-upgrade-khorne"' in kim and 'id="take-upgrade-khorne"' in kim
    assert 'name="type" value="upgrade.take"' in kim
    # Another god's phone reads the item but has no form for it.
    assert "take-upgrade-khorne" not in nia and "Khorne: " in nia


def render_all(app, state, seat):
    with app.test_request_context():
        return "".join(render_template(f"games/chaos/{region}.html", view=RULES.seat_view(state, viewer, SEATS),
                                       seats=SEATS, seat=viewer, act_url="/act", display=viewer is None, table=None)
                       for viewer in (seat, None) for region in RULES.regions(viewer))


def test_a_dealt_table_renders_the_old_world_placement_the_hand_and_the_corruption_summary(app):
    state = started(typed=False)
    state = act(state, "old_world.card", {"card": "meteor_showers"}, god="nurgle")
    pages = render_all(app, state, SEATS["s2"])
    assert "Meteor Showers: 1 Warpstone in each of 2 regions" in pages and 'name="regions.kislev"' in pages
    assert "One warpstone in each of two regions." in pages  # what the card does
    state = act(state, "old_world.place", {"regions": {"kislev": True, "tilea": True}}, god="nurgle")
    state = act(state, "phase.next")
    for god in state["gods_in_play"]:
        state = act(state, "draw", god=god)
    pages = render_all(app, state, SEATS["s1"])
    assert 'name="card"' in pages and 'value="kislev:0"' in pages  # Khorne's hand and the free slots
    while phase_of(state) == "summoning":
        state = act(state, "summoning.pass", god=turn_of(state))
    state = act(state, "corruption.resolve")
    assert "This round’s corruption phase" in render_all(app, state, SEATS["s3"])


def test_the_printed_components_panel_corrects_a_chaos_card_by_its_name(app):
    state = started()
    with app.test_request_context():
        controls = render_template("games/chaos/corrections.html", view=RULES.view(state, SEATS["s1"]), seats=SEATS,
                                   seat=SEATS["s1"], act_url="/act", display=False, table=None)
    assert 'value="components.card"' in controls or "components.card" in controls
    assert '<option value="the_skull_throne">The Skull Throne</option>' in controls
    assert '<option value="magic">' in controls


def corrections(app, state, seat_id: str) -> str:
    with app.test_request_context():
        return render_template("games/chaos/corrections.html", view=RULES.view(state, SEATS[seat_id]), seats=SEATS,
                               seat=SEATS[seat_id], act_url="/act", display=False, table=None)


def upgrade_options(html: str) -> list[str]:
    form = html[html.index('value="upgrade.take"'):]
    return re.findall(r'<option value="(\d+)"', form[:form.index("</form>")])


def test_the_upgrade_form_by_hand_lists_the_seats_own_upgrades_not_taken_yet(app):
    state = started()
    khorne_before = upgrade_options(corrections(app, state, "s1"))
    nurgle = upgrade_options(corrections(app, state, "s2"))
    assert "3" in khorne_before and khorne_before == nurgle  # the same cards' numbers, each god's own cards
    state = act(state, "upgrade.take", {"upgrade": 3}, god="khorne")
    assert upgrade_options(corrections(app, state, "s1")) == [n for n in khorne_before if n != "3"]
    assert upgrade_options(corrections(app, state, "s2")) == nurgle  # Nurgle's cards are untouched


def test_the_correction_forms_are_kept_pieces_drawn_once_for_every_seat(app):
    state = started()
    pieces = app.extensions["companion.kept"]
    corrections(app, state, "s1")
    kept = {key[0] for key in pieces.values}
    assert {"chaos board by hand", "chaos books by hand", "chaos components by hand"} <= kept
    shared = {key for key in pieces.values if key[0] in ("chaos board by hand", "chaos components by hand")}
    corrections(app, state, "s2")  # another god's phone: the same board and components pieces
    assert {key for key in pieces.values if key[0] in ("chaos board by hand", "chaos components by hand")} == shared


def test_a_played_cards_choice_is_a_form_on_the_deciding_gods_phone_only(app):
    from tests.games.chaos.test_chaos_cards import give
    from tests.games.chaos.test_chaos_cards import started as dealt
    from tests.games.chaos.test_chaos_cards import to_summoning as dealt_to_summoning

    table = dealt()
    dealt_to_summoning(table)
    table.act(None, "region.figures", region="kislev", owner="khorne", unit="cultist", count=1)
    give(table, "tzeentch", "teleport")
    table.act("khorne", "summoning.pass")
    table.act("nurgle", "summoning.pass")
    table.act("tzeentch", "card.play", card="teleport", at="kislev:0")
    tzeentch, khorne = render_all(app, table.state, SEATS["s3"]), render_all(app, table.state, SEATS["s1"])
    assert '<option value="khorne:cultist">Khorne: Cultist</option>' in tzeentch and 'name="to"' in tzeentch
    assert 'name="figure"' not in khorne
    for pages in (tzeentch, khorne):
        assert "Tzeentch chooses what Teleport does in Kislev." in pages


def test_changer_of_ways_asks_with_two_buttons_naming_the_card_beside_it(app):
    from tests.games.chaos.test_chaos_cards import give
    from tests.games.chaos.test_chaos_cards import started as dealt
    from tests.games.chaos.test_chaos_cards import to_summoning as dealt_to_summoning

    table = dealt()
    dealt_to_summoning(table)
    give(table, "khorne", "battle_cry")
    table.act("khorne", "card.play", card="battle_cry", at="kislev:0")
    table.act("nurgle", "summoning.pass")
    give(table, "tzeentch", "changer_of_ways")
    table.act("tzeentch", "card.play", card="changer_of_ways", at="kislev:1")
    pages = render_all(app, table.state, SEATS["s3"])
    assert 'name="cancel" value="yes"' in pages and "Cancel Battle Cry" in pages and "Let Battle Cry stand" in pages


def test_the_meddling_of_skaven_asks_the_discarding_phone_for_two_different_cards_by_default(app):
    from tests.games.chaos.test_chaos_cards import give
    from tests.games.chaos.test_chaos_cards import started as dealt
    from tests.games.chaos.test_chaos_cards import to_summoning as dealt_to_summoning

    table = dealt()
    dealt_to_summoning(table)
    table.act(None, "region.figures", region="kislev", owner="khorne", unit="cultist", count=1)
    give(table, "khorne", "battle_cry", "blood_frenzy", "ritual_slaying")
    table.act("khorne", "summoning.pass")
    table.act("nurgle", "summoning.pass")
    give(table, "tzeentch", "the_meddling_of_skaven")
    table.act("tzeentch", "card.play", card="the_meddling_of_skaven", at="kislev:0")
    table.act("tzeentch", "card.choose", owner="khorne")
    khorne = render_all(app, table.state, SEATS["s1"])
    first = re.search(r'<select id="choose-card_1".*?</select>', khorne, re.S).group(0)
    second = re.search(r'<select id="choose-card_2".*?</select>', khorne, re.S).group(0)
    assert re.search(r'value="(\w+)" selected', first).group(1) != re.search(r'value="(\w+)" selected',
                                                                               second).group(1)
    assert 'name="card_1"' not in render_all(app, table.state, SEATS["s3"])  # Tzeentch's phone: not his hand


def test_influenza_asks_nurgles_phone_its_amount_and_the_board_shows_the_lowered_resistance(app):
    from tests.games.chaos.test_chaos_cards import give
    from tests.games.chaos.test_chaos_cards import started as dealt
    from tests.games.chaos.test_chaos_cards import to_summoning as dealt_to_summoning

    table = dealt()
    dealt_to_summoning(table)
    table.act("khorne", "summoning.pass")
    give(table, "nurgle", "influenza")
    table.act("nurgle", "card.play", card="influenza", at="the_empire:0")
    nurgle = render_all(app, table.state, SEATS["s2"])
    amounts = re.search(r'<select id="choose-amount".*?</select>', nurgle, re.S).group(0)
    assert re.findall(r'value="(\d)"', amounts) == ["1", "2", "3", "4", "5"]
    assert 'name="amount"' not in render_all(app, table.state, SEATS["s1"])
    table.act("nurgle", "card.choose", amount=2)
    assert "Resistance 5 − 0 skaven − 2 from Influenza = 3 (never below 0)" in render_all(app, table.state, SEATS["s1"])


def test_dwarf_trollslayers_is_placed_with_one_tap_on_a_pair_the_card_names(app):
    state = started(typed=False)
    drawer = next(seat for seat in SEATS.values() if seat.role == lowest(state))
    state = act(state, "old_world.card", {"card": "dwarf_trollslayers"}, god=drawer.role)
    with app.test_request_context():
        page = render_template("games/chaos/now.html", view=RULES.seat_view(state, drawer, SEATS), seats=SEATS,
                               seat=drawer, act_url="/act", display=False, table=None)
    assert "Place them in Norsca and Kislev" in page and "Place them in Troll Country and The Empire" in page
    assert re.findall(r'name="regions\.(\w+)" value="1"', page) == ["norsca", "kislev", "troll_country",
                                                                    "the_empire"]
    assert 'type="checkbox" name="regions.' not in page  # no two regions that may not go together
