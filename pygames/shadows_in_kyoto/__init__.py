"""Shadows in Kyoto (base game + Advanced I Charisma + Advanced II Equipment), rule prefix SIK.

Rules: docs/rules/shadows-in-kyoto.md. Modules follow the rulebook: data (tables, SIK-2), setup (SIK-3),
board (cells and movement, SIK-4.15 - 4.25 and section 5 patterns), rules (turn, conflict, cards, end of game),
actions (the decisions of section 8), scoring (section 6), views (section 7), determinize, bots, labels.
Seats: option `oniwaban` names the Oniwaban seat; the other seat plays the Government.
"""

from __future__ import annotations

from . import actions as _actions
from .bots import bots
from .data import FORMAT
from .determinize import determinize
from .labels import action_label, status, why_illegal
from .scoring import result
from .seats import side_of
from .setup import setup
from .views import view as _view

ID = "sik"
READY = True
PLAYERS = (2, 2)
OPTIONS = [
    {"id": "charisma", "choices": ["off", "on", "ruri"], "default": "off"},  # SIK-3.2: Advanced I (+ Ruri)
    {"id": "equipment", "choices": ["off", "on"], "default": "off"},  # SIK-3.2: Advanced II
    {"id": "oniwaban", "choices": [0, 1], "default": 0},  # SIK-8.1: which seat plays the Oniwaban
    {"id": "match", "choices": ["single", "bo3"], "default": "single"},  # SIK-6.20: played by pygames.app.match
]
# SIK-6.20: a best-of-three match (the rules of a game ignore it); sides switch through the option "oniwaban"
MATCH = {"option": "match", "best_of": {"bo3": 3}, "sides": "oniwaban"}


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
