"""What the campaign's pages show, worked out from the state for one viewer
(`present`, the view's "shown"), and every number they show with its working
in the kit's one shape (`worked_numbers`, the view's "working")."""

from __future__ import annotations

from companion.games.gloomhaven.campaign import (
    data,
    deck,
    dues,
    links,
    names,
    offers,
    progression,
    shop,
    town,
    tree,
)
from companion.games.gloomhaven.level import scenario_level
from companion.games.gloomhaven.names import NameOf
from companion.kit.alike import alike
from companion.kit.now import now
from companion.kit.working import worked
from companion.rules import N_

PROSPERITY_WORKING = N_(
    "Prosperity %(level)d: %(checks)d checkmarks (level %(level)d needs %(need)d, the next %(next)s)")
DONATION_WORKING = N_(
    "%(gold)d gold donated: %(prosperity)d prosperity checkmarks so far (100 gold: a TRACKER default)")

def _fraction(chance) -> str:
    return f"{chance.numerator}/{chance.denominator} ({float(chance) * 100:.1f}%)"


def sheet(state: dict, who: dict) -> dict:
    """A character's sheet: the numbers and their working (nothing secret)."""
    klass = data.classes()[who["class"]]
    perks = town.class_perks(state, who["class"]) or []
    allowed = progression.level_for(who["experience"])
    perks_allowed, perk_working = progression.perk_allowance(who["level"], who["checkmarks"], who["retirements_before"])
    built = deck.build(perks, who["perks"], shop.minus_one_cards(who), who["blessings"])
    limits = shop.equip_limits(who["level"])
    return {
        "id": who["id"], "seat": who["seat"], "name": who["name"], "class": who["class"], "class_name": klass["name"],
        "level": who["level"], "experience": who["experience"], "gold": who["gold"], "checkmarks": who["checkmarks"],
        "retired": who["retired"], "notes": who["notes"], "quest": who.get("quest"),
        "hit_points": klass["hit_points"][who["level"] - 1],
        "hp_working": [[N_("Hit points %(hp)d: the %(class)s mat’s at level %(level)d"),
                        {"hp": klass["hit_points"][who["level"] - 1], "class": NameOf("classes", who["class"]),
                         "level": who["level"]}]],
        "level_working": [[N_("Level %(allowed)d reached at %(need)d experience; next level at %(next)s"),
                           {"allowed": allowed, "need": progression.min_experience(allowed),
                            "next": progression.next_threshold(allowed) or "—"}]],
        "level_up_due": allowed > who["level"],
        # Optional, not due: a character below the prosperity level may level up to it.
        "level_up_by_prosperity": allowed <= who["level"] < town.prosperity_level(state),
        "perks_allowed": perks_allowed, "perks_taken": town.perks_taken(who), "perk_working": perk_working,
        "perk_lines": [{"index": i, "boxes": line["boxes"], "marked": who["perks"].get(str(i), 0),
                        "words": None if line.get("entered") else deck.perk_words(line),
                        "text": " · ".join(t for t in (line.get("text"), _perk_text(line)) if t) if line.get("entered")
                        else line.get("text") or _perk_text(line), "entered": line.get("entered", False)}
                       for i, line in enumerate(perks)],
        "perks_by_hand": klass["perks"] is None, "entered_perks": who["entered_perks"],
        "deck": [{"label": c["label"], "words": c["words"], "count": c["count"], "chance": _fraction(c["chance"])}
                 for c in deck.chances(built)],
        "deck_total": built["total"], "deck_working": built["working"],
        "owned": [{"id": n, "name": data.item(n)["name"], "slot": data.item(n)["slot"],
                   "uses": data.item(n).get("uses"), "minus_one_cards": data.item(n).get("minus_one_cards", 0),
                   "equipped": n in who["equipped"],
                   "sell": shop.sell_price(data.item(n))} for n in who["items"]],
        "small_limit": limits["small"],
        "small_working": [[N_("Small items: %(n)d = level %(level)d ÷ 2, rounded up"),
                           {"n": limits["small"], "level": who["level"]}]],
        "blessings": who["blessings"],
        # The ability card the player noted at each level above 1 ("" not noted).
        "ability_cards": [(level, who["cards"][level - 2] if level - 2 < len(who["cards"]) else "")
                          for level in range(2, who["level"] + 1)],
        "pending": state["pending"].get(who["id"], []),
    }


