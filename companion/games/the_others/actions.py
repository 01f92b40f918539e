"""The action table: every action of the table declared once, with its
payload's fields (companion.kit.fields), its effect (in the module of the
rulebook chapter it belongs to), its history line and what other seats may
not see of it. The platform parses forms and JSON through these before the
rules see a payload; each effect draws what it needs through `act.draws`.

Structured values come two ways: JSON tools send them nested ("monsters":
{"abomination": 2}), the pages' forms send one field per value
("monsters.abomination" = 2); forms.normalize nests the second into the first.
"""

from __future__ import annotations

from companion.games.the_others import battle, cards, dashboard, data, powers, setup, spaces, story, turns
from companion.games.the_others.dice import HERO_RESULTS, SIN_RESULTS
from companion.kit.fields import ActionSpec, Bool, Choice, Int, IntList, Json, Text
from companion.rules import N_, Action, Seat

HEROES = tuple(data.heroes())
UPGRADES = tuple(data.upgrades())
MONSTER_KINDS = ("abomination", "controller", "avatar", "acolyte")
HELL_CLUB = tuple(data.hell_club())
MISSIONS = tuple(sorted({m["id"] for story in data.stories().values() for m in story["missions"]}))
RESULTS_TURNED = ("hit", "defense", "counter_corruption", "skill")
CHANGES = ("wound", "corruption", "heal", "repent", "extra_turn", "extra_turn_spent", "innocent", "rescue",
           "leave_monsters", "round", "story", "slowed", "commissioner", "proxy", "raven_corp")
NPCS = ("commissioner", "proxy", "raven_corp")
CITY = ("heal", "repent", "extra_turn", "upgrade", "satellite_cannon")
SPACE_FIELDS = tuple(f"{group}.{token}" for group in ("tokens", "printed")
                     for token in ("fire", "corruption", "pentagram", "nest", "altar")) \
    + tuple(f"monsters.{kind}" for kind in MONSTER_KINDS) + ("face_down", "innocents", "extra_turns") \
    + tuple(f"npcs.{npc}" for npc in NPCS) + ("start", "district")
REVEALED = ("fire", "corruption", "pentagram", "nest", "innocents", "extra_turns")


def hero(required: bool = True) -> Choice:
    return Choice("hero", choices=HEROES, **({} if required else {"default": None}))


def count(name: str, high: int = 30, doc: str = "") -> Int:
    return Int(name, default=None, min=0, max=high, doc=doc)


def flag(name: str, doc: str = "") -> Bool:
    return Bool(name, default=None, doc=doc)


def monsters(doc: str) -> tuple:
    """The monsters of a fight: a JSON map, or one form field per kind."""
    return (Json("monsters", default=None, doc=doc),
            *(count(f"monsters.{kind}", 12) for kind in MONSTER_KINDS + HELL_CLUB))


def entered(*sides: str) -> tuple:
    return (Json("entered", default=None, doc="faces rolled at the table: {\"hero\": \"hit faith …\", \"sin\": …}"),
            *(Text(f"entered.{side}", default=None, max_length=400) for side in sides))


FIGHT_FIELDS = (
    *monsters("kind or Hell Club id -> how many"),
    count("pentagrams", 12), count("others_in_space", 6, "other heroes in the space"),
    flag("voluntary", "take voluntary corruption"), flag("ranged"), flag("acolyte_ability"),
    *(count(name) for name in ("extra_hero_dice", "extra_hero_defense", "extra_hero_hits", "extra_sin_dice",
                               "extra_sin_hits", "extra_sin_corruption")),
    *entered("hero", "sin"),
)

FACT_FIELDS = (
    Json("sin_die", default=None, doc="result -> sides"), Json("hero_die", default=None, doc="result -> sides"),
    *(count(f"sin_die.{face}", 6) for face in SIN_RESULTS), *(count(f"hero_die.{face}", 6) for face in HERO_RESULTS),
    Json("monsters", default=None, doc="kind -> {combat, defense}"),
    *(count(f"monsters.{kind}.{stat}", 20) for kind in MONSTER_KINDS + HELL_CLUB for stat in ("combat", "defense")),
    Json("heroes", default=None, doc="hero -> {class, combat, skill, defense}"),
    *(Choice(f"heroes.{h}.class", choices=("leader", "fixer", "sniper", "bruiser"), default=None) for h in HEROES),
    *(count(f"heroes.{h}.{stat}", 10) for h in HEROES for stat in ("combat", "skill", "defense")),
    Json("targets", default=None, doc="mission -> number or \"heroes\""),
    *(Text(f"targets.{m}", default=None, max_length=10) for m in MISSIONS),
    Json("remembered", default=None, max_length=200, doc="the numbers entered at an earlier table, as sent back"),
)

