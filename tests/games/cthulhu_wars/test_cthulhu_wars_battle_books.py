"""Battle spellbooks and abilities carried out on the board (issue 20; seed,
战斗 1. 战斗前效果, the factions' cards and 第七章 FAQ): Devour, Abduct,
Invisibility, Seek and Destroy and Absorb before the dice. On the 3-player
map Great Cthulhu starts in the South Pacific, Crawling Chaos in Asia, Black
Goat in Africa, Yellow Sign in Europe."""

from cthulhu_support import THREE, Table, last_line, now_page, on_board, put, units

SIGN = ("great_cthulhu", "black_goat", "yellow_sign")


def set_units(table, area, faction, units):
    """The faction's units in `area` are exactly `units`."""
    def arrange(state):
        by_faction = state["board"]["units"].setdefault(area, {})
        by_faction[faction] = dict(units)
        if not units:
            del by_faction[faction]
    table.arrange(arrange)


def shoggoth_attacks_black_goat(books, goat_unit, attacker_faces, defender_faces) -> Table:
    """Great Cthulhu's lone Shoggoth attacks Black Goat in Africa (its
    starting cultists there), with one more unit of Black Goat's put first
    (`goat_unit`: area, unit) and the faction books `books`; the dice rolled."""
    table = on_board("great_cthulhu", books=books)
    set_units(table, "africa", "great_cthulhu", {"shoggoth": 1})
    area, unit = goat_unit
    put(table, area, "black_goat", unit)
    table.act("great_cthulhu", "battle.declare", defender="black_goat", area="africa")
    table.act("great_cthulhu", "battle.roll", attacker_faces=attacker_faces, defender_faces=defender_faces)
    return table


def dice(table):
    battle = table.state["battle"]
    return battle["dice"]["attacker"]["dice"], battle["dice"]["defender"]["dice"]


def offered(table, faction, kind):
    return table.open_actions(faction).get(kind, [])


# -- Devour (Cthulhu) -----------------------------------------------------------------------------
def cthulhu_in_asia(chaos_units, cthulhu_units=None):
    """Great Cthulhu attacks Crawling Chaos in Asia with Cthulhu (and `cthulhu_units`)."""
    table = on_board("great_cthulhu")
    set_units(table, "asia", "crawling_chaos", chaos_units)
    set_units(table, "asia", "great_cthulhu", {"cthulhu": 1, **(cthulhu_units or {})})
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    return table


def test_devour_takes_the_enemys_only_kind_of_unit_at_once():
    """Devour: the enemy removes one of its own monsters or cultists in the
    battle; with only cultists there, there is nothing to choose."""
    table = cthulhu_in_asia({"cultist": 3})
    assert offered(table, "great_cthulhu", "battle.devour") == [{}]
    table.act("great_cthulhu", "battle.devour")
    assert units(table, "asia", "crawling_chaos") == {"cultist": 2}
    assert table.state["battle"]["units"]["defender"] == {"cultist": 2}
    assert table.faction("crawling_chaos")["counts"]["cultists"] == 2
    assert last_line(table) == ("used %(action)s: %(victim)s lost %(units)s",
                                {"action": "Devour", "victim": "Crawling Chaos", "units": "Acolyte Cultist"})
    assert "once a battle" in str(table.refused("great_cthulhu", "battle.devour"))
    assert offered(table, "great_cthulhu", "battle.devour") == []


def test_devour_lets_the_enemy_choose_and_the_dice_wait_for_it():
    table = cthulhu_in_asia({"cultist": 2, "flying_polyp": 1})
    table.act("great_cthulhu", "battle.devour")
    assert last_line(table) == ("used %(action)s: %(victim)s chooses a unit to lose",
                                {"action": "Devour", "victim": "Crawling Chaos"})
    assert "Waiting for the enemy" in str(table.refused("great_cthulhu", "battle.roll"))
    assert "battle.roll" not in table.open_actions("great_cthulhu")
    assert offered(table, "crawling_chaos", "battle.remove") == [{"units": {"flying_polyp": 1}},
                                                                 {"units": {"cultist": 1}}]
    assert table.refused("great_cthulhu", "battle.remove", units={"cultist": 1})  # not Great Cthulhu's choice
    assert table.refused("crawling_chaos", "battle.remove", units={"cultist": 2}).field == "units"
    assert table.refused("crawling_chaos", "battle.remove", units={"nyarlathotep": 1}).field == "units"
    table.act("crawling_chaos", "battle.remove", units={"flying_polyp": 1})
    assert units(table, "asia", "crawling_chaos") == {"cultist": 2}
    assert last_line(table) == ("removed %(units)s from the battle", {"units": "Flying Polyp"})
    assert dice(table) == (6, 0)
    table.act("great_cthulhu", "battle.roll", attacker_faces="1 1 1 1 1 1", defender_faces="")


def test_devour_needs_cthulhu_in_the_battle_and_a_board():
    table = on_board("great_cthulhu")
    put(table, "asia", "great_cthulhu", "shoggoth")
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    assert "unit in the battle" in str(table.refused("great_cthulhu", "battle.devour"))
    assert offered(table, "great_cthulhu", "battle.devour") == []
    assert table.refused("crawling_chaos", "battle.devour")  # not Crawling Chaos' ability
    counts = Table(THREE)
    counts.to_action_phase()
    counts.act("great_cthulhu", "great_old_one.set", great_old_one="cthulhu", where="map")
    counts.act("great_cthulhu", "battle.declare", defender="crawling_chaos", attacker_units={"cthulhu": 1},
               defender_units={"cultist": 2})
    assert "counts by hand" in str(counts.refused("great_cthulhu", "battle.devour"))


