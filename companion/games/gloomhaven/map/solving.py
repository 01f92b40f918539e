"""The monster solver's input (docs/monster-solver.md) built from the live
table: the map with everything off it as wall, every figure standing on it,
this round's initiatives, and the acting standee's move, range, targets and
area from the card its type drew, at this scenario's level and its rank, with
what an element it consumed this round adds to them.

Figures are named for the solver by what the table calls them ("Brute",
"Bandit Guard 3"), so its "why" sentences read naturally; `names` maps those
back to the table's ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.gloomhaven import abilities, catalog, elements
from companion.games.gloomhaven.map.board import unkey
from companion.games.gloomhaven.play import common
from companion.games.gloomhaven.solver.card import from_resolved, summon_card
from companion.games.gloomhaven.solver.scenario import CONDITIONS as SOLVER_CONDITIONS
from companion.rules import N_, ActionError, Msg

#: Initiative sent for a character whose cards are not shown yet (before
#: everyone has chosen): all alike, so the solver leaves such ties to the table.
UNKNOWN_INITIATIVE = 50
SOLVER_TERRAIN = {"obstacle": "obstacle", "trap": "trap", "hazardous": "hazardous",
                  "difficult": "difficult", "closed-door": "closed-door"}


@dataclass
class Built:
    scenario: dict
    names: dict[str, str]                    # solver id -> table id
    notes: list = field(default_factory=list)  # [msgid, params]: what the table should know
    card: list = field(default_factory=list)   # the card's resolved actions for this standee's rank
    attack: dict | None = None               # the resolved attack action (amount, extras)


def _unique(label: str, taken: set) -> str:
    name, n = label, 2
    while name in taken:
        name, n = f"{label} ({n})", n + 1
    taken.add(name)
    return name


def _figures(state: dict, at: dict) -> tuple[list[dict], dict[str, str], dict[str, str]]:
    """The solver's figures (those on the map), solver id -> table id, table id -> solver id."""
    figures, names, ids, taken = [], {}, {}, set()
    revealed = state.get("revealed") or {}

    def add(table_id: str, label: str, entry: dict) -> None:
        if table_id not in at:
            return
        name = _unique(label, taken)
        names[name], ids[table_id] = table_id, name
        figures.append({"id": name, "hex": list(unkey(at[table_id])), **entry})

    for seat, who in state.get("characters", {}).items():
        if who.get("exhausted"):
            continue
        shown = revealed.get(seat) or {}
        initiative = shown.get("initiative") if isinstance(shown.get("initiative"), int) else UNKNOWN_INITIATIVE
        invisible = "invisible" in who.get("conditions", {})
        add(seat, who["name"], {"side": "character", "initiative": min(initiative, 99),
                                "long_rest": bool(shown.get("long_rest")), "invisible": invisible})
        for summon in who.get("summons", []):
            add(summon["id"], summon["name"], {"side": "summon", "initiative": min(initiative, 99),
                                               "invisible": "invisible" in summon.get("conditions", {})})
    for seat, who in state.get("characters", {}).items():
        for summon in who.get("summons", []):
            if summon["id"] in ids and seat in ids:
                next(f for f in figures if f["id"] == ids[summon["id"]])["summoner"] = ids[seat]
    for standee in state.get("standees", []):
        add(standee["id"], common.standee_label(standee), {"side": "monster"})
    return figures, names, ids


def _map_input(state: dict, figures: list[dict], active: str, action: dict) -> dict:
    board = state.get("map") or {}
    hexes = board.get("hexes", {})
    return {
        "rules": "gloomhaven", "outside": "wall",
        "hexes": [list(h) for h in sorted(unkey(h) for h in hexes)],
        "walls": [[w[:2], w[2:]] for w in board.get("walls", [])],
        "terrain": [{"hex": list(h), "type": SOLVER_TERRAIN[t]}
                    for h, t in sorted((unkey(h), t) for h, t in hexes.items()) if t in SOLVER_TERRAIN],
        "figures": figures, "active": active, "action": action,
    }


