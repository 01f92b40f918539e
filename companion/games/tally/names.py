"""The tally table's display names, as msgids: its title and its roles. (What
the group names its tracks and counters is their own text, never translated.)"""

from __future__ import annotations

from companion.rules import N_

TITLE = N_("Tally")
ROLES = {"player": N_("Player"), "keeper": N_("Score keeper")}