def test_a_side_left_with_no_unit_calls_the_battle_off_and_the_power_stays_spent():
    """FAQ: when every unit of a side is gone before the dice, the battle is off; the power is spent."""
    table = cthulhu_in_asia({"cultist": 1})
    table.act("great_cthulhu", "battle.devour")
    assert table.state["battle"] is None
    assert units(table, "asia", "crawling_chaos") == {}
    assert table.faction("great_cthulhu")["power"] == 9
    assert last_line(table)[0] == "%(line)s; a side has no unit left: the battle is called off"
    assert table.state["board"]["gates"]["asia"] is None  # its last cultist was the gate's
    table.act("great_cthulhu", "turn.end")


# -- Absorb and Devour: the seed's worked battle --------------------------------------------------
def test_the_seeds_worked_battle_absorb_and_devour_before_twelve_dice_against_three():
    """战斗 3 example: Cthulhu, a Shoggoth, two Deep Ones and three cultists
    attack a cultist and four Undead. The Shoggoth absorbs a Deep One, Cthulhu
    devours (the defender gives up her cultist): 12 dice (6 + 5 + 1) against 3."""
    table = on_board("great_cthulhu", SIGN, books={"great_cthulhu": ["absorb"]})
    set_units(table, "europe", "yellow_sign", {"cultist": 1, "undead": 4})
    set_units(table, "south_pacific", "great_cthulhu", {"cultist": 3})
    set_units(table, "europe", "great_cthulhu", {"cthulhu": 1, "shoggoth": 1, "deep_one": 2, "cultist": 3})
    table.act("great_cthulhu", "battle.declare", defender="yellow_sign", area="europe")
    assert dice(table) == (6 + 2 + 2, 3)
    assert {"units": {"deep_one": 1}} in offered(table, "great_cthulhu", "battle.absorb")
    table.act("great_cthulhu", "battle.absorb", units={"deep_one": 1})
    assert units(table, "europe", "great_cthulhu") == {"cthulhu": 1, "shoggoth": 1, "deep_one": 1, "cultist": 3}
    assert last_line(table) == ("used %(action)s: the Shoggoth absorbed %(units)s for %(dice)d more dice",
                                {"action": "Absorb", "units": "Deep One", "dice": 3, "count": 3})
    table.act("great_cthulhu", "battle.devour")
    table.act("yellow_sign", "battle.remove", units={"cultist": 1})
    assert units(table, "europe", "yellow_sign") == {"undead": 4}
    assert dice(table) == (12, 3)
    assert table.refused("great_cthulhu", "battle.absorb", units={"cultist": 1})  # once a battle
    # 12 dice give 1 kill and 5 pains; 3 dice 1 kill and 1 pain.
    table.act("great_cthulhu", "battle.roll", attacker_faces="6 5 5 5 5 5 1 1 1 1 1 1", defender_faces="6 4 1")
    table.act("great_cthulhu", "battle.losses", killed={"cultist": 1}, pained={"deep_one": 1},
              retreats={"deep_one:north_atlantic": 1})
    table.act("yellow_sign", "battle.losses", killed={"undead": 1}, pained={"undead": 3},
              retreats={"undead:asia": 3})
    assert units(table, "europe", "yellow_sign") == {}
    # Great Cthulhu's "kill or devour enemy units in one battle": 1 devoured and 1 killed give either book.
    books = {c["requirement"] for c in offered(table, "great_cthulhu", "spellbook.earn")}
    assert books & {"gc_kill1", "gc_kill2"} == {"gc_kill1", "gc_kill2"}


def test_absorb_takes_only_your_cultists_and_deep_ones_beside_a_shoggoth():
    table = on_board("great_cthulhu", SIGN, books={"great_cthulhu": ["absorb"]})
    set_units(table, "south_pacific", "great_cthulhu", {"cultist": 5})
    set_units(table, "europe", "great_cthulhu", {"shoggoth": 1, "starspawn": 1, "cultist": 1})
    table.act("great_cthulhu", "battle.declare", defender="yellow_sign", area="europe")
    assert table.refused("great_cthulhu", "battle.absorb", units={"starspawn": 1}).field == "units"
    assert table.refused("great_cthulhu", "battle.absorb", units={"cultist": 2}).field == "units"
    assert offered(table, "great_cthulhu", "battle.absorb") == [{"units": {"cultist": 1}}]
    without = on_board("great_cthulhu", SIGN)
    set_units(without, "south_pacific", "great_cthulhu", {"cultist": 5})
    set_units(without, "europe", "great_cthulhu", {"shoggoth": 1, "cultist": 1})
    without.act("great_cthulhu", "battle.declare", defender="yellow_sign", area="europe")
    assert "spellbook" in str(without.refused("great_cthulhu", "battle.absorb", units={"cultist": 1}))


# -- Abduct (Crawling Chaos) ----------------------------------------------------------------------
def chaos_defends_asia(chaos_units, cthulhu_units, books):
    table = on_board("great_cthulhu", books={"crawling_chaos": books})
    set_units(table, "asia", "crawling_chaos", chaos_units)
    set_units(table, "asia", "great_cthulhu", cthulhu_units)
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    return table


def test_abduct_trades_each_nightgaunt_for_a_unit_the_enemy_chooses():
    table = chaos_defends_asia({"cultist": 1, "nightgaunt": 2}, {"deep_one": 2, "shoggoth": 1, "cthulhu": 1},
                               ["abduct"])
    assert offered(table, "crawling_chaos", "battle.abduct") == [{"count": 1}, {"count": 2}]
    assert table.refused("crawling_chaos", "battle.abduct", count=3).field == "count"
    table.act("crawling_chaos", "battle.abduct", count=2)
    assert units(table, "asia", "crawling_chaos") == {"cultist": 1}
    assert last_line(table)[1] == {"action": "Abduct", "count": 2, "victim": "Great Cthulhu"}
    # Great Cthulhu chooses two of its monsters (never Cthulhu).
    assert offered(table, "great_cthulhu", "battle.remove") == [{"units": {"deep_one": 1, "shoggoth": 1}},
                                                                {"units": {"deep_one": 2}}]
    table.act("great_cthulhu", "battle.remove", units={"deep_one": 2})
    assert units(table, "asia", "great_cthulhu") == {"shoggoth": 1, "cthulhu": 1}
    assert dice(table) == (8, 0)


