"""PAX (Irongames, 2011): the rules engine, 2-4 players and the 5-level solo campaign (spec: rules/pax.md).

Modules read like the rulebook: data (PAX-2), setup (PAX-3), rules + rounds + board (PAX-4, PAX-5),
scoring (PAX-6), views (PAX-7, determinize), bots.
"""

from __future__ import annotations

from .bots import bots
from .data import FORMAT
from .rules import apply_action, is_over, legal_actions, to_move, why_illegal
from .scoring import result
from .setup import setup
from .views import action_label, determinize, status, view

ID = "pax"
READY = True
#: PAX-3.1: 1 (solo campaign) to 4 players; 5-8 players are out of scope and refused.
PLAYERS = (1, 4)
OPTIONS = [
    # PAX-3.13 / PAX-8.4: the solo level (the dialog shows it for a solo game only)
    {"id": "level", "choices": [1, 2, 3, 4, 5], "default": 1, "players": [1, 1]},
    # PAX-3.8: the host's override of the random start player (nobody to choose from in a solo game)
    {"id": "start", "choices": ["random", 0, 1, 2, 3], "default": "random", "players": [2, 4], "seat_choices": True},
]

__all__ = ["FORMAT", "ID", "OPTIONS", "PLAYERS", "READY", "action_label", "apply_action", "bots", "determinize",
           "is_over", "legal_actions", "result", "setup", "status", "to_move", "view", "why_illegal"]
