"""Fights in the rulebook's order (issue 22, item 3): the hero prepares on the
hero's phone, the SIN is then offered the fight-start cards that apply (or
says none), the hero may change its choices until the roll, then the roll.
A fight the SIN starts still leaves the hero's choices to the hero's phone.
fight.start (one step, rolled at once) keeps working for API clients."""

from __future__ import annotations

from companion.games.the_others import battle
from companion.games.the_others.rules import RULES
from the_others_support import in_turns, refused, started

ROSE_DICE = {"hero": "hit hit hit faith skill hit", "sin": "hit hit critical_hit corruption blank blank hit"}


def open_now(table, seat):
    return table.harness.open_actions(seat)


def roses_worked_fight():
    """The rulebook's worked fight: Rose at corruption 2 with Ice Blade, Thorley beside her."""
    table = in_turns()
    with table.arranged() as state:
        state["heroes"]["rose"]["corruption"] = 2
        state["heroes"]["rose"]["upgrades"] = ["ice_blade"]
        state["inventory"] = [u for u in state["inventory"] if u != "ice_blade"]
    table.act("ann", "turn.start", hero="rose")
    return table


def test_the_worked_fight_in_the_rulebooks_order():
    table = roses_worked_fight()
    table.act("ann", "fight.prepare", monsters={"abomination": 1, "acolyte": 1}, pentagrams=1, others_in_space=1)
    assert table.state["fight"] is None and table.state["preparing"]["hero_ready"]
    refused(table, "ann", "fight.roll", entered=ROSE_DICE)  # the SIN's moment comes first
    assert "fight.sin_ready" in open_now(table, "sin")
    table.act("sin", "fight.sin_ready")
    table.act("ann", "fight.choose", voluntary=True)  # the hero changes its mind until the roll
    assert table.state["heroes"]["rose"]["corruption"] == 2  # nothing taken before the roll
    table.act("ann", "fight.roll", entered=ROSE_DICE)
    battle_ = table.state["fight"]
    assert "preparing" not in table.state
    assert battle_["computed"]["hero_defense"]["total"] == 3
    assert battle_["computed"]["sin_dice"]["total"] == 6
    assert battle_["computed"]["hero_dice"]["total"] == 5
    assert table.state["heroes"]["rose"]["corruption"] == 3
    table.act("ann", "fight.resolve", turned={"counter_corruption": 1}, assigned=[3, 1], protector=0)
    last = table.state["last_fight"]
    assert (last["wounds"], last["corruption"], last["killed"]) == (1, 0, ["Abomination"])


def test_the_ranged_worked_fight_in_the_rulebooks_order():
    table = started(sin="sloth")
    table.act(None, "facts.enter", heroes={"rocco": {"combat": 2, "defense": 2}})
    table.act("cy", "round.first_hero", hero="rocco")
    table.act("cy", "turn.start", hero="rocco")
    table.act("cy", "fight.prepare", monsters={"abomination": 2}, ranged=True)
    table.act("sin", "fight.sin_ready")
    table.act("cy", "fight.roll", entered={"hero": "hit defense"})
    assert table.state["fight"]["computed"]["hero_hits"]["total"] == 2  # Killshot
    table.act("cy", "fight.ranged_hits", assigned=[3, 0])
    table.act("sin", "fight.counter", monsters={"abomination": 1, "acolyte": 1},
              entered={"sin": "hit hit hit corruption blank"})
    last = table.state["last_fight"]
    assert (last["wounds"], last["corruption"]) == (0, 1)


def test_the_sin_plays_a_fight_start_card_in_its_moment_and_it_counts_in_the_roll():
    table = in_turns()
    with table.arranged() as state:
        state["secrets"]["sin"]["hand"] = ["abominable_fury", "hate"]
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.prepare", monsters={"abomination": 2})
    prep = table.state["preparing"]
    assert battle.fight_start_cards(table.state, prep, ["abominable_fury", "hate"]) == ["abominable_fury"]
    shown = RULES.view(table.state, table.seats["sin"])["preparing"]
    assert shown["cards"] == ["abominable_fury"]
    assert "cards" not in RULES.view(table.state, table.seats["ann"])["preparing"]  # the hand stays secret
    table.act("sin", "sin.play_card", card="abominable_fury")
    assert "fight.sin_ready" not in open_now(table, "sin")  # one card a turn: the SIN's moment is over
    pools = RULES.view(table.state, table.seats["ann"])["preparing"]["without"]
    assert pools["sin_hits"]["value"] == 2  # one per abomination, shown before the roll
    table.act("ann", "fight.roll")
    assert table.state["fight"]["computed"]["sin_hits"]["total"] == 2


