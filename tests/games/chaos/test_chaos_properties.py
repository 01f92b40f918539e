"""Properties the end-phase maths keeps for any counts."""

from hypothesis import given
from hypothesis import strategies as st

from chaos_helpers import GODS, region
from companion.games.chaos.dial import dial_steps
from companion.games.chaos.domination import dominate
from companion.games.chaos.ruination import score_ruination

counts = st.fixed_dictionaries({god: st.integers(0, 12) for god in GODS})


@given(counts, st.integers(0, 8), st.integers(0, 8))
def test_ruination_never_gives_more_than_first_plus_second_and_only_to_present_gods(corruption, second, more):
    first = second + more  # a card's first place is worth at least its second
    vp = score_ruination(corruption, first, second)["vp"]
    assert sum(vp.values()) <= first + second
    assert all(corruption[god] > 0 for god in vp)
    if vp:
        best = max(corruption.values())
        assert all(vp[god] >= vp.get(other, 0) for god in vp if corruption[god] == best for other in vp)


@given(counts)
def test_the_extra_dial_space_goes_to_a_single_leader_only(tokens):
    steps, _ = dial_steps(tokens)
    most = max(tokens.values())
    leaders = [god for god in GODS if tokens[god] == most]
    for god in GODS:
        expected = (1 if tokens[god] else 0) + (1 if most and leaders == [god] else 0)
        assert steps[god] == expected


@given(st.fixed_dictionaries({god: st.integers(0, 4) for god in GODS}), st.integers(0, 6))
def test_domination_scores_only_a_single_leader_above_resistance(cultists, resistance):
    place = region(resistance, figures={god: {"cultist": n} for god, n in cultists.items()})
    result = dominate(place, GODS)
    best = max(cultists.values())
    single = list(cultists.values()).count(best) == 1
    assert (result["winner"] is not None) == (single and best > resistance)
    assert result["vp"] == (resistance if result["winner"] else 0)
