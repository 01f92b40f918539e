"""What each seat and the display see, worked out from the state: every
computed number with its working (the kit's worked numbers,
companion/kit/working.py), the round where clients read it, the doom and
power tracks' geometry, the battle's chance chart and the map drawn for a
phone. Pure and JSON-able, so the JSON API's view carries the same."""

from __future__ import annotations

from fractions import Fraction

from companion.games.cthulhu_wars import (
    battle_books,
    battles,
    board,
    combat,
    costs,
    data,
    doom,
    effects,
    flow,
    spellbooks,
)
from companion.games.cthulhu_wars.actions import units_of
from companion.games.cthulhu_wars.names import AWAKEN_WHERE, REQUIREMENTS, UNIQUE_ACTIONS
from companion.games.cthulhu_wars.requirements import met as requirements_met
from companion.games.cthulhu_wars.state import editable_facts, unit_facts
from companion.kit.alike import alike
from companion.kit.now import now
from companion.kit.working import line, worked
from companion.rules import N_, Msg, Seat

COLOURS = {"green": "#3f9a4a", "blue": "#3d6fd1", "red": "#c8463d", "yellow": "#d9a521"}
DOOM_WORKING = {
    "gates": N_("%(n)d from gates"), "rituals": N_("%(n)d from rituals"),
    "elder_signs": N_("%(n)d from elder signs"), "other": N_("%(n)d given or drawn from an empty pool"),
}
UNIT_TERM = N_("%(n)d × %(unit)s: %(amount)d")
UNIT_TERM_UNCHECKED = N_("%(n)d × %(unit)s: %(amount)d (from a reference: check it against your faction card)")
EXTRA_TERM = N_("%(n)d from spellbooks and abilities")


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}"


def power_working(faction: dict) -> dict:
    """The power gathered, and how: one line per term of the gathering."""
    gathered = faction.get("gathered")
    if not gathered:
        return worked(faction["power"])
    lines = [line(t["label"], n=t["n"]) for t in gathered["terms"]]
    if gathered["raised_to_half_of"]:
        lines.append(line(N_("raised to half of %(top)d, rounded up"), top=gathered["raised_to_half_of"]))
    return worked(faction["power"], lines)


def doom_working(faction: dict) -> dict:
    return worked(faction["doom"], [line(DOOM_WORKING[s], n=n) for s, n in faction.get("doom_from", {}).items() if n])


def doom_track(state: dict) -> dict:
    """Positions on a 0..target track (SVG units 0..300), stacked when equal."""
    target = doom.doom_target(state["players"])
    marks, seen = [], {}
    for faction_id in state["seating"]:
        value = state["factions"][faction_id]["doom"]
        shown = min(value, target)
        stack = seen.get(shown, 0)
        seen[shown] = stack + 1
        marks.append({"faction": faction_id, "x": round(10 + 290 * shown / target, 1), "row": stack,
                      "colour": COLOURS[data.faction(faction_id)["colour"]], "value": value})
    ticks = [{"x": round(10 + 290 * n / target, 1), "n": n} for n in range(0, target + 1, 5)]
    return {"target": target, "marks": marks, "ticks": ticks}


def power_bars(state: dict) -> list[dict]:
    top = max([20] + [f["power"] for f in state["factions"].values()])
    return [{"faction": f, "power": state["factions"][f]["power"],
             "width": round(300 * state["factions"][f]["power"] / top, 1),
             "colour": COLOURS[data.faction(f)["colour"]], "worked": power_working(state["factions"][f])}
            for f in state["seating"]]


def ritual(state: dict) -> dict:
    track, marker = state["ritual"]["track"], state["ritual"]["marker"]
    spaces = [{"cost": cost, "here": i == marker} for i, cost in enumerate(track)]
    # Checked: corrected by the group, or the shipped track two sources agree on.
    checked = bool(state["ritual"].get("checked")) or (
        data.ritual_track_checked(state["players"]) and track == data.ritual_track(state["players"]))
    return {"spaces": spaces, "cost": doom.ritual_cost(track, marker),
            "instant_death": doom.on_instant_death(track, marker), "checked": checked}


