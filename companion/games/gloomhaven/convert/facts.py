"""Rules facts the app shows as defaults: conditions, the monster attack
modifier deck, and the campaign figures (experience, prosperity, reputation,
donations, limits). Each fact carries the status the reference gives it:
CONFIRMED (read in the rulebook or agreed by independent sources), TRACKER
(taken from public trackers) or UNCONFIRMED; only CONFIRMED is certain.

The tables are read from the reference's campaign facts file; the other
facts are transcribed from its text, with the status it states."""

from __future__ import annotations

import re

from .source import words

NEGATIVE = ("poison", "wound", "immobilize", "disarm", "stun", "muddle")
UNTIL_HEALED = ("poison", "wound")


def convert_conditions(source) -> list:
    found = []
    for name in source.json("base.json")["conditions"]:
        found.append({"id": name, "name": words(name).capitalize(),
                      "negative": name in NEGATIVE,
                      "ends": "when_healed" if name in UNTIL_HEALED else "end_of_next_turn"})
    return found


def tables(markdown: str) -> dict:
    """Markdown tables by the text of their first header cell: each a list
    of rows, each a list of cell texts (the separator row dropped)."""
    found, current = {}, None
    for line in markdown.splitlines():
        if not line.startswith("|"):
            current = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            continue
        if current is None:
            current = found.setdefault(cells[0], [])
        current.append(cells)
    return found


def number(text: str) -> int:
    return int(text.replace("−", "-").replace("+", "").strip())


def span(text: str) -> list:
    """'−20…−19' -> [-20, -19]; '001–014' -> [1, 14]; '5' -> [5, 5]."""
    parts = re.split(r"…|–|\.\.", text.replace("(start)", ""))
    values = [number(p) for p in parts if p.strip()]
    return [values[0], values[-1]]


def fact(value, status: str, about: str) -> dict:
    return {"value": value, "status": status, "about": about}


def convert_campaign_facts(source) -> dict:
    found = tables((source.folder / "CAMPAIGN-FACTS.md").read_text(encoding="utf-8"))
    facts = {}
    facts.update(level_facts(found))
    facts.update(prosperity_facts(found))
    facts.update(reputation_facts(found))
    facts.update(scenario_level_facts(found))
    facts.update(TRANSCRIBED)
    return facts


def level_facts(found: dict) -> dict:
    header, row = found["Level"][0], found["Level"][1]
    assert row[0] == "Total XP needed"
    return {"experience_thresholds": fact(
        {str(number(level)): number(x) for level, x in zip(header[1:], row[1:])}, "CONFIRMED",
        "Total experience a character needs for each level (never reset on level-up).")}


def prosperity_facts(found: dict) -> dict:
    header, row = found["Prosperity level"][0], found["Prosperity level"][1]
    shop_header, shop_row = found["Prosp."][0], found["Prosp."][1]
    return {
        "prosperity_thresholds": fact(
            {str(number(level)): number(c) for level, c in zip(header[1:], row[1:])}, "CONFIRMED",
            "Prosperity checkmarks needed for each prosperity level (second printing)."),
        "shop_items_by_prosperity": fact(
            {str(span(level)[0]): span(items) for level, items in zip(shop_header[1:], shop_row[1:])},
            "CONFIRMED", "Item numbers (first, last) that join the shop at each prosperity level."),
    }


def reputation_facts(found: dict) -> dict:
    header, row = found["Reputation"][0], found["Reputation"][1]
    bands = [{"from": span(r)[0], "to": span(r)[1], "price_change": number(p)}
             for r, p in zip(header[1:], row[1:])]
    return {"reputation_price_bands": fact(
        bands, "CONFIRMED", "Gold added to (or, when negative, taken from) an item's cost by reputation.")}


def scenario_level_facts(found: dict) -> dict:
    rows = {r[0]: [number(c) for c in r[1:]] for r in found["Scenario level"][1:]}
    levels = [number(c) for c in found["Scenario level"][0][1:]]
    columns = {"Monster level": "monster_level", "Gold per money token": "gold_per_coin",
               "Trap damage": "trap_damage", "Bonus XP on success": "bonus_experience"}
    table = [{"level": level, **{ours: rows[theirs][i] for theirs, ours in columns.items()}}
             for i, level in enumerate(levels)]
    return {"scenario_level_table": fact(
        table, "CONFIRMED",
        "What each scenario level (0-7) makes the monster level, coins, traps and bonus experience.")}


