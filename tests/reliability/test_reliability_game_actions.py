"""Every action of every table type, sent through the JSON API with payloads
made from its own declaration: right values, wrong types, edges, odd text,
nested junk, fields left out and fields nobody declared.

For every request: never a 500; a refusal says what is wrong and changes
nothing; an accepted action leaves pages, the display and the history
answering. The table types and their actions are read from the games, so a
new game or action is fuzzed without editing this file.
"""

from __future__ import annotations

import random

import pytest

from companion.games import table_types
from companion.kit.fields import Bool, Choice, Int, IntList, Json, SeatRef, Text
from companion.web import create_app
from tests.sealed import opened

pytestmark = pytest.mark.slow

REQUESTS_PER_TABLE = 400
# The options a table type can't be created without (the rest take defaults).
OPTIONS = {
    "cthulhu-wars": {"seat_1": "great_cthulhu", "seat_2": "black_goat", "seat_3": "crawling_chaos"},
    "the-others": {"sin": "greed", "acolyte": "hobo", "story": "the_darkness_within", "hero_players": "3"},
    "tally": {"tracks": "Doom 0..30\nPower -5..5 start 0", "counters": "VP 0..99"},
}
# Steps that bring a fresh table into play, so the fuzz reaches the actions
# of a game under way too: (seat number or None for the host, type, payload);
# a payload may be a function of the state.
SIN_DIE = {"corruption": 1, "hit": 2, "critical_hit": 1, "blank": 2}
HERO_DIE = {"hit": 2, "defense": 1, "counter_corruption": 1, "skill": 1, "faith": 1}
TEAM = {"leah": "leader", "rose": "sniper", "rocco": "sniper", "thorley": "bruiser", "brad": "bruiser",
        "karl": "fixer", "morgana": "fixer"}
SETUP = {
    "chaos-old-world": [(None, "setup.tokens", {"draw": True}), (None, "setup.start", {})],
    # Cthulhu Wars into the action phase (in the first-player step one seat has one open action).
    "cthulhu-wars": [(0, "power.gather", {}), (2, "direction.choose", {"direction": "clockwise"})],
    "gloomhaven": [(0, "character.set", {"class": "brute", "level": 2}),
                   (1, "character.set", {"class": "spellweaver", "level": 1}),
                   (2, "character.set", {"class": "tinkerer", "level": 3}),
                   (3, "character.set", {"class": "scoundrel", "level": 1}),
                   (0, "scenario.start", {})],
    "gloomhaven-campaign": [(0, "character.create", {"class": "brute", "name": "Grok", "level": 1}),
                            (1, "character.create", {"class": "tinkerer", "name": "Tink", "level": 1})],
    "the-others": [(None, "facts.enter", {"sin_die": SIN_DIE, "hero_die": HERO_DIE,
                                          "heroes": {h: {"class": c, "combat": 2, "skill": 2, "defense": 1}
                                                     for h, c in TEAM.items()},
                                          "monsters": {k: {"combat": 3, "defense": 3} for k in
                                                       ("abomination", "controller", "avatar", "acolyte")},
                                          "targets": {"1": "heroes", "3A": 3}}),
                   (None, "team.choose", {"heroes": list(TEAM)}),
                   (1, "heroes.pick", {"heroes": ["rose"]}),
                   (2, "heroes.pick", {"heroes": ["thorley"]}),
                   (3, "heroes.pick", {"heroes": ["rocco"]}),
                   (None, "game.start", {})],
}
# Actions that end or wipe the game, sent to tables in play only now and then,
# or the fuzz would spend most of its requests on a finished game.
ENDINGS = {"scenario.end", "reset", "game.end", "summary.confirm"}
LAN = {"REMOTE_ADDR": "192.168.1.30"}
ODD_TEXT = ["", " ", "x", "s1", "\u0000", "X\udc00", "\u202e\u2028", "🂡" * 300, "名前", "<script>", "%(x)s",
            "{{ 7 * 7 }}", "0", "-1", "99999999999999999999"]
JUNK = [None, True, False, 0, -1, 10**30, -(10**30), 1.5, float("nan"), "", "abc", [], {}, [1, "a", None],
        {"a": {"b": {"c": [1, [2, [3, [4, [5, [6, [7]]]]]]]}}}, {"": None}, ["s1", "s2"], {"s1": 1, "s2": "x"}]


def deep(depth: int):
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


def good_value(field, seats: list[str], rng: random.Random):
    """A value of the declared kind, within its bounds (at the edges often)."""
    if isinstance(field, Choice):
        return rng.choice(field.choices) if field.choices else ""
    if isinstance(field, Int):
        return rng.choice([field.min, field.max, max(field.min, min(field.max, 0)), max(field.min, min(field.max, 1)),
                           rng.randint(max(field.min, -20), min(field.max, 20)) if field.min <= 20 and field.max >= -20
                           else field.min])
    if isinstance(field, Bool):
        return rng.choice([True, False, "on", "0"])
    if isinstance(field, SeatRef):
        return rng.choice(seats + ["s99"])
    if isinstance(field, IntList):
        return [rng.randint(max(field.min, -3), min(field.max, 12)) for _ in range(rng.randint(0, 5))] \
            if field.min <= 12 and field.max >= -3 else []
    if isinstance(field, Text):
        return rng.choice(ODD_TEXT + ["Fen", "Zhang Wei 张伟"])
    if isinstance(field, Json):
        return json_value(seats, rng, 3)
    return rng.choice(JUNK)