def _perk_text(line: dict) -> str:
    removed = ", ".join(f"{c['count']}× {deck.card_label(c)}" for c in line["remove"])
    added = ", ".join(f"{c['count']}× {deck.card_label(c)}" for c in line["add"])
    return " ".join(part for part in (f"− {removed}" if removed else "", f"+ {added}" if added else "") if part)


def city(state: dict) -> dict:
    checks = state["prosperity"]
    level = town.prosperity_level(state)
    thresholds = progression.prosperity_thresholds(town.printing(state))
    reputation = state["party"]["reputation"]
    change = progression.price_change(reputation)
    milestones = [m for m in data.fact("reputation_milestones")
                  if reputation >= m.get("at_least", 99) or reputation <= m.get("at_most", -99)]
    return {
        "prosperity_level": level, "prosperity": checks,
        "prosperity_working": [[PROSPERITY_WORKING,
                                {"level": level, "checks": checks, "need": thresholds[str(level)],
                                 "next": thresholds.get(str(level + 1), "—")}],
                               [N_("The first printing’s track (unconfirmed: check your map board)")
                                if town.printing(state) == "first" else N_("The second printing’s track"), {}]],
        "price_change": change,
        "price_working": [[N_("Reputation %(reputation)d: %(change)+d gold on each item bought"),
                           {"reputation": reputation, "change": change}]],
        "donated": state["donated"],
        "donation_working": [[DONATION_WORKING,
                              {"gold": state["donated"],
                               "prosperity": progression.donation_prosperity(state["donated"])}]]
                            + ([[N_("Past %(gold)d gold no more checkmarks are counted (unconfirmed: "
                                    "one tracker adds one per 100 gold; add them by hand if your rulebook says so)"),
                                 {"gold": data.fact("donation_prosperity_milestones")[-1]}]]
                               if state["donated"] > data.fact("donation_prosperity_milestones")[-1] else []),
        "milestones": milestones,
        # By id (the page names each in the reader's language), in the order of their English names.
        "globals": sorted(state["global_achievements"].items(), key=lambda held: names.achievement_name(held[0])),
        "party_achievements": sorted(state["party"]["achievements"], key=names.achievement_name),
        "classes": list(state["unlocked_classes"]),
    }


def store_rows(state: dict, mine: dict | None) -> list[dict]:
    """The shop's rows, each with what keeps the viewer's character from
    buying it (`problem`; None on the display)."""
    away = bool(links.playing(state))  # the shop is visited in town
    rows = []
    for row in alike(state, "shop rows", lambda: _shop_rows(state)):
        problem = shop.buy_problem(mine, row["id"], town.prosperity_level(state), state["designs"],
                                   state["characters"], state["party"]["reputation"],
                                   state.get("supply", [])) if mine else None
        if mine and away and not problem:
            problem = N_("Bought back in town, once the scenario’s result has come back.")
        rows.append({**row, "problem": problem})
    return rows


def _shop_rows(state: dict) -> list[dict]:
    """The shop's rows as every seat sees them: items, copies left, prices."""
    reputation, rows = state["party"]["reputation"], []
    for row in shop.stock(town.prosperity_level(state), state["designs"], state["characters"], state.get("supply", [])):
        price, working = shop.buy_price(row["item"], reputation)
        rows.append({"id": row["item"]["id"], "name": row["item"]["name"], "slot": row["item"]["slot"],
                     "cost": row["item"]["cost"], "uses": row["item"].get("uses"),
                     "minus_one_cards": row["item"].get("minus_one_cards", 0),
                     "left": row["left"],
                     "left_working": _left_working(state, row),
                     "copies": row["item"]["copies"], "price": price, "working": working})
    return rows


