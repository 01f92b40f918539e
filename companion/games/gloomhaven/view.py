"""What the pages show, worked out from the state for one viewer: names,
each monster type's stats and resolved card, whose turn it is and what is
next, every standee's numbers (`present`, the view's "shown"), and every
number the pages show with its working in the kit's one shape
(`worked_numbers`, the view's "working"). Plain JSON (the API's state
answer carries it too); the templates only lay it out."""

from __future__ import annotations

from functools import lru_cache

from companion.games.gloomhaven import (
    abilities,
    areas,
    catalog,
    character_decks,
    elements,
    modifiers,
    monsters,
    objectives,
    special_rules,
    summon_cards,
)
from companion.games.gloomhaven.campaign import deck as perk_cards
from companion.games.gloomhaven.names import Named
from companion.games.gloomhaven.play import common, objective_figures, waiting
from companion.games.gloomhaven.play.combat import card_attack
from companion.games.gloomhaven.play.placing import (
    acting_standee,
    current_turn,
    openable_rooms,
    type_initiative,
)
from companion.kit.alike import alike
from companion.kit.now import now
from companion.kit.working import line, worked
from companion.rules import N_

STAT_EXTRAS = ("shield", "retaliate", "pierce", "targets", "conditions", "specials", "advantage")


def present(state: dict, seat_id: str | None) -> dict:
    """What the pages show: the same for every seat but the seat's own goals,
    deck and summon cards (worked out once per version for all the seats
    while the platform renders it, kit.alike)."""
    mine = {"goals": _my_goals(state, seat_id), "my_deck": _my_deck(state, seat_id),
            "my_summon_cards": _my_summon_cards(state, seat_id)}
    alike_part = alike(state, "shown", lambda: _shown_alike(state))
    return {key: mine[key] if key in mine else alike_part[key] for key in SHOWN}


#: The keys of `present`'s answer in their order (the API's state answer carries them).
SHOWN = ("monster_deck", "scenario_name", "scenario_rules", "objectives", "objectives_on_map", "rooms_in_data",
         "openable_rooms", "classes", "turns", "acting", "monster_types", "addable_monsters", "goals", "waiting_for",
         "my_deck", "my_summon_cards", "numbers", "attacks", "modifier_counts")


def _shown_alike(state: dict) -> dict:
    found = catalog.scenario(state["scenario"])
    return {
        "monster_deck": modifiers.mix_text(modifiers.mix_of(state["modifiers"])) if state["phase"] == "setup" else "",
        "scenario_name": found["name"],
        "scenario_rules": [{"text": rule["text"], "automated": special_rules.automated(rule, found)}
                           for rule in found.get("rules", []) if rule.get("text")],
        "objectives": _objectives(state, found),
        "objectives_on_map": _objectives_on_map(state),
        "rooms_in_data": found.get("rooms_in_data", True),
        "openable_rooms": ([room["number"] for room in openable_rooms(state)]
                           if state["phase"] in ("choosing", "playing") else []),
        "classes": sorted((cid, c["name"]) for cid, c in catalog.character_classes().items()),
        "turns": _turns(state),
        "acting": _acting(state),
        "monster_types": [_monster_type(state, m) for m in common.types_on_map(state)] if state["level"] is not None
        else [],
        "addable_monsters": sorted((m, catalog.monster_name(m)) for m in found["monsters"]),
        "waiting_for": [state["characters"][s]["name"] for s in common.acting_characters(state)
                        if s not in state["chosen"]] if state["phase"] == "choosing" else [],
        "numbers": _numbers(state),
        "attacks": _attacks(state),
        "modifier_counts": {"bless": modifiers.in_pile(state["modifiers"], "bless"),
                            "curse": modifiers.in_pile(state["modifiers"], "curse")},
    }