def test_a_nightgaunt_devoured_first_cant_abduct():
    """战斗 1: the attacker's pre-battle effects come first; a Nightgaunt given to Devour can't then Abduct."""
    table = chaos_defends_asia({"nightgaunt": 1, "cultist": 1}, {"cthulhu": 1}, ["abduct"])
    table.act("great_cthulhu", "battle.devour")
    table.act("crawling_chaos", "battle.remove", units={"nightgaunt": 1})
    assert "unit in the battle" in str(table.refused("crawling_chaos", "battle.abduct", count=1))


def test_once_the_defender_has_used_a_pre_battle_book_the_attacker_can_use_no_more():
    """战斗 1: the attacker's pre-battle effects come first, then the defender's."""
    table = chaos_defends_asia({"cultist": 2, "nightgaunt": 1}, {"cthulhu": 1, "deep_one": 1}, ["abduct"])
    table.act("crawling_chaos", "battle.abduct", count=1)
    assert "come first" in str(table.refused("great_cthulhu", "battle.devour"))
    assert offered(table, "great_cthulhu", "battle.devour") == []


def test_abduct_with_no_monster_or_cultist_to_take_is_refused():
    table = chaos_defends_asia({"nightgaunt": 1}, {"cthulhu": 1}, ["abduct"])
    assert "no monster or cultist" in str(table.refused("crawling_chaos", "battle.abduct", count=1))
    assert units(table, "asia", "crawling_chaos") == {"nightgaunt": 1}


# -- Invisibility (Crawling Chaos) ----------------------------------------------------------------
def test_invisibility_sets_aside_a_unit_per_flying_polyp_which_then_takes_no_result():
    table = chaos_defends_asia({"cultist": 2, "flying_polyp": 1}, {"shoggoth": 1, "deep_one": 1, "cthulhu": 1},
                               ["invisibility"])
    assert dice(table) == (9, 1)
    assert {"enemy_units": {"shoggoth": 1}} in offered(table, "crawling_chaos", "battle.invisibility")
    assert table.refused("crawling_chaos", "battle.invisibility", enemy_units={"cthulhu": 1}).field == "enemy_units"
    assert table.refused("crawling_chaos", "battle.invisibility",
                         enemy_units={"shoggoth": 1, "deep_one": 1}).field == "units"  # one Polyp, one unit
    table.act("crawling_chaos", "battle.invisibility", enemy_units={"shoggoth": 1})
    assert last_line(table) == ("used %(action)s: %(units)s sit out the battle",
                                {"action": "Invisibility", "units": "Shoggoth"})
    assert units(table, "asia", "great_cthulhu") == {"shoggoth": 1, "deep_one": 1, "cthulhu": 1}  # still there
    assert dice(table) == (7, 1)
    table.act("great_cthulhu", "battle.roll", attacker_faces="1 1 1 1 1 1 1", defender_faces="6")
    # One kill, and the Shoggoth sat out: a Deep One or Cthulhu takes it.
    assert table.refused("great_cthulhu", "battle.losses", killed={"shoggoth": 1}).field == "killed"
    table.act("great_cthulhu", "battle.losses", killed={"deep_one": 1})
    assert units(table, "asia", "great_cthulhu") == {"shoggoth": 1, "cthulhu": 1}


def test_invisibility_may_set_aside_your_own_flying_polyp():
    """FAQ: yes, Crawling Chaos may make its own Polyp sit out."""
    table = chaos_defends_asia({"cultist": 1, "flying_polyp": 1}, {"deep_one": 1}, ["invisibility"])
    table.act("crawling_chaos", "battle.invisibility", units={"flying_polyp": 1})
    assert dice(table) == (1, 0)
    assert table.state["battle"]["units"]["defender"] == {"cultist": 1}


# -- Seek and Destroy (Crawling Chaos) ------------------------------------------------------------
def test_seek_and_destroy_brings_hunting_horrors_from_anywhere_into_the_battle():
    table = chaos_defends_asia({"cultist": 6}, {"deep_one": 1}, ["seek_and_destroy"])
    put(table, "europe", "crawling_chaos", "hunting_horror")
    put(table, "south_atlantic", "crawling_chaos", "hunting_horror")
    assert offered(table, "crawling_chaos", "battle.seek_and_destroy")[0] == {
        "from_areas": {"europe": 1, "south_atlantic": 1}}
    assert table.refused("crawling_chaos", "battle.seek_and_destroy",
                         from_areas={"europe": 2}).field == "from_areas"
    assert table.refused("crawling_chaos", "battle.seek_and_destroy",
                         from_areas={"asia": 1}).field == "from_areas"
    table.act("crawling_chaos", "battle.seek_and_destroy", from_areas={"europe": 1, "south_atlantic": 1})
    assert units(table, "asia", "crawling_chaos") == {"cultist": 6, "hunting_horror": 2}
    assert units(table, "europe", "crawling_chaos") == {}
    assert dice(table) == (1, 4)
    msgid, params = last_line(table)
    assert msgid == "used %(action)s: %(count)d Hunting Horror joined the battle from %(from)s"
    assert params["count"] == 2 and params["from"] == "Europe, South Atlantic"


