"""A monster type's numbers at a level (rulebook, "Monster statistic cards",
p. 9): hit points, move, attack, range and the printed extras (shield,
retaliate, pierce, targets, conditions on its attacks, flying, immunities).

Bosses have one rank, "boss", and hit points that depend on the number of
characters ("8 × C"); some attacks add a letter explained in the note (C is
the number of characters).
"""

from __future__ import annotations

from companion.rules import N_, ActionError

RANKS = ("normal", "elite")


def ranks_of(monster: dict) -> tuple[str, ...]:
    return ("boss",) if monster.get("boss") else RANKS


def hit_points(raw, characters: int) -> tuple[int, list]:
    """A stat row's hit points for this many characters, with the working."""
    if isinstance(raw, int):
        return raw, []
    total = raw["per_character"] * characters // raw.get("divide_by", 1)
    if raw.get("divide_by", 1) != 1:
        return total, [[N_("%(each)d × %(characters)d characters ÷ %(divide)d = %(total)d"),
                        {"each": raw["per_character"], "characters": characters,
                         "divide": raw["divide_by"], "total": total}]]
    return total, [[N_("%(each)d × %(characters)d characters = %(total)d"),
                    {"each": raw["per_character"], "characters": characters, "total": total}]]


def attack_value(raw, characters: int) -> int:
    if isinstance(raw, int):
        return raw
    return raw.get("base", 0) + (characters if raw.get("plus") == "C" else 0)


def stats_at(monster: dict, level: int, rank: str, characters: int) -> dict:
    """The stat card's numbers for one rank at `level`, with hit points and
    attack worked out for this many characters."""
    if rank not in ranks_of(monster):
        raise ActionError(N_("This monster has no standees of that rank."), field="rank")
    row = dict(monster["levels"][level][rank])
    row["hit_points"], row["hit_points_working"] = hit_points(row["hit_points"], characters)
    row["attack"] = attack_value(row.get("attack") or 0, characters)
    row["move"] = row.get("move") or 0
    row["range"] = row.get("range") or 0
    row["immunities"] = list(monster.get("immunities", []))
    row["flying"] = bool(monster.get("flying"))
    return row