def battle(state: dict) -> dict | None:
    current = state.get("battle")
    if not current:
        return None
    sides = {}
    counted = battles.dice(state, current) if current["outcome"] is None else current["dice"]
    for side in battles.SIDES:
        faction = current[side]
        # A strength only the reference gives is marked until the group checks it.
        unchecked = [t for t in counted[side]["terms"]
                     if "unit" in t and "combat" in unit_facts(state, faction, t["unit"])["unchecked"]]
        dice = counted[side]["dice"]
        lines = [line(UNIT_TERM_UNCHECKED if t in unchecked else UNIT_TERM, n=t["n"], amount=t["value"],
                      unit=Msg(data.units(faction)[t["unit"]]["name"])) if "unit" in t
                 else line(EXTRA_TERM, n=t["n"], amount=t["value"]) for t in counted[side]["terms"]]
        chart = combat.chart(dice)
        sides[side] = {"faction": faction, "dice": worked(dice, lines), "unchecked": bool(unchecked),
                       "chart": {kind: [{"n": n, "p": percent(p), "exact": f"{p.numerator}/{p.denominator}",
                                         "width": round(float(p) * 100, 1)}
                                        for n, p in rows]
                                 for kind, rows in chart.items()}}
    area = data.areas(state["map"]).get(current.get("area") or "")
    return {"sides": sides, "outcome": current["outcome"], "area": area["name"] if area else None,
            "units": current["units"], "losses": current.get("losses"),
            "unit_names": {u["id"]: u["name"] for side in battles.SIDES for u in data.faction(current[side])["units"]},
            "area_names": {a["id"]: a["name"] for a in data.maps()[state["map"]]["areas"]},
            "harbinger": battles.harbinger_targets(state, "crawling_chaos")}


def requirements(state: dict, faction_id: str) -> list[dict]:
    """Each requirement, whether it gave a book, and whether the board shows it met now ("seen")."""
    faction = state["factions"][faction_id]
    seen = requirements_met(state, faction_id) if board.has_board(state) else set()
    out = []
    for req in data.faction(faction_id)["requirements"]:
        text = REQUIREMENTS[req["id"]]
        if state["players"] == 2 and "glyph" in req:
            text = REQUIREMENTS["ys_lone_desecration"]  # 第八章 C
        out.append({"id": req["id"], "text": text, "met": req["id"] in faction["requirements_met"],
                    "seen": req["id"] in seen})
    return out


def unchecked_defaults(state: dict, faction_id: str) -> list[dict]:
    out = []
    for unit_id, field in editable_facts(faction_id):
        unit = unit_facts(state, faction_id, unit_id)
        value = unit[field] if field == "cost" else unit["combat"].get("fixed")
        out.append({"unit": unit_id, "name": unit["name"], "field": field, "value": value,
                    "checked": field not in unit["unchecked"]})
    return out


def my_stacks(state: dict, me: str) -> list[dict]:
    """Each kind of unit of mine in each area, with the areas it can move to (the move form)."""
    names, units = data.areas(state["map"]), data.units(me)
    reach = board.move_reach(state, me)
    return [{"unit": unit, "unit_name": units[unit]["name"], "area": area, "area_name": names[area]["name"],
             "count": n,
             "reach": [{"id": a, "name": names[a]["name"]} for a in sorted(board.within(state, area, reach))]}
            for area in board.areas_with(state, me) for unit, n in sorted(board.units_in(state, area, me).items())]


def awaken_needs(state: dict, great_old_one: dict) -> str:
    where = great_old_one["where"]
    if where == "start_area_gate" and state["players"] == 2:
        where = "start_area_gate_two_players"  # 第八章 C: any ocean gate
    return AWAKEN_WHERE[where]


# -- the board drawn for a phone -------------------------------------------------------
# The board drawn for a phone (issue 20): a schematic of the Earth map, each
# area a disc at its rough place on the globe, borders as lines (a border across
# the Pacific runs off one edge and in at the other), gates and each faction's
# units on it. Presentation only: where areas are drawn is no rule.
WIDTH, HEIGHT = 360, 236
TOP = 8  # room above the top row's labels

#: Where each area of any map is drawn, on a WIDTH x HEIGHT view (west to east, north to south).
PLACES = {
    "arctic_ocean": (170, 14), "scandinavia": (205, 26), "europe": (196, 52), "north_asia": (282, 32),
    "asia": (272, 62), "south_asia": (290, 98), "arabia": (236, 88),
    "africa": (205, 118), "west_africa": (188, 108), "east_africa": (226, 128),
    "indian_ocean": (262, 150), "australia": (318, 160), "antarctica": (200, 214),
    "north_atlantic": (142, 76), "south_atlantic": (160, 162),
    "north_america": (84, 56), "north_america_west": (64, 52), "north_america_east": (104, 62),
    "central_america": (92, 100), "south_america": (112, 142),
    "south_america_west": (100, 148), "south_america_east": (128, 136),
    "north_pacific": (26, 86), "south_pacific": (40, 168), "new_zealand": (22, 204),
}


