"""English msgids for the names and effects the pages show, so they are
extracted into the game's catalog. Names printed in English on every edition
(heroes, cards, upgrades, Hell Club members) are shown as printed."""

from __future__ import annotations

from companion.rules import N_

SINS = {"pride": N_("Pride"), "sloth": N_("Sloth"), "gluttony": N_("Gluttony"), "greed": N_("Greed"),
        "lust": N_("Lust"), "wrath": N_("Wrath"), "envy": N_("Envy")}

ACOLYTES = {"nun": N_("Corrupted Nuns"), "doctor": N_("Corrupted Doctors"), "hobo": N_("Corrupted Hobos"),
            "police": N_("Corrupted Police"), "fireman": N_("Corrupted Firemen")}

ACOLYTE_EFFECTS = {
    "city_action_to_corruption": N_("then a city action of that district becomes a corruption token"),
    "mark_no_healing": N_("then the current hero is marked and can't heal until next round"),
    "upgrade_face_down": N_("then the current hero turns one of their upgrades face down until round end"),
    "isolated_hero_wound": N_("then the current hero, if alone, takes 1 wound"),
    "fire_token": N_("then a fire token goes on that space"),
}

STORY_TYPES = {"terror": N_("Terror"), "corruption": N_("Corruption"), "redemption": N_("Redemption")}

APOCALYPSE_EFFECTS = {
    "apocalypse_card": N_("Reveal an apocalypse card"),
    "extra_summon": N_("+1 monster summoned each round"),
    "extra_reaction_token": N_("+1 reaction token each round"),
    "extra_fight_die": N_("+1 SIN die in every fight"),
    "round_end_harm": N_("Each round's end: every hero takes 2 wounds and 2 corruption"),
}

RESULTS = {"hit": N_("Hit"), "defense": N_("Defense"), "counter_corruption": N_("Counter-corruption"),
           "skill": N_("Skill"), "faith": N_("Faith"), "corruption": N_("Corruption"),
           "critical_hit": N_("Critical hit"), "blank": N_("Blank")}

TIMINGS = {
    "hero_turn_start": N_("Hero turn start"), "first_hero_turn_start": N_("First hero turn start"),
    "hero_action_start": N_("Hero action start"), "fight_start": N_("Fight start"), "before_roll": N_("Before a roll"),
    "after_roll": N_("After a roll"), "after_controller_wounds": N_("After the controller wounds a hero"),
    "after_controller_corrupts": N_("After the controller corrupts a hero"),
    "after_controller_destroyed": N_("After the controller is destroyed"),
    "after_abomination_destroyed": N_("After an abomination is destroyed"),
    "after_monster_killed": N_("After a monster is killed"), "before_avatar_fight": N_("Before the avatar fights"),
    "before_controller_fight": N_("Before the controller fights"),
    "before_isolated_monster_attacks": N_("Before a lone monster attacks"),
}

CITY_ACTIONS = {"heal": N_("Heal"), "repent": N_("Repent"), "extra_turn": N_("Extra turn"),
                "upgrade": N_("Take an upgrade"), "satellite_cannon": N_("Satellite cannon")}

NPCS = {"commissioner": N_("Commissioner"), "proxy": N_("Proxy"), "raven_corp": N_("Raven Corp")}

DARK_PASTS = {
    "none": N_("No effect."), "wounds": N_("The hero takes %(amount)d wound."),
    "apocalypse": N_("The apocalypse track advances %(amount)d."),
    "wounds_or_corruption": N_("The hero chooses: %(amount)d wounds or %(amount)d corruption."),
    "wound_nearby_heroes": N_("The hero and every hero in the same or an adjacent space take %(amount)d wounds."),
    "dies_at_round_end": N_("The hero dies at the end of the round."),
    "joins_sin": N_("The player joins the SIN as a monster with 5 hits and 5 defense."),
}

EVENTS = {"avatar_summoned": N_("The avatar is summoned!"), "one_upgrade_each": N_("Each hero takes an upgrade."),
          "avatar_and_traitor_summoned": N_("The avatar and the traitor hero are summoned!")}