def test_seek_and_destroy_is_crawling_chaos_own_and_needs_its_book():
    table = chaos_defends_asia({"cultist": 6}, {"deep_one": 1}, [])
    put(table, "europe", "crawling_chaos", "hunting_horror")
    assert "spellbook" in str(table.refused("crawling_chaos", "battle.seek_and_destroy", from_areas={"europe": 1}))
    assert offered(table, "crawling_chaos", "battle.seek_and_destroy") == []


# -- Regenerate (Great Cthulhu, when taking results) ----------------------------------------------
def starspawn_hit(books, chaos_faces, cthulhu_units=None):
    """Great Cthulhu attacks in Asia with a Starspawn (and `cthulhu_units`);
    Crawling Chaos' Hunting Horror and Flying Polyp roll `chaos_faces`."""
    table = on_board("great_cthulhu", books={"great_cthulhu": books})
    set_units(table, "south_pacific", "great_cthulhu", {"cultist": 5})
    set_units(table, "asia", "great_cthulhu", {"starspawn": 1, **(cthulhu_units or {})})
    set_units(table, "asia", "crawling_chaos", {"cultist": 6, "hunting_horror": 1, "flying_polyp": 1})
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    faces = " ".join(["1"] * table.state["battle"]["dice"]["attacker"]["dice"])
    table.act("great_cthulhu", "battle.roll", attacker_faces=faces, defender_faces=chaos_faces)
    return table


def test_regenerate_a_starspawn_takes_two_results_and_dies_only_of_two_kills():
    """Seed: up to 2 results on each Starspawn; two kills kill it, any other
    results make it retreat. Two kills and a pain on a Starspawn and a cultist:
    the cultist dies and the Starspawn, with a kill and a pain, retreats."""
    table = starspawn_hit(["regenerate"], "6 6 5", {"cultist": 1})
    offered_first = offered(table, "great_cthulhu", "battle.losses")[0]
    assert offered_first["starspawn"] == ["kill-pain"] and offered_first["killed"] == {"cultist": 1}
    table.act("great_cthulhu", "battle.losses", killed={"cultist": 1}, starspawn=["kill-pain"],
              retreats={"starspawn:europe": 1})
    assert units(table, "asia", "great_cthulhu") == {}
    assert units(table, "europe", "great_cthulhu") == {"starspawn": 1}
    assert last_line(table)[1]["killed"] == "Acolyte Cultist"


def test_regenerate_two_kills_on_a_lone_starspawn_kill_it():
    table = starspawn_hit(["regenerate"], "6 6 1")
    table.act("great_cthulhu", "battle.losses", starspawn=["kill-kill"])
    assert units(table, "asia", "great_cthulhu") == {}
    assert units(table, "europe", "great_cthulhu") == {}
    assert last_line(table)[1]["killed"] == "Starspawn"


def test_regenerate_a_starspawn_given_a_lone_kill_retreats_rather_than_dies():
    """The seed: only two kills kill a Starspawn; "any other combination"
    (a lone kill among them) makes it retreat."""
    table = starspawn_hit(["regenerate"], "6 6 1", {"cultist": 1})
    table.act("great_cthulhu", "battle.losses", killed={"cultist": 1}, starspawn=["kill"],
              retreats={"starspawn:europe": 1})
    assert units(table, "asia", "great_cthulhu") == {}
    assert units(table, "europe", "great_cthulhu") == {"starspawn": 1}
    assert table.state["battle"]["losses"]["attacker"]["killed"] == {"cultist": 1}


def test_without_regenerate_a_starspawn_takes_one_result():
    table = starspawn_hit([], "6 6 5", {"cultist": 1})
    # Two units, two kills: the pain is ignored.
    assert table.refused("great_cthulhu", "battle.losses", killed={"cultist": 1},
                         starspawn=["kill-pain"], retreats={"starspawn:europe": 1}).field == "starspawn"
    table.act("great_cthulhu", "battle.losses", killed={"cultist": 1, "starspawn": 1})
    assert units(table, "asia", "great_cthulhu") == {}


def test_regenerate_refuses_results_that_dont_add_up():
    table = starspawn_hit(["regenerate"], "6 6 5", {"cultist": 1})
    assert table.refused("great_cthulhu", "battle.losses", starspawn=["kill-kill-kill"]).field == "starspawn"
    assert table.refused("great_cthulhu", "battle.losses", starspawn=["kill", "kill"]).field == "starspawn"
    assert table.refused("great_cthulhu", "battle.losses", starspawn=["kill-pain"],
                         retreats={"starspawn:europe": 1}).field == "killed"  # a kill is left over
    for choice in offered(table, "great_cthulhu", "battle.losses"):  # each ready-made choice is accepted
        starspawn_hit(["regenerate"], "6 6 5", {"cultist": 1}).act("great_cthulhu", "battle.losses", **choice)
    table.act("great_cthulhu", "battle.losses", starspawn=["kill-kill"], pained={"cultist": 1},
              retreats={"cultist:europe": 1})
    assert units(table, "europe", "great_cthulhu") == {"cultist": 1}


