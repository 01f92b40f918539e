"""The English names and phrases of Cthulhu Wars, marked for translation.

Data files hold ids and English names; the names are listed here too so the
catalog extractor finds them (a test checks every name in the data is here).
Requirement wordings are ours, from the seed's faction cards.
"""

from companion.rules import N_

FACTION_NAMES = {
    "great_cthulhu": N_("Great Cthulhu"), "crawling_chaos": N_("Crawling Chaos"),
    "black_goat": N_("Black Goat"), "yellow_sign": N_("Yellow Sign"),
}
"""Each faction's name, as its role is called."""

NAMES = (
    # factions, their units and spellbooks
    N_("Black Goat"), N_("Acolyte Cultist"), N_("Ghoul"), N_("Fungi from Yuggoth"), N_("Dark Young"),
    N_("Shub-Niggurath"), N_("Blood Sacrifice"), N_("Frenzy"), N_("Ghroth"), N_("Necrophagy"), N_("The Red Sign"),
    N_("The Thousand Young"), N_("Crawling Chaos"), N_("Nightgaunt"), N_("Flying Polyp"), N_("Hunting Horror"),
    N_("Nyarlathotep"), N_("Abduct"), N_("Emissary of the Outer Gods"), N_("Invisibility"), N_("Madness"),
    N_("Seek and Destroy"), N_("The Thousand Forms"), N_("Great Cthulhu"), N_("Deep One"), N_("Shoggoth"),
    N_("Starspawn"), N_("Cthulhu"), N_("Absorb"), N_("Devolve"), N_("Dreams"), N_("Regenerate"), N_("Submerge"),
    N_("Y'ha Nthlei"), N_("Yellow Sign"), N_("Undead"), N_("Byakhee"), N_("King in Yellow"), N_("Hastur"),
    N_("He Who is Not to be Named"), N_("Passion"), N_("Shriek of the Byakhee"), N_("The Screaming Dead"),
    N_("The Third Eye"), N_("Zingaya"),
    # map areas
    N_("Africa"), N_("Antarctica"), N_("Arabia"), N_("Arctic Ocean"), N_("Asia"), N_("Australia"),
    N_("Central America"), N_("East Africa"), N_("Europe"), N_("Indian Ocean"), N_("New Zealand"),
    N_("North America"), N_("North America East"), N_("North America West"), N_("North Asia"),
    N_("North Atlantic"), N_("North Pacific"), N_("Scandinavia"), N_("South America"), N_("South America East"),
    N_("South America West"), N_("South Asia"), N_("South Atlantic"), N_("South Pacific"), N_("West Africa"),
)

REQUIREMENTS = {
    "gc_first_doom": N_("Your first doom phase"),
    "gc_kill1": N_("Kill or devour 1 enemy unit in one battle"),
    "gc_kill2": N_("Kill or devour 2 enemy units in one battle"),
    "gc_awaken": N_("Awaken Cthulhu"),
    "gc_ocean_gates": N_("Control 3 ocean gates, or 4 gates stand in oceans"),
    "gc_five_books": N_("A doom phase in which you hold 5 spellbooks (+1 elder sign)"),
    "cc_pay4": N_("As your action: pay 4 power"),
    "cc_pay6": N_("As your action: pay 6 power"),
    "cc_gates3_or_12": N_("Control 3 gates, or have 12 power"),
    "cc_gates4_or_15": N_("Control 4 gates, or have 15 power"),
    "cc_capture": N_("Capture an enemy cultist"),
    "cc_awaken": N_("Awaken Nyarlathotep"),
    "bg_units4": N_("Units in 4 areas"),
    "bg_units6": N_("Units in 6 areas"),
    "bg_units8": N_("Units in 8 areas"),
    "bg_share": N_("Share an area with every enemy faction"),
    "bg_elim2": N_("As your action: remove 2 of your cultists"),
    "bg_awaken": N_("Awaken Shub-Niggurath"),
    "ys_provide_doom": N_("As your action: another faction gains 3 doom"),
    "ys_desecrate_slashes": N_("Desecrate an area marked M"),
    "ys_desecrate_circle": N_("Desecrate an area marked O"),
    "ys_desecrate_chevron": N_("Desecrate an area marked A"),
    "ys_awaken_king": N_("Awaken the King in Yellow"),
    "ys_awaken_hastur": N_("Awaken Hastur (+1 elder sign)"),
    # Two players (第八章 C): desecrating an area next to no other desecrated one.
    "ys_lone_desecration": N_("Desecrate an area next to no other desecrated area"),
}

UNIQUE_ACTIONS = {
    "dreams": N_("Dreams"), "submerge": N_("Submerge"), "unsubmerge": N_("Return from the deep"),
    "the_thousand_forms": N_("The Thousand Forms"), "avatar": N_("Avatar"), "ghroth": N_("Ghroth"),
    "desecrate": N_("Desecrate"), "zingaya": N_("Zingaya"), "shriek_of_the_byakhee": N_("Shriek of the Byakhee"),
    "the_screaming_dead": N_("The Screaming Dead"), "he_who_is_not_to_be_named": N_("He Who is Not to be Named"),
}

#: Where each Great Old One awakens (the factions' cards), shown by its Awaken button.
AWAKEN_WHERE = {
    "start_area_gate": N_("Needs a gate (anyone's, or abandoned) in your start area."),
    "start_area_gate_two_players": N_("Needs a gate in any ocean area (two players)."),
    "own_gate": N_("Appears at a gate you control."),
    "area_without_gate": N_("Appears in an area without a gate where you have a unit."),
    "own_gate_with_king": N_("Appears at a gate you control in the King in Yellow's area."),
}
