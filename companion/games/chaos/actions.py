"""Every action of the Chaos table, declared once (companion.kit.fields): its
type, what it does, and its payload's fields. The platform parses payloads
through these before the rules see them; docs/api.md is generated from them."""

from __future__ import annotations

from companion.games.chaos import data
from companion.games.chaos.board import UNIT_KINDS
from companion.games.chaos.dice import MAX_POOL
from companion.games.chaos.state import TOKEN_KINDS
from companion.kit.fields import ActionSpec, Bool, Choice, Int, Json, Text

GODS = tuple(data.god_order())
REGIONS = tuple(data.region_order())
TARGET_OWNERS = (*GODS, "peasant")
GOD_FIELDS = ("vp", "power", "power_bonus", "dial_tokens", "peasants", "hand", "deck", "discard", "dial")
STARTING_TOKENS = ("noble", "warpstone", "peasant")

GOD = Choice("god", choices=GODS, default=None, doc="the god acted for (default: your seat's god)")
REGION = Choice("region", choices=REGIONS)
OWNER = Choice("owner", choices=GODS)
UNIT = Choice("unit", choices=UNIT_KINDS)
#: A form's "kill this many of that target" fields, one per target kind.
KILL_FIELDS = tuple(Int(f"kill.{god}.{unit}", min=0, max=40, default=None) for god in GODS for unit in UNIT_KINDS) \
    + (Int("kill.peasant.peasant", min=0, max=40, default=None),)
TOKEN_FIELDS = tuple(Choice(f"token.{region}", choices=STARTING_TOKENS, default=None) for region in REGIONS)


def flag(name: str, doc: str = "") -> Bool:
    return Bool(name, default=False, doc=doc)


SPECS = (
    # -- set-up
    ActionSpec("setup.sit_out", "With 3 players, draw which god sits out (the server draws; recorded as `god`)."),
    ActionSpec("setup.tokens", "Place the starting Old World tokens: `tokens` {region: noble|warpstone|peasant} "
               "(2 nobles, 3 warpstone, 4 peasants; or form fields `token.<region>`), or `draw`: true for the "
               "server to draw them (recorded as `tokens`).",
               (flag("draw"), Json("tokens", default=None), *TOKEN_FIELDS)),
    ActionSpec("setup.start", "Start round 1."),
    # -- the round
    ActionSpec("phase.next", "End the Old World or draw phase (the others end when their work is done)."),
    ActionSpec("old_world.card", "The lowest-threat god resolves the Old World card drawn: `name`, flags "
               "`remove_after`, `removes_events`, `event`, `end_phase`, and `event_regions` (list of regions).",
               (GOD, Text("name", max_length=80), flag("remove_after"), flag("removes_events"), flag("event"),
                flag("end_phase"), Json("event_regions", default=None))),
    ActionSpec("draw", "Draw this round's chaos cards (Tzeentch: `discard` true to discard one first).",
               (GOD, flag("discard"))),
    ActionSpec("summon", "Summon `unit` (cultist, warrior, greater_daemon) into `region`, or move it from "
               "`moved_from`; optional `cost` when an effect changes it.",
               (GOD, UNIT, REGION, Choice("moved_from", choices=REGIONS, default=None), Int("cost", min=0, max=20, default=None))),
    ActionSpec("card.play", "Play a chaos card: `region`, `slot` (0 left, 1 right), `name`, `cost`, `domination`, `magic`.",
               (GOD, Text("name", max_length=80), Int("cost", min=0, max=20), Int("domination", min=0, max=10, default=0),
                Int("magic", min=0, max=5, default=0), REGION, Int("slot", min=0, max=1))),
    ActionSpec("summoning.pass", "Take no more actions this summoning phase (power goes to 0).", (GOD,)),
    ActionSpec("battle.roll", "Roll for a god fighting in the current region: `first_strike`, `dice` (first strike: "
               "how many; normal: added to the figures' dice), optional `faces` (physical results typed in); "
               "the server records the roll as `roll`.",
               (GOD, flag("first_strike"), Int("dice", min=-MAX_POOL, max=MAX_POOL, default=0),
                Text("faces", max_length=400, default=""))),
    ActionSpec("battle.assign", "Assign the last roll's hits: `assignments` [{owner, unit, hits}] (peasants: owner "
               "and unit `peasant`), or form fields `kill.<owner>.<unit>` = how many to kill.",
               (GOD, Json("assignments", default=None), *KILL_FIELDS)),
    ActionSpec("corruption.resolve", "Compute domination and corruption, region by region, then begin the end phase."),
    ActionSpec("hero.remove", "The highest-threat god removes a figure (`unit`) from `region` for a hero there.",
               (GOD, REGION, UNIT)),
    ActionSpec("end.score", "Score ruined regions, turn the dials, and run the end checks."),
    # -- corrections, any time
    ActionSpec("region.set", "Set a region's `field` (warpstone, heroes, nobles, peasants, skaven, resistance, "
               "conquest) to `value`.",
               (REGION, Choice("field", choices=(*TOKEN_KINDS, "resistance", "conquest")), Int("value", min=0, max=40))),
    ActionSpec("region.figures", "Enter from the board how many `unit` figures god `owner` has in `region`: `count`.",
               (REGION, OWNER, UNIT, Int("count", min=0, max=12))),
    ActionSpec("region.corruption", "Set god `owner`'s corruption in `region` to `count`.",
               (REGION, OWNER, Int("count", min=0, max=data.table()["corruption_tokens_per_god"]))),
    ActionSpec("region.control", "God `controller` controls one of `owner`'s `unit` figures in `region` "
               "(`release`: true ends it).",
               (REGION, OWNER, UNIT, Choice("controller", choices=GODS), flag("release"))),
    ActionSpec("god.set", "Set a god's `field` (vp, power, power_bonus, dial_tokens, peasants, hand, deck, "
               "discard, dial) to `value`.", (GOD, Choice("field", choices=GOD_FIELDS), Int("value", min=0, max=999))),
    ActionSpec("upgrade.take", "Take upgrade card `upgrade` (0-4) of the god.", (GOD, Int("upgrade", min=0, max=4))),
    ActionSpec("pending.done", "Mark the listed reminder `index` as done (a dial reward the group applied).",
               (Int("index", min=0, max=200),)),
    ActionSpec("hand.note", "Your private list of the chaos cards in your hand: `names`, one per line.",
               (Text("names", max_length=2000, multiline=True, allow_empty=True),)),
    ActionSpec("components.unit", "Correct a unit's printed `field` (cost, attack, defense) for god `owner`, "
               "`unit`: `value`.", (OWNER, UNIT, Choice("field", choices=("cost", "attack", "defense")),
                                    Int("value", min=0, max=20))),
    ActionSpec("components.dial", "Correct dial space `space` of god `owner`: `field` threat or amount, `value`.",
               (OWNER, Int("space", min=0, max=12), Choice("field", choices=("threat", "amount")), Int("value", min=0, max=50))),
    ActionSpec("components.ruination", "Correct ruination card `card`: `field` ruiners (or first/second with "
               "`region`), `value`.",
               (Int("card", min=1, max=5), Choice("field", choices=("ruiners", "first", "second")),
                Choice("region", choices=REGIONS, default=None), Int("value", min=0, max=50))),
)
