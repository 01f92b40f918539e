"""Figures on the map and the turn they are in: standees placed (numbers
drawn) and taken off, a standee's damage and death, the turn now and the
ability card its type shows, a new type's card drawn mid-round and where it
joins the order, rooms opened. What the turns, the special rules and the
actions by hand all build on."""

from __future__ import annotations

import random

from companion.games.gloomhaven import ability_decks, catalog, objectives
from companion.games.gloomhaven.play import common, objective_figures
from companion.kit.actions import Draws
from companion.rules import N_, ActionError


# -- standees onto the map and off it ---------------------------------------------------------
def place_standees(state: dict, placed: list, coin: bool, summoned_round: int = 0) -> list[dict]:
    """Put drawn standees on the map (numbers must be free); new decks join."""
    added = []
    for entry in placed:
        monster_id, rank, number = entry.get("monster"), entry.get("rank"), entry.get("number")
        monster = catalog.monster(monster_id)
        taken = {s["number"] for s in state["standees"] if s["monster"] == monster_id}
        if not isinstance(number, int) or not 1 <= number <= monster["standees"] or number in taken:
            raise ActionError(N_("Standee number %(number)s is not free."), field="number", number=str(number)[:5])
        stats = common.stats(state, monster_id, rank)
        found = {"id": f"{monster_id}#{number}", "monster": monster_id, "number": number, "rank": rank,
                 "hp": stats["hit_points"], "max_hp": stats["hit_points"], "conditions": {},
                 "summoned_round": summoned_round, "coin": coin}
        state["standees"].append(found)
        deck_id = monster["deck"]
        if deck_id not in state["decks"]:
            state["decks"][deck_id] = ability_decks.new_deck(len(catalog.deck(deck_id)["cards"]))
        added.append(found)
    state["standees"].sort(key=lambda s: (s["monster"], s["number"]))
    return added


def missing_lines(missing: list) -> list:
    """When a type runs out of standees: which to place, nearest first."""
    counts = {}
    for entry in missing:
        counts[entry["monster"]] = counts.get(entry["monster"], 0) + 1
    return [[N_("No %(monster)s standee left for %(count)d more: place the available ones nearest the character who "
                "opened the door first."),
             {"monster": catalog.monster_name(monster), "count": count}]
            for monster, count in sorted(counts.items())]


def remove_standee(state: dict, found: dict, died: bool) -> None:
    state["standees"].remove(found)
    if state["walk"] and found["id"] in state["walk"][state["walk_at"] + 1:]:
        state["walk"].remove(found["id"])
    if died:
        state.setdefault("gone", []).append(common.standee_label(found))
        line = (N_("%(standee)s dies: place a coin on its hex.") if found["coin"]
                else N_("%(standee)s dies (no coin: it was not placed with a room)."))
        state["news"].append([line, {"standee": common.standee_label(found)}])
        _last_enemy(state)


def _last_enemy(state: dict) -> None:
    """The last monster died and no door is left to open: many scenarios are
    won then, at the end of the round (rulebook, "Scenario completion"); the
    goal is in the scenario book, not in the data, so the table is told, not
    ended."""
    if state["standees"] or not catalog.scenario(state["scenario"]).get("rooms_in_data", True) \
            or openable_rooms(state):
        return
    state["news"].append([N_("No monster is left and no door is left to open: if the scenario's goal is to "
                             "kill all enemies, it is won at the end of this round."), {}])


def damage_standee(state: dict, found: dict, amount: int) -> None:
    """A standee loses `amount` hit points; at 0 it dies."""
    found["hp"] -= amount
    if found["hp"] <= 0:
        remove_standee(state, found, died=True)


# -- the turn now and the cards shown -----------------------------------------------------------
def current_turn(state: dict) -> dict | None:
    if state["phase"] != "playing" or state["turn"] is None:
        return None
    return state["order"][state["turn"]]


def acting_standee(state: dict) -> dict | None:
    """The standee whose turn it is (None if it has just died or it is no monster's turn)."""
    turn = current_turn(state)
    if not turn or turn["kind"] != "monster" or state["walk_at"] >= len(state["walk"]):
        return None
    wanted = state["walk"][state["walk_at"]]
    return next((s for s in state["standees"] if s["id"] == wanted), None)


