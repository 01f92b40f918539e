"""Attacks, the monster modifier deck and the elements, during the turns.

A monster's attack draws from the monster modifier deck (the server draws,
in `prepare`); a character's attack uses the cards its player drew from
their own deck and says so. Either way the calculator shows every step.
"""

from __future__ import annotations

import copy
import random

from companion.games.gloomhaven import attacks, elements, modifiers
from companion.games.gloomhaven.play import common
from companion.games.gloomhaven.play.figures import damage
from companion.rules import N_, Action, ActionError

KEPT_ATTACKS = 6
CARD_CHOICES = ("bless", "curse")


def attack_mode(attacker_conditions: dict, chosen: str) -> str:
    """Strengthen gives advantage, muddle disadvantage; both cancel (with
    the mode the players chose, e.g. a ranged attack on an adjacent target)."""
    sides = {chosen} | {"advantage" for c in ("strengthen",) if c in attacker_conditions} \
        | {"disadvantage" for c in ("muddle",) if c in attacker_conditions}
    sides.discard("normal")
    return sides.pop() if len(sides) == 1 else "normal"


def _target(state: dict, payload: dict) -> tuple[str, dict]:
    target = payload.get("target")
    if isinstance(target, str) and target in state["characters"]:
        return state["characters"][target]["name"], state["characters"][target]
    name_and_summon = common.summon(state, target, field="target")[1]
    return name_and_summon["name"], name_and_summon


def _monster_attack_inputs(state: dict, payload: dict) -> tuple[dict, str]:
    attacker = common.standee(state, payload.get("standee"))
    mode = attack_mode(attacker["conditions"], common.choice(payload, "mode", modifiers.MODES, default="normal"))
    return attacker, mode


def prepare_monster_attack(state: dict, action: Action, rng: random.Random) -> dict:
    if state["phase"] != "playing":
        return {}
    _, mode = _monster_attack_inputs(state, action.payload)
    deck = copy.deepcopy(state["modifiers"])  # drawn on a copy: apply takes the same cards
    return {"cards": modifiers.draw_for_attack(deck, mode, rng)}


def monster_attack(state: dict, action: Action) -> None:
    payload = action.payload
    attacker, mode = _monster_attack_inputs(state, payload)
    if "disarm" in attacker["conditions"] or "stun" in attacker["conditions"]:
        raise ActionError(N_("%(standee)s can't attack this turn (disarmed or stunned)."), field="standee",
                          standee=common.standee_label(attacker))
    name, target = _target(state, payload)
    cards = payload.get("cards")
    if not isinstance(cards, list) or not cards:
        raise ActionError(N_("The modifier cards were not drawn."), field="cards")
    for code in cards:
        modifiers.take(state["modifiers"], code)
    result = attacks.calculate(
        common.whole(payload, "base", 0, 99), bonuses=_bonuses(payload), cards=cards, mode=mode, shield=common.whole(payload, "shield", 0, 99, default=0),
        pierce=common.whole(payload, "pierce", 0, 99, default=0), poisoned="poison" in target["conditions"])
    result["working"][0:1] = _card_attack_working(state, attacker, result["working"][0])
    _record(state, common.standee_label(attacker), name, mode, result)
    common.news(state, [N_("%(attacker)s attacks %(target)s: %(damage)d damage (take it, or lose cards instead)."),
                        {"attacker": common.standee_label(attacker), "target": name, "damage": result["damage"]}])


def character_attack(state: dict, action: Action) -> None:
    """A character (or summon) attacks a standee with the cards its player drew."""
    payload = action.payload
    seat = payload.get("seat") or action.seat
    who = common.character(state, seat)
    attacker_name = who["name"]
    conditions_now = who["conditions"]
    if payload.get("summon"):
        owner, found = common.summon(state, payload["summon"])
        attacker_name, conditions_now = found["name"], found["conditions"]
    if "disarm" in conditions_now or "stun" in conditions_now:
        raise ActionError(N_("%(name)s can't attack this turn (disarmed or stunned)."), field="standee",
                          name=attacker_name)
    target = common.standee(state, payload.get("standee"))
    mode = attack_mode(conditions_now, common.choice(payload, "mode", modifiers.MODES, default="normal"))
    cards = str(payload.get("cards") or "").replace(",", " ").split()
    stats = common.stats(state, target["monster"], target["rank"])
    shield = (stats.get("shield") or 0) + _card_shield(state, target)
    result = attacks.calculate(
        common.whole(payload, "base", 0, 99), bonuses=_bonuses(payload),
        doubled=common.flag(payload, "doubled"), cards=cards, mode=mode, shield=shield,
        pierce=common.whole(payload, "pierce", 0, 99, default=0), poisoned="poison" in target["conditions"])
    label = common.standee_label(target)
    _record(state, attacker_name, label, mode, result)
    common.news(state, [N_("%(attacker)s attacks %(target)s: %(damage)d damage."),
                        {"attacker": attacker_name, "target": label, "damage": result["damage"]}])
    retaliate = stats.get("retaliate")
    damage(state, target, result["damage"])
    if retaliate and target in state["standees"]:
        state["news"].append([N_("Retaliate %(value)d (range %(range)d) if the attacker is within reach."),
                              {"value": retaliate["value"], "range": retaliate["range"]}])


def _card_attack_working(state: dict, attacker: dict, base_line: list) -> list:
    """When the attack is the card's own, say where its number comes from:
    "base attack 4 = 3 on the stat card +1 on this card"."""
    from companion.games.gloomhaven.play.rounds import _card
    card = _card(state, attacker["monster"])
    attack = next((a for a in (card or {}).get("actions", []) if a["kind"] == "attack" and "delta" in a), None)
    if attack is None:
        return [base_line]
    stat = common.stats(state, attacker["monster"], attacker["rank"])["attack"]
    if stat + attack["delta"] != base_line[1]["value"]:
        return [base_line]
    return [[N_("base attack %(value)d = %(stat)d on the stat card %(delta)+d on this card"),
             {"value": stat + attack["delta"], "stat": stat, "delta": attack["delta"]}]]


def _bonuses(payload: dict) -> list[int]:
    """The attack's own +X (none shown when it is 0)."""
    bonus = common.whole(payload, "bonus", -99, 99, default=0)
    return [bonus] if bonus else []


def _card_shield(state: dict, target: dict) -> int:
    """Shield the standee's ability card gives it this round."""
    from companion.games.gloomhaven.play.rounds import _card
    card = _card(state, target["monster"]) if state["phase"] == "playing" else None
    return sum(a.get("value", 0) for a in (card or {}).get("actions", []) if a["kind"] == "shield"
               and isinstance(a.get("value"), int) and a.get("affects", {}).get("who", "self") == "self")


def _record(state: dict, attacker: str, target: str, mode: str, result: dict) -> None:
    state["attacks"] = [{"attacker": attacker, "target": target, "mode": mode, **result}] + \
        state["attacks"][:KEPT_ATTACKS - 1]


def change_deck(state: dict, action: Action) -> None:
    """Shuffle a bless or curse into the monster deck, or take one out."""
    card = common.choice(action.payload, "card", CARD_CHOICES)
    if action.type == "modifier.add":
        limit = state["curse_limit"] if card == "curse" else state["bless_limit"]
        modifiers.add_card(state["modifiers"], card, limit)
    else:
        modifiers.remove_card(state["modifiers"], card)


def infuse(state: dict, action: Action) -> None:
    elements.infuse(state["elements"], action.payload.get("element"))


def consume(state: dict, action: Action) -> None:
    elements.consume(state["elements"], action.payload.get("element"))