def edges(state: dict) -> list[dict]:
    """Each border of the table's map (as the group corrected it) once, as one or two line pieces."""
    out, near = [], board.adjacency(state)
    for area, neighbours in near.items():
        for other in neighbours:
            if other <= area:
                continue
            (x1, y1), (x2, y2) = PLACES[area], PLACES[other]
            y1, y2 = y1 + TOP, y2 + TOP
            if abs(x1 - x2) <= WIDTH / 2:
                out.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2})
                continue
            # Across the Pacific: out of one edge, in at the other.
            (lx, ly), (rx, ry) = ((x1, y1), (x2, y2)) if x1 < x2 else ((x2, y2), (x1, y1))
            span = lx + (WIDTH - rx)
            mid = ly + (ry - ly) * lx / span if span else ly
            out.append({"x1": lx, "y1": ly, "x2": 0, "y2": round(mid, 1)})
            out.append({"x1": rx, "y1": ry, "x2": WIDTH, "y2": round(mid, 1)})
    return out


def board_map(state: dict, colours: dict[str, str]) -> dict:
    """Areas with their place, gate and units, borders, and one line per area for a screen reader."""
    gates = state["board"]["gates"]
    areas = []
    for area in data.maps()[state["map"]]["areas"]:
        x, y = PLACES[area["id"]]
        y += TOP
        here = [{"faction": f, "units": board.units_in(state, area["id"], f),
                 "count": board.present(state, area["id"], f), "colour": colours[f]}
                for f in state["seating"] if board.present(state, area["id"], f)]
        for i, side in enumerate(here):
            side["x"], side["y"] = x - 9 * (len(here) - 1) + 18 * i, y + 14
        gate = {"owner": gates[area["id"]],
                "colour": colours.get(gates[area["id"]], "none")} if area["id"] in gates else None
        areas.append({"id": area["id"], "name": area["name"], "ocean": area["ocean"], "glyph": area["glyph"],
                      "x": x, "y": y, "gate": gate, "factions": here,
                      "desecrated": area["id"] in state.get("desecrated", [])})
    return {"width": WIDTH, "height": HEIGHT, "areas": areas, "edges": edges(state)}


def borders(state: dict) -> list[dict]:
    """Each area's neighbours on the table's map, for the group to check
    against its printed map ("checked": the group corrected that area)."""
    names, near = board.areas(state), board.adjacency(state)
    corrected = board.corrected_neighbours(state)
    return [{"id": area, "name": names[area]["name"], "checked": area in corrected,
             "neighbours": [{"id": n, "name": names[n]["name"]} for n in near[area]]} for area in names]


def present_to_all(state: dict) -> dict:
    """What every viewer's `present` holds alike: worked out once per table
    version for all of them (kit.alike)."""
    out = {
        "doom_track": doom_track(state),
        "power": power_bars(state),
        "ritual": ritual(state),
        "battle": battle(state),
        "doom": {f: doom_working(state["factions"][f]) for f in state["seating"]},
        "unlimited_battle": {f: spellbooks.battle_is_unlimited(state["factions"][f], state["players"])
                             for f in state["seating"]},
        "areas": [{"id": a["id"], "name": a["name"]} for a in data.maps()[state["map"]]["areas"]],
        "names": {f: data.faction(f)["name"] for f in state["seating"]},
        "unique_names": UNIQUE_ACTIONS,
        "goo_names": {g["id"]: g["name"] for f in state["seating"] for g in data.great_old_ones(f)},
        "book_names": {b["id"]: b["name"] for f in state["seating"] for b in data.faction(f)["spellbooks"]},
        "unit_names": {f: {u["id"]: u["name"] for u in data.faction(f)["units"]} for f in state["seating"]},
        "colours": {f: COLOURS[data.faction(f)["colour"]] for f in state["seating"]},
    }
    if board.has_board(state):
        out["map"] = board_map(state, out["colours"])
    return out


