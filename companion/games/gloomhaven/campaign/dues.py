"""What the party still has to hand out or decide after a scenario or a
retirement, kept on the party sheet until someone settles it: a reward item
(each copy to one character), shared gold (split as the party likes), a
choice of scenario to unlock, and notes of what stays with the physical
cards (events to shuffle in, a random item design to draw)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.gloomhaven.campaign import data
from companion.games.gloomhaven.names import Named
from companion.kit.actions import Act
from companion.kit.fields import FormMap, Int
from companion.rules import N_, ActionError

KINDS = ("item", "gold", "unlock", "note")


def add(state: dict, kind: str, **fields) -> None:
    # setdefault: a table stored in the database before schema 4 (exports are upgraded on import).
    state.setdefault("due", [])
    number = state.setdefault("next_due", 1)
    state["due"].append({"id": number, "kind": kind, **fields})
    state["next_due"] = number + 1


def note(state: dict, msgid: str, params: dict, scenario: int | None = None) -> None:
    """A note for the table: `msgid` (marked for translation) with its params."""
    add(state, "note", msgid=msgid, params=params, **({"scenario": scenario} if scenario else {}))


def find(state: dict, number: int, kind: str | None = None) -> dict:
    found = next((due for due in state.get("due", ()) if due["id"] == number), None)
    if found is None or (kind is not None and found["kind"] != kind):
        raise ActionError(N_("Nothing of that number is left to settle."), field="due")
    return found


def settled(state: dict, due: dict) -> None:
    state["due"].remove(due)


@dataclass(frozen=True)
class Shares(FormMap):
    """Gold per character: JSON {character: gold}, or form fields
    "shares.<character>" (blank: 0)."""

    missing = N_("Give each character's share of the gold.")

    def parse(self, raw: object) -> dict:
        raw = super().parse(raw)
        if not isinstance(raw, dict) or not 0 < len(raw) <= 20:
            raise ActionError(self.missing, field=self.name)
        return {who: 0 if gold in ("", None) else Int(self.name, min=0, max=999).parse(gold)
                for who, gold in raw.items()}


def share_gold(act: Act) -> None:
    """Shared gold split between the party's characters as the party agreed."""
    state, payload = act.state, act.payload
    due, shares = find(state, payload["due"], "gold"), payload["shares"]
    for cid in shares:
        if cid not in state["characters"] or state["characters"][cid]["retired"]:
            raise ActionError(N_("No such character."), field="shares")
    total = sum(shares.values())
    if total != due["gold"]:
        raise ActionError(N_("The shares add up to %(total)d gold, not %(gold)d."), field="shares",
                          total=total, gold=due["gold"])
    for cid, gold in shares.items():
        state["characters"][cid]["gold"] += gold
    settled(state, due)


def choose_unlock(act: Act) -> None:
    """One scenario of a reward's choice unlocked (the others stay locked)."""
    state, payload = act.state, act.payload
    due = find(state, payload["due"], "unlock")
    if payload["scenario"] not in due["choices"]:
        raise ActionError(N_("Choose one of the scenarios offered."), field="scenario")
    if payload["scenario"] not in state["unlocked"]:
        state["unlocked"].append(payload["scenario"])
    settled(state, due)


def dismiss(act: Act) -> None:
    """A due set aside: a note done, or a reward nobody can take."""
    state, payload = act.state, act.payload
    settled(state, find(state, payload["due"]))


def from_rewards(state: dict, number: int, rewards: dict) -> None:
    """What a won scenario's rewards leave to the party to settle."""
    for item in rewards.get("items", ()):
        add(state, "item", scenario=number, item=item["item"], left=item.get("count", 1))
    if rewards.get("collective_gold"):
        add(state, "gold", scenario=number, gold=rewards["collective_gold"])
    if rewards.get("choose_one_unlock"):
        add(state, "unlock", scenario=number, choices=list(rewards["choose_one_unlock"]))
    for event in rewards.get("events", ()):
        msgid = (N_("Scenario %(number)d: shuffle city event %(card)d into the city deck.") if event["deck"] == "city"
                 else N_("Scenario %(number)d: shuffle road event %(card)d into the road deck."))
        note(state, msgid, {"number": number, "card": event["card"]}, number)
    for envelope in rewards.get("envelopes", ()):
        note(state, N_("Scenario %(number)d: open envelope %(envelope)s."),
             {"number": number, "envelope": envelope}, number)
    for text in rewards.get("notes", ()):  # the scenario book's words, in English as the data has them
        add(state, "note", scenario=number, text=text)


def shown(state: dict) -> list[dict]:
    """The dues as a page shows them, with the item's name and the scenarios' names."""
    rows = []
    for due in state.get("due", ()):
        row = dict(due)
        if due["kind"] == "item":
            row["name"] = data.item(due["item"])["name"]
        elif due["kind"] == "unlock":
            row["options"] = [(n, data.scenario(n)["name"]) for n in due["choices"]]
        elif due.get("text"):
            row["note"] = _note_key(due)
        elif "params" in due:  # a class or scenario named in a note reads in the reader's language
            row["params"] = {key: Named(value) if isinstance(value, str) else value
                             for key, value in due["params"].items()}
        rows.append(row)
    return rows


def _note_key(due: dict) -> str | None:
    """A note in the scenario book's words by "<scenario>.<its place>", as
    names.json names it in the reader's language (None: not the data's)."""
    notes = (data.scenario(due["scenario"]).get("rewards") or {}).get("notes", []) if due.get("scenario") else []
    return f'{due["scenario"]}.{notes.index(due["text"])}' if due["text"] in notes else None
