"""What the rulebooks state, as data: the input the converter merges with the
reference folder's findings to write data/the_others/.

Facts only, restated in our own schema; the rulebook translations (Chinese and
Japanese) are the authority. Where they print a number as an icon the text
lost, the value is None and the group enters it at set-up. Card and ability
names are the proper names the cards print (in English in every edition); what
they do is on the physical card, so only effects the fight calculator needs
are kept, as numbers.
"""

from __future__ import annotations

# -- tracks ------------------------------------------------------------------------
# Hero dashboard, corruption track (Japanese rulebook, "voluntary corruption").
CORRUPTION_LEVELS = [
    {"level": 1, "bonus": {}},
    {"level": 2, "bonus": {"dice": 1}},
    {"level": 3, "bonus": {"defense": 1}},
    {"level": 4, "bonus": {"hit": 1}},
    {"level": 5, "bonus": {"dice": 1}},
    {"level": 6, "bonus": {"hit": 2}},
    # One result of the player's choice among these.
    {"level": 7, "bonus": {"choice": ["hit", "skill", "defense", "counter_corruption"]}},
]

# Apocalypse board, levels 1-7 (effects are cumulative).
APOCALYPSE_LEVELS = [
    {"level": 1, "effect": "apocalypse_card"},
    {"level": 2, "effect": "extra_summon", "amount": 1},
    {"level": 3, "effect": "apocalypse_card"},
    {"level": 4, "effect": "extra_reaction_token", "amount": 1},
    {"level": 5, "effect": "apocalypse_card"},
    {"level": 6, "effect": "extra_fight_die", "amount": 1},
    {"level": 7, "effect": "round_end_harm", "wounds": 2, "corruption": 2},
]

# -- set-up and round numbers ------------------------------------------------------
CONSTANTS = {
    "hero_count_by_players": {"1": 3, "2": 4, "3": 3, "4": 4},
    "team": {"leader": 1, "fixer": 2, "sniper": 2, "bruiser": 2},
    "wound_tokens": 5,
    "turn_tokens": 2,
    "inventory_size": 5,
    # One passage of the Japanese rulebook says "as many as heroes"; its
    # summary, its Altar section and the Chinese rulebook say 5.
    "starting_sin_cards": 5,
    "move": 2,
    "monster_move": 2,
    "leave_monster_space_wounds": 1,
    "apocalypse_max": 7,
    "corruption_max": 7,
    "dark_pasts_dealt": {"3": [1, 3, 5], "4": [1, 3, 5, 6]},
    # Haven in Flames, mission 3: "3 successes remove the altar" (a cleanse).
    "altar_cleanse_skills": 3,
}

CITY_ACTIONS = ["heal", "repent", "extra_turn", "upgrade", "satellite_cannon"]

NPCS = [
    {"id": "commissioner", "name": "Commissioner", "effect": {"fight_dice": 1}},
    {"id": "proxy", "name": "Proxy", "effect": {"ignore_fire_wound": 1, "ignore_check_corruption": 1}},
    {"id": "raven_corp", "name": "Raven Corp", "effect": {"move": 1}},
]

# -- dice: the faces each die has (how many sides carry each is unknown) -------------
DICE = {
    "sin": ["corruption", "hit", "critical_hit", "blank"],
    # The rulebooks name five hero results; a blank side is possible but unnamed.
    "hero": ["hit", "counter_corruption", "defense", "skill", "faith", "blank"],
}
DIE_SIDES = 6

# -- heroes ------------------------------------------------------------------------------
# The rulebook's hero pages (names and natural abilities) and its worked
# examples: Rose fights with 2 dice and has base defense 1; Rocco has base
# defense 2 and rolls 2 dice in his ranged fight, where Killshot adds 2 hits.
SEED_HEROES = [
    {"id": "leah", "name": "Leah"},
    {"id": "morgana", "name": "Morgana", "abilities": ["Vampiric Regeneration"], "turn_end": {"heal": 1}},
    {"id": "thorley", "name": "Thorley", "abilities": ["Protector"],
     "fight_effects": {"protector": {"ally_wounds_cancelled": 1}}},
    {"id": "rocco", "name": "Rocco", "abilities": ["Killshot"], "combat": 2, "defense": 2,
     "fight_effects": {"killshot": {"ranged_hits": 2}}},
    {"id": "brad", "name": "Brad", "abilities": ["Demolitions"],
     "turn_end": {"may_kill": ["acolyte", "abomination"], "corruption": 1, "fire_tokens": 1}},
    {"id": "karl", "name": "Karl", "abilities": ["Shapeshift", "Umbral Speed"]},
    {"id": "rose", "name": "Rose", "abilities": ["Mind Control"], "combat": 2, "defense": 1},
    {"id": "nicole", "name": "Nicole", "abilities": ["Take No Shit"]},
    {"id": "baldur", "name": "Baldur", "abilities": ["The Inside Track"]},
    {"id": "rosario", "name": "Rosario", "abilities": ["Child of Darkness"]},
    {"id": "will", "name": "Will", "abilities": ["Problem-Solver"]},
    {"id": "adrian", "name": "Adrian", "abilities": ["Paint the Town Red"]},
]