def present(state: dict, me: str | None) -> dict:
    """Everything derived, for the viewer's faction `me` (None: the table display)."""
    out = dict(alike(state, "present", lambda: present_to_all(state)))
    if me in state["factions"]:
        mine = state["factions"][me]
        out["requirements"] = requirements(state, me)
        out["books_left"] = [b for b in data.faction(me)["spellbooks"] if b["id"] not in mine["spellbooks"]]
        out["unique"] = [{"id": name, "name": UNIQUE_ACTIONS[name], "cost": costs.unique_cost(me, name, mine)}
                         for name in costs.unique_actions(me) if effects.unique_allowed(mine, name)]
        out["monsters"] = [{"id": u["id"], "name": u["name"], "cost": costs.summon_cost(state, me, u["id"], mine),
                            "unchecked": "cost" in unit_facts(state, me, u["id"])["unchecked"]}
                           for u in data.faction(me)["units"] if u["kind"] == "monster"]
        out["great_old_ones"] = [{"id": g["id"], "name": g["name"], "where": mine["great_old_ones"][g["id"]],
                                  "cost": costs.awaken_cost(state, me, g["id"], mine), "needs": awaken_needs(state, g),
                                  "removes": g.get("cultists_removed", 0)}
                                 for g in data.great_old_ones(me)]
        out["defaults"] = unchecked_defaults(state, me)
        out["units"] = [{"id": u["id"], "name": u["name"]} for u in data.faction(me)["units"]]
        if board.has_board(state):
            out["my_stacks"] = my_stacks(state, me)
            out["borders"] = alike(state, "borders", lambda: borders(state))
    return out


def round_fields(state: dict) -> dict:
    """The round as the view has always shown it beside the kit's flow:
    "round", "phase", "step", "turn" (a faction), "order", "first_player",
    "candidates", "direction", and each faction's "ritual_done" and
    "events_done" (in the doom phase: decided at this step; outside it, as
    the last doom phase left them: none before round 2's)."""
    fields = {key: state["flow"][key] for key in ("round", "phase", "step", "order", "first_player", "direction")}
    fields["candidates"] = list(state["flow"]["candidates"])
    fields["turn"] = flow.turn_of(state)
    phase, round_ = fields["phase"], fields["round"]
    factions = {}
    for faction_id, faction in state["factions"].items():
        if phase == "doom":
            done = flow.decided(state, faction_id)
            ritual_done, events_done = (True, done) if fields["step"] == "events" else (done, False)
        else:
            ritual_done = events_done = round_ >= 3 or round_ == 2 and phase in ("action", "end", "over")
        factions[faction_id] = {**faction, "ritual_done": ritual_done, "events_done": events_done}
    fields["factions"] = factions
    return fields


class FactionName(Msg):
    """A faction's (or an area's) name from the data: an English msgid."""


#: What the table waits for, by phase and step (the now card's line).
WAITING = {
    ("setup", "place_gates"): N_("Two-player set-up: one player places the two gates."),
    ("setup", "pick_starts"): N_("Two-player set-up: the other player picks both start areas."),
    ("gather", None): N_("Round %(round)d: gather power, once everyone's counts are right."),
    ("first_player", "choose_first"): N_("%(faction)s chooses the first player among those tied."),
    ("first_player", "choose_direction"): N_("%(faction)s goes first and chooses the direction of play."),
    ("doom", "rituals"): N_("Doom phase: %(faction)s performs the ritual or declines it."),
    ("doom", "events"): N_("Doom phase: %(faction)s's special events."),
    ("action", None): N_("Action phase: %(faction)s's turn, %(power)d power."),
    ("end", None): N_("The game ends: reveal elder signs, then settle."),
    ("over", None): N_("The game is over."),
}
BATTLE_WAITING = N_("Battle in %(area)s: %(attacker)s against %(defender)s, waiting for the dice.")
BATTLE_WAITING_NOWHERE = N_("Battle: %(attacker)s against %(defender)s, waiting for the dice.")


#: A battle on the board waiting for a choice: who makes it, and what.
BATTLE_REMOVAL = N_("Battle in %(area)s: %(action)s: %(faction)s chooses %(n)d of its monsters and cultists "
                    "in the battle to lose.")
BATTLE_LOSSES = N_("Battle in %(area)s: %(faction)s chooses which of its units take %(kills)d kills and "
                   "%(pains)d pains, and where the pained ones retreat.")
BATTLE_LOSSES_MADNESS = N_("Battle in %(area)s: %(faction)s chooses which of its units take %(kills)d kills and "
                           "%(pains)d pains; Madness: Crawling Chaos then picks where the pained ones retreat.")
BATTLE_VENGEANCE = N_("Battle in %(area)s: Vengeance: %(faction)s chooses which units of %(victim)s take "
                      "%(kills)d kills and %(pains)d pains, and where the pained ones retreat.")
BATTLE_NECROPHAGY_PAINS = N_("Battle in %(area)s: Necrophagy: %(faction)s chooses which of its units take "
                             "%(pains)d more pains, and where they retreat.")
