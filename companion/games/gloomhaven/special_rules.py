"""When a scenario's special rule applies (scenario book; the data's `rules`,
docs/gloomhaven-data.md): which rounds (round n, every n rounds from k, after
round n, with more than n characters), once rooms are open, only once, and
figure checks ("Door b is dead"). And which effects the table carries out
itself; the others are shown to the players at the moment they apply.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Effects the table applies (the rest are reminders: "note", "stat_change",
#: "random_dungeon", and spawns whose count the data leaves as a formula).
APPLIED = ("spawn", "open_rooms", "condition", "element", "damage", "finish", "monster_acts",
           "monster_inactive", "end_rules", "add_modifier_cards")
#: Effects that only tell the players what to do at that moment.
REMINDED = ("note",)


@dataclass(frozen=True)
class Moment:
    """Where the scenario is: the round, the open rooms, the character count,
    the rules already fired (once only) or stopped."""
    round: int
    rooms: frozenset
    characters: int
    fired: frozenset = frozenset()
    ended: frozenset = frozenset()


def in_round(alternatives: list[dict], moment: Moment) -> bool:
    """Whether any of the rule's round alternatives holds this round."""
    for option in alternatives or [{"every": 1}]:
        if "round" in option and moment.round == option["round"]:
            return True
        if "every" in option and moment.round % option["every"] == option.get("remainder", 0) % option["every"]:
            return True
        if "after_round" in option and moment.round > option["after_round"]:
            return True
        if "characters_over" in option and moment.characters > option["characters_over"]:
            return True
    return False


def due(number: int, rule: dict, checked: str, moment: Moment) -> bool:
    """Whether rule `number` (1-based) is due at this check: "round_start",
    "round_end" or "during" (after any action in a round, for the rules the
    data checks during the round too; only those that fire once, or stop
    other rules, so nothing repeats after every action)."""
    when = rule.get("when", {})
    if number in moment.ended or (when.get("once") and number in moment.fired):
        return False
    if when.get("standing"):
        return False  # an effect that holds all along: shown, not fired
    if checked == "during":
        repeats_harmlessly = all(e.get("kind") == "end_rules" for e in rule.get("effects", []))
        if not when.get("also_during_round") or not (when.get("once") or repeats_harmlessly):
            return False
    elif when.get("checked", "round_end") != checked:
        return False
    if not set(when.get("after_rooms_open", [])) <= moment.rooms:
        return False
    return in_round(when.get("rounds", []), moment)


def effect_applied(effect: dict, scenario: dict) -> bool:
    """Whether the table carries this effect out itself."""
    kind = effect.get("kind")
    if kind == "spawn":
        bonus = effect.get("level_bonus", 0)
        return isinstance(effect.get("count"), int) and \
            bonus == scenario.get("level_bonus", {}).get(effect.get("monster"), 0)
    if kind == "add_modifier_cards":  # into the characters' decks the table keeps
        return effect.get("to") == "each character" and effect.get("card") in ("curse", "-1", "bless") and \
            isinstance(effect.get("count"), int)
    return kind in APPLIED


def automated(rule: dict, scenario: dict) -> bool:
    """A rule the table applies in full (its figure checks aside, which may
    still turn it into a reminder when the figure is a marker the table doesn't track)."""
    return not rule.get("when", {}).get("standing") and \
        all(effect_applied(e, scenario) for e in rule.get("effects", []))
