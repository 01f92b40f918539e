"""Town actions on the campaign state: the party and the city, characters,
perks, the shop, donations, personal quests and retirement. Each function
changes `state` in place or raises ActionError (nothing changed then: the
rules run it on a copy first)."""

from __future__ import annotations

import random

from companion.games.gloomhaven.campaign import (
    data,
    deck,
    dues,
    links,
    names,
    progression,
    shop,
)
from companion.kit.actions import Act
from companion.rules import N_, ActionError

STARTING_CLASSES = tuple(c for c, v in data.classes().items() if v["starting"])
QUEST_OPENED_NOTHING = N_("%(name)s's quest opened nothing new: gain a random item design and a random side scenario.")


def character(state: dict, payload: dict, seat: str | None) -> dict:
    """The character named by the payload (default: the seat's active one);
    only its player (or the host) may change it."""
    wanted = payload.get("character")
    if wanted is None:
        wanted = next((c["id"] for c in state["characters"].values() if c["seat"] == seat and not c["retired"]), None)
    found = state["characters"].get(wanted)
    if found is None:
        raise ActionError(N_("No such character."), field="character")
    if seat is not None and found["seat"] != seat:
        raise ActionError(N_("Only the character's player may do that."), field="character")
    if found["retired"]:
        raise ActionError(N_("That character has retired."), field="character")
    return found


def clamp_reputation(value: int) -> int:
    low, high = data.fact("reputation_range")
    return max(low, min(high, value))


# The shop and the sanctuary are visited in Gloomhaven (rulebook pp. 43, 45).
TOWN_ONLY = N_("That is done in town: the party is playing scenario %(number)d; its result has not come back yet.")


def in_town(state: dict, what: str) -> None:
    """Refuse a town activity while a scenario table started from the campaign is being played."""
    away = links.playing(state)
    if away:
        raise ActionError(what, field="character", number=away[0][1])


def unlock_class(state: dict, klass: str) -> None:
    """A sealed class opened: its events join the decks (the left number on
    the back of its mat, rulebook p. 48; the data has not the numbers)."""
    if klass not in state["unlocked_classes"]:
        state["unlocked_classes"].append(klass)
        dues.note(state, N_("%(class)s unlocked: shuffle the city and road events named by the left number on the back "
                            "of its mat into their decks."), {"class": data.classes()[klass]["name"]})


ANCIENT_TECHNOLOGY = ("ancient-technology", 5)  # so many open an envelope (rulebook p. 49)
DRAKE = ("the-drakes-command", "the-drakes-treasure")  # both held by one party (rulebook p. 49)


def special_conditions(state: dict, gained: str) -> None:
    """The rulebook's special conditions that an achievement just gained may meet."""
    held, party = state["global_achievements"], state["party"]["achievements"]
    if gained == ANCIENT_TECHNOLOGY[0] and held.get(gained) == ANCIENT_TECHNOLOGY[1]:
        dues.note(state, N_("Five Ancient Technology achievements: open the envelope their symbol shows (commonly "
                            "called envelope A; the letter is unconfirmed)."), {})
    if gained in DRAKE and all(a in party for a in DRAKE) and not {"the-drake-aided", "the-drake-slain"} & set(held):
        add_global(state, "the-drake-aided")
        dues.note(state, N_("The party holds The Drake’s Command and The Drake’s Treasure: The Drake Aided is gained; "
                            "shuffle city event 75 and road event 66 into their decks."), {})


def add_global(state: dict, achievement: str) -> None:
    """Gain a global achievement; a typed one replaces its type's other."""
    types = data.achievements()["global_types"]
    if achievement in types:
        for other in [a for a in state["global_achievements"] if types.get(a) == types[achievement]]:
            del state["global_achievements"][other]
    for pair in data.fact("exclusive_global_achievements"):
        if achievement in pair:
            for other in pair:
                state["global_achievements"].pop(other, None)
    state["global_achievements"][achievement] = state["global_achievements"].get(achievement, 0) + 1
    special_conditions(state, achievement)


def achievement(payload: dict) -> tuple[str, str]:
    scope, wanted = payload["scope"], names.achievement_id(payload["achievement"])
    if wanted not in data.achievements()[scope]:
        raise ActionError(N_("No such achievement."), field="achievement")
    return scope, wanted


def add_achievement(act: Act) -> None:
    state, payload = act.state, act.payload
    scope, wanted = achievement(payload)
    if scope == "global":
        add_global(state, wanted)
    else:
        add_party(state, wanted)


