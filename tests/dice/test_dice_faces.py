"""Dice and faces: definitions, validation, metadata, pools, standard dice."""

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from companion.dice import Die, Face, Pool, numeric_die, standard
from dice_strategies import KILL_PAIN

# A die that hits on 4-6 and rolls one more on each 6 (a game's combat die,
# e.g. Chaos in the Old World's, which its package defines).
EXPLODING_D6 = standard.hits_on(4, kind="exploding_d6", label="Combat die", explode_on=(6,))


def test_face_spec_separates_symbols_from_options():
    face = Face.from_spec("crit", {"hit": 1, "explode": True, "label": "Critical hit", "sides": 2})
    assert face.symbols == {"hit": 1}
    assert (face.label, face.sides, face.explode) == ("Critical hit", 2, True)


def test_face_drops_zero_counts_and_defaults_label_to_id():
    face = Face("blank", {"hit": 0})
    assert face.symbols == {}
    assert face.label == "blank"
    assert face.count("hit") == 0


def test_face_value_is_a_count_or_a_weighted_sum():
    face = Face("f", {"hit": 2, "faith": 1})
    assert face.value("hit") == 2
    assert face.value({"hit": 1, "faith": 3}) == 5
    assert face.value("missing") == 0
    with pytest.raises(ValueError):
        face.value({})
    with pytest.raises(ValueError):
        face.value({"hit": True})


@pytest.mark.parametrize(
    "args, kwargs",
    [
        (("",), {}),
        ((" x",), {}),
        (("x", {"hit": 1.5}), {}),
        (("x", {"hit": True}), {}),
        (("x", {"sides": 1}), {}),  # reserved name as a symbol
        (("x",), {"sides": 0}),
        (("x",), {"explode": ""}),
    ],
)
def test_face_rejects_bad_definitions(args, kwargs):
    with pytest.raises(ValueError):
        Face(*args, **kwargs)


def test_faces_are_immutable_and_compare_by_value():
    assert Face("x", {"hit": 1}) == Face("x", {"hit": 1})
    assert len({Face("x", {"hit": 1}), Face("x", {"hit": 1})}) == 1
    assert Face("x", {"hit": 1}) != Face("x", {"hit": 2})
    with pytest.raises(AttributeError):
        Face("x").id = "y"


def test_die_from_specs_resolves_explode_true_to_its_own_kind():
    die = Die("sin", {"hit": {"hit": 1, "sides": 3}, "crit": {"hit": 1, "explode": True}, "blank": {"sides": 2}})
    assert die.face("crit").explode == "sin"
    assert die.sides == 6
    assert die.probability("hit") == Fraction(1, 2)
    assert die.probability(die.face("crit")) == Fraction(1, 6)
    assert die.explosion_kinds() == {"sin"}
    assert die.symbols() == ["hit"]


def test_die_rejects_duplicate_face_ids_and_empty_faces():
    with pytest.raises(ValueError):
        Die("d", [Face("x"), Face("x", {"hit": 1})])
    with pytest.raises(ValueError):
        Die("d", [])
    with pytest.raises(KeyError):
        Die("d", [Face("x")]).face("y")


def test_die_metadata_is_json_for_the_renderer():
    die = Die("sin", {"crit": {"hit": 1, "explode": True, "label": "Critical hit"}}, label="Sin die")
    data = json.loads(json.dumps(die.to_json()))
    assert data == {
        "kind": "sin",
        "label": "Sin die",
        "sides": 1,
        "faces": [{"id": "crit", "label": "Critical hit", "sides": 1, "symbols": {"hit": 1}, "explode": "sin"}],
    }


def test_numeric_die_numbers_faces_and_adds_extras():
    die = numeric_die("d4", 4, extra={4: {"hit": 1}}, explode_on=[4])
    assert [face.id for face in die.faces] == ["1", "2", "3", "4"]
    assert [face.count("pips") for face in die.faces] == [1, 2, 3, 4]
    assert die.face("4").symbols == {"pips": 4, "hit": 1}
    assert [face.explode for face in die.faces] == [None, None, None, "d4"]
    with pytest.raises(ValueError):
        numeric_die("d4", 4, explode_on=[5])


def test_plain_d6():
    assert [face.symbols for face in standard.D6.faces] == [{"pips": n} for n in range(1, 7)]
    assert not standard.D6.explosion_kinds()


def test_exploding_d6_die_hits_on_4_to_6_and_explodes_on_6():
    die = EXPLODING_D6
    assert [face.count("hit") for face in die.faces] == [0, 0, 0, 1, 1, 1]
    assert [face.id for face in die.faces if face.explode] == ["6"]
    assert die.face("6").explode == "exploding_d6"


def test_hits_on_threshold():
    die = standard.hits_on(5, kind="d6_5up")
    assert [face.count("hit") for face in die.faces] == [0, 0, 0, 0, 1, 1]
    with pytest.raises(ValueError):
        standard.hits_on(7, kind="bad")


def test_pool_keeps_counted_and_reachable_dice_only():
    bonus = Die("bonus", {"b": {"hit": 1}})
    unused = Die("unused", {"u": {}})
    main = Die("main", {"x": {"explode": "bonus"}, "y": {}})
    pool = Pool({main: 2, standard.D6: 0}, extra_dice=[bonus, unused])
    assert pool.counts == {"main": 2}
    assert set(pool.dice) == {"main", "bonus"}
    assert pool.size == 2


def test_pool_rejects_bad_definitions():
    main = Die("main", {"x": {"explode": "bonus"}})
    with pytest.raises(ValueError):
        Pool({main: 1})  # explodes into a kind it does not know
    with pytest.raises(ValueError):
        Pool({standard.D6: 1, numeric_die("d6", 4): 1})  # two dice, one kind
    with pytest.raises(ValueError):
        Pool({standard.D6: -1})
    with pytest.raises(ValueError):
        Pool({standard.D6: 1}, max_depth=-1)
    with pytest.raises(ValueError):
        Pool({standard.D6: 1}, max_depth=101)


def test_pool_json_round_trip():
    pool = Pool({EXPLODING_D6: 3, standard.D6: 1}, max_depth=4)
    data = json.loads(json.dumps(pool.to_json()))
    assert Pool.from_json(data, [standard.D6, EXPLODING_D6, KILL_PAIN]) == pool
    with pytest.raises(ValueError):
        Pool.from_json(data, [standard.D6])


def test_the_engine_imports_neither_flask_nor_sqlite():
    code = (
        "import sys, companion.dice, companion.dice.standard, companion.dice.probability; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlite3', 'sqlite_utils')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
