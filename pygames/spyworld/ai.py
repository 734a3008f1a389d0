"""Search hooks for IS-MCTS (see `pygames.core.search`): playouts stop after a fixed number of actions and
the position is scored with the rules' own scoring (SPY-6): during the explorations the final scores as they
stand (`scoring.result`), before them each seat's budget, mission bonus and its lair's kept value as if
nothing were stolen (`scoring.kept_value`). The state is the search's own sample, never the true one."""

from __future__ import annotations

from pygames.core.search import score_rewards

from .data import LAIRS
from .scoring import kept_value, result

ROLLOUT_DEPTH = 120  # actions (planning is many small choices) before the position is scored
SCALE = 6.0          # a points margin worth about e:1 odds


def estimated_scores(state: dict) -> list[float]:
    """Each seat's score if the game were scored now (explorations under way) or before any theft (planning)."""
    if state["ex"] is not None and state["explores"] is not None:
        return [float(s) for s in result(state)["scores"]]
    lair = LAIRS[state["options"]["lair"]]
    return [float(kept_value(lair, sheet, ()) + sheet["budget"] + sheet["bonus"]) for sheet in state["sheets"]]


def evaluate(state: dict) -> list[float]:
    """Each seat's expected reward in [0, 1] from the estimated scores."""
    return score_rewards(estimated_scores(state), SCALE)
