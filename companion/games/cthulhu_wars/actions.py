"""What each action does to the state, as small pure functions.

Each handler takes (state, faction, payload): `faction` is the acting seat's
faction (None for a seat without one), `payload` the typed values, with any
draws `prepare` recorded ("drawn": elder-sign values; "roll": dice). A
handler checks first and raises ActionError before changing anything.
"""

from __future__ import annotations

from companion.games.cthulhu_wars import costs, data, doom, elder_signs, flow, setup, spellbooks
from companion.games.cthulhu_wars.setup import MAX_COUNT
from companion.rules import N_, ActionError

#: Unique actions and what they need: ("book", id) or ("great_old_one", id, where).
UNIQUE_NEEDS = {
    "dreams": ("book", "dreams"),
    "submerge": ("book", "submerge"),
    "unsubmerge": ("great_old_one", "cthulhu", "submerged"),
    "the_thousand_forms": ("book", "the_thousand_forms"),
    "avatar": ("great_old_one", "shub_niggurath", "map"),
    "ghroth": ("book", "ghroth"),
    "desecrate": ("great_old_one", "king_in_yellow", "map"),
    "zingaya": ("book", "zingaya"),
    "shriek_of_the_byakhee": ("book", "shriek_of_the_byakhee"),
    "the_screaming_dead": ("book", "the_screaming_dead"),
    "he_who_is_not_to_be_named": ("book", "he_who_is_not_to_be_named"),
}


def me(state: dict, faction: str | None) -> dict:
    if faction is None or faction not in state["factions"]:
        raise ActionError(N_("Only a faction in this game can do that."))
    return state["factions"][faction]


def gain_elder_signs(state: dict, faction: str, drawn: list[int], held: list[int]) -> None:
    """Take recorded draws from the pool into `held` (the owner's secret list);
    a draw from the empty pool is 1 doom instead."""
    try:
        bag, signs, extra_doom = elder_signs.take(state["secrets"]["bag"], drawn)
    except ValueError as error:
        raise ActionError(N_("The recorded elder-sign draw does not fit the pool.")) from error
    state["secrets"]["bag"] = bag
    state["elder_signs_left"] = elder_signs.pool_size(bag)
    held.extend(signs)
    state["factions"][faction]["elder_signs"] += len(signs)
    doom.add_doom(state["factions"][faction], "other", extra_doom)


# -- action phase: paying and taking turns ----------------------------------------
def spend(state: dict, faction: str, cost: int, *, unlimited: bool = False) -> None:
    """Checks it is this faction's turn in the action phase, that it has power
    (at 0 not even a free action) and enough for `cost`; pays; marks its one
    normal or unique action of the turn unless `unlimited`."""
    flow.require_phase(state, "action")
    flow.require_turn(state, faction)
    mine = state["factions"][faction]
    if mine["power"] <= 0:
        raise ActionError(N_("At 0 power a faction can take no action, not even a free one."))
    if not unlimited and mine["acted"]:
        raise ActionError(N_("You have taken your action this turn: take free actions or end your turn."))
    if mine["power"] < cost:
        raise ActionError(N_("That costs %(cost)d power; you have %(power)d."), cost=cost, power=mine["power"])
    mine["power"] -= cost
    if not unlimited:
        mine["acted"] = True


def after_action(state: dict, faction: str) -> None:
    """At 0 power the turn is over: nothing more can be done."""
    if state["phase"] == "action" and state["turn"] == faction and state["factions"][faction]["power"] == 0:
        flow.end_turn(state)


def set_count(mine: dict, key: str, value: int) -> None:
    # The box holds 6 cultists per faction (单位限制).
    top = 6 if key == "cultists" else MAX_COUNT
    if not 0 <= value <= top:
        raise ActionError(N_("Enter a number from 0 to %(max)d."), field=key, max=top)
    mine["counts"][key] = value


def recruit(state, faction, payload):
    mine = me(state, faction)
    if mine["counts"]["cultists"] >= data.units(faction)["cultist"]["count"]:
        raise ActionError(N_("All 6 of your cultists are on the map."))
    spend(state, faction, costs.normal_cost("recruit"))
    mine["counts"]["cultists"] += 1


