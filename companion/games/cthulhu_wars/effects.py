"""What each action does to the state: the effects the action table
(actions.py) names, each `effect(act)` on a kit Act.

An effect checks first and raises ActionError before changing anything it
keeps. Elder signs are drawn while the effect runs (`act.draws`, recorded
under "drawn"), a unique action's die under "die"; the values of the signs a
faction holds are its seat's secret (`held_signs`).
"""

from __future__ import annotations

from companion.games.cthulhu_wars import board, costs, data, doom, elder_signs, flow, requirements, spellbooks
from companion.games.cthulhu_wars import state as game_state
from companion.games.cthulhu_wars.state import MAX_COUNT
from companion.kit.actions import Act
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


def faction_of(state: dict, seat_id: str | None) -> str | None:
    """The faction a seat plays (None: the host, or a seat without one)."""
    return state.get("seats", {}).get(seat_id) if seat_id else None


def acting(act: Act) -> str | None:
    return faction_of(act.state, act.seat_id)


def me(state: dict, faction: str | None) -> dict:
    if faction is None or faction not in state["factions"]:
        raise ActionError(N_("Only a faction in this game can do that."))
    return state["factions"][faction]


def secret_key(state: dict, faction: str) -> str:
    """The seat holding a faction's secrets (before anyone sits there, a key no seat has)."""
    for seat_id, role in state.get("seats", {}).items():
        if role == faction:
            return seat_id
    return f"faction:{faction}"


def held_signs(state: dict, faction: str) -> list[int]:
    """The values of the elder signs `faction` holds (its seat's secret), the
    list itself: a faction's seat has one from its first action on."""
    return state["secrets"].setdefault(secret_key(state, faction), {}).setdefault("elder_signs", [])


def gain_elder_signs(act: Act, faction: str, how_many: int) -> None:
    """Draw `how_many` signs unseen from the pool into the faction's secret
    hand (recorded under "drawn"); a draw from the empty pool is 1 doom instead."""
    state = act.state
    if how_many > 0:
        drawn = act.draws.take("drawn", lambda rng: elder_signs.draw(state["secrets"]["bag"], how_many, rng))
    else:  # nothing to draw; a log that recorded a draw anyway replays as it always did
        drawn = act.draws.recorded("drawn") or []
    try:
        bag, signs, extra_doom = elder_signs.take(state["secrets"]["bag"], drawn)
    except (ValueError, TypeError) as error:
        raise ActionError(N_("The recorded elder-sign draw does not fit the pool.")) from error
    state["secrets"]["bag"] = bag
    state["elder_signs_left"] = elder_signs.pool_size(bag)
    held_signs(state, faction).extend(signs)
    state["factions"][faction]["elder_signs"] += len(signs)
    doom.add_doom(state["factions"][faction], "other", extra_doom)


# -- action phase: paying and taking turns ----------------------------------------
def spend(state: dict, faction: str, cost: int, *, unlimited: bool = False) -> None:
    """Checks it is this faction's turn in the action phase, that it has power
    (at 0 not even a free action) and enough for `cost`; pays; marks its one
    normal or unique action of the turn unless `unlimited`."""
    flow.require_phase(state, "action")
    flow.require_turn(state, faction)
    refuse_during_battle(state)
    mine = state["factions"][faction]
    if mine["power"] <= 0:
        raise ActionError(N_("At 0 power a faction can take no action, not even a free one."))
    # The Screaming Dead and He Who is Not to be Named give a second action.
    second = not unlimited and mine["acted"] and bool(mine.get("second_action"))
    if not unlimited and mine["acted"] and not second:
        raise ActionError(N_("You have taken your action this turn: take free actions or end your turn."))
    if mine["power"] < cost:
        raise ActionError(N_("That costs %(cost)d power; you have %(power)d."), cost=cost, power=mine["power"])
    mine["power"] -= cost
    if second:
        mine.pop("second_action")
    if not unlimited:
        mine["acted"] = True


def battle_unfinished(state: dict) -> bool:
    battle = state.get("battle")
    # A side's results not yet assigned, or its pained units waiting for Madness to send them away.
    # Or Black Goat deciding on Necrophagy, or the pains it added not yet carried out.
    return bool(battle) and (bool(battle.get("post")) or any(
        isinstance(battle.get(key), dict) and any(v is None or v["retreats"] is None for v in battle[key].values())
        for key in ("losses", "extra_losses")))


def refuse_during_battle(state: dict) -> None:
    """On the board a battle's results are carried out before anything else
    happens, and Avatar's swap before anything else is done."""
    if battle_unfinished(state):
        raise ActionError(N_("Finish the battle first: its results are waiting to be assigned."))
    if state.get("avatar"):
        raise ActionError(N_("Waiting for the faction Avatar chose to pick the unit that swaps with "
                             "Shub-Niggurath."))


def after_action(state: dict, faction: str) -> None:
    """At 0 power the turn is over: nothing more can be done."""
    if flow.phase_of(state) == "action" and flow.turn_of(state) == faction and state["factions"][faction]["power"] == 0:
        flow.end_turn(state, faction)


def set_count(mine: dict, key: str, value: int) -> None:
    # The box holds 6 cultists per faction (单位限制).
    top = 6 if key == "cultists" else MAX_COUNT
    if not 0 <= value <= top:
        raise ActionError(N_("Enter a number from 0 to %(max)d."), field=key, max=top)
    mine["counts"][key] = value