def json_value(seats: list[str], rng: random.Random, depth: int):
    """Plausible shapes for a field the rules check themselves: maps of seats,
    names or numbers to numbers, text or more of the same."""
    keys = seats + ["1", "2", "a", "rose", "khorne", "great_cthulhu", "x\udc00", "", "0"]
    leaf = [0, 1, 2, 3, -1, 7, 10**7, "1", "a", None, True, [], {}]
    if depth <= 0 or rng.random() < 0.3:
        return rng.choice(leaf)
    if rng.random() < 0.5:
        return [json_value(seats, rng, depth - 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(keys): json_value(seats, rng, depth - 1) for _ in range(rng.randint(0, 4))}


def payload_for(spec, seats: list[str], rng: random.Random) -> dict:
    """Most often a payload of right values; else one with a field left out
    or made junk, or several such."""
    payload = {field.name: good_value(field, seats, rng) for field in spec.fields}
    spoiled = [] if rng.random() < 0.5 or not spec.fields else rng.sample(spec.fields, rng.randint(1, len(spec.fields)))
    for field in spoiled:
        roll = rng.random()
        if roll < 0.3:
            del payload[field.name]
        elif roll < 0.8:
            payload[field.name] = rng.choice(JUNK)
        else:
            payload[field.name] = rng.choice([deep(rng.choice([7, 50, 900])), rng.choice(ODD_TEXT), "X" * 5000])
    if rng.random() < 0.1:
        payload[rng.choice(["extra", "seat", "__proto__", ""])] = rng.choice(JUNK)
    return payload


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("fuzz") / "games.sqlite3"), "TESTING": True})
    yield app
    app.extensions["companion.store"].close()


def seated_table(app, game: str, rules) -> tuple[str, dict[str, str]]:
    """A table of `game` with up to four seats of each role (as many as
    the role and the table take), role after role."""
    client = app.test_client()
    made = client.post("/api/tables", json={"game": game, "name": "Fuzzed", "options": OPTIONS.get(game, {})})
    assert made.status_code == 201, made.get_data(as_text=True)
    token = made.get_json()["token"]
    keys = {}
    wanted = [role for role in rules.roles() for _ in range(min(role.max_seats or 4, 4))]
    for number, role in enumerate(wanted):
        joined = client.post(f"/api/tables/{token}/seats", json={"name": f"P{number}", "role": role.id},
                             environ_base=LAN)
        if joined.status_code == 201:
            keys[joined.get_json()["seat"]["id"]] = joined.get_json()["key"]
    return token, keys


def set_up(app, game: str, token: str, keys: dict[str, str]) -> None:
    """Bring the table into play (SETUP), as the group would."""
    store = app.extensions["companion.store"]
    seat_ids = list(keys)
    for number, type, payload in SETUP.get(game, []):
        store.act(token, None if number is None else seat_ids[number % len(seat_ids)], type, payload)


@pytest.mark.parametrize("in_play", [False, True], ids=["fresh", "in play"])
@pytest.mark.parametrize("game", sorted(table_types()))
def test_no_action_payload_answers_500_or_changes_anything_when_refused(app, game, in_play):
    rules = table_types()[game]
    store = app.extensions["companion.store"]
    token, keys = seated_table(app, game, rules)
    if in_play:
        set_up(app, game, token, keys)
    assert keys, "no seat could join"
    seats = sorted(keys)
    specs = rules.actions()
    rng = random.Random(f"fuzz {game} {in_play}")
    client = app.test_client()
    accepted = 0
    for _ in range(REQUESTS_PER_TABLE):
        spec = rng.choice(specs)
        if in_play and spec.type in ENDINGS and rng.random() < 0.9:
            spec = rng.choice(specs)
        payload = payload_for(spec, seats, rng)
        seat = rng.choice(seats + [None])
        headers = {"X-Seat-Key": keys[seat]} if seat else {"X-Host-Key": store.table(token).host_key}
        before = opened(store.seal_key(), store.export(token))
        sent = client.post(f"/api/tables/{token}/actions", json={"type": spec.type, "payload": payload},
                           headers=headers, environ_base=LAN)
        assert sent.status_code < 500, (spec.type, payload, sent.get_data(as_text=True)[:500])
        if sent.status_code != 200:
            assert sent.get_json().get("error"), (spec.type, payload)
            assert opened(store.seal_key(), store.export(token)) == before, (spec.type, payload)
            continue
        accepted += 1
        if accepted % 5 == 1:
            viewer = rng.choice(seats)
            for path in (f"/t/{token}", f"/t/{token}/display", f"/t/{token}/history"):
                page = client.get(path, headers={"X-Seat-Key": keys[viewer]}, environ_base=LAN)
                assert page.status_code == 200, (path, spec.type, payload, page.get_data(as_text=True)[:300])
    assert accepted, "every request was refused: the fuzz reached no rule"
    # The state is still the one its log replays to.
    assert store.state(token)[1] == store.replayed_state(token)
