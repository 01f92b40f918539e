"""City actions (rulebook "city actions"): once a round, in a district
whose slot is free, the hero heals, repents, takes an extra-turn token, takes
an upgrade (the deck's next card replacing it) or fires the satellite cannon."""

from __future__ import annotations

from companion.games.the_others import cards, corruption, effects, story
from companion.games.the_others.heroes import alive, gain_extra_turn, heal, name
from companion.games.the_others.seats import current_turn, given, require_hero_player
from companion.kit.actions import Act, Draws
from companion.rules import N_, ActionError


def city_action(act: Act) -> None:
    """The hero places the city-action token (once per round, during their
    turn) and carries out the district's actions in the order given."""
    state, payload = act.state, given(act)
    turn = current_turn(state)
    hero_id = turn["hero"]
    require_hero_player(state, act, hero_id)
    hero = alive(state, hero_id)
    if hero["city_action"]:
        raise ActionError(N_("%(hero)s has used the city-action token this round."), field="actions",
                          hero=name(hero_id))
    actions = with_refills(state, city_items(payload), act.draws)
    if not actions:
        raise ActionError(N_("Choose the district's city actions."), field="actions")
    where = state.get("spaces", {}).get(hero.get("space") or "")
    if where is not None and where.get("district") is False:
        raise ActionError(N_("City actions are taken in a district, not on a street."), field="actions")
    if where is not None and where.get("city_used"):
        # Each district has one city-action slot (rulebook "city actions").
        raise ActionError(N_("The district's city-action slot holds %(hero)s's token until the round ends."),
                          field="actions", hero=name(where["city_used"]))
    effects.fog_of_hate(state, hero_id)
    for item in actions:
        kind = item.get("kind")
        if kind == "heal":
            heal(state, hero_id, item.get("slot"))
        elif kind == "repent":
            hero["corruption"] = corruption.repent(hero)["corruption"]
        elif kind == "extra_turn":
            gain_extra_turn(state, hero_id)
        elif kind == "upgrade":
            cards.take_upgrade(state, hero_id, item.get("upgrade"), item.get("refill"))
        elif kind == "satellite_cannon":
            satellite_kill(state, item.get("kill"))
        else:
            raise ActionError(N_("Choose one of the listed options."), field="actions")
    hero["city_action"] = True
    if where is not None:
        where["city_used"] = hero_id
    taken = sum(1 for item in actions if item.get("kind") == "upgrade")
    if taken and effects.upgrade_draws(state):  # Gluttony's power: a sin card per upgrade gained
        count = taken * effects.upgrade_draws(state)
        cards.add_to_hand(state, act.draws.take("drawn", lambda rng: cards.pick_sin_cards(state, rng, count)))


def with_refills(state: dict, items: list[dict], draws: Draws) -> list[dict]:
    """The city actions, each upgrade taken with the deck's next card to
    replace it ("refill"), logged in "actions" as they always were."""
    def refilled(rng) -> list[dict]:
        wanted = sum(1 for item in items if item.get("kind") == "upgrade")
        refills = cards.pick_refills(state, rng, wanted) if wanted and state.get("upgrades") else []
        out = []
        for item in items:
            if item.get("kind") == "upgrade":
                item, refills = {**item, "refill": refills[:1]}, refills[1:]
            out.append(item)
        return out
    return draws.take_into("actions", refilled)


def satellite_kill(state: dict, kind) -> None:
    """The cannon kills one acolyte or abomination where it lands (not a fight)."""
    if kind in (None, ""):
        return
    if kind not in ("acolyte", "abomination"):
        raise ActionError(N_("The satellite cannon kills an acolyte or an abomination."), field="kill")
    dead = state["monsters"].setdefault("dead", {})
    dead[kind] = dead.get(kind, 0) + 1
    story.monster_killed(state, kind, in_fight=False)


def city_items(payload: dict) -> list[dict]:
    """The city actions as {"kind", ...} dicts: the API sends them so; a form
    sends ticked names, the upgrade chosen and the slot to heal apart."""
    actions = payload.get("actions") or []
    if not isinstance(actions, list):
        raise ActionError(N_("Choose the district's city actions."), field="actions")
    items = []
    for item in actions:
        if isinstance(item, str):
            extra = {"heal": {"slot": payload.get("slot")}, "satellite_cannon": {"kill": payload.get("kill")}}
            item = {"kind": item, **extra.get(item, {})}
        if not isinstance(item, dict):
            raise ActionError(N_("Choose one of the listed options."), field="actions")
        items.append(item)
    if payload.get("upgrade") and not any(item.get("kind") == "upgrade" for item in items):
        items.append({"kind": "upgrade", "upgrade": payload["upgrade"]})
    return items


def city_payload(payload: dict) -> dict:
    """A city action as the JSON API sends it and the log keeps it: the
    choices as {"kind", ...} items (a form's ticked names, upgrade, slot and
    kill folded in), without any "refill" a client sent (the server draws it)."""
    items = [{key: value for key, value in item.items() if key != "refill"} for item in city_items(payload)]
    return {**{key: value for key, value in payload.items() if key != "upgrade"}, "actions": items}
