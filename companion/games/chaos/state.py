"""The shape of a Chaos in the Old World table's state, and how a new one
starts (rulebook, 准备阶段).

state = {
  "players": 3 | 4, "gods_in_play": [god, ...] (turn order), "sitting_out": god | None,
  "schema": 2,
  "flow": the kit's round (companion.kit.phases, declared in flow.py): {"round": n, "phase": "setup" |
          "old_world" | "draw" | "summoning" | "battle" | "corruption" | "end" | "over", "order": [god, ...],
          "turn": index into order (summoning) | None, "passed": [god, ...] (out of the summoning phase)},
  "drawn": [god, ...] (draw phase),
  "gods": {god: {"vp", "dial", "power", "power_bonus", "dial_tokens", "upgrades": [bool]*5,
                 "applied": [bool]*5 (once an upgrade is taken: which the app applies, see upgrades.py),
                 "peasants", "hand", "deck", "discard"}},
  "regions": {region: {... see board.py ...}}, "board": {region: {god: {unit kind: n}}} (kit board),
  "ruination": [card number, ...] (the stack still on the board, top first),
  "old_world": {"left": n, "track": [card | None, card | None], "gone": [card, ...], "next_uid": n},
  "components": {"units", "dials", "ruination", "corrected": [...]}: the editable defaults,
  "battle": cursor | None, "report": {...} (this round's computed steps, with working),
  "pending": [...] (choices the end phase asks for), "result": None | {...},
  "secrets": {seat: {"hand": [card names]}},
}
"""

from __future__ import annotations

import copy

from companion.games.chaos import data
from companion.games.chaos.board import UNIT_KINDS
from companion.games.chaos.dial import threat as threat_at
from companion.kit import schema
from companion.kit.board import check_board, new_board
from companion.kit.deck import check_deck, new_deck, size
from companion.kit.phases import whose_turn

PHASES = ("old_world", "draw", "summoning", "battle", "corruption", "end")
TOKEN_KINDS = ("warpstone", "heroes", "nobles", "peasants", "skaven")
CHAOS_DECK = 24  # chaos cards per god
#: The state's shape. 1 (no "schema"): round, phase and turn at the top
#: level, each god "out" of the summoning phase; 2: the kit's flow.
SCHEMA = 2
#: The card effects a table carries out, by when it was made: 1 (no "card_rules"): the effects on numbers;
#: 2: also the chaos cards' choices (card_choices.py) and the event places the Old World cards name;
#: 3: also Influenza's lower resistance (its amount asked as it is played).
CARD_RULES = 3


def default_components() -> dict:
    """Unit stats, dials and ruination points as the data ships them; a group
    corrects them from its printed components."""
    gods = data.gods()
    return {
        "units": {god: {unit["kind"]: {key: unit[key] for key in ("cost", "attack", "defense", "count")}
                        for unit in g["units"]} for god, g in gods.items()},
        "dials": {god: copy.deepcopy(g["dial"]) for god, g in gods.items()},
        "ruination": copy.deepcopy(data.ruination()["cards"]),
        "corrected": [],
    }


def new_region(region: dict) -> dict:
    return {
        "resistance": region["resistance"], "conquest": region["conquest"],
        "corruption": {}, "warpstone": 0, "heroes": 0, "nobles": 0, "peasants": 0, "skaven": 0,
        "events": [], "slots": [None, None], "control": [],
        "ruined": False, "ruination_card": None, "ruined_round": None,
    }


def new_god(hand: int) -> dict:
    return {"vp": 0, "dial": 0, "power": 0, "power_bonus": 0, "dial_tokens": 0, "upgrades": [False] * 5,
            "peasants": 0, "hand": hand, "deck": CHAOS_DECK - hand, "discard": 0}


def new_game(players: int, sitting_out: str | None) -> dict:
    """A table before its set-up draws: `sitting_out` is None with 4 players,
    a god, or "draw" (the draw happens in the first set-up action)."""
    table = data.table()
    gods = data.god_order()
    in_play = [god for god in gods if god != sitting_out] if players == 3 and sitting_out != "draw" else gods
    return {
        "players": players,
        "gods_in_play": in_play,
        "sitting_out": sitting_out if players == 3 else None,
        "schema": SCHEMA,
        "flow": {"round": 0, "phase": "setup", "order": list(in_play), "turn": None, "passed": []},
        # The app deals the chaos cards and draws the Old World cards (a table made before typed them).
        "dealt": True,
        # Which card effects the app carries out at this table (card_rules below).
        "card_rules": CARD_RULES,
        "drawn": [],
        "gods": {god: new_god(0) for god in in_play},
        "regions": {rid: new_region(region) for rid, region in data.regions().items()},
        # Figures per region, per god, per unit kind (the kit's board).
        "board": new_board(data.region_order()),
        "ruination": [card["number"] for card in data.ruination()["cards"]],
        "old_world": {"left": table["old_world_deck"][str(players)], "track": [None, None], "gone": [], "next_uid": 1,
                      # The whole deck shuffled; "left" cuts it to the player count's length.
                      "deck": new_deck(data.old_world_deck())},
        "components": default_components(),
        "battle": None,
        "report": {},
        "pending": [],
        "result": None,
        "secrets": {},
    }


# -- the round, as the kit's flow keeps it -------------------------------------------
def phase_of(state: dict) -> str:
    return state["flow"]["phase"]


def round_of(state: dict) -> int:
    return state["flow"]["round"]


def turn_of(state: dict) -> str | None:
    """The god whose summoning turn it is (None outside the summoning phase)."""
    return whose_turn(state["flow"]) if phase_of(state) == "summoning" else None