# -- Madness (Crawling Chaos: where the enemy retreats) -------------------------------------------
def test_madness_crawling_chaos_sends_the_enemys_pained_units_where_it_likes():
    """Madness: Crawling Chaos decides to which neighbouring area enemy units
    retreat; the owner still chooses which units are pained (FAQ), and the
    usual retreat rules hold."""
    table = chaos_defends_asia({"cultist": 6, "hunting_horror": 1}, {"shoggoth": 1}, ["madness"])
    table.act("great_cthulhu", "battle.roll", attacker_faces="4 1", defender_faces="5 1")
    assert table.refused("great_cthulhu", "battle.losses", pained={"shoggoth": 1},
                         retreats={"shoggoth:europe": 1}).field == "retreats"
    assert offered(table, "great_cthulhu", "battle.losses") == [{"killed": {}, "pained": {"shoggoth": 1}}]
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1})
    assert units(table, "asia", "great_cthulhu") == {"shoggoth": 1}  # waiting for Crawling Chaos
    assert "Finish the battle first" in str(table.refused("great_cthulhu", "turn.end"))
    assert {"retreats": {"shoggoth:europe": 1}} in offered(table, "crawling_chaos", "battle.retreats")
    assert table.refused("crawling_chaos", "battle.retreats",
                         retreats={"shoggoth:south_pacific": 1}).field == "retreats"  # not a neighbour
    assert table.refused("great_cthulhu", "battle.retreats", retreats={"shoggoth:europe": 1})
    table.act("crawling_chaos", "battle.retreats", retreats={"shoggoth:indian_ocean": 1})
    assert units(table, "indian_ocean", "great_cthulhu") == {"shoggoth": 1}
    assert last_line(table) == ("used Madness: the pained units of %(victim)s retreated: %(retreated)s",
                                {"victim": "Great Cthulhu", "retreated": "Shoggoth → Indian Ocean"})
    # Its own pained units retreat as usual, chosen by itself.
    table.act("crawling_chaos", "battle.losses", pained={"cultist": 1}, retreats={"cultist:africa": 1})
    table.act("great_cthulhu", "turn.end")


def test_madness_crawling_chaos_may_retreat_its_own_units_before_the_enemys():
    """Seed 战斗 3. 结果 2) and FAQ: with Madness, Crawling Chaos decides the
    order of the retreats; its own side may go first while the attacker's wait."""
    table = chaos_defends_asia({"cultist": 6, "hunting_horror": 1}, {"shoggoth": 1}, ["madness"])
    table.act("great_cthulhu", "battle.roll", attacker_faces="4 1", defender_faces="5 1")
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1})
    table.act("crawling_chaos", "battle.losses", pained={"cultist": 1}, retreats={"cultist:europe": 1})
    # Europe now holds a Crawling Chaos cultist: the Shoggoth can't retreat there.
    assert table.refused("crawling_chaos", "battle.retreats", retreats={"shoggoth:europe": 1}).field == "retreats"
    assert {"retreats": {"shoggoth:europe": 1}} not in offered(table, "crawling_chaos", "battle.retreats")
    table.act("crawling_chaos", "battle.retreats", retreats={"shoggoth:indian_ocean": 1})
    assert units(table, "indian_ocean", "great_cthulhu") == {"shoggoth": 1}
    table.act("great_cthulhu", "turn.end")


def madness_between_goat_and_cthulhu():
    """Great Cthulhu's Shoggoth attacks Black Goat's Fungi in Africa; each
    side suffers a pain; Crawling Chaos (not in the battle) has Madness."""
    return shoggoth_attacks_black_goat({"crawling_chaos": ["madness"]}, ("africa", "fungi"), "4 1", "5")


def test_madness_crawling_chaos_may_have_the_defender_retreat_first():
    """FAQ: with Madness, Crawling Chaos may have the defender retreat first."""
    table = madness_between_goat_and_cthulhu()
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1})
    # The defender assigns its own results while the attacker's retreat waits for Crawling Chaos.
    table.act("black_goat", "battle.losses", pained={"cultist": 1})
    choices = offered(table, "crawling_chaos", "battle.retreats")
    assert {"side": "defender", "retreats": {"cultist:asia": 1}} in choices
    assert {"side": "attacker", "retreats": {"shoggoth:asia": 1}} in choices
    table.act("crawling_chaos", "battle.retreats", side="defender", retreats={"cultist:asia": 1})
    assert units(table, "asia", "black_goat") == {"cultist": 1}
    assert last_line(table) == ("used Madness: the pained units of %(victim)s retreated: %(retreated)s",
                                {"victim": "Black Goat", "retreated": "Acolyte Cultist → Asia"})
    # Asia now holds a Black Goat unit: the Shoggoth can't go there.
    assert table.refused("crawling_chaos", "battle.retreats", side="attacker",
                         retreats={"shoggoth:asia": 1}).field == "retreats"
    assert table.refused("crawling_chaos", "battle.retreats", side="defender",
                         retreats={"cultist:europe": 1}).field == "side"  # already retreated
    table.act("crawling_chaos", "battle.retreats", side="attacker", retreats={"shoggoth:north_atlantic": 1})
    assert units(table, "north_atlantic", "great_cthulhu") == {"shoggoth": 1}
    table.act("great_cthulhu", "turn.end")


def test_madness_a_side_left_with_nowhere_to_retreat_loses_one_pained_unit():
    """Australia borders the Indian Ocean and the South Pacific. Black Goat
    has a Ghoul in the South Pacific, Great Cthulhu its cultists: each side's
    only way out is the Indian Ocean. Crawling Chaos sends Black Goat's Fungi
    there first, so the Shoggoth can't retreat and is eliminated (seed, 战斗
    3. 结果 2): a unit that can't retreat is eliminated)."""
    table = on_board("great_cthulhu", books={"crawling_chaos": ["madness"]})
    set_units(table, "australia", "great_cthulhu", {"shoggoth": 1})
    set_units(table, "australia", "black_goat", {"fungi": 1})
    put(table, "south_pacific", "black_goat", "ghoul")
    table.act("great_cthulhu", "battle.declare", defender="black_goat", area="australia")
    table.act("great_cthulhu", "battle.roll", attacker_faces="4 1", defender_faces="5")
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1})
    table.act("black_goat", "battle.losses", pained={"fungi": 1})
    table.act("crawling_chaos", "battle.retreats", side="defender", retreats={"fungi:indian_ocean": 1})
    assert offered(table, "crawling_chaos", "battle.retreats") == [{"eliminated": "shoggoth"}]
    assert table.refused("crawling_chaos", "battle.retreats",
                         retreats={"shoggoth:indian_ocean": 1}).field == "eliminated"
    table.act("crawling_chaos", "battle.retreats", eliminated="shoggoth")
    assert units(table, "australia", "great_cthulhu") == {}
    assert units(table, "indian_ocean", "black_goat") == {"fungi": 1}
    assert last_line(table) == ("used Madness: %(victim)s had nowhere left to retreat and lost %(unit)s",
                                {"victim": "Great Cthulhu", "unit": "Shoggoth"})
    table.act("great_cthulhu", "turn.end")