def worked_numbers(state: dict, shown: dict) -> dict:
    """Every number the scenario's pages show, each with its working
    (kit/working.py), in one place: the scenario level and what it sets, each
    monster type's stats by rank, the acting standee's attack, the book's
    objectives and those on the map, each attack's damage, the damage waiting
    for a player (by its id) and the end's experience and gold (by seat).
    `shown` is `present`'s answer, whose worked numbers are reused."""
    result = state.get("result") or {}
    return {
        "level": (shown["numbers"] or {}).get("level"),
        "values": (shown["numbers"] or {}).get("values", {}),
        "monsters": {kind["id"]: {rank: stats["worked"] for rank, stats in kind["stats"].items()}
                     for kind in shown["monster_types"]},
        "acting": shown["acting"]["base_worked"] if shown["acting"] else None,
        "objectives": [worked(o["hit_points"], o["working"]) for o in shown["objectives"]],
        "objectives_on_map": {o["id"]: worked(o["max_hp"], o["working"]) for o in state.get("objectives", [])},
        "attacks": [attack["damage"] for attack in shown["attacks"]],
        "damage": {str(d["id"]): worked(d["amount"], d["working"]) for d in state.get("damage", [])},
        "result": {seat: {"xp": worked(line["xp"], line["xp_working"]),
                          "gold": worked(line["gold"], line["gold_working"])}
                   for seat, line in result.get("summary", {}).items()},
    }


def _my_summon_cards(state: dict, seat_id: str | None) -> list[dict]:
    """The summons the seat's class cards up to its level give, to pick instead of typing their stats."""
    who = state["characters"].get(seat_id) if seat_id else None
    return summon_cards.offered(who["class"], who["level"]) if who else []


def _my_deck(state: dict, seat_id: str | None) -> dict | None:
    """The viewer's character's modifier deck: what is left, the chance of
    each card being the next drawn, what was drawn, and its perks if they
    may still be applied (a standalone table)."""
    who = state["characters"].get(seat_id) if seat_id else None
    if who is None:
        return None
    deck, origin = who["deck"], who["deck_from"]
    perks = catalog.character_classes()[who["class"]]["perks"] or None
    lines = _perk_lines(who["class"]) if origin == "class" and perks else []
    shown = character_decks.summary(deck)
    # Each card's words in the reader's language, by its code.
    codes = {row["code"] for row in shown["cards"]} | set(shown["discarded"])
    return {**shown, "words": {code: _code_words(code) for code in codes},
            "from": origin, "perk_lines": lines,
            "perks_by_hand": origin == "class" and perks is None,
            "may_apply": origin == "class" and not deck["cards"]["discard"]}


@lru_cache(maxsize=64)
def _perk_lines(class_id: str) -> list[dict]:
    """A class's perk lines as the deck's page shows them (the same at every
    version: worked out once per class, shared, to read only)."""
    perks = catalog.character_classes()[class_id]["perks"]
    return [{"number": i + 1, "boxes": perk["boxes"], "text": perk.get("text") or _perk_text(perk),
             "words": perk_cards.perk_words(perk)} for i, perk in enumerate(perks)]


@lru_cache(maxsize=512)
def _code_words(code: str) -> list[list]:
    """`character_decks.code_words`, once per card code (shared, to read only)."""
    return character_decks.code_words(code)


def _perk_text(line: dict) -> str:
    """A perk line in card codes: "−2× -1" / "+1× r+0 push 1"."""
    removed = [f"−{c['count']}× {character_decks.code_of(c)}" for c in line["remove"]]
    added = [f"+{c['count']}× {character_decks.code_of(c)}" for c in line["add"]]
    return ", ".join(removed + added)


def _label(state: dict, turn: dict) -> str:
    if turn["kind"] == "character":
        return state["characters"][turn["id"]]["name"]
    if turn["kind"] == "summon":
        try:
            return common.summon(state, turn["id"])[1]["name"]
        except Exception:
            return turn["id"]
    return catalog.monster_name(turn["id"])


def _turns(state: dict) -> list[dict]:
    now = state["turn"] if state["phase"] == "playing" else None
    return [{"label": _label(state, t), "kind": t["kind"], "id": t["id"], "initiative": t["initiative"],
             "players_choose": t["players_choose"],
             "state": "now" if i == now else ("done" if now is not None and i < now else "next")}
            for i, t in enumerate(state["order"])]


