"""kit.alike: what every seat's view works out alike is worked out once per
version while the platform renders that very state, and afresh anywhere else."""

from __future__ import annotations

from companion.kit.alike import alike, sharing


def keeper(kept: dict):
    """The platform's part: one result per `what` (per version, there)."""
    def keep(what, make):
        if what not in kept:
            kept[what] = make()
        return kept[what]
    return keep


def counting():
    calls = []

    def compute():
        calls.append(1)
        return {"n": len(calls)}

    return calls, compute


def test_inside_sharing_every_seat_gets_the_first_result_for_that_state():
    kept: dict = {}
    state = {"round": 1}
    calls, compute = counting()
    results = []
    for _seat in range(4):
        with sharing(state, keeper(kept)):
            results.append(alike(state, "derived", compute))
    assert len(calls) == 1 and all(result is results[0] for result in results)


def test_another_state_or_no_sharing_computes_afresh():
    kept: dict = {}
    state, other = {"round": 1}, {"round": 1}
    calls, compute = counting()
    with sharing(state, keeper(kept)):
        alike(other, "derived", compute)  # an equal state, not the one rendered
    alike(state, "derived", compute)  # outside a render
    assert len(calls) == 2 and not kept
