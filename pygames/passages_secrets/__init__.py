"""Passages Secrets (J. Alex Kevern, 2018): the rules engine, spec prefix PS (docs/rules/passages-secrets.md).

Modules read like the rulebook: data (tables, PS-2), setup (PS-3), rules (turn, PS-4/5/8), tunnels (PS-5.19),
achievements (PS-5.24 - 5.44), scoring (PS-6), views (hidden information, PS-7), bots.
"""

from __future__ import annotations

from .bots import bots
from .data import FORMAT, PATH_INDEX
from .rules import apply_action, is_over, legal_actions, to_move, why_illegal
from .scoring import result
from .setup import setup
from .views import determinize, view

ID = "ps"
READY = True
PLAYERS = (2, 2)        # PS-1.1
OPTIONS: list = []      # the spec defines no modes or variants; [DEF] values live in data.json

__all__ = ["FORMAT", "ID", "OPTIONS", "PLAYERS", "READY", "action_label", "apply_action", "bots", "determinize",
           "is_over", "legal_actions", "result", "setup", "status", "to_move", "view", "why_illegal"]


def action_label(view: dict, action: str):
    """Catalogue key and arguments for a button (PS-8.2 - 8.4)."""
    kind, _, arg = action.partition(":")
    if action == "decline":
        return "ps.act.decline", {}
    if kind == "comp":
        return "ps.act.comp", {"type": "@ps.type." + arg}
    if kind == "shovel":
        return "ps.act.shovel", {"type": "@ps.type." + arg}
    g = view["state"]
    i = PATH_INDEX[arg]
    a, b = g["path_types"][i]
    face = g["tokens"][i]
    return "ps.act.place", {"path": arg, "a": "@ps.type." + a, "b": "@ps.type." + b,
                            "token": "@ps.face." + face if face else "@ps.face.none"}


def status(view: dict):
    """The status line: who acts and what to do, or who won."""
    g = view["state"]
    if view["over"]:
        won = g["winners"]
        return ("ps.status.won", {"player": won[0]}) if len(won) == 1 else ("ps.status.draw", {})
    who = {"player": g["active"]}
    if g["phase"] == "comp":
        return "ps.status.comp", who
    if g["phase"] == "shovel":
        return "ps.status.shovel", who
    return "ps.status.place", {**who, "turn": g["turn"] + 1, "supply": g["players"][g["active"]]["supply"]}
