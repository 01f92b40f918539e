"""A character's retaliate for the round on a monster attack entered by hand
(monster.attack, not a whole turn from the map), by the rulebook
("Retaliate", p. 26): X damage to each attacker within range Y (1 unless
printed: the adjacent hexes), after the attack, not when the attack exhausts
the retaliating figure; several stack; not an attack (no shield, no card).

Without the map the app knows the distance only for a melee attack (made
from a hex next to its target); for a ranged one the table says `in_range`,
or the app says plainly that it can't tell."""

from __future__ import annotations

from companion.games.gloomhaven.flow import acting_standee
from table_support import hp_of, monster_turn


def add_archer(table) -> str:
    before = {s["id"] for s in table.state["standees"]}
    table.act("s1", "standee.add", monster="bandit-archer", rank="normal")
    (archer,) = {s["id"] for s in table.state["standees"]} - before
    return archer


def attack(table, standee, cards=("+0",), **payload):
    table.act_drawn("s1", "monster.attack", {"cards": list(cards)}, standee=standee, target="s1", base=2,
                    conditions="", **payload)


def news_text(table) -> list[str]:
    return [line % params for line, params in table.state["news"]]


def test_a_melee_attack_by_hand_meets_the_retaliate_at_once():
    """The guard's attack is melee: it stands next to Ann, so her retaliate
    2 (range 1) hurts it after the attack, and the history says so."""
    table = monster_turn()
    guard = acting_standee(table.state)["id"]
    table.act("s1", "character.bonus", retaliate=2)
    hp = hp_of(table, guard)
    attack(table, guard)
    assert hp_of(table, guard) == hp - 2
    assert table.state["damage"][0]["amount"] == 2  # the attack's damage still waits on Ann
    working = [line[0] for line in table.state["damage"][0]["working"]]
    assert "then %(name)s retaliates %(value)d (range %(range)d; a melee attack is made from the next hex)" in working
    line, params = table.history("s1")[-1]
    assert line == "%(standee)s attacked %(target)s: %(damage)d damage; %(target)s's retaliate did it %(value)d damage"
    assert (str(params["target"]), params["damage"], params["value"]) == ("Brute", 2, 2)
    assert table.replayed() == table.state


def test_no_retaliate_without_one_this_round():
    table = monster_turn()
    guard = acting_standee(table.state)["id"]
    hp = hp_of(table, guard)
    attack(table, guard)
    assert hp_of(table, guard) == hp
    line, _params = table.history("s1")[-1]
    assert line == "%(standee)s attacked %(target)s: %(damage)d damage"


def test_retaliates_from_two_cards_stack_as_one_number():
    """The player enters the sum of what their cards give (2 + 1)."""
    table = monster_turn()
    guard = acting_standee(table.state)["id"]
    table.act("s1", "character.bonus", retaliate=3)
    hp = hp_of(table, guard)
    attack(table, guard, cards=["null"])  # no damage: the retaliate still comes after the attack
    assert hp_of(table, guard) == hp - 3


def test_a_ranged_attack_off_the_map_leaves_the_retaliate_to_the_table_and_says_so():
    table = monster_turn()
    archer = add_archer(table)
    table.act("s1", "character.bonus", retaliate=2, range=3)
    hp = hp_of(table, archer)
    attack(table, archer)
    assert hp_of(table, archer) == hp
    assert any("the app can't tell whether Bandit Archer" in text and "within 3 hexes" in text
               for text in news_text(table))
    line, params = table.history("s1")[-1]
    assert line.endswith("whether %(target)s's retaliate %(value)d (range %(range)d) reached it was left to the "
                         "table")
    assert (params["value"], params["range"]) == (2, 3)


def test_the_table_says_whether_a_ranged_attacker_was_within_the_retaliate_range():
    hurt = {}
    for said in (True, False):
        table = monster_turn()
        archer = add_archer(table)
        table.act("s1", "character.bonus", retaliate=2, range=3)
        hp = hp_of(table, archer)
        attack(table, archer, in_range=said)
        hurt[said] = hp - hp_of(table, archer)
        assert table.replayed() == table.state
    assert hurt == {True: 2, False: 0}
    line, _params = table.history("s1")[-1]
    assert line.endswith("it was out of the range %(range)d of %(target)s's retaliate")


def test_on_the_map_the_range_is_counted_between_the_two_figures():
    """The archer three hexes from Ann: retaliate range 2 doesn't reach it, range 3 does."""
    hurt = []
    for reach in (2, 3):
        table = monster_turn()
        archer = add_archer(table)
        table.act("s1", "map.hexes", hexes=[[q, 0] for q in range(5)])
        table.act("s1", "map.place", figure="s1", q=0, r=0)
        table.act("s1", "map.place", figure=archer, q=3, r=0)
        table.act("s1", "character.bonus", retaliate=2, range=reach)
        hp = hp_of(table, archer)
        attack(table, archer)
        hurt.append(hp - hp_of(table, archer))
    assert hurt == [0, 2]


def test_when_the_attack_could_exhaust_the_character_the_retaliate_waits_on_the_damage():
    """Ann on 1 hit point: taken, she is exhausted and doesn't retaliate;
    negated with a card, she does."""
    outcomes = {}
    for how in ("suffer", "hand"):
        table = monster_turn()
        guard = acting_standee(table.state)["id"]
        table.act("s1", "character.bonus", retaliate=2)
        table.act("s1", "character.adjust", field="hp", delta=1 - table.state["characters"]["s1"]["hp"])
        hp = hp_of(table, guard)
        attack(table, guard)
        (entry,) = table.state["damage"]
        assert entry["retaliates"] == {"standee": guard, "value": 2} and hp_of(table, guard) == hp
        assert table.history("s1")[-1][0].endswith("%(target)s's retaliate %(value)d waits on that damage")
        table.act("s1", "damage.resolve", damage=entry["id"], how=how)
        outcomes[how] = hp - hp_of(table, guard)
        assert table.replayed() == table.state
    assert outcomes == {"suffer": 0, "hand": 2}


def test_a_log_from_before_the_attack_was_noted_keeps_the_short_line():
    from companion.games.gloomhaven.actions import detailed_line
    from companion.rules import Action
    table = monster_turn()
    line, params = detailed_line(Action("monster.attack", {"standee": "bandit-guard#1", "target": "s1", "base": 2},
                                        "s1"), {}, table.state)
    assert line == "resolved an attack by %(standee)s"


def test_the_attack_form_asks_about_the_range_only_when_someone_retaliates_and_leaves_the_shield_to_the_app(
        tmp_path):
    """An empty shield box uses the shield set this round (a typed 0 would
    replace it); the range question shows once a character retaliates."""
    from table_support import form_of, turns_html
    table = monster_turn()
    form = form_of(turns_html(table, tmp_path), "monster.attack")
    assert 'name="in_range"' not in form
    assert 'name="shield"' in form and 'name="shield" type="number" min="0" max="99" inputmode="numeric" value' \
        not in form
    table.act("s1", "character.bonus", retaliate=1)
    form = form_of(turns_html(table, tmp_path), "monster.attack")
    assert 'name="in_range"' in form and 'value="1"' in form and 'value="0"' in form