def _flow_from_schema_1(state: dict) -> None:
    """Schema 1 kept "round", "phase" and "turn" (a god) at the top level and
    marked each god "out" of the summoning phase: they become the kit's
    flow, the gods out its "passed"."""
    order = list(state["gods_in_play"])
    phase, turn = state.pop("phase"), state.pop("turn", None)
    summoning = phase == "summoning"
    state["flow"] = {"round": state.pop("round"), "phase": phase, "order": order,
                     "turn": order.index(turn) if summoning and turn in order else None,
                     "passed": [god for god in order if state["gods"][god].get("out")] if summoning else []}
    for god in state["gods"].values():
        god.pop("out", None)
    state["dealt"] = False  # its cards were typed: they stay typed


#: One step a schema (SCHEMA above names the shapes).
STEPS = (_flow_from_schema_1,)
upgrade = schema.stepwise(STEPS)
upgrade.__doc__ = """A state of an older shape carried to SCHEMA (in place; returned)."""


def current(state: dict) -> dict:
    """`state` in the current shape (the stored one is never changed by reading it)."""
    return schema.current(state, SCHEMA, upgrade)


def upgrade_export(export: dict) -> dict:
    """An export's initial and final states carried to SCHEMA."""
    return schema.upgrade_export(export, upgrade, "gods")


def card_rules(state: dict) -> int:
    """Which card effects this table carries out (CARD_RULES; a table made before carries out fewer, so its
    log replays as it was played)."""
    return state.get("card_rules", 1)


def threat(state: dict, god: str) -> int:
    """The number in `god`'s dial window."""
    return threat_at(state["gods"][god]["dial"], state["components"]["dials"][god])


def lowest_threat(state: dict) -> str:
    return min(state["gods_in_play"], key=lambda god: threat(state, god))


def highest_threat(state: dict) -> str:
    return max(state["gods_in_play"], key=lambda god: threat(state, god))


def ruination_card(state: dict, number: int) -> dict:
    return next(card for card in state["components"]["ruination"] if card["number"] == number)


def check_state(state: dict) -> None:
    """Raise on a state this game can't be in (an edited or damaged import)."""
    gods, regions = data.god_order(), data.region_order()
    if state["players"] not in (3, 4) or len(state["gods_in_play"]) not in (3, 4):
        raise ValueError("players")
    if any(god not in gods for god in state["gods_in_play"]) or set(state["gods"]) != set(state["gods_in_play"]):
        raise ValueError("gods")
    flow = state["flow"]
    if state["schema"] != SCHEMA or flow["phase"] not in ("setup", "over", *PHASES):
        raise ValueError("phase")
    if flow["order"] != state["gods_in_play"] or any(god not in flow["order"] for god in flow["passed"]):
        raise ValueError("flow")
    if flow["turn"] is not None and not (isinstance(flow["turn"], int) and 0 <= flow["turn"] < len(flow["order"])):
        raise ValueError("turn")
    if not isinstance(flow["round"], int) or isinstance(flow["round"], bool) or flow["round"] < 0:
        raise ValueError("round")
    if list(state["regions"]) != regions:
        raise ValueError("regions")
    for god in state["gods"].values():
        for key in ("vp", "dial", "power", "power_bonus", "dial_tokens", "peasants", "hand", "deck", "discard"):
            if not isinstance(god[key], int) or isinstance(god[key], bool) or god[key] < 0:
                raise ValueError(key)
        if len(god["upgrades"]) != 5 or any(not isinstance(took, bool) for took in god.get("applied", [False] * 5)):
            raise ValueError("upgrades")
        if len(god.get("applied", [False] * 5)) != 5:
            raise ValueError("applied")
    for region in state["regions"].values():
        for key in (*TOKEN_KINDS, "resistance", "conquest"):
            if not isinstance(region[key], int) or region[key] < 0:
                raise ValueError(key)
        if len(region["slots"]) != 2 or any(g not in gods for g in region["corruption"]):
            raise ValueError("region")
    check_board(state["board"])
    if list(state["board"]) != regions:
        raise ValueError("board")
    for held in state["board"].values():
        if any(god not in gods or any(kind not in UNIT_KINDS for kind in kinds) for god, kinds in held.items()):
            raise ValueError("figures")
    if not isinstance(state["secrets"], dict) or len(state["old_world"]["track"]) != 2:
        raise ValueError("secrets")
    if card_rules(state) not in range(1, CARD_RULES + 1):
        raise ValueError("card_rules")
    if state["dealt"]:
        check_cards(state)


def check_cards(state: dict) -> None:
    """The sealed decks and hands hold each god's 24 cards, less those in
    slots, and the books count them."""
    check_deck(state["old_world"]["deck"])
    sealed = state["secrets"].get("sealed", {})
    decks, hands = sealed.get("chaos_decks", {}), sealed.get("chaos_hands", {})
    for god_id in decks:
        deck, hand, books = decks[god_id], hands[god_id], state["gods"][god_id]
        check_deck(deck)
        in_slots = [held["card"] for region in state["regions"].values() for held in region["slots"]
                    if held and held["god"] == god_id]
        every = deck["top"] + deck["pile"] + deck["bottom"] + deck["discard"] + hand + in_slots
        if sorted(every) != sorted(data.chaos_deck(god_id)):
            raise ValueError("chaos cards")
        if (books["hand"], books["deck"], books["discard"]) != (len(hand), size(deck), len(deck["discard"])):
            raise ValueError("chaos card counts")