def shown_card(state: dict, monster_id: str) -> dict | None:
    """The ability card `monster_id`'s deck shows this round (None: none yet)."""
    deck_id = catalog.deck_of(monster_id)
    index = state["decks"][deck_id]["current"]
    return None if index is None else catalog.deck(deck_id)["cards"][index]


def type_initiative(state: dict, monster_id: str) -> int | None:
    deck = state["decks"][catalog.deck_of(monster_id)]
    if deck["current"] is None:
        return None
    return catalog.deck(catalog.deck_of(monster_id))["cards"][deck["current"]]["initiative"]


# -- new monster types mid-round, rooms opened -------------------------------------------------------
def new_deck_cards(draws: Draws, state: dict, placed: list[dict]) -> dict:
    """During the turns, a deck that comes into play shows its card at once
    (drawn before the standees are placed; logged as "cards")."""
    return draws.take("cards", lambda rng: deck_cards(state, placed, rng))


def deck_cards(state: dict, placed: list[dict], rng: random.Random) -> dict:
    """The cards drawn for the decks `placed` brings into play during the turns."""
    if state["phase"] != "playing":
        return {}
    new = sorted({catalog.deck_of(p["monster"]) for p in placed})
    waiting = [d for d in new if d not in state["decks"] or state["decks"][d]["current"] is None]
    return {d: ability_decks.pick(state["decks"].get(d) or ability_decks.new_deck(len(catalog.deck(d)["cards"])), rng)
            for d in waiting}


def join_mid_round(state: dict, added: list[dict], cards: dict) -> None:
    """New types during the turns: their decks show a card at once, and a type
    whose initiative is lower than the acting figure's acts right after this turn."""
    if state["phase"] != "playing":
        return
    if not isinstance(cards, dict):
        raise ActionError(N_("The monster cards were not drawn."), field="cards")
    for deck_id, index in cards.items():
        if deck_id not in state["decks"]:
            raise ActionError(N_("The monster cards were not drawn."), field="cards")
        ability_decks.reveal(state["decks"][deck_id], index, catalog.deck(deck_id)["cards"])
    listed = {t["id"] for t in state["order"] if t["kind"] == "monster"}
    new_types = sorted({s["monster"] for s in added} - listed)
    now = state["order"][state["turn"]]["initiative"]
    entries = [{"kind": "monster", "id": m, "initiative": type_initiative(state, m), "players_choose": False}
               for m in new_types]
    entries.sort(key=lambda t: (t["initiative"], catalog.monster_name(t["id"])))
    early = [t for t in entries if t["initiative"] < now]
    later = [t for t in entries if t["initiative"] >= now]
    state["order"][state["turn"] + 1:state["turn"] + 1] = early
    for entry in later:
        rest = range(state["turn"] + 1 + len(early), len(state["order"]))
        position = next((i for i in rest if state["order"][i]["initiative"] > entry["initiative"]),
                        len(state["order"]))
        state["order"].insert(position, entry)


def openable_rooms(state: dict) -> list[dict]:
    found = catalog.scenario(state["scenario"])
    linked = {n for room in found["rooms"] if room["number"] in state["rooms"] for n in room["opens"]}
    return [room for room in found["rooms"] if room["number"] in linked - set(state["rooms"])]


def reveal_room(state: dict, room: dict, placed: list, missing: list, cards: dict) -> None:
    """A room is open: its standees (numbers drawn) and objectives are placed."""
    state["rooms"].append(room["number"])
    added = place_standees(state, placed, coin=True)
    join_mid_round(state, added, cards)
    marked = objective_figures.place(state, objectives.placed_by_room(room, common.character_count(state)))
    common.news(state, [N_("Room %(room)d is open: %(count)d standees placed."),
                        {"room": room["number"], "count": len(added)}], *missing_lines(missing),
                *[[N_("%(name)s placed with %(hp)d hit points."), {"name": objective_figures.label(o), "hp": o["hp"]}]
                  for o in marked])