TEAM_FIELDS = (Json("heroes", default=None, doc="a list of hero ids"), *(flag(f"heroes.{h}") for h in HEROES))

# -- history lines -----------------------------------------------------------------------------
def hero_name(hero_id) -> str:
    return data.heroes().get(hero_id, {}).get("name", "?") if isinstance(hero_id, str) else "?"


def hero_line(msgid: str, field: str = "hero"):
    """A history line naming the hero in `field`."""
    def history(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
        return msgid, {"hero": hero_name(action.payload.get(field))}
    return history


def card_line(action: Action, seats: dict, state: dict) -> tuple[str, dict]:
    names = {card["id"]: card["name"] for sin in data.sins().values() for card in sin["cards"]}
    return N_("played %(card)s"), {"card": names.get(action.payload.get("card"), "?")}


# -- what the heroes may not see ------------------------------------------------------------------
def hidden_from_heroes(*keys: str):
    """The SIN's draws (cards drawn, apocalypse cards offered): a count for
    every seat but the SIN's."""
    def redact(action: Action, viewer: Seat | None) -> dict:
        payload = dict(action.payload)
        if viewer is None or viewer.role != "sin":
            for key in keys:
                if key in payload:
                    payload[key] = len(payload[key] or [])
        return payload
    return redact


DRAWN_HIDDEN = hidden_from_heroes("drawn")
OFFERS_HIDDEN = hidden_from_heroes("offers")
DRAWN_AND_OFFERS_HIDDEN = hidden_from_heroes("drawn", "offers")


def start_draws_hidden(action: Action, viewer: Seat | None) -> dict:
    """The dark pasts dealt are sealed from every seat; the hand is the SIN's."""
    payload = dict(action.payload)
    if "draws" in payload:
        draws = dict(payload["draws"])
        draws.pop("dark_pasts", None)
        if viewer is None or viewer.role != "sin":
            draws["hand"] = len(draws.get("hand", []))
        payload["draws"] = draws
    return payload


ACTIONS = [
    ActionSpec("facts.enter", "Enter numbers the rulebook prints as icons (dice sides, monsters, heroes, mission "
               "targets); entered once, correctable.", FACT_FIELDS,
               effect=setup.enter_facts, history=N_("entered numbers from the components")),
    ActionSpec("team.choose", "Choose the 7-hero team (1 leader, 2 fixers, 2 snipers, 2 bruisers).", TEAM_FIELDS,
               effect=setup.choose_team, history=N_("chose the team")),
    ActionSpec("heroes.pick", "A hero player takes their starting heroes from the team.", TEAM_FIELDS,
               effect=setup.pick_heroes, history=N_("picked their heroes")),
    ActionSpec("game.start", "Start: deals 5 sin cards, 5 upgrades and (corruption stories) the dark pasts.",
               effect=setup.start_game, history=N_("started the game"), redact=start_draws_hidden),
    ActionSpec("round.first_hero", "Choose the first hero of the round (the SIN decides if heroes disagree).",
               (hero(),),
               effect=turns.choose_first_hero, history=hero_line(N_("%(hero)s goes first this round"))),
    ActionSpec("turn.start", "A hero starts a turn, spending a turn token (or an extra-turn token).",
               (hero(), flag("use_extra", "spend an extra-turn token")),
               effect=turns.start_turn, history=hero_line(N_("%(hero)s starts a turn"))),
    ActionSpec("turn.pass", "A hero out of turn tokens keeps their extra-turn tokens this round.", (hero(),),
               effect=turns.pass_extra_turns, history=hero_line(N_("%(hero)s keeps their extra-turn tokens"))),
    ActionSpec("turn.end", "The current hero ends the turn (a dark past is revealed at maximum corruption); Brad "
               "may first blow up an acolyte or an abomination in his space (Demolitions).",
               (Choice("demolish", choices=("acolyte", "abomination"), default=None),),
               effect=turns.end_turn, history=N_("ended the turn"), redact=OFFERS_HIDDEN),
    ActionSpec("reaction.spend", "The SIN spends a reaction token on the hero who just ended their turn.",
               effect=turns.react, history=N_("reacts")),
    ActionSpec("reaction.end", "The SIN ends (or skips) the reaction.",
               effect=turns.end_reaction, history=N_("ends the reaction")),
    ActionSpec("sin.play_card", "The SIN plays a card from hand (one per hero turn and its reaction); the "
               "effects the rulebook gives precisely are applied (reaction tokens, cards drawn, wounds, corruption, "
               "extra turns, an upgrade given), the rest is done at the table.",
               (Text("card", max_length=60), Choice("upgrade", choices=UPGRADES, default=None),
                hero(required=False), flag("isolated", "the current hero is alone in their space (when the app "
                                                      "doesn't track it)")),
               effect=turns.play_sin_card, history=card_line, redact=DRAWN_HIDDEN),
    ActionSpec("sin.draw", "The SIN draws sin cards (one per altar without a hero at round end).",
               (Int("count", default=1, min=1, max=12),),
               effect=cards.sin_draw, history=N_("drew sin cards"), redact=DRAWN_HIDDEN),
    ActionSpec("sin.gain_reactions", "The SIN gains reaction tokens for this round (from a card).",
               (Int("count", default=1, min=1, max=10),),
               effect=turns.gain_reactions, history=N_("gained reaction tokens")),
    ActionSpec("round.end", "End the round: level 7 harm, summons allowed, tokens reset.",
               effect=turns.end_round, history=N_("ended the round"), redact=DRAWN_AND_OFFERS_HIDDEN),
    ActionSpec("monsters.summon", "The SIN returns dead monsters to free nests (onto the free nests of the space "
               "named, where the group tracks nests; each monster there blocks one nest).",
               (*monsters("kind -> how many"), Text("space", default=None, max_length=8)),
               effect=spaces.summon, history=N_("summoned monsters")),
    ActionSpec("hero.wounds", "The hero's player places waiting wound tokens on bonus slots.",
               (hero(), IntList("slots", min=1, max=7, max_items=5)),
               effect=dashboard.place_wounds, history=hero_line(N_("placed %(hero)s's wound tokens"))),
    ActionSpec("hero.adjust", "Change a hero's dashboard for an effect the app doesn't model.",
               (hero(), Choice("change", choices=CHANGES), Int("slot", default=None, min=1, max=7)),
               effect=dashboard.adjust, history=hero_line(N_("changed %(hero)s's dashboard"))),
    ActionSpec("city.action", "The current hero uses the district's city actions.",
               (Json("actions", default=None, doc="[\"heal\", {\"kind\": \"upgrade\", \"upgrade\": id}, …]"),
                *(flag(f"actions.{kind}") for kind in CITY), Choice("upgrade", choices=UPGRADES, default=None),
                Int("slot", default=None, min=1, max=7),
                Choice("kill", choices=("acolyte", "abomination"), default=None)),
               effect=dashboard.city_action, history=N_("used a city action"), redact=DRAWN_HIDDEN),
    ActionSpec("upgrade.lose", "A hero loses an upgrade (to the bottom of the deck).",
               (hero(), Choice("upgrade", choices=UPGRADES)),
               effect=cards.lose_upgrade, history=hero_line(N_("%(hero)s lost an upgrade"))),
    ActionSpec("upgrade.take", "A hero takes a face-up upgrade outside a city action (an event, an ability or a "
               "card that says so); the deck's next card replaces it.",
               (hero(), Choice("upgrade", choices=UPGRADES)),
               effect=cards.take_upgrade_action, history=hero_line(N_("%(hero)s takes an upgrade"))),
    ActionSpec("hero.replace", "A dead hero's player brings in a reserve hero, taking as many upgrades.",
               (hero(), Choice("reserve", choices=HEROES),
                Json("upgrades", default=None, doc="upgrade ids from the inventory")),
               effect=dashboard.replace, history=hero_line(N_("%(hero)s joins from the reserve"), "reserve")),
    ActionSpec("fight.plan", "See a fight's pools and the chances of wounds and corruption, with and without "
               "voluntary corruption, before anyone rolls.", (hero(), *FIGHT_FIELDS),
               effect=battle.plan, history=N_("planned a fight")),
    ActionSpec("fight.start", "Start a fight (the hero's action, or the SIN's reaction); the dice are rolled "
               "unless entered.", FIGHT_FIELDS,
               effect=battle.start_fight, history=N_("a fight begins")),
    ActionSpec("fight.resolve", "Turn faiths (and free results), assign hits, Thorley's Protector.",
               (Json("turned", default=None, doc="result -> how many faiths"),
                *(count(f"turned.{r}", 20) for r in RESULTS_TURNED),
                IntList("assigned", default=None, min=0, max=40, max_items=24, doc="hits per monster, in order"),
                Int("protector", default=None, min=0, max=1)),
               effect=battle.resolve, history=N_("the fight is resolved"), redact=DRAWN_HIDDEN),
    ActionSpec("fight.ranged_hits", "Ranged fight: turn faiths and assign hits first.",
               (Json("turned", default=None), *(count(f"turned.{r}", 20) for r in RESULTS_TURNED),
                IntList("assigned", default=None, min=0, max=40, max_items=24)),
               effect=battle.ranged_hits, history=N_("the ranged hits are assigned")),
    ActionSpec("fight.counter", "Ranged fight: the survivors' counter-attack against the hero's first roll.",
               (*monsters("monsters now in the hero's space"), count("pentagrams", 12), *entered("sin")),
               effect=battle.counter_attack, history=N_("the monsters counter-attack"), redact=DRAWN_HIDDEN),
    ActionSpec("cleanse.roll", "The current hero cleanses (skill dice; each skill removes a face-up token).",
               (count("others_in_space", 6), flag("voluntary"), *entered("hero")),
               effect=battle.cleanse, history=N_("cleanses")),
    ActionSpec("cleanse.remove", "After a cleanse roll, remove one face-up token of the hero's space per skill.",
               (Choice("what", choices=("fire", "corruption", "pentagram", "nest", "altar")),),
               effect=spaces.cleanse_remove, history=N_("removed a token")),
    ActionSpec("check.roll", "A fire or corruption check: one SIN die per token in the space.",
               (Choice("kind", choices=("fire", "corruption")), hero(), Int("tokens", min=1, max=12),
                *entered("sin")),
               effect=battle.check, history=N_("a fire or corruption check")),
    ActionSpec("apocalypse.advance", "Advance the apocalypse track (two cards drawn at levels 1, 3 and 5).",
               (Int("steps", default=1, min=1, max=7),),
               effect=cards.advance_apocalypse, history=N_("the apocalypse track advances"), redact=OFFERS_HIDDEN),
    ActionSpec("apocalypse.keep", "The SIN keeps one of the two apocalypse cards drawn (the other to the bottom); "
               "a Hell Club member it brings goes on a free nest of the space named, where the group tracks nests "
               "(any nest when all are blocked).",
               (Text("card", max_length=60), Text("space", default=None, max_length=8)),
               effect=cards.keep_apocalypse_card, history=N_("kept an apocalypse card")),
    ActionSpec("space.add", "Track a space of the board.", (Text("name", max_length=40),),
               effect=spaces.add, history=N_("added a space")),
    ActionSpec("space.set", "Set a count of a space (\"start\": 1 marks the starting space, where a reserve hero "
               "comes in and innocents are rescued; \"district\": 1 a district, 0 a street, for the round-end "
               "tasks that count districts).",
               (Text("space", max_length=8), Choice("what", choices=SPACE_FIELDS), Int("value", min=0, max=20)),
               effect=spaces.set_count, history=N_("changed a space")),
    ActionSpec("hero.move", "Move a hero one space, to a space the group says is adjacent (the app doesn't know "
               "the board's layout); in the hero's turn the steps are counted (2, +1 Raven Corp, +1 Cyber Legs, "
               "-1 slowed) and the move can't resume after the action. Leaving monsters costs a wound and the fire "
               "and corruption checks of the space left and the space entered are rolled. A teleport ignores "
               "tokens, monsters and the count.",
               (hero(), Text("to", max_length=8), flag("teleport"),
                flag("extra_move", "an ability or card lets the hero move further this turn")),
               effect=spaces.move, history=hero_line(N_("%(hero)s moves"))),
    ActionSpec("hero.pick_up", "A hero takes an extra turn, an innocent or an NPC from their space, or flips all "
               "its face-down tokens (no monster there) saying what they turned out to be.",
               (hero(), Choice("what", choices=("extra_turns", "innocents", "explore") + NPCS),
                Json("revealed", default=None, doc="kind -> how many, for explore"),
                *(count(f"revealed.{kind}", 12) for kind in REVEALED)),
               effect=spaces.pick_up, history=hero_line(N_("%(hero)s picks something up"))),
    ActionSpec("monsters.move", "The SIN moves monsters of one kind between spaces (never out of a space where a "
               "hero stands, unless teleported).",
               (Text("space", max_length=8), Text("to", max_length=8), Choice("kind", choices=MONSTER_KINDS + HELL_CLUB),
                Int("count", default=1, min=1, max=12), flag("teleport")),
               effect=spaces.monsters_move, history=N_("moved monsters")),
    ActionSpec("dark_past.choose", "A hero whose revealed dark past gives the choice takes the wounds or the "
               "corruption.", (hero(), Choice("take", choices=("wounds", "corruption"))),
               effect=cards.choose_dark_past, history=hero_line(N_("%(hero)s chooses what their dark past costs"))),
    ActionSpec("power.choose", "A hero answers the sin's power: Envy (an upgrade gained: 1 wound, or 1 corruption "
               "to every other hero) or Wrath (monsters killed in a fight: 1 corruption, or every monster may "
               "teleport 1 space).",
               (hero(), Choice("take", choices=("wounds", "others_corruption", "corruption", "teleport"))),
               effect=powers.choose, history=hero_line(N_("%(hero)s answers the sin's power"))),
    ActionSpec("mission.progress", "Move the mission progress marker one step.",
               (Int("delta", default=1, min=-1, max=1),),
               effect=story.advance, history=N_("mission progress")),
    ActionSpec("mission.choose", "Choose the branch mission (the other leaves the game).",
               (Choice("mission", choices=MISSIONS),),
               effect=story.choose, history=N_("chose the next mission")),
]
