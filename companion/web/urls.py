"""The addresses phones are given: the server's address on the LAN, and a
table's join link (what its QR code holds)."""

from __future__ import annotations

from flask import current_app, request, url_for

from companion.store import Table


def public_base() -> str:
    """The address phones use: the LAN address `serve` found, not the
    127.0.0.1 the host may have opened the page on."""
    return (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def join_url(table: Table) -> str:
    return public_base() + url_for("pages.table", token=table.token)