def add_party(state: dict, achievement: str) -> None:
    if achievement not in state["party"]["achievements"]:
        state["party"]["achievements"].append(achievement)
        special_conditions(state, achievement)


def remove_achievement(act: Act) -> None:
    state, payload = act.state, act.payload
    scope, wanted = achievement(payload)
    held = state["global_achievements"] if scope == "global" else state["party"]["achievements"]
    if wanted not in held:
        raise ActionError(N_("The campaign does not hold that achievement."), field="achievement")
    if scope == "global":
        held[wanted] -= 1
        if not held[wanted]:
            del held[wanted]
    else:
        held.remove(wanted)


def printing(state: dict) -> str:
    """Whose prosperity track the campaign keeps (a table stored before
    schema 3 has none: the second printing's; exports are upgraded on import)."""
    return state.get("printing", "second")


def prosperity_level(state: dict) -> int:
    return progression.prosperity_level(state["prosperity"], printing(state))


def quests_in_use(state: dict) -> set[int]:
    used = {c["quest"] for c in state["characters"].values() if c.get("quest")}
    for secret in state["secrets"].values():
        used |= set(secret.get("quest_offer", ())) | ({secret["quest"]} if secret.get("quest") else set())
    return used


def deal_quests(state: dict, rng: random.Random) -> list[int]:
    deck = sorted(q["id"] for q in data.personal_quests() if q["id"] not in quests_in_use(state))
    return sorted(rng.sample(deck, min(data.fact("personal_quests_dealt")["dealt"], len(deck))))


def set_notes(act: Act) -> None:
    character(act.state, act.payload, act.seat_id)["notes"] = act.payload["notes"]