def acting_figure(state: dict, figure_id: str) -> tuple[str, dict, str | None]:
    """("standee" or "summon", the figure, its summoner's seat or None)."""
    found = next((s for s in state.get("standees", []) if s["id"] == figure_id), None)
    if found is not None:
        return "standee", found, None
    for seat, who in state.get("characters", {}).items():
        for summon in who.get("summons", []):
            if summon["id"] == figure_id:
                return "summon", summon, seat
    raise ActionError(N_("There is no such monster or summon in the scenario."), field="standee")


def figure_label(kind: str, figure: dict) -> str:
    return common.standee_label(figure) if kind == "standee" else figure["name"]


def _what_it_holds(figure: dict) -> list[str]:
    return sorted(c for c in figure.get("conditions", {}) if c in SOLVER_CONDITIONS)


def build_card(state: dict, figure_id: str) -> Built:
    """The solver's input with the whole card (docs/monster-solver.md, "The
    whole card") for standee or summon `figure_id`'s turn: a standee's card
    its type drew, resolved for its rank, with the elements it consumed; a
    summon's "Move +0, Attack +0" with its own stats. Each figure carries the
    hit points it lost (a heal picks the most hurt) and the acting one its
    conditions."""
    at = (state.get("map") or {}).get("at", {})
    kind, figure, _seat = acting_figure(state, figure_id)
    label = figure_label(kind, figure)
    if figure_id not in at:
        raise ActionError(N_("Put %(standee)s on its hex first."), field="standee", standee=label)
    figures, names, ids = _figures(state, at)
    hurt = {s["id"]: s["max_hp"] - s["hp"] for s in state.get("standees", [])}
    hurt.update({s["id"]: s["max_hp"] - s["hp"] for who in state.get("characters", {}).values()
                 for s in who.get("summons", [])})
    for entry in figures:
        table_id = names[entry["id"]]
        if table_id in hurt:
            entry["damage"] = max(0, min(hurt[table_id], 999))
        if table_id == figure_id:
            entry["conditions"] = _what_it_holds(figure)
    scenario_extra: dict = {}
    if kind == "standee":
        resolved = drawn_card(state, figure)
        card = from_resolved(resolved, figure["rank"])
        stats = common.stats(state, figure["monster"], figure["rank"])
        action = {"movement": "fly" if stats["flying"] else "normal"}
        consumed = common.consumed_by(state, figure)
        if consumed:
            scenario_extra["consumed"] = sorted(set(consumed) & set(elements.ELEMENTS))
    else:
        resolved = []
        stats = figure.get("stats")
        if not stats:
            raise ActionError(N_("Give %(name)s its move, attack and range first."), field="standee", name=label)
        card = summon_card(stats.get("move", 0), stats.get("attack", 0), stats.get("range", 0),
                           **{key: stats[key] for key in ("pierce", "conditions") if stats.get(key)})
        action = {"movement": "fly" if stats.get("flying") else "normal"}
    scenario = {**_map_input(state, figures, ids[figure_id], action), "card": card, **scenario_extra}
    return Built(scenario, names, [], resolved, None)


def drawn_card(state: dict, standee: dict) -> list[dict]:
    """The actions of the card its type drew this round, resolved for its rank."""
    monster = catalog.monster(standee["monster"])
    index = (state.get("decks", {}).get(monster["deck"]) or {}).get("current")
    if index is None:
        raise ActionError(N_("%(standee)s's type has no ability card drawn this round."), field="standee",
                          standee=common.standee_label(standee))
    by_rank = {standee["rank"]: common.stats(state, standee["monster"], standee["rank"])}
    return abilities.resolve_card(catalog.deck(monster["deck"])["cards"][index], by_rank)["actions"]


