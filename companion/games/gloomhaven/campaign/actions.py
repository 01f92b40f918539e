"""The campaign table's action table: each action's fields, effect and
history line, and what other seats may not see of it, declared once
(companion.kit.actions). The effects of the sheets, the shop and the city
are in town, dues and outcome; the small ones here."""

from __future__ import annotations

from companion.games.gloomhaven.campaign import (
    data,
    dues,
    links,
    outcome,
    progression,
    shop,
    town,
    tree,
)
from companion.kit.actions import Act
from companion.kit.fields import ActionSpec, Bool, Choice, Int, Json, Text
from companion.rules import N_, Action, ActionError, Seat

DIFFICULTIES = ("easy", "normal", "hard", "very_hard")
CLASSES = tuple(data.classes())
SCOPES = ("global", "party")
# Their quests, the quest kept and its progress are the seat's own.
SECRET_ACTIONS = ("character.create", "quest.keep", "quest.progress")


def secrets_hidden(action: Action, viewer: Seat | None) -> dict:
    if viewer is None or viewer.id != action.seat:
        return {k: v for k, v in action.payload.items() if k not in ("quests", "quest", "progress", "goal")}
    return action.payload


# -- effects --------------------------------------------------------------------------------
def party_set(act: Act) -> None:
    state, payload = act.state, act.payload
    for key in ("name", "location", "notes", "difficulty"):
        if payload[key] is not None:  # a field left out stays as it is
            state["party"][key] = payload[key]


def reputation(act: Act) -> None:
    state, payload = act.state, act.payload
    state["party"]["reputation"] = town.clamp_reputation(state["party"]["reputation"] + payload["delta"])


def prosperity(act: Act) -> None:
    state, payload = act.state, act.payload
    state["prosperity"] = max(0, state["prosperity"] + payload["delta"])


def unlock_class(act: Act) -> None:
    state, payload = act.state, act.payload
    if payload["class"] in state["unlocked_classes"]:
        raise ActionError(N_("That class is already unlocked."), field="class")
    town.unlock_class(state, payload["class"])


def unlock_scenario(act: Act) -> None:
    state, payload = act.state, act.payload
    if payload["scenario"] not in {s["number"] for s in data.scenarios()}:
        raise ActionError(N_("No such scenario."), field="scenario")
    if payload["scenario"] in state["unlocked"]:
        raise ActionError(N_("That scenario is already unlocked."), field="scenario")
    state["unlocked"].append(payload["scenario"])


def record_event(act: Act) -> None:
    state, payload = act.state, act.payload
    # One city event per visit to Gloomhaven (rulebook p. 43); a visit ends with a scenario's end.
    this_visit = [e for e in state["events_drawn"] if e["deck"] == "city" and e["visit"] == state["visit"]]
    if payload["deck"] == "city" and this_visit:
        raise ActionError(N_("One city event per visit to Gloomhaven: this visit has had its city event."),
                          field="deck")
    state["events_drawn"].append({"deck": payload["deck"], "card": payload["card"], "visit": state["visit"]})


def complete(act: Act) -> None:
    state, payload = act.state, act.payload
    number = outcome.scenario_of(state, payload["scenario"])
    outcome.finish(state, number, payload["outcome"], outcome.entered_lines(state, payload))


def take_result(act: Act) -> None:
    state, payload = act.state, act.payload
    result = payload["result"]
    if not isinstance(result, dict) or result.get("outcome") not in outcome.OUTCOMES:
        raise ActionError(N_("The result has no outcome."), field="result")
    number = outcome.scenario_of(state, result.get("scenario", links.scenario_of_offer(payload["offer"])))
    outcome.finish(state, number, result["outcome"], outcome.reported_lines(state, result))
    links.stopped(state, payload["offer"])


def abandon(act: Act) -> None:
    state, payload = act.state, act.payload
    if payload["offer"] not in dict(links.playing(state)):
        raise ActionError(N_("No scenario table of that name is being played."), field="offer")
    links.stopped(state, payload["offer"])


