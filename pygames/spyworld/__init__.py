"""Spyworld (2-12 players, simultaneous planning): the rules engine, following pygames.core.engine's protocol.

Modules: data (tables, data.json), sheet (a player's sheet), setup, planning (turns), exploration, scoring,
views (views, labels, status), bots, determinize. Rules: docs/rules/spyworld.md (rule IDs SPY-*).
"""

from __future__ import annotations

from . import exploration, planning
from . import setup as _setup
from .bots import bots
from .data import FORMAT, LAIRS, SHEET
from .determinize import determinize
from .scoring import result
from .views import action_label, status, view

ID = "spy"
READY = True
PLAYERS = (2, 12)  # SPY-1/SPY-3.1/SPY-3.8: any count from 2; the dialog offers them all
OPTIONS = (
    # SPY-3.2/SPY-2.38: the rules' default is Base polaire; the dialog suggests the first-game Super-yacht
    [{"id": "lair", "choices": sorted(LAIRS), "default": 2, "dialog_default": 1}]
    + [{"id": "agents", "choices": ["dealt", "free"], "default": "dealt"}]  # SPY-3.11
    + [{"id": f"g{n}", "choices": ["normal", "expert"], "default": "normal"} for n in range(1, 6)]  # SPY-3.3
    + [{"id": f"beginner{p}", "choices": [False, True], "default": False}
       for p in range(1, PLAYERS[1] + 1)]  # SPY-3.4
    + [{"id": "explore_undo", "choices": [False, True], "default": False}]  # SPY-8.16
)
assert SHEET  # data loaded

setup = _setup.setup

__all__ = ["ID", "FORMAT", "READY", "PLAYERS", "OPTIONS", "setup", "to_move", "legal_actions", "apply_action",
           "view", "is_over", "result", "determinize", "bots", "why_illegal", "action_label", "status"]


def to_move(state: dict) -> list[int]:
    """Keep and planning are simultaneous (every seat not yet done); exploration is one explorer at a time."""
    phase = state["phase"]
    if phase == "plan":
        return [p for p, d in enumerate(state["dec"]) if not d["sub"]]
    if phase == "keep":
        return [p for p, a in enumerate(state["agent"]) if a is None]
    if phase == "explore":
        return [state["cur"]]
    return []


def legal_actions(state: dict, player: int) -> list[str]:
    """Nothing for a seat not in `to_move` (checked phase by phase as there, without building the list: this
    runs at every step of every playout)."""
    if type(player) is not int or not 0 <= player < state["players"]:
        return []
    phase = state["phase"]
    if phase == "plan":
        return [] if state["dec"][player]["sub"] else planning.legal(state, player)
    if phase == "keep":
        return [f"keep:{a}" for a in state["dealt"][player]] if state["agent"][player] is None else []
    if phase == "explore" and player == state["cur"]:
        return list(exploration.options(state, player))
    return []


def apply_action(state: dict, player: int, action: str) -> None:
    phase = state["phase"]
    if phase == "keep":
        _setup.keep(state, player, action.partition(":")[2])
    elif phase == "plan":
        planning.apply(state, player, action)
    else:
        exploration.apply(state, player, action)


def is_over(state: dict) -> bool:
    return state["phase"] == "over"


def why_illegal(state: dict, player: int, action: str):
    """A precise catalogue reason for common mistakes, or None."""
    phase = state["phase"]
    if not isinstance(action, str):
        return None
    if phase == "keep":
        return ("spy.err.not_dealt", {}) if action.startswith("keep:") else ("spy.err.keep_first", {})
    if phase == "plan":
        return planning.why(state, player, action)
    if phase == "explore":
        return exploration.why(state, player, action)
    return None
