""""Show the working": each computed number carries the lines that explain it.

A line is an English msgid with its parameters, translated when shown, so
the same working reads in every language and survives in the JSON state.
"""

from __future__ import annotations


def line(message: str, **params) -> dict:
    return {"msg": message, "params": params}