def recruit(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    if board.has_board(state):
        return recruit_on_board(act, state, faction)
    if mine["counts"]["cultists"] >= data.units(faction)["cultist"]["count"]:
        raise ActionError(N_("All 6 of your cultists are on the map."))
    spend(state, faction, costs.normal_cost("recruit"))
    mine["counts"]["cultists"] += 1


def captured_from(state: dict, faction: str) -> int:
    """A faction's cultists other factions hold captive (off the map, not in its pool)."""
    return sum(held.get(faction, 0) for held in state["board"]["captives"].values())


def recruit_on_board(act: Act, state: dict, faction: str) -> None:
    """In an area holding one of your units; with none on the map, anywhere."""
    area = board.check_area(state, act["area"])
    box = data.units(faction)["cultist"]["count"]
    if board.on_map(state, faction, "cultist") + captured_from(state, faction) >= box:
        raise ActionError(N_("All 6 of your cultists are on the map."))
    if board.on_map(state, faction) and not board.present(state, area, faction):
        raise ActionError(N_("Recruit in an area where you have a unit."), field="area")
    spend(state, faction, costs.normal_cost("recruit"))
    board.place(state, area, faction, "cultist")


def build_gate(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    if board.has_board(state):
        area = board.check_area(state, act["area"])
        if area in state["board"]["gates"]:
            raise ActionError(N_("That area already has a gate."), field="area")
        if not board.units_in(state, area, faction).get("cultist"):
            raise ActionError(N_("Building a gate needs one of your cultists in the area."), field="area")
        spend(state, faction, costs.normal_cost("build_gate"))
        state["board"]["gates"][area] = faction  # the cultist stands on it
        return
    spend(state, faction, costs.normal_cost("build_gate"))
    mine["counts"]["gates"] += 1


def move(act: Act) -> None:
    state, faction = act.state, acting(act)
    me(state, faction)
    if board.has_board(state):
        return move_on_board(act, state, faction)
    if not act["units"]:
        raise ActionError(N_("This value is missing."), field="units")
    spend(state, faction, costs.normal_cost("move", act["units"]))


def parse_moves(state: dict, faction: str, moves: dict | None,
                to: dict | None = None) -> list[tuple[str, str, str, int]]:
    """{"unit:from:to": count} -> [(unit, from, to, count)], each checked against the board.
    A form sends {"unit:from": count} with the destinations in `to` ({"unit:from": area})."""
    if not moves or not any(moves.values()):
        raise ActionError(N_("Choose the units to move and where."), field="moves")
    out, leaving = [], {}
    reach = board.move_reach(state, faction)
    for key, n in moves.items():
        parts = key.split(":")
        if len(parts) == 2 and n:
            parts.append((to or {}).get(key, ""))
        if len(parts) != 3 or parts[0] not in data.units(faction):
            raise ActionError(N_("Choose the units to move and where."), field="moves")
        unit, start, end = parts
        if not n:
            continue
        board.check_area(state, start, "moves")
        board.check_area(state, end, "moves")
        if not n:
            continue
        if end not in board.within(state, start, reach):
            raise ActionError(N_("That area is too far: a unit moves to a neighbouring area."), field="moves")
        leaving[(start, unit)] = leaving.get((start, unit), 0) + n
        out.append((unit, start, end, n))
    for (start, unit), n in leaving.items():
        # Each unit moves once: only what stood there before the move may leave.
        if board.units_in(state, start, faction).get(unit, 0) < n:
            raise ActionError(N_("You don't have that many of those units there."), field="moves")
    if not out:
        raise ActionError(N_("Choose the units to move and where."), field="moves")
    return out


def move_on_board(act: Act, state: dict, faction: str) -> None:
    """1 power per unit moved, each unit once, to a neighbouring area (Flight: 2 away)."""
    moves = parse_moves(state, faction, act["moves"], act["to"])
    spend(state, faction, costs.normal_cost("move", sum(n for *_, n in moves)))
    for unit, start, _, n in moves:
        board.remove(state, start, faction, unit, n)
    for unit, _, end, n in moves:
        board.place(state, end, faction, unit, n)


def capture(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine, victim = me(state, faction), act["victim"]
    if victim == faction or victim not in state["factions"]:
        raise ActionError(N_("Capture an enemy faction's cultist."), field="victim")
    if board.has_board(state):
        return capture_on_board(act, state, faction, victim)
    if state["factions"][victim]["counts"]["cultists"] <= 0:
        raise ActionError(N_("That faction has no cultists on the map."), field="victim")
    spend(state, faction, costs.normal_cost("capture"))
    mine["counts"]["captives"] += 1
    state["factions"][victim]["counts"]["cultists"] -= 1


def strongest(faction: str, units: dict) -> int:
    """0: cultists at most, 1: a monster, 2: a Great Old One (the capture ladder)."""
    kinds = {board.kind(faction, u) for u, n in units.items() if n}
    return 2 if "great_old_one" in kinds else 1 if "monster" in kinds else 0


def capture_check(state: dict, faction: str, victim: str, area: str) -> None:
    """Seed 俘获邪教徒: your monster where the enemy has a cultist and no
    monster or Great Old One; or your Great Old One where it has none of its own."""
    theirs = board.units_in(state, area, victim)
    if not theirs.get("cultist"):
        raise ActionError(N_("That faction has no cultist in that area."), field="area")
    if strongest(faction, board.units_in(state, area, faction)) <= strongest(victim, theirs):
        raise ActionError(N_("Capturing needs your monster where they have no monster or Great Old One, "
                             "or your Great Old One where they have none."), field="area")


def capture_on_board(act: Act, state: dict, faction: str, victim: str) -> None:
    area = board.check_area(state, act["area"])
    capture_check(state, faction, victim, area)
    spend(state, faction, costs.normal_cost("capture"))
    board.remove(state, area, victim, "cultist")  # the owner keeps the gate's cultist while it can
    held = state["board"]["captives"].setdefault(faction, {})
    held[victim] = held.get(victim, 0) + 1


def summon(act: Act) -> None:
    """One monster; Black Goat's Fertility Cult summons several in one action."""
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    wanted = act["units"] or ({act["monster"]: act["count"] or 1} if act["monster"] else {})
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
    if board.has_board(state):
        area = board.check_area(state, act["area"])
        if state["board"]["gates"].get(area) != faction:
            raise ActionError(N_("Monsters arrive at a gate you control."), field="area")
        for unit_id, n in wanted.items():
            if board.on_map(state, faction, unit_id) + n > units[unit_id]["count"]:
                raise ActionError(N_("All of those monsters are on the map."), field="units")
        spend(state, faction, cost)
        for unit_id, n in wanted.items():
            if n:
                board.place(state, area, faction, unit_id, n)
        return
    spend(state, faction, cost)


def awaken(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine, goo = me(state, faction), act["great_old_one"]
    if goo not in mine["great_old_ones"]:
        raise ActionError(N_("That is not one of your Great Old Ones."), field="great_old_one")
    if mine["great_old_ones"][goo] != "pool":
        raise ActionError(N_("That Great Old One is already in play."), field="great_old_one")
    if goo == "hastur" and mine["great_old_ones"].get("king_in_yellow") != "map":
        raise ActionError(N_("Hastur awakens in the King in Yellow's area: awaken the King first."),
                          field="great_old_one")
    unit = data.units(faction)[goo]
    if board.has_board(state):
        return awaken_on_board(act, state, faction, goo, unit)
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
    gain_elder_signs(act, faction, immortal_signs(faction))


def awaken_check(state: dict, faction: str, goo: str, unit: dict, area: str) -> None:
    """Each Great Old One's own requirements (the factions' cards), from the board."""
    gates, here = state["board"]["gates"], board.units_in(state, area, faction)
    where = unit.get("where")
    if where == "start_area_gate":
        if state["players"] == 2:  # 第八章 C: any ocean gate
            if not (board.areas(state)[area]["ocean"] and area in gates):
                raise ActionError(N_("Cthulhu awakens at a gate in an ocean."), field="area")
        elif area != data.maps()[state["map"]]["start_areas"][faction] or area not in gates:
            raise ActionError(N_("Cthulhu awakens at a gate in your start area (anyone's, or abandoned)."),
                              field="area")
    elif where == "own_gate" and gates.get(area) != faction:
        raise ActionError(N_("It appears at a gate you control."), field="area")
    elif where == "area_without_gate" and (area in gates or not here):
        raise ActionError(N_("The King in Yellow appears where you have a unit and there is no gate."), field="area")
    elif where == "own_gate_with_king" and (gates.get(area) != faction or not here.get("king_in_yellow")):
        raise ActionError(N_("Hastur appears at a gate you control in the King in Yellow's area."), field="area")
    removed = unit.get("cultists_removed", 0)
    # Shub-Niggurath: the gate's cultist and 2 more there; the 2 are removed.
    if removed and here.get("cultist", 0) < removed + 1:
        raise ActionError(N_("You need %(n)d cultists there."), field="area", n=removed + 1)


def awaken_on_board(act: Act, state: dict, faction: str, goo: str, unit: dict) -> None:
    mine = state["factions"][faction]
    area = board.check_area(state, act["area"])
    awaken_check(state, faction, goo, unit, area)
    spend(state, faction, costs.awaken_cost(state, faction, goo, mine))
    if unit.get("cultists_removed"):
        board.remove(state, area, faction, "cultist", unit["cultists_removed"])
    board.place(state, area, faction, goo)
    if goo not in mine["awakened"]:
        mine["awakened"].append(goo)
    gain_elder_signs(act, faction, immortal_signs(faction))


def immortal_signs(faction: str) -> int:
    """Immortal (Great Cthulhu's card): 1 elder sign for each awakening."""
    return 1 if faction == "great_cthulhu" else 0


def unique(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine, name = me(state, faction), act["name"]
    if name not in costs.unique_actions(faction):
        raise ActionError(N_("That is not one of your faction's actions."), field="name")
    if not unique_allowed(mine, name):
        need = UNIQUE_NEEDS[name]
        if need[0] == "book":
            raise ActionError(N_("That action needs its spellbook."), field="name")
        raise ActionError(N_("That action needs its Great Old One."), field="name")
    if mine["acted"] and mine.get("second_action") == name:
        raise ActionError(N_("That action can't be the second action it gives you."), field="name")
    on_board = board.has_board(state)
    units_there = act["units_there"]
    if name == "desecrate":
        area = board.great_old_one_area(state, faction, "king_in_yellow") if on_board else act["area"]
        if on_board and act["area"] not in (None, area):
            raise ActionError(N_("Choose the King in Yellow's area."), field="area")
        units_there = board.present(state, area, faction) if on_board else units_there
        check_desecration(state, area, units_there)
        if on_board and act["unit"] is not None:
            check_desecration_unit(state, faction, act["unit"])
        if on_board:
            act.draws.note("area", area)  # the King's, for the history line
    if on_board and name == "submerge":
        area = board.great_old_one_area(state, faction, "cthulhu")
        if not area or not board.areas(state)[area]["ocean"]:
            raise ActionError(N_("Cthulhu submerges from an ocean area."), field="name")
    if on_board and name == "unsubmerge":
        board.check_area(state, act["area"])
    if on_board and name in MAP_UNIQUE:
        MAP_UNIQUE[name][0](act, state, faction)
    if name == "the_thousand_forms":
        # 千面: with Nyarlathotep in play; the book turns face down until the next gather.
        if mine["great_old_ones"].get("nyarlathotep") != "map":
            raise ActionError(N_("That action needs its Great Old One."), field="name")
        if mine.get("thousand_forms_round") == flow.round_of(state):
            raise ActionError(N_("The Thousand Forms is used once a round."), field="name")
        mine["thousand_forms_round"] = flow.round_of(state)
    spend(state, faction, costs.unique_cost(faction, name, mine))
    if name == "submerge":
        mine["great_old_ones"]["cthulhu"] = "submerged"
        if on_board:  # Cthulhu and the friendly units with him leave the map together
            area = board.great_old_one_area(state, faction, "cthulhu")
            below = state["board"].setdefault("submerged", {}).setdefault(faction, {})
            for unit, n in board.units_in(state, area, faction).items():
                board.remove(state, area, faction, unit, n)
                below[unit] = below.get(unit, 0) + n
    elif name == "unsubmerge":
        mine["great_old_ones"]["cthulhu"] = "map"
        if on_board:  # all of them, into any one area
            for unit, n in state["board"].get("submerged", {}).pop(faction, {}).items():
                board.place(state, act["area"], faction, unit, n)
    if on_board and name in MAP_UNIQUE:
        MAP_UNIQUE[name][1](act, state, faction)
    if name in SECOND_ACTION:
        mine["second_action"] = name
    die = act.draws.take("die", lambda rng: rng.randint(1, 6)) if name in ROLLS_A_DIE else None
    if name == "desecrate":
        desecrate(act, faction, die, area if on_board else act["area"], units_there)
        if on_board and act["unit"] is not None:  # placed either way, after the roll
            board.place(state, area, faction, act["unit"])
    state["last_roll"] = {"faction": faction, "name": name, "die": die} if die else None


# -- spellbooks that move or remove units on the board (the factions' spellbooks) --------------
def enemy_victim(state: dict, faction: str, victim: str | None) -> str:
    if victim is None or victim == faction or victim not in state["factions"]:
        raise ActionError(N_("Choose an enemy faction."), field="victim")
    return victim


def in_pool(state: dict, faction: str, unit: str) -> int:
    """How many of a unit the faction has off the map (captured cultists aren't in its pool)."""
    taken = captured_from(state, faction) if unit == "cultist" else 0
    return data.units(faction)[unit]["count"] - board.on_map(state, faction, unit) - taken


def shriek_moves(state: dict, faction: str, area: str | None, from_areas: dict | None) -> list[tuple[str, int]]:
    """Shriek of the Byakhee: any number of your Byakhee, from any areas, to one area, however far."""
    area = board.check_area(state, area)
    moves = [(start, n) for start, n in (from_areas or {}).items() if n]
    if not moves:
        raise ActionError(N_("Choose the Byakhee to move and the areas they come from."), field="from_areas")
    for start, n in moves:
        board.check_area(state, start, "from_areas")
        if start == area:
            raise ActionError(N_("Those Byakhee are already in that area."), field="from_areas")
        if board.units_in(state, start, faction).get("byakhee", 0) < n:
            raise ActionError(N_("You don't have that many Byakhee there."), field="from_areas")
    return moves


def shriek_check(act: Act, state: dict, faction: str) -> None:
    shriek_moves(state, faction, act["area"], act["from_areas"])


def shriek(act: Act, state: dict, faction: str) -> None:
    for start, n in shriek_moves(state, faction, act["area"], act["from_areas"]):
        board.remove(state, start, faction, "byakhee", n)
        board.place(state, act["area"], faction, "byakhee", n)


def replacing_a_cultist(act: Act, state: dict, faction: str, unit: str, none_left: str,
                        needs_one_there: str | None = None) -> None:
    """Zingaya and Dreams: an enemy's cultist in the chosen area gives way to
    a `unit` from your pool (FAQ: not without one in it, `none_left`);
    `needs_one_there`, the refusal when the spellbook also wants such a unit
    of yours in that area."""
    area = board.check_area(state, act["area"])
    victim = enemy_victim(state, faction, act["victim"])
    if needs_one_there and not board.units_in(state, area, faction).get(unit):
        raise ActionError(needs_one_there, field="area")
    if not board.units_in(state, area, victim).get("cultist"):
        raise ActionError(N_("That faction has no cultist in that area."), field="victim")
    if in_pool(state, faction, unit) < 1:
        raise ActionError(none_left, field="name")


def replace_cultist(act: Act, state: dict, faction: str, unit: str) -> None:
    board.remove(state, act["area"], act["victim"], "cultist")
    board.place(state, act["area"], faction, unit)


def zingaya_check(act: Act, state: dict, faction: str) -> None:
    """Zingaya: your Undead in an area with an enemy cultist; that cultist
    becomes one of your Undead."""
    replacing_a_cultist(act, state, faction, "undead",
                        N_("All your Undead are on the map: there is none to put in the cultist's place."),
                        needs_one_there=N_("Zingaya needs your Undead in that area."))


def zingaya(act: Act, state: dict, faction: str) -> None:
    replace_cultist(act, state, faction, "undead")


def dreams_check(act: Act, state: dict, faction: str) -> None:
    """Dreams: an area with an enemy's cultist; it goes back to its owner's
    pool and a cultist from your pool takes its place."""
    replacing_a_cultist(act, state, faction, "cultist",
                        N_("All your cultists are on the map or captive: there is none to put in its place."))


def dreams(act: Act, state: dict, faction: str) -> None:
    """The enemy loses a cultist there; when that was the one holding its gate,
    your cultist stands on the gate in its place (it keeps it while it has another there)."""
    area, victim = act["area"], act["victim"]
    replace_cultist(act, state, faction, "cultist")
    gates = state["board"]["gates"]
    if gates.get(area) == victim and not board.holds_gate(state, area, victim):
        gates[area] = faction
        act.draws.note("gate_taken", True)


def screaming_dead_check(act: Act, state: dict, faction: str) -> None:
    """The Screaming Dead: the King in Yellow moves to a neighbouring area; Undead
    in his area may follow him free (`followers`); then a second action."""
    start = board.great_old_one_area(state, faction, "king_in_yellow")
    if start is None:
        raise ActionError(N_("That action needs its Great Old One."), field="name")
    area = board.check_area(state, act["area"])
    if area not in board.within(state, start, 1):
        raise ActionError(N_("That area is too far: a unit moves to a neighbouring area."), field="area")
    if (act["followers"] or 0) > board.units_in(state, start, faction).get("undead", 0):
        raise ActionError(N_("Only the Undead in the King in Yellow's area can follow him."), field="followers")


def screaming_dead(act: Act, state: dict, faction: str) -> None:
    start = board.great_old_one_area(state, faction, "king_in_yellow")
    board.remove(state, start, faction, "king_in_yellow")
    board.place(state, act["area"], faction, "king_in_yellow")
    if act["followers"]:
        board.remove(state, start, faction, "undead", act["followers"])
        board.place(state, act["area"], faction, "undead", act["followers"])


def not_to_be_named_check(act: Act, state: dict, faction: str) -> None:
    """He Who is Not to be Named: Hastur moves to any area holding a cultist
    (anyone's); then a second action."""
    start = board.great_old_one_area(state, faction, "hastur")
    if start is None:
        raise ActionError(N_("That action needs its Great Old One."), field="name")
    area = board.check_area(state, act["area"])
    if area == start:
        raise ActionError(N_("Hastur is already in that area."), field="area")
    if not any(units.get("cultist") for units in state["board"]["units"].get(area, {}).values()):
        raise ActionError(N_("Hastur moves to an area with a cultist of any faction."), field="area")


def not_to_be_named(act: Act, state: dict, faction: str) -> None:
    board.remove(state, board.great_old_one_area(state, faction, "hastur"), faction, "hastur")
    board.place(state, act["area"], faction, "hastur")


def swappable(state: dict, area: str, faction: str) -> dict[str, int]:
    """The cultists and monsters Avatar may swap with Shub-Niggurath (no Great Old One)."""
    return {u: n for u, n in board.units_in(state, area, faction).items() if board.kind(faction, u) != "great_old_one"}


def avatar_check(act: Act, state: dict, faction: str) -> None:
    """Avatar: an area and a faction (yours too); Shub-Niggurath swaps places
    with one of its cultists or monsters there, which that faction chooses."""
    area = board.check_area(state, act["area"])
    victim = act["victim"]
    if victim not in state["factions"]:
        raise ActionError(N_("Choose a faction."), field="victim")
    if area == board.great_old_one_area(state, faction, "shub_niggurath"):
        raise ActionError(N_("Shub-Niggurath is already in that area."), field="area")
    there = swappable(state, area, victim)
    if not there:
        raise ActionError(N_("That faction has no cultist or monster in that area."), field="victim")
    if act["unit"] is not None and act["unit"] not in there:
        raise ActionError(N_("That faction has no such unit there."), field="unit")


def avatar(act: Act, state: dict, faction: str) -> None:
    """Swapped at once when there is no choice to make (one kind of unit there,
    or your own unit named); otherwise that faction chooses (`avatar.choose`)."""
    area, victim = act["area"], act["victim"]
    there = swappable(state, area, victim)
    unit = next(iter(there)) if len(there) == 1 else act["unit"] if victim == faction else None
    pending = {"faction": faction, "area": area, "victim": victim}
    if unit is None:
        state["avatar"] = pending
        return
    avatar_swap(state, pending, unit)
    act.draws.note("swapped", unit)


def avatar_swap(state: dict, pending: dict, unit: str) -> None:
    faction, area, victim = pending["faction"], pending["area"], pending["victim"]
    shub = board.great_old_one_area(state, faction, "shub_niggurath")
    board.remove(state, area, victim, unit)
    board.remove(state, shub, faction, "shub_niggurath")
    board.place(state, area, faction, "shub_niggurath")
    board.place(state, shub, victim, unit)


def avatar_choose(act: Act) -> None:
    """The chosen faction names which of its units there changes places with Shub-Niggurath."""
    state, faction = act.state, acting(act)
    pending = state.get("avatar")
    if not pending:
        raise ActionError(N_("No Avatar is waiting for a choice."))
    if faction != pending["victim"]:
        raise ActionError(N_("The faction Avatar chose picks the unit."))
    if act["unit"] not in swappable(state, pending["area"], faction):
        raise ActionError(N_("That faction has no such unit there."), field="unit")
    state.pop("avatar")
    avatar_swap(state, pending, act["unit"])


#: Unique actions after which the faction takes a second, other action this turn.
SECOND_ACTION = frozenset({"the_screaming_dead", "he_who_is_not_to_be_named"})

#: Unique actions carried out on the board: (check before paying, effect after).
MAP_UNIQUE = {
    "avatar": (avatar_check, avatar),
    "the_screaming_dead": (screaming_dead_check, screaming_dead),
    "he_who_is_not_to_be_named": (not_to_be_named_check, not_to_be_named),
    "shriek_of_the_byakhee": (shriek_check, shriek),
    "zingaya": (zingaya_check, zingaya),
    "dreams": (dreams_check, dreams),
}


#: The unique actions that roll a die (recorded under "die").
ROLLS_A_DIE = frozenset({"desecrate", "ghroth", "the_thousand_forms"})


def unique_allowed(mine: dict, name: str) -> bool:
    need = UNIQUE_NEEDS[name]
    if need[0] == "book":
        return need[1] in mine["spellbooks"]
    return mine["great_old_ones"].get(need[1]) == need[2]


def desecrate(act: Act, faction: str, die: int, area: str, units_there: int) -> None:
    """Roll 1 die: at most your units there (the King included) places a
    desecration token; with The Third Eye and Hastur, success gives an elder sign."""
    state = act.state
    act.draws.note("desecrated", die <= units_there)
    if die <= units_there:
        # 第八章 C: with two players, an area next to no other desecrated one earns a book.
        neighbours = board.adjacency(state)[area]
        if not any(other in state["desecrated"] for other in neighbours):
            state["factions"][faction]["lone_desecrations"] = state["factions"][faction].get("lone_desecrations", 0) + 1
        state["desecrated"].append(area)
        gain_elder_signs(act, faction, third_eye_signs(state["factions"][faction]))


#: Desecrate places a monster or cultist costing at most this (the King in Yellow's card).
DESECRATE_PLACES_UP_TO = 2


def desecration_units(state: dict, faction: str) -> list[str]:
    """The monsters and cultists of the faction's pool Desecrate may place: costing 2 or less."""
    return [unit for unit, facts in data.units(faction).items()
            if facts["kind"] != "great_old_one" and in_pool(state, faction, unit) > 0
            and game_state.unit_facts(state, faction, unit)["cost"] <= DESECRATE_PLACES_UP_TO]


def check_desecration_unit(state: dict, faction: str, unit: str) -> None:
    if unit not in desecration_units(state, faction):
        raise ActionError(N_("Desecrate places a monster or cultist from your pool costing 2 or less."),
                          field="unit")


def check_desecration(state: dict, area: str | None, units_there: int | None) -> None:
    """Before paying: the King's area, not yet desecrated, and how many units are there."""
    if area not in data.areas(state["map"]):
        raise ActionError(N_("Choose the King in Yellow's area."), field="area")
    if area in state["desecrated"]:
        raise ActionError(N_("That area is already desecrated."), field="area")
    if not units_there:
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
    third_eye = "the_third_eye" in faction_state["spellbooks"]
    return 1 if third_eye and faction_state["great_old_ones"].get("hastur") == "map" else 0


def control_gate(act: Act) -> None:
    """Free (0): a cultist takes an abandoned gate."""
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    if board.has_board(state):
        area = board.check_area(state, act["area"])
        if area not in state["board"]["gates"] or state["board"]["gates"][area] is not None:
            raise ActionError(N_("That area has no abandoned gate."), field="area")
        if not board.holds_gate(state, area, faction):
            raise ActionError(N_("Taking a gate needs one of your cultists in the area."), field="area")
        spend(state, faction, costs.normal_cost("control_gate"), unlimited=True)
        state["board"]["gates"][area] = faction
        return
    if state["abandoned_gates"] <= 0:
        raise ActionError(N_("No gate on the map is abandoned."))
    spend(state, faction, costs.normal_cost("control_gate"), unlimited=True)
    state["abandoned_gates"] -= 1
    mine["counts"]["gates"] += 1


def abandon_gate(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    if board.has_board(state):
        area = board.check_area(state, act["area"])
        if state["board"]["gates"].get(area) != faction:
            raise ActionError(N_("You control no gate there."), field="area")
        spend(state, faction, costs.normal_cost("abandon_gate"), unlimited=True)
        state["board"]["gates"][area] = None
        return
    if mine["counts"]["gates"] <= 0:
        raise ActionError(N_("You control no gate."))
    spend(state, faction, costs.normal_cost("abandon_gate"), unlimited=True)
    mine["counts"]["gates"] -= 1
    state["abandoned_gates"] += 1


def pass_turn(act: Act) -> None:
    """Can't or won't act: power drops to 0 and the faction is out of this action phase."""
    state, faction = act.state, acting(act)
    me(state, faction)
    flow.require_phase(state, "action")
    flow.require_turn(state, faction)
    refuse_during_battle(state)
    state["factions"][faction]["power"] = 0
    flow.end_turn(state, faction)


def end_turn(act: Act) -> None:
    state, faction = act.state, acting(act)
    me(state, faction)
    flow.require_phase(state, "action")
    flow.require_turn(state, faction)
    if not state["factions"][faction]["acted"]:
        raise ActionError(N_("Take your action first, or pass (your power drops to 0)."))
    refuse_during_battle(state)
    flow.end_turn(state, faction)


# -- set-up, gather, first player, doom ------------------------------------------------
def place_gates(act: Act) -> None:
    state, faction = act.state, acting(act)
    me(state, faction)
    flow.require_phase(state, "setup", step="place_gates")
    game_state.place_gates(state, act["areas"])
    state["two_player"]["gates_by"] = faction


def pick_starts(act: Act) -> None:
    """第八章 A: the other player picks both start areas."""
    state, faction = act.state, acting(act)
    me(state, faction)
    flow.require_phase(state, "setup", step="pick_starts")
    if faction == state["two_player"].get("gates_by"):
        raise ActionError(N_("The other player picks the start areas."))
    game_state.pick_starts(state, act["starts"])



def gather(act: Act) -> None:
    state = act.state
    flow.require_phase(state, "gather")
    flow.gather(state)


def choose_first(act: Act) -> None:
    state, faction = act.state, acting(act)
    flow.require_phase(state, "first_player", step="choose_first")
    flow.require_turn(state, faction)
    if act["faction"] not in state["flow"]["candidates"]:
        raise ActionError(N_("Choose one of the factions tied for the most power."), field="faction")
    flow.choose_first(state, act["faction"])


def choose_direction(act: Act) -> None:
    state, faction = act.state, acting(act)
    flow.require_phase(state, "first_player", step="choose_direction")
    flow.require_turn(state, faction)
    flow.choose_direction(state, act["direction"])


def ritual(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    flow.require_phase(state, "doom", step="rituals")
    flow.require_turn(state, faction)
    track, marker = state["ritual"]["track"], state["ritual"]["marker"]
    cost = doom.ritual_cost(track, marker)
    doom.check_ritual(mine, cost, state["settings"]["ritual_needs_great_old_one"], flow.decided(state, faction))
    gains = doom.ritual_gains(mine)
    mine["power"] -= cost
    state["ritual"]["marker"] = doom.advance_marker(track, marker)
    doom.add_doom(mine, "rituals", gains["doom"])
    mine["last_ritual"] = {"cost": cost, "doom": gains["doom"], "elder_signs": gains["elder_signs"]}
    gain_elder_signs(act, faction, gains["elder_signs"])
    flow.decide(state, faction)


def skip_ritual(act: Act) -> None:
    state, faction = act.state, acting(act)
    me(state, faction)
    flow.require_phase(state, "doom", step="rituals")
    flow.require_turn(state, faction)
    flow.decide(state, faction)


def blood_sacrifice(act: Act) -> None:
    """Black Goat, doom phase, with Shub-Niggurath in play: remove a cultist for an elder sign."""
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    flow.require_phase(state, "doom", step="events")
    flow.require_turn(state, faction)
    if "blood_sacrifice" not in mine["spellbooks"] or mine["great_old_ones"].get("shub_niggurath") != "map":
        raise ActionError(N_("Blood Sacrifice needs its spellbook and Shub-Niggurath in play."))
    if mine.get("sacrificed"):
        raise ActionError(N_("Blood Sacrifice is done once a doom phase."))
    if mine["counts"]["cultists"] <= 0:
        raise ActionError(N_("You have no cultist on the map to sacrifice."))
    if board.has_board(state):
        area = board.check_area(state, act["area"])
        if not board.units_in(state, area, faction).get("cultist"):
            raise ActionError(N_("You have no cultist there."), field="area")
        board.remove(state, area, faction, "cultist")
    mine["counts"]["cultists"] -= 1
    mine["sacrificed"] = True
    gain_elder_signs(act, faction, 1)


def events_done(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    flow.require_phase(state, "doom", step="events")
    flow.require_turn(state, faction)
    mine["sacrificed"] = False
    flow.decide(state, faction)


# -- any time -------------------------------------------------------------------------
def earn_spellbook(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    if flow.phase_of(state) in ("end", "over"):
        raise ActionError(N_("The game is over."))
    requirement, book = act["requirement"], act["spellbook"]
    spellbooks.check_earn(faction, mine, requirement, book)
    check_desecration_requirement(state, faction, requirement)
    action = data.game()["requirement_actions"].get(requirement)
    if action:
        requirement_action(state, faction, requirement, action, act["target"], act["cultists_from"])
    mine["requirements_met"].append(requirement)
    requirements.note_taken(state, faction, requirement)
    mine["spellbooks"].append(book)
    gain_elder_signs(act, faction, spellbooks.elder_signs_for(faction, requirement))


def remove_cultists(state: dict, faction: str, cultists_from: dict, needed: int) -> None:
    """Your own cultists from the areas you name ({area: count}), back to your pool."""
    if sum(cultists_from.values()) != needed:
        raise ActionError(N_("Choose %(n)d of your cultists on the map."), field="cultists_from", n=needed)
    for area, n in cultists_from.items():
        board.check_area(state, area, "cultists_from")
        if board.units_in(state, area, faction).get("cultist", 0) < n:
            raise ActionError(N_("You have no cultist there."), field="cultists_from")
    for area, n in cultists_from.items():
        if n:
            board.remove(state, area, faction, "cultist", n)


def requirement_action(state: dict, faction: str, requirement: str, action: dict, target: str | None,
                       cultists_from: dict | None = None) -> None:
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
        if board.has_board(state):
            remove_cultists(state, faction, cultists_from or {}, action["cultists"])
        mine["counts"]["cultists"] -= action["cultists"]
    if "doom_to_another" in action:
        if target not in state["factions"] or target == faction:
            raise ActionError(N_("Choose another faction to gain the doom."), field="target")
        doom.add_doom(state["factions"][target], "other", action["doom_to_another"])


def reveal(act: Act) -> None:
    """Any time, even on another's turn: chosen signs add their values to doom
    and leave the game. Reaching the doom target in the action phase ends the game."""
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    if flow.phase_of(state) == "over":
        raise ActionError(N_("The game is over."))
    held = held_signs(state, faction)
    rest, gained = elder_signs.reveal(held, act["values"])
    held[:] = rest
    mine["elder_signs"] = len(rest)
    doom.add_doom(mine, "elder_signs", gained)
    if flow.phase_of(state) == "action" and flow.game_over(state):
        flow.end_game(state)


def refuse_on_board(state: dict, field: str) -> None:
    if board.has_board(state):
        raise ActionError(N_("The map keeps this: act on the map instead."), field=field)


def set_counts(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    refuse_on_board(state, "count")
    if flow.phase_of(state) == "over":
        raise ActionError(N_("The game is over."))
    set_count(mine, act["count"], act["value"])


def adjust_count(act: Act) -> None:
    state, faction = act.state, acting(act)
    mine = me(state, faction)
    refuse_on_board(state, "count")
    if flow.phase_of(state) == "over":
        raise ActionError(N_("The game is over."))
    set_count(mine, act["count"], mine["counts"][act["count"]] + act["delta"])


def set_abandoned(act: Act) -> None:
    state = act.state
    refuse_on_board(state, "value")
    if flow.phase_of(state) == "over":
        raise ActionError(N_("The game is over."))
    state["abandoned_gates"] = act["value"]


def set_great_old_one(act: Act) -> None:
    """Fixes where a Great Old One is (killed in battle: back to the pool)."""
    state, faction = act.state, acting(act)
    mine, goo = me(state, faction), act["great_old_one"]
    refuse_on_board(state, "where")
    if goo not in mine["great_old_ones"]:
        raise ActionError(N_("That is not one of your Great Old Ones."), field="great_old_one")
    if act["where"] == "submerged" and goo != "cthulhu":
        raise ActionError(N_("Only Cthulhu submerges."), field="where")
    mine["great_old_ones"][goo] = act["where"]


def settle(act: Act) -> None:
    """At the end every sign still hidden is revealed, then the winner is decided."""
    state = act.state
    flow.require_phase(state, "end")
    for faction_id in state["factions"]:
        held = held_signs(state, faction_id)
        mine = state["factions"][faction_id]
        doom.add_doom(mine, "elder_signs", sum(held))
        mine["elder_signs"] = 0
        held.clear()
    flow.settle(state)


def correct_default(act: Act) -> None:
    """A group corrects a value only the reference gave, from its printed components."""
    faction, unit, field = act["faction"], act["unit"], act["field"]
    if faction not in data.factions() or unit not in data.units(faction):
        raise ActionError(N_("Choose a unit of a faction."), field="unit")
    if field not in data.units(faction)[unit].get("defaults", []):
        raise ActionError(N_("That value comes from the rulebook; it can't be changed."), field="field")
    act.state["corrections"][f"unit:{faction}:{unit}:{field}"] = act["value"]


def correct_ritual_track(act: Act) -> None:
    """The costs printed on the group's track for this player count, then Instant Death."""
    words = act["spaces"].replace(",", " ").split()
    if not 2 <= len(words) <= 20 or not all(w.isdigit() and 1 <= int(w) <= 20 for w in words):
        raise ActionError(N_("Write the cost of each space before Instant Death, like “5 6 7 8 9 10”."), field="spaces")
    track = [int(w) for w in words] + [None]
    state = act.state
    state["ritual"] = {"track": track, "marker": min(state["ritual"]["marker"], len(track) - 1), "checked": True}
