"""The history lines: what each action did, which, where, how many and to
whom, built from the payload as the reader may see it (a drawn elder sign's
value never: only how many were drawn). The platform puts who acted first,
so no line names the player."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.cthulhu_wars import combat, data
from companion.games.cthulhu_wars.names import UNIQUE_ACTIONS
from companion.rules import N_, NP_, Action, Msg, Seat, translated_params

History = Callable[[Action, dict, dict], tuple]


class Line(Msg):
    """A sentence (msgid and params) inside another line, translated with it."""

    def __new__(cls, message: str, params: dict) -> Line:
        made = super().__new__(cls, message)
        made.params = params
        return made

    def __getnewargs__(self):
        return (str(self), self.params)

    def translated(self, translate: Callable[[str], str], language: str | None = None) -> str:
        params = translated_params(self.params, translate, language)
        for template in (translate(self), str(self)):
            try:
                return template % params
            except (KeyError, TypeError, ValueError):
                pass
        return str(self)


def name(text: str) -> Msg:
    """A name from the data (faction, unit, area, spellbook): an English msgid."""
    return Msg(text)


def area_name(state: dict, area: str | None) -> Msg | None:
    for board in data.maps().values():
        for known in board["areas"]:
            if known["id"] == area:
                return name(known["name"])
    return None


def unit_name(faction: str | None, unit: str) -> Msg:
    for faction_id in ([faction] if faction in data.factions() else []) + list(data.factions()):
        units = data.units(faction_id)
        if unit in units:
            return name(units[unit]["name"])
    return name(unit)


def faction_name(faction: str) -> Msg:
    return name(data.faction(faction)["name"])


def role(action: Action, seats: dict) -> str | None:
    seat = seats.get(action.seat) if action.seat else None
    return seat.role if isinstance(seat, Seat) else None


def said(msgid: str) -> History:
    return lambda action, seats, state: (msgid, {})


def signs_drawn(payload: dict) -> int:
    drawn = payload.get("drawn")
    return len(drawn) if isinstance(drawn, list) else int(payload.get("drawn_count") or 0)


WITH_SIGNS = NP_("%(line)s and drew %(count)d elder sign", "%(line)s and drew %(count)d elder signs")


def and_signs(history: History) -> History:
    """The line, and how many elder signs the action drew (when it drew any)."""
    def line(action: Action, seats: dict, state: dict) -> tuple:
        msgid, params = history(action, seats, state)
        count = signs_drawn(action.payload)
        return (WITH_SIGNS, {"line": Line(msgid, params), "count": count}) if count else (msgid, params)
    return line


# -- one function per action that names more than its type ------------------------------
def gates_placed(action, seats, state):
    first, second = action.payload["areas"]
    return N_("placed the two gates in %(first)s and %(second)s"), {
        "first": area_name(state, first), "second": area_name(state, second)}


def starts_picked(action, seats, state):
    (one, one_area), (other, other_area) = sorted(action.payload["starts"].items())
    return N_("picked the start areas: %(one)s in %(one_area)s, %(other)s in %(other_area)s"), {
        "one": faction_name(one), "one_area": area_name(state, one_area),
        "other": faction_name(other), "other_area": area_name(state, other_area)}


def first_chosen(action, seats, state):
    return N_("chose %(faction)s to go first"), {"faction": faction_name(action.payload["faction"])}


def direction_chosen(action, seats, state):
    if action.payload["direction"] == "clockwise":
        return N_("chose to play clockwise"), {}
    return N_("chose to play counter-clockwise"), {}


def moved(action, seats, state):
    payload = action.payload
    count = payload.get("units") or sum((payload.get("moves") or {}).values())
    return NP_("moved %(count)d unit", "moved %(count)d units"), {"count": count}


def in_area(state, payload: dict, plain: str, there: str) -> tuple:
    """`there` naming the payload's area when it has one, else `plain`."""
    area = area_name(state, payload.get("area"))
    return (there, {"area": area}) if area else (plain, {})


