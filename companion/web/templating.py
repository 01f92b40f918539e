"""Helpers the templates call."""

from __future__ import annotations

from datetime import datetime, timezone

from flask import Flask

from companion.web import history


def last_lines(table, seat, count: int) -> list[history.HistoryLine]:
    """The newest `count` history lines, newest first."""
    return history.newest_first(table, seat, count)


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(last_lines=last_lines, role_label=history.role_label)
    app.jinja_env.filters["isotime"] = lambda t: datetime.fromtimestamp(t, timezone.utc).isoformat()
    app.jinja_env.filters["clock"] = lambda t: datetime.fromtimestamp(t).strftime("%H:%M")
