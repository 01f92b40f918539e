"""The history lines: what happened, to which hero, where, how many, with
which dice. The platform puts who acted first, so no line names the player;
each is built from the payload as the reader may see it (redacted), so no
line reveals a secret. Names and faces go in as `Listed` params, translated
when the line is read."""

from __future__ import annotations

from companion.games.the_others import data, names
from companion.rules import N_, NP_, Action, Msg


class Listed(Msg):
    """Several msgids (each with an optional count in front), translated one
    by one when read and joined: "1 Abomination, 2 Acolyte", "Hit Skill"."""

    def __new__(cls, parts: list[tuple[int | None, str]] | str, joiner: str = ", "):
        if isinstance(parts, str):  # a copy being made (copy, pickle): its parts come back with its __dict__
            made = super().__new__(cls, parts)
            made.parts, made.joiner = [(None, parts)], joiner
            return made
        text = joiner.join(f"{n} {name}" if n is not None else name for n, name in parts)
        made = super().__new__(cls, text or "—")
        made.parts, made.joiner = list(parts), joiner
        return made

    def translated(self, translate, language=None) -> str:
        if not self.parts:
            return "—"
        return self.joiner.join(f"{n} {translate(name)}" if n is not None else translate(name)
                                for n, name in self.parts)


def hero_name(hero_id) -> str:
    return data.heroes().get(hero_id, {}).get("name", "?") if isinstance(hero_id, str) else "?"


def space_name(state: dict, space_id) -> str:
    return state.get("spaces", {}).get(space_id, {}).get("name", "?") if isinstance(space_id, str) else "?"


def monsters_listed(monsters) -> tuple[int, Listed]:
    """How many monsters in all, and which."""
    parts = []
    for kind, n in (monsters or {}).items() if isinstance(monsters, dict) else ():
        if isinstance(n, int) and n > 0:
            name = names.MONSTERS.get(kind) or data.hell_club().get(kind, {}).get("name", kind)
            parts.append((n, name))
    return sum(n for n, _ in parts), Listed(parts)


def faces(record) -> list[str]:
    """Every face of a recorded roll, explosions after the die they came from."""
    out = []

    def walk(dice):
        for die in dice or []:
            out.append(die.get("face", "?"))
            walk(die.get("children"))
    walk((record or {}).get("dice") if isinstance(record, dict) else None)
    return out


def dice_listed(payload: dict, side: str) -> tuple[Listed, bool]:
    """The faces of one side's roll, and whether they were typed in from dice rolled at the table."""
    entered = payload.get("entered")
    typed = entered.get(side) if isinstance(entered, dict) else None
    shown = typed.split() if isinstance(typed, str) else faces(payload.get(f"{side}_roll"))
    return Listed([(None, names.RESULTS.get(face, face)) for face in shown], " "), isinstance(typed, str)


# -- the lines -------------------------------------------------------------------------------------
def fight_started(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    count, which = monsters_listed(action.payload.get("monsters"))
    hero, hero_typed = dice_listed(action.payload, "hero")
    sin, sin_typed = dice_listed(action.payload, "sin")
    params = {"count": count, "monsters": which, "hero": hero, "sin": sin}
    if hero_typed or sin_typed:
        return NP_("fought %(count)d monster (%(monsters)s) with typed dice: hero %(hero)s, SIN %(sin)s",
                   "fought %(count)d monsters (%(monsters)s) with typed dice: hero %(hero)s, SIN %(sin)s"), params
    return NP_("fought %(count)d monster (%(monsters)s): hero rolled %(hero)s, SIN rolled %(sin)s",
               "fought %(count)d monsters (%(monsters)s): hero rolled %(hero)s, SIN rolled %(sin)s"), params


def fight_prepared(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    count, which = monsters_listed(action.payload.get("monsters"))
    return NP_("prepared a fight against %(count)d monster (%(monsters)s)",
               "prepared a fight against %(count)d monsters (%(monsters)s)"), {"count": count, "monsters": which}


def fight_chosen(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    if action.payload.get("voluntary"):
        return N_("chose the hero's part of the fight: voluntary corruption"), {}
    return N_("chose the hero's part of the fight: no voluntary corruption"), {}


def cleansed(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    rolled, typed = dice_listed(action.payload, "hero")
    if typed:
        return N_("cleansed with typed dice: %(dice)s"), {"dice": rolled}
    return N_("cleansed: rolled %(dice)s"), {"dice": rolled}


def checked(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    rolled, typed = dice_listed(action.payload, "sin")
    kind = action.payload.get("kind")
    params = {"hero": hero_name(action.payload.get("hero")), "count": action.payload.get("tokens") or 0,
              "dice": rolled}
    if kind == "fire":
        return (NP_("fire check of %(hero)s against %(count)d token, typed dice: %(dice)s",
                    "fire check of %(hero)s against %(count)d tokens, typed dice: %(dice)s") if typed else
                NP_("fire check of %(hero)s against %(count)d token: rolled %(dice)s",
                    "fire check of %(hero)s against %(count)d tokens: rolled %(dice)s")), params
    return (NP_("corruption check of %(hero)s against %(count)d token, typed dice: %(dice)s",
                "corruption check of %(hero)s against %(count)d tokens, typed dice: %(dice)s") if typed else
            NP_("corruption check of %(hero)s against %(count)d token: rolled %(dice)s",
                "corruption check of %(hero)s against %(count)d tokens: rolled %(dice)s")), params


def summoned(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    count, which = monsters_listed(action.payload.get("monsters"))
    if action.payload.get("space"):
        return NP_("summoned %(count)d monster (%(monsters)s) onto %(space)s",
                   "summoned %(count)d monsters (%(monsters)s) onto %(space)s"), \
            {"count": count, "monsters": which, "space": space_name(state, action.payload["space"])}
    return NP_("summoned %(count)d monster (%(monsters)s)", "summoned %(count)d monsters (%(monsters)s)"), \
        {"count": count, "monsters": which}


def drew(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    return NP_("drew %(count)d sin card", "drew %(count)d sin cards"), {"count": action.payload.get("count") or 1}


def moved(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    params = {"hero": hero_name(action.payload.get("hero")), "space": space_name(state, action.payload.get("to"))}
    if action.payload.get("teleport"):
        return N_("teleported %(hero)s to %(space)s"), params
    return N_("moved %(hero)s to %(space)s"), params


def monsters_moved(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    count, which = monsters_listed({action.payload.get("kind"): action.payload.get("count") or 1})
    return NP_("moved %(count)d monster (%(monsters)s) from %(from)s to %(to)s",
               "moved %(count)d monsters (%(monsters)s) from %(from)s to %(to)s"), \
        {"count": count, "monsters": which, "from": space_name(state, action.payload.get("space")),
         "to": space_name(state, action.payload.get("to"))}


def apocalypse_advanced(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    return NP_("advanced the apocalypse track %(count)d step", "advanced the apocalypse track %(count)d steps"), \
        {"count": action.payload.get("steps") or 1}


def token_removed(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    return N_("removed a token: %(token)s"), {"token": Listed([(None, names.TOKENS.get(action.payload.get("what"),
                                                                                        "?"))])}


def space_added(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    return N_("added the space %(space)s"), {"space": action.payload.get("name") or "?"}


def fight_resolved(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    assigned = action.payload.get("assigned") or []
    return N_("resolved the fight: hits on each monster %(hits)s"), {"hits": " ".join(str(n) for n in assigned) or "0"}