def recruited(action, seats, state):
    return in_area(state, action.payload, N_("recruited a cultist"), N_("recruited a cultist in %(area)s"))


def gate_built(action, seats, state):
    return in_area(state, action.payload, N_("built a gate"), N_("built a gate in %(area)s"))


def gate_controlled(action, seats, state):
    return in_area(state, action.payload, N_("took control of an abandoned gate"),
                   N_("took control of the abandoned gate in %(area)s"))


def gate_abandoned(action, seats, state):
    return in_area(state, action.payload, N_("abandoned a gate"), N_("abandoned the gate in %(area)s"))


def captured(action, seats, state):
    return N_("captured a cultist of %(victim)s"), {"victim": faction_name(action.payload["victim"])}


class UnitList(Msg):
    """Units and how many of each ("Dark Young × 2, Ghoul"), each name translated."""

    def __new__(cls, units: list[tuple[Msg, int]]) -> UnitList:
        made = super().__new__(cls, ", ".join(f"{n} × {count}" if count > 1 else n for n, count in units))
        made.units = units
        return made

    def __getnewargs__(self):
        return (self.units,)

    def translated(self, translate: Callable[[str], str], language: str | None = None) -> str:
        return ", ".join(f"{translate(n)} × {count}" if count > 1 else translate(n) for n, count in self.units)


def summoned(action, seats, state):
    payload, faction = action.payload, role(action, seats)
    wanted = payload.get("units") or {payload["monster"]: payload.get("count") or 1}
    units = [(unit_name(faction, unit), n) for unit, n in wanted.items() if n]
    return NP_("summoned %(count)d monster: %(monsters)s", "summoned %(count)d monsters: %(monsters)s"), {
        "count": sum(n for _, n in units), "monsters": UnitList(units)}


def awakened(action, seats, state):
    return N_("awakened %(great_old_one)s"), {
        "great_old_one": unit_name(role(action, seats), action.payload["great_old_one"])}


def unique_taken(action, seats, state):
    payload = action.payload
    params = {"action": name(UNIQUE_ACTIONS[payload["name"]]), "die": payload.get("die")}
    area = area_name(state, payload.get("area"))
    if area and isinstance(params["die"], int):
        return N_("took the unique action %(action)s in %(area)s and rolled %(die)d"), params | {"area": area}
    if isinstance(params["die"], int):
        return N_("took the unique action %(action)s and rolled %(die)d"), params
    return N_("took the unique action %(action)s"), {"action": params["action"]}


def battle_declared(action, seats, state):
    payload = action.payload
    params = {"defender": faction_name(payload["defender"])}
    area = area_name(state, payload.get("area"))
    if area:
        return N_("declared a battle against %(defender)s in %(area)s"), params | {"area": area}
    return N_("declared a battle against %(defender)s"), params


def battle_side(payload: dict, side: str) -> Line:
    record = combat.results(payload[f"{side}_roll"])
    faces = " ".join(str(face) for face in record["faces"]) or "—"
    typed = bool(payload.get(f"{side}_faces"))
    message = N_("typed %(faces)s (kills %(kills)d, pains %(pains)d)") if typed \
        else N_("rolled %(faces)s (kills %(kills)d, pains %(pains)d)")
    return Line(message, {"faces": faces, "kills": record["kills"], "pains": record["pains"]})


def battle_rolled(action, seats, state):
    return N_("resolved the battle: the attacker %(attacker)s; the defender %(defender)s"), {
        side: battle_side(action.payload, side) for side in ("attacker", "defender")}


def harbinger_used(action, seats, state):
    payload = action.payload
    params = {"great_old_one": unit_name(None, payload["great_old_one"])}
    if payload["take"] == "power":
        return N_("used The Harbinger on %(great_old_one)s for power"), params
    return N_("used The Harbinger on %(great_old_one)s"), params


def book_taken(action, seats, state):
    payload = action.payload
    books = {b["id"]: b["name"] for f in data.factions() for b in data.faction(f)["spellbooks"]}
    params = {"spellbook": name(books[payload["spellbook"]])}
    if payload.get("target"):
        return N_("took the spellbook %(spellbook)s, giving %(target)s doom"), params | {
            "target": faction_name(payload["target"])}
    return N_("took the spellbook %(spellbook)s"), params


