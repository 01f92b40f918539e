"""Attacks, the monster modifier deck and the elements, during the turns.

A monster's attack draws from the monster modifier deck, a character's
(or its summon's) from the character's own deck (the server draws, while
the action is carried out); a group that shuffles real cards may say what
it drew instead. Either way the calculator shows every step.
"""

from __future__ import annotations

import copy

from companion.games.gloomhaven import (
    abilities,
    attacks,
    conditions,
    elements,
    modifiers,
)
from companion.games.gloomhaven.play import bonuses, common, damage, decks, objective_figures, waiting
from companion.games.gloomhaven.play.placing import (
    current_turn,
    damage_standee,
    shown_card,
)
from companion.kit.actions import Act
from companion.rules import N_, ActionError

KEPT_ATTACKS = 6
CARD_CHOICES = ("bless", "curse")


def attack_mode(attacker_conditions: dict, chosen: str) -> str:
    """Strengthen gives advantage, muddle disadvantage; both cancel (with
    the mode the players chose, e.g. a ranged attack on an adjacent target)."""
    sides = {chosen} | {"advantage" for c in ("strengthen",) if c in attacker_conditions} \
        | {"disadvantage" for c in ("muddle",) if c in attacker_conditions}
    sides.discard("normal")
    return sides.pop() if len(sides) == 1 else "normal"


def _target(state: dict, payload: dict) -> tuple[str, dict | None, str, dict]:
    """(seat, summon or None, name, figure) of the attack's target."""
    target = payload.get("target")
    if isinstance(target, str) and target in state["characters"]:
        who = state["characters"][target]
        if who["exhausted"]:
            raise ActionError(N_("%(name)s is exhausted."), field="target", name=who["name"])
        return target, None, who["name"], who
    seat, found = common.summon(state, target, field="target")
    return seat, found, found["name"], found


def _monster_attack_inputs(state: dict, payload: dict) -> tuple[dict, str]:
    attacker = common.standee(state, payload.get("standee"))
    mode = attack_mode(attacker["conditions"], common.choice(payload, "mode", modifiers.MODES, default="normal"))
    return attacker, mode


def monster_attack(act: Act) -> None:
    """A standee attacks a character or a summon: the drawn cards give the
    damage, the attack's conditions go on the target at once (whether or
    not it is hurt), and the damage waits for the character's player to
    take it or negate it (a summon takes it at once)."""
    state = act.state
    payload = act.payload
    attacker, mode = _monster_attack_inputs(state, payload)
    if "disarm" in attacker["conditions"] or "stun" in attacker["conditions"]:
        raise ActionError(N_("%(standee)s can't attack this turn (disarmed or stunned)."), field="standee",
                          standee=common.standee_label(attacker))
    seat, summon, name, target = _target(state, payload)
    if "invisible" in target["conditions"]:
        raise ActionError(N_("%(name)s is invisible: monsters can't target them."), field="target", name=name)
    effects = attack_effects(state, attacker, payload)
    # Drawn from a copy: the cards leave the deck below, one by one.
    cards = act.draws.take("cards", lambda rng: modifiers.draw_for_attack(copy.deepcopy(state["modifiers"]), mode, rng))
    if not isinstance(cards, list) or not cards:
        raise ActionError(N_("The modifier cards were not drawn."), field="cards")
    for code in cards:
        modifiers.take(state["modifiers"], code)
    chosen_bonus = payload.get("bonus") not in (None, "")
    bonus = common.whole(payload, "bonus", -99, 99) if chosen_bonus else effects["bonus"]
    result = attacks.calculate(
        common.whole(payload, "base", 0, 99), bonuses=[bonus] if bonus else [], cards=cards, mode=mode,
        shield=common.whole(payload, "shield", 0, 99, default=_defence(state, seat, summon)["shield"]),
        pierce=effects["pierce"],
        poisoned="poison" in target["conditions"])
    result["working"][0:1] = _card_attack_working(state, attacker, result["working"][0])
    if bonus and not chosen_bonus:
        result["working"].insert(1, [N_("the element it consumed gives %(bonus)+d"), {"bonus": bonus}])
    result["working"].append([N_("damage %(damage)d"), {"damage": result["damage"]}])
    answer = _retaliate_reach(state, payload, attacker, seat, summon, effects["range"])
    if answer is not None and answer["in_range"] is not None and not (summon is not None and result["damage"] >=
                                                                      summon["hp"]):  # a summon it kills doesn't
        result["working"].append(_reach_line(name, answer))
    label = common.standee_label(attacker)
    lines = _give_effects(state, seat, summon, name, label, effects)
    _record(state, label, name, mode, {**result, "effects": lines})
    common.news(state, [N_("%(attacker)s attacks %(target)s: %(damage)d damage."),
                        {"attacker": label, "target": name, "damage": result["damage"]}], *lines)
    if result["damage"] and summon is not None:
        damage.suffer(state, {"seat": seat, "summon": summon["id"], "name": name, "amount": result["damage"]})
    elif result["damage"]:
        waiting.add(state, seat, None, result["damage"], label, "attack", result["working"])
    act.draws.note("attacked", {"target": name, "damage": result["damage"]})  # for the history line
    if answer is not None:
        act.draws.note("retaliate", _retaliate_by_hand(state, seat, summon, name, attacker, answer))