def build_gate(state, faction, payload):
    mine = me(state, faction)
    spend(state, faction, costs.normal_cost("build_gate"))
    mine["counts"]["gates"] += 1


def move(state, faction, payload):
    me(state, faction)
    spend(state, faction, costs.normal_cost("move", payload["units"]))


def capture(state, faction, payload):
    mine, victim = me(state, faction), payload["victim"]
    if victim == faction or victim not in state["factions"]:
        raise ActionError(N_("Capture an enemy faction's cultist."), field="victim")
    if state["factions"][victim]["counts"]["cultists"] <= 0:
        raise ActionError(N_("That faction has no cultists on the map."), field="victim")
    spend(state, faction, costs.normal_cost("capture"))
    mine["counts"]["captives"] += 1
    state["factions"][victim]["counts"]["cultists"] -= 1


def summon(state, faction, payload):
    """One monster; Black Goat's Fertility Cult summons several in one action."""
    mine = me(state, faction)
    wanted = payload["units"] or ({payload["monster"]: payload["count"] or 1} if payload["monster"] else {})
    units = data.units(faction)
    if not wanted or any(u not in units or units[u]["kind"] != "monster" for u in wanted):
        raise ActionError(N_("Choose monsters of your faction."), field="units")
    if not sum(wanted.values()):
        raise ActionError(N_("Choose monsters of your faction."), field="units")
    # 单位限制: no more of a monster than the box holds (Crawling Chaos never has
    # more than 3 Nightgaunts); the app keeps no count of those already out.
    for unit_id, n in wanted.items():
        if n > units[unit_id]["count"]:
            raise ActionError(N_("The box holds only %(n)d of that monster."), field="units", n=units[unit_id]["count"])
    if faction != "black_goat" and sum(wanted.values()) != 1:
        raise ActionError(N_("Summon one monster per action."), field="units")
    cost = sum(costs.summon_cost(state, faction, unit, mine) * n for unit, n in wanted.items())
    spend(state, faction, cost)


def awaken(state, faction, payload):
    mine, goo = me(state, faction), payload["great_old_one"]
    if goo not in mine["great_old_ones"]:
        raise ActionError(N_("That is not one of your Great Old Ones."), field="great_old_one")
    if mine["great_old_ones"][goo] != "pool":
        raise ActionError(N_("That Great Old One is already in play."), field="great_old_one")
    if goo == "hastur" and mine["great_old_ones"].get("king_in_yellow") != "map":
        raise ActionError(N_("Hastur awakens in the King in Yellow's area: awaken the King first."), field="great_old_one")
    unit = data.units(faction)[goo]
    # Nyarlathotep, Shub-Niggurath and Hastur appear at a gate their faction
    # controls (the factions' cards); the app knows how many gates it controls.
    if unit.get("where") in ("own_gate", "own_gate_with_king") and mine["counts"].get("gates", 0) < 1:
        raise ActionError(N_("You control no gate."), field="great_old_one")
    removed = unit.get("cultists_removed", 0)
    # Shub-Niggurath: a controlled gate and 2 cultists in its area, "(至少三个
    # 邪教徒)": the cultist holding the gate stays, the other two are removed.
    needed = removed + 1 if removed else 0
    if mine["counts"]["cultists"] < needed:
        raise ActionError(N_("You need %(n)d cultists on the map."), field="great_old_one", n=needed)
    spend(state, faction, costs.awaken_cost(state, faction, goo, mine))
    mine["counts"]["cultists"] -= removed
    mine["great_old_ones"][goo] = "map"
    if goo not in mine["awakened"]:
        mine["awakened"].append(goo)
    gain_elder_signs(state, faction, payload.get("drawn", []), payload["_held"])


def immortal_signs(faction: str) -> int:
    """Immortal (Great Cthulhu's card): 1 elder sign for each awakening."""
    return 1 if faction == "great_cthulhu" else 0


