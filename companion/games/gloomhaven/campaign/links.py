"""Linked tables: the scenario tables started from the campaign and not yet
reported (the party is out of town meanwhile), named by their offer ids.
What is offered is in `offers`; a result comes back as `scenario.result`."""

from __future__ import annotations


def offer_id(number: int, visit: int) -> str:
    """One id per attempt (a failed scenario tried again is a new table)."""
    return f"scenario-{number}-{visit}"


def scenario_of_offer(offer: str) -> int | None:
    """The scenario number of an offer id ("scenario-2-5"; version 1 wrote "scenario-2")."""
    parts = offer.split("-")
    number = parts[1] if len(parts) in (2, 3) and parts[0] == "scenario" else ""
    if number.isascii() and number.isdigit() and len(number) < 4:
        return int(number)
    return None


def started(state: dict, offer: object) -> None:
    """A scenario table was started: the party is out of town until its result comes."""
    # setdefault: a table stored before schema 3 (exports are upgraded on import).
    playing_now = state.setdefault("playing", [])
    if isinstance(offer, str) and scenario_of_offer(offer) is not None and offer not in playing_now:
        playing_now.append(offer)


def stopped(state: dict, offer: str) -> None:
    if offer in state.get("playing", ()):
        state["playing"].remove(offer)


def playing(state: dict) -> list[tuple[str, int]]:
    """The scenario tables being played (their results not back yet): (offer, scenario)."""
    return [(offer, scenario_of_offer(offer)) for offer in state.get("playing", ())]
