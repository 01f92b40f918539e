"""Display names of what the data files and the state name by id, marked for
translation (the web layer translates them when shown)."""

from __future__ import annotations

from companion.rules import N_, Msg

GOD_NAMES = {
    "khorne": N_("Khorne"),
    "nurgle": N_("Nurgle"),
    "tzeentch": N_("Tzeentch"),
    "slaanesh": N_("Slaanesh"),
}

REGION_NAMES = {
    "norsca": N_("Norsca"),
    "troll_country": N_("Troll Country"),
    "kislev": N_("Kislev"),
    "the_empire": N_("The Empire"),
    "bretonnia": N_("Bretonnia"),
    "estalia": N_("Estalia"),
    "tilea": N_("Tilea"),
    "the_border_princes": N_("The Border Princes"),
    "the_badlands": N_("The Badlands"),
}

UNIT_KIND_NAMES = {"cultist": N_("Cultist"), "warrior": N_("Warrior"), "greater_daemon": N_("Greater daemon"),
                   "peasant": N_("Peasant")}

UNIT_NAMES = {
    "bloodsworn": N_("Bloodsworn"), "bloodletter": N_("Bloodletter"), "bloodthirster": N_("Bloodthirster"),
    "leper": N_("Leper"), "plaguebearer": N_("Plaguebearer"), "great_unclean_one": N_("Great Unclean One"),
    "acolyte": N_("Acolyte"), "horror": N_("Horror"), "lord_of_change": N_("Lord of Change"),
    "seductress": N_("Seductress"), "daemonette": N_("Daemonette"), "keeper_of_secrets": N_("Keeper of Secrets"),
}

UPGRADE_NAMES = {
    "cultist": N_("cultist"), "warrior": N_("warrior"), "greater daemon": N_("greater daemon"),
    "+1 power": N_("+1 power"), "chaos cards": N_("chaos cards"), "power": N_("power"),
    "cultist (+1 defense)": N_("cultist (+1 defense)"),
    "greater daemon (Lord of Change gains two magic symbols)":
        N_("greater daemon (Lord of Change gains two magic symbols)"),
    "Great Unclean One": N_("Great Unclean One"), "Lepers": N_("Lepers"), "Plaguebearers": N_("Plaguebearers"),
    "Power of Pestilence": N_("Power of Pestilence"), "Provender of Ruin": N_("Provender of Ruin"),
}

#: Chaos cards and Old World cards by id (data/chaos/cards.json).
CARD_NAMES = {
    "blood_frenzy": N_("Blood Frenzy"),
    "battle_cry": N_("Battle Cry"),
    "the_skull_throne": N_("The Skull Throne"),
    "ritual_slaying": N_("Ritual Slaying"),
    "field_of_carnage": N_("Field of Carnage"),
    "reborn_in_blood": N_("Reborn in Blood"),
    "the_blood_gods_call": N_("The Blood God's Call"),
    "plague_aura": N_("Plague Aura"),
    "plague_touch": N_("Plague Touch"),
    "all_things_decay": N_("All Things Decay"),
    "influenza": N_("Influenza"),
    "rain_of_pus": N_("Rain of Pus"),
    "a_great_foul_consumption": N_("A Great Foul Consumption"),
    "the_final_rotting": N_("The Final Rotting"),
    "the_stench_of_death": N_("The Stench of Death"),
    "abyssal_pact": N_("Abyssal Pact"),
    "perverse_infiltration": N_("Perverse Infiltration"),
    "dark_influence": N_("Dark Influence"),
    "insidious_lies": N_("Insidious Lies"),
    "field_of_ecstasy": N_("Field of Ecstasy"),
    "soporific_musk": N_("Soporific Musk"),
    "degenerate_royalty": N_("Degenerate Royalty"),
    "changer_of_ways": N_("Changer of Ways"),
    "drain_power": N_("Drain Power"),
    "warp_shield": N_("Warp Shield"),
    "teleport": N_("Teleport"),
    "temporal_stasis": N_("Temporal Stasis"),
    "the_meddling_of_skaven": N_("The Meddling of Skaven"),
    "the_persistence_of_change": N_("The Persistence of Change"),
    "dazzle": N_("Dazzle"),
    "plunged_into_chaos": N_("Plunged Into Chaos"),
    "peasant_uprising": N_("Peasant Uprising"),
    "up_from_skavenblight": N_("Up From Skavenblight"),
    "meteor_showers": N_("Meteor Showers"),
    "warpstone_discovery": N_("Warpstone Discovery"),
    "greenskins_invade": N_("Greenskins Invade"),
    "dwarf_trollslayers": N_("Dwarf Trollslayers"),
    "bretonnian_knights": N_("Bretonnian Knights"),
    "the_crusade_is_come": N_("The Crusade is Come"),
    "dark_elf_corsairs": N_("Dark Elf Corsairs"),
    "electors_sue_for_peace": N_("Electors Sue for Peace"),
    "the_grail_is_found": N_("The Grail is Found"),
    "norse_reavers": N_("Norse Reavers"),
    "teclis_aids_the_empire": N_("Teclis Aids the Empire"),
    "divine_inspiration": N_("Divine Inspiration"),
    "electors_arise": N_("Electors Arise"),
    "franzs_decree": N_("Franz's Decree"),
    "the_horned_ones_due": N_("The Horned One's Due"),
    "mass_exodus": N_("Mass Exodus"),
    "road_wardens": N_("Road Wardens"),
    "skavengers": N_("Skavengers"),
    "witch_hunters": N_("Witch Hunters"),
}