def _left_working(state: dict, row: dict) -> list:
    """How many copies of a shop row's item are left, and why."""
    if row["item"]["id"] not in shop.stocked_ids(town.prosperity_level(state), state["designs"]):
        return [[N_("%(left)d sold or given back to the city (the shop does not stock this item)"),
                 {"left": row["left"]}]]
    return [[N_("%(left)d left = %(copies)d copies in the city’s supply − %(held)d held by the party’s characters"),
             {"left": row["left"], "copies": row["item"]["copies"], "held": row["item"]["copies"] - row["left"]}]]


def quest_view(secret: dict, who: dict | None) -> dict:
    quests = {q["id"]: q for q in data.personal_quests()}
    kept = quests.get(secret.get("quest"))
    goals = [{"index": i, "text": goal["text"], "count": goal["count"], "done": done, "met": done >= goal["count"],
              "counted": town.counted(goal, who) is not None}
             for i, (goal, done) in enumerate(zip(kept["goals"], town.goal_progress(secret, who)))] if kept else []
    return {"offer": [quests[n] for n in secret.get("quest_offer", ()) if n in quests], "kept": kept, "goals": goals,
            "fulfilled": bool(goals) and all(goal["met"] for goal in goals)}


def paper_level(state: dict) -> tuple[int, list] | None:
    """The scenario level a scenario played on paper defaults to: the
    party's active characters at the party's difficulty."""
    levels = [c["level"] for c in state["characters"].values() if not c["retired"]]
    return scenario_level(levels, state["party"]["difficulty"]) if levels else None


def present(state: dict, seat: str | None) -> dict:
    shown = _present(state, seat)
    shown["now"] = now_step(shown, seat)
    return shown


def now_step(shown: dict, seat: str | None) -> dict:
    """What the campaign waits for (companion/kit/now.py), for the card at the
    top of a phone, with `step`: which of this seat's buttons the card holds
    (create, quest, confirm, level, retire, play; None: none)."""
    def step(name: str | None, message: str, params: dict | None = None, you: bool = True) -> dict:
        return {**now(message, params, you=you), "step": name}

    mine, quest = shown["mine"], shown["quest"] or {}
    if seat is not None and mine is None:
        return step("create", N_("Create your character to join the party."))
    if mine is not None and quest.get("offer"):
        return step("quest", N_("Keep one of your two personal quests."))
    if mine is not None and mine["pending"]:
        return step("confirm", N_("Confirm your result of scenario %(number)d."),
                    {"number": mine["pending"][-1]["scenario"]})
    if shown["playing"]:
        return step(None, N_("The party is out playing scenario %(number)d: its result comes back here."),
                    {"number": next(iter(shown["playing"]))}, you=False)
    if mine is not None and mine["level_up_due"]:
        return step("level", N_("Level up before the next scenario."))
    if mine is not None and quest.get("fulfilled"):
        return step("retire", N_("Your personal quest is fulfilled: your character retires."))
    waiting = [s["name"] for s in shown["sheets"] if s["pending"] and not s["retired"]]
    if waiting:
        return step(None, N_("Waiting for %(names)s to confirm their results."), {"names": ", ".join(waiting)},
                    you=False)
    if shown["levels_due"] or shown["retirements_due"]:
        return step(None, N_("Waiting for the party to level up or retire before the next scenario."), you=False)
    if shown["offers"]:
        return step("play", N_("Choose the next scenario and play it."), you=seat is not None)
    return step(None, N_("No scenario can be started now."), you=False)