# -- sins ------------------------------------------------------------------------------------
# Cards every sin's deck shares, then each sin's own. Timings as printed.
COMMON_SIN_CARDS = [
    ("Abominable Fury", "fight_start", {"hits_per_abomination": 1}),
    ("Cursed Fate", "after_roll", {}),
    ("Damned If You Do...", "hero_turn_start", {}),
    ("Evil Regroups", "hero_turn_start", {}),
    ("For Our Master!", "fight_start", {}),
    ("Hate!", "first_hero_turn_start", {}),
]

# What a card does when played, where the Japanese rulebook gives it
# precisely; the app applies it (cards.apply_played). "by_hand": part of the
# card (a move, a teleport, a choice) is still done at the table. Cards not
# listed are done at the table.
SIN_CARDS_PLAYED = {
    # "If the hero is isolated: 1 corruption to them, and 1 reaction token."
    "alone_in_the_dark": {"if_isolated": {"corruption": 1, "reaction_tokens": 1}},
    "sleep_dust": {"reaction_tokens": 2},
    "ravenous_mastery": {"reaction_tokens": 2},
    "slouching_towards_bethlehem": {"corruption": 2},
    # "Until round end, heroes leaving a space with an abomination take 2 wounds, not 1."
    "punish_the_idle": {"round_rule": True},
    # "Other heroes holding an extra-turn token take 1 wound each."
    "grisly_appetite": {"others_with_extra_turns_wounds": 1},
    # "Give the current hero an upgrade (the SIN chooses) and an extra-turn token."
    "grim_voracity": {"extra_turns": 1, "give_upgrade": 1},
    "thirst_that_won_t_slake": {"give_upgrade": 1, "corruption": 1},
    # "1 sin card and 1 reaction token per upgrade the current hero holds."
    "feeding_from_selfishness": {"draw_per_upgrade": 1, "reaction_tokens_per_upgrade": 1},
    "covetousness": {"draw": 1, "by_hand": True},
    # "2 reaction tokens, and 1 extra-turn token to a hero of the SIN's choice."
    "lure_of_power": {"reaction_tokens": 2, "extra_turn_to_chosen_hero": 1},
    "for_vengeance": {"wounds": 1, "by_hand": True},
    # "Each hero in that space takes 2 corruption."
    "mind_games": {"space_corruption": 2},
    # "If the fight wounds or corrupts the hero, draw 2 sin cards."
    "for_our_master": {"draw_if_harmed": 2},
}

