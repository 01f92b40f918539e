"""The contract every game's rules module meets.

A rules module is plain Python: no Flask, no SQLite. It declares its roles, its
initial state, the actions it accepts; it validates and applies each action as
a pure function of (state, action) and says what each seat may see. Random
outcomes are drawn while an action's effect runs (`act.draws`, on the live
server) and written into the action as it is logged, so replaying the log
gives the same state.

State convention: a JSON-serialisable dict. Secrets that belong to one seat
live under ``state["secrets"][seat_id]``; the default `view` strips every seat's
secrets but the viewer's own.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.kit.actions import Act, Draws


def N_(message: str) -> str:
    """Marks an English msgid for extraction into the catalog; the web layer
    translates it when it is shown (game titles, role labels, history lines)."""
    return message


class Plural(str):
    """An English msgid with a plural form, chosen by the param `count` when
    translated (each language's catalog has its own number of forms: one in
    Chinese and Japanese, two in English): "drew %(count)d elder sign" /
    "drew %(count)d elder signs". Made with `NP_`."""

    plural: str

    def __new__(cls, singular: str, plural: str) -> Plural:
        made = super().__new__(cls, singular)
        made.plural = plural
        return made

    def __getnewargs__(self):  # copies and pickles keep the plural form
        return (str(self), self.plural)


def NP_(singular: str, plural: str) -> Plural:
    """Marks a msgid with a plural form for extraction (like `N_`); the
    params that format it carry `count`."""
    return Plural(singular, plural)


class Msg(str):
    """A parameter that is itself an English msgid (a phase's name, a card's
    title): translated along with the message it goes into. A game whose
    names are not msgids (they come from its data) subclasses it and
    overrides `translated`, which is given the reader's language."""

    def translated(self, translate: Callable[[str], str], language: str | None = None) -> str:
        """In the reader's `language` ("zh_Hans", "ja"; None: English), for
        a game whose names are kept outside the catalog."""
        return translate(self)


def translated_params(params: dict, translate: Callable[[str], str], language: str | None = None) -> dict:
    return {key: value.translated(translate, language) if isinstance(value, Msg) else value
            for key, value in params.items()}


class ActionError(Exception):
    """An action the rules refuse. `message` is shown to the person next to the
    control they used (`field` names the control, when there is one)."""

    def __init__(self, message: str, field: str | None = None, **params: Any):
        super().__init__(message)
        self.message = message
        self.field = field
        # Values to format into the (translated) message, kept apart so the
        # message itself stays a translatable constant.
        self.params = params

    def text(self, translate: Callable[[str], str] = lambda s: s, language: str | None = None) -> str:
        """The message, translated and formatted (`language`: the reader's,
        for names outside the catalog). A translation whose placeholders
        don't fit the params gives way to the English message."""
        template = translate(self.message)
        if not self.params:
            return template
        params = translated_params(self.params, translate, language)
        for candidate in (template, self.message):
            try:
                return candidate % params
            except (KeyError, TypeError, ValueError):
                pass
        # A value of the wrong kind (None for a number): shown as it is, or
        # "?", never a raw "%(slot)d" in front of the person.
        return PLACEHOLDER.sub(lambda found: "?" if params.get(found.group(1)) is None
                               else str(params[found.group(1)]), template)


# A named placeholder of a message: %(name)s, %(count)d, %(delta)+d...
PLACEHOLDER = re.compile(r"%\((\w+)\)[-+ #0]*\d*(?:\.\d+)?[a-zA-Z]")


@dataclass(frozen=True)
class Role:
    id: str
    label: str  # an English msgid; the web layer translates it
    max_seats: int | None = None  # None: any number of seats may take it


@dataclass(frozen=True)
class Action:
    type: str
    payload: dict = field(default_factory=dict)
    seat: str | None = None  # the seat that did it; None for the host or the system

    def to_dict(self) -> dict:
        return {"type": self.type, "payload": self.payload, "seat": self.seat}


@dataclass(frozen=True)
class Seat:
    id: str
    name: str
    role: str


@dataclass(frozen=True)
class ChildOffer:
    """A table this table can start now (a campaign's next scenario): of
    `game`, named `name`, created with `options`; each parent seat listed in
    `seat_roles` gets a seat of that role there, linked to its own.
    `label` is an English msgid for the button (formatted with `label_params`)."""

    id: str
    label: str
    game: str
    name: str
    options: dict = field(default_factory=dict)
    seat_roles: dict = field(default_factory=dict)
    label_params: dict = field(default_factory=dict)


