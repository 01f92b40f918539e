"""Every number the round shows outside a fight comes with its working: the
SIN's reaction tokens, the summons, a hero's move, a mission's target; the
lines add up to the number the rules use."""

from __future__ import annotations

from companion.games.the_others import seats, spaces, working
from companion.games.the_others.rules import RULES
from the_others_support import full_round, in_turns, keep_all_offers, started


def labels(part):
    return [(item["label"], item["amount"]) for item in part["lines"]]


def test_reaction_tokens_show_the_heroes_level_4_the_cards_and_those_spent():
    table = in_turns()
    table.act(None, "apocalypse.advance", steps=4)
    keep_all_offers(table)
    full_round(table)
    table.act(None, "round.end")
    table.act("sin", "sin.gain_reactions", count=2)
    part = working.reaction_tokens(table.state)
    assert labels(part) == [("One per hero", 3), ("Apocalypse level %(level)d", 1),
                            ("Sin cards and powers this round", 2)]
    assert part["total"] == seats.reactions_left(table.state) == 6


def test_summons_show_one_per_hero_apocalypse_level_2_and_those_already_summoned():
    table = in_turns()
    table.act(None, "apocalypse.advance", steps=2)
    keep_all_offers(table)
    full_round(table)
    table.act(None, "round.end")
    with table.arranged() as state:
        state["monsters"]["dead"] = {"acolyte": 2}
    table.act("sin", "monsters.summon", monsters={"acolyte": 1})
    part = working.summons(table.state)
    assert labels(part) == [("One per hero", 3), ("Apocalypse level %(level)d", 1), ("Summoned", -1)]
    assert part["total"] == table.state["summons_left"] == 3


def test_a_move_shows_raven_corp_an_upgrade_and_sloths_slowing():
    table = in_turns()
    with table.arranged() as state:  # Cyber Legs, face up only rounds into a game
        state["heroes"]["rose"]["upgrades"] = ["cyber_legs"]
        state["inventory"] = [u for u in state["inventory"] if u != "cyber_legs"]
    for change in ("raven_corp", "slowed"):  # Raven Corp's help, Sloth's mark
        table.act("ann", "hero.adjust", hero="rose", change=change)
    part = working.move(table.state, "rose")
    assert [amount for _, amount in labels(part)] == [2, 1, 1, -1]
    assert part["total"] == spaces.move_allowance(table.state, "rose") == 3
    table.act("ann", "hero.adjust", hero="rose", change="raven_corp")  # put down
    table.act("ann", "upgrade.lose", hero="rose", upgrade="cyber_legs")
    assert table.state["heroes"]["rose"]["npcs"] == table.state["heroes"]["rose"]["upgrades"] == []
    assert table.state["heroes"]["rose"]["marks"] == ["slowed"]
    assert working.move(table.state, "rose")["total"] == 1  # never below 1


def test_a_mission_target_says_whether_it_is_printed_the_hero_icon_or_entered():
    table = started(story="battleground_of_souls", hero_players=2)  # 4 heroes
    assert labels(working.target(table.state, "1")) == [("Printed on the story board", 2)]
    table.act(None, "facts.enter", targets={"2A": "heroes"})
    part = working.target(table.state, "2A")
    assert part["total"] == 4 and part["lines"][0]["params"] == {"count": 4}
    table.act(None, "facts.enter", targets={"2A": 5})
    assert labels(working.target(table.state, "2A")) == [("Entered by the group", 5)]


def test_the_pages_carry_the_working_in_the_kits_one_shape():
    from companion.kit.working import is_worked
    table = in_turns()
    shown = RULES.view(table.state, table.seats["ann"])
    assert shown["working"]["reactions"]["value"] == 3
    assert set(shown["working"]["move"]) == {"rose", "thorley", "rocco"}
    assert shown["working"]["target"]["value"] == 3
    assert shown["working"]["reactions"]["lines"][0] == ["One per hero", {"amount": 3}]
    numbers = [shown["working"][key] for key in ("reactions", "summons", "target")] + \
        list(shown["working"]["move"].values())
    assert all(is_worked(n) for n in numbers)


def test_a_fights_pools_reach_the_page_worked_and_its_names_are_translated_as_read():
    from companion.kit.working import is_worked
    from companion.rules import Msg
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.start", monsters={"abomination": 1})
    battle = RULES.view(table.state, table.seats["bob"])["working"]["battle"]
    assert battle["hero_dice"]["value"] == table.state["fight"]["computed"]["hero_dice"]["total"]
    assert all(is_worked(battle[key]) for key in ("hero_dice", "sin_dice", "hero_defense", "sin_hits"))
    monster_line = battle["sin_dice"]["lines"][0]
    assert monster_line[0] == "Monster: %(monster)s" and isinstance(monster_line[1]["monster"], Msg)


def test_a_cleanse_shows_its_dice_with_and_without_voluntary_corruption():
    from companion.games.the_others import battle
    table = in_turns()
    table.act(None, "space.add", name="Plaza")
    for hero, seat in (("rose", "ann"), ("thorley", "bob")):
        table.act(seat, "hero.move", hero=hero, to="s1", teleport=True)
    table.act("ann", "turn.start", hero="rose")
    with table.arranged() as state:
        state["heroes"]["rose"]["corruption"] = 4  # voluntary to 5: levels 2 and 5 lend a die each
    shown = RULES.view(table.state, table.seats["ann"])["working"]["cleanse"]
    assert [params["amount"] for _, params in shown["without"]["lines"]] == [2, 1]
    assert [params["amount"] for _, params in shown["with"]["lines"]] == [2, 1, 2]
    assert shown["with"]["value"] == battle.cleanse_size(table.state, "rose", {"voluntary": True}) == 5
    with table.arranged() as state:
        state["heroes"]["rose"]["corruption"] = 7
    assert RULES.view(table.state, table.seats["ann"])["working"]["cleanse"]["with"] is None