def _defence(state: dict, seat: str, summon: dict | None) -> dict:
    """The target's shield and retaliate: a character's for the round, a summon's from its card."""
    return bonuses.active(state, seat) if summon is None else bonuses.summon_defence(summon)


def _retaliate_reach(state: dict, payload: dict, attacker: dict, seat: str, summon: dict | None,
                     attack_range: int) -> dict | None:
    """The retaliate the attacked character has this round (play/bonuses.py)
    or the attacked summon has from its card, and whether it reaches the attacker (`in_range`: what the table said, else
    the map, else a melee attack; None when the app can't know); None without one."""
    bonus = _defence(state, seat, summon)
    if not bonus["retaliate"]:
        return None
    said = payload.get("in_range")
    in_range, how, away = bonuses.reach_of(state, attacker["id"], seat if summon is None else summon["id"],
                                           bonus["range"], attack_range, said if isinstance(said, bool) else None)
    return {"value": bonus["retaliate"], "range": bonus["range"], "in_range": in_range, "how": how, "away": away}


REACH_LINES = {
    (True, "map"): N_("then %(name)s retaliates %(value)d (range %(range)d; %(away)d hexes away)"),
    (True, "melee"): N_("then %(name)s retaliates %(value)d (range %(range)d; a melee attack is made from the "
                        "next hex)"),
    (True, "said"): N_("then %(name)s retaliates %(value)d (range %(range)d; within it, as the table said)"),
    (False, "map"): N_("%(name)s's retaliate %(value)d doesn't reach it (range %(range)d, counted on the map)"),
    (False, "said"): N_("%(name)s's retaliate %(value)d doesn't reach it (range %(range)d; out of it, as the "
                        "table said)"),
}


def _reach_line(name: str, answer: dict) -> list:
    return [REACH_LINES[(answer["in_range"], answer["how"])],
            {"name": name, "value": answer["value"], "range": answer["range"], "away": answer["away"]}]


def _retaliate_by_hand(state: dict, seat: str, summon: dict | None, name: str, attacker: dict,
                       answer: dict) -> dict:
    """The retaliate after an attack entered by hand (rulebook, "Retaliate":
    X damage to an attacker within range, after the attack, none when the
    attack exhausts or kills the retaliating figure): done now, waiting with
    damage that could exhaust the character, none when it killed the summon,
    out of range, or (the app can't tell the distance) left to the table
    with a line saying so. What happened, for the history line."""
    value, reach = answer["value"], answer["range"]
    outcome = {True: "now", False: "out_of_range", None: "unknown"}[answer["in_range"]]
    if summon is not None and summon not in state["characters"][seat]["summons"]:
        outcome = "killed"  # the attack killed it: no retaliate
    elif outcome == "unknown":
        common.news(state, [N_("%(name)s has retaliate %(value)d (range %(range)d): the app can't tell whether "
                               "%(standee)s attacked from within %(range)d hexes. If it did, take %(value)d hit "
                               "points off it by hand."),
                            {"name": name, "value": value, "range": reach,
                             "standee": common.standee_label(attacker)}])
    elif outcome == "out_of_range":
        common.news(state, [N_("%(standee)s is out of the range %(range)d of %(name)s's retaliate."),
                            {"name": name, "range": reach, "standee": common.standee_label(attacker)}])
    elif summon is not None:  # its damage is taken at once: it stands
        bonuses.retaliate_on(state, name, attacker, value)
    elif not bonuses.answer_attack(state, seat, name, attacker, value):
        outcome = "waits"
    return {"value": value, "range": reach, "outcome": outcome}