def _stats_view(stats: dict, level_lines: list | None = None) -> dict:
    shown = {k: stats.get(k) for k in ("hit_points", "move", "attack", "range")}
    shown["hit_points_working"] = stats.get("hit_points_working", [])
    if level_lines is not None:
        shown["worked"] = _stats_worked(stats, level_lines)
    for extra in STAT_EXTRAS:
        if stats.get(extra):
            shown[extra] = stats[extra]
    return shown


# -- the numbers the pages show, each with its working (kit/working.py) ------------------------
def _level_lines(state: dict, monster_id: str) -> list:
    """How a monster type's level follows from the scenario level."""
    bonus = catalog.scenario(state["scenario"]).get("level_bonus", {}).get(monster_id, 0)
    lines = [line(N_("monster level %(level)d: the scenario level %(scenario)d"),
                  level=state["values"]["monster_level"]["value"], scenario=state["level"])]
    if bonus:
        lines.append(line(N_("%(bonus)+d for this monster in this scenario: level %(level)d"), bonus=bonus,
                          level=common.monster_level(state, monster_id)))
    return lines


def _stats_worked(stats: dict, level_lines: list) -> dict:
    """Hit points, move, attack and range at this level, each tapping open to
    where it comes from: the scenario level, the stat card's row, the characters."""
    card = [line(N_("%(value)d on its stat card at that level"), value=stats.get(key) or 0)
            for key in ("hit_points", "move", "attack", "range")]
    hit_points = stats.get("hit_points_working") or []
    return {"hit_points": worked(stats["hit_points"], [*level_lines, *(hit_points or card[:1])]),
            "move": worked(stats.get("move") or 0, [*level_lines, card[1]]),
            "attack": worked(stats.get("attack") or 0, [*level_lines, card[2]]),
            "range": worked(stats.get("range") or 0, [*level_lines, card[3]])}


def _numbers(state: dict) -> dict:
    """The scenario's own derived numbers: its level from the party's, and
    what that level makes the rest."""
    if state["level"] is None:
        return {}
    return {"level": worked(state["level"], state["level_working"]),
            "values": {key: worked(value["value"], value["working"]) for key, value in state["values"].items()}}


def _attacks(state: dict) -> list[dict]:
    """The recent attacks, each one's damage with its working."""
    return [{**attack, "damage": worked(attack["damage"], attack["working"])} for attack in state["attacks"]]


def _monster_type(state: dict, monster_id: str) -> dict:
    monster = catalog.monster(monster_id)
    by_rank = {rank: common.stats(state, monster_id, rank) for rank in monsters.ranks_of(monster)}
    deck_id = monster["deck"]
    index = state["decks"][deck_id]["current"]
    card = None
    if index is not None:
        resolved = abilities.resolve_card(catalog.deck(deck_id)["cards"][index], by_rank)
        specials = [[abilities.resolve_action(a, by_rank) for a in group] for group in monster.get("specials", [])]
        actions = [_with_special(a, specials) for a in resolved["actions"]]
        card = {"initiative": resolved["initiative"], "shuffle": resolved["shuffle"],
                "text": abilities.card_text(resolved), "actions": [_with_drawing(a) for a in actions]}
    acting = acting_standee(state)
    turn = current_turn(state)
    return {
        "id": monster_id, "name": monster["name"], "boss": monster.get("boss", False),
        "flying": monster.get("flying", False), "immunities": monster.get("immunities", []),
        "note": monster.get("note") or "",
        "level": common.monster_level(state, monster_id),
        "stats": {rank: _stats_view(s, _level_lines(state, monster_id)) for rank, s in by_rank.items()},
        "card": card, "initiative": type_initiative(state, monster_id),
        "acting": bool(turn and turn["kind"] == "monster" and turn["id"] == monster_id),
        "consumed": ((state.get("consumed") or {}).get("elements", [])
                     if (state.get("consumed") or {}).get("monster") == monster_id else []),
        "standees": [{**s, "label": common.standee_label(s), "acting": bool(acting and acting["id"] == s["id"]),
                      "attack": card_attack(state, s)}
                     for s in state["standees"] if s["monster"] == monster_id],
    }


