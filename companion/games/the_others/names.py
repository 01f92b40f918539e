"""English msgids for the names and effects the pages show, so they are
extracted into the game's catalog. Every name the data files give (a "name"
or a sin's "power" in data/the_others/) is one of these msgids, so a reader
sees each in their language (our own wording: no localized edition's names
are known to us); data.py hands the names out as msgids (Msg), so a page, a
history line or a refusal that names one translates it."""

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
    "upgrades_held": N_("Upgrades the heroes hold"),
    "abominations_killed_in_round": N_("Abominations killed in fights in one round"),
    "pentagrams_removed": N_("Pentagram tokens removed (no monster there)"),
    "marked_monsters_killed": N_("Marked monsters killed"),
    "heroes_at_corruption_3": N_("Heroes at corruption 3 or more"),
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
    "place_corruption_fire_pentagram": N_(
        "Place a corruption, a fire and a pentagram token, each in a different space."),
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
    "darkness_beckons": N_("Darkness Beckons: +1 apocalypse per hero at maximum corruption."),
}

SPECIAL_RULES = {
    "dark_past": N_("Dark pasts: a hero ending a turn at maximum corruption reveals theirs."),
    "explore_any_time": N_("Face-down tokens may be flipped at any time of a hero's turn, with no monster there."),
    "innocents_follow": N_("Innocents follow their hero until rescued on a starting space with no monster."),
    "traitor": N_("Traitor: the SIN picks a reserve hero as the traitor, fought at the story's end."),
}

MARKS = {"round": N_("Marked this round"), "story": N_("Marked by the story"),
         "slowed": N_("Slowed: moves 1 space less (or takes 1 wound to ignore it)")}

#: What each sin card does, in short (the card's own words are on the card).
SIN_CARD_TEXTS = {
    "abominable_fury": N_("Each abomination in this fight gets +1 hit."),
    "cursed_fate": N_("Cancel every result; you and the current hero reroll."),
    "damned_if_you_do": N_(
        "The hero chooses: take 2 wounds, or the SIN turns one of their upgrades face down until round end."),
    "evil_regroups": N_("Move up to 2 monsters 1 space each."),
    "for_our_master": N_("If this fight wounds or corrupts the hero, draw 2 sin cards."),
    "hate": N_(
        "Put this card on an altar space; a round ending with 3 or more monsters there advances the apocalypse 1."),
    "alone_in_the_dark": N_("If the hero is alone: 1 corruption to them and 1 reaction token."),
    "haphephobia": N_("Teleport this hero 1 space."),
    "curse_of_ego": N_(
        "Unless the heroes take 4 corruption between them: draw 1 sin card and 1 reaction token per lone hero."),
    "price_of_hubris": N_("A lone hero destroys one of their upgrades or takes 1 wound."),
    "pride_or_fear": N_("The hero teleports up to 2 spaces."),
    "primal_conceit": N_("Unless each lone hero takes 2 corruption, the avatar teleports to any space."),
    "curse_of_the_crawl": N_("Unless the heroes take 3 wounds between them, the current hero can't move."),
    "primal_lethargy": N_("The hero and the SIN each roll 2 dice fewer in this fight."),
    "punish_the_idle": N_("Until round end, leaving a space with an abomination costs 2 wounds, not 1."),
    "sleep_dust": N_("Gain 2 reaction tokens."),
    "slouching_towards_bethlehem": N_("The current hero takes 2 corruption."),
    "slouch_in_the_dark": N_("Move up to 3 monsters 1 space each."),
    "grim_voracity": N_("Give the current hero an upgrade of your choice and an extra-turn token."),
    "darkest_craving": N_("Give an extra-turn token to any heroes; each who refuses takes a corruption token."),
    "grisly_appetite": N_("Every other hero holding an extra-turn token takes 1 wound."),
    "devour_the_self": N_("A hero holding an extra-turn token loses their base defense."),
    "poison_indulgence": N_("+1 die per extra-turn token and upgrade the current hero holds."),
    "ravenous_frenzy": N_("The avatar gets the same fight bonuses as the current hero's upgrades."),
    "feeding_from_selfishness": N_("1 sin card and 1 reaction token per upgrade the current hero holds."),
    "avarice": N_("+1 corruption, +2 if the hero holds any upgrade."),
    "covetousness": N_("Teleport the hero 1 space towards the inventory's district; draw 1 sin card."),
    "primal_hunger": N_("The hero destroys all their upgrades or takes 3 wounds."),
    "ravenous_mastery": N_("Gain 2 reaction tokens."),
    "thirst_that_won_t_slake": N_("Give the current hero an upgrade of your choice; they take 1 corruption."),
    "come_to_me": N_("Teleport a hero next to the avatar into the avatar's space."),
    "feeding_off_lust": N_("+1 die, +3 if the hero is not alone."),
    "dark_attraction": N_("Put this card on a space: until round end its monsters take no damage from lone heroes."),
    "mind_games": N_("Each hero in that space takes 2 corruption."),
    "distracted_by_desire": N_("The hero rolls 1 die fewer."),
    "pheromone_dance": N_("Move each hero up to 2 spaces and draw 1 sin card; a hero may take 2 wounds to cancel it."),
    "abominable_wrath": N_("Each abomination killed leaves a fire or corruption token (the SIN's choice)."),
    "avenge_the_fallen": N_("+1 hit, and 1 defense cancelled per dead monster."),
    "dying_wish": N_("Draw 2 sin cards or gain 2 reaction tokens."),
    "for_vengeance": N_("Destroy an abomination of this fight; the hero takes 1 wound."),
    "pulling_strings": N_("Destroy a monster of this fight and teleport the controller here."),
    "try_me_on_for_size": N_("Teleport the avatar to the current hero's space."),
    "beacon_of_envy": N_("Attach to the hero: each time they are wounded, other heroes in their space take 2 wounds."),
    "from_the_deep": N_("+3 dice, unless the hero gives every other hero 1 corruption."),
    "can_t_always_get": N_("Unless the heroes take wounds between them, the apocalypse advances 1."),
    "jealousy_incarnate": N_("Teleport the avatar to this space."),
    "lure_of_power": N_("Gain 2 reaction tokens and give a hero an extra-turn token."),
    "spiral_of_desire": N_("Teleport an acolyte here and use the acolyte ability."),
}

