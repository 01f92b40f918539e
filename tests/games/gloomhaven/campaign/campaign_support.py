"""A campaign table in a store with two seated players, for the campaign tests."""

from __future__ import annotations

from companion.store import Store


def new_campaign(tmp_path, party: str = "Lanterns"):
    store = Store(tmp_path / "companion.sqlite3")
    token = store.create_table("gloomhaven-campaign", "Campaign", {"party": party}).token
    ann, _ = store.join(token, "Ann", "player")
    bo, _ = store.join(token, "Bo", "player")
    return store, token, ann.id, bo.id


def with_two_characters(tmp_path):
    store, token, ann, bo = new_campaign(tmp_path)
    store.act(token, ann, "character.create", {"class": "brute", "name": "Grok", "level": 1})
    store.act(token, bo, "character.create", {"class": "tinkerer", "name": "Tink", "level": 1})
    return store, token, ann, bo


def state(store, token) -> dict:
    return store.state(token)[1]


def result(outcome="success", scenario=None, **per_class) -> dict:
    """A scenario table's result: per class (experience, gold, checkmarks)."""
    found = {"outcome": outcome, "characters": [
        {"class": klass, "experience": xp, "gold": gold, "checkmarks": checks} for klass, (xp, gold, checks) in per_class.items()]}
    if scenario is not None:
        found["scenario"] = scenario
    return found