def _my_goals(state: dict, seat_id: str | None) -> list[dict]:
    goals = (state["secrets"].get(seat_id) or {}).get("battle_goals") if seat_id else None
    if not goals:
        return []
    by_id = {str(g["id"]): g for g in catalog.battle_goals()}
    return [{"id": g, "name": by_id[g]["name"], "text": by_id[g]["text"], "checkmarks": by_id[g]["checkmarks"],
             "kept": goals["kept"] == g} for g in goals["dealt"]]


def _with_drawing(action: dict) -> dict:
    """The action with its area (if any) drawn, and the same for what follows it."""
    shown = dict(action)
    if isinstance(action.get("area"), dict) and action["area"].get("hexes"):
        shown["area_drawing"] = areas.drawing(action["area"])
    for key in ("then", "consume"):
        if key in action:
            shown[key] = [_with_drawing(a) for a in action[key]]
    return shown


def _with_special(action: dict, specials: list) -> dict:
    """A boss card's "Special 2" with the boss's special 2 spelled out under it."""
    number = action.get("number")
    if action["kind"] == "special" and isinstance(number, int) and 1 <= number <= len(specials):
        return {**action, "then": specials[number - 1]}
    return action


def _acting(state: dict) -> dict | None:
    """The standee whose turn it is, with its card's numbers for its own rank."""
    found = acting_standee(state)
    if found is None:
        return None
    monster = catalog.monster(found["monster"])
    deck_id = monster["deck"]
    index = state["decks"][deck_id]["current"]
    by_rank = {found["rank"]: common.stats(state, found["monster"], found["rank"])}
    specials = [[abilities.resolve_action(a, by_rank) for a in group] for group in monster.get("specials", [])]
    actions = []
    if index is not None:
        resolved = abilities.resolve_card(catalog.deck(deck_id)["cards"][index], by_rank)
        actions = [_with_drawing(_with_special(a, specials)) for a in resolved["actions"]]
    attack = next((a for a in actions if a["kind"] == "attack" and "amount" in a), None)
    return {"id": found["id"], "label": common.standee_label(found), "rank": found["rank"], "hp": found["hp"],
            "max_hp": found["max_hp"], "conditions": list(found["conditions"]), "actions": actions,
            "heals_itself": abilities.self_heal(actions, found["rank"], common.consumed_by(state, found)),
            "wild": _wild_choice(state, found["monster"], actions),
            "summons": _card_summons(state, actions),
            "attack": card_attack(state, found),
            "base": attack["amount"][found["rank"]] if attack else by_rank[found["rank"]]["attack"],
            "base_worked": _base_worked(state, found, attack, by_rank[found["rank"]])}


def _base_worked(state: dict, found: dict, attack: dict | None, stats: dict) -> dict:
    """The acting standee's attack this turn: its stat card's plus its ability card's."""
    lines = [*_level_lines(state, found["monster"]),
             line(N_("%(value)d on its stat card at that level"), value=stats["attack"])]
    if attack is None:
        return worked(stats["attack"], lines)
    delta = attack.get("delta", 0)
    lines.append(line(N_("%(delta)+d on this round's ability card"), delta=delta))
    return worked(attack["amount"][found["rank"]], lines)


def _wild_choice(state: dict, monster_id: str, actions: list) -> dict | None:
    """A card that consumes an element of the players' choice (the seed's
    many-coloured circle): the elements it could take now, until the players
    consumed one during its turn; then what it infuses for it, until infused."""
    wild = next((a for a in _all_actions(actions) if a["kind"] == "consume"
                 and a["element"] not in elements.ELEMENTS), None)
    if wild is None:
        return None
    board, consumed = state["elements"], state.get("consumed") or {}
    taken = consumed.get("by_hand", []) if consumed.get("monster") == monster_id else []
    return {"taken": taken,
            "elements": [] if taken else [e for e in elements.ELEMENTS if elements.can_consume(board, e)],
            "infuses": [g["element"] for g in wild.get("gives", []) if taken and g["kind"] == "infuse"
                        and g.get("element") in elements.ELEMENTS and g["element"] not in board["infusing"]]}