GIVEN = {"poison": N_("%(name)s is poisoned."), "wound": N_("%(name)s is wounded."),
         "immobilize": N_("%(name)s is immobilized."), "disarm": N_("%(name)s is disarmed."),
         "stun": N_("%(name)s is stunned."), "muddle": N_("%(name)s is muddled.")}


def attack_effects(state: dict, attacker: dict, payload: dict) -> dict:
    """The attack's pierce, push, pull and conditions: what the payload
    says, else what the standee's ability card (and stat card) give its rank."""
    from_card = card_attack(state, attacker)
    effects = {key: common.whole(payload, key, 0, 99, default=from_card[key])
               for key in ("pierce", "push", "pull")}
    effects["bonus"], effects["consumed"], effects["range"] = from_card["bonus"], from_card["consumed"], \
        from_card["range"]
    written = payload.get("conditions")
    if written is None:
        effects["conditions"] = from_card["conditions"]
        return effects
    named = str(written).replace(",", " ").split()
    for condition in named:
        if condition not in conditions.ATTACK_CONDITIONS:
            raise ActionError(N_("“%(name)s” is not a condition an attack gives."), field="conditions",
                              name=condition[:20])
    effects["conditions"] = sorted(set(named))
    return effects


def card_attack(state: dict, attacker: dict) -> dict:
    """The first attack on the standee's ability card this round, for its
    rank (with the stat card's extras); the stat card alone without one."""
    rank = attacker["rank"]
    by_rank = {rank: common.stats(state, attacker["monster"], rank)}
    card = shown_card(state, attacker["monster"]) if state["phase"] == "playing" else None
    attack = next((a for a in (card or {}).get("actions", []) if a["kind"] == "attack"), {"kind": "attack", "delta": 0})
    resolved = abilities.resolve_action(attack, by_rank)
    found = {"pierce": (resolved.get("pierce") or {}).get(rank) or 0,
             "push": (resolved.get("push") or {}).get(rank) or 0,
             "pull": (resolved.get("pull") or {}).get(rank) or 0,
             "conditions": [c for c in (resolved.get("conditions_by_rank") or {}).get(rank, [])
                            if c in conditions.ATTACK_CONDITIONS],
             "range": (resolved.get("range") or {}).get(rank) or 0, "bonus": 0, "consumed": []}
    _add_consumed_gains(state, attacker, attack, found)
    return found


def _add_consumed_gains(state: dict, attacker: dict, attack: dict, found: dict) -> None:
    """What the elements the standee consumed this turn add to its attack
    ("Consume ice: +2 Attack, stun"): the first of its type to act consumed
    them (monsters always consume when they can), so only it gains. Other
    gains are shown on the card for the table, or go into the map's turn
    (range, targets, an area) and the self-heal."""
    consumed = state.get("consumed") or {}
    if consumed.get("standee") != attacker["id"]:
        return
    for consume in attack.get("consume", []):
        if consume.get("element") not in consumed.get("elements", []):
            continue
        found["consumed"].append(consume["element"])
        for gain in consume.get("gives", []):
            if gain["kind"] == "attack" and isinstance(gain.get("delta"), int):
                found["bonus"] += gain["delta"]
                found["conditions"] = sorted(set(found["conditions"]) | {
                    c for c in gain.get("conditions", []) if c in conditions.ATTACK_CONDITIONS})
            elif gain["kind"] in ("pierce", "push", "pull") and isinstance(gain.get("value"), int):
                found[gain["kind"]] += gain["value"]
            elif gain["kind"] == "condition" and not gain.get("affects"):
                found["conditions"] = sorted(set(found["conditions"]) | {
                    c for c in gain.get("conditions", []) if c in conditions.ATTACK_CONDITIONS})


