"""Who acts when in a round (rulebook, "Determining initiative", p. 18;
"Monster turns: order of action", p. 29; "Summons", p. 26).

Lowest initiative first. A character tied with a monster type goes first; two
characters tied compare their other card (still tied: the players choose, the
app keeps seat order and says so). A long rest counts as 99. Summons act just
before their summoner, in the order they were summoned, and not in the round
they were summoned. Within a monster type elites act first, then normals, each
in ascending standee number. Two monster types on the same initiative (types
that share a deck) act in the order of their names: the seed is silent there.
"""

from __future__ import annotations

from companion.kit.phases import by_value

LONG_REST = 99


def character_key(character: dict, seat_index: int) -> tuple:
    if character.get("long_rest"):
        return (LONG_REST, 0, LONG_REST + 1, seat_index)
    second = character.get("second")
    return (character["initiative"], 0, LONG_REST + 1 if second is None else second, seat_index)


def turn_order(characters: list[dict], monster_types: list[dict], summons: list[dict] = (),
               round_number: int = 1) -> list[dict]:
    """The round's turns, first to last.

    characters: {"id", "initiative", "second", "long_rest"} in seat order;
    monster_types: {"id", "initiative", "name"}; summons: {"id", "owner",
    "summoned_round"} in the order they were summoned.
    Each turn is {"kind": "character"|"summon"|"monster", "id", "initiative",
    "players_choose": bool} — the last says this character tied with the next
    on both cards, so the players may swap them.
    """
    keyed = [(character_key(c, i), "character", c) for i, c in enumerate(characters)]
    keyed += [((m["initiative"], 1, m.get("name", m["id"]), 0), "monster", m) for m in monster_types]
    keyed = by_value(keyed, lambda entry: entry[0])
    turns = []
    for index, (key, kind, figure) in enumerate(keyed):
        if kind == "character":
            for summon in summons:
                if summon["owner"] == figure["id"] and summon["summoned_round"] < round_number:
                    turns.append({"kind": "summon", "id": summon["id"], "initiative": key[0],
                                  "players_choose": False})
        following = keyed[index + 1] if index + 1 < len(keyed) else None
        tied = (kind == "character" and following is not None and following[1] == "character"
                and following[0][:3] == key[:3])
        turns.append({"kind": kind, "id": figure["id"], "initiative": key[0], "players_choose": tied})
    return turns


def standee_order(standees: list[dict], round_number: int | None = None) -> list[dict]:
    """One monster type's standees in the order they act: elites first, then
    ascending numbers; those summoned this round (if `round_number` is
    given) do not act."""
    acting = [s for s in standees
              if round_number is None or s.get("summoned_round", 0) < round_number]
    return sorted(acting, key=lambda s: (s["rank"] != "elite", s["number"]))