# -- what is open now -------------------------------------------------------------------------
# The campaign's main flow for a seat: create a character and keep a quest,
# play a scenario (entered by hand) and confirm one's line, then town: level
# up, shop, donate, the city's event, what is left to do.
def _seated(choices):
    def open_now(state: dict, seat: Seat | None, seats: dict) -> list[dict]:
        return choices(state, seat) if seat is not None else []
    return open_now


@_seated
def open_create(state: dict, seat: Seat) -> list[dict]:
    if town.active_character(state, seat.id) is not None:
        return []
    held = {c["class"] for c in state["characters"].values() if not c["retired"]}
    return [{"class": klass, "name": f"{seat.name}'s {klass}"}
            for klass in state["unlocked_classes"] if klass not in held][:3]


@_seated
def open_keep(state: dict, seat: Seat) -> list[dict]:
    return [{"quest": quest} for quest in (state["secrets"].get(seat.id) or {}).get("quest_offer", ())]


@_seated
def open_complete(state: dict, seat: Seat) -> list[dict]:
    active = [c["id"] for c in state["characters"].values() if not c["retired"]]
    if not active or state["pending"] or links.playing(state):
        return []
    open_scenarios = [n for n in state["unlocked"] if tree.status(n, state)[0] == "available"][:2]
    return [{"scenario": number, "outcome": result, "level": 1,
             "characters": {cid: {"experience": 9, "coins": 6, "checkmarks": 1} for cid in active}}
            for number in open_scenarios for result in outcome.OUTCOMES]


@_seated
def open_confirm(state: dict, seat: Seat) -> list[dict]:
    who = town.active_character(state, seat.id)
    return [{}] if who is not None and state["pending"].get(who["id"]) else []


@_seated
def open_level_up(state: dict, seat: Seat) -> list[dict]:
    who = town.active_character(state, seat.id)
    if who is None or links.playing(state) or progression.level_for(who["experience"]) <= who["level"]:
        return []
    return [{"card": "Skewer"}]


@_seated
def open_buy(state: dict, seat: Seat) -> list[dict]:
    who = town.active_character(state, seat.id)
    if who is None:
        return []
    level, reputation = town.prosperity_level(state), state["party"]["reputation"]
    return [{"item": item} for item in shop.stocked_ids(level, state["designs"])
            if shop.buy_problem(who, item, level, state["designs"], state["characters"], reputation,
                                town.supply_of(state)) is None][:3]


@_seated
def open_donate(state: dict, seat: Seat) -> list[dict]:
    who = town.active_character(state, seat.id)
    if who is None or who.get("donated_visit") == state["visit"]:
        return []
    return [{}] if who["gold"] >= data.fact("donation")["gold"] else []


@_seated
def open_event(state: dict, seat: Seat) -> list[dict]:
    drawn = any(e["deck"] == "city" and e["visit"] == state["visit"] for e in state["events_drawn"])
    return [{"deck": "road", "card": 4}] + ([] if drawn else [{"deck": "city", "card": 7}])


@_seated
def open_dismiss(state: dict, seat: Seat) -> list[dict]:
    return [{"due": due["id"]} for due in state.get("due", ())][:2]