#: What each apocalypse card does, in short: "<story type>:<card>" where two
#: decks hold different cards of one name.
APOCALYPSE_CARD_TEXTS = {
    "dr_gan_unleashed": N_("Dr. Gan on a free nest; +1 corruption in a space with fire or corruption tokens."),
    "redemption:dr_gan_unleashed": N_(
        "Dr. Gan on a free nest; when he wounds a hero holding an innocent, the hero takes 1 more wound or the innocent dies."),  # noqa: E501 (one msgid)
    "grin_unleashed": N_("Grin on a free nest; +1 corruption in a space with fire or corruption tokens."),
    "redemption:grin_unleashed": N_(
        "Grin on a free nest; at the start of a fight against a hero holding an innocent, 1 wound to the hero."),
    "terror:marguerite_unleashed": N_(
        "Marguerite on a free nest; a hero wounded in her fight leaves a fire token in that space."),
    "corruption:marguerite_unleashed": N_(
        "Marguerite on a free nest; when the SIN moves monsters she may move 1 space too."),
    "the_mayor_seals_the_deal": N_("The Mayor on a free nest; he may take a fire token along when he moves."),
    "nicolas_rises_from_the_flame": N_(
        "Nicolas on a free nest; while he lives the Commissioner and Raven Corp count as abominations."),
    "hellfire_mutation": N_("Each acolyte gets +1 corruption in fights."),
    "stab_in_the_dark": N_("Each abomination gets +1 hit in fights."),
    "scurrying_in_the_dark": N_("Monsters may move 1 space more."),
    "perpetual_inferno": N_("The SIN places 1 more fire token at each round start."),
    "flay_unleashed": N_("Flay on a free nest; +2 hits against a hero at corruption 4 or more."),
    "gourd_vex_unleashed": N_("Gourd & Vex on a free nest; heroes at corruption 5 or more can't damage them."),
    "redemption:gourd_vex_unleashed": N_(
        "Gourd & Vex on a free nest; in their fights the acolyte ability needs no mark."),
    "agony_of_the_unclean": N_("Before a corruption check, the SIN may treat the tokens as fire."),
    "hellfire_curse": N_("During the SIN's reaction every monster has +1 defense."),
    "darkness_beckons": N_("Each round end: +1 apocalypse per hero at maximum corruption."),
    "the_fog_of_hate": N_("No city action in a district holding a corruption token (not a printed one)."),
    "a_game_of_souls": N_("Each time the SIN places a token on a space, the heroes there take 1 corruption."),
    "throne_of_damnation": N_("Acolytes and abominations have +1 defense."),
    "mantle_of_skulls": N_("+1 hit and +1 corruption against a hero holding an innocent."),
    "we_ve_come_for_you": N_("Each round start the SIN adds a nest token in 2 different districts."),
}

