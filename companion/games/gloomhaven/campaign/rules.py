"""The `gloomhaven-campaign` table type: a whole Gloomhaven campaign kept
between scenarios (party, city, character sheets, shop, scenario tree),
starting each scenario as a linked `gloomhaven` table and taking its result
back. Wiring only: the action table is in actions.py, the maths in the
sibling modules."""

from __future__ import annotations

from companion.games.gloomhaven import names
from companion.games.gloomhaven.campaign import (
    actions,
    links,
    offers,
    progression,
)
from companion.games.gloomhaven.campaign import state as campaign_state
from companion.games.gloomhaven.campaign.view import present, worked_numbers
from companion.kit.actions import Draws
from companion.kit.fields import ActionSpec
from companion.rules import N_, Action, ActionError, Role, Rules, Seat


class CampaignRules(Rules):
    id = "gloomhaven-campaign"
    title = N_("Gloomhaven campaign")
    templates = "games/gloomhaven/campaign"
    #: Every region reads only the view: after an action a region is
    #: rendered again only where what it read changed (a gold coin is not the shop of every seat,
    #: nor the card at the top of every phone).
    view_regions = frozenset({"now", "party", "sheet", "scenarios", "characters", "shop"})
    result_action = "scenario.result"

    def roles(self) -> list[Role]:
        return [Role("player", N_("Player"))]

    def setup_fields(self) -> list[dict]:
        return [{"name": "party", "label": N_("Party name"), "kind": "text", "default": ""},
                {"name": "printing", "label": N_("Prosperity track"), "kind": "select", "default": "second",
                 "choices": [("second", N_("Second or later printing")), ("first", N_("First printing (unconfirmed)"))],
                 "help": N_("The first printing’s map board has one more box before each prosperity level.")}]

    def initial_state(self, options: dict) -> dict:
        name = options.get("party") or ""
        if not isinstance(name, str) or len(name) > 60:
            raise ActionError(N_("A party name of at most 60 characters."), field="party")
        printing = options.get("printing") or "second"
        if printing not in progression.PRINTINGS:
            raise ActionError(N_("Choose the printing from the list."), field="printing")
        return campaign_state.new_campaign(name.strip(), printing)

    def actions(self) -> list[ActionSpec]:
        return list(actions.ACTIONS)

    def regions(self, seat: Seat | None) -> list[str]:
        mine = ["now", "party", "sheet"] if seat is not None else ["party"]
        return [*mine, "scenarios", "characters", "shop"]

    def run_effect(self, spec, state: dict, action: Action, seats: dict[str, Seat], draws: Draws) -> dict:
        state = campaign_state.upgrade(state)  # a table stored before the current schema (its copy)
        return super().run_effect(spec, state, action, seats, draws)

    def check_state(self, state: dict) -> None:
        campaign_state.check(state)

    def upgrade_export(self, export: dict) -> dict:
        return campaign_state.upgrade_export(export)

    def view(self, state: dict, seat: Seat | None) -> dict:
        state = campaign_state.current(state)
        shown = super().view(state, seat)
        shown["shown"] = present(state, seat.id if seat is not None else None)
        shown["working"] = worked_numbers(state, shown["shown"])  # every number the pages show, with its working
        return shown

    # -- linked tables --------------------------------------------------------
    def child_offers(self, state: dict, seats) -> list:
        return offers.offers(state)

    def awaits_child(self, state: dict, offer: str | None, seats) -> bool:
        # Until its result comes back or the group stops waiting (an
        # abandoned scenario is offered again under the same id).
        return offer in dict(links.playing(state))

    def child_title(self, offer: str | None, name: str) -> str:
        # "1 Black Barrow", with the scenario's name in the reader's language.
        return names.Named(name) if isinstance(offer, str) and links.scenario_of_offer(offer) is not None else name

    def on_child_started(self, state: dict, started: dict) -> dict:
        links.started(state, started.get("offer"))
        return state


RULES = CampaignRules()