def _card_summons(state: dict, actions: list) -> list[dict]:
    """The monsters the acting standee's card (or its boss special) summons,
    by rank for this many characters; one the data gives hit points of its
    own (an Ooze's split) is left to the table."""
    count = str(common.character_count(state))
    found = []
    for action in _all_actions(actions):
        for entry in action.get("monsters", []) if action["kind"] == "summon" else []:
            if "by_characters" in entry:
                rank = entry["by_characters"].get(count)
            else:
                rank = entry.get("rank", "normal")
            if entry.get("monster") in catalog.monster_ids() and rank and "hit_points" not in entry:
                found.append({"monster": entry["monster"], "rank": rank, "count": entry.get("count", 1)})
    return found


def _all_actions(actions: list):
    for action in actions:
        yield action
        yield from _all_actions(action.get("consume", []) + action.get("then", []))


def _objectives(state: dict, found: dict) -> list[dict]:
    """The scenario's objectives (escorts, altars, doors) with their hit points
    worked out from the book's formula once the level is known."""
    level = state["level"] if state["level"] is not None else 0
    shown = []
    for index, objective in enumerate(found.get("objectives", []), start=1):
        hit_points, working = objectives.hit_points(objective.get("hit_points", 0),
                                                    common.character_count(state), level)
        shown.append({"index": index, "name": objective["name"], "count": objective.get("count", 1),
                      "escort": objective.get("escort", False), "working": working, "hit_points": hit_points})
    return shown


def _objectives_on_map(state: dict) -> list[dict]:
    return [{**o, "label": objective_figures.label(o)} for o in state.get("objectives", [])]


def waiting_now(state: dict, seat_id: str | None, open_actions: dict) -> dict:
    """What the table waits for now (companion/kit/now.py), for the card at
    the top of each phone: whose step it is and whether it is this seat's."""
    phase = state["phase"]
    if phase == "setup":
        you = seat_id is not None and seat_id not in state["characters"]
        return now(N_("Choose your characters, then start the scenario."), you=you or bool(open_actions),
                   open_actions=open_actions)
    if phase == "choosing":
        still = [s for s in common.acting_characters(state) if s not in state["chosen"]]
        return now(N_("Round %(round)d: waiting for cards from %(names)s"),
                   {"round": state["round"], "names": Named(", ".join(state["characters"][s]["name"] for s in still))},
                   you=seat_id in still, open_actions=open_actions)
    if phase == "playing":
        damage = waiting.waiting(state)
        if damage:
            who = state["characters"][damage[0]["seat"]]["name"]
            return now(N_("Waiting for %(name)s to settle damage"), {"name": Named(who)},
                       you=damage[0]["seat"] == seat_id, open_actions=open_actions)
        turn = current_turn(state)
        if turn is None:
            return now(N_("Round %(round)d"), {"round": state["round"]}, open_actions=open_actions)
        you = turn["kind"] == "character" and turn["id"] == seat_id
        return now(N_("Round %(round)d: %(name)s’s turn (initiative %(initiative)d)"),
                   {"round": state["round"], "name": Named(_label(state, turn)), "initiative": turn["initiative"]},
                   you=you, open_actions=open_actions)
    result = state.get("result") or {"summary": {}, "confirmed": []}
    still = [s for s in result["summary"] if s not in result["confirmed"]]
    if not still:
        return now(N_("The scenario is over."), open_actions=open_actions)
    return now(N_("Waiting for %(names)s to confirm the summary"),
               {"names": Named(", ".join(result["summary"][s]["name"] for s in still))},
               you=seat_id in still, open_actions=open_actions)
