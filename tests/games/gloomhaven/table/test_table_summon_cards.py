"""A summon picked from the character's class cards (summon.add's
`from_card`): the stats the data prints for it (hit points at the
character's level), each replaced by one typed; the typed summon of before
still works."""

from __future__ import annotations

import pytest

from companion.games.gloomhaven import summon_cards
from companion.games.gloomhaven.rules import RULES
from companion.games.gloomhaven.view import present
from companion.rules import ActionError
from companion.web import create_app
from table_support import SEATS, Table, started


def test_the_spellweaver_picks_her_mystic_ally_with_its_printed_stats():
    table = started()
    table.act("s2", "summon.add", from_card="Mystic Ally")
    (ally,) = table.state["characters"]["s2"]["summons"]
    assert (ally["name"], ally["hp"], ally["max_hp"]) == ("Mystic Ally", 2, 2)
    assert ally["stats"] == {"move": 2, "attack": 3, "range": 2, "flying": False}
    assert "shield" not in ally and "retaliate" not in ally
    line, params = table.history("s2")[-1]
    assert line == "summoned %(summon)s with %(hp)d hit points" and (str(params["summon"]), params["hp"]) == \
        ("Mystic Ally", 2)
    assert table.replayed() == table.state


def test_a_number_typed_with_a_picked_summon_replaces_the_cards():
    table = started()
    table.act("s2", "summon.add", from_card="Mystic Ally", hp=5, range=3)
    (ally,) = table.state["characters"]["s2"]["summons"]
    assert (ally["hp"], ally["stats"]["range"], ally["stats"]["attack"]) == (5, 3, 3)


def test_a_summon_the_characters_cards_do_not_give_is_refused():
    table = started()
    for seat, name in (("s1", "Mystic Ally"), ("s2", "Burning Avatar")):  # a Brute's; a level 6 card
        with pytest.raises(ActionError) as error:
            table.act(seat, "summon.add", from_card=name)
        assert error.value.field == "from_card"
    assert all(who["summons"] == [] for who in table.state["characters"].values())


def test_a_typed_summon_still_needs_its_hit_points():
    table = started()
    with pytest.raises(ActionError) as error:
        table.act("s1", "summon.add", name="Rat")
    assert error.value.field == "hp"
    table.act("s1", "summon.add", name="Rat", hp=3, shield=1)
    (rat,) = table.state["characters"]["s1"]["summons"]
    assert (rat["hp"], rat["shield"], "stats" in rat) == (3, 1, False)


def test_each_phone_is_offered_its_own_classes_summons_up_to_its_level():
    table = started()
    assert [c["name"] for c in present(table.state, "s2")["my_summon_cards"]] == ["Mystic Ally"]
    assert present(table.state, "s1")["my_summon_cards"] == []


def test_printed_stats_read_hit_points_that_grow_with_the_level_flying_shield_and_retaliate():
    bear, falcon = ({s["name"]: s for s in summon_cards.offered("two-mini", 3)}[n] for n in ("Bear", "Red Falcon"))
    assert bear["hp"] == 8 + 3 * 2 and falcon["flying"] is True
    avatar = {s["name"]: s for s in summon_cards.offered("spellweaver", 6)}["Burning Avatar"]
    assert (avatar["attack"], avatar["range"]) == (2, 3)
    beast = {s["name"]: s for s in summon_cards.offered("circles", 1)}["Iron Beast"]
    assert (beast["shield"], beast["retaliate"]) == (1, 1)


def me_html(table, seat_id: str, tmp_path) -> str:
    """The "me" region as seat `seat_id`'s phone gets it, rendered by the real app."""
    tmp_path.mkdir()
    app = create_app({"DATABASE": str(tmp_path / "companion.sqlite3"), "TESTING": True})
    try:
        with app.test_request_context("/"):
            view = RULES.seat_view(table.state, SEATS[seat_id], SEATS)
            return app.jinja_env.get_template("games/gloomhaven/me.html").render(
                view=view, seat=SEATS[seat_id], display=False, act_url="/act")
    finally:
        app.extensions["companion.store"].close()


def test_the_summon_form_offers_the_cards_summons_and_keeps_typing_for_a_class_without(tmp_path):
    table = started()
    weaver, brute = (me_html(table, seat, tmp_path / seat) for seat in ("s2", "s1"))
    assert '<select name="from_card">' in weaver and '<option value="Mystic Ally">' in weaver
    assert 'name="hp" type="number" min="1" max="99" inputmode="numeric">' in weaver  # not required with a pick
    assert "from_card" not in brute and 'inputmode="numeric" required>' in brute


def test_a_card_that_summons_two_alike_gives_two_numbered_summons():
    """The Summoner's Shadow Wolf card: two wolves, each with its stats."""
    table = Table()
    for seat, cls in zip(SEATS, ("circles", "spellweaver")):
        table.act(seat, "character.set", **{"class": cls, "level": 1})
    table.act("s1", "scenario.start")
    table.act("s1", "summon.add", from_card="Shadow Wolf")
    wolves = table.state["characters"]["s1"]["summons"]
    assert [(w["name"], w["hp"], w["stats"]["pierce"]) for w in wolves] == [("Shadow Wolf 1", 3, 2),
                                                                            ("Shadow Wolf 2", 3, 2)]
    assert len({w["id"] for w in wolves}) == 2
    line, params = table.history("s1")[-1]
    assert line == "summoned %(count)d %(summon)s, each with %(hp)d hit points"
    assert (params["count"], str(params["summon"]), params["hp"]) == (2, "Shadow Wolf", 3)
    assert table.replayed() == table.state