def revealed(action, seats, state):
    values = [v for v in action.payload["values"] if isinstance(v, int)]
    return NP_("revealed %(count)d elder sign for %(doom)d doom", "revealed %(count)d elder signs for %(doom)d doom"), {
        "count": len(values), "doom": sum(values)}


COUNT_NAMES = {
    "cultists": N_("cultists on the map"), "gates": N_("gates controlled"), "captives": N_("captives"),
    "feast_areas": N_("Feast areas"), "dark_young": N_("Dark Young on the map"),
    "enemy_ocean_gates": N_("enemy ocean gates"),
}


def count_set(action, seats, state):
    return N_("set their %(what)s to %(value)d"), {
        "what": Msg(COUNT_NAMES[action.payload["count"]]), "value": action.payload["value"]}


def count_adjusted(action, seats, state):
    return N_("changed their %(what)s by %(delta)+d"), {
        "what": Msg(COUNT_NAMES[action.payload["count"]]), "delta": action.payload["delta"]}


def abandoned_set(action, seats, state):
    return N_("set the abandoned gates to %(value)d"), {"value": action.payload["value"]}


def great_old_one_placed(action, seats, state):
    where = {"pool": N_("put %(great_old_one)s back in the pool"), "map": N_("put %(great_old_one)s on the map"),
             "submerged": N_("submerged %(great_old_one)s")}[action.payload["where"]]
    return where, {"great_old_one": unit_name(role(action, seats), action.payload["great_old_one"])}


def default_corrected(action, seats, state):
    payload = action.payload
    message = N_("corrected the cost of %(unit)s to %(value)d") if payload["field"] == "cost" \
        else N_("corrected the combat of %(unit)s to %(value)d")
    return message, {"unit": unit_name(payload["faction"], payload["unit"]), "value": payload["value"]}


def ritual_track_corrected(action, seats, state):
    return N_("corrected the ritual track to %(spaces)s"), {"spaces": action.payload["spaces"]}


class Retreats(Msg):
    """Units and where they retreated ("Shoggoth → Europe, Cultist × 2 → Africa"), names translated."""

    def __new__(cls, moves: list[tuple[Msg, int, Msg]]) -> Retreats:
        made = super().__new__(cls, ", ".join(f"{u} × {n} → {a}" if n > 1 else f"{u} → {a}" for u, n, a in moves))
        made.moves = moves
        return made

    def __getnewargs__(self):
        return (self.moves,)

    def translated(self, translate: Callable[[str], str], language: str | None = None) -> str:
        return ", ".join(f"{translate(u)} × {n} → {translate(a)}" if n > 1 else f"{translate(u)} → {translate(a)}"
                         for u, n, a in self.moves)


def losses_taken(action, seats, state):
    """"killed: Cultist × 2; retreated: Shoggoth to Europe" for one side of a battle."""
    payload = action.payload
    killed = dict(payload.get("killed") or {})
    if payload.get("eliminated"):
        killed[payload["eliminated"]] = killed.get(payload["eliminated"], 0) + 1
    battle = state.get("battle") or {}
    owner = None
    for side in ("attacker", "defender"):
        if (battle.get("losses") or {}).get(side) and battle["losses"][side].get("killed") == {
                u: n for u, n in (payload.get("killed") or {}).items() if n}:
            owner = battle[side]
    retreated = [(unit_name(owner, unit), n, area_name(state, area) or name(area))
                 for unit, _, area in (key.partition(":") for key in (payload.get("retreats") or {}))
                 for n in [payload["retreats"][f"{unit}:{area}"]] if n]
    params = {"killed": UnitList([(unit_name(owner, u), n) for u, n in killed.items() if n]) if killed else "—",
              "retreated": Retreats(retreated) if retreated else "—"}
    return N_("carried out the battle's results: killed %(killed)s; retreated %(retreated)s"), params