# Facts stated in the reference's text (not in tables), with their status.
TRANSCRIBED = {
    "max_character_level": fact(9, "CONFIRMED", "Highest character level."),
    "starting_gold_per_level": fact(
        {"times_level_plus_one": 15}, "CONFIRMED", "A new character's gold: 15 x (level + 1)."),
    "checkmark_perks_max": fact(
        6, "CONFIRMED", "Perks from battle-goal checkmarks (one per 3) stop at 6, i.e. 18 checkmarks."),
    "checkmarks_per_perk": fact(3, "CONFIRMED", "Battle-goal checkmarks that give one perk."),
    "reputation_range": fact([-20, 20], "CONFIRMED", "Lowest and highest party reputation."),
    "reputation_price_floor": fact(
        None, "UNCONFIRMED", "Whether a discounted item price has a minimum is not known."),
    "sell_price": fact({"divide_cost_by": 2, "round": "down"}, "CONFIRMED",
                       "An item sells for half its cost, rounded down; reputation does not apply."),
    "small_items_per_level": fact({"divide_level_by": 2, "round": "up"}, "CONFIRMED",
                                  "Small items a character may equip: half its level, rounded up."),
    "donation": fact({"gold": 10, "bless_cards": 2}, "CONFIRMED",
                     "Once per visit each player may give 10 gold to add 2 bless cards to their deck "
                     "for the next scenario."),
    "donation_envelope": fact({"gold": 100, "envelope": "B"}, "CONFIRMED",
                              "100 gold donated in total opens envelope B."),
    "donation_prosperity_at_100": fact(
        1, "TRACKER", "Trackers also give +1 prosperity when the 100 gold mark is reached."),
    "donation_prosperity_milestones": fact(
        [150, 200, 250, 300, 350, 400, 500, 600, 700, 800, 900, 1000], "CONFIRMED",
        "Total gold donated at which the city gains 1 prosperity (after envelope B)."),
    "donation_beyond_1000": fact(
        None, "UNCONFIRMED", "Whether donations past 1000 gold still add prosperity is not known."),
    "reputation_milestones": fact(
        [{"at_least": 10, "opens": "sun box"}, {"at_least": 20, "adds_events": {"city": 76, "road": 67}},
         {"at_most": -10, "opens": "moon box"}, {"at_most": -20, "adds_events": {"city": 77, "road": 68}}],
        "CONFIRMED", "Sealed boxes and events a party's reputation opens."),
    "level_up_gives": fact({"perks": 1, "ability_cards": 1}, "CONFIRMED",
                           "Each level gained: one perk, one new ability card, and the new level's hit points."),
    "battle_goals_dealt": fact({"dealt": 2, "kept": 1}, "CONFIRMED",
                               "Battle goals dealt to each character per scenario, and how many are kept."),
    "personal_quests_dealt": fact({"dealt": 2, "kept": 1}, "CONFIRMED",
                                  "Personal quests drawn by a new character, and how many are kept."),
    "retirement_returns": fact({"items": "city_supply", "gold": "lost"}, "CONFIRMED",
                               "On retiring, a character's items go back to the shop and its gold is lost."),
    "prosperity_thresholds_first_printing": fact(
        {"1": 0, "2": 5, "3": 10, "4": 16, "5": 23, "6": 31, "7": 40, "8": 51, "9": 65}, "UNCONFIRMED",
        "The first printing's track as a fan wiki gives it (a pre-marked starting box); "
        "the second printing's is the default."),
    "retirement_prosperity": fact(1, "CONFIRMED", "Prosperity checkmarks the city gains when a character retires."),
    "retirement_perk_bonus": fact(
        1, "CONFIRMED", "Extra perks every later character of a player gets per earlier retirement of theirs."),
    "curse_cards_max": fact(10, "CONFIRMED", "Curse cards one deck can hold."),
    "bless_cards_max": fact(10, "UNCONFIRMED", "Bless cards one deck can hold (commonly 10; not verified)."),
    "character_modifier_deck": fact(
        [{"value": 0, "count": 6}, {"value": 1, "count": 5}, {"value": -1, "count": 5},
         {"value": 2, "count": 1}, {"value": -2, "count": 1}, {"value": "x2", "count": 1},
         {"value": "null", "count": 1}],
        "CONFIRMED", "A character's starting attack modifier deck (20 cards)."),
    "monster_modifier_deck": fact(
        [{"value": 0, "count": 6}, {"value": 1, "count": 5}, {"value": -1, "count": 5},
         {"value": 2, "count": 1}, {"value": -2, "count": 1}, {"value": "x2", "count": 1},
         {"value": "null", "count": 1}],
        "TRACKER", "The monsters' shared attack modifier deck (20 cards); trackers build it like a character's."),
    "reshuffle_cards": fact(["x2", "null"], "CONFIRMED",
                            "Drawing one of these reshuffles that deck at the end of the round."),
    "campaign_start_city_rule": fact(
        "city-rule-militaristic", "UNCONFIRMED",
        "Trackers start a campaign with 'City Rule: Militaristic' held; the rulebook line was not seen."),
    "exclusive_global_achievements": fact(
        [["the-drake-aided", "the-drake-slain"], ["the-voice-freed", "the-voice-silenced"]], "TRACKER",
        "Untyped global achievements trackers also treat as one-of-a-kind: gaining one removes the other."),
    "completed_scenario_replay": fact(
        None, "UNCONFIRMED",
        "Whether a scenario completed in campaign mode is closed to every party or only to the one that did it."),
}
