"""The Others' two dice, built on the shared engine from the side counts the
group enters.

What each result does (rulebook "dice rolls"): SIN die: corruption gives the
target 1 corruption; hit 1 wound; a critical hit counts as a hit and rolls one
more die, again and again; blank nothing. Hero die: hit; counter-corruption
cancels one SIN corruption; defense cancels one SIN hit; skill removes a
token when cleansing; faith rolls one more die, again and again, and once
everything is rolled may be turned into any other result. How many of the
six sides carry each result is printed on no page we have: the group counts
them on one physical die of each kind.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.dice import Die, Face, Pool, Roll
from companion.games.the_others import data
from companion.kit.fields import Text
from companion.rules import N_, ActionError

SIN_KIND = "the_others_sin"
HERO_KIND = "the_others_hero"

SIN_RESULTS: dict[str, dict[str, Any]] = {
    "corruption": {"label": N_("Corruption"), "corruption": 1},
    "hit": {"label": N_("Hit"), "hit": 1},
    "critical_hit": {"label": N_("Critical hit"), "hit": 1, "explode": True},
    "blank": {"label": N_("Blank")},
}

HERO_RESULTS: dict[str, dict[str, Any]] = {
    "hit": {"label": N_("Hit"), "hit": 1},
    "counter_corruption": {"label": N_("Counter-corruption"), "counter_corruption": 1},
    "defense": {"label": N_("Defense"), "defense": 1},
    "skill": {"label": N_("Skill"), "skill": 1},
    "faith": {"label": N_("Faith"), "faith": 1, "explode": True},
    "blank": {"label": N_("Blank")},
}

#: What a faith may become once the roll is over.
FAITH_TURNS_INTO = ("hit", "counter_corruption", "defense", "skill")

SIN_LABEL = N_("SIN die")
HERO_LABEL = N_("Hero die")


def sides() -> int:
    return data.dice()["sin"]["total"]


def sin_die(sides_per_result: Mapping[str, Any], *, field: str = "sin_die") -> Die:
    """The SIN die from how many sides show each result, e.g.
    {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}."""
    return _die_from_counts(SIN_KIND, SIN_LABEL, SIN_RESULTS, sides_per_result, field)


def hero_die(sides_per_result: Mapping[str, Any], *, field: str = "hero_die") -> Die:
    """The hero die from how many sides show each result."""
    return _die_from_counts(HERO_KIND, HERO_LABEL, HERO_RESULTS, sides_per_result, field)


def _die_from_counts(kind: str, label: str, results: Mapping[str, Mapping], counts: Any, field: str) -> Die:
    if not isinstance(counts, Mapping):
        raise ActionError(N_("%(die)s: enter how many sides show each result."), field=field, die=label)
    faces = []
    for result, count in counts.items():
        if result not in results:
            raise ActionError(N_("%(die)s has no “%(face)s” result; its results are %(faces)s."), field=field,
                              die=label, face=str(result)[:40], faces=", ".join(results))
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ActionError(N_("%(die)s: the number of sides must be a whole number, 0 or more."),
                              field=field, die=label)
        if count:
            faces.append(Face.from_spec(result, {**results[result], "sides": count}))
    if sum(face.sides for face in faces) != sides():
        raise ActionError(N_("%(die)s: the sides of all results must add up to %(sides)d."), field=field,
                          die=label, sides=sides())
    return Die(kind, faces, label=label)


def entered_only_die(kind: str, label: str, results: Mapping[str, Mapping]) -> Die:
    """A die that knows its faces but not their odds: used to read physical
    results before the group has counted the sides (one side per face, so no
    probability drawn from it means anything)."""
    return Die(kind, [Face.from_spec(result, {**spec, "sides": 1}) for result, spec in results.items()], label=label)


def dice_for(counts: Mapping[str, Mapping[str, int]] | None) -> tuple[Die, Die, bool]:
    """(SIN die, hero die, known): the dice from the table's entered counts,
    or face-only dice (known False) until they are entered."""
    if counts and counts.get("sin") and counts.get("hero"):
        return sin_die(counts["sin"]), hero_die(counts["hero"]), True
    return (entered_only_die(SIN_KIND, SIN_LABEL, SIN_RESULTS),
            entered_only_die(HERO_KIND, HERO_LABEL, HERO_RESULTS), False)


def pool(die: Die, count: int) -> Pool:
    return Pool({die: max(0, count)})


def read_roll(record: Mapping, die: Die) -> Roll:
    """A recorded roll (drawn by the server or entered) rebuilt with the table's die."""
    return Roll.from_json(record, [die])


def totals(roll: Roll) -> dict[str, int]:
    """Every result counted, explosions included: hit, corruption (SIN);
    hit, defense, counter_corruption, skill, faith (hero)."""
    return roll.totals()


def faiths_turned(faith: int, turned: Mapping[str, Any] | None, *, field: str = "faith") -> dict[str, int]:
    """Check how the hero turns their faith results: at most one result per
    faith; what is not turned stays a faith (no effect)."""
    if turned is not None and not isinstance(turned, Mapping):
        raise ActionError(N_("Enter how many faiths become each result."), field=field)
    turned = dict(turned or {})
    out = {}
    for result, count in turned.items():
        if result not in FAITH_TURNS_INTO:
            raise ActionError(N_("A faith can become a hit, counter-corruption, defense or skill."), field=field)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ActionError(N_("Enter how many faiths become each result."), field=field)
        if count:
            out[result] = count
    if sum(out.values()) > faith:
        raise ActionError(N_("Only %(faith)d faith results were rolled."), field=field, faith=faith)
    return out


# -- dice rolled at the table, typed in the reader's words ----------------------------------------------
TRANSLATIONS = Path(__file__).parent / "translations"


@lru_cache(maxsize=1)
def face_words() -> dict[str, str]:
    """Every way a face may be typed -> its id: the id, and its name in English
    and in every language the game ships (a Chinese phone types 命中, a
    Japanese one ヒット; the log keeps the id)."""
    words = {face: face for face in (*SIN_RESULTS, *HERO_RESULTS)}
    catalogs = [gettext.NullTranslations()]
    for path in sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.mo")):
        with path.open("rb") as compiled:
            catalogs.append(gettext.GNUTranslations(compiled))
    for results in (SIN_RESULTS, HERO_RESULTS):
        for face, spec in results.items():
            for catalog in catalogs:
                words.setdefault(catalog.gettext(spec["label"]).casefold(), face)
    return words


@dataclass(frozen=True)
class FaceWords(Text):
    """Faces rolled at the table, typed as words in any shipped language (or
    as ids); parsed into face ids, so the log replays whatever the catalogs
    later say. A word that names no face is kept, for the roll to refuse
    with the die's faces listed."""

    def parse(self, raw: object) -> str:
        text = super().parse(raw)
        words = face_words()
        return " ".join(words.get(word.casefold(), word) for word in re.split(r"[\s,，、;；]+", text) if word)
