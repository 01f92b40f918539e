"""Rolling with the server's rng, totals, JSON records and replay."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.dice import Die, Face, Pool, Roll, roll_pool, standard
from dice_strategies import KILL_PAIN, pools

# A die that hits on 4-6 and rolls one more on each 6 (a game's combat die,
# e.g. Chaos in the Old World's, which its package defines).
EXPLODING_D6 = standard.hits_on(4, kind="exploding_d6", label="Combat die", explode_on=(6,))


class ScriptedRandom(random.Random):
    """A Random whose randrange returns scripted values (to pin which side comes up)."""

    def __init__(self, picks):
        super().__init__(0)
        self.picks = list(picks)
        self.asked = []

    def randrange(self, *args):
        self.asked.append(args)
        return self.picks.pop(0)


def test_same_seed_gives_the_same_roll():
    pool = Pool({EXPLODING_D6: 12, KILL_PAIN: 5})
    first = roll_pool(pool, random.Random(2024))
    second = roll_pool(pool, random.Random(2024))
    assert first == second
    assert first.to_json() == second.to_json()


def test_roll_needs_a_random_instance():
    with pytest.raises(TypeError):
        roll_pool(Pool({standard.D6: 1}), random)


def test_side_counts_weight_the_faces():
    # Sides in order: hit, hit, hit, crit, blank, blank. The rng picks a side index.
    die = Die("sin", {"hit": {"hit": 1, "sides": 3}, "crit": {"hit": 1, "explode": True}, "blank": {"sides": 2}})
    rng = ScriptedRandom([2, 3, 5, 4])
    roll = roll_pool(Pool({die: 3}), rng)
    assert [(rolled.face.id, rolled.depth) for rolled in roll] == [("hit", 0), ("crit", 0), ("blank", 1), ("blank", 0)]
    assert rng.asked == [(6,)] * 4
    assert roll.total("hit") == 2


def test_explosion_chain_stops_at_the_cap():
    always = Die("always", {"boom": {"hit": 1, "explode": True}})
    roll = roll_pool(Pool({always: 2}, max_depth=3), random.Random(1))
    assert [rolled.depth for rolled in roll] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert roll.total("hit") == 8
    assert len(roll) == 8
    assert roll_pool(Pool({always: 2}, max_depth=0), random.Random(1)).total("hit") == 2


def test_explosion_into_a_named_kind():
    bonus = Die("bonus", {"b": {"pips": 10}})
    main = Die("main", {"x": {"pips": 1, "explode": "bonus"}})
    roll = roll_pool(Pool({main: 1}, extra_dice=[bonus]), random.Random(5))
    assert [(rolled.kind, rolled.face.id) for rolled in roll] == [("main", "x"), ("bonus", "b")]
    assert roll.total("pips") == 11


def test_totals_and_successes():
    pool = Pool({standard.D6: 4})
    roll = Roll.from_entered(pool, {"d6": ["6", "5", "2", "5"]})
    assert roll.total("pips") == 18
    assert roll.totals() == {"pips": 18}
    assert roll.successes(5) == 3
    assert roll.successes(6) == 1
    assert roll.total({"pips": 2}) == 36


def test_successes_count_explosion_dice_too():
    pool = Pool({EXPLODING_D6: 2})
    roll = Roll.from_entered(pool, {"exploding_d6": "6 1 4"})
    assert roll.successes(4) == 2
    assert roll.total("hit") == 2
    assert roll.totals() == {"hit": 2, "pips": 11}


def test_json_record_shape():
    pool = Pool({EXPLODING_D6: 2}, max_depth=5)
    roll = Roll.from_entered(pool, {"exploding_d6": ["6", "2", "6", "3"]})
    assert roll.to_json() == {
        "max_depth": 5,
        "dice": [
            {"kind": "exploding_d6", "face": "6", "children": [
                {"kind": "exploding_d6", "face": "6", "children": [{"kind": "exploding_d6", "face": "3"}]},
            ]},
            {"kind": "exploding_d6", "face": "2"},
        ],
    }


@given(pools(), st.integers(0, 2**32))
def test_a_roll_replays_identically_from_json(pool, seed):
    roll = roll_pool(pool, random.Random(seed))
    data = json.loads(json.dumps(roll.to_json()))
    from_pool = Roll.from_json(data, pool)
    assert from_pool == roll
    assert from_pool.to_json() == roll.to_json()
    # A replay may only have the game's dice, not the pool: it rebuilds the pool.
    from_dice = Roll.from_json(data, list(pool.dice.values()))
    assert from_dice == roll
    assert from_dice.totals() == roll.totals()


def test_replay_re_totals_with_the_definitions():
    pool = Pool({KILL_PAIN: 3})
    data = {"max_depth": 10, "dice": [{"kind": "kill_pain", "face": face} for face in "645"]}
    roll = Roll.from_json(data, pool)
    assert (roll.total("kill"), roll.total("pain")) == (1, 2)


@pytest.mark.parametrize(
    "data",
    [
        {"dice": []},  # no max_depth
        {"max_depth": 10, "dice": {}},
        {"max_depth": 10, "dice": [{"kind": "nope", "face": "1"}]},
        {"max_depth": 10, "dice": [{"kind": "exploding_d6", "face": "7"}]},
        {"max_depth": 10, "dice": [{"kind": "exploding_d6", "face": 6}]},
        {"max_depth": 10, "dice": [{"kind": "exploding_d6", "face": "6"}]},  # explosion die missing
        {"max_depth": 10, "dice": [{"kind": "exploding_d6", "face": "5",
                                    "children": [{"kind": "exploding_d6", "face": "1"}]}]},
        {"max_depth": 0, "dice": [{"kind": "exploding_d6", "face": "6",
                                   "children": [{"kind": "exploding_d6", "face": "1"}]}]},
        {"max_depth": 10, "dice": [{"kind": "exploding_d6", "face": "6", "children": [{"kind": "d6", "face": "1"}]}]},
        {"max_depth": 10, "dice": [{"kind": "exploding_d6", "face": "1", "extra": 1}]},
    ],
)
def test_replay_refuses_records_that_do_not_fit_the_dice(data):
    with pytest.raises(ValueError):
        Roll.from_json(data, [EXPLODING_D6, standard.D6])


def test_replay_refuses_a_record_from_another_pool():
    record = roll_pool(Pool({standard.D6: 2}), random.Random(3)).to_json()
    with pytest.raises(ValueError):
        Roll.from_json(record, Pool({standard.D6: 3}))
    with pytest.raises(ValueError):
        Roll.from_json(record, Pool({standard.D6: 2}, max_depth=3))


def test_replay_refuses_dice_out_of_pool_order():
    data = {"max_depth": 10,
            "dice": [{"kind": "d6", "face": "1"}, {"kind": "kill_pain", "face": "1"}, {"kind": "d6", "face": "2"}]}
    with pytest.raises(ValueError):
        Roll.from_json(data, [standard.D6, KILL_PAIN])


def test_faces_by_kind_lists_pool_dice_then_each_round_of_explosions():
    always = Die("always", [Face("boom", {"hit": 1}, explode=True)])
    pool = Pool({EXPLODING_D6: 2, always: 1}, max_depth=1)
    roll = Roll.from_entered(pool, {"exploding_d6": ["6", "6", "1", "6"], "always": ["boom", "boom"]})
    assert roll.faces_by_kind() == {"exploding_d6": ["6", "6", "1", "6"], "always": ["boom", "boom"]}
    # The cap: the explosion dice at depth 1 explode no further.
    assert [rolled.depth for rolled in roll] == [0, 1, 0, 1, 0, 1]