def unique(state, faction, payload):
    mine, name = me(state, faction), payload["name"]
    if name not in costs.unique_actions(faction):
        raise ActionError(N_("That is not one of your faction's actions."), field="name")
    if not unique_allowed(mine, name):
        need = UNIQUE_NEEDS[name]
        if need[0] == "book":
            raise ActionError(N_("That action needs its spellbook."), field="name")
        raise ActionError(N_("That action needs its Great Old One."), field="name")
    if name == "desecrate":
        check_desecration(state, faction, payload)
    if name == "the_thousand_forms":
        # 千面: with Nyarlathotep in play; the book turns face down until the next gather.
        if mine["great_old_ones"].get("nyarlathotep") != "map":
            raise ActionError(N_("That action needs its Great Old One."), field="name")
        if mine.get("thousand_forms_round") == state["round"]:
            raise ActionError(N_("The Thousand Forms is used once a round."), field="name")
        mine["thousand_forms_round"] = state["round"]
    spend(state, faction, costs.unique_cost(faction, name, mine))
    if name == "submerge":
        mine["great_old_ones"]["cthulhu"] = "submerged"
    elif name == "unsubmerge":
        mine["great_old_ones"]["cthulhu"] = "map"
    elif name == "desecrate":
        desecrate(state, faction, payload)
    state["last_roll"] = {"faction": faction, "name": name, "die": payload.get("die")} if payload.get("die") else None


def unique_allowed(mine: dict, name: str) -> bool:
    need = UNIQUE_NEEDS[name]
    if need[0] == "book":
        return need[1] in mine["spellbooks"]
    return mine["great_old_ones"].get(need[1]) == need[2]


def desecrate(state: dict, faction: str, payload: dict) -> None:
    """Roll 1 die: at most your units there (the King included) places a
    desecration token; with The Third Eye and Hastur, success gives an elder sign."""
    if payload["die"] <= payload["units_there"]:
        area = payload["area"]
        # 第八章 C: with two players, an area next to no other desecrated one earns a book.
        neighbours = data.maps()[state["map"]]["adjacency"][area]
        if not any(other in state["desecrated"] for other in neighbours):
            state["factions"][faction]["lone_desecrations"] = state["factions"][faction].get("lone_desecrations", 0) + 1
        state["desecrated"].append(area)
        gain_elder_signs(state, faction, payload.get("drawn", []), payload["_held"])


def check_desecration(state: dict, faction: str, payload: dict) -> None:
    """Before paying: the King's area, not yet desecrated, and how many units are there."""
    if payload.get("area") not in data.areas(state["map"]):
        raise ActionError(N_("Choose the King in Yellow's area."), field="area")
    if payload["area"] in state["desecrated"]:
        raise ActionError(N_("That area is already desecrated."), field="area")
    if not payload.get("units_there"):
        raise ActionError(N_("Count your units there, the King included."), field="units_there")


def check_desecration_requirement(state: dict, faction: str, requirement: str) -> None:
    """Yellow Sign's glyph requirements need a desecrated area with that glyph;
    with two players, any desecration of an area next to no other one (第八章 C)."""
    glyph = data.requirements(faction)[requirement].get("glyph")
    if glyph is None:
        return
    mine = state["factions"][faction]
    if state["players"] == 2:
        used = sum(1 for r in mine["requirements_met"] if data.requirements(faction)[r].get("glyph"))
        if mine.get("lone_desecrations", 0) <= used:
            raise ActionError(N_("Desecrate an area next to no other desecrated area first."), field="requirement")
        return
    board = data.areas(state["map"])
    if not any(board[area]["glyph"] == glyph for area in state["desecrated"]):
        raise ActionError(N_("No desecrated area shows that glyph yet."), field="requirement")


def third_eye_signs(faction_state: dict) -> int:
    return 1 if "the_third_eye" in faction_state["spellbooks"] and faction_state["great_old_ones"].get("hastur") == "map" else 0


def control_gate(state, faction, payload):
    """Free (0): a cultist takes an abandoned gate."""
    mine = me(state, faction)
    if state["abandoned_gates"] <= 0:
        raise ActionError(N_("No gate on the map is abandoned."))
    spend(state, faction, costs.normal_cost("control_gate"), unlimited=True)
    state["abandoned_gates"] -= 1
    mine["counts"]["gates"] += 1