SINS = [
    {"id": "pride", "name": "Pride", "power": "Beware Lone Heroes!",
     "power_effect": {"isolated_defense_cancelled": 1},
     "cards": [
         ("Alone in the Dark", "hero_turn_start", {}),
         ("Haphephobia", "hero_turn_start", {}),
         ("Curse of Ego", "hero_turn_start", {}),
         ("Price of Hubris", "fight_start", {}),
         ("Pride or Fear?", "after_controller_wounds", {}),
         ("Primal Conceit", "fight_start", {}),
     ]},
    {"id": "sloth", "name": "Sloth", "power": "Slows Down Heroes!", "power_effect": {},
     "cards": [
         ("Curse of the Crawl", "hero_turn_start", {}),
         ("Primal Lethargy", "before_avatar_fight", {"dice": -2, "hero_dice": -2}),
         ("Punish the Idle", "hero_turn_start", {}),
         ("Sleep Dust", "after_controller_wounds", {}),
         ("Slouching Towards Bethlehem", "after_abomination_destroyed", {}),
         ("Slouch in the Dark", "hero_turn_start", {}),
     ]},
    {"id": "gluttony", "name": "Gluttony", "power": "Beware Heroes! I Will Feed Off Your Power!",
     "power_effect": {"reaction_token_per_extra_turn": 1, "sin_card_per_upgrade": 1},
     "cards": [
         ("Grim Voracity", "hero_turn_start", {}),
         ("Darkest Craving", "hero_turn_start", {}),
         ("Grisly Appetite", "after_controller_corrupts", {}),
         ("Devour the Self", "fight_start", {"ignore_base_defense_if_extra_turn": True}),
         ("Poison Indulgence", "fight_start", {"dice_per_extra_turn_and_upgrade": 1}),
         ("Ravenous Frenzy", "fight_start", {}),
     ]},
    {"id": "greed", "name": "Greed", "power": "Beware Heroes With Too Much!",
     "power_effect": {"dice_vs_most_upgrades": 1},
     "cards": [
         ("Feeding From Selfishness", "fight_start", {}),
         ("Avarice", "fight_start", {"corruption": 1, "corruption_if_upgrades": 2}),
         ("Covetousness", "hero_turn_start", {}),
         ("Primal Hunger", "fight_start", {}),
         ("Ravenous Mastery", "after_controller_wounds", {}),
         ("Thirst That Won't Slake", "hero_turn_start", {}),
     ]},
    {"id": "lust", "name": "Lust", "power": "Beware Heroes Who Get Too Close!",
     "power_effect": {"pair_corruption": 1},
     "cards": [
         ("Come to Me...", "hero_action_start", {}),
         ("Feeding Off Lust", "before_isolated_monster_attacks", {"dice": 1, "dice_if_not_isolated": 3}),
         ("Dark Attraction", "first_hero_turn_start", {}),
         ("Mind Games", "after_controller_destroyed", {}),
         ("Distracted by Desire", "before_roll", {"hero_dice": -1}),
         ("Pheromone Dance", "hero_turn_start", {}),
     ]},
    {"id": "wrath", "name": "Wrath", "power": "Beware Attacking Heroes!",
     # Monsters killed in a fight: the current hero takes 1 corruption, or every monster may teleport 1 space.
     "power_effect": {"kill_choice": {"corruption": 1, "teleport": 1}},
     "cards": [
         ("Abominable Wrath", "fight_start", {}),
         ("Avenge the Fallen", "before_roll", {"hits": 1, "defense_cancelled_per_dead_monster": 1}),
         ("Dying Wish", "after_monster_killed", {}),
         ("For Vengeance!", "fight_start", {}),
         ("Pulling Strings", "fight_start", {}),
         ("Try Me On for Size!", "after_monster_killed", {}),
     ]},
    {"id": "envy", "name": "Envy", "power": "Beware Heroes That Take of the Bounty!",
     # An upgrade gained: the hero takes 1 wound, or every other hero takes 1 corruption.
     "power_effect": {"upgrade_choice": {"wounds": 1, "others_corruption": 1}},
     "cards": [
         ("Beacon of Envy", "hero_turn_start", {}),
         ("From the Deep", "fight_start", {"dice": 3}),
         ("Can't Always Get...", "fight_start", {}),
         ("Jealousy Incarnate", "fight_start", {}),
         ("Lure of Power", "hero_turn_start", {}),
         ("Spiral of Desire", "before_controller_fight", {}),
     ]},
]

SIN_MONSTERS = ["abomination", "controller", "avatar"]
SIN_MONSTER_COUNTS = {"abomination": 6, "controller": 1, "avatar": 1}

# -- acolytes -----------------------------------------------------------------------------------
# Every ability: once per round, a dead acolyte joins a non-ranged fight before the roll.
ACOLYTES = [
    {"id": "nun", "name": "Corrupted Nuns", "after_joining": "city_action_to_corruption"},
    {"id": "doctor", "name": "Corrupted Doctors", "after_joining": "mark_no_healing"},
    {"id": "hobo", "name": "Corrupted Hobos", "after_joining": "upgrade_face_down"},
    {"id": "police", "name": "Corrupted Police", "after_joining": "isolated_hero_wound"},
    {"id": "fireman", "name": "Corrupted Firemen", "after_joining": "fire_token"},
]
ACOLYTE_FIGURES = 6

