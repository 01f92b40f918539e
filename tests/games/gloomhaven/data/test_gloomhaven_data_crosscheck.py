"""The converted monster stats against the other public stat table
(gloomycompanion's): they agree everywhere except the few values listed."""

from __future__ import annotations

import json
import re

import pytest

from companion.games.gloomhaven import data

# (monster, level, rank, stat): (ours, theirs). Ours are kept; a physical
# stat card settles a dispute.
KNOWN_DISAGREEMENTS = {
    ("bandit-guard", 6, "elite", "move"): (3, 4),
    ("spitting-drake", 0, "elite", "attack"): (4, 5),
    ("flame-demon", 3, "normal", "shield"): (2, 3),
    ("flame-demon", 5, "elite", "shield"): (4, 5),
    ("ooze", 3, "elite", "shield"): (1, 2),
}
PAIRS = (("hit_points", "health"), ("move", "move"), ("attack", "attack"), ("range", "range"))


@pytest.fixture(scope="module")
def other_table(reference):
    path = reference / "gloomycompanion" / "monster_stats.json"
    if not path.exists():
        pytest.skip("the second stat table is not in the reference folder")
    return json.loads(path.read_text(encoding="utf-8"))


def by_display_name() -> dict:
    return {m["name"]: k for k, m in data.monsters().items() if not m.get("scenario_only")}


def their_shield(attributes: list) -> int:
    found = [int(n) for a in attributes for n in re.findall(r"^Sh[ie]+ld (\d+)", a)]
    return found[0] if found else 0


def test_normal_monsters_agree_but_for_the_known_values(other_table):
    names = by_display_name()
    found = {}
    for name, monster in other_table["monsters"].items():
        for row in monster["level"]:
            for rank in ("normal", "elite"):
                ours, theirs = data.stats(names[name], row["level"], rank), row[rank]
                pairs = [(o, ours[o] or 0, theirs[t]) for o, t in PAIRS]
                pairs.append(("shield", ours.get("shield", 0), their_shield(theirs["attributes"])))
                for stat, mine, other in pairs:
                    if mine != other:
                        found[(names[name], row["level"], rank, stat)] = (mine, other)
    assert found == KNOWN_DISAGREEMENTS


def test_bosses_agree_on_hit_points_move_and_attack(other_table):
    names = by_display_name()
    for boss in other_table["bosses"].values():
        for row in boss["level"]:
            ours = data.stats(names[boss["name"]], row["level"], "boss")
            hit_points = ours["hit_points"]
            shown = f"{hit_points['per_character']}xC" + (
                f"/{hit_points['divide_by']}" if hit_points["divide_by"] > 1 else "")
            assert shown == re.sub(r"[()]", "", str(row["health"])), boss["name"]
            assert (ours["move"] or 0) == row["move"], boss["name"]