def abandon_gate(state, faction, payload):
    mine = me(state, faction)
    if mine["counts"]["gates"] <= 0:
        raise ActionError(N_("You control no gate."))
    spend(state, faction, costs.normal_cost("abandon_gate"), unlimited=True)
    mine["counts"]["gates"] -= 1
    state["abandoned_gates"] += 1


def pass_turn(state, faction, payload):
    """Can't or won't act: power drops to 0 and the faction is out of this action phase."""
    me(state, faction)
    flow.require_phase(state, "action")
    flow.require_turn(state, faction)
    state["factions"][faction]["power"] = 0
    flow.end_turn(state)


def end_turn(state, faction, payload):
    me(state, faction)
    flow.require_phase(state, "action")
    flow.require_turn(state, faction)
    if not state["factions"][faction]["acted"]:
        raise ActionError(N_("Take your action first, or pass (your power drops to 0)."))
    flow.end_turn(state)


# -- set-up, gather, first player, doom ------------------------------------------------
def place_gates(state, faction, payload):
    me(state, faction)
    flow.require_phase(state, "setup", step="place_gates")
    setup.place_gates(state, payload["areas"])
    state["two_player"]["gates_by"] = faction


def pick_starts(state, faction, payload):
    """第八章 A: the other player picks both start areas."""
    me(state, faction)
    flow.require_phase(state, "setup", step="pick_starts")
    if faction == state["two_player"].get("gates_by"):
        raise ActionError(N_("The other player picks the start areas."))
    setup.pick_starts(state, payload["starts"])



def gather(state, faction, payload):
    flow.require_phase(state, "gather")
    flow.gather(state)


def choose_first(state, faction, payload):
    flow.require_phase(state, "first_player", step="choose_first")
    flow.require_turn(state, faction)
    if payload["faction"] not in state["candidates"]:
        raise ActionError(N_("Choose one of the factions tied for the most power."), field="faction")
    flow.choose_first(state, payload["faction"])


def choose_direction(state, faction, payload):
    flow.require_phase(state, "first_player", step="choose_direction")
    flow.require_turn(state, faction)
    flow.choose_direction(state, payload["direction"])


def ritual(state, faction, payload):
    mine = me(state, faction)
    flow.require_phase(state, "doom", step="rituals")
    flow.require_turn(state, faction)
    track, marker = state["ritual"]["track"], state["ritual"]["marker"]
    cost = doom.ritual_cost(track, marker)
    doom.check_ritual(mine, cost, state["settings"]["ritual_needs_great_old_one"])
    gains = doom.ritual_gains(mine)
    mine["power"] -= cost
    state["ritual"]["marker"] = doom.advance_marker(track, marker)
    doom.add_doom(mine, "rituals", gains["doom"])
    mine["ritual_done"] = True
    mine["last_ritual"] = {"cost": cost, "doom": gains["doom"], "elder_signs": gains["elder_signs"]}
    gain_elder_signs(state, faction, payload.get("drawn", []), payload["_held"])
    flow.next_in_doom(state)


def skip_ritual(state, faction, payload):
    mine = me(state, faction)
    flow.require_phase(state, "doom", step="rituals")
    flow.require_turn(state, faction)
    mine["ritual_done"] = True
    flow.next_in_doom(state)


def blood_sacrifice(state, faction, payload):
    """Black Goat, doom phase, with Shub-Niggurath in play: remove a cultist for an elder sign."""
    mine = me(state, faction)
    flow.require_phase(state, "doom", step="events")
    flow.require_turn(state, faction)
    if "blood_sacrifice" not in mine["spellbooks"] or mine["great_old_ones"].get("shub_niggurath") != "map":
        raise ActionError(N_("Blood Sacrifice needs its spellbook and Shub-Niggurath in play."))
    if mine.get("sacrificed"):
        raise ActionError(N_("Blood Sacrifice is done once a doom phase."))
    if mine["counts"]["cultists"] <= 0:
        raise ActionError(N_("You have no cultist on the map to sacrifice."))
    mine["counts"]["cultists"] -= 1
    mine["sacrificed"] = True
    gain_elder_signs(state, faction, payload.get("drawn", []), payload["_held"])


