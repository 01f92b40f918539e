"""The action table: each action declared once on the kit's typed fields
(companion/kit/fields.py), with its one-line doc (docs/api.md), its effect
(effects.py, battles.py), its history line and what it hides from other
seats. Fields are parsed alike from form strings and JSON values; a bad value
is an ActionError naming the field.

A form can't send a JSON object, so a map (units by kind, start areas) or a
list (elder-sign values, two areas) may also come as one form field per key,
named "field.key": `Collected` reads both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.cthulhu_wars import battles, board, costs, data, doom, effects, flow, history, spellbooks
from companion.games.cthulhu_wars.setup import COUNTS, MAX_COUNT
from companion.kit.fields import MISSING, ActionSpec, Choice, Field, Int, Json, Text, clean_text, whole_number
from companion.rules import N_, Action, ActionError, Seat

FACTIONS = tuple(data.factions())
WHERE = ("pool", "map", "submerged")
UNIQUE = tuple(sorted({name for actions in data.game()["unique_actions"].values() for name in actions}))
GREAT_OLD_ONES = tuple(u["id"] for f in FACTIONS for u in data.great_old_ones(f))
REQUIREMENTS = tuple(r["id"] for f in FACTIONS for r in data.faction(f)["requirements"])
SPELLBOOKS = tuple(b for f in FACTIONS for b in data.spellbook_ids(f))
AREAS = tuple(sorted({a["id"] for board in data.maps().values() for a in board["areas"]}))
MONSTERS = tuple(sorted({u["id"] for f in FACTIONS for u in data.faction(f)["units"] if u["kind"] == "monster"}))


@dataclass(frozen=True)
class Collected(Field):
    """A map of names to whole numbers or names, or a list of them: JSON, or
    form fields "name.key" (a list takes their values in the keys' order)."""

    shape: str = "counts"  # counts: {name: int}; names: {name: name}; ints: [int]; list: [name]
    low: int = 0
    high: int = 99
    max_items: int = 40
    key_length: int = 40
    kind = "map"
    missing = N_("This value is missing.")

    def read(self, payload: dict) -> Any:
        raw = payload.get(self.name, MISSING)
        if raw is MISSING or raw is None or raw == "":
            prefix = self.name + "."
            parts = {k[len(prefix):]: v for k, v in payload.items()
                     if isinstance(k, str) and k.startswith(prefix) and v not in ("", None)}
            if parts:
                raw = [parts[key] for key in sorted(parts)] if self.shape in ("ints", "list") else parts
        if raw is MISSING or raw is None or raw == "" or raw == {}:
            if self.required:
                raise ActionError(self.missing, field=self.name)
            return self.default
        return self.parse(raw)

    def parse(self, raw: object) -> Any:
        if isinstance(raw, str):
            raw = Json(self.name).parse(raw) if raw.strip()[:1] in "[{" else raw.replace(",", " ").split()
        as_list = self.shape in ("ints", "list")
        if not isinstance(raw, list if as_list else dict) or len(raw) > self.max_items:
            raise ActionError(N_("The action's details are malformed."), field=self.name)
        if as_list:
            return [self.value(item) for item in raw]
        return {clean_text(key, self.name, max_length=self.key_length): self.value(item) for key, item in raw.items()}

    def value(self, item: object) -> Any:
        if self.shape in ("counts", "ints"):
            return whole_number(item, self.name, self.low, self.high)
        return clean_text(item, self.name, max_length=40)

    def describe(self) -> dict:
        return super().describe() | {"shape": self.shape}


def optional_int(name, low=0, high=MAX_COUNT):
    return Int(name, default=None, min=low, max=high)


def area_field(name="area"):
    """An area of the map: needed on a table that keeps the board, ignored on one that counts by hand."""
    return Choice(name, default=None, choices=AREAS)


# -- secrecy ------------------------------------------------------------------------------
def draw_hidden(action: Action, viewer: Seat | None) -> dict:
    """Elder signs drawn: their values only for the seat that drew them; others see how many."""
    if "drawn" not in action.payload or viewer is not None and action.seat == viewer.id:
        return action.payload
    return {**{k: v for k, v in action.payload.items() if k != "drawn"}, "drawn_count": len(action.payload["drawn"])}


# -- what is open now --------------------------------------------------------------------
def opener(phase: str, step: str | None = None, *, on_turn: bool = True, choices=None):
    """open(state, seat, seats): for a seat playing a faction, in `phase` (at
    `step`), on its turn unless not `on_turn`: the payloads `choices(state,
    faction)` lists (by default the one empty payload)."""
    def open_(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
        faction = effects.faction_of(state, seat.id) if seat is not None else None
        if faction not in state["factions"] or flow.phase_of(state) != phase or step and flow.step_of(state) != step:
            return []
        if on_turn and flow.turn_of(state) != faction:
            return []
        if phase == ACTION_PHASE and effects.battle_unfinished(state):
            return []  # the battle's results come first
        return list(choices(state, faction)) if choices else [{}]
    return open_


def can_act(state: dict, faction: str, cost: int = 0, *, unlimited: bool = False) -> bool:
    """On its action-phase turn a faction with power may pay `cost`; its one
    normal or unique action not yet taken, unless `unlimited`."""
    mine = state["factions"][faction]
    return 0 < mine["power"] and cost <= mine["power"] and (unlimited or not mine["acted"])


def if_(condition):
    """Choices: the empty payload when `condition(state, faction)` holds."""
    return lambda state, faction: [{}] if condition(state, faction) else []


def gate_pairs(state: dict, faction: str) -> list[dict]:
    areas = [a["id"] for a in data.maps()[state["map"]]["areas"]]
    return [{"areas": [areas[0], areas[-1]]}, {"areas": areas[1:3]}]


def start_areas(state: dict, faction: str) -> list[dict]:
    if faction == state["two_player"].get("gates_by"):
        return []
    gates, areas = state["two_player"]["gates"], [a["id"] for a in data.maps()[state["map"]]["areas"]]
    return [{"starts": dict(zip(state["seating"], gates))},
            {"starts": dict(zip(state["seating"], [gates[0], next(a for a in areas if a not in gates)]))}]


def tied_factions(state: dict, faction: str) -> list[dict]:
    return [{"faction": candidate} for candidate in state["flow"]["candidates"]]


def directions(state: dict, faction: str) -> list[dict]:
    return [{"direction": "clockwise"}, {"direction": "counterclockwise"}]


def recruit_open(state: dict, faction: str) -> bool:
    return state["factions"][faction]["counts"]["cultists"] < 6 and can_act(state, faction, 1)


# -- choices on a table that keeps the board ---------------------------------------------
def map_areas(state: dict) -> list[str]:
    return [a["id"] for a in data.maps()[state["map"]]["areas"]]


def recruits(state: dict, faction: str) -> list[dict]:
    if not board.has_board(state):
        return [{}] if recruit_open(state, faction) else []
    if not can_act(state, faction, 1) or \
            board.on_map(state, faction, "cultist") + effects.captured_from(state, faction) >= 6:
        return []
    mine = board.areas_with(state, faction) or map_areas(state)
    return [{"area": a} for a in map_areas(state) if a in mine]


def gate_builds(state: dict, faction: str) -> list[dict]:
    if not can_act(state, faction, 3):
        return []
    if not board.has_board(state):
        return [{}]
    return [{"area": a} for a in map_areas(state)
            if a not in state["board"]["gates"] and board.units_in(state, a, faction).get("cultist")]


def board_moves(state: dict, faction: str) -> list[dict]:
    """One unit to each area in reach (the form moves several at once)."""
    reach = board.move_reach(state, faction)
    return [{"moves": {f"{unit}:{area}:{to}": 1}}
            for area in board.areas_with(state, faction)
            for unit in sorted(board.units_in(state, area, faction))
            for to in sorted(board.within(state, area, reach))]


def board_captures(state: dict, faction: str) -> list[dict]:
    out = []
    for area in board.areas_with(state, faction):
        for victim in board.factions_in(state, area):
            if victim != faction:
                try:
                    effects.capture_check(state, faction, victim, area)
                except ActionError:
                    continue
                out.append({"victim": victim, "area": area})
    return out


def board_summons(state: dict, faction: str) -> list[dict]:
    mine = state["factions"][faction]
    return [{"monster": u["id"], "area": area} for area in board.controlled_gates(state, faction)
            for u in data.faction(faction)["units"] if u["kind"] == "monster"
            and board.on_map(state, faction, u["id"]) < u["count"]
            and can_act(state, faction, costs.summon_cost(state, faction, u["id"], mine))]


def board_awakenings(state: dict, faction: str) -> list[dict]:
    mine, out = state["factions"][faction], []
    for goo, where in mine["great_old_ones"].items():
        if where != "pool" or not can_act(state, faction, costs.awaken_cost(state, faction, goo, mine)):
            continue
        if goo == "hastur" and mine["great_old_ones"].get("king_in_yellow") != "map":
            continue
        for area in map_areas(state):
            try:
                effects.awaken_check(state, faction, goo, data.units(faction)[goo], area)
            except ActionError:
                continue
            out.append({"great_old_one": goo, "area": area})
    return out


def ritual_open(state: dict, faction: str) -> bool:
    mine, track, marker = state["factions"][faction], state["ritual"]["track"], state["ritual"]["marker"]
    try:
        doom.check_ritual(mine, doom.ritual_cost(track, marker), state["settings"]["ritual_needs_great_old_one"],
                          flow.decided(state, faction))
    except ActionError:
        return False
    return True


def sacrifice_open(state: dict, faction: str) -> bool:
    mine = state["factions"][faction]
    return "blood_sacrifice" in mine["spellbooks"] and mine["great_old_ones"].get("shub_niggurath") == "map" \
        and not mine.get("sacrificed") and mine["counts"]["cultists"] > 0


def moves(state: dict, faction: str) -> list[dict]:
    if board.has_board(state):
        return board_moves(state, faction) if can_act(state, faction, 1) else []
    power = state["factions"][faction]["power"]
    return [{"units": n} for n in range(1, min(power, 3) + 1)] if can_act(state, faction, 1) else []


def captures(state: dict, faction: str) -> list[dict]:
    if board.has_board(state):
        return board_captures(state, faction) if can_act(state, faction, 1) else []
    return [{"victim": f} for f in state["factions"] if f != faction
            and state["factions"][f]["counts"]["cultists"] > 0] if can_act(state, faction, 1) else []


def summons(state: dict, faction: str) -> list[dict]:
    if board.has_board(state):
        return board_summons(state, faction)
    mine = state["factions"][faction]
    return [{"monster": u["id"]} for u in data.faction(faction)["units"] if u["kind"] == "monster"
            and can_act(state, faction, costs.summon_cost(state, faction, u["id"], mine))]


def awakenings(state: dict, faction: str) -> list[dict]:
    if board.has_board(state):
        return board_awakenings(state, faction)
    mine = state["factions"][faction]
    return [{"great_old_one": goo} for goo, where in mine["great_old_ones"].items()
            if where == "pool" and can_act(state, faction, costs.awaken_cost(state, faction, goo, mine))]


def unique_actions(state: dict, faction: str) -> list[dict]:
    mine, king = state["factions"][faction], [a["id"] for a in data.maps()[state["map"]]["areas"]]
    if board.has_board(state):
        king_area = board.great_old_one_area(state, faction, "king_in_yellow")
        extra = {"unsubmerge": {"area": king[0]}}
        return [{"name": name, **extra.get(name, {})} for name in costs.unique_actions(faction)
                if effects.unique_allowed(mine, name) and name not in ("avatar",)
                and can_act(state, faction, costs.unique_cost(faction, name, mine))
                and (name != "desecrate" or king_area not in state["desecrated"])
                and (name != "submerge" or board_submerge_open(state, faction))]
    return [{"name": name, **({"units_there": 2, "area": king[0]} if name == "desecrate" else {})}
            for name in costs.unique_actions(faction)
            if effects.unique_allowed(mine, name) and can_act(state, faction, costs.unique_cost(faction, name, mine))]


def board_submerge_open(state: dict, faction: str) -> bool:
    area = board.great_old_one_area(state, faction, "cthulhu")
    return bool(area) and board.areas(state)[area]["ocean"]


def battles_to_declare(state: dict, faction: str) -> list[dict]:
    mine = state["factions"][faction]
    if not can_act(state, faction, 1, unlimited=spellbooks.battle_is_unlimited(mine, state["players"])):
        return []
    if board.has_board(state):
        return [{"defender": enemy, "area": area} for area in board.areas_with(state, faction)
                for enemy in board.factions_in(state, area) if enemy != faction]
    attackers = {"cultist": mine["counts"]["cultists"]} if mine["counts"]["cultists"] else {}
    attackers.update({goo: 1 for goo, where in mine["great_old_ones"].items() if where == "map"})
    return [{"defender": enemy, "attacker_units": attackers,
             "defender_units": {"cultist": theirs["counts"]["cultists"]}}
            for enemy, theirs in state["factions"].items()
            if enemy != faction and attackers and theirs["counts"]["cultists"]]


def battle_rolls(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    battle, faction = state.get("battle"), effects.faction_of(state, seat.id) if seat is not None else None
    if flow.phase_of(state) != "action" or not battle or battle["outcome"] is not None:
        return []
    return [{}] if faction in (battle["attacker"], battle["defender"]) else []


def books_earned(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """On the board: each requirement the map shows met, with each book left (others are ticked by hand)."""
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if faction not in state["factions"] or not board.has_board(state) or flow.phase_of(state) in ("end", "over"):
        return []
    mine = state["factions"][faction]
    left = [b for b in data.spellbook_ids(faction) if b not in mine["spellbooks"]]
    return [{"requirement": r, "spellbook": b} for r in sorted(board.requirements_met(state, faction)) for b in left]


def loss_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if flow.phase_of(state) != "action":
        return []
    return battles.loss_choices(state, faction)


def harbinger_choices(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if flow.phase_of(state) != "action":
        return []
    return [{"great_old_one": goo, "take": take} for goo in battles.harbinger_targets(state, faction)
            for take in ("power", "elder_signs")]


def reveals(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
    """A seat's own signs (its own secret): one value at a time."""
    faction = effects.faction_of(state, seat.id) if seat is not None else None
    if faction not in state["factions"] or flow.phase_of(state) == "over":
        return []
    return [{"values": [value]} for value in sorted(set(state["secrets"].get(seat.id, {}).get("elder_signs", [])))]


def gate_to_control(state: dict, faction: str) -> list[dict]:
    if not (state["abandoned_gates"] > 0 and can_act(state, faction, unlimited=True)):
        return []
    if not board.has_board(state):
        return [{}]
    return [{"area": a} for a, owner in state["board"]["gates"].items()
            if owner is None and board.holds_gate(state, a, faction)]


def gate_to_abandon(state: dict, faction: str) -> list[dict]:
    if not (state["factions"][faction]["counts"]["gates"] > 0 and can_act(state, faction, unlimited=True)):
        return []
    if not board.has_board(state):
        return [{}]
    return [{"area": a} for a in board.controlled_gates(state, faction)]


def sacrifices(state: dict, faction: str) -> list[dict]:
    if not sacrifice_open(state, faction):
        return []
    if not board.has_board(state):
        return [{}]
    return [{"area": a} for a in board.areas_with(state, faction) if board.units_in(state, a, faction).get("cultist")]


ACTION_PHASE = "action"


# Actions that may draw elder signs, whose values only the drawing faction sees.
ELDER_SIGN_DRAWS = frozenset({"ritual.perform", "awaken", "events.blood_sacrifice", "harbinger",
                              "spellbook.earn", "unique"})


def spec(type_, doc, *fields, effect, line, seat_may_undo=True, open=None):
    """`line`: the history line, a msgid or a function of (action, seats, state)
    (history.py); an action that draws elder signs also says how many."""
    secret = type_ in ELDER_SIGN_DRAWS
    said = history.said(line) if isinstance(line, str) else line
    return ActionSpec(type_, doc, tuple(fields), seat_may_undo=seat_may_undo, secret_draws=secret,
                      effect=effect, history=history.and_signs(said) if secret else said,
                      redact=draw_hidden if secret else None, open=open)


ACTIONS = (
    spec("setup.gates", "Two players: place the two gates, `areas` (two area ids).",
         Collected("areas", shape="list", max_items=2),
         effect=effects.place_gates, line=history.gates_placed,
         open=opener("setup", "place_gates", on_turn=False, choices=gate_pairs)),
    spec("setup.starts", "Two players: the start area of each faction, `starts` ({faction: area}).",
         Collected("starts", shape="names", max_items=4),
         effect=effects.pick_starts, line=history.starts_picked,
         open=opener("setup", "pick_starts", on_turn=False, choices=start_areas)),
    spec("power.gather", "Gather power for every faction from its counts (then the minimum rule).",
         effect=effects.gather, line=N_("gathered power for everyone"),
         open=opener("gather", on_turn=False)),
    spec("first_player.choose", "The previous first player picks the first player among those tied, `faction`.",
         Choice("faction", choices=FACTIONS),
         effect=effects.choose_first, line=history.first_chosen,
         open=opener("first_player", "choose_first", choices=tied_factions)),
    spec("direction.choose", "The first player picks the `direction` of play for the round.",
         Choice("direction", choices=("clockwise", "counterclockwise")),
         effect=effects.choose_direction, line=history.direction_chosen,
         open=opener("first_player", "choose_direction", choices=directions)),
    spec("ritual.perform", "Perform the Ritual of Annihilation on your doom-phase turn (elder signs drawn secretly).",
         effect=effects.ritual, line=N_("performed the Ritual of Annihilation"),
         open=opener("doom", "rituals", choices=if_(ritual_open))),
    spec("ritual.skip", "Decline the ritual this doom phase.",
         effect=effects.skip_ritual, line=N_("declined the ritual"),
         open=opener("doom", "rituals")),
    spec("events.blood_sacrifice",
         "Black Goat: remove a cultist for an elder sign (doom phase, Shub-Niggurath in play).",
         area_field(),
         effect=effects.blood_sacrifice, line=N_("made a Blood Sacrifice"),
         open=opener("doom", "events", choices=sacrifices)),
    spec("events.done", "Finish your special events of the doom phase.",
         effect=effects.events_done, line=N_("finished their special events"),
         open=opener("doom", "events")),
    spec("recruit", "Recruit a cultist (1 power); on a board table in `area`, where you have a unit.",
         area_field(),
         effect=effects.recruit, line=history.recruited,
         open=opener(ACTION_PHASE, choices=recruits)),
    spec("gate.build", "Build a gate (3 power); on a board table in `area`, where your cultist is and no gate.",
         area_field(),
         effect=effects.build_gate, line=history.gate_built,
         open=opener(ACTION_PHASE, choices=gate_builds)),
    spec("move", "Move `units` units (1 power each); on a board table `moves` instead: "
         "{\"unit:from_area:to_area\": count} (or {\"unit:from_area\": count} with `to` {\"unit:from_area\": area}), "
         "each unit once, to a neighbouring area (Flight: 2 away).",
         Int("units", default=None, min=1, max=60), Collected("moves", default=None, key_length=80),
         Collected("to", shape="names", default=None, key_length=80),
         effect=effects.move, line=history.moved,
         open=opener(ACTION_PHASE, choices=moves)),
    spec("capture", "Capture a cultist of faction `victim` (1 power); on a board table in `area`.",
         Choice("victim", choices=FACTIONS), area_field(),
         effect=effects.capture, line=history.captured,
         open=opener(ACTION_PHASE, choices=captures)),
    spec("summon",
         "Summon monsters: `units` ({unit id: count}) or `monster` and `count`; one monster except Black Goat.",
         Collected("units", default=None), Choice("monster", default=None, choices=MONSTERS),
         optional_int("count", 1, 9), area_field(),
         effect=effects.summon, line=history.summoned,
         open=opener(ACTION_PHASE, choices=summons)),
    spec("awaken", "Awaken `great_old_one` at its cost; on a board table in `area`, its card's requirements checked.",
         Choice("great_old_one", choices=GREAT_OLD_ONES), area_field(),
         effect=effects.awaken, line=history.awakened,
         open=opener(ACTION_PHASE, choices=awakenings)),
    spec("unique", "A faction's unique action `name` at its cost; Desecrate takes `units_there` and `area`.",
         Choice("name", choices=UNIQUE), optional_int("units_there", 0, 99),
         Choice("area", default=None, choices=AREAS),
         effect=effects.unique, line=history.unique_taken,
         open=opener(ACTION_PHASE, choices=unique_actions)),
    spec("gate.control", "Free: one of your cultists takes an abandoned gate (on a board table, in `area`).",
         area_field(),
         effect=effects.control_gate, line=history.gate_controlled,
         open=opener(ACTION_PHASE, choices=gate_to_control)),
    spec("gate.abandon", "Free: leave one of your gates (it becomes abandoned; on a board table, in `area`).",
         area_field(),
         effect=effects.abandon_gate, line=history.gate_abandoned,
         open=opener(ACTION_PHASE, choices=gate_to_abandon)),
    spec("pass", "Can't or won't act: your power drops to 0.",
         effect=effects.pass_turn, line=N_("passed (power to 0)"),
         open=opener(ACTION_PHASE)),
    spec("turn.end", "End your turn after your action.",
         effect=effects.end_turn, line=N_("ended their turn"),
         open=opener(ACTION_PHASE, choices=if_(lambda state, f: state["factions"][f]["acted"]))),
    spec("battle.declare",
         "Battle `defender` in `area`: `attacker_units` and `defender_units` ({unit: count}; on a board table "
         "they come from the map), optional `attacker_extra`/`defender_extra` dice.",
         Choice("defender", choices=FACTIONS), Collected("attacker_units", default=None),
         Collected("defender_units", default=None),
         Choice("area", default=None, choices=AREAS),
         optional_int("attacker_extra", 0, 60), optional_int("defender_extra", 0, 60),
         effect=battles.declare, line=history.battle_declared,
         open=opener(ACTION_PHASE, choices=battles_to_declare)),
    spec("battle.adjust",
         "Before the dice: your side's `units` ({unit: count}) and `extra` dice after pre-battle effects.",
         Collected("units"), optional_int("extra", 0, 60),
         effect=battles.adjust, line=N_("adjusted their side of the battle")),
    spec("battle.roll",
         "Roll the battle's dice, or give physical results `attacker_faces` / `defender_faces` (like \"6 4 1\").",
         Text("attacker_faces", default=None, max_length=200), Text("defender_faces", default=None, max_length=200),
         effect=battles.roll, line=history.battle_rolled,
         open=battle_rolls),
    spec("battle.losses",
         "On a board table, after the dice: one side's results, `killed` and `pained` ({unit: count}), "
         "`retreats` ({\"unit:area\": count}) for the pained, or `eliminated` (a pained unit) when none can "
         "retreat. The attacker's side first; its owner chooses (Yellow Sign with Hastur in the battle).",
         Collected("killed", default=None), Collected("pained", default=None),
         Collected("retreats", default=None, key_length=80), Text("eliminated", default=None, max_length=40),
         effect=battles.losses, line=history.losses_taken,
         open=loss_choices),
    spec("harbinger",
         "Crawling Chaos after Nyarlathotep's battle: for enemy `great_old_one`, `take` power or elder_signs.",
         Choice("great_old_one", choices=GREAT_OLD_ONES), Choice("take", choices=("power", "elder_signs")),
         effect=battles.harbinger, line=history.harbinger_used,
         open=harbinger_choices),
    spec("spellbook.earn",
         "Take `spellbook` for meeting `requirement` (optional `target` faction for Yellow Sign's doom gift).",
         Choice("requirement", choices=REQUIREMENTS), Choice("spellbook", choices=SPELLBOOKS),
         Choice("target", default=None, choices=FACTIONS), Collected("cultists_from", default=None),
         effect=effects.earn_spellbook, line=history.book_taken, open=books_earned),
    spec("elder_signs.reveal", "Reveal elder signs of the given `values` (a list) for doom.",
         Collected("values", shape="ints", low=1, high=3, max_items=36),
         effect=effects.reveal, line=history.revealed,
         open=reveals),
    spec("counts.set", "Set your count `count` (" + ", ".join(COUNTS) + ") to `value`.",
         Choice("count", choices=COUNTS), Int("value", min=0, max=MAX_COUNT),
         effect=effects.set_counts, line=history.count_set),
    spec("counts.adjust", "Add `delta` to your count `count` (" + ", ".join(COUNTS) + ").",
         Choice("count", choices=COUNTS), Int("delta", min=-MAX_COUNT, max=MAX_COUNT),
         effect=effects.adjust_count, line=history.count_adjusted),
    spec("abandoned.set", "Set the number of abandoned gates on the map, `value`.", Int("value", min=0, max=MAX_COUNT),
         effect=effects.set_abandoned, line=history.abandoned_set),
    spec("great_old_one.set", "Say where your `great_old_one` is: `where` = pool, map or submerged.",
         Choice("great_old_one", choices=GREAT_OLD_ONES), Choice("where", choices=WHERE),
         effect=effects.set_great_old_one, line=history.great_old_one_placed),
    spec("default.correct",
         "Correct a default from the printed components: `faction`, `unit`, `field` (cost or combat), `value`.",
         Choice("faction", choices=FACTIONS), Text("unit", max_length=40), Choice("field", choices=("cost", "combat")),
         Int("value", min=0, max=20),
         effect=effects.correct_default, line=history.default_corrected),
    spec("ritual_track.correct",
         "Correct the ritual track from the printed one: `spaces`, "
         "the costs before Instant Death (like \"5 6 7 8 9 10\").",
         Text("spaces", max_length=80),
         effect=effects.correct_ritual_track, line=history.ritual_track_corrected),
    # Ending the game reveals every hidden sign: only the host may take it back.
    spec("game.settle", "At the end: reveal every hidden elder sign and name the winner.", seat_may_undo=False,
         effect=effects.settle, line=N_("revealed every elder sign and settled the game"),
         open=opener("end", on_turn=False)),
)