class Rules:
    """Base class for a table type. Subclasses override what they need."""

    id: str = ""
    title: str = ""  # English msgid
    #: The game's template folder, "games/<id>": templates/games/<id>/ or the
    #: game package's own templates/ folder.
    templates: str = ""

    # -- what the game is -------------------------------------------------
    def roles(self) -> list[Role]:
        return [Role("player", N_("Player"))]

    def open_roles(self, state: dict) -> list[Role]:
        """The roles a seat may take at a table in `state` (by default every
        role): a role this table doesn't play (a faction nobody sits at) is
        neither offered on the join page nor accepted by a join."""
        return self.roles()

    def setup_fields(self) -> list[dict]:
        """Form fields the home page asks for when creating a table of this type:
        dicts with name, label, kind ('text', 'textarea', 'number', 'select')
        and optionally default, choices, help, and remember (a select that
        starts as the newest table of this type on the server had it)."""
        return []

    def initial_state(self, options: dict) -> dict:
        """The state of a new table, from the creation form. Raises ActionError
        on bad options."""
        return {}

    # -- actions ------------------------------------------------------------
    def actions(self) -> list:
        """Every action this table accepts, as `companion.kit.fields.ActionSpec`s:
        its type, a one-line English description and its payload's fields.
        The platform parses each payload through its spec before the
        action's effect runs, so effects receive typed values."""
        return []

    def action_types(self) -> dict[str, str]:
        """Every action type with its one-line description (docs/api.md, the API)."""
        return {spec.type: spec.doc for spec in self.actions()}

    def action_spec(self, type: str):
        """The declaration of action `type`, or None if this table has no such action."""
        for spec in self.actions():
            if spec.type == type:
                return spec
        return None

    def typed(self, action: Action) -> Action:
        """`action` with its payload parsed through its declaration, as the
        platform does before the effect runs (an unknown type is refused)."""
        spec = self.action_spec(action.type) if isinstance(action.type, str) else None
        if spec is None:
            raise ActionError(N_("Unknown action."), field="type")
        if not isinstance(action.payload, dict):
            raise ActionError(N_("The action's details are malformed."))
        return Action(action.type, spec.parse(action.payload), action.seat)

    def undo_refusal(self, state: dict, action: Action, by_host: bool) -> ActionError | None:
        """Why `action`, the newest step, may not be undone now (None: it may).
        By default a seat may undo anything its spec allows and the host
        anything; a game may refuse more (e.g. across a phase boundary)."""
        spec = self.action_spec(action.type)
        if spec is not None and not spec.seat_may_undo and not by_host:
            return ActionError(N_("Only the host can undo this."), field="undo")
        return None

    def perform(self, state: dict, action: Action, seats: dict[str, Seat],
                rng: random.Random) -> tuple[dict, Action]:
        """The live server carries out typed `action`: the new state (the
        input is never changed) and the action as it is logged, with what
        it drew. Refused with ActionError, nothing kept."""
        spec = self.declared(action)
        draws = Draws(rng, action.payload)
        new_state = self.run_effect(spec, copy.deepcopy(state), action, seats, draws)
        return new_state, Action(action.type, {**action.payload, **draws.made}, action.seat)

    def run_effect(self, spec, state: dict, action: Action, seats: dict[str, Seat], draws: Draws) -> dict:
        """One dispatcher for every declared action: `spec.effect` on an Act
        (the payload with every declared field present). A game wraps it
        (calling super) for what holds around every action: its phase check,
        a schema upgrade, what follows each action."""
        payload = {**{declared.name: None for declared in spec.fields}, **action.payload}
        act = Act(state, payload, seats.get(action.seat) if action.seat else None, seats, draws, self)
        changed = spec.effect(act)
        return act.state if changed is None else changed

    def declared(self, action: Action):
        """The declaration of `action`, with the effect that carries it out
        (refused if the table has no such action)."""
        spec = self.action_spec(action.type)
        if spec is None or spec.effect is None:
            raise ActionError(N_("Unknown action."), field="type")
        return spec

    def apply(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        """Return the new state. `state` is a private copy the method may change.
        A declared effect is run with the draws its log entry recorded."""
        return self.run_effect(self.declared(action), state, action, seats, Draws(None, action.payload))

    def check_state(self, state: dict) -> None:
        """Raise ValueError (or TypeError, KeyError) if `state` is not one this
        game can be in. An imported export's initial and final states are
        checked with it: the file may be damaged or edited by hand, and pages
        and rules rely on the state's shape."""

    def with_kept_numbers(self, state: dict, kept: dict) -> dict:
        """A new table's state with what this server keeps for the game
        (`kept`: what a group read off its printed components once, see
        `Store.kept_numbers`); by default the state as it is. Returns the
        state."""
        return state

    def upgrade_export(self, export: dict) -> dict:
        """An export made by an older version of this game, carried to the
        current one before it is checked and imported (by default as it is).
        A game whose state carries a schema version upgrades it here."""
        return export

    def on_seat_joined(self, state: dict, seat: Seat) -> dict:
        """A seat was created; the game may give it its own pieces (counters,
        tracks, secrets). Returns the new state."""
        return state

    # -- linked tables ---------------------------------------------------------
    def on_child_started(self, state: dict, started: dict) -> dict:
        """A table was started from this one (`started`: its `token`, `offer`
        and `name`, as logged); the game may note that it is in progress.
        Returns the new state."""
        return state

    #: On a parent: the action type that receives a child's result. Its
    #: ActionSpec accepts `child` (Text: the child's token), `offer` (Text: the
    #: offer id) and `result` (Json). None: this table takes no results.
    result_action: str | None = None

    def child_offers(self, state: dict, seats: dict[str, Seat]) -> list[ChildOffer]:
        """The tables this table can start now (see ChildOffer)."""
        return []

    def awaits_child(self, state: dict, offer: str | None, seats: dict[str, Seat]) -> bool:
        """Whether this table still waits for the result of its unreported
        child started from `offer` (by default: while it still offers it).
        Phones and the display are taken to a child only while it is awaited;
        once it no longer is (a campaign stopped waiting), the child's pages
        offer the way back."""
        return any(child.id == offer for child in self.child_offers(state, seats))

    def child_title(self, offer: str | None, name: str) -> str:
        """The name of a table started from this one's `offer`, as pages
        show it: its stored `name` (the offer's, in English) by default; a
        game whose offer names come from its data may return a `Msg`, shown
        in each reader's language (the stored name stays as it is)."""
        return name

    def result(self, state: dict) -> dict | None:
        """A finished child's result to report to its parent (None: not finished)."""
        return None

    # -- what each seat sees --------------------------------------------------
    def regions(self, seat: Seat | None) -> list[str]:
        """The live parts of the page, each a template games/<id>/<name>.html
        (see `templates`), re-sent when its HTML changes.
        `seat` None is the table display."""
        return ["main"]

    #: Regions whose HTML is the same on every seat's page: rendered once per
    #: table version for all the seats, not once per seat. Such a template is
    #: given no seat (`seat` is None and `view` is the display's view, without
    #: secrets), so sharing it can't show one seat's secrets to another.
    shared_regions: frozenset[str] = frozenset()

    #: Regions whose HTML is the same on every seat's page, the controls any
    #: seat has included (unlike `shared_regions`, which show none): rendered
    #: once per table version with the first seat that asks as `seat` and the
    #: display's view (`view(state, None)`, without secrets), and given to
    #: every seat. Such a template may test `seat` (a phone, not the display)
    #: but must not show whose phone it is; tests/web/test_web_seat_alike.py
    #: renders each one for every seat to check.
    seat_alike_regions: frozenset[str] = frozenset()

    #: Regions that read nothing but the view, the seats, the viewer and the
    #: table's name (no store, no clock, no other table): each is rendered
    #: again only when a top-level key of the view it read last time has
    #: changed (companion.web.render.game_region).
    view_regions: frozenset[str] = frozenset()

    def view(self, state: dict, seat: Seat | None) -> dict:
        """What `seat` may see (None: the table display, shared state only)."""
        shown = {k: v for k, v in state.items() if k != "secrets"}
        if seat is not None:
            shown["mine"] = state.get("secrets", {}).get(seat.id, {})
        return shown

    def seat_view(self, state: dict, seat: Seat | None, seats: dict[str, Seat]) -> dict:
        """What a page's regions read: the view, which a game may complete with
        what depends on who sits at the table (the card at the top of a phone:
        `open_actions` needs the seats). By default `view`; the API keeps `view`."""
        return self.view(state, seat)

    def describe(self, action: Action, seats: dict[str, Seat], state: dict) -> tuple[str, dict]:
        """A line for the history as (English msgid, params); the web layer
        translates it. `state` is the current state, for names. Must not
        reveal secrets. By default the action's declared `history`."""
        spec = self.action_spec(action.type)
        if spec is not None and spec.history is not None:
            if isinstance(spec.history, str):
                return spec.history, {}
            return spec.history(action, seats, state)
        return "%(type)s", {"type": action.type}

    def redact(self, action: Action, viewer: Seat | None) -> dict:
        """The payload of a logged action as `viewer` may see it (None: the
        table display): by default through the action's declared `redact`."""
        spec = self.action_spec(action.type)
        if spec is not None and spec.redact is not None:
            return spec.redact(action, viewer)
        return action.payload

    def open_actions(self, state: dict, seat: Seat | None, seats: dict[str, Seat]) -> dict[str, list[dict]]:
        """What `seat` may do now: each open action type with the payloads it
        may send (from each action's declared `open`; actions that declare
        none are left out). The phones put these first; random playouts
        choose among them."""
        offered = {}
        for spec in self.actions():
            if spec.open is not None:
                choices = spec.open(state, seat, seats)
                if choices:
                    offered[spec.type] = list(choices)
        return offered

    # -- helpers the platform calls --------------------------------------------
    def act(self, state: dict, action: Action, seats: dict[str, Seat]) -> dict:
        """Carry `action` out on a deep copy: the input state is never changed
        (an effect refuses with ActionError before anything is kept)."""
        return self.apply(copy.deepcopy(state), action, seats)
