"""Mission progress the app counts by itself from what it sees: innocents
flipped and rescued on the starting space, the Commissioner brought there,
monsters killed (in one round, where the mission says so), tokens removed by
a cleanse, a dark past turned up; the other goals are moved by hand."""

from __future__ import annotations

from companion.games.the_others import spaces
from the_others_support import play_turn, refused, started

ROUND_ONE = (("ann", "rose"), ("bob", "thorley"), ("cy", "rocco"))


def battleground():
    table = started(story="battleground_of_souls")
    table.act("ann", "round.first_hero", hero="rose")
    for name in ("Start", "Church"):
        table.act(None, "space.add", name=name)
    table.act(None, "space.set", space="s1", what="start", value=1)
    table.act(None, "space.set", space="s2", what="face_down", value=2)
    table.act("ann", "hero.move", hero="rose", to="s2", teleport=True)
    return table


def test_flipped_innocents_the_commissioner_and_rescues_move_the_missions_on():
    table = battleground()
    table.act("ann", "hero.pick_up", hero="rose", what="explore", revealed={"innocents": 2})
    assert table.state["story"]["choose"] == ["2A", "2B"]  # Rescue the Innocents: 2 revealed
    table.act("ann", "mission.choose", mission="2B")
    table.act(None, "space.set", space="s2", what="npcs.commissioner", value=1)
    table.act("ann", "hero.pick_up", hero="rose", what="commissioner")
    assert table.state["story"]["mission"] == "2B"
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    assert table.state["story"]["mission"] == "3"  # the Chief is on the starting space
    assert table.state["story"]["progress"] == 0


def test_innocents_following_a_hero_are_rescued_on_the_starting_space_with_no_monster():
    table = battleground()
    with table.arranged() as state:
        state["story"].update(mission="3", progress=0)  # Save Their Souls: 3 innocents
    table.act(None, "space.set", space="s2", what="innocents", value=2)
    table.act("ann", "hero.pick_up", hero="rose", what="innocents")
    table.act("ann", "hero.pick_up", hero="rose", what="innocents")
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=1)
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    assert table.state["heroes"]["rose"]["innocents"] == 2  # a monster is there: not yet
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=0)
    assert table.state["heroes"]["rose"]["innocents"] == 0
    assert (table.state["story"]["progress"], table.state["story"]["innocents_rescued"]) == (2, 2)
    table.act("ann", "hero.move", hero="rose", to="s2", teleport=True)
    table.act("ann", "hero.adjust", hero="rose", change="innocent")
    assert table.state["heroes"]["rose"]["innocents"] == 1  # held until the starting space
    table.act("ann", "hero.adjust", hero="rose", change="rescue")  # by hand (a card, an ability): counts too
    assert table.state["winner"] == "heroes"


def test_other_stories_rescue_nobody_on_the_starting_space():
    table = started()
    table.act("ann", "round.first_hero", hero="rose")
    table.act(None, "space.add", name="Start")
    table.act(None, "space.set", space="s1", what="start", value=1)
    table.act("ann", "hero.adjust", hero="rose", change="innocent")
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    assert table.state["heroes"]["rose"]["innocents"] == 1


def fight_an_acolyte(table, seat, by_sin=False):
    """A fight against one acolyte that the hero's two hits kill."""
    table.act("sin" if by_sin else seat, "fight.start", monsters={"acolyte": 1},
              entered={"hero": "hit hit", "sin": "blank blank"})
    table.act(seat, "fight.resolve", assigned=[2], turned={})


