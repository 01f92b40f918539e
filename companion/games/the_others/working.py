"""The working of the round's numbers the pages show outside a fight (the
SIN's reaction tokens, the summons, a hero's move, a mission's target), in
the fight calculator's shape: {"total", "lines": [(msgid, params, amount)]},
so a tap on any of them shows how it was reached."""

from __future__ import annotations

import copy

from companion.games.the_others import apocalypse, battle, data, spaces
from companion.games.the_others import fight as fights
from companion.games.the_others.fight import line
from companion.games.the_others.state import hero_fact, mission, mission_target
from companion.rules import N_, ActionError


def level_of(effect: str) -> int:
    return next(entry["level"] for entry in data.apocalypse_levels() if entry["effect"] == effect)


def part(lines: list[dict]) -> dict:
    return {"total": sum(item["amount"] for item in lines), "lines": lines}


def reaction_tokens(state: dict) -> dict:
    """This round's tokens: one per hero, apocalypse level 4's, and those
    cards and powers gave (they last the round only)."""
    level = apocalypse.level(state)
    lines = [line(N_("One per hero"), state["options"]["hero_count"])]
    extra = apocalypse.extra_reaction_tokens(level)
    if extra:
        lines.append(line(N_("Apocalypse level %(level)d"), extra, level=level_of("extra_reaction_token")))
    gained = state["sin"]["reaction_tokens"] - sum(item["amount"] for item in lines)
    if gained > 0:
        lines.append(line(N_("Sin cards and powers this round"), gained))
    if state["sin"]["reactions_used"]:
        lines.append(line(N_("Spent"), -state["sin"]["reactions_used"]))
    return part(lines)


def summons(state: dict) -> dict:
    """At round end: one dead monster per hero, +1 from apocalypse level 2,
    less those summoned since."""
    base = state.get("summons_base") or {}
    lines = [line(N_("One per hero"), base.get("heroes", state["options"]["hero_count"]))]
    if base.get("apocalypse"):
        lines.append(line(N_("Apocalypse level %(level)d"), base["apocalypse"], level=level_of("extra_summon")))
    summoned = sum(item["amount"] for item in lines) - state.get("summons_left", 0)
    if summoned > 0:
        lines.append(line(N_("Summoned"), -summoned))
    return part(lines)


def move(state: dict, hero_id: str) -> dict:
    return part(spaces.move_lines(state, hero_id))


def target(state: dict, mission_id: str) -> dict | None:
    """Where the mission's target came from: the story board, the hero-count
    icon, or the number the group entered."""
    value = mission_target(state, mission_id)
    if value is None:
        return None
    printed = mission(state, mission_id)["target"]
    entered = state["facts"]["targets"].get(mission_id)
    if (entered if entered is not None else printed) == "heroes":
        label = N_("Hero-count icon: %(count)d heroes in play")
        return part([line(label, value, count=state["options"]["hero_count"])])
    if entered is not None:
        return part([line(N_("Entered by the group"), value)])
    if printed == "all":
        return part([line(N_("Every one of them (done once none is left)"), value)])
    return part([line(N_("Printed on the story board"), value)])


#: Why a round-end task advanced the apocalypse track (effects.round_end_steps): a task that gives one
#: step per hero says how many heroes; the others give 1 when the board or the round met their condition.
ROUND_END_REASONS = {
    "apocalypse_1": N_("The story: 1 step every round end"),
    "apocalypse_per_dead_hero": N_("Heroes killed this round: %(count)d, 1 step each"),
    "apocalypse_if_hero_died": N_("A hero was killed this round"),
    "apocalypse_if_4_districts_monsters": N_("4 or more tracked districts held monsters"),
    "apocalypse_if_4_districts_corruption": N_("4 or more tracked districts held corruption tokens"),
    "apocalypse_if_district_two_fire": N_("A tracked district held 2 or more fire tokens"),
    "apocalypse_if_controller": N_("The controller was on a tracked space"),
    "apocalypse_if_avatar": N_("The avatar was on a tracked space"),
    "darkness_beckons": N_("Darkness Beckons: heroes at maximum corruption: %(count)d, 1 step each"),
}


def round_end(state: dict) -> list[tuple[str, dict]]:
    """The apocalypse steps of the last round end, task by task, each with
    the reason it counted (as the round end recorded them)."""
    return [(task, part([line(ROUND_END_REASONS.get(task, N_("Apocalypse steps")), steps, count=steps)]))
            for task, steps in state.get("round_end_steps") or []]


def hero_card(state: dict, hero_id: str) -> dict:
    """A hero's combat, skill and defense and where each comes from: the
    number the group entered, else the one printed on the hero card as the
    app's data has it (None: not known yet)."""
    entered = state["facts"]["heroes"].get(hero_id, {})
    out = {}
    for key in ("combat", "skill", "defense"):
        value = hero_fact(state, hero_id, key)
        source = N_("Entered by the group") if entered.get(key) is not None else N_("Printed on the hero card")
        out[key] = None if value is None else part([line(source, value)])
    return out


def cleanse(state: dict, hero_id: str) -> dict:
    """The current hero's cleanse dice, without and with voluntary
    corruption (None where it can't be taken, or the skill is not entered)."""
    out = {}
    for key, voluntary in (("without", False), ("with", True)):
        try:
            out[key] = part(battle.cleanse_lines(state, hero_id, {"voluntary": voluntary}))
        except ActionError:
            out[key] = None
    return out


def fighter_now(state: dict) -> tuple[str, str] | None:
    """(hero, by) of the fight that may start now: the current hero's before
    the turn's action, or the SIN's reaction against the hero just played."""
    if state.get("fight") is not None:
        return None
    turn, reaction = state.get("turn"), state.get("reaction")
    if turn and not turn["action_taken"]:
        return turn["hero"], "hero"
    if reaction and reaction["spent"] and not reaction.get("fought"):
        return reaction["hero"], "sin"
    return None


def fight(state: dict) -> dict | None:
    """The dice of the fight the fight form sends as it stands (the monsters
    and pentagrams of the hero's tracked space), without and with voluntary
    corruption, worked out as fight.start will: each {"hero_dice", "sin_dice"}
    or {"refused": {"message", "params"}}. None: no fight may start now, or
    the app doesn't know the monsters there (the form's "Show pools and
    chances" then works it out)."""
    fighter = fighter_now(state)
    where = state.get("spaces", {}).get(state["heroes"][fighter[0]].get("space") or "") if fighter else None
    if where is None or not any(where["monsters"].values()):
        return None
    hero_id, by = fighter
    payload = {"monsters": {kind: n for kind, n in where["monsters"].items() if n},
               "pentagrams": spaces.count(where, "pentagram")}
    out = {"hero": hero_id}
    for key, voluntary in (("without", False), ("with", True)):
        try:
            computed = fights.pools(battle.fight_setup(copy.deepcopy(state), hero_id,
                                                       {**payload, "voluntary": voluntary}, by))
            out[key] = {"hero_dice": computed["hero_dice"], "sin_dice": computed["sin_dice"]}
        except ActionError as refusal:
            out[key] = {"refused": {"message": refusal.message, "params": refusal.params}}
    return out


def for_view(state: dict) -> dict:
    alive = [h for h in state["order"] if not state["heroes"][h]["dead"]]
    current = state["story"]["mission"]
    turn = state.get("turn")
    return {"reactions": reaction_tokens(state), "summons": summons(state),
            "move": {h: move(state, h) for h in alive},
            "target": target(state, current) if current else None,
            "cleanse": cleanse(state, turn["hero"]) if turn and turn["hero"] in alive else None,
            "fight": fight(state)}
