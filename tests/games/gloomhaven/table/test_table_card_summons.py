"""A monster card that summons (the Cultist's "Summon normal Living
Bones") offers the summon on the acting standee's turn: one tap places it
as summoned, so it acts from the next round."""

from __future__ import annotations

from companion.games.gloomhaven import data
from companion.games.gloomhaven.view import present
from table_support import form_of, placed_monster_turn, started, turns_html

SUMMON_CARD = next(i for i, card in enumerate(data.decks()["cultist"]["cards"])
                   if any(a["kind"] == "summon" for a in card["actions"]))


def cultists_turn():
    return placed_monster_turn("cultist", SUMMON_CARD, 95)


def test_the_acting_standee_offers_what_its_card_summons_and_the_summon_waits_a_round():
    table = cultists_turn()
    summons = present(table.state, "s1")["acting"]["summons"]
    assert summons == [{"monster": "living-bones", "rank": "normal", "count": 1}]
    before = {s["id"] for s in table.state["standees"]}
    table.act("s1", "standee.add", monster="living-bones", rank="normal", summoned=True)
    added = [s for s in table.state["standees"] if s["id"] not in before]
    assert len(added) == 1 and added[0]["summoned_round"] == table.state["round"]


def test_a_boss_special_summons_by_the_number_of_characters():
    from companion.games.gloomhaven.view import _card_summons
    state = started().state  # two characters
    special = [a for group in data.monster("the-sightless-eye")["specials"] for a in group]
    assert _card_summons(state, special) == [{"monster": "deep-terror", "rank": "normal", "count": 1}] * 2


def test_an_ooze_splitting_with_its_own_hit_points_is_left_to_the_table():
    from companion.games.gloomhaven.view import _card_summons
    card = next(c for c in data.decks()["ooze"]["cards"] if any(a["kind"] == "summon" for a in c["actions"]))
    assert _card_summons(started().state, card["actions"]) == []


def test_the_turn_shows_the_summon_as_a_button(tmp_path):
    table = cultists_turn()
    html = turns_html(table, tmp_path)
    form = form_of(html, "standee.add")
    assert 'name="monster" value="living-bones"' in form and 'name="summoned" value="1"' in form
    assert "Place what it summons: Living Bones (normal)" in form
