"""Short sentences that say why the monster does what it does.

Every message is a module-level constant marked with `N_` (so ``pybabel
extract -k N_`` finds it); a sentence is built as ``translate(MSGID) % params``
with the caller's `translate`, so the solver stays free of any web import.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.rules import N_

# -- focus ----------------------------------------------------------------------
FOCUS_ONLY = N_("Focus %(focus)s: the only enemy it can attack.")
FOCUS_HERE = N_("Focus %(focus)s: it can attack without moving; %(other)s needs %(other_points)d movement.")
FOCUS_CLOSER = N_("Focus %(focus)s: %(points)d movement to attack, %(other)s needs %(other_points)d.")
FOCUS_TRAPS = N_(
    "Focus %(focus)s: traps or hazards on the way to attack it: %(traps)d, for %(other)s: %(other_traps)d."
)
FOCUS_PROXIMITY = N_(
    "Focus %(focus)s: as much movement to attack as %(other)s (%(points)d), but nearer (proximity %(range)d against %(other_range)d)."  # noqa: E501 (one msgid)
)
FOCUS_INITIATIVE = N_(
    "Focus %(focus)s: as near as %(other)s, and acts earlier (initiative %(initiative)d against %(other_initiative)d)."
)
FOCUS_SUMMON = N_("Focus %(focus)s: as near as %(other)s, and a summon acts just before its summoner.")
FOCUS_RESTING = N_("Focus %(focus)s: as near as %(other)s, who is on a long rest and acts last.")
FOCUS_TIE = N_(
    "Focus %(focus)s (the players choose among %(all)s: same movement, proximity and initiative)."
)
NO_ENEMY = N_("No enemy to focus on (invisible enemies are ignored): it stays and does not attack.")
NO_WAY = N_("No enemy it can ever attack from here: it stays and does not attack.")

# -- what it does -----------------------------------------------------------------
ATTACKS_IN_PLACE = N_("Attacks %(targets)s without moving.")
MOVES_AND_ATTACKS = N_("Moves %(points)d and attacks %(targets)s.")
STEPS_AWAY = N_("Moves %(points)d away to attack %(targets)s without disadvantage.")
WITH_DISADVANTAGE = N_("Disadvantage on %(targets)s: a ranged attack on an adjacent enemy.")
TRAPS_ON_WAY = N_("Traps or hazards it cannot avoid on the way: %(traps)d.")
APPROACHES = N_(
    "It cannot attack this turn: moves %(points)d toward [%(q)d, %(r)d], where it can attack (%(left)d movement still to go)."  # noqa: E501 (one msgid)
)
CANNOT_CLOSE = N_("It cannot attack this turn and no move brings it closer: it stays.")
MOVES_TOWARD = N_("Moves %(points)d toward %(focus)s.")
STAYS = N_("Does not move.")
PLAYERS_CHOOSE = N_("The players choose among %(count)d equally good options.")
NOBODY = N_("nobody")

# -- joining pieces ---------------------------------------------------------------
TWO_SENTENCES = N_("%(first)s %(second)s")
LIST_SEPARATOR = N_(", ")


def _names(ids, translate) -> str:
    ids = sorted(ids)
    if not ids:
        return translate(NOBODY)
    return translate(LIST_SEPARATOR).join(ids)


def _join(parts, translate) -> str:
    text = parts[0]
    for part in parts[1:]:
        text = translate(TWO_SENTENCES) % {"first": text, "second": part}
    return text


def focus_sentence(chosen: list, ranked: list, translate: Callable[[str], str], fid: str) -> str:
    """Why `fid` is a focus: against the best enemy that is not tied with it."""
    me = next(s for s in chosen if s.enemy.id == fid)
    if len(chosen) > 1:
        return translate(FOCUS_TIE) % {"focus": fid, "all": _names([s.enemy.id for s in chosen], translate)}
    others = [s for s in ranked if s.key != me.key]
    if not others:
        return translate(FOCUS_ONLY) % {"focus": fid}
    other = others[0]
    params = {"focus": fid, "other": other.enemy.id}
    if me.cost[0] != other.cost[0]:
        params.update(traps=me.cost[0], other_traps=other.cost[0])
        return translate(FOCUS_TRAPS) % params
    if me.cost[1] != other.cost[1]:
        params.update(points=me.cost[1], other_points=other.cost[1])
        return translate(FOCUS_HERE if me.cost[1] == 0 else FOCUS_CLOSER) % params
    if me.proximity != other.proximity:
        params.update(points=me.cost[1], range=me.proximity, other_range=other.proximity)
        return translate(FOCUS_PROXIMITY) % params
    if me.order[0] != other.order[0]:
        return translate(FOCUS_RESTING) % params
    if me.order[1] != other.order[1]:
        params.update(initiative=me.order[1], other_initiative=other.order[1])
        return translate(FOCUS_INITIATIVE) % params
    return translate(FOCUS_SUMMON) % params


def action_sentence(outcome, context, translate: Callable[[str], str]) -> str:
    """What the monster does in `outcome`, and why."""
    points = outcome.cost[1]
    targets = _names(outcome.attacks, translate)
    parts = []
    if not context.attacking:
        if points:
            parts.append(translate(MOVES_TOWARD) % {"points": points, "focus": outcome.focus})
        else:
            parts.append(translate(STAYS))
    elif outcome.attacks:
        if points == 0:
            parts.append(translate(ATTACKS_IN_PLACE) % {"targets": targets})
        elif context.stepped_away(outcome):
            parts.append(translate(STEPS_AWAY) % {"points": points, "targets": targets})
        else:
            parts.append(translate(MOVES_AND_ATTACKS) % {"points": points, "targets": targets})
        slowed = context.disadvantaged(outcome)
        if slowed:
            parts.append(translate(WITH_DISADVANTAGE) % {"targets": _names(slowed, translate)})
    elif points == 0:
        parts.append(translate(CANNOT_CLOSE))
    else:
        goal = outcome.goal
        parts.append(
            translate(APPROACHES)
            % {"points": points, "q": goal[0], "r": goal[1], "left": context.left(outcome)}
        )
    if outcome.cost[0]:
        parts.append(translate(TRAPS_ON_WAY) % {"traps": outcome.cost[0]})
    return _join(parts, translate)


def why(focus_text: str, action_text: str, count: int, translate) -> str:
    parts = [focus_text, action_text]
    if count > 1:
        parts.append(translate(PLAYERS_CHOOSE) % {"count": count})
    return _join(parts, translate)
