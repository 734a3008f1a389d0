"""Shadows in Kyoto (base game + Advanced I Charisma + Advanced II Equipment), rule prefix SIK.

Spec: shared/rules/shadows-in-kyoto.md. Modules follow the rulebook: data (tables, SIK-2), setup (SIK-3),
board (cells and movement, SIK-4.15 - 4.25 and section 5 patterns), rules (turn, conflict, cards, end of game),
actions (the decisions of section 8), scoring (section 6), views (section 7), determinize, bots, labels.
Seats: option `oniwaban` names the Oniwaban seat; the other seat plays the Government.
"""

from __future__ import annotations

from . import actions as _actions
from .bots import bots
from .determinize import determinize
from .labels import action_label, status, why_illegal
from .scoring import result
from .setup import setup, side_of
from .views import view as _view

ID = "sik"
FORMAT = 2  # 2: corrected map, public Charisma picks, Equipment before and after the play (2026-11-23)
READY = True
PLAYERS = (2, 2)
OPTIONS = [
    {"id": "charisma", "choices": ["off", "on", "ruri"], "default": "off"},  # SIK-3.2: Advanced I (+ Ruri)
    {"id": "equipment", "choices": ["off", "on"], "default": "off"},  # SIK-3.2: Advanced II
    {"id": "oniwaban", "choices": [0, 1], "default": 0},  # SIK-8.1: which seat plays the Oniwaban
]


def to_move(state: dict) -> list[int]:
    """Who must answer the pending decision (interrupts name the non-active seat); [] once over."""
    ask = state["ask"]
    if state["win"] is not None or ask is None:
        return []
    return [ask["side"] ^ state["o"]]


def legal_actions(state: dict, player: int) -> list[str]:
    if player not in to_move(state):
        return []
    return _actions.options(state)


def apply_action(state: dict, player: int, action: str) -> None:
    _actions.apply(state, action)


def is_over(state: dict) -> bool:
    return state["win"] is not None


def view(state: dict, player: int | None) -> dict:
    return _view(state, player)


__all__ = ["ID", "FORMAT", "READY", "PLAYERS", "OPTIONS", "setup", "to_move", "legal_actions", "apply_action",
           "view", "is_over", "result", "determinize", "bots", "why_illegal", "action_label", "status",
           "side_of"]