def create_character(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    if seat is None:
        raise ActionError(N_("Only a seated player creates a character."), field="class")
    if any(c["seat"] == seat and not c["retired"] for c in state["characters"].values()):
        raise ActionError(N_("You already have a character: retire it first."), field="class")
    if payload["class"] not in state["unlocked_classes"]:
        raise ActionError(N_("That class is not unlocked yet."), field="class")
    if any(c["class"] == payload["class"] and not c["retired"] for c in state["characters"].values()):
        raise ActionError(N_("Another character of the party already has that class."), field="class")
    level = payload["level"]
    if level > prosperity_level(state):
        raise ActionError(N_("A new character starts at most at the prosperity level (%(level)d)."),
                          field="level", level=prosperity_level(state))
    # Two personal quests dealt in secret from those no one holds (the seat's own stream: see the spec).
    offer = act.draws.take("quests", lambda rng: deal_quests(state, rng))
    number = state["next_id"]
    state["next_id"] += 1
    cid = f"c{number}"
    state["characters"][cid] = {
        "id": cid, "seat": seat, "class": payload["class"], "name": payload["name"], "level": level,
        "experience": progression.min_experience(level), "gold": progression.starting_gold(level),
        "checkmarks": 0, "perks": {}, "entered_perks": [], "items": [], "equipped": [], "notes": "",
        "retired": False, "quest": None, "blessings": 0, "donated_visit": None, "cards": [""] * (level - 1),
        "retirements_before": state["retirements"].get(seat, 0)}
    state["secrets"].setdefault(seat, {}).update(quest_offer=offer, quest=None, progress=0)


def keep_quest(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    secret = state["secrets"].get(seat or "", {})
    if payload["quest"] not in secret.get("quest_offer", ()):
        raise ActionError(N_("That quest was not dealt to you."), field="quest")
    secret.update(quest=payload["quest"], quest_offer=[])


def personal_quest(quest_id: int) -> dict:
    return next(q for q in data.personal_quests() if q["id"] == quest_id)


# Quest goals the sheet itself counts (the data's "tracks" kinds): what the character holds now.
COUNTED = {
    "gold_held": lambda who, values: who["gold"],
    "items_of_slot": lambda who, values: sum(1 for n in who["items"] if data.item(n)["slot"] in values),
    "item": lambda who, values: sum(1 for n in values if n in who["items"]),
    "battle_goals": lambda who, values: who["checkmarks"],
}
SIDE_SCENARIOS_FROM = 52  # "scenario number > 51", as the quest card says
# Goals the sheet has counted since schema 4 (what came before is noted by hand): the larger counts.
EARNED = {
    "donated_gold": lambda who, values: who.get("donated_gold", 0),
    "scenarios_completed": lambda who, values: len(set(who.get("scenarios_won", ()))),
    "side_scenarios": lambda who, values: len({n for n in who.get("scenarios_won", ()) if n >= SIDE_SCENARIOS_FROM}),
}


def counted(goal: dict, who: dict | None) -> int | None:
    """A goal's progress read from the character's sheet alone (None: noted by hand, or partly)."""
    tracks = goal.get("tracks") or {}
    if who is None or tracks.get("kind") not in COUNTED:
        return None
    return COUNTED[tracks["kind"]](who, tracks.get("values") or ())


def earned(goal: dict, who: dict | None) -> int:
    tracks = goal.get("tracks") or {}
    if who is None or tracks.get("kind") not in EARNED:
        return 0
    return EARNED[tracks["kind"]](who, tracks.get("values") or ())


def goal_progress(secret: dict, who: dict | None = None) -> list[int]:
    """Progress toward each goal of the kept quest: counted from `who`'s
    sheet where it can be, else as noted, or what the sheet has counted if
    more (a table kept before schema 4 noted one number, the first goal's)."""
    goals = personal_quest(secret["quest"])["goals"]
    raw = secret.get("progress") or 0
    numbers = raw if isinstance(raw, list) else [raw]
    noted = [numbers[i] if i < len(numbers) else 0 for i in range(len(goals))]
    return [max(noted[i], earned(goal, who)) if counted(goal, who) is None else counted(goal, who)
            for i, goal in enumerate(goals)]


def active_character(state: dict, seat: str | None) -> dict | None:
    return next((c for c in state["characters"].values() if c["seat"] == seat and not c["retired"]), None)


def unmet_goal(secret: dict, who: dict | None) -> tuple[dict, int] | None:
    """The first goal of the kept quest not reached yet, with its progress."""
    goals = personal_quest(secret["quest"])["goals"]
    return next(((goal, done) for goal, done in zip(goals, goal_progress(secret, who)) if done < goal["count"]), None)


def set_progress(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    secret = state["secrets"].get(seat or "", {})
    if not secret.get("quest"):
        raise ActionError(N_("You have no personal quest."), field="progress")
    progress, goal = goal_progress(secret), payload.get("goal", 0)
    if goal >= len(progress):
        raise ActionError(N_("Your personal quest has no such goal."), field="goal")
    if counted(personal_quest(secret["quest"])["goals"][goal], active_character(state, seat)) is not None:
        raise ActionError(N_("This goal is counted from your character's sheet."), field="goal")
    progress[goal] = payload["progress"]
    secret["progress"] = progress


def level_up(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    who = character(state, payload, seat)
    # Level-up happens in town only (rulebook p. 44).
    in_town(state, N_("Level up in town: the party is playing scenario %(number)d; its result has not come back yet."))
    by_experience = progression.level_for(who["experience"]) > who["level"]
    # A character below the prosperity level may raise its level to match (rulebook p. 48).
    if not by_experience and who["level"] >= prosperity_level(state):
        raise ActionError(N_("Not enough experience for the next level."), field="character")
    pad_cards(who)
    who["level"] += 1
    who["cards"].append(payload.get("card") or "")
    if not by_experience:  # raised with the level: our default, the rulebooks read leave it unconfirmed
        who["experience"] = max(who["experience"], progression.min_experience(who["level"]))


def pad_cards(who: dict) -> None:
    """One noted ability card per level above 1 ("" not noted yet): a
    character created above level 1 added a card for each of those levels."""
    who["cards"].extend([""] * (who["level"] - 1 - len(who["cards"])))


def note_card(act: Act) -> None:
    """The ability card the character added at `level` (noted late, or corrected)."""
    state, payload, seat = act.state, act.payload, act.seat_id
    who = character(state, payload, seat)
    if not 2 <= payload["level"] <= who["level"]:
        raise ActionError(N_("A card is added at each level from 2 to the character's level (%(level)d)."),
                          field="level", level=who["level"])
    pad_cards(who)
    who["cards"][payload["level"] - 2] = payload["card"]


def adjust(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    who, field, delta = character(state, payload, seat), payload["field"], payload["delta"]
    value = who[field] + delta
    floor = progression.min_experience(who["level"]) if field == "experience" else 0
    if value < floor:
        raise ActionError(N_("That would go below %(min)d."), field="delta", min=floor)
    who[field] = value


def perk_allowance(who: dict) -> int:
    return progression.perk_allowance(who["level"], who["checkmarks"], who["retirements_before"])[0]


def perks_taken(who: dict) -> int:
    return sum(who["perks"].values()) + len(who["entered_perks"])


def class_perks(state: dict, klass: str) -> list | None:
    """The class's perk lines: the data's, or those the group entered for a
    class the data has none for (None: none entered yet)."""
    # .get: a table stored in the database before schema 4 is upgraded when next changed.
    return data.classes()[klass]["perks"] or state.get("class_perks", {}).get(klass) or None


def enter_perk_line(act: Act) -> None:
    """A perk line of a class the data has no perks for, entered once by the
    group (from the class's mat) and marked as entered; every character of
    that class then marks it like the data's."""
    state, payload = act.state, act.payload
    klass = payload["class"]
    if data.classes()[klass]["perks"] is not None:
        raise ActionError(N_("This class's perks are in the data already."), field="class")
    line = {"boxes": payload["boxes"], "text": payload["text"], "entered": True}
    for part in ("remove", "add"):
        try:
            line[part] = deck.parse_cards(payload.get(part) or "")
        except ValueError as bad:
            raise ActionError(N_("A card is written like “2× +1”, “+0 rolling stun” or “+1 heal 2 self”; "
                                 "this was not understood: %(word)s"), field=part, word=str(bad)) from None
    if not line["remove"] and not line["add"] and not line["text"]:
        raise ActionError(N_("Write what the perk does, or the cards it removes and adds."), field="text")
    state.setdefault("class_perks", {}).setdefault(klass, []).append(line)


def take_perk(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    who = character(state, payload, seat)
    if perks_taken(who) >= perk_allowance(who):
        raise ActionError(N_("No perk left to take."), field="perk")
    perks = class_perks(state, who["class"])
    if payload.get("perk") is not None:
        if perks is None:
            raise ActionError(N_("This class's perks are not in the data: enter its perk lines first."), field="perk")
        problem = deck.perk_problem(perks, who["perks"], payload["perk"])
        if problem:
            raise ActionError(problem, field="perk")
        key = str(payload["perk"])
        who["perks"][key] = who["perks"].get(key, 0) + 1
    elif perks is None and payload.get("text"):
        who["entered_perks"].append(payload["text"])
    else:
        raise ActionError(N_("Choose a perk."), field="perk")


def buy(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    who = character(state, payload, seat)
    in_town(state, TOWN_ONLY)
    supply = supply_of(state)
    problem = shop.buy_problem(who, payload["item"], prosperity_level(state), state["designs"], state["characters"],
                               state["party"]["reputation"], supply)
    if problem:
        raise ActionError(problem, field="item")
    who["gold"] -= shop.buy_price(data.item(payload["item"]), state["party"]["reputation"])[0]
    who["items"].append(payload["item"])
    if payload["item"] not in shop.stocked_ids(prosperity_level(state), state["designs"]):
        supply.remove(payload["item"])


def supply_of(state: dict) -> list:
    """Items back in the city's supply that the shop does not stock (a table
    kept before schema 4 has none: it is upgraded when next changed)."""
    return state.setdefault("supply", [])


def give_back(state: dict, item_id: int) -> None:
    shop.returned_copy(supply_of(state), item_id, prosperity_level(state), state["designs"])


def sell(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    who = character(state, payload, seat)
    in_town(state, TOWN_ONLY)
    if payload["item"] not in who["items"]:
        raise ActionError(N_("The character does not own that item."), field="item")
    who["items"].remove(payload["item"])
    if payload["item"] in who["equipped"]:
        who["equipped"].remove(payload["item"])
    who["gold"] += shop.sell_price(data.item(payload["item"]))[0]
    give_back(state, payload["item"])


def known_item(item_id: int) -> dict:
    try:
        return data.item(item_id)
    except KeyError:
        raise ActionError(N_("No item has that number."), field="item") from None


def gain_item(act: Act) -> None:
    """A specific item gained from a treasure or an event: no gold paid, one copy per character."""
    state, payload, seat = act.state, act.payload, act.seat_id
    who = character(state, payload, seat)
    known_item(payload["item"])
    if payload["item"] in who["items"]:
        raise ActionError(N_("A character may own only one copy of an item."), field="item")
    who["items"].append(payload["item"])


def take_reward_item(act: Act) -> None:
    """A reward item taken by one character (its player's own action)."""
    state, payload, seat = act.state, act.payload, act.seat_id
    due = dues.find(state, payload["due"], "item")
    who = character(state, payload, seat)
    if due["item"] in who["items"]:
        raise ActionError(N_("A character may own only one copy of an item."), field="character")
    who["items"].append(due["item"])
    due["left"] -= 1
    if not due["left"]:
        dues.settled(state, due)


def lose_item(act: Act) -> None:
    """An item an event takes away: it goes back to the city's supply, nothing is paid for it."""
    state, payload, seat = act.state, act.payload, act.seat_id
    who = character(state, payload, seat)
    if payload["item"] not in who["items"]:
        raise ActionError(N_("The character does not own that item."), field="item")
    who["items"].remove(payload["item"])
    if payload["item"] in who["equipped"]:
        who["equipped"].remove(payload["item"])
    give_back(state, payload["item"])


def add_design(act: Act) -> None:
    """An item design gained (a treasure, an event, a retirement's random design): every copy joins the shop."""
    state, payload = act.state, act.payload
    known_item(payload["item"])
    if payload["item"] in shop.stocked_ids(prosperity_level(state), state["designs"]):
        raise ActionError(N_("The shop sells that item already."), field="item")
    state["designs"].append(payload["item"])


def equip(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    who = character(state, payload, seat)
    if payload["on"]:
        problem = shop.equip_problem(who, payload["item"])
        if problem:
            raise ActionError(problem, field="item")
        who["equipped"].append(payload["item"])
    elif payload["item"] in who["equipped"]:
        who["equipped"].remove(payload["item"])
    else:
        raise ActionError(N_("That item is not equipped."), field="item")


def donate(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    who, gift = character(state, payload, seat), data.fact("donation")
    in_town(state, TOWN_ONLY)
    if who["donated_visit"] == state["visit"]:
        raise ActionError(N_("One donation per character per visit to Gloomhaven."), field="character")
    if who["gold"] < gift["gold"]:
        raise ActionError(N_("Not enough gold."), field="character")
    before = progression.donation_prosperity(state["donated"])
    who["gold"] -= gift["gold"]
    who["blessings"] = gift["bless_cards"]
    who["donated_visit"] = state["visit"]
    who["donated_gold"] = who.get("donated_gold", 0) + gift["gold"]  # a quest counts it
    envelope = data.fact("donation_envelope")
    opens = state["donated"] < envelope["gold"] <= state["donated"] + gift["gold"]
    state["donated"] += gift["gold"]
    state["prosperity"] += progression.donation_prosperity(state["donated"]) - before
    if opens and envelope["envelope"] not in state["envelopes"]:  # 100 gold donated in all (rulebook p. 49)
        state["envelopes"].append(envelope["envelope"])
        dues.note(state, N_("%(gold)d gold donated in all: open envelope %(envelope)s."),
                  {"gold": envelope["gold"], "envelope": envelope["envelope"]})


def retire(act: Act) -> None:
    state, payload, seat = act.state, act.payload, act.seat_id
    who = character(state, payload, seat)
    # Retirement happens the next time the character is in Gloomhaven (rulebook p. 48).
    in_town(state, N_("Retire in town: the party is playing scenario %(number)d; its result has not come back yet."))
    secret = state["secrets"].get(who["seat"], {})
    quest_id = secret.get("quest")
    if not quest_id:
        raise ActionError(N_("A character without a personal quest cannot retire."), field="character")
    unmet = unmet_goal(secret, who)
    if unmet:  # a character retires once its personal quest is fulfilled (rulebook p. 48)
        raise ActionError(N_("The personal quest is not fulfilled yet: %(goal)s, %(done)d of %(count)d."),
                          field="character", goal=unmet[0]["text"], done=unmet[1], count=unmet[0]["count"])
    first_retirement = not any(c["retired"] for c in state["characters"].values())
    first_of_class = not any(c["retired"] and c["class"] == who["class"] for c in state["characters"].values())
    for item_id in who["items"]:  # back to the city's supply
        give_back(state, item_id)
    who.update(retired=True, gold=0, items=[], equipped=[], quest=quest_id)
    secret.update(quest=None, progress=0)
    state["prosperity"] += data.fact("retirement_prosperity")
    state["retirements"][who["seat"]] = state["retirements"].get(who["seat"], 0) + 1
    unlock = personal_quest(quest_id)["unlocks"]
    if "class" in unlock and unlock["class"] not in state["unlocked_classes"]:
        unlock_class(state, unlock["class"])
    elif "envelope" in unlock and unlock["envelope"] not in state["envelopes"]:
        state["envelopes"].append(unlock["envelope"])
    else:
        dues.note(state, QUEST_OPENED_NOTHING, {"name": who["name"]})
    if first_of_class:
        dues.note(state, N_("The first %(class)s to retire: shuffle the city and road events named by the right number "
                            "on the back of its mat into their decks."),
                  {"class": data.classes()[who["class"]]["name"]})
    if first_retirement:
        dues.note(state, N_("The campaign's first retirement: open the Town Records book."), {})