def _give_effects(state: dict, seat: str, summon: dict | None, name: str, attacker: str, effects: dict) -> list:
    """The attack's conditions on the target (one of each at most; a curse
    goes into the modifier deck the target draws from) and its push or pull,
    which the players make on the map."""
    figure = summon if summon is not None else state["characters"][seat]
    lines = []
    for condition in effects["conditions"]:
        if condition == "curse":
            lines.append(decks.curse(state, seat))
        elif condition not in figure["conditions"]:
            conditions.give(figure, condition)
            lines.append([GIVEN[condition], {"name": name}])
    if effects["push"]:
        lines.append([N_("Push %(value)d: move %(name)s %(value)d hexes, each one farther from %(attacker)s."),
                      {"value": effects["push"], "name": name, "attacker": attacker}])
    if effects["pull"]:
        lines.append([N_("Pull %(value)d: move %(name)s %(value)d hexes, each one closer to %(attacker)s."),
                      {"value": effects["pull"], "name": name, "attacker": attacker}])
    return lines


def character_attack(act: Act) -> None:
    """A character (or summon) attacks a standee or an objective with the cards its player drew."""
    state = act.state
    payload = act.payload
    seat = payload.get("seat") or act.seat_id
    who = common.character(state, seat)
    attacker_name, conditions_now, summon = who["name"], who["conditions"], None
    if payload.get("summon"):
        seat, summon = common.summon(state, payload["summon"])
        attacker_name, conditions_now = summon["name"], summon["conditions"]
    if "disarm" in conditions_now or "stun" in conditions_now:
        raise ActionError(N_("%(name)s can't attack this turn (disarmed or stunned)."), field="standee",
                          name=attacker_name)
    if str(payload.get("standee")).startswith("objective"):
        target, stats = objective_figures.find(state, payload["standee"], field="standee"), {}
        label, shield = objective_figures.label(target), 0
    else:
        target = common.standee(state, payload.get("standee"))
        stats, label = common.stats(state, target["monster"], target["rank"]), common.standee_label(target)
        shield = (stats.get("shield") or 0) + _card_shield(state, target)
    mode = attack_mode(conditions_now, common.choice(payload, "mode", modifiers.MODES, default="normal"))
    cards = str(payload.get("cards") or "").replace(",", " ").split()
    owner = state["characters"][seat]
    if cards:  # the group shuffles real cards: what the player says they drew
        drawn_line = [N_("cards drawn by hand: %(cards)s"), {"cards": " ".join(cards)}]
    else:
        cards = decks.draw_for_attack(act.draws, owner, mode)
        drawn_line = [N_("drawn by the app from %(name)s's deck: %(cards)s (%(left)d left)"),
                      {"name": owner["name"], "cards": " ".join(cards), "left": modifiers.pile_size(owner["deck"])}]
    result = attacks.calculate(
        common.whole(payload, "base", 0, 99), bonuses=_bonuses(payload),
        doubled=common.flag(payload, "doubled"), cards=cards, mode=mode, shield=shield,
        pierce=common.whole(payload, "pierce", 0, 99, default=0), poisoned="poison" in target["conditions"],
        drawn_line=drawn_line)
    result["working"].append([N_("damage %(damage)d"), {"damage": result["damage"]}])
    result["drawn"] = cards
    _record(state, attacker_name, label, mode, result)
    common.news(state, [N_("%(attacker)s attacks %(target)s: %(damage)d damage."),
                        {"attacker": attacker_name, "target": label, "damage": result["damage"]}])
    if not stats:  # an objective: no shield, no retaliate
        objective_figures.damage(state, target, result["damage"])
        return
    damage_standee(state, target, result["damage"])
    if target in state["standees"]:  # a standee the attack killed doesn't retaliate (the seed)
        for value, reach, working in retaliates(state, target, stats):
            waiting.add(state, seat, summon, value, label, "retaliate", working, reach)
            common.news(state, [N_("%(standee)s retaliates %(value)d on %(name)s if within range %(range)d."),
                                {"standee": label, "value": value, "name": attacker_name, "range": reach}])