def worked_numbers(state: dict, shown: dict) -> dict:
    """Every number the campaign's pages show, each with its working
    (kit/working.py), in one place: the city's, each character's by id (the
    viewer's own also as "mine"), each shop row's by item id and the level a
    scenario played on paper defaults to. `shown` is `present`'s answer."""
    city = shown["city"]
    sheets = {s["id"]: sheet_numbers(s) for s in shown["sheets"]}
    paper = shown["paper_level"]
    return {
        "city": {"reputation": worked(state["party"]["reputation"], city["price_working"]),
                 "prosperity": worked(city["prosperity_level"], city["prosperity_working"]),
                 "donated": worked(city["donated"], city["donation_working"])},
        "sheets": sheets,
        "mine": sheets[shown["mine"]["id"]] if shown["mine"] else None,
        "shop": {str(row["id"]): {"left": worked(row["left"], row["left_working"]),
                                  "price": worked(row["price"], row["working"])} for row in shown["shop"]},
        "paper_level": worked(paper[0], paper[1]) if paper else None,
    }


def sheet_numbers(sheet: dict) -> dict:
    """A character sheet's numbers with their working: the perks' is the
    allowance (the page reads it as "taken / allowed")."""
    return {"level": worked(sheet["level"], sheet["level_working"]),
            "hit_points": worked(sheet["hit_points"], sheet["hp_working"]),
            "perks": worked(sheet["perks_allowed"], sheet["perk_working"]),
            "small_items": worked(sheet["small_limit"], sheet["small_working"]),
            "deck": worked(sheet["deck_total"], sheet["deck_working"])}


def _present(state: dict, seat: str | None) -> dict:
    mine = next((c for c in state["characters"].values() if c["seat"] == seat and not c["retired"]), None)
    party = alike(state, "campaign", lambda: _party(state))
    return {
        "city": party["city"],
        "sheets": party["sheets"],
        "paper_party": party["paper_party"],
        # The viewer's own sheet: the one the party's list holds (worked out alike).
        "mine": next(s for s in party["sheets"] if s["id"] == mine["id"]) if mine else None,
        "shop": store_rows(state, mine),
        **{key: party[key] for key in ("scenarios", "offers", "paper_level", "levels_due", "retirements_due",
                                       "playing")},
        "quest": quest_view(state["secrets"].get(seat, {}), mine) if seat else None,
        **{key: party[key] for key in ("classes", "sealed_classes", "held_achievements", "max_level", "dues",
                                       "active")},
    }


def _party(state: dict) -> dict:
    """What every seat's view shows alike: worked out once per version
    while the platform renders it for the phones and the display (kit.alike)."""
    sheets = [sheet(state, c) for c in state["characters"].values()]
    return {
        "city": city(state),
        "sheets": sheets,
        # Who records a scenario played on paper: read apart from the sheets,
        # so a coin spent doesn't render the scenarios again.
        "paper_party": [{key: s[key] for key in ("id", "name", "class_name")} for s in sheets if not s["retired"]],
        "scenarios": tree.overview(state),
        # Each available scenario's linked-table offer: started from its row.
        "offers": {offer.options["scenario"]: offer.id for offer in offers.offers(state)},
        "paper_level": paper_level(state),
        "levels_due": [] if links.playing(state) else offers.levels_due(state),
        "retirements_due": 0 if links.playing(state) else offers.retirements_due(state),
        "playing": {number: offer for offer, number in links.playing(state)},
        "classes": [(c, data.classes()[c]["name"]) for c in state["unlocked_classes"]],
        # A sealed class goes by its box's symbol (its name is a spoiler).
        "sealed_classes": [(c, c.replace("-", " ")) for c in data.classes() if c not in state["unlocked_classes"]],
        "held_achievements": [("global", a, names.achievement_name(a)) for a in state["global_achievements"]]
                             + [("party", a, names.achievement_name(a)) for a in state["party"]["achievements"]],
        "max_level": town.prosperity_level(state),
        "dues": dues.shown(state),
        "active": [(c["id"], c["name"]) for c in state["characters"].values() if not c["retired"]],
    }