MISSION_GOALS = {
    "upgrades_held": N_("Heroes hold upgrades"),
    "abominations_killed_in_round": N_("Abominations killed in fights in one round"),
    "pentagrams_removed": N_("Pentagram tokens removed"),
    "marked_monsters_killed": N_("Marked monsters killed"),
    "heroes_at_corruption_3": N_("Heroes reaching corruption 3"),
    "corruption_removed": N_("Corruption tokens removed (no monster there)"),
    "districts_cleansed": N_("Districts marked (turn ended with no monster, no corruption token)"),
    "avatar_killed": N_("Avatar killed and a corruption token removed in one round"),
    "all_corruption_removed": N_("Every corruption token removed"),
    "innocents_revealed": N_("Innocents revealed"),
    "fire_or_corruption_removed": N_("Fire or corruption tokens removed (no monster there)"),
    "commissioner_to_start": N_("Commissioner brought to the starting space"),
    "innocents_rescued": N_("Innocents rescued"),
    "monsters_killed_in_round": N_("Monsters killed in one round"),
    "districts_guarded": N_("Districts marked (turn ended with no monster)"),
    "fire_removed": N_("Fire tokens removed"),
    "altar_destroyed": N_("Altar destroyed (3 skill results)"),
    "controller_and_avatar_killed": N_("Controller and avatar killed"),
    "hero_dark_past_revealed": N_("A hero at maximum corruption reveals their dark past"),
    "controller_killed": N_("Controller killed"),
    "traitor_killed": N_("Traitor hero killed"),
}

PHASES = {"setup": N_("Set-up"), "round_start": N_("Round start"), "hero_turns": N_("Hero turns"),
          "over": N_("Game over")}

STORIES = {"havens_last_stand": N_("Haven's Last Stand"), "the_darkness_within": N_("The Darkness Within"),
           "battleground_of_souls": N_("Battleground of Souls"), "haven_in_flames": N_("Haven in Flames"),
           "the_beast_we_become": N_("The Beast We Become")}

MONSTERS = {"abomination": N_("Abomination"), "controller": N_("Controller"), "avatar": N_("Avatar"),
            "acolyte": N_("Acolyte")}

CLASSES = {"leader": N_("Leader"), "fixer": N_("Fixer"), "sniper": N_("Sniper"), "bruiser": N_("Bruiser")}

TOKENS = {"fire": N_("Fire"), "corruption": N_("Corruption"), "pentagram": N_("Pentagram"), "nest": N_("Nest"),
          "altar": N_("Altar")}

TASKS = {
    "place_corruption_fire_pentagram": N_("Place a corruption, a fire and a pentagram token, each in a different space."),
    "place_two_corruption": N_("Place 2 corruption tokens in different spaces."),
    "place_innocent_fire_corruption_face_down": N_(
        "The SIN places an innocent, a fire and a corruption token face down, each in a different district."),
    "place_two_fire": N_("Place 2 fire tokens in different districts."),
    "mark_hero_corruption_at_turn_end": N_(
        "The SIN marks a hero not yet marked; the marked hero takes 1 corruption at the end of their turn."),
    "apocalypse_1": N_("The apocalypse track advances 1."),
    "apocalypse_per_dead_hero": N_("+1 apocalypse for each hero killed this round."),
    "apocalypse_if_4_districts_monsters": N_("+1 apocalypse if 4 or more districts hold monsters."),
    "apocalypse_if_4_districts_corruption": N_("+1 apocalypse if 4 or more districts hold corruption tokens."),
    "apocalypse_if_no_innocent_revealed": N_("+1 apocalypse if no innocent is revealed."),
    "apocalypse_if_hero_died": N_("+1 apocalypse if a hero was killed this round."),
    "apocalypse_if_district_two_fire": N_("+1 apocalypse if a district holds 2 or more fire tokens."),
    "apocalypse_if_controller": N_("+1 apocalypse if the controller is on the board."),
    "apocalypse_if_avatar": N_("+1 apocalypse if the avatar is on the board."),
}

SPECIAL_RULES = {
    "dark_past": N_("Dark pasts: a hero ending a turn at maximum corruption reveals theirs."),
    "explore_any_time": N_("Face-down tokens may be flipped at any time of a hero's turn, with no monster there."),
    "innocents_follow": N_("Innocents follow their hero until rescued on a starting space with no monster."),
    "traitor": N_("Traitor: the SIN picks a reserve hero as the traitor, fought at the story's end."),
}

MARKS = {"round": N_("Marked this round"), "story": N_("Marked by the story"),
         "slowed": N_("Slowed: moves 1 space less (or takes 1 wound to ignore it)")}