def test_kills_in_one_round_count_only_within_that_round():
    table = started(story="haven_in_flames")  # Monstrous Threat: 3 monsters killed in one round
    table.act("ann", "round.first_hero", hero="rose")
    for seat, hero in ROUND_ONE[:2]:
        table.act(seat, "turn.start", hero=hero)
        fight_an_acolyte(table, seat)
        table.act(seat, "turn.end")
        table.act("sin", "reaction.end")
    assert table.state["story"]["progress"] == 2
    play_turn(table, "cy", "rocco")
    for seat, hero in ROUND_ONE:
        play_turn(table, seat, hero)
    table.act(None, "round.end")
    assert (table.state["story"]["mission"], table.state["story"]["progress"]) == ("1", 0)
    table.act("ann", "round.first_hero", hero="rose")
    table.act("ann", "turn.start", hero="rose")
    fight_an_acolyte(table, "ann")
    table.act("ann", "turn.end")
    table.act("sin", "reaction.spend")
    fight_an_acolyte(table, "ann", by_sin=True)  # a kill in the SIN's fight counts as well
    table.act("sin", "reaction.end")
    table.act("bob", "turn.start", hero="thorley")
    fight_an_acolyte(table, "bob")
    assert table.state["story"]["choose"] == ["2A", "2B"]


def test_only_the_mission_in_progress_counts_a_kill():
    table = started(story="haven_in_flames")
    table.act("ann", "round.first_hero", hero="rose")
    with table.arranged() as state:
        state["story"].update(mission="4", progress=0)  # Destroy the Avatar: controller and avatar
    table.act("ann", "turn.start", hero="rose")
    fight_an_acolyte(table, "ann")
    assert table.state["story"]["progress"] == 0
    with table.arranged() as state:
        state["heroes"]["rose"]["upgrades"] = ["brutality"]  # +1 hit: 3 hits
    table.act("ann", "turn.end")
    table.act("sin", "reaction.spend")
    with table.arranged() as state:
        state["facts"]["monsters"]["controller"] = {"combat": 1, "defense": 3}
    table.act("sin", "fight.start", monsters={"controller": 1}, entered={"hero": "hit hit", "sin": "blank"})
    table.act("ann", "fight.resolve", assigned=[3], turned={})
    assert table.state["story"]["progress"] == 1


def test_a_cleanse_counts_the_tokens_a_mission_asks_for_where_no_monster_is():
    table = started(story="the_darkness_within")
    table.act("ann", "round.first_hero", hero="rose")
    for _ in range(3):
        table.act("ann", "mission.progress", delta=1)  # Tempting Fate is moved by hand
    assert table.state["story"]["mission"] == "2"  # Begin the Ritual: 2 corruption tokens, no monster there
    table.act(None, "space.add", name="Old Town")
    table.act(None, "space.set", space="s1", what="tokens.corruption", value=3)
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=1)
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "cleanse.roll", entered={"hero": "skill skill"})
    table.act("ann", "cleanse.remove", what="corruption")
    assert table.state["story"]["progress"] == 0  # an acolyte stands there
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=0)
    table.act("ann", "cleanse.remove", what="corruption")
    assert table.state["story"]["progress"] == 1


def test_a_dark_past_turned_up_completes_unleash_hell():
    table = started(story="the_beast_we_become")
    table.act("ann", "round.first_hero", hero="rose")
    table.act("ann", "turn.start", hero="rose")
    for _ in range(6):
        table.act("ann", "hero.adjust", hero="rose", change="corruption")
    table.act("ann", "turn.end")
    assert table.state["story"]["choose"] == ["2A", "2B"]


def test_the_starting_space_is_one_space_and_a_reserve_hero_comes_in_there():
    table = started()
    table.act("ann", "round.first_hero", hero="rose")
    for name in ("Start", "Plaza", "Docks"):
        table.act(None, "space.add", name=name)
    table.act(None, "space.set", space="s2", what="start", value=1)
    table.act(None, "space.set", space="s1", what="start", value=1)
    assert [sid for sid, sp in table.state["spaces"].items() if sp["start"]] == ["s1"]
    assert refused(table, None, "space.set", space="s1", what="start", value=2).field == "value"
    table.act("ann", "hero.move", hero="rose", to="s3", teleport=True)
    for _ in range(5):
        table.act("ann", "hero.adjust", hero="rose", change="wound")
    table.act("ann", "hero.replace", hero="rose", reserve="leah", upgrades=[])
    assert table.state["heroes"]["leah"]["space"] == "s1"


def nests(table):
    for name in ("Nest Street", "Plaza"):
        table.act(None, "space.add", name=name)
    table.act(None, "space.set", space="s1", what="printed.nest", value=1)
    table.act(None, "space.set", space="s1", what="tokens.nest", value=1)
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=1)
    with table.arranged() as state:
        state["monsters"]["dead"] = {"acolyte": 2, "abomination": 1}
        state["summons_left"] = 3
    return table