def test_madness_works_in_a_battle_crawling_chaos_is_not_in():
    table = madness_between_goat_and_cthulhu()
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1})
    table.act("crawling_chaos", "battle.retreats", retreats={"shoggoth:asia": 1})
    table.act("black_goat", "battle.losses", pained={"cultist": 1})
    # Asia now holds Great Cthulhu's Shoggoth: Black Goat's cultist can't go there.
    assert table.refused("crawling_chaos", "battle.retreats", retreats={"cultist:asia": 1}).field == "retreats"
    table.act("crawling_chaos", "battle.retreats", retreats={"cultist:north_atlantic": 1})
    assert units(table, "north_atlantic", "black_goat") == {"cultist": 1}
    assert table.state["battle"]["losses"]["defender"]["retreats"] == {"cultist:north_atlantic": 1}


# -- on the phone ----------------------------------------------------------------------------------
def test_the_phones_offer_the_pre_battle_books_and_the_enemys_choice(app):
    table = cthulhu_in_asia({"cultist": 2, "flying_polyp": 1})
    page = now_page(app, table, "great_cthulhu")
    assert 'value="battle.devour"' in page and ">Devour</button>" in page
    table.act("great_cthulhu", "battle.devour")
    page = now_page(app, table, "crawling_chaos")
    assert 'name="units.flying_polyp" value="1"' in page and ">Flying Polyp</button>" in page
    assert 'value="battle.remove"' not in now_page(app, table, "great_cthulhu")


def test_the_phone_offers_madness_retreats(app):
    table = chaos_defends_asia({"cultist": 6, "hunting_horror": 1}, {"shoggoth": 1}, ["madness"])
    table.act("great_cthulhu", "battle.roll", attacker_faces="4 1", defender_faces="5 1")
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1})
    page = now_page(app, table, "crawling_chaos")
    assert 'name="retreats.shoggoth:europe" value="1"' in page and "Madness: Shoggoth → Europe" in page


# -- Necrophagy (Black Goat, post-battle) ---------------------------------------------------------
def quiet_battle_in_asia(books=("necrophagy",)):
    """Great Cthulhu's Shoggoth and 2 cultists attack Crawling Chaos' cultists
    in Asia; nobody is hit. Black Goat, not in the battle, has 2 Ghouls in Africa."""
    table = on_board("great_cthulhu", books={"black_goat": list(books)})
    set_units(table, "south_pacific", "great_cthulhu", {"cultist": 4})
    set_units(table, "asia", "great_cthulhu", {"shoggoth": 1, "cultist": 2})
    put(table, "africa", "black_goat", "ghoul", 2)
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="asia")
    table.act("great_cthulhu", "battle.roll", attacker_faces="1 1", defender_faces="")
    return table


def test_necrophagy_ghouls_come_after_the_battle_and_both_sides_retreat_a_unit_each():
    """The seed's worked battle, its end: Black Goat moves two Ghouls in by
    Necrophagy, and the attacker must retreat two more units (a cultist and
    the Shoggoth), even though Black Goat was not in the battle."""
    table = quiet_battle_in_asia()
    assert "Finish the battle first" in str(table.refused("great_cthulhu", "turn.end"))
    assert offered(table, "black_goat", "battle.necrophagy") == [{"from_areas": {"africa": 2}},
                                                                  {"from_areas": {"africa": 1}}, {}]
    assert table.refused("black_goat", "battle.necrophagy", from_areas={"africa": 3}).field == "from_areas"
    table.act("black_goat", "battle.necrophagy", from_areas={"africa": 2})
    assert units(table, "asia", "black_goat") == {"ghoul": 2}
    assert last_line(table) == ("used Necrophagy: %(count)d Ghoul came to %(area)s from %(from)s; "
                                "both sides suffer %(count)d pain more",
                                {"count": 2, "area": "Asia", "from": "Africa × 2"})
    assert table.refused("great_cthulhu", "battle.losses", pained={"shoggoth": 1},
                         retreats={"shoggoth:europe": 1}).field == "pained"  # two pains
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1, "cultist": 1},
              retreats={"shoggoth:europe": 1, "cultist:europe": 1})
    table.act("crawling_chaos", "battle.losses", pained={"cultist": 2}, retreats={"cultist:africa": 2})
    assert units(table, "asia", "great_cthulhu") == {"cultist": 1}
    assert units(table, "asia", "crawling_chaos") == {"cultist": 4}
    table.act("great_cthulhu", "turn.end")


def test_necrophagy_declined_ends_the_battle_and_without_the_book_nobody_waits():
    table = quiet_battle_in_asia()
    table.act("black_goat", "battle.necrophagy")
    assert last_line(table) == ("declined Necrophagy", {})
    assert units(table, "africa", "black_goat")["ghoul"] == 2
    table.act("great_cthulhu", "turn.end")
    without = quiet_battle_in_asia(books=())
    assert offered(without, "black_goat", "battle.necrophagy") == []
    without.act("great_cthulhu", "turn.end")