def events_done(state, faction, payload):
    mine = me(state, faction)
    flow.require_phase(state, "doom", step="events")
    flow.require_turn(state, faction)
    mine["events_done"] = True
    mine["sacrificed"] = False
    flow.next_in_doom(state)


# -- any time -------------------------------------------------------------------------
def earn_spellbook(state, faction, payload):
    mine = me(state, faction)
    if state["phase"] in ("end", "over"):
        raise ActionError(N_("The game is over."))
    requirement, book = payload["requirement"], payload["spellbook"]
    spellbooks.check_earn(faction, mine, requirement, book)
    check_desecration_requirement(state, faction, requirement)
    action = data.game()["requirement_actions"].get(requirement)
    if action:
        requirement_action(state, faction, requirement, action, payload)
    mine["requirements_met"].append(requirement)
    mine["spellbooks"].append(book)
    gain_elder_signs(state, faction, payload.get("drawn", []), payload["_held"])


def requirement_action(state: dict, faction: str, requirement: str, action: dict, payload: dict) -> None:
    """"As your action": the whole of a turn's action. Crawling Chaos may pay 4
    and 6 together in one action (10)."""
    mine = state["factions"][faction]
    paired = {"cc_pay4": "cc_pay6", "cc_pay6": "cc_pay4"}
    second_payment = mine["acted"] and mine.get("paid_this_turn") == paired.get(requirement)
    spend(state, faction, action.get("power", 0), unlimited=second_payment)
    mine["paid_this_turn"] = requirement if "power" in action else None
    if "cultists" in action:
        if mine["counts"]["cultists"] < action["cultists"]:
            raise ActionError(N_("You need %(n)d cultists on the map."), n=action["cultists"])
        mine["counts"]["cultists"] -= action["cultists"]
    if "doom_to_another" in action:
        target = payload.get("target")
        if target not in state["factions"] or target == faction:
            raise ActionError(N_("Choose another faction to gain the doom."), field="target")
        doom.add_doom(state["factions"][target], "other", action["doom_to_another"])


def reveal(state, faction, payload):
    """Any time, even on another's turn: chosen signs add their values to doom
    and leave the game. Reaching the doom target in the action phase ends the game."""
    mine = me(state, faction)
    if state["phase"] == "over":
        raise ActionError(N_("The game is over."))
    held = payload["_held"]
    rest, gained = elder_signs.reveal(held, payload["values"])
    held[:] = rest
    mine["elder_signs"] = len(rest)
    doom.add_doom(mine, "elder_signs", gained)
    if state["phase"] == "action" and flow.game_over(state):
        flow.end_game(state)


def set_counts(state, faction, payload):
    mine = me(state, faction)
    if state["phase"] == "over":
        raise ActionError(N_("The game is over."))
    set_count(mine, payload["count"], payload["value"])


def adjust_count(state, faction, payload):
    mine = me(state, faction)
    if state["phase"] == "over":
        raise ActionError(N_("The game is over."))
    set_count(mine, payload["count"], mine["counts"][payload["count"]] + payload["delta"])


def set_abandoned(state, faction, payload):
    if state["phase"] == "over":
        raise ActionError(N_("The game is over."))
    state["abandoned_gates"] = payload["value"]


def set_great_old_one(state, faction, payload):
    """Fixes where a Great Old One is (killed in battle: back to the pool)."""
    mine, goo = me(state, faction), payload["great_old_one"]
    if goo not in mine["great_old_ones"]:
        raise ActionError(N_("That is not one of your Great Old Ones."), field="great_old_one")
    if payload["where"] == "submerged" and goo != "cthulhu":
        raise ActionError(N_("Only Cthulhu submerges."), field="where")
    mine["great_old_ones"][goo] = payload["where"]


def settle(state, faction, payload):
    """At the end every sign still hidden is revealed, then the winner is decided."""
    flow.require_phase(state, "end")
    for faction_id, held in payload["_all_held"].items():
        mine = state["factions"][faction_id]
        doom.add_doom(mine, "elder_signs", sum(held))
        mine["elder_signs"] = 0
        held.clear()
    flow.settle(state)
