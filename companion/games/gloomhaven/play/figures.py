"""Figures on the map: monster standees (added by hand for summons, spawns
and bosses; damage, heals, conditions, death), the characters (hit points,
experience, coins, conditions, exhaustion) and their summons."""

from __future__ import annotations

import copy

from companion.games.gloomhaven import catalog, conditions, monsters, summon_cards
from companion.games.gloomhaven.flow import exhaust
from companion.games.gloomhaven.play import bonuses, common
from companion.games.gloomhaven.play.placing import (
    acting_standee,
    current_turn,
    damage_standee,
    join_mid_round,
    new_deck_cards,
    place_standees,
    remove_standee,
)
from companion.kit.actions import Act
from companion.rules import N_, ActionError

MAX_SUMMONS = 8


# -- standees ----------------------------------------------------------------------------
def _rank(state: dict, payload: dict) -> tuple[str, str]:
    monster_id = payload.get("monster")
    monster = catalog.monster(monster_id)
    return monster_id, common.choice(payload, "rank", monsters.ranks_of(monster))


def add_standee(act: Act) -> None:
    """A standee placed by hand (summoned or spawned): no coin when it dies."""
    state = act.state
    monster_id, rank = _rank(state, act.payload)
    summoned = common.flag(act.payload, "summoned")
    placed, missing = common.standee_numbers(act.draws, [{"monster": monster_id, "rank": rank}], state["standees"],
                                             keep_missing=False)
    if missing:
        raise ActionError(N_("Every %(monster)s standee is on the map."), field="monster",
                          monster=catalog.monster_name(monster_id))
    if not isinstance(placed, list) or len(placed) != 1:
        raise ActionError(N_("The standee's number was not drawn."), field="monster")
    cards = new_deck_cards(act.draws, state, placed)
    added = place_standees(state, placed, coin=False, summoned_round=state["round"] if summoned else 0)
    join_mid_round(state, added, cards)
    common.news(state, [N_("%(standee)s placed."), {"standee": common.standee_label(added[0])}])


def take_off(act: Act) -> None:
    state = act.state
    found = common.standee(state, act.payload.get("standee"))
    remove_standee(state, found, died=False)


def adjust_standee(act: Act) -> None:
    """Damage (negative) or heal (positive) a standee; at 0 it dies."""
    state = act.state
    found = common.standee(state, act.payload.get("standee"))
    delta = common.whole(act.payload, "delta", -common.MAX_NUMBER, common.MAX_NUMBER)
    if delta > 0:
        working = conditions.heal(found, delta, found["max_hp"])
        common.news(state, [N_("%(standee)s healed."), {"standee": common.standee_label(found)}], *working)
    else:
        damage_standee(state, found, -delta)


def standee_condition(act: Act) -> None:
    """Toggle a condition on a standee; immunities are refused with the reason."""
    state = act.state
    found = common.standee(state, act.payload.get("standee"))
    condition = act.payload.get("condition")
    if isinstance(condition, str) and condition in found["conditions"]:
        conditions.remove(found, condition)
        return
    immunities = catalog.monster(found["monster"]).get("immunities", [])
    found["name"] = common.standee_label(found)
    try:
        conditions.give(found, condition, immunities, own_turn=is_acting(state, found["id"]))
    finally:
        del found["name"]


def is_acting(state: dict, figure_id: str) -> bool:
    """Whether it is `figure_id`'s turn (a seat, a summon or a standee id)."""
    turn = current_turn(state)
    if turn is None:
        return False
    if turn["kind"] == "monster":
        standee = acting_standee(state)
        return standee is not None and standee["id"] == figure_id
    return turn["id"] == figure_id


# -- characters ------------------------------------------------------------------------------
FIELDS = ("hp", "xp", "coins")


def _whose(state: dict, act: Act) -> tuple[str, dict]:
    seat = act.payload.get("seat") or act.seat_id
    return seat, common.character(state, seat)