def test_the_ghouls_necrophagy_brings_into_black_goats_own_battle_take_no_pain():
    """FAQ: both sides suffer the extra pains, Black Goat too, but not the Ghouls just come."""
    table = shoggoth_attacks_black_goat({"black_goat": ["necrophagy"]}, ("asia", "ghoul"), "1 1", "")
    table.act("black_goat", "battle.necrophagy", from_areas={"asia": 1})
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1}, retreats={"shoggoth:south_atlantic": 1})
    assert table.refused("black_goat", "battle.losses", pained={"ghoul": 1},
                         retreats={"ghoul:asia": 1}).field == "pained"
    table.act("black_goat", "battle.losses", pained={"cultist": 1}, retreats={"cultist:asia": 1})
    assert units(table, "africa", "black_goat") == {"cultist": 5, "ghoul": 1}


def test_the_phone_offers_necrophagy_and_declining_it(app):
    page = now_page(app, quiet_battle_in_asia(), "black_goat")
    assert 'name="from_areas.africa" value="2"' in page and "Necrophagy: Africa × 2" in page
    assert "Necrophagy: Decline" in page


def test_a_side_that_lost_a_unit_for_want_of_a_retreat_loses_no_second_one_to_necrophagy():
    """FAQ: units that can't retreat lose one unit; Necrophagy's pain after that costs them no second one."""
    table = on_board("great_cthulhu", books={"black_goat": ["necrophagy"]})
    set_units(table, "asia", "crawling_chaos", {"cultist": 5})
    set_units(table, "australia", "crawling_chaos", {"cultist": 1, "nightgaunt": 2})
    set_units(table, "australia", "great_cthulhu", {"deep_one": 2})
    set_units(table, "indian_ocean", "great_cthulhu", {"deep_one": 1})
    put(table, "africa", "black_goat", "ghoul")
    table.act("great_cthulhu", "battle.declare", defender="crawling_chaos", area="australia")
    table.act("great_cthulhu", "battle.roll", attacker_faces="5 4", defender_faces="")
    table.act("crawling_chaos", "battle.losses", pained={"nightgaunt": 2}, eliminated="nightgaunt")
    table.act("black_goat", "battle.necrophagy", from_areas={"africa": 1})
    table.act("great_cthulhu", "battle.losses", pained={"deep_one": 1}, retreats={"deep_one:south_pacific": 1})
    assert offered(table, "crawling_chaos", "battle.losses") == [{"killed": {}, "pained": {"cultist": 1}},
                                                                 {"killed": {}, "pained": {"nightgaunt": 1}}]
    table.act("crawling_chaos", "battle.losses", pained={"cultist": 1})
    assert units(table, "australia", "crawling_chaos") == {"cultist": 1, "nightgaunt": 1}
    table.act("great_cthulhu", "turn.end")


# -- Emissary of the Outer Gods (Crawling Chaos) --------------------------------------------------
def nyarlathotep_hit(books, cthulhu_units):
    table = chaos_defends_asia({"cultist": 6, "nyarlathotep": 1}, cthulhu_units, books)
    table.arrange(lambda state: state["factions"]["crawling_chaos"]["great_old_ones"].update(nyarlathotep="map"))
    faces = " ".join(["1"] * table.state["battle"]["dice"]["defender"]["dice"])
    table.act("great_cthulhu", "battle.roll", attacker_faces="6" + " 1" * (dice(table)[0] - 1),
              defender_faces=faces)
    return table


def test_emissary_a_kill_on_nyarlathotep_is_a_pain_unless_an_enemy_great_old_one_fights():
    table = nyarlathotep_hit(["emissary_of_the_outer_gods"], {"shoggoth": 1})
    table.act("crawling_chaos", "battle.losses", killed={"nyarlathotep": 1}, retreats={"nyarlathotep:europe": 1})
    assert units(table, "europe", "crawling_chaos") == {"nyarlathotep": 1}
    assert last_line(table)[1] == {"killed": "—", "retreated": "Nyarlathotep → Europe"}
    with_cthulhu = nyarlathotep_hit(["emissary_of_the_outer_gods"], {"cthulhu": 1})
    with_cthulhu.act("crawling_chaos", "battle.losses", killed={"nyarlathotep": 1})
    assert units(with_cthulhu, "asia", "crawling_chaos") == {"cultist": 6}


def test_a_table_that_counts_by_hand_keeps_its_battle_as_before():
    """No board: the battle spellbooks are the group's to apply (battle.adjust), nothing waits for them."""
    table = Table(THREE)
    table.to_action_phase()
    table.arrange(lambda state: state["factions"]["black_goat"].update(spellbooks=["necrophagy"]))
    table.arrange(lambda state: state["factions"]["crawling_chaos"].update(spellbooks=["madness"]))
    table.act("great_cthulhu", "battle.declare", defender="black_goat", attacker_units={"deep_one": 1},
              defender_units={"cultist": 2})
    table.act("great_cthulhu", "battle.roll", attacker_faces="5", defender_faces="")
    assert table.open_actions("black_goat").get("battle.necrophagy") is None
    assert table.refused("black_goat", "battle.necrophagy", from_areas={"africa": 1})
    assert table.refused("crawling_chaos", "battle.retreats", retreats={"cultist:asia": 1})
    table.act("great_cthulhu", "turn.end")


# -- the now card: who the battle waits for, and what for -------------------------------------------
def now_line(table, faction=None):
    now = table.view(faction)["now"]
    return now["line"][0], now["line"][1]


def waits_only_for(table, faction):
    return [f for f in ("great_cthulhu", "crawling_chaos", "black_goat") if table.view(f)["now"]["you"]] == [faction]


