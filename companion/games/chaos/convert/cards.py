"""The chaos decks and the Old World deck, from the reference notes'
tables (MORE-FACTS.md beside data.json): names, costs, magic symbols,
copies and which Old World cards place event tokens. What a card does is
written here, in our own words, where a source says it (`summary`), with
what the app carries out itself (`does`); a card no source explains has
neither, and the table applies it from the printed card."""

from __future__ import annotations

import re

from companion.rules import N_

GOD_HEADINGS = {"khorne": "Khorne", "nurgle": "Nurgle", "tzeentch": "Tzeentch", "slaanesh": "Slaanesh"}
DECK_SIZE = 24
OLD_WORLD_CARDS = 28

# -- what the cards do, in our words ------------------------------------------------------
#: Chaos cards: (summary, does). `does` kinds the app carries out: `cost_for_others`
#: (other gods pay `amount` more to play a card in this region), `cost_where_corrupt`
#: (this card costs `amount` less where the region holds `at_least` corruption),
#: `drain_power` (each other god with a cultist here loses 1 power, the player gains
#: 1 for each), `corruption` (the player places `amount` corruption here), `no_corruption`
#: (nobody places corruption in this region this round), `attack_domination` (the player's
#: figures here count their attack dice in domination instead of 1 each),
#: `consume_figures` (after corruption is placed, before the ruin check, the player's figures
#: here leave the board for 1 corruption per `per` of them), `corruption_domination` (the
#: player's corruption here adds to its domination, unless a card `unless` lies here),
#: `token_domination` (`amount` domination per token of `tokens` here); and those asking a
#: choice when played (card_choices.py): `teleport` (one of `units` here moves to any other
#: region), `warp_shield` (one of the player's figures here is shielded this round),
#: `control_enemy` (the player controls one enemy figure here this round), `move_token` (one
#: of `tokens` here moves to another region), `discard` (a god with figures here discards
#: `amount` chaos cards), `cancel` (the card beside it, or the next one played beside it this
#: round, may be cancelled), `lower_resistance` (the region's resistance is lower this round,
#: never below 0, by the amount the card prints: the sources give no number, so the player
#: says it from the card as it is played). `since`: the card_rules (state.py) from which a
#: table carries the effect out (an older table shows the card by name, as it was played).
CHAOS_EFFECTS = {
    "battle_cry": (N_("Nobody places corruption in this region this round."), {"kind": "no_corruption"}),
    "the_skull_throne": (N_("In domination here, Khorne's figures count their attack dice instead of 1 each."),
                         {"kind": "attack_domination"}),
    "field_of_carnage": (N_("Other gods' figures can't be teleported out of this region (only part of the card "
                         "is known)."), None),
    "the_blood_gods_call": (N_("Khorne moves figures into this region (as far as is known)."), None),
    "plague_aura": (N_("Nurgle's corruption here adds to his domination (not with Changer of Ways here)."),
                    {"kind": "corruption_domination", "unless": "changer_of_ways"}),
    # The FAQ (FACTS.md) settles the floor of 0; the amount is the printed card's.
    "influenza": (N_("The region's resistance is lower this round, by the amount the card prints (never below "
                     "0)."), {"kind": "lower_resistance", "since": 3}),
    "rain_of_pus": (N_("Nurgle's figures here are harder to kill (the exact rule is not known)."), None),
    "a_great_foul_consumption": (N_("After corruption is placed and before the ruin check, Nurgle removes all his "
                                 "figures here and places 1 corruption for every 2 removed."),
                                 {"kind": "consume_figures", "per": 2}),
    "the_final_rotting": (N_("Harms the other gods' figures here (the exact rule is not known)."), None),
    "changer_of_ways": (N_("Cancels another chaos card in this region."), {"kind": "cancel"}),
    "drain_power": (N_("Each other god with a cultist here loses 1 power; Tzeentch gains 1 for each."),
                    {"kind": "drain_power"}),
    "warp_shield": (N_("One of Tzeentch's figures here is protected this round."), {"kind": "warp_shield"}),
    "teleport": (N_("Move one cultist or warrior from this region to any region."),
                 {"kind": "teleport", "units": ["cultist", "warrior"]}),
    "temporal_stasis": (N_("Other gods pay 2 more power to play a chaos card in this region."),
                        {"kind": "cost_for_others", "amount": 2}),
    "the_meddling_of_skaven": (N_("A god with figures here discards 2 chaos cards."),
                               {"kind": "discard", "amount": 2}),
    "the_persistence_of_change": (N_("May stay in the region into the next round (when is not known)."), None),
    "perverse_infiltration": (N_("Slaanesh places 1 corruption here."), {"kind": "corruption", "amount": 1}),
    "dark_influence": (N_("Move one peasant, hero or noble from this region to another."),
                       {"kind": "move_token", "tokens": ["peasants", "heroes", "nobles"]}),
    "insidious_lies": (N_("Slaanesh adds 2 domination here for each hero and each noble in the region."),
                       {"kind": "token_domination", "tokens": ["heroes", "nobles"], "amount": 2}),
    "soporific_musk": (N_("Slaanesh controls one enemy figure here this round."), {"kind": "control_enemy"}),
    "degenerate_royalty": (N_("Costs 3 less in a region holding 3 or more corruption; its main effect is not "
                           "known."), {"kind": "cost_where_corrupt", "amount": 3, "at_least": 3}),
}
#: Old World cards: (summary, does). `does` kinds the app carries out: `tokens`
#: (place `count` of `token` in each region listed, or in `choose` regions the
#: drawer picks, or both; the drawer's regions `near` a token (holding or next to one) or one of
#: `pairs`), `peasant_vp` (1 VP per peasant a god holds, +`most` to the single god
#: holding most), `events` (an event card's tokens go in the `regions` listed; an event card
#: without them asks the drawer where). `since`: the card_rules (state.py) from which a table
#: carries the effect out (an older table's log replays as it was played).
OLD_WORLD_EFFECTS = {
    "plunged_into_chaos": (N_("Each god scores 1 VP per peasant it holds; the one god holding most scores 3 more "
                           "(a tie: nobody)."), {"kind": "peasant_vp", "most": 3}),
    "peasant_uprising": (N_("A peasant in every region but the Badlands; peasants are stronger while it is on "
                         "the track."), {"kind": "tokens", "token": "peasants", "count": 1,
                                        "regions": ["norsca", "troll_country", "kislev", "the_empire", "bretonnia",
                                                    "estalia", "tilea", "the_border_princes"]}),
    "up_from_skavenblight": (N_("A skaven in a region holding or bordering warpstone."),
                             {"kind": "tokens", "token": "skaven", "count": 1, "choose": 1, "near": "warpstone"}),
    "meteor_showers": (N_("One warpstone in each of two regions."),
                       {"kind": "tokens", "token": "warpstone", "count": 1, "choose": 2}),
    "warpstone_discovery": (N_("Two warpstone in one region; at the round's end each god with a figure in a "
                            "region holding warpstone draws a chaos card."),
                            {"kind": "tokens", "token": "warpstone", "count": 2, "choose": 1}),
    "greenskins_invade": (N_("Clears the event tokens, then places events in the Badlands, the Empire and Tilea."),
                          {"kind": "events", "regions": ["the_badlands", "the_empire", "tilea"], "since": 2}),
    "dwarf_trollslayers": (N_("Heroes in Norsca and Kislev, or in Troll Country and the Empire."),
                           {"kind": "tokens", "token": "heroes", "count": 1, "choose": 2,
                            "pairs": [["norsca", "kislev"], ["troll_country", "the_empire"]]}),
    "bretonnian_knights": (N_("A hero in Bretonnia and one in another region; at the round's end gods with figures "
                           "in Bretonnia discard (only part of the card is known)."),
                           {"kind": "tokens", "token": "heroes", "count": 1, "regions": ["bretonnia"], "choose": 1,
                            "since": 2}),
    "the_crusade_is_come": (N_("Acts on two regions (what it does is not known)."), None),
}


