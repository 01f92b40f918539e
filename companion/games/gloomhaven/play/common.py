"""Small helpers every part of the scenario uses: reading payload fields,
finding figures, a standee's stats at this scenario's level, and the news
line that tells every phone what the last action did."""

from __future__ import annotations

from companion.games.gloomhaven import catalog, monsters, standees
from companion.games.gloomhaven.level import clamp_level
from companion.kit.actions import Draws
from companion.kit.fields import Bool, clean_text, whole_number
from companion.rules import N_, ActionError

MAX_NUMBER = 999


# -- payload fields ---------------------------------------------------------------------
# The platform has typed every payload by its declaration (rules.py); these
# read a field with its default, refusing what a declaration leaves open.
# A declared field left out is present as None: its default stands.
def whole(payload: dict, name: str, low: int = -MAX_NUMBER, high: int = MAX_NUMBER, default=None) -> int:
    value = payload.get(name)
    if value is None or value == "":
        value = default
    if value is None or value == "":
        raise ActionError(N_("Enter a whole number."), field=name)
    return whole_number(value, name, low, high)


def choice(payload: dict, name: str, choices, default=None) -> str:
    value = payload.get(name)
    if value is None:
        value = default
    if not isinstance(value, str) or value not in choices:
        raise ActionError(N_("Choose one of the options."), field=name)
    return value


def flag(payload: dict, name: str) -> bool:
    value = payload.get(name)
    return False if value in (None, "", False) else Bool(name).parse(value)


def text(payload: dict, name: str, max_length: int = 40) -> str:
    value = " ".join(clean_text(payload.get(name) or "", name, max_length=max_length).split())
    if not value:
        raise ActionError(N_("Write a name."), field=name)
    return value


# -- draws ------------------------------------------------------------------------------
def standee_numbers(draws: Draws, wanted: list[dict], on_map: list[dict], keep_missing: bool = True) -> tuple[list,
                                                                                                              list]:
    """Standee numbers for `wanted` ({monster, rank} each) drawn from those
    not on the map, logged as "placed" (and "missing": the standees short)."""
    counts = {w["monster"]: catalog.monster(w["monster"])["standees"] for w in wanted}
    short: list = []

    def numbers(rng) -> list:
        placed, missing = standees.draw_numbers(wanted, on_map, counts, rng)
        short.extend(missing)
        return placed

    placed = draws.take("placed", numbers)
    return placed, (draws.take("missing", lambda rng: short) if keep_missing else short)


# -- what happened -----------------------------------------------------------------------
def news(state: dict, *lines) -> None:
    """Say what this action did, on every phone ([msgid, params] lines; the
    rules clear the lines before each action)."""
    state["news"].extend(list(line) for line in lines)


# -- figures ----------------------------------------------------------------------------
def character(state: dict, seat_id: object, field: str = "seat") -> dict:
    if not isinstance(seat_id, str) or seat_id not in state["characters"]:
        raise ActionError(N_("That seat has no character."), field=field)
    return state["characters"][seat_id]


def acting_characters(state: dict) -> list[str]:
    """Seats whose characters still take part (not exhausted), in seat order."""
    return [seat for seat, c in state["characters"].items() if not c["exhausted"]]


def standee(state: dict, standee_id: object, field: str = "standee") -> dict:
    for found in state["standees"]:
        if found["id"] == standee_id:
            return found
    raise ActionError(N_("That standee is not on the map."), field=field)


def summon(state: dict, summon_id: object, field: str = "summon") -> tuple[str, dict]:
    for seat, who in state["characters"].items():
        for found in who["summons"]:
            if found["id"] == summon_id:
                return seat, found
    raise ActionError(N_("No such summon."), field=field)


def character_count(state: dict) -> int:
    return max(1, len(state["characters"]))


def monster_level(state: dict, monster_id: str) -> int:
    bonus = catalog.scenario(state["scenario"]).get("level_bonus", {}).get(monster_id, 0)
    return clamp_level(state["values"]["monster_level"]["value"] + bonus)


def stats(state: dict, monster_id: str, rank: str) -> dict:
    return monsters.stats_at(catalog.monster(monster_id), monster_level(state, monster_id), rank,
                             character_count(state))


def standee_label(found: dict) -> str:
    return f"{catalog.monster_name(found['monster'])} {found['number']}"


def types_on_map(state: dict) -> list[str]:
    return sorted({s["monster"] for s in state["standees"]})


def decks_in_play(state: dict) -> list[str]:
    return sorted({catalog.deck_of(m) for m in types_on_map(state)})


def consumed_by(state: dict, found: dict) -> list[str]:
    """The elements standee `found` consumed this round: the first of its type
    to act takes them as its turn starts (monsters always consume when they
    can), and the table keeps them for the round; others of its type gain nothing."""
    taken = list((state.get("consumed_round") or {}).get(found["id"], []))
    consumed = state.get("consumed") or {}
    if consumed.get("standee") == found["id"]:
        taken += [e for e in consumed.get("elements", []) if e not in taken]
    return taken
