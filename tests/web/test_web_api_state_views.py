"""`GET /api/tables/<token>/state` answers every table type's view as JSON,
for nobody and for each seat, at tables played into many states (a view
holding a set once made The Others' state answer 500 from its first step)."""

from __future__ import annotations

import json
import random

import pytest

from companion.games import table_types
from tests.web.test_web_seat_alike import play_one_step, seated

STEPS = 25


@pytest.mark.parametrize("game", sorted(table_types()))
def test_every_view_the_state_api_answers_is_json(app, client, store, game):
    rules = table_types()[game]
    token, seats = seated(store, game)
    rng = random.Random(game)
    for step in range(STEPS):
        state = store.state(token)[1]
        for seat in [None, *seats]:
            json.dumps(rules.view(state, seat))  # raises on a set, a tuple key, an object...
        play_one_step(store, rules, token, seats, rng, game, step)
    answer = client.get(f"/api/tables/{token}/state")
    assert answer.status_code == 200
    assert answer.get_json()["version"] == store.state(token)[0]