def test_summoned_monsters_go_onto_free_nests_each_monster_blocking_one():
    table = nests(started())
    # Two nests, one acolyte already there: one more monster fits (the rulebook's example).
    error = refused(table, "sin", "monsters.summon", space="s1", monsters={"acolyte": 2})
    assert error.field == "space" and error.params["count"] == 1
    assert refused(table, "sin", "monsters.summon", space="s2", monsters={"acolyte": 1}).field == "space"
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)  # heroes block no nest
    table.act("sin", "monsters.summon", space="s1", monsters={"abomination": 1})
    assert table.state["spaces"]["s1"]["monsters"] == {"abomination": 1, "controller": 0, "avatar": 0,
                                                       "acolyte": 1}
    assert (table.state["monsters"]["dead"]["abomination"], table.state["summons_left"]) == (0, 2)


def test_without_tracked_nests_summons_are_counted_and_placed_at_the_table():
    table = started()
    with table.arranged() as state:
        state["monsters"]["dead"] = {"acolyte": 2}
        state["summons_left"] = 3
    table.act("sin", "monsters.summon", monsters={"acolyte": 2})
    assert table.state["monsters"]["dead"]["acolyte"] == 0


def test_the_heroes_win_when_the_last_rescue_and_the_last_death_come_in_the_same_fight():
    table = battleground()
    with table.arranged() as state:
        state["story"].update(mission="3", progress=2)
        state["reserve"] = []
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    table.act("bob", "hero.move", hero="thorley", to="s1", teleport=True)
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=1)
    table.act("ann", "hero.adjust", hero="rose", change="innocent")
    for _ in range(4):
        table.act("bob", "hero.adjust", hero="thorley", change="wound")
    with table.arranged() as state:
        state["flow"]["turn"] = state["flow"]["order"].index("thorley")
    table.act("bob", "turn.start", hero="thorley")
    # Thorley kills the acolyte and dies of his fifth wound: the innocent Rose holds is rescued at once.
    table.act("bob", "fight.start", monsters={"acolyte": 1}, others_in_space=1,
              entered={"hero": "hit hit skill", "sin": "hit hit"})
    table.act("bob", "fight.resolve", assigned=[2], turned={})
    assert table.state["heroes"]["thorley"]["dead"]
    assert (table.state["winner"], table.state["flow"]["phase"]) == ("heroes", "over")


def test_gear_up_follows_the_upgrades_the_heroes_hold():
    table = started()  # Haven's Last Stand, Gear Up!: 3 upgrades (entered)
    table.act("ann", "round.first_hero", hero="rose")
    for seat, hero in ROUND_ONE[:2]:
        table.act(seat, "turn.start", hero=hero)
        table.act(seat, "city.action", actions=[{"kind": "upgrade", "upgrade": table.state["inventory"][0]}])
        table.act(seat, "turn.end")
        table.act("sin", "reaction.end")
    assert table.state["story"]["progress"] == 2
    lost = table.state["heroes"]["rose"]["upgrades"][0]
    table.act("ann", "upgrade.lose", hero="rose", upgrade=lost)
    assert table.state["story"]["progress"] == 2  # the marker never moves back by itself
    table.act("cy", "turn.start", hero="rocco")
    table.act("cy", "city.action", actions=[{"kind": "upgrade", "upgrade": table.state["inventory"][0]}])
    assert table.state["story"]["progress"] == 2  # 2 held now
    table.act("cy", "turn.end")
    for seat, hero in ROUND_ONE:
        play_turn(table, seat, hero)
    table.act(None, "round.end")
    table.act("ann", "round.first_hero", hero="rose")
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "city.action", actions=[{"kind": "upgrade", "upgrade": table.state["inventory"][0]}])
    assert table.state["story"]["choose"] == ["2A", "2B"]


