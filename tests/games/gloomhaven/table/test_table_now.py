"""The card at the top of each phone (view.shown.now): what the table waits
for, whether it waits for this seat, and what this seat may do now."""

from companion.games.gloomhaven.flow import current_turn
from companion.games.gloomhaven.rules import RULES
from table_support import SEATS, started


def now_for(table, seat_id):
    return RULES.seat_view(table.state, SEATS[seat_id], SEATS)["now"]


def test_while_choosing_it_waits_for_the_seats_still_choosing_and_offers_them_their_cards():
    table = started()
    table.act("s1", "initiative.choose", initiative=12, second=40)
    ann, bo = now_for(table, "s1"), now_for(table, "s2")
    assert bo["line"][0] == "Round %(round)d: waiting for cards from %(names)s"
    assert bo["line"][1]["names"] == "Spellweaver" and bo["you"] and "initiative.choose" in bo["open"]
    assert not ann["you"] and "initiative.choose" not in ann["open"]


def test_in_a_turn_the_acting_character_is_told_it_is_theirs_and_can_end_it():
    table = started()
    table.act("s1", "initiative.choose", initiative=1, second=40)
    table.act("s2", "initiative.choose", initiative=98, second=20)
    assert current_turn(table.state)["id"] == "s1"
    ann, bo = now_for(table, "s1"), now_for(table, "s2")
    assert ann["you"] and "turn.next" in ann["open"]
    assert ann["line"][1]["name"] == "Brute" and ann["line"][1]["initiative"] == 1
    assert not bo["you"] and "turn.next" not in bo["open"]


def test_at_the_end_it_waits_for_the_lines_not_yet_confirmed():
    table = started()
    table.act("s1", "scenario.end", outcome="failure")
    table.act("s1", "summary.confirm")
    bo = now_for(table, "s2")
    assert bo["line"] == ["Waiting for %(names)s to confirm the summary", {"names": "Spellweaver"}]
    assert bo["you"] and "summary.confirm" in bo["open"]
    assert not now_for(table, "s1")["you"]
