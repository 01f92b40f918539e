"""What a monster's whole turn from the map (map.do) meets on its way, by
the rulebook: a character's shield and retaliate for the round ("Shield",
p. 25: each attack's damage less X, only attacks; "Retaliate", p. 26: X
damage to an attacker within range Y after the attack, not when the attack
kills or exhausts the retaliating figure; not an attack), traps and
hazardous terrain on its way or where it is pushed ("Traps": 2 + the
scenario level, then removed; "Hazardous terrain": half of that, rounded
down, each hex, and it stays; normal and forced movement both trigger
them), and a card that consumes an element of the players' choice
("Elemental infusions": the many-coloured circle; monsters always consume
when they can)."""

from __future__ import annotations

from companion.games.gloomhaven.map.turn import work_card
from map_support import block
from table_support import walk_to_turn
from test_map_consumed_elements import card_index
from test_map_whole_turn import at_turn, refused

GUARD_AT = {"s1": [0, 0], "s2": [0, 3], "standee": [2, -1]}  # card 530: it walks to [1, 0] and attacks Ann


def guard_turn(card: int = 530, places=GUARD_AT, **bonus):
    table, guard = at_turn("bandit-guard", card, places)
    if bonus:
        table.act("s1", "character.bonus", **bonus)
    table.act("s1", "map.show", standee=guard)
    return table, guard


def standee(table, standee_id):
    return next((s for s in table.state["standees"] if s["id"] == standee_id), None)


# -- shield -------------------------------------------------------------------------------------
def test_a_characters_shield_for_the_round_takes_off_each_attacks_damage():
    """The same attack with "+2" drawn: 4 damage, 3 with Ann's shield 1 for the round."""
    amounts = []
    for bonus in ({}, {"shield": 1}):
        table, guard = guard_turn(**bonus)
        table.act_drawn("s1", "map.do", {"modifiers": [["+2"]]}, standee=guard)
        amounts.append(table.state["damage"][0]["amount"])
    assert amounts == [4, 3]


def test_a_shield_the_table_types_replaces_the_one_the_app_keeps():
    table, guard = guard_turn(shield=1)
    table.act_drawn("s1", "map.do", {"modifiers": [["+2"]]}, standee=guard, shield=0)
    assert table.state["damage"][0]["amount"] == 4


def test_the_round_bonus_goes_when_the_round_ends_and_only_counts_during_the_turns():
    table, guard = guard_turn(shield=2, retaliate=1)
    assert table.state["characters"]["s1"]["round_bonus"] == {"round": table.state["round"], "shield": 2,
                                                              "retaliate": 1, "range": 1}
    table.act("s1", "map.hide")
    while table.state["phase"] == "playing":
        table.act("s1", "turn.next", for_them=True)
    assert "round_bonus" not in table.state["characters"]["s1"]
    refused(table, "type", type_="character.bonus", shield=1)
    assert table.replayed() == table.state


def test_setting_nothing_clears_the_bonus():
    table, _guard = guard_turn(shield=2)
    table.act("s1", "character.bonus", shield=0, retaliate=0)
    assert "round_bonus" not in table.state["characters"]["s1"]


def test_the_monster_attack_by_hand_uses_the_shield_unless_one_is_typed():
    table, guard = at_turn("bandit-guard", 530, GUARD_AT)
    table.act("s1", "character.bonus", shield=1)
    table.act_drawn("s1", "monster.attack", {"cards": ["+0"]}, standee=guard, target="s1", base=3)
    assert table.state["damage"][-1]["amount"] == 2


# -- retaliate ----------------------------------------------------------------------------------
def test_retaliate_hurts_the_attacking_monster_after_the_attack_with_the_working_and_a_news_line():
    table, guard = guard_turn(retaliate=2)
    hp = standee(table, guard)["hp"]
    table.act_drawn("s1", "map.do", {"modifiers": [["+0"]]}, standee=guard)
    assert standee(table, guard)["hp"] == hp - 2
    working = table.state["attacks"][0]["working"]
    assert ["then %(name)s retaliates %(value)d (range %(range)d; %(away)d hexes away)",
            {"name": "Brute", "value": 2, "range": 1, "away": 1}] in [list(line) for line in working]
    assert any(line[0].startswith("%(name)s retaliates:") for line in table.state["news"])
    line, params = table.history("s1")[-1]
    assert line == "did %(figure)s's turn as shown; retaliates did it %(retaliated)d damage"
    assert params["retaliated"] == 2
    assert table.replayed() == table.state


