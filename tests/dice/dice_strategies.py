"""Hypothesis strategies for small random dice and pools (shared by the dice tests)."""

from hypothesis import strategies as st

from companion.dice import Die, Face, Pool, numeric_die

SYMBOLS = ("a", "b")

#: A d6 with two symbols and no explosions (6: a kill, 4-5: a pain), for tests
#: that need one; no game's die, so the engine's tests depend on no game.
KILL_PAIN = numeric_die("kill_pain", 6, extra={4: {"pain": 1}, 5: {"pain": 1}, 6: {"kill": 1}})


@st.composite
def pools(draw, max_kinds=3, max_faces=3, max_count=3, max_depth=3, max_dice=None):
    """A pool of 1..max_kinds random dice kinds; faces show -1..2 of each symbol,
    cover 1..3 sides and may explode into their own kind or another one."""
    kinds = [f"k{i}" for i in range(draw(st.integers(1, max_kinds)))]
    dice = []
    for kind in kinds:
        faces = []
        for number in range(draw(st.integers(1, max_faces))):
            symbols = {symbol: draw(st.integers(-1, 2)) for symbol in SYMBOLS}
            explode = draw(st.sampled_from([None, None, True, *kinds]))
            faces.append(Face(f"f{number}", symbols, explode=explode, sides=draw(st.integers(1, 3))))
        dice.append(Die(kind, faces))
    counts = {die: draw(st.integers(0, max_count)) for die in dice}
    if max_dice is not None:
        while sum(counts.values()) > max_dice:
            die = max(counts, key=counts.get)
            counts[die] -= 1
    return Pool(counts, max_depth=draw(st.integers(0, max_depth)), extra_dice=dice)