def test_the_now_card_names_the_enemys_choice_after_devour_and_abduct():
    table = cthulhu_in_asia({"cultist": 2, "flying_polyp": 1})
    table.act("great_cthulhu", "battle.devour")
    assert now_line(table) == ("Battle in %(area)s: %(action)s: %(faction)s chooses %(n)d of its monsters and "
                               "cultists in the battle to lose.",
                               {"area": "Asia", "action": "Devour", "faction": "Crawling Chaos", "n": 1})
    assert waits_only_for(table, "crawling_chaos")
    abducted = chaos_defends_asia({"cultist": 1, "nightgaunt": 2}, {"deep_one": 2, "shoggoth": 1}, ["abduct"])
    abducted.act("crawling_chaos", "battle.abduct", count=2)
    assert now_line(abducted)[1] == {"area": "Asia", "action": "Abduct", "faction": "Great Cthulhu", "n": 2}
    assert waits_only_for(abducted, "great_cthulhu")


def test_the_now_card_names_who_assigns_the_results_and_how_many():
    table = chaos_defends_asia({"cultist": 6, "hunting_horror": 1}, {"shoggoth": 1}, [])
    table.act("great_cthulhu", "battle.roll", attacker_faces="4 1", defender_faces="6 1")
    assert now_line(table) == ("Battle in %(area)s: %(faction)s chooses which of its units take %(kills)d kills "
                               "and %(pains)d pains, and where the pained ones retreat.",
                               {"area": "Asia", "faction": "Great Cthulhu", "kills": 1, "pains": 0})
    assert waits_only_for(table, "great_cthulhu")
    table.act("great_cthulhu", "battle.losses", killed={"shoggoth": 1})
    assert now_line(table)[1] == {"area": "Asia", "faction": "Crawling Chaos", "kills": 0, "pains": 1}
    assert waits_only_for(table, "crawling_chaos")


def test_the_now_card_names_madness_retreats_waiting_for_crawling_chaos():
    table = madness_between_goat_and_cthulhu()
    assert now_line(table) == ("Battle in %(area)s: %(faction)s chooses which of its units take %(kills)d kills "
                               "and %(pains)d pains; Madness: Crawling Chaos then picks where the pained ones "
                               "retreat.", {"area": "Africa", "faction": "Great Cthulhu", "kills": 0, "pains": 1})
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1})
    assert now_line(table)[1]["faction"] == "Black Goat"  # Black Goat's results first
    table.act("black_goat", "battle.losses", pained={"cultist": 1})
    message, params = now_line(table, "crawling_chaos")
    assert message == ("Battle in %(area)s: Madness: %(faction)s chooses where the pained units of %(victim)s "
                       "retreat (%(units)s).")
    assert params == {"area": "Africa", "faction": "Crawling Chaos", "victim": "Great Cthulhu", "units": "Shoggoth"}
    assert waits_only_for(table, "crawling_chaos")
    table.act("crawling_chaos", "battle.retreats", retreats={"shoggoth:asia": 1})
    assert now_line(table)[1]["victim"] == "Black Goat"


def test_the_now_card_names_necrophagy_waiting_for_black_goat():
    table = quiet_battle_in_asia()
    assert now_line(table) == ("Battle in %(area)s is over: %(faction)s may bring Ghouls with Necrophagy "
                               "(a pain more to both sides for each) or decline.",
                               {"area": "Asia", "faction": "Black Goat"})
    assert waits_only_for(table, "black_goat")
    table.act("black_goat", "battle.necrophagy", from_areas={"africa": 1})
    assert now_line(table) == ("Battle in %(area)s: Necrophagy: %(faction)s chooses which of its units take "
                               "%(pains)d more pains, and where they retreat.",
                               {"area": "Asia", "faction": "Great Cthulhu", "kills": 0, "pains": 1})
    table.act("great_cthulhu", "battle.losses", pained={"cultist": 1}, retreats={"cultist:europe": 1})
    table.act("crawling_chaos", "battle.losses", pained={"cultist": 1}, retreats={"cultist:africa": 1})
    assert now_line(table)[0] == "Action phase: %(faction)s's turn, %(power)d power."


def test_the_now_card_names_vengeance_yellow_sign_choosing_for_its_enemy():
    table = on_board("great_cthulhu", SIGN)
    set_units(table, "europe", "yellow_sign", {"hastur": 1, "cultist": 1})
    set_units(table, "europe", "great_cthulhu", {"shoggoth": 1})
    table.act("great_cthulhu", "battle.declare", defender="yellow_sign", area="europe")
    faces = " ".join(["1"] * dice(table)[1])
    table.act("great_cthulhu", "battle.roll", attacker_faces="1 1", defender_faces="6" + faces[1:])
    assert now_line(table) == ("Battle in %(area)s: Vengeance: %(faction)s chooses which units of %(victim)s take "
                               "%(kills)d kills and %(pains)d pains, and where the pained ones retreat.",
                               {"area": "Europe", "faction": "Yellow Sign", "victim": "Great Cthulhu",
                                "kills": 1, "pains": 0})
    assert table.view("yellow_sign")["now"]["you"] and not table.view("great_cthulhu")["now"]["you"]


def test_the_now_card_speaks_the_readers_language(app):
    table = madness_between_goat_and_cthulhu()
    table.act("great_cthulhu", "battle.losses", pained={"shoggoth": 1})
    table.act("black_goat", "battle.losses", pained={"cultist": 1})
    chinese = now_page(app, table, "crawling_chaos", "zh-CN")
    assert "非洲 的战斗：疯狂：蠕行混沌 选择 伟大的克苏鲁 的受伤单位撤退到哪里（修格斯）" in chinese
    japanese = now_page(app, table, "crawling_chaos", "ja")
    assert "狂気" in japanese and "撤退先を選ぶ" in japanese