# -- apocalypse cards, by story type ------------------------------------------------------------
APOCALYPSE_CARDS = {
    "terror": [
        # Dr. Gan and Grin: +1 corruption in a space with fire or corruption tokens.
        ("Dr. Gan Unleashed!", "dr_gan", {"corruption_in_hazard": 1}),
        # Marguerite (terror): a hero wounded in her fight leaves a fire token in that space.
        ("Marguerite Unleashed!", "marguerite", {"fire_token_when_wounding": 1}),
        ("The Mayor Seals the Deal", "mayor", {}),
        ("Grin Unleashed!", "grin", {"corruption_in_hazard": 1}),
        ("Nicolas Rises from the Flame!", "nicolas", {}),
        ("Hellfire Mutation", None, {"corruption_per_acolyte": 1}),
        ("Stab in the Dark", None, {"hits_per_abomination": 1}),
        ("Scurrying in the Dark", None, {}),
        ("Perpetual Inferno", None, {}),
    ],
    "corruption": [
        ("Flay Unleashed!", "flay", {"hits_if_hero_corruption_4": 2}),
        ("Marguerite Unleashed!", "marguerite", {}),
        # Heroes at corruption 5 or more can't damage Gourd & Vex.
        ("Gourd & Vex Unleashed!", "gourd_vex", {"immune_from_corruption": 5}),
        ("Agony of the Unclean", None, {}),
        ("Hellfire Curse", None, {"monster_defense_in_reaction": 1}),
        ("Darkness Beckons", None, {}),
        ("The Fog of Hate", None, {}),
    ],
    "redemption": [
        # The redemption deck's Hell Club cards say other things than the same names elsewhere:
        # Dr. Gan (a choice), Grin (1 wound at the start of a fight against a hero with an innocent),
        # Gourd & Vex (the acolyte ability without its mark).
        ("Dr. Gan Unleashed!", "dr_gan", {}),
        ("Grin Unleashed!", "grin", {"wounds_at_start_with_innocent": 1}),
        ("Gourd & Vex Unleashed!", "gourd_vex", {}),
        ("A Game of Souls", None, {}),
        ("Throne of Damnation", None, {"acolyte_abomination_defense": 1}),
        ("Mantle of Skulls", None, {"hits_with_innocent": 1, "corruption_with_innocent": 1}),
        ("We've Come for You", None, {}),
    ],
}
HELL_CLUB = {
    "dr_gan": "Dr. Gan", "marguerite": "Marguerite", "mayor": "The Mayor", "grin": "Grin",
    "nicolas": "Nicolas", "flay": "Flay", "gourd_vex": "Gourd & Vex",
}

# -- upgrades ----------------------------------------------------------------------------------
# Fight effects: dice/defense/hits always; "own_space" only in a fight in the
# hero's own space; "multi" only against 2+ monsters there; "skill_dice" on
# cleanse rolls; "ranged" grants ranged fights.
UPGRADES = [
    ("Adreno Wear", {"skill_dice": 1}),
    ("Ravencorp Eye in the Sky", {"dice_if_alone": 1}),
    ("Brutality", {"hit": 1}),
    ("Cyber Legs", {"move": 1}),
    ("Flamethrower", {"dice_vs_two_or_more": 2}),
    ("Hazmat Suit", {}),
    ("Holy Water", {}),
    ("Ice Blade", {"own_space_dice": 1, "own_space_defense": 1}),
    ("Inner Mastery", {}),
    ("Kevlar Suit", {"defense": 2}),
    ("Rail Gun", {"ranged": True, "dice_if_already_ranged": 1}),
    ("Regeneration", {}),
    ("Riot Shield", {"defense": 1}),
    ("Seeker Grenades", {}),
    ("Stealth Suit", {}),
    ("Gatling Gun", {"ranged": True, "own_space_dice": 1}),
    ("Staff of Ruin", {"own_space_dice": 1}),
    ("Angel's Tear", {"any_result_without_voluntary": 1}),
    ("Haven's Metropass", {}),
    ("Holy Book", {}),
]

# -- dark pasts ---------------------------------------------------------------------------------
DARK_PASTS = [
    {"number": 1, "name": "Clear Conscience", "effect": "none"},
    {"number": 2, "name": "Slightly Troubled", "effect": "wounds", "amount": 1},
    {"number": 3, "name": "The Guilty One", "effect": "apocalypse", "amount": 1},
    {"number": 4, "name": "Former Hell Club", "effect": "wounds_or_corruption", "amount": 3},
    {"number": 5, "name": "Psychopathy Trigger", "effect": "wound_nearby_heroes", "amount": 2},
    {"number": 6, "name": "Suicide Pact", "effect": "dies_at_round_end"},
    {"number": 7, "name": "The Tainted One", "effect": "joins_sin", "hits": 5, "defense": 5},
]