def specs() -> list[ActionSpec]:
    who = Text("character", max_length=12, default=None, doc="default: your own active character")
    item = Int("item", min=1, max=999)
    due = Int("due", min=1, max=10**6)
    kinds = [
        (ActionSpec("party.set", "Set the party's `name`, `location`, `notes` or scenario `difficulty`.",
                    (Text("name", max_length=60, default=None), Text("location", max_length=80, default=None),
                     Text("notes", max_length=2000, multiline=True, allow_empty=True, default=None),
                     Choice("difficulty", choices=DIFFICULTIES, default=None))), party_set,
                         N_("changed the party's details")),
        (ActionSpec("reputation.adjust", "Add `delta` to the party's reputation (−20…20).",
                    (Int("delta", min=-40, max=40),)),
         reputation, N_("changed the reputation")),
        (ActionSpec("prosperity.adjust", "Add `delta` prosperity checkmarks.", (Int("delta", min=-99, max=99),)),
         prosperity, N_("changed the prosperity")),
        (ActionSpec("achievement.add", "Gain `achievement` (id or name) of `scope` global or party.",
                    (Text("achievement", max_length=60), Choice("scope", choices=SCOPES))), town.add_achievement,
                        N_("gained an achievement")),
        (ActionSpec("achievement.remove", "Lose `achievement` of `scope` global or party.",
                    (Text("achievement", max_length=60), Choice("scope", choices=SCOPES))), town.remove_achievement,
                        N_("lost an achievement")),
        (ActionSpec("class.unlock", "Unlock character class `class`.", (Choice("class", choices=CLASSES),)),
         unlock_class, N_("unlocked a class")),
        (ActionSpec("scenario.unlock", "Unlock scenario `scenario` (a treasure or an event opened it).",
                    (Int("scenario", min=1, max=999),)), unlock_scenario, N_("unlocked a scenario")),
        (ActionSpec("event.draw", "Record city or road event `card` drawn from `deck` (the cards stay on the table).",
                    (Choice("deck", choices=("city", "road")), Int("card", min=1, max=99))), record_event,
                        N_("drew an event")),
        (ActionSpec("character.create", "Create your character: `class`, `name`, `level` (up to the prosperity "
                    "level); two personal quests are dealt to you in secret.",
                    (Choice("class", choices=CLASSES), Text("name", max_length=40),
                     Int("level", min=1, max=9, default=1)),
                    secret_draws=True),
         town.create_character, N_("created a character")),
        (ActionSpec("quest.keep", "Keep one of the two personal quests dealt to you: `quest` (its number; secret).",
                    (Int("quest", min=1, max=999),)), town.keep_quest, N_("kept a personal quest")),
        (ActionSpec("quest.progress", "Your personal quest's progress toward its `goal` (its line, from 0): `progress` "
                    "(secret). Retiring needs every goal reached.",
                    (Int("progress", min=0, max=999), Int("goal", min=0, max=9, default=0))),
         town.set_progress, N_("noted their quest's progress")),
        (ActionSpec("character.level_up", "Level up (one level; in town); `card`: the ability card added.",
                    (who, Text("card", max_length=60, default=None))), town.level_up, N_("levelled up")),
        (ActionSpec("character.card",
                    "Note the ability card your character added at `level` (2 up to its level): `card`.",
                    (who, Int("level", min=2, max=9), Text("card", max_length=60))), town.note_card,
         N_("noted an ability card")),
        (ActionSpec("character.adjust", "Add `delta` to `field` (experience, gold, checkmarks) of your character.",
                    (who, Choice("field", choices=("experience", "gold", "checkmarks")),
                     Int("delta", min=-999, max=999))),
         town.adjust, N_("changed a character sheet")),
        (ActionSpec("character.notes", "Your character's `notes`.",
                    (who, Text("notes", max_length=2000, multiline=True, allow_empty=True))),
         town.set_notes, N_("changed their notes")),
        (ActionSpec("perk.take",
                    "Mark a perk: `perk` (its line, from 0), or `text` for a class whose perks are entered by hand.",
                    (who, Int("perk", min=0, max=30, default=None), Text("text", max_length=120, default=None))),
         town.take_perk, N_("took a perk")),
        (ActionSpec("class.perk_line", "Enter a perk line of `class`, one the data has no perks for (from its mat; "
                    "marked as entered): `text`, `boxes` and the cards it `remove`s and `add`s, written like "
                    "\"2× -1\" or \"+0 rolling stun, +1 heal 2 self\".",
                    (Choice("class", choices=CLASSES), Text("text", max_length=120, allow_empty=True, default=""),
                     Int("boxes", min=1, max=3, default=1),
                         Text("remove", max_length=120, allow_empty=True, default=""),
                     Text("add", max_length=120, allow_empty=True, default=""))),
         town.enter_perk_line, N_("entered a class's perk line")),
        (ActionSpec("item.buy", "Buy `item` (its number) at the price after reputation.", (who, item)), town.buy,
         N_("bought an item")),
        (ActionSpec("item.sell", "Sell `item` back for half its cost, rounded down.", (who, item)), town.sell,
         N_("sold an item")),
        (ActionSpec("item.gain", "Your character gains `item` (its number) from a treasure or an event: no gold "
                    "paid, one copy per character.", (who, item)), town.gain_item, N_("gained an item")),
        (ActionSpec("item.lose", "Your character loses `item` (an event took it): back to the city's supply, "
                    "nothing paid.", (who, item)), town.lose_item, N_("lost an item")),
        (ActionSpec("design.add", "Item design `item` gained: every copy of the item joins the shop.", (item,)),
         town.add_design, N_("gained an item design")),
        (ActionSpec("item.equip", "Equip (`on` true) or unequip `item`.", (who, item, Bool("on", default=True))),
         town.equip, N_("changed their equipment")),
        (ActionSpec("donate", "Donate 10 gold to the sanctuary: 2 bless cards for the next scenario.", (who,)),
         town.donate, N_("donated to the sanctuary")),
        (ActionSpec("character.retire", "Retire your character (its personal quest fulfilled).", (who,)),
         town.retire, N_("retired a character")),
        (ActionSpec("scenario.complete", "A scenario played without a linked table: `scenario`, `outcome`, "
                    "scenario `level`, and `characters` {id: {experience, coins, checkmarks}} (from a form: "
                    "fields characters.<id>.experience and so on); each player then confirms their line.",
                    (Int("scenario", min=1, max=999), Choice("outcome", choices=outcome.OUTCOMES),
                     Int("level", min=0, max=7),
                     outcome.EnteredLines("characters"))), complete, N_("recorded a scenario's end")),
        (ActionSpec("scenario.result", "A linked scenario table's result: `child`, `offer`, `result`.",
                    (Text("child", max_length=80), Text("offer", max_length=40), Json("result"))), take_result,
         N_("received a scenario's result")),
        (ActionSpec("scenario.abandon", "Stop waiting for the result of the scenario table started for `offer` "
                    "(e.g. scenario-1-0): the party is back in town; a result it reports later is still taken.",
                    (Text("offer", max_length=40),)), abandon, N_("stopped waiting for a scenario table")),
        (ActionSpec("reward.item", "Take reward item due `due` (its number on the party sheet) for your character "
                    "(one copy per character).", (due, who)), town.take_reward_item, N_("took a reward item")),
        (ActionSpec("reward.gold", "Share the gold of due `due` between the characters: `shares` {id: gold} "
                    "(from a form: fields shares.<id>), adding up to the whole.", (due, dues.Shares("shares"))),
         dues.share_gold, N_("shared a scenario's gold")),
        (ActionSpec("reward.unlock", "Unlock `scenario`, one of the scenarios that due `due` offers to choose from.",
                    (due, Int("scenario", min=1, max=999))), dues.choose_unlock, N_("chose a scenario to unlock")),
        (ActionSpec("due.dismiss", "Set aside due `due`: a note done, or a reward nobody can take.", (due,)),
         dues.dismiss, N_("set aside something left to do")),
        (ActionSpec("result.confirm",
                    "Confirm your character's line of a scenario's end (experience, gold, checkmarks).", (who,)),
         outcome.confirm, N_("confirmed their scenario result")),
    ]
    return [ActionSpec(spec.type, spec.doc, spec.fields, seat_may_undo=spec.seat_may_undo,
                       secret_draws=spec.secret_draws, effect=run, history=history,
                       redact=secrets_hidden if spec.type in SECRET_ACTIONS else None, open=OPEN.get(spec.type))
            for spec, run, history in kinds]


OPEN = {"character.create": open_create, "quest.keep": open_keep, "scenario.complete": open_complete,
        "result.confirm": open_confirm, "character.level_up": open_level_up, "item.buy": open_buy,
        "donate": open_donate, "event.draw": open_event, "due.dismiss": open_dismiss}


ACTIONS = tuple(specs())