def test_tempting_fate_counts_heroes_at_corruption_3():
    table = started(story="the_darkness_within")  # 3 heroes to corruption 3 (entered)
    table.act("ann", "round.first_hero", hero="rose")
    for seat, hero in ROUND_ONE:
        for _ in range(2):
            table.act(seat, "hero.adjust", hero=hero, change="corruption")
        if hero != "rocco":
            assert table.state["story"]["mission"] == "1"
    assert table.state["story"]["mission"] == "2"


def test_clear_the_hive_counts_pentagrams_removed_only_where_no_monster_is():
    table = started()
    table.act("ann", "round.first_hero", hero="rose")
    with table.arranged() as state:
        state["story"].update(mission="2B", progress=0)
    table.act(None, "space.add", name="Hive")
    table.act(None, "space.set", space="s1", what="tokens.pentagram", value=2)
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=1)
    table.act("ann", "hero.move", hero="rose", to="s1", teleport=True)
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "cleanse.roll", entered={"hero": "skill skill"})
    table.act("ann", "cleanse.remove", what="pentagram")
    assert table.state["story"]["progress"] == 0
    table.act(None, "space.set", space="s1", what="monsters.acolyte", value=0)
    table.act("ann", "cleanse.remove", what="pentagram")
    assert table.state["story"]["progress"] == 1


def offer_dr_gan(table):
    with table.arranged() as state:
        state["secrets"]["sin"]["offer"] = ["dr_gan_unleashed", "stab_in_the_dark"]
        state["apocalypse"]["waiting"] = 1


def test_a_hell_club_member_comes_out_on_a_free_nest_and_leaves_the_board_when_killed():
    table = nests(started())
    table.act("ann", "round.first_hero", hero="rose")
    table.act(None, "space.add", name="Alley")
    table.act(None, "space.set", space="s3", what="tokens.nest", value=1)
    table.act(None, "space.set", space="s3", what="monsters.abomination", value=1)  # blocked
    offer_dr_gan(table)
    assert refused(table, "sin", "apocalypse.keep", card="dr_gan_unleashed", space="s3").field == "space"
    assert refused(table, "sin", "apocalypse.keep", card="dr_gan_unleashed", space="s2").field == "space"  # no nest
    table.act("sin", "apocalypse.keep", card="dr_gan_unleashed", space="s1")
    assert table.state["spaces"]["s1"]["hell_club"] == ["dr_gan"]
    assert spaces.free_nests(table.state["spaces"]["s1"]) == 0  # the acolyte and Dr. Gan block both nests
    table.act("sin", "monsters.move", space="s1", to="s2", kind="dr_gan")
    assert table.state["spaces"]["s2"]["hell_club"] == ["dr_gan"]
    with table.arranged() as state:
        state["facts"]["monsters"]["dr_gan"] = {"combat": 1, "defense": 2}
    table.act("ann", "hero.move", hero="rose", to="s2", teleport=True)
    assert refused(table, "sin", "monsters.move", space="s2", to="s1", kind="dr_gan").field == "space"
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"dr_gan": 1}, entered={"hero": "hit hit", "sin": "blank"})
    table.act("ann", "fight.resolve", assigned=[2], turned={})
    assert table.state["spaces"]["s2"]["hell_club"] == []
    assert table.state["apocalypse"]["hell_club"][0]["alive"] is False


def test_a_hell_club_member_may_go_on_any_nest_when_every_nest_is_blocked():
    table = nests(started())
    table.act(None, "space.set", space="s1", what="monsters.abomination", value=1)  # both nests blocked
    offer_dr_gan(table)
    table.act("sin", "apocalypse.keep", card="dr_gan_unleashed", space="s1")
    assert table.state["spaces"]["s1"]["hell_club"] == ["dr_gan"]


def test_destroy_the_avatar_needs_the_controller_and_the_avatar_not_two_controllers():
    table = started(story="haven_in_flames")
    table.act("ann", "round.first_hero", hero="rose")
    with table.arranged() as state:
        state["story"].update(mission="4", progress=0)
    from companion.games.the_others import story
    for kind in ("controller", "controller"):
        story.monster_killed(table.state, kind, in_fight=True)
    assert table.state["story"]["progress"] == 1
    story.monster_killed(table.state, "avatar", in_fight=True)
    assert table.state["winner"] == "heroes"