def card_id(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


def _rows(lines: list[str]) -> list[list[str]]:
    """The body rows of the first markdown table in `lines`."""
    rows, started = [], False
    for line in lines:
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if started and not set(cells[0]) <= {"-", ""}:
                rows.append(cells)
            started = True
        elif started:
            break
    return rows


def _section(text: str, heading: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    return lines[start + 1:]


def _plain(cell: str) -> str:
    return cell.replace("*", "").strip()


def chaos_decks(text: str) -> dict[str, list[dict]]:
    decks = {}
    for god, heading in GOD_HEADINGS.items():
        cards = []
        for cells in _rows(_section(text, f"### {heading}")):
            name, cost, magic, copies = (_plain(cell) for cell in cells[:4])
            disputed = "/" in magic
            summary, does = CHAOS_EFFECTS.get(card_id(name), (None, None))
            cards.append({"id": card_id(name), "name": name, "cost": int(cost), "copies": int(copies),
                          # Disputed (two sources disagree): the first source's, marked uncertain.
                          "magic": magic.split("/")[0].split()[-1] == "yes",
                          "magic_certain": not disputed,
                          "summary": summary, "does": does})
        if sum(card["copies"] for card in cards) != DECK_SIZE:
            raise ValueError(f"{god}: the deck does not add up to {DECK_SIZE}")
        decks[god] = cards
    return decks


def old_world_deck(text: str) -> list[dict]:
    cards = []
    for cells in _rows(_section(text, "## 2.")):
        names, copies, event = _plain(cells[0]), _plain(cells[1]), _plain(cells[2])
        for name in (part.strip() for part in names.split(",")) if "each" in copies else [names]:
            summary, does = OLD_WORLD_EFFECTS.get(card_id(name), (None, None))
            leaves = cells[3].lower().startswith("discard")  # used once, then out of the game
            cards.append({"id": card_id(name), "name": name, "copies": int(copies.split()[0]),
                          "event": event == "yes", "leaves": leaves, "summary": summary, "does": does})
    if sum(card["copies"] for card in cards) != OLD_WORLD_CARDS:
        raise ValueError(f"the Old World deck does not add up to {OLD_WORLD_CARDS}")
    return cards


def convert_cards(text: str) -> dict:
    return {"chaos": chaos_decks(text), "old_world": old_world_deck(text)}
