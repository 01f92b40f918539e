"""The last fight and the last roll as the pages tell them (issue 22): who
fought what, where, the dice each side rolled, and each number with its
working, read from the view; a monster's defense in a fight with its own."""

from __future__ import annotations

import copy
import html
import re

from companion.games.the_others import battle
from companion.games.the_others.rules import RULES
from companion.games.the_others.state import upgrade
from companion.kit.working import is_worked
from test_the_others_fight_order import ROSE_DICE, roses_worked_fight
from test_the_others_web import app, roses_turn  # noqa: F401 (the fixtures)


def adds_up(number):
    return sum(entry[1]["amount"] for entry in number["lines"]) == number["value"]


def test_the_worked_fight_is_told_with_what_which_and_every_number_worked():
    table = roses_worked_fight()
    table.act("ann", "fight.prepare", monsters={"abomination": 1, "acolyte": 1}, pentagrams=1, others_in_space=1)
    table.act("sin", "fight.sin_ready")
    table.act("ann", "fight.choose", voluntary=True)
    table.act("ann", "fight.roll", entered=ROSE_DICE)
    table.act("ann", "fight.resolve", turned={"counter_corruption": 1}, assigned=[3, 1], protector=0)
    told = RULES.view(table.state, table.seats["ann"])["told"]["fight"]
    assert (told["hero"], told["by"]) == ("rose", "hero")
    assert told["monsters"] == [["Abomination", 1], ["Acolyte", 1]] and told["killed"] == [["Abomination", 1]]
    assert (len(told["hero_roll"]["dice"]), len(told["sin_roll"]["dice"])) == (5, 6)  # the dice of the pools
    for key in ("hits", "defense", "sin_hits", "sin_corruption", "wounds", "corruption"):
        assert is_worked(told[key]) and told[key]["lines"] and adds_up(told[key]), key
    last = table.state["last_fight"]
    assert (told["wounds"]["value"], told["corruption"]["value"]) == (last["wounds"], last["corruption"]) == (1, 0)
    # Wounds: the SIN's hits less the defense; the defense: 3 before the roll, none rolled.
    assert [entry[1]["amount"] for entry in told["wounds"]["lines"]] == [last["sin_hits"], -last["defense"]]
    assert told["defense"]["lines"][0] == ["Defense of %(hero)s", {"hero": "Rose", "amount": 3}]


def test_a_fight_kept_before_the_full_record_is_told_with_what_it_kept():
    table = roses_worked_fight()
    with table.arranged() as state:
        state["short_records"] = True  # as a table begun before schema 3
    table.act("ann", "fight.start", monsters={"abomination": 1})  # the server rolls
    table.act("ann", "fight.resolve", assigned=[0], protector=0)
    assert "rolled" not in table.state["last_fight"]
    told = RULES.view(table.state, None)["told"]["fight"]
    assert told["monsters"] == [] and told["hero_roll"] is None
    assert adds_up(told["wounds"]) and told["wounds"]["value"] == table.state["last_fight"]["wounds"]


def test_a_state_of_schema_2_keeps_the_short_record_so_its_log_replays_to_it():
    table = roses_worked_fight()
    old = copy.deepcopy(table.state)
    old["schema"] = 2
    assert upgrade(old)["short_records"] is True and old["schema"] == 3
    assert "short_records" not in table.state


def test_a_check_is_told_with_the_results_proxy_and_the_hazmat_suit_ignore():
    table = roses_worked_fight()
    with table.arranged() as state:
        state["heroes"]["rose"]["npcs"] = ["proxy"]
    table.act("ann", "check.roll", hero="rose", kind="fire", tokens=2, entered={"sin": "hit blank"})
    told = RULES.view(table.state, None)["told"]["roll"]
    assert (told["kind"], told["tokens"], told["result"]["value"]) == ("fire", 2, 0)
    assert [entry[1]["amount"] for entry in told["result"]["lines"]] == [1, -1]
    assert told["result"]["lines"][1][1]["name"] == "Proxy"


def test_a_monsters_defense_in_a_fight_shows_its_working():
    table = roses_worked_fight()
    table.act("ann", "fight.start", monsters={"acolyte": 1})
    shown = RULES.view(table.state, None)
    defense = shown["working"]["defenses"][0]
    assert defense["value"] == shown["fight_defenses"][0] == battle.fight.monster_defense(
        table.state["fight"]["setup"]["monsters"][0], table.state["fight"]["setup"])
    assert defense["lines"][0][0] == "The monster's defense" and adds_up(defense)


def test_the_fight_region_tells_who_fought_what_where_and_the_roll(roses_turn):  # noqa: F811
    token, phones = roses_turn
    ann = phones["Ann"]
    assert ann.act(token, "space.set", space="s1", what="monsters.abomination", value="1")[0] == 200
    assert ann.act(token, "fight.start", **{"monsters.abomination": "1"})[0] == 200  # the server rolls
    assert ann.act(token, "fight.resolve", **{"assigned.0": "0", "protector": "0"})[0] == 200
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", ann.page(token)))
    assert "Last fight: Rose" in page and "Rose fought Abomination at Church" in page
    assert "show the working" in page and "wounds taken" in page
    display = html.unescape(ann.client.get(f"/t/{token}/display").get_data(as_text=True))
    assert "Last fight: Rose" in display


def test_a_spaces_tokens_and_free_nests_show_their_working():
    table = roses_worked_fight()
    table.act(None, "space.add", name="Nest Street")
    sid = next(iter(table.state["spaces"]))
    table.act(None, "space.set", space=sid, what="printed.nest", value=1)
    table.act(None, "space.set", space=sid, what="tokens.nest", value=1)
    table.act(None, "space.set", space=sid, what="monsters.acolyte", value=1)
    counted = RULES.view(table.state, None)["working"]["spaces"][sid]
    where = table.state["spaces"][sid]
    assert counted["tokens"]["nest"]["value"] == where["printed"]["nest"] + where["tokens"]["nest"]
    assert adds_up(counted["tokens"]["nest"]) and adds_up(counted["free_nests"])
    assert counted["tokens"]["nest"]["value"] == 2 and len(counted["tokens"]["nest"]["lines"]) == 2
    assert counted["free_nests"]["value"] == RULES.view(table.state, None)["free_nests"][sid] == 1
    assert ["Monsters on them", {"amount": -1}] in counted["free_nests"]["lines"]
