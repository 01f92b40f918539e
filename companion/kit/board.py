"""Regions of a board holding pieces of each side (cultists in an area,
figures in a region, monsters in a space).

A board is a plain dict: `{region_id: {side: {kind: count}}}`, with regions
listed up front (empty dicts) and no zero counts kept."""

from __future__ import annotations

from companion.rules import N_, ActionError


def new_board(region_ids: list[str]) -> dict:
    return {region: {} for region in region_ids}


def _region(board: dict, region: object) -> dict:
    if not isinstance(region, str) or region not in board:
        raise ActionError(N_("No such region."), field="region")
    return board[region]


def count(board: dict, region: str | None = None, side: str | None = None, kind: str | None = None) -> int:
    """Pieces in one region (or all), of one side (or all), of one kind (or all)."""
    regions = [_region(board, region)] if region is not None else board.values()
    return sum(number for held in regions for s, kinds in held.items() if side in (None, s)
               for k, number in kinds.items() if kind in (None, k))


def place(board: dict, region: str, side: str, kind: str, number: int = 1) -> None:
    if number < 0:
        raise ActionError(N_("At least %(min)d."), field="number", min=0)
    kinds = _region(board, region).setdefault(side, {})
    kinds[kind] = kinds.get(kind, 0) + number
    _tidy(board, region, side)


def take(board: dict, region: str, side: str, kind: str, number: int = 1) -> None:
    """Remove pieces; refused when the region holds fewer."""
    if number < 0:
        raise ActionError(N_("At least %(min)d."), field="number", min=0)
    held = _region(board, region).get(side, {}).get(kind, 0)
    if number > held:
        raise ActionError(N_("There are only %(count)d there."), field="number", count=held)
    if number == 0:  # nothing to take, from a side that may hold nothing there
        return
    board[region][side][kind] = held - number
    _tidy(board, region, side)


def move(board: dict, source: str, target: str, side: str, kind: str, number: int = 1) -> None:
    _region(board, target)
    take(board, source, side, kind, number)
    place(board, target, side, kind, number)


def sides_in(board: dict, region: str) -> list[str]:
    """The sides with pieces in `region`."""
    return [side for side, kinds in _region(board, region).items() if kinds]


def _tidy(board: dict, region: str, side: str) -> None:
    kinds = board[region].get(side, {})
    for kind in [k for k, n in kinds.items() if n == 0]:
        del kinds[kind]
    if not kinds:
        board[region].pop(side, None)


def check_board(board: dict) -> None:
    if not isinstance(board, dict):
        raise TypeError
    for held in board.values():
        for kinds in held.values():
            for number in kinds.values():
                if isinstance(number, bool) or not isinstance(number, int) or number <= 0:
                    raise ValueError
