"""The Cthulhu Wars combat die (seed, 战斗 step 2, "骰子点数中"): each 6 is a
kill, each 4 or 5 a pain, 1-3 miss; nothing explodes."""

from __future__ import annotations

from companion.dice import numeric_die

COMBAT_DIE = numeric_die(
    "cthulhu_wars_combat",
    6,
    label="Combat die",
    extra={4: {"pain": 1}, 5: {"pain": 1}, 6: {"kill": 1}},
)