def test_retaliate_reaches_only_an_attacker_within_its_range():
    """Guard card 526: attack range 2, so it shoots Ann from two hexes away
    rather than walk next to her (disadvantage)."""
    places = {"s1": [0, 0], "s2": [0, 3], "standee": [2, -1]}
    hurt = []
    for reach in (1, 2):
        table, guard = guard_turn(526, places, retaliate=3, range=reach)
        (option,) = work_card(table.state, guard)["options"]
        hp = standee(table, guard)["hp"]
        table.act_drawn("s1", "map.do", {"modifiers": [["+0"]]}, standee=guard)
        assert option["destination"] == [2, -1]
        hurt.append(hp - standee(table, guard)["hp"])
    assert hurt == [0, 3]


def test_retaliate_range_is_counted_around_walls():
    """Range is never counted across a thin wall or through a closed door:
    the way round is what counts."""
    from companion.games.gloomhaven.play.bonuses import steps_around_walls
    plan = {"hexes": {f"{q},{r}": "" for q, r in block(6, 4)}, "walls": []}
    assert steps_around_walls(plan, [0, 0], [2, -1], 2) == 2
    plan["walls"] = [[0, 0, 1, 0]]  # a thin wall on the straight way: round it by [0, 1]
    assert steps_around_walls(plan, [0, 0], [2, -1], 2) is None
    assert steps_around_walls(plan, [0, 0], [2, -1], 4) == 3
    plan["hexes"]["0,1"] = "closed-door"  # nor through a closed door
    assert steps_around_walls(plan, [0, 0], [2, -1], 9) is None


def test_a_retaliate_that_kills_the_monster_stops_the_rest_of_its_card():
    """Card 530's "strengthen self" comes after the attack: a guard the
    retaliate kills is gone, its damage on Ann still waits."""
    table, guard = guard_turn(retaliate=2)
    table.act("s1", "standee.adjust", standee=guard, delta=-(standee(table, guard)["hp"] - 2))
    table.act("s1", "map.show", standee=guard)
    table.act_drawn("s1", "map.do", {"modifiers": [["+0"]]}, standee=guard)
    assert standee(table, guard) is None
    entry = table.state["damage"][0]
    assert entry["seat"] == "s1"
    assert table.replayed() == table.state
    table.act("s1", "damage.resolve", damage=entry["id"], how="suffer")
    table.act("s1", "turn.next")  # the table goes on past the dead guard
    assert table.state["order"][table.state["turn"]]["id"] == "s2"


def test_when_the_attack_could_exhaust_the_character_the_retaliate_waits_for_the_damage_to_be_settled():
    """Ann has 1 hit point left: if she takes the damage she is exhausted
    and does not retaliate; if she negates it with a card, she does."""
    outcomes = {}
    for how in ("hand", "suffer"):
        table, guard = guard_turn(retaliate=2)
        who = table.state["characters"]["s1"]
        table.act("s1", "character.adjust", field="hp", delta=1 - who["hp"])
        hp = standee(table, guard)["hp"]
        table.act_drawn("s1", "map.do", {"modifiers": [["+0"]]}, standee=guard)
        (entry,) = table.state["damage"]
        assert entry["retaliates"] == {"standee": guard, "value": 2}
        assert standee(table, guard)["hp"] == hp
        table.act("s1", "damage.resolve", damage=entry["id"], how=how)
        outcomes[how] = (table.state["characters"]["s1"]["exhausted"], hp - standee(table, guard)["hp"])
        assert table.replayed() == table.state
    assert outcomes == {"hand": (False, 2), "suffer": (True, 0)}


def test_bad_bonuses_are_refused():
    table, _guard = at_turn("bandit-guard", 530, GUARD_AT)
    refused(table, "shield", type_="character.bonus", shield=-1)
    refused(table, "range", type_="character.bonus", retaliate=1, range=0)


# -- traps and hazardous terrain ------------------------------------------------------------------
def strip_turn(terrain: list, kind: str, corpse: bool = False):
    """A strip of hexes two rows deep (columns q = 0..5); Ann at [0, 0] and
    a guard playing card 527 (move, attack) at [5, -2], or a Living Corpse
    playing 571 (attack +2, push 1) at [2, -1] with Ann next to it at
    [1, 0]; `kind` terrain on the hexes `terrain`."""
    monster = "living-corpse" if corpse else "bandit-guard"
    places = {"s1": [1, 0], "standee": [2, -1]} if corpse else {"s1": [0, 0], "standee": [5, -2]}
    table, figure = at_turn(monster, 571 if corpse else 527, places, columns=6, rows=2)
    for q, r in terrain:
        table.act("s1", "map.terrain", q=q, r=r, terrain=kind)
    table.act("s1", "map.show", standee=figure)
    return table, figure