# -- stories ------------------------------------------------------------------------------------
# A target is an int the rulebook states, "heroes" (the hero-count icon, when
# the text says so), "all", or None where the icon's number was lost.
STORIES = [
    {"id": "havens_last_stand", "name": "Haven's Last Stand", "type": "terror",
     "round_start": ["place_corruption_fire_pentagram"],
     "round_end": ["apocalypse_1", "apocalypse_per_dead_hero"],
     "special": [],
     "missions": [
         {"id": "1", "name": "Gear Up!", "goal": "upgrades_held", "target": None},
         {"id": "2A", "name": "Clear Abominations", "goal": "abominations_killed_in_round", "target": None,
          "branch": "2"},
         {"id": "2B", "name": "Clear the Hive", "goal": "pentagrams_removed", "target": None, "branch": "2"},
         {"id": "3", "name": "Destroy Them All!", "goal": "marked_monsters_killed", "target": None,
          "event_before": "avatar_summoned"},
     ]},
    {"id": "the_darkness_within", "name": "The Darkness Within", "type": "corruption",
     "round_start": ["place_two_corruption"],
     "round_end": ["apocalypse_if_4_districts_monsters", "apocalypse_if_4_districts_corruption"],
     "special": ["dark_past"],
     "missions": [
         {"id": "1", "name": "Tempting Fate", "goal": "heroes_at_corruption_3", "target": None},
         {"id": "2", "name": "Begin the Ritual", "goal": "corruption_removed", "target": 2},
         {"id": "3A", "name": "Clear Abominations", "goal": "districts_cleansed", "target": None, "branch": "3",
          "event_before": "avatar_summoned"},
         {"id": "3B", "name": "Destroy the Avatar", "goal": "avatar_killed", "target": 1, "branch": "3",
          "event_before": "avatar_summoned"},
         {"id": "4", "name": "Complete the Ritual", "goal": "all_corruption_removed", "target": "all",
          "event_before": "one_upgrade_each"},
     ]},
    {"id": "battleground_of_souls", "name": "Battleground of Souls", "type": "redemption",
     "round_start": ["place_innocent_fire_corruption_face_down"],
     "round_end": ["apocalypse_if_no_innocent_revealed", "apocalypse_if_hero_died"],
     "special": ["explore_any_time", "innocents_follow"],
     "missions": [
         {"id": "1", "name": "Rescue the Innocents", "goal": "innocents_revealed", "target": 2},
         {"id": "2A", "name": "Keep Them Safe!", "goal": "fire_or_corruption_removed", "target": None,
          "branch": "2", "event_before": "avatar_summoned"},
         {"id": "2B", "name": "Rescue the Chief!", "goal": "commissioner_to_start", "target": 1, "branch": "2",
          "event_before": "avatar_summoned"},
         {"id": "3", "name": "Save Their Souls", "goal": "innocents_rescued", "target": 3},
     ]},
    {"id": "haven_in_flames", "name": "Haven in Flames", "type": "terror",
     "round_start": ["place_two_fire"],
     "round_end": ["apocalypse_1", "apocalypse_if_district_two_fire"],
     "special": [],
     "missions": [
         {"id": "1", "name": "Monstrous Threat", "goal": "monsters_killed_in_round", "target": None},
         {"id": "2A", "name": "Keep Them Out!", "goal": "districts_guarded", "target": None, "branch": "2"},
         {"id": "2B", "name": "Douse the Flames!", "goal": "fire_removed", "target": None, "branch": "2"},
         {"id": "3", "name": "Take Down the Source", "goal": "altar_destroyed", "target": 1,
          "event_before": "avatar_summoned", "note": "altar_needs_three_skill"},
         {"id": "4", "name": "Destroy the Avatar", "goal": "controller_and_avatar_killed", "target": 2},
     ]},
    {"id": "the_beast_we_become", "name": "The Beast We Become", "type": "corruption",
     "round_start": ["mark_hero_corruption_at_turn_end"],
     "round_end": ["apocalypse_if_controller", "apocalypse_if_avatar"],
     "special": ["dark_past", "traitor"],
     "missions": [
         {"id": "1", "name": "Unleash Hell", "goal": "hero_dark_past_revealed", "target": 1},
         {"id": "2A", "name": "Expose the Scar", "goal": "pentagrams_removed", "target": 2, "branch": "2"},
         {"id": "2B", "name": "Banish the Puppeteer", "goal": "controller_killed", "target": 2, "branch": "2"},
         {"id": "3", "name": "Our Darkest Past", "goal": "traitor_killed", "target": 1,
          "event_before": "avatar_and_traitor_summoned"},
     ]},
]