def _consumed_shot(shot: dict, attack: dict, rank: str, consumed: list[str], notes: list) -> None:
    """What the elements the standee consumed add to its shot: range, targets
    ("Consume earth: Target 2" means two targets; "all enemies within range
    4" means all), or a larger area; each is said in the notes with its working."""
    for taken, gain in abilities.consumed_gains(attack, consumed):
        element = Msg(elements.LABELS.get(taken, taken))  # named in the reader's language
        if gain["kind"] == "range" and isinstance(gain.get("delta"), int) and shot["range"]:
            card, shot["range"] = shot["range"], max(0, min(shot["range"] + gain["delta"], 99))
            notes.append([N_("Range %(value)d = card %(card)d + %(element)s consumed %(bonus)+d"),
                          {"value": shot["range"], "card": card, "element": element, "bonus": gain["delta"]}])
        elif gain["kind"] == "targets" and isinstance((gain.get("amount") or {}).get(rank), int) \
                and shot["targets"] != "all":
            card, shot["targets"] = shot["targets"], max(shot["targets"], min(gain["amount"][rank], 99))
            notes.append([N_("Targets %(value)d = %(element)s consumed (card %(card)d)"),
                          {"value": shot["targets"], "card": card, "element": element}])
        elif gain["kind"] == "affects" and (gain.get("affects") or {}).get("who") == "enemies":
            # "Consume light: target all enemies within range 4".
            reach = (gain["affects"] or {}).get("within")
            if isinstance(reach, int):
                shot["range"] = max(0, min(reach, 99))
            shot["targets"] = "all"
            notes.append([N_("Targets all enemies within range %(range)d = %(element)s consumed"),
                          {"range": shot["range"], "element": element}])
        elif gain["kind"] == "area" and isinstance(gain.get("area"), dict) and gain["area"].get("hexes"):
            _shoot_area(shot, gain["area"])
            notes.append([N_("Area of %(count)d hexes = %(element)s consumed (in place of the card's)"),
                          {"count": len(gain["area"]["hexes"]), "element": element}])


def _shoot_area(shot: dict, area: dict) -> None:
    shot["aoe"] = [list(h) for h in area["hexes"]]
    if area.get("melee"):
        shot["range"] = 0


def _action(card: list[dict], rank: str, flying: bool, conditions: dict, notes: list,
            consumed: list[str] = ()) -> tuple[dict, dict | None]:
    """The solver's `action` from the card's first move and first attack."""
    move = next((a for a in card if a["kind"] == "move"), None)
    attack = next((a for a in card if a["kind"] == "attack"), None)
    points = move["amount"][rank] if move and "amount" in move else 0
    movement = "fly" if flying else ("jump" if move and move.get("jump") else "normal")
    if attack is not None and move is not None and card.index(attack) < card.index(move):
        notes.append([N_("The card attacks before it moves: the move after the attack is for the table."), {}])
        points = 0
    if "stun" in conditions:
        notes.append([N_("Stunned: it does nothing this turn."), {}])
        return {"move": 0, "movement": movement}, None
    if "immobilize" in conditions and points:
        notes.append([N_("Immobilized: it does not move."), {}])
        points = 0
    if "disarm" in conditions and attack is not None:
        notes.append([N_("Disarmed: it does not attack."), {}])
        attack = None
    action = {"move": max(0, min(points, 99)), "movement": movement, "muddled": "muddle" in conditions}
    if attack is not None:
        shot = {"range": max(0, min((attack.get("range") or {}).get(rank, 0), 99)),
                "targets": max(1, min((attack.get("targets") or {}).get(rank, 1) or 1, 99))}
        area = attack.get("area")
        if isinstance(area, dict) and area.get("hexes"):
            _shoot_area(shot, area)
        _consumed_shot(shot, attack, rank, list(consumed), notes)
        action["attack"] = shot
    return action, attack


def build(state: dict, standee_id: str) -> Built:
    """The solver's input for standee `standee_id`'s turn, from the live state."""
    board = state.get("map") or {}
    at = board.get("at", {})
    standee = common.standee(state, standee_id)
    if standee_id not in at:
        raise ActionError(N_("Put %(standee)s on its hex first."), field="standee",
                          standee=common.standee_label(standee))
    figures, names, ids = _figures(state, at)
    card = drawn_card(state, standee)
    stats = common.stats(state, standee["monster"], standee["rank"])
    notes: list = []
    action, attack = _action(card, standee["rank"], stats["flying"], standee.get("conditions", {}), notes,
                             common.consumed_by(state, standee))
    scenario = _map_input(state, figures, ids[standee_id], action)
    return Built(scenario, names, notes, card, attack)
