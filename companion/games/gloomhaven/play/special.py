"""The scenario's special rules carried out at their moment (the scenario
book; when each applies: `special_rules`): spawns, rooms opened, conditions
given to every character, elements set, damage, the scenario won or lost,
monster types that sit a round out, rules that stop. Rules the table can't
carry out (notes, changed stats, cards for the characters' own decks, a
figure the table doesn't track) are shown to everyone when they apply.

Spawns and opened rooms need standee numbers (and, during the turns, a
monster card) drawn at random: whichever action sets the rule off draws
them as it is carried out, in order, into its "special_draws" (read back in
the same order on replay).
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from contextvars import ContextVar

from companion.games.gloomhaven import catalog, conditions, elements, formulas, standees
from companion.games.gloomhaven.play import common, decks, objective_figures, waiting
from companion.games.gloomhaven.play.ending import finish
from companion.games.gloomhaven.play.placing import (
    damage_standee,
    deck_cards,
    join_mid_round,
    missing_lines,
    place_standees,
    reveal_room,
)
from companion.games.gloomhaven.special_rules import Moment, automated, due
from companion.kit.actions import Draws
from companion.rules import N_, ActionError

_POOL: ContextVar = ContextVar("gloomhaven_special_draws", default=None)
DRAWING_KINDS = ("spawn", "open_rooms")


# -- the draws -------------------------------------------------------------------------
class DrawingPool:
    """The draws the special rules make while one action is carried out, in
    order, through the action's draws (logged as "special_draws": drawn on
    the live server, read back on replay)."""

    def __init__(self, draws: Draws):
        self.series = draws.series("special_draws")

    def _next(self, key: str, draw) -> dict:
        drawn = self.series.take(draw)
        if not isinstance(drawn, dict) or key not in drawn:
            raise ActionError(N_("The special rule's standees were not drawn."), field="special_draws")
        return drawn

    def numbers(self, wanted: list[dict], state: dict) -> tuple[list, list]:
        def draw(rng: random.Random) -> dict:
            placed, missing = standees.draw_numbers(wanted, state["standees"], _counts(wanted), rng)
            return {"placed": placed, "missing": missing}
        drawn = self._next("placed", draw)
        return drawn["placed"], drawn.get("missing", [])

    def cards(self, state: dict, placed: list) -> dict:
        return self._next("cards", lambda rng: {"cards": deck_cards(state, placed, rng)})["cards"]


def _counts(wanted: list[dict]) -> dict[str, int]:
    return {w["monster"]: catalog.monster(w["monster"])["standees"] for w in wanted}


@contextmanager
def drawing(draws: Draws):
    """While an action is carried out: where the special rules it sets off draw."""
    token = _POOL.set(DrawingPool(draws))
    try:
        yield
    finally:
        _POOL.reset(token)


def _pool() -> DrawingPool:
    pool = _POOL.get()
    if pool is None:
        raise ActionError(N_("The special rule's standees were not drawn."), field="special_draws")
    return pool


# -- when ----------------------------------------------------------------------------------
def check(state: dict, checked: str) -> None:
    """Fire the rules due at this check ("round_start", "round_end", "during")."""
    scenario = catalog.scenario(state["scenario"])
    for number, rule in enumerate(scenario.get("rules", []), start=1):
        if state["phase"] in ("setup", "ended"):
            return
        moment = Moment(state["round"], frozenset(state["rooms"]), common.character_count(state),
                        frozenset(state.get("fired_rules", [])), frozenset(state.get("ended_rules", [])))
        if not due(number, rule, checked, moment):
            continue
        figures = [figure_check(state, c) for c in rule["when"].get("if", [])]
        if False in figures or (None in figures and checked == "during"):
            continue
        if rule["when"].get("once") and None not in figures:
            state.setdefault("fired_rules", []).append(number)
        if None in figures or not automated(rule, scenario):
            remind(state, rule)
        else:
            common.news(state, [N_("Special rule applied: %(text)s"), {"text": rule.get("text", "")}])
            for effect in rule["effects"]:
                apply_effect(state, rule, effect)


def remind(state: dict, rule: dict) -> None:
    common.news(state, [N_("Special rule: %(text)s"), {"text": rule.get("text", "")}])


# -- figures the rules name ("Door b", "City Guard 2", "Stone Golem") --------------------
def figure_check(state: dict, check: dict) -> bool | None:
    """Whether the check holds; None when the table doesn't track that figure."""
    label, wanted = check.get("figure", ""), check.get("is")
    present = {objective_figures.key(o) for o in objective_figures.on_map(state)} | \
        {common.standee_label(s) for s in state["standees"]}
    gone = set(state.get("gone", []))
    if wanted == "killed":  # every standee of the type named
        names = {catalog.monster_name(s["monster"]) for s in state["standees"]}
        killed = any(g.rsplit(" ", 1)[0] == label for g in gone)
        return killed and label not in names if _known_monster(state, label) else None
    if label not in present | gone and not _trackable(state, label):
        return None
    return label in present if wanted == "present" else label in gone if wanted == "dead" else None


def _known_monster(state: dict, name: str) -> bool:
    return name in {catalog.monster_name(m) for m in catalog.scenario(state["scenario"])["monsters"]}