PHASE_NAMES = {
    "setup": N_("Set-up"), "old_world": N_("Old World phase"), "draw": N_("Draw phase"),
    "summoning": N_("Summoning phase"), "battle": N_("Battle phase"), "corruption": N_("Corruption phase"),
    "end": N_("End phase"), "over": N_("Game over"),
}

REWARD_NAMES = {
    "vp": N_("%(amount)d VP"), "upgrade": N_("an upgrade card"), "draw_cards": N_("draw %(amount)d chaos cards"),
    "remove_corruption": N_("remove %(amount)d corruption"), "place_warpstone": N_("place %(amount)d warpstone"),
    "place_nobles": N_("place %(amount)d nobles"), "remove_old_world_tokens": N_("remove %(amount)d Old World tokens"),
    "victory": N_("victory"),
}

TOKEN_NAMES = {"warpstone": N_("Warpstone"), "heroes": N_("Heroes"), "nobles": N_("Nobles"),
               "peasants": N_("Peasants"), "skaven": N_("Skaven"), "resistance": N_("Resistance"),
               "conquest": N_("Conquest")}

END_REASONS = {
    "dial": N_("A threat dial reached victory."),
    "vp": N_("50 VP or more (the rulebook says both “reaches 50” and “more than 50”; this app counts 50 as enough)."),
    "ruin": N_("Five regions are ruined."),
    "old_world": N_("The Old World deck is empty: every god loses."),
}


def name_of(key: str) -> str:
    """The msgid naming any id above (the id itself when unknown)."""
    for table in (GOD_NAMES, REGION_NAMES, UNIT_KIND_NAMES, UNIT_NAMES, UPGRADE_NAMES, PHASE_NAMES, TOKEN_NAMES,
                  CARD_NAMES):
        if key in table:
            return table[key]
    return key


def name_param(key: str) -> Msg:
    """An id as a message param, shown by its translated name."""
    return Msg(name_of(key))


class NameList(Msg):
    """Several ids as one param ("Khorne, Nurgle"; "Leper ×2, Peasant"), each name translated."""

    def __new__(cls, keys: list, counts: list | None = None):
        counts = list(counts) if counts is not None else [1] * len(keys)
        made = super().__new__(cls, joined(keys, counts, lambda text: text))
        made.keys, made.counts = list(keys), counts
        return made

    def translated(self, translate, language: str | None = None) -> str:
        return joined(self.keys, self.counts, translate)


def joined(keys: list, counts: list, translate) -> str:
    return ", ".join(translate(name_of(key)) + (f" ×{count}" if count != 1 else "")
                     for key, count in zip(keys, counts, strict=True))
