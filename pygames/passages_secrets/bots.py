"""A quick heuristic bot: one-ply greedy on "Wealth if the game were scored now" (mine minus the opponent's).

It sees only its view and legal actions: it rebuilds a state from the view (determinize; the hidden down faces
play no part in any rule, PS-5.15) and tries each legal action on a copy.
"""

from __future__ import annotations

from pygames import core

from . import rules, scoring
from .data import ACHIEVEMENTS
from .views import determinize


def evaluate(state: dict, seat: int) -> float:
    """Recorded scorings plus a final-style scoring now, for `seat` minus its opponent."""
    totals = scoring.totals(state)
    now = [0, 0]
    if state["final"] is None:
        now = [sum(scoring.categories(state, s, final=True)) for s in (0, 1)]
    open_cards = sum(ACHIEVEMENTS[c]["wealth"] for c, owner in state["cards"] if owner is None)
    value = (totals[seat] + now[seat]) - (totals[1 - seat] + now[1 - seat])
    return value - 0.01 * open_cards


def _trial_copy(state: dict) -> dict:
    """A copy deep enough for one apply_action: only the fields a turn mutates are copied."""
    return {**state, "own": list(state["own"]), "tok": list(state["tok"]), "held": [list(h) for h in state["held"]],
            "statues": dict(state["statues"]), "m": dict(state["m"]), "cards": [list(c) for c in state["cards"]],
            "log": []}


def heuristic_bot(view: dict, legal: list[str], rng) -> str:
    """Pick the legal action with the best evaluation; ties broken at random."""
    if len(legal) == 1:
        return legal[0]
    seat = view["viewer"]
    state = determinize({**view, "log": []}, seat, core.Rng(rng.next64()))
    best, choice = None, []
    for action in legal:
        trial = _trial_copy(state)
        rules.apply_action(trial, seat, action)
        value = evaluate(trial, seat)
        if best is None or value > best:
            best, choice = value, [action]
        elif value == best:
            choice.append(action)
    return rng.choice(choice)


def bots() -> dict:
    return {"heuristic": heuristic_bot}
