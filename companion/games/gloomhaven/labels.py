"""The words the Gloomhaven pages label a card's abilities, the elements,
the conditions and the monsters' ranks with, as msgids by key. The regions'
shared macros (templates/games/gloomhaven/_gh.html) read them through
`gh_labels` (web.py), translated as they are read, so that template's module
translates nothing while it is built."""

from __future__ import annotations

from companion.games.gloomhaven import conditions, elements
from companion.rules import N_

ACTIONS = {
    "move": N_("Move"), "attack": N_("Attack"), "range": N_("Range"), "heal": N_("Heal"), "shield": N_("Shield"),
    "retaliate": N_("Retaliate"), "targets": N_("Target"), "pierce": N_("Pierce"), "push": N_("Push"),
    "pull": N_("Pull"), "loot": N_("Loot"), "suffer_damage": N_("Suffer damage"), "jump": N_("Jump"),
    "summon": N_("Summon"), "condition": N_("Condition"), "special": N_("Special"), "effect": N_("Effect"),
    "teleport": N_("Teleport"), "on_death": N_("On death"), "area": N_("Area"), "affects": N_("Affects")}
ELEMENTS = {**elements.LABELS, "wild": N_("Any element"), "any": N_("Any element"), "all": N_("Every element")}
CONDITIONS = {**conditions.LABELS, "curse": N_("Curse"), "bless": N_("Bless"), "push": N_("Push"),
              "pull": N_("Pull"), "poisonx": N_("Poison")}
RANKS = {"normal": N_("normal"), "elite": N_("elite"), "boss": N_("boss")}