#: Each sin card's printed name, translated in the game's catalog (our own
#: wording: no localized edition's names are known to us).
SIN_CARD_NAMES = {
    "abominable_fury": N_("Abominable Fury"), "alone_in_the_dark": N_("Alone in the Dark"),
    "curse_of_ego": N_("Curse of Ego"), "cursed_fate": N_("Cursed Fate"),
    "damned_if_you_do": N_("Damned If You Do..."), "evil_regroups": N_("Evil Regroups"),
    "for_our_master": N_("For Our Master!"), "haphephobia": N_("Haphephobia"), "hate": N_("Hate!"),
    "price_of_hubris": N_("Price of Hubris"), "pride_or_fear": N_("Pride or Fear?"),
    "primal_conceit": N_("Primal Conceit"), "curse_of_the_crawl": N_("Curse of the Crawl"),
    "primal_lethargy": N_("Primal Lethargy"), "punish_the_idle": N_("Punish the Idle"),
    "sleep_dust": N_("Sleep Dust"), "slouch_in_the_dark": N_("Slouch in the Dark"),
    "slouching_towards_bethlehem": N_("Slouching Towards Bethlehem"), "darkest_craving": N_("Darkest Craving"),
    "devour_the_self": N_("Devour the Self"), "grim_voracity": N_("Grim Voracity"),
    "grisly_appetite": N_("Grisly Appetite"), "poison_indulgence": N_("Poison Indulgence"),
    "ravenous_frenzy": N_("Ravenous Frenzy"), "avarice": N_("Avarice"), "covetousness": N_("Covetousness"),
    "feeding_from_selfishness": N_("Feeding From Selfishness"), "primal_hunger": N_("Primal Hunger"),
    "ravenous_mastery": N_("Ravenous Mastery"), "thirst_that_won_t_slake": N_("Thirst That Won't Slake"),
    "come_to_me": N_("Come to Me..."), "dark_attraction": N_("Dark Attraction"),
    "distracted_by_desire": N_("Distracted by Desire"), "feeding_off_lust": N_("Feeding Off Lust"),
    "mind_games": N_("Mind Games"), "pheromone_dance": N_("Pheromone Dance"),
    "abominable_wrath": N_("Abominable Wrath"), "avenge_the_fallen": N_("Avenge the Fallen"),
    "dying_wish": N_("Dying Wish"), "for_vengeance": N_("For Vengeance!"), "pulling_strings": N_("Pulling Strings"),
    "try_me_on_for_size": N_("Try Me On for Size!"), "beacon_of_envy": N_("Beacon of Envy"),
    "can_t_always_get": N_("Can't Always Get..."), "from_the_deep": N_("From the Deep"),
    "jealousy_incarnate": N_("Jealousy Incarnate"), "lure_of_power": N_("Lure of Power"),
    "spiral_of_desire": N_("Spiral of Desire"),
}

#: Each hero's name (data/the_others/heroes.json).
HERO_NAMES = {
    "leah": N_("Leah"), "morgana": N_("Morgana"), "thorley": N_("Thorley"), "rocco": N_("Rocco"), "brad": N_("Brad"),
    "karl": N_("Karl"), "rose": N_("Rose"), "nicole": N_("Nicole"), "baldur": N_("Baldur"), "rosario": N_("Rosario"),
    "will": N_("Will"), "adrian": N_("Adrian"), "kwanita": N_("Kwanita"), "benoit": N_("Benoit"),
}

#: Each upgrade card's name (rules.json).
UPGRADE_NAMES = {
    "adreno_wear": N_("Adreno Wear"), "ravencorp_eye_in_the_sky": N_("Ravencorp Eye in the Sky"),
    "brutality": N_("Brutality"), "cyber_legs": N_("Cyber Legs"), "flamethrower": N_("Flamethrower"),
    "hazmat_suit": N_("Hazmat Suit"), "holy_water": N_("Holy Water"), "ice_blade": N_("Ice Blade"),
    "inner_mastery": N_("Inner Mastery"), "kevlar_suit": N_("Kevlar Suit"), "rail_gun": N_("Rail Gun"),
    "regeneration": N_("Regeneration"), "riot_shield": N_("Riot Shield"), "seeker_grenades": N_("Seeker Grenades"),
    "stealth_suit": N_("Stealth Suit"), "gatling_gun": N_("Gatling Gun"), "staff_of_ruin": N_("Staff of Ruin"),
    "angel_s_tear": N_("Angel's Tear"), "haven_s_metropass": N_("Haven's Metropass"), "holy_book": N_("Holy Book"),
}

