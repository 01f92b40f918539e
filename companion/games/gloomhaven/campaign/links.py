"""Linked tables: what the campaign offers to start (a `gloomhaven` scenario
table per available scenario, with the party's characters, their levels and
the party's difficulty). Its result comes back as `scenario.result`."""

from __future__ import annotations

from companion.games.gloomhaven import data
from companion.games.gloomhaven.campaign import tree
from companion.rules import N_

try:  # the platform's offer type (companion.rules, linked tables)
    from companion.rules import ChildOffer
except ImportError:  # before linked tables land: the same fields as a plain record
    from dataclasses import dataclass, field

    @dataclass(frozen=True)
    class ChildOffer:  # type: ignore[no-redef]
        id: str
        label: str
        game: str
        name: str
        options: dict
        seat_roles: dict
        label_params: dict = field(default_factory=dict)


def party_characters(state: dict) -> list[dict]:
    return [{"character": c["id"], "seat": c["seat"], "class": c["class"], "name": c["name"], "level": c["level"],
             "blessings": c["blessings"], "equipped": list(c["equipped"])}
            for c in state["characters"].values() if not c["retired"]]


def offers(state: dict) -> list:
    characters = party_characters(state)
    if not characters:
        return []
    seat_roles = {c["seat"]: "player" for c in characters}
    found = []
    for row in tree.overview(state):
        if row["status"] != "available":
            continue
        number = row["number"]
        found.append(ChildOffer(
            id=f"scenario-{number}", label=N_("Play scenario %(number)d: %(name)s"), game="gloomhaven",
            name=f"{number} {data.scenario(number)['name']}",
            options={"scenario": number, "difficulty": state["party"]["difficulty"], "characters": characters},
            seat_roles=seat_roles, label_params={"number": number, "name": row["name"]}))
    return found