def column(q: int) -> list:
    return [(q, -(q // 2)), (q, 1 - q // 2)]


def test_a_monster_that_must_walk_over_a_trap_springs_it_and_the_trap_is_removed():
    """Every way to Ann crosses column 3, all traps: the guard (move 2)
    ends its move on one."""
    table, guard = strip_turn(column(3), "trap")
    damage = table.state["values"]["trap_damage"]["value"]
    assert damage == 2 + table.state["level"]
    hp = standee(table, guard)["hp"]
    option = work_card(table.state, guard)["options"][0]
    (sprung,) = [h for h in option["path"] if tuple(h) in column(3)]
    table.act("s1", "map.do", standee=guard)
    assert standee(table, guard)["hp"] == hp - damage
    assert table.state["map"]["hexes"][f"{sprung[0]},{sprung[1]}"] == ""
    assert sum(t == "trap" for t in table.state["map"]["hexes"].values()) == 1
    line, params = table.history("s1")[-1]
    assert params["trapped"] == damage and "traps" in line
    assert any(line[0].startswith("%(name)s springs the trap") for line in table.state["news"])
    assert table.replayed() == table.state


def test_hazardous_terrain_hurts_half_the_trap_damage_each_hex_and_stays():
    table, guard = strip_turn(column(3) + column(4), "hazardous")
    half = table.state["values"]["trap_damage"]["value"] // 2
    hp = standee(table, guard)["hp"]
    option = work_card(table.state, guard)["options"][0]
    entered = [h for h in option["path"][1:] if tuple(h) in column(3) + column(4)]
    assert len(entered) == 2
    table.act("s1", "map.do", standee=guard)
    assert standee(table, guard)["hp"] == hp - 2 * half
    assert sum(t == "hazardous" for t in table.state["map"]["hexes"].values()) == 4


def test_a_monster_the_trap_kills_does_nothing_more():
    table, guard = strip_turn(column(4), "trap")
    table.act("s1", "standee.adjust", standee=guard, delta=-(standee(table, guard)["hp"] - 1))
    table.act("s1", "map.show", standee=guard)
    table.act("s1", "map.do", standee=guard)
    assert standee(table, guard) is None
    assert table.state["damage"] == []


def test_a_character_pushed_onto_a_trap_gets_its_damage_waiting():
    """Living Corpse card 571: attack +2, push 1. Every hex Ann can be
    pushed to holds a trap."""
    table, corpse = strip_turn([(0, 0), (0, 1), (1, 1)], "trap", corpse=True)
    option = work_card(table.state, corpse)["options"][0]
    picks = option["ways"][0]["picks"] if option["ways"] else None
    table.act_drawn("s1", "map.do", {"modifiers": [["+0"]]}, standee=corpse, choices=picks)
    end = table.state["map"]["at"]["s1"]
    assert end in ("0,0", "0,1", "1,1")
    kinds = [(d["kind"], d["amount"]) for d in table.state["damage"]]
    assert ("trap", table.state["values"]["trap_damage"]["value"]) in kinds
    assert table.state["map"]["hexes"][end] == ""
    assert table.replayed() == table.state


# -- an element of the players' choice ---------------------------------------------------------------
def earth_demon_turn(infused: tuple[str, ...]):
    """Earth Demon card 643 ("move, attack -1 in a melee area; consume any
    element: infuse earth"), Ann having infused `infused` on her turn."""
    from map_support import started
    table = started()
    for found in list(table.state["standees"]):
        table.act("s1", "standee.remove", standee=found["id"])
    table.act("s1", "initiative.choose", initiative=5, second=50)
    table.act("s2", "initiative.choose", initiative=6, second=60)
    for element in infused:
        table.act("s1", "element.infuse", element=element)
    table.act("s1", "standee.add", monster="earth-demon", rank="normal")
    walk_to_turn(table, "earth-demon", card_index("earth-demon", 643))
    table.act("s1", "map.hexes", hexes=block(8, 5))
    table.act("s1", "map.place", figure="s1", q=0, r=0)
    demon = table.state["walk"][0]
    table.act("s1", "map.place", figure=demon, q=6, r=-2)
    table.act("s1", "map.show", standee=demon)
    return table, demon


def wild_step(option):
    return next(step for step in option["steps"] if step.get("wild"))


def test_the_players_choose_which_element_a_wild_consume_takes_and_its_infusion_follows():
    table, demon = earth_demon_turn(("fire", "ice"))
    option = work_card(table.state, demon)["options"][0]
    assert wild_step(option)["elements"] == ["fire", "ice"]
    picks = [way["picks"] for way in option["ways"]]
    assert {tuple(p.values()) for p in picks} == {("fire",), ("ice",)}
    refused(table, "choices", standee=demon)
    table.act("s1", "map.do", standee=demon, choices=next(p for p in picks if "ice" in p.values()))
    board = table.state["elements"]
    assert board["strength"]["ice"] == "inert" and board["strength"]["fire"] != "inert"
    assert board["infusing"] == ["earth"]
    assert table.replayed() == table.state
    table.act("s1", "turn.next")  # strong at the end of its turn (the round's end then wanes it)
    assert table.state["elements"]["strength"]["earth"] in ("strong", "waning")


def test_with_one_element_there_is_no_choice_and_with_none_it_is_not_done():
    table, demon = earth_demon_turn(("fire",))
    option = work_card(table.state, demon)["options"][0]
    assert option["ways"] == [] and wild_step(option)["elements"] == ["fire"]
    table.act("s1", "map.do", standee=demon)
    assert table.state["elements"]["strength"]["fire"] == "inert"
    assert table.state["elements"]["infusing"] == ["earth"]
    table, demon = earth_demon_turn(())
    option = work_card(table.state, demon)["options"][0]
    assert option["lines"][option["steps"].index(wild_step(option))] == [
        ["Not done: no element it can consume.", {}]]
    table.act("s1", "map.do", standee=demon)
    assert table.state["elements"]["infusing"] == []


def test_an_element_the_players_consumed_by_hand_is_not_consumed_twice():
    table, demon = earth_demon_turn(("fire", "ice"))
    table.act("s1", "element.consume", element="fire")
    option = work_card(table.state, demon)["options"][0]
    assert wild_step(option)["taken"] == "fire" and option["ways"] == []
    table.act("s1", "map.do", standee=demon)
    assert table.state["elements"]["strength"]["ice"] != "inert"
    assert table.state["elements"]["infusing"] == ["earth"]


def test_the_seeds_pierce_example_against_a_characters_shield_for_the_round():
    """The seed's example ("Pierce"): attack 3 with pierce 2 on a target with
    shield 3 ignores two points of the shield and does 2 damage."""
    table, guard = at_turn("bandit-guard", 530, GUARD_AT)
    table.act("s1", "character.bonus", shield=3)
    table.act_drawn("s1", "monster.attack", {"cards": ["+0"]}, standee=guard, target="s1", base=3, pierce=2,
                    bonus=0)
    assert table.state["damage"][-1]["amount"] == 2


def region_html(table, region: str, tmp_path) -> str:
    """Region `region` as Ann's phone gets it, rendered by the real app."""
    from companion.games.gloomhaven.rules import RULES
    from companion.rules import Seat
    from companion.web import create_app
    app = create_app({"DATABASE": str(tmp_path / "companion.sqlite3"), "TESTING": True})
    seat = Seat("s1", "Ann", "player")
    try:
        with app.test_request_context("/"):
            view = RULES.seat_view(table.state, seat, {seat.id: seat})
            return app.jinja_env.get_template(f"games/gloomhaven/{region}.html").render(
                view=view, seat=seat, display=False, act_url="/act")
    finally:
        app.extensions["companion.store"].close()


def test_the_players_card_sets_the_bonus_and_do_it_asks_no_shield(tmp_path):
    table, _guard = guard_turn(shield=2, retaliate=1, range=2)
    mine = region_html(table, "me", tmp_path)
    form = mine[mine.index('value="character.bonus"'):]
    form = form[:form.index("</form>")]
    assert 'name="shield"' in form and 'value="2"' in form and 'name="range"' in form
    assert "shield 2, retaliate 1 (range 2)" in mine
    now = region_html(table, "now", tmp_path)  # the acting monster's Do it is on the "now" card
    do_it = now[now.index('value="map.do"'):]
    assert 'name="shield"' not in do_it[:do_it.index("</form>")]