def _trackable(state: dict, label: str) -> bool:
    """A figure not on the map yet that the table would track once placed."""
    tracked = {f"{o['name']} {o.get('marker', '')}".strip()
               for o in catalog.scenario(state["scenario"]).get("objectives", []) if o.get("hit_points")}
    name, _, number = label.rpartition(" ")
    return label in tracked or (number.isdigit() and _known_monster(state, name))


# -- effects ---------------------------------------------------------------------------------
def apply_effect(state: dict, rule: dict, effect: dict) -> None:
    EFFECTS[effect["kind"]](state, rule, effect)


def _spawn(state: dict, rule: dict, effect: dict) -> None:
    column = standees.placement_count(common.character_count(state))
    rank = effect.get("rank") or effect.get("by_characters", {}).get(column)
    if not rank:
        return
    wanted = [{"monster": effect["monster"], "rank": rank}] * effect["count"]
    pool = _pool()
    placed, missing = pool.numbers(wanted, state)
    added = place_standees(state, placed, coin=False)
    join_mid_round(state, added, pool.cards(state, placed))
    line = N_("Special rule: %(standees)s spawn at marker %(marker)s.") if effect.get("marker") \
        else N_("Special rule: %(standees)s spawn.")
    common.news(state, [line, {"standees": ", ".join(common.standee_label(s) for s in added) or "—",
                               "marker": effect.get("marker", "")}], *missing_lines(missing))


def _open_rooms(state: dict, rule: dict, effect: dict) -> None:
    rooms = {room["number"]: room for room in catalog.scenario(state["scenario"])["rooms"]}
    for number in effect.get("rooms", []):
        if number in state["rooms"] or number not in rooms:
            continue
        pool = _pool()
        placed, missing = pool.numbers(standees.placements(rooms[number], common.character_count(state)), state)
        reveal_room(state, rooms[number], placed, missing, pool.cards(state, placed))


def _condition(state: dict, rule: dict, effect: dict) -> None:
    for seat in common.acting_characters(state):
        who = state["characters"][seat]
        if effect["condition"] not in who["conditions"]:
            conditions.give(who, effect["condition"])


def _modifier_cards(state: dict, rule: dict, effect: dict) -> None:
    """"Add 3 curse cards to the modifier deck of each character": shuffled
    into each deck the table keeps (a curse or bless only up to its limit)."""
    for seat in common.acting_characters(state):
        decks.shuffle_in(state, seat, effect["card"], effect["count"])


def _element(state: dict, rule: dict, effect: dict) -> None:
    if effect.get("element") in elements.ELEMENTS and effect.get("state") in elements.STRENGTHS:
        state["elements"]["strength"][effect["element"]] = effect["state"]


def _damage(state: dict, rule: dict, effect: dict) -> None:
    value = effect.get("value")
    amount = formulas.evaluate(int(value) if str(value).isdigit() else value, common.character_count(state),
                               state["level"] or 0)
    if amount is None:
        remind(state, rule)
        return
    target = effect.get("to", "")
    working = [[N_("special rule: %(formula)s → %(value)d"), {"formula": str(effect.get("value")), "value": amount}]]
    if target in ("each character and summon", "every figure"):
        for seat in common.acting_characters(state):
            waiting.add(state, seat, None, amount, "scenario", "scenario", working)
            for summon in list(state["characters"][seat]["summons"]):
                waiting.suffer_summon(state, {"seat": seat, "summon": summon["id"], "name": summon["name"],
                                              "amount": amount})
        if target == "every figure":
            _damage_standees(state, state["standees"], amount)
            for objective in list(objective_figures.on_map(state)):
                objective_figures.damage(state, objective, amount)
        return
    objectives = [o for o in objective_figures.on_map(state) if objective_figures.key(o) == target]
    named = [s for s in state["standees"] if catalog.monster_name(s["monster"]) == target]
    if not objectives and not named:
        remind(state, rule)
        return
    for objective in objectives:
        objective_figures.damage(state, objective, amount)
    _damage_standees(state, named, amount)


def _damage_standees(state: dict, found: list[dict], amount: int) -> None:
    for standee in list(found):
        damage_standee(state, standee, amount)


def _finish(state: dict, rule: dict, effect: dict) -> None:
    won = effect.get("result") == "won"
    finish(state, "success" if won else "failure")


def _monster_sits_out(state: dict, rule: dict, effect: dict) -> None:
    ids = [m for m in catalog.scenario(state["scenario"])["monsters"] if catalog.monster_name(m) == effect.get("to")]
    inactive = state.setdefault("inactive", [])
    for monster_id in ids:
        if effect["kind"] == "monster_inactive" and monster_id not in inactive:
            inactive.append(monster_id)
        elif effect["kind"] == "monster_acts" and monster_id in inactive:
            inactive.remove(monster_id)


def _end_rules(state: dict, rule: dict, effect: dict) -> None:
    ended = state.setdefault("ended_rules", [])
    ended.extend(n for n in effect.get("rules", []) if n not in ended)


EFFECTS = {"spawn": _spawn, "open_rooms": _open_rooms, "condition": _condition, "element": _element,
           "damage": _damage, "finish": _finish, "monster_acts": _monster_sits_out,
           "monster_inactive": _monster_sits_out, "end_rules": _end_rules, "add_modifier_cards": _modifier_cards}
