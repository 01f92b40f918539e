"""The history says what happened (issue 18 item 3): each line names what,
which, where, how many and for which god, never the player again (the page
puts who acted first), typed dice called typed, plurals through NP_, and no
secret: lines are built from the payload as each viewer may see it."""

from __future__ import annotations

import random

from companion.games.chaos.rules import RULES
from companion.rules import ActionError, Plural
from tests.games.chaos.chaos_play import as_typed
from tests.harness import Table


def english(line: tuple) -> str:
    """A history line as an English reader sees it (the plural form its count asks for)."""
    message, params = line
    if isinstance(message, Plural):
        message = message if params.get("count") == 1 else message.plural
    return ActionError(str(message), **params).text()


def a_round() -> Table:
    """Kim (Khorne) and Nia (Nurgle) seated; Kim's phone acts for Tzeentch and Slaanesh."""
    table = Table(RULES, {"players": "4"}, (("Kim", "khorne"), ("Nia", "nurgle")), rng=random.Random(3))
    table.arrange(as_typed)  # cards typed, as at a table from before the app dealt them
    table.act("s1", "setup.tokens", tokens={"norsca": "noble", "kislev": "noble", "tilea": "warpstone",
                                            "estalia": "warpstone", "bretonnia": "warpstone", "the_empire": "peasant",
                                            "troll_country": "peasant", "the_badlands": "peasant",
                                            "the_border_princes": "peasant"})
    table.act("s1", "setup.start")
    table.act("s2", "old_world.card", name="Norse Reavers", event=True, event_regions=["norsca"])
    table.act("s1", "phase.next")
    table.act("s1", "draw")
    table.act("s2", "draw")
    table.act("s1", "draw", god="tzeentch", discard=True)
    table.act("s1", "draw", god="slaanesh")
    table.act("s1", "summon", unit="warrior", region="kislev")
    table.act("s2", "summon", unit="cultist", region="kislev")
    table.act("s1", "card.play", god="tzeentch", name="Dark Influence", cost=1, domination=2, magic=1,
              region="kislev", slot=1)
    table.act("s1", "summoning.pass", god="slaanesh")
    table.act("s1", "summoning.pass")
    table.act("s2", "summoning.pass")
    table.act("s1", "summoning.pass", god="tzeentch")
    table.act("s1", "battle.roll", faces="6 5 2")  # two Bloodletter dice; the six rolls one more
    return table


def test_each_line_names_what_which_where_how_many_and_for_which_god():
    table = a_round()
    lines = [english(line) for line in table.history("s2")]
    assert lines[:14] == [
        "placed the starting Old World tokens: nobles in Norsca, Kislev; warpstone in Bretonnia, Estalia, Tilea; "
        "peasants in Troll Country, The Empire, The Border Princes, The Badlands",
        "started round 1",
        "resolved the Old World card Norse Reavers in Norsca",
        "ended the Old World phase",
        "drew 2 chaos cards for Khorne",
        "drew 2 chaos cards for Nurgle",
        "discarded a chaos card and drew 3 for Tzeentch",
        "drew 2 chaos cards for Slaanesh",
        "summoned Bloodletter into Kislev for 2 power",
        "summoned Leper into Kislev for 1 power",
        "played Dark Influence in the right slot of Kislev",
        "passed for Slaanesh: no more summoning this round",
        "passed for Khorne: no more summoning this round",
        "passed for Nurgle: no more summoning this round",
    ]
    # Typed dice are called typed; the faces and the region are in the line.
    assert lines[-1].startswith("typed dice: ") and " hits in Kislev: " in lines[-1]


def test_a_kill_is_named_by_the_figure_and_one_reads_in_the_singular():
    table = a_round()
    assert table.state["battle"]["roll"]["god"] == "khorne"
    table.act("s1", "battle.assign", assignments=[{"owner": "nurgle", "unit": "cultist", "hits": 1}])
    assert english(table.history(None)[-1]) == "killed 1 figure in Kislev: Leper"
    assert english(table.history(None)[-2]) == "typed dice: 2 hits in Kislev: 6 5 2"


def test_a_history_line_never_shows_a_private_hand_list():
    table = a_round()
    table.act("s2", "hand.note", names="Plague Touch")
    assert "Plague Touch" not in str(table.history("s1")[-1]) and "Plague Touch" not in str(table.history(None))


def test_a_correction_says_what_it_set_and_where():
    table = a_round()
    table.act("s1", "region.set", region="tilea", field="skaven", value=2)
    table.act("s1", "region.figures", region="tilea", owner="tzeentch", unit="cultist", count=2)
    table.act("s1", "region.corruption", region="tilea", owner="nurgle", count=3)
    assert [english(line) for line in table.history("s2")[-3:]] == [
        "set Skaven in Tilea to 2", "entered from the board: 2 × Acolyte in Tilea",
        "set Nurgle's corruption in Tilea to 3"]