def adjust_character(act: Act) -> None:
    """Hit points (heals capped at the maximum), experience or coins."""
    state = act.state
    seat, who = _whose(state, act)
    if who["exhausted"]:
        raise ActionError(N_("%(name)s is exhausted."), field="seat", name=who["name"])
    field = common.choice(act.payload, "field", FIELDS)
    delta = common.whole(act.payload, "delta", -common.MAX_NUMBER, common.MAX_NUMBER)
    if field == "hp" and delta > 0:
        common.news(state, *conditions.heal(who, delta, who["max_hp"]))
        return
    if who[field] + delta < 0 and field != "hp":
        raise ActionError(N_("That would go below zero."), field="delta")
    who[field] += delta
    if field == "hp" and who["hp"] <= 0:
        exhaust(state, seat)


def exhaust_by_hand(act: Act) -> None:
    state = act.state
    seat, who = _whose(state, act)
    if who["exhausted"]:
        raise ActionError(N_("%(name)s is exhausted."), field="seat", name=who["name"])
    exhaust(state, seat)
    if state["phase"] == "choosing" and state["chosen"] and \
            set(common.acting_characters(state)) <= set(state["chosen"]):
        raise ActionError(N_("Everyone else has chosen: exhaust after the cards are shown."), field="seat")


def character_condition(act: Act) -> None:
    state = act.state
    seat, who = _whose(state, act)
    condition = act.payload.get("condition")
    target = who
    if act.payload.get("summon"):
        target = common.summon(state, act.payload["summon"])[1]
    if isinstance(condition, str) and condition in target["conditions"]:
        conditions.remove(target, condition)
    else:
        conditions.give(target, condition, own_turn=is_acting(state, act.payload.get("summon") or seat))


# -- summons ------------------------------------------------------------------------------------
def add_summon(act: Act) -> None:
    state = act.state
    _seat, who = _whose(state, act)
    # Picked from the class's cards: their stats, each replaced by one typed.
    card = summon_cards.picked(who, act.payload["from_card"]) if act.payload.get("from_card") else {}
    count = card.get("count", 1) if card else 1  # a card that summons two or three alike
    if len(who["summons"]) + count > MAX_SUMMONS:
        raise ActionError(N_("At most %(max)d summons."), field="name", max=MAX_SUMMONS)
    given = {**card, **{key: value for key, value in act.payload.items() if value not in (None, "")}}
    hit_points = common.whole(given, "hp", 1, 99)
    name = common.text(given, "name")
    summon = {"id": f"summon{state['next_summon']}", "name": name, "hp": hit_points,
              "max_hp": hit_points, "conditions": {}, "summoned_round": state["round"]}
    stats = {key: given.get(key) for key in ("move", "attack", "range")}
    if stats["move"] is not None or stats["attack"] is not None:
        # Its own stats: the map works out its turns (Move +0, Attack +0).
        summon["stats"] = {key: value or 0 for key, value in stats.items()}
        summon["stats"]["flying"] = common.flag(act.payload, "flying") or bool(card.get("flying"))
        summon["stats"].update({key: card[key] for key in ("pierce", "conditions") if card.get(key)})
    summon.update(bonuses.summon_defence_from(given))
    for number in range(1, count + 1):  # several alike are told apart by number
        one = copy.deepcopy(summon) if count > 1 else summon
        one["id"] = f"summon{state['next_summon']}"
        if count > 1:
            one["name"] = f"{name} {number}"
        who["summons"].append(one)
        state["next_summon"] += 1
    if card:  # for the history line
        act.draws.note("summoned", {"name": name, "hp": hit_points, **({"count": count} if count > 1 else {})})


def adjust_summon(act: Act) -> None:
    state = act.state
    seat, found = common.summon(state, act.payload.get("summon"))
    delta = common.whole(act.payload, "delta", -common.MAX_NUMBER, common.MAX_NUMBER)
    if delta > 0:
        common.news(state, *conditions.heal(found, delta, found["max_hp"]))
        return
    found["hp"] += delta
    if found["hp"] <= 0:
        state["characters"][seat]["summons"].remove(found)
        state["news"].append([N_("%(name)s is gone."), {"name": found["name"]}])


def remove_summon(act: Act) -> None:
    state = act.state
    seat, found = common.summon(state, act.payload.get("summon"))
    state["characters"][seat]["summons"].remove(found)
