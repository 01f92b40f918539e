"""What the campaign offers to start: a `gloomhaven` scenario table per
available scenario, with the party's characters, their levels and the
party's difficulty, once no level-up or retirement is due in town."""

from __future__ import annotations

from companion.games.gloomhaven import character_decks
from companion.games.gloomhaven.campaign import data, links, progression, shop, town, tree
from companion.games.gloomhaven.names import NameOf
from companion.rules import N_, ChildOffer


def party_characters(state: dict) -> list[dict]:
    """The active characters as the scenario table takes them, each with its
    attack modifier deck (perks, items' −1 cards, the sanctuary's blessings)."""
    return [{"character": c["id"], "seat": c["seat"], "class": c["class"], "name": c["name"], "level": c["level"],
             "blessings": c["blessings"], "equipped": list(c["equipped"]),
             "deck": character_decks.campaign_mix(town.class_perks(state, c["class"]), c["perks"],
                                                  shop.minus_one_cards(c), c["blessings"])}
            for c in state["characters"].values() if not c["retired"]]


def levels_due(state: dict) -> list[str]:
    """The active characters whose experience has reached their next level:
    levelling up is compulsory in town (rulebook p. 44), so before the next scenario."""
    return [c["name"] for c in state["characters"].values()
            if not c["retired"] and progression.level_for(c["experience"]) > c["level"]]


def retirements_due(state: dict) -> int:
    """How many active characters have fulfilled their personal quest: each
    retires at its next visit to Gloomhaven, before another scenario (rulebook
    p. 48). A count, not names: the quests are their players' own business."""
    return sum(1 for seat, secret in state["secrets"].items()
               if secret.get("quest") and (who := town.active_character(state, seat)) and town.unmet_goal(secret,
                                                                                                          who) is None)


def offers(state: dict) -> list:
    from companion import (
        games,  # the scenario table type may be missing from an install
    )
    characters = party_characters(state)
    away = [offer for offer, _ in links.playing(state)]
    in_town_first = levels_due(state) or retirements_due(state)
    if not characters or "gloomhaven" not in games.table_types() or (in_town_first and not away):
        return []
    seat_roles = {c["seat"]: "player" for c in characters}
    found = []
    for row in tree.overview(state):
        if row["status"] != "available":
            continue
        number = row["number"]
        found.append(ChildOffer(
            id=links.offer_id(number, state["visit"]), label=N_("Play scenario %(number)d: %(name)s"),
                game="gloomhaven",
            name=f"{number} {data.scenario(number)['name']}",
            options={"scenario": number, "difficulty": state["party"]["difficulty"], "characters": characters},
            seat_roles=seat_roles, label_params={"number": number, "name": NameOf("scenarios", number)}))
    # One scenario at a time: while a table is being played, only it is offered (to open it again).
    return [offer for offer in found if offer.id in away] if away else found
