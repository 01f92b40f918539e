"""Numbers a game's view works out alike for every seat, worked out once per
table version while the platform renders that version for its viewers.

The platform calls a game's `seat_view` for each phone and the display with
the same state (one read per version) and opens `sharing` around the call;
inside, `alike(state, what, compute)` hands every seat the first seat's
result. Anywhere else (another state, a test, the API) it simply computes.
What it returns is shared by every seat's view: never change it after."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

# (the state being rendered, the platform's store of one version's reads)
_scope: ContextVar = ContextVar("companion_alike", default=None)


@contextmanager
def sharing(state: dict, keep: Callable[[str, Callable[[], object]], object]) -> Iterator[None]:
    """Within, `alike` on this very `state` goes through `keep(what,
    compute)`, which returns one result per (table version, what)."""
    held = _scope.set((state, keep))
    try:
        yield
    finally:
        _scope.reset(held)


def alike(state: dict, what: str, compute: Callable[[], T]) -> T:
    """`compute()`, the same for every seat: once per version while the
    platform renders `state` (the very object it passed), else now."""
    scope = _scope.get()
    if scope is None or scope[0] is not state:
        return compute()
    return scope[1](what, compute)