#: Each apocalypse card's name (apocalypse_cards.json; a name two decks share is one card id).
APOCALYPSE_CARD_NAMES = {
    "a_game_of_souls": N_("A Game of Souls"), "agony_of_the_unclean": N_("Agony of the Unclean"),
    "darkness_beckons": N_("Darkness Beckons"), "dr_gan_unleashed": N_("Dr. Gan Unleashed!"),
    "flay_unleashed": N_("Flay Unleashed!"), "gourd_vex_unleashed": N_("Gourd & Vex Unleashed!"),
    "grin_unleashed": N_("Grin Unleashed!"), "hellfire_curse": N_("Hellfire Curse"),
    "hellfire_mutation": N_("Hellfire Mutation"), "mantle_of_skulls": N_("Mantle of Skulls"),
    "marguerite_unleashed": N_("Marguerite Unleashed!"),
    "nicolas_rises_from_the_flame": N_("Nicolas Rises from the Flame!"), "perpetual_inferno": N_("Perpetual Inferno"),
    "scurrying_in_the_dark": N_("Scurrying in the Dark"), "stab_in_the_dark": N_("Stab in the Dark"),
    "the_fog_of_hate": N_("The Fog of Hate"), "the_mayor_seals_the_deal": N_("The Mayor Seals the Deal"),
    "throne_of_damnation": N_("Throne of Damnation"), "we_ve_come_for_you": N_("We've Come for You"),
}

#: Each Hell Club member's name (apocalypse_cards.json).
HELL_CLUB_NAMES = {
    "dr_gan": N_("Dr. Gan"), "flay": N_("Flay"), "gourd_vex": N_("Gourd & Vex"), "grin": N_("Grin"),
    "marguerite": N_("Marguerite"), "mayor": N_("The Mayor"), "nicolas": N_("Nicolas"),
}

#: Each mission's name, by "<story>:<mission>" (stories.json).
MISSION_NAMES = {
    "havens_last_stand:1": N_("Gear Up!"), "havens_last_stand:2A": N_("Clear Abominations"),
    "havens_last_stand:2B": N_("Clear the Hive"), "havens_last_stand:3": N_("Destroy Them All!"),
    "the_darkness_within:1": N_("Tempting Fate"), "the_darkness_within:2": N_("Begin the Ritual"),
    "the_darkness_within:3A": N_("Clear Abominations"), "the_darkness_within:3B": N_("Destroy the Avatar"),
    "the_darkness_within:4": N_("Complete the Ritual"), "battleground_of_souls:1": N_("Rescue the Innocents"),
    "battleground_of_souls:2A": N_("Keep Them Safe!"), "battleground_of_souls:2B": N_("Rescue the Chief!"),
    "battleground_of_souls:3": N_("Save Their Souls"), "haven_in_flames:1": N_("Monstrous Threat"),
    "haven_in_flames:2A": N_("Keep Them Out!"), "haven_in_flames:2B": N_("Douse the Flames!"),
    "haven_in_flames:3": N_("Take Down the Source"), "haven_in_flames:4": N_("Destroy the Avatar"),
    "the_beast_we_become:1": N_("Unleash Hell"), "the_beast_we_become:2A": N_("Expose the Scar"),
    "the_beast_we_become:2B": N_("Banish the Puppeteer"), "the_beast_we_become:3": N_("Our Darkest Past"),
}

#: Each sin's power, by the sin (sins.json).
SIN_POWERS = {
    "pride": N_("Beware Lone Heroes!"), "sloth": N_("Slows Down Heroes!"),
    "gluttony": N_("Beware Heroes! I Will Feed Off Your Power!"), "greed": N_("Beware Heroes With Too Much!"),
    "lust": N_("Beware Heroes Who Get Too Close!"), "wrath": N_("Beware Attacking Heroes!"),
    "envy": N_("Beware Heroes That Take of the Bounty!"),
}

#: Each dark past's name, by its number (rules.json).
DARK_PAST_NAMES = {
    1: N_("Clear Conscience"), 2: N_("Slightly Troubled"), 3: N_("The Guilty One"), 4: N_("Former Hell Club"),
    5: N_("Psychopathy Trigger"), 6: N_("Suicide Pact"), 7: N_("The Tainted One"),
}