def test_a_fight_the_sin_starts_leaves_the_heroes_choices_to_the_heros_phone():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "turn.end")
    table.act("sin", "reaction.spend")
    table.act("sin", "fight.prepare", monsters={"abomination": 1}, voluntary=True)
    assert table.state["preparing"]["choices"] == {}  # the SIN can't choose for the hero
    assert not table.state["preparing"]["hero_ready"]
    refused(table, "sin", "fight.sin_ready")  # the hero prepares first
    refused(table, "bob", "fight.choose", voluntary=True)  # only Rose's player
    assert {"voluntary": True} in open_now(table, "ann")["fight.choose"]
    table.act("ann", "fight.choose", voluntary=True)
    table.act("sin", "fight.sin_ready")
    refused(table, "ann", "fight.roll")  # the SIN started it: the SIN rolls
    assert "fight.roll" in open_now(table, "sin")
    table.act("sin", "fight.roll")
    assert table.state["fight"]["by"] == "sin" and table.state["fight"]["setup"]["voluntary"]
    assert table.state["heroes"]["rose"]["corruption"] == 2


def test_fight_start_still_rolls_at_once_and_drops_a_preparation():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.prepare", monsters={"abomination": 1})
    table.act("ann", "fight.start", monsters={"abomination": 1})
    assert table.state["fight"]["hero_roll"] and "preparing" not in table.state


def test_a_preparation_disappears_when_withdrawn_or_when_the_turn_ends():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.prepare", monsters={"abomination": 1})
    table.act("ann", "fight.withdraw")
    assert "preparing" not in table.state and not table.state["turn"]["action_taken"]
    table.act("ann", "fight.prepare", monsters={"abomination": 1})
    table.act("ann", "turn.end")
    assert "preparing" not in table.state
    for seat in ("sin", "ann", "bob"):
        assert RULES.view(table.state, table.seats[seat])["preparing"] is None


def test_a_preparation_is_refused_as_the_roll_would_be():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    assert refused(table, "ann", "fight.prepare", monsters={}).field == "monsters"
    refused(table, "bob", "fight.prepare", monsters={"abomination": 1})  # not Rose's player
    refused(table, "ann", "fight.choose", voluntary=True)  # nothing prepared
    refused(table, "sin", "fight.sin_ready")


def test_the_dice_shown_while_preparing_are_the_dice_the_roll_asks_for():
    for voluntary in (False, True):
        table = in_turns()
        table.act("ann", "turn.start", hero="rose")
        table.act("ann", "fight.prepare", monsters={"abomination": 2}, pentagrams=1, voluntary=voluntary)
        shown = RULES.view(table.state, table.seats["ann"])["preparing"]
        expected = shown["with" if voluntary else "without"]
        assert shown["chosen"] == ("with" if voluntary else "without")
        table.act("sin", "fight.sin_ready")
        table.act("ann", "fight.roll")
        battle_ = table.state["fight"]
        assert battle_["computed"]["hero_dice"]["total"] == expected["hero_dice"]["value"]
        assert battle_["computed"]["sin_dice"]["total"] == expected["sin_dice"]["value"]
        assert len(battle_["sin_roll"]["dice"]) == expected["sin_dice"]["value"]


def test_the_prepared_and_rolled_fight_replays_and_says_what_was_fought():
    table = in_turns()
    table.act("ann", "turn.start", hero="rose")
    table.act("ann", "fight.prepare", monsters={"abomination": 1})
    table.act("sin", "fight.sin_ready")
    table.act("ann", "fight.roll")
    assert table.harness.replayed() == table.state
    line, params = table.harness.history("bob")[-1]
    assert str(line).startswith("fought %(count)d monster (") and params["count"] == 1
    assert "Abomination" in str(params["monsters"])