def retaliates(state: dict, target: dict, stats: dict) -> list[tuple[int, int, list]]:
    """Each retaliate the standee has now (its stat card's, its ability
    card's), as (value, range, working): they stack, each with its own range."""
    label = common.standee_label(target)
    found = []
    if stats.get("retaliate"):
        value, reach = stats["retaliate"]["value"], stats["retaliate"]["range"]
        found.append((value, reach, [[N_("retaliate %(value)d, range %(range)d, on %(standee)s's stat card"),
                                      {"value": value, "range": reach, "standee": label}]]))
    card = shown_card(state, target["monster"]) if state["phase"] == "playing" else None
    for action in (card or {}).get("actions", []):
        if action["kind"] == "retaliate" and isinstance(action.get("value"), int) and \
                action.get("affects", {}).get("who", "self") == "self":
            value, reach = action["value"], action.get("range", 1)
            found.append((value, reach, [[N_("retaliate %(value)d, range %(range)d, on its ability card this round"),
                                          {"value": value, "range": reach}]]))
    for gain in consumed_gains(state, target, (card or {}).get("actions", []), "retaliate"):
        value, reach = gain["value"], gain.get("range", 1)
        found.append((value, reach, [[N_("retaliate %(value)d, range %(range)d, from the element it consumed"),
                                      {"value": value, "range": reach}]]))
    return found


def _card_attack_working(state: dict, attacker: dict, base_line: list) -> list:
    """When the attack is the card's own, say where its number comes from:
    "base attack 4 = 3 on the stat card +1 on this card"."""
    card = shown_card(state, attacker["monster"])
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
    """Shield the standee's ability card gives it this round, with what an
    element it consumed this round adds ("consume ice: shield 2 instead")."""
    card = shown_card(state, target["monster"]) if state["phase"] == "playing" else None
    total = 0
    for action in (card or {}).get("actions", []):
        if action["kind"] == "shield" and isinstance(action.get("value"), int) and \
                action.get("affects", {}).get("who", "self") == "self":
            value = action["value"]
            for gain in consumed_gains(state, target, action.get("consume", []), "shield"):
                value = gain["value"] if gain.get("instead") else value + gain["value"]
            total += value
    return total + sum(g["value"] for g in consumed_gains(state, target, (card or {}).get("actions", []), "shield"))


def consumed_gains(state: dict, standee: dict, actions: list, kind: str) -> list[dict]:
    """The `kind` gains ({"value": n}) of the consume actions among
    `actions` whose element `standee` consumed this round."""
    taken = (state.get("consumed_round") or {}).get(standee["id"], [])
    return [gain for action in actions if action["kind"] == "consume" and action.get("element") in taken
            for gain in action.get("gives", []) if gain["kind"] == kind and isinstance(gain.get("value"), int)]


def _record(state: dict, attacker: str, target: str, mode: str, result: dict) -> None:
    state["attacks"] = [{"attacker": attacker, "target": target, "mode": mode, **result}] + \
        state["attacks"][:KEPT_ATTACKS - 1]


def add_card(act: Act) -> None:
    """Shuffle a bless or curse into the monster deck."""
    state = act.state
    card = common.choice(act.payload, "card", CARD_CHOICES)
    limit = state["curse_limit"] if card == "curse" else state["bless_limit"]
    modifiers.add_card(state["modifiers"], card, limit)


def remove_card(act: Act) -> None:
    """Take a bless or curse out of the monster deck."""
    modifiers.remove_card(act.state["modifiers"], common.choice(act.payload, "card", CARD_CHOICES))


def infuse(act: Act) -> None:
    state = act.state
    elements.infuse(state["elements"], act.payload.get("element"))


def consume(act: Act) -> None:
    """Consume an element; during a monster type's turn it is noted as the
    players' choice for that type's card (a wild element is chosen once)."""
    state = act.state
    element = act.payload.get("element")
    elements.consume(state["elements"], element)
    turn, consumed = current_turn(state), state.get("consumed") or {}
    if turn and turn["kind"] == "monster" and consumed.get("monster") == turn["id"]:
        consumed.setdefault("by_hand", []).append(element)
