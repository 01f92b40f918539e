"""Pieces of a page drawn once and kept: `kept(what, macro, *args)` in a
template draws `macro(*args)` once per (what, arguments, reader's language)
and hands the same HTML to every later render that asks with equal
arguments. For macros that read nothing but their arguments and the
language: a standee's condition toggles, a god's row, a worked number...
the same from one action to the next, but tens of forms to draw for every
viewer after every change."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from flask import Flask
from markupsafe import Markup

from companion.web import i18n

#: Pieces kept in all: a few dozen a table in each language, a few KB each.
PIECES = 4096


class Kept:
    """The last `size` values by key, each computed once (threads may compute
    one twice at worst, to the same value)."""

    def __init__(self, size: int):
        self.size, self.values, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], object]) -> object:
        with self.lock:
            if key in self.values:
                self.values.move_to_end(key)
                return self.values[key]
        value = compute()
        with self.lock:
            self.values[key] = value
            while len(self.values) > self.size:
                self.values.popitem(last=False)
        return value


# One encoder for every key: json.dumps with options builds a new one each call.
_KEY_ENCODER = json.JSONEncoder(ensure_ascii=False, default=repr)


def as_key(value: object) -> str:
    """Parts of a view (plain JSON) as a key: the same JSON, the same drawing.
    Written by the json module, three times as fast as a tuple built in Python."""
    return _KEY_ENCODER.encode(value)


def macro_identity(draw: Callable) -> Hashable:
    """What tells one macro from another: its template's file and compiled
    code (a Jinja macro is made again at each render, from the same code;
    code objects compare by what they do, so the file keeps two templates'
    look-alike macros apart), else the callable itself."""
    code = getattr(getattr(draw, "_func", None), "__code__", None)
    return (code.co_filename, code) if code is not None else draw


def init_app(app: Flask) -> None:
    pieces = Kept(PIECES)

    def kept(what: str, draw: Callable[..., Markup], *args) -> Markup:
        """`draw(*args)`, a macro that reads nothing but its arguments and
        the reader's language, drawn once per (`what`, macro, arguments,
        language): two games' macros kept under one `what` stay apart."""
        return pieces.get((what, macro_identity(draw), as_key(args), i18n.reader_language()), lambda: draw(*args))

    app.extensions["companion.kept"] = pieces
    app.jinja_env.globals["kept"] = kept