BATTLE_MADNESS = N_("Battle in %(area)s: Madness: %(faction)s chooses where the pained units of %(victim)s "
                    "retreat (%(units)s).")
BATTLE_NECROPHAGY = N_("Battle in %(area)s is over: %(faction)s may bring Ghouls with Necrophagy "
                       "(a pain more to both sides for each) or decline.")


def named(faction: str) -> FactionName:
    return FactionName(data.faction(faction)["name"])


def battle_choice(state: dict) -> tuple[str, dict, str] | None:
    """A board battle waiting for someone's choice: the line, its params and whose choice it is."""
    current = state.get("battle")
    area = data.areas(state["map"]).get((current or {}).get("area") or "")
    if not current or not area or not board.has_board(state):
        return None
    params = {"area": FactionName(area["name"])}
    pending = current.get("removal")
    if pending:
        victim = current[pending["side"]]
        action = FactionName(battle_books.spellbook_name(pending["by"]))
        return BATTLE_REMOVAL, params | {"action": action, "faction": named(victim), "n": pending["n"]}, victim
    if current["outcome"] is None:
        return None
    waiting = battles.waiting_losses(current)
    results = current.get(battles.stage(current)) or {}
    side = next((s for s in waiting if results[s] is None), None)  # the results first, the attacker's first
    if side:
        picker, due = battles.chooser(state, current, side), battles.to_assign(state, current, side)
        params |= {"faction": named(picker), "kills": due["kills"], "pains": due["pains"]}
        if battles.stage(current) == "extra_losses":
            return BATTLE_NECROPHAGY_PAINS, params, picker
        if picker != current[side]:
            return BATTLE_VENGEANCE, params | {"victim": named(current[side])}, picker
        if due["pains"] and battles.madness(state, current, side):
            return BATTLE_LOSSES_MADNESS, params, picker
        return BATTLE_LOSSES, params, picker
    side = next((s for s in waiting if battles.madness(state, current, s)), None)  # then Madness' retreats
    if side:
        victim, madness = current[side], battles.madness(state, current, side)
        return BATTLE_MADNESS, params | {"faction": named(madness), "victim": named(victim),
                                         "units": units_of(victim, results[side]["pained"])}, madness
    if current.get("post"):
        return BATTLE_NECROPHAGY, params | {"faction": named(current["post"][0])}, current["post"][0]
    return None


def waiting_for(state: dict, me: str | None) -> tuple[str, dict, bool]:
    """The now card's line (msgid, params) and whether it waits for `me`."""
    current = state.get("battle")
    choice = battle_choice(state) if flow.phase_of(state) == "action" else None
    if choice:
        message, params, chooser = choice
        return message, params, me == chooser
    if flow.phase_of(state) == "action" and current and current["outcome"] is None:
        sides = {side: named(current[side]) for side in battles.SIDES}
        area = data.areas(state["map"]).get(current.get("area") or "")
        message = BATTLE_WAITING if area else BATTLE_WAITING_NOWHERE
        params = sides | ({"area": FactionName(area["name"])} if area else {})
        return message, params, me in (current["attacker"], current["defender"])
    phase = flow.phase_of(state)
    step = flow.step_of(state) if phase in ("setup", "first_player", "doom") else None
    message = WAITING[(phase, step)]
    turn = flow.turn_of(state)
    params = {"round": flow.round_of(state)}
    if turn in state["factions"]:
        params |= {"faction": FactionName(data.faction(turn)["name"]), "power": state["factions"][turn]["power"]}
    everyone = phase in ("setup", "gather", "end") and me != (state.get("two_player") or {}).get("gates_by")
    return message, params, me in state["factions"] and (everyone or turn == me)


def view(state: dict, seat: Seat | None, open_actions: dict) -> dict:
    """What `seat` sees (None: the table display): the shared state, the
    seat's own secrets as "mine", its faction as "me", what the pages show
    worked out for it as "show", and the card at the top with `open_actions`."""
    shown = {k: v for k, v in state.items() if k != "secrets"}
    shown.update(alike(state, "round", lambda: round_fields(state)))  # where clients have always read them
    me = None
    if seat is not None:
        shown["mine"] = state.get("secrets", {}).get(seat.id, {})
        me = seat.role if seat.role in state["factions"] else None
    shown["me"] = me
    shown["show"] = present(state, me)
    message, params, yours = waiting_for(state, me)
    shown["now"] = now(message, params, you=yours, open_actions=open_actions)
    return shown
