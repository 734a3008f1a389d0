"""End of game (section 6): there are no points; the result reports the winner and the reason, and the
per-side counts behind the capture conditions (SIK-6.2 / 6.3)."""

from __future__ import annotations

from . import data as D
from .data import G, O
from .seats import seat

CATEGORIES = ("win", "secrets", "decoys")


def captured_true(state: dict, captor: int) -> int:
    """SIK-6.2: enemy true agents in `captor`'s prison."""
    return sum(D.is_true(i) for i in state["prison"][captor])


def own_false_lost(state: dict, side: int) -> int:
    """SIK-6.3: `side`'s false agents in the opponent's prison."""
    return sum(not D.is_true(i) for i in state["prison"][1 - side])


def result(state: dict) -> dict:
    """SIK-6.1 / 6.9: one winner, no draw, no tie-break. Breakdown per seat."""
    players = state["players"]
    by_seat = {seat(state, s): s for s in (O, G)}
    win = state["win"]
    winner_side = win[0] if win else None
    wins = [1 if by_seat[p] == winner_side else 0 for p in range(players)]
    secrets = [captured_true(state, by_seat[p]) for p in range(players)]
    decoys = [own_false_lost(state, by_seat[p]) for p in range(players)]
    return {
        "scores": wins,
        "order": list(CATEGORIES),
        "breakdown": {"win": wins, "secrets": secrets, "decoys": decoys},
        "winners": [seat(state, winner_side)] if win else [],
        "tiebreak": None,
        "reason": "sik.reason." + win[1] if win else None,
        "sides": {"oniwaban": seat(state, O), "government": seat(state, G)},
    }
