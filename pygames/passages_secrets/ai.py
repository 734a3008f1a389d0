"""Search hooks for IS-MCTS (see `pygames.core.search`): playouts stop after a few turns and the position is
scored as the heuristic bot scores it (recorded scorings plus a final-style scoring now, PS-6.8 - 6.20, read
through `scoring`: no rule is re-implemented here). The state is the search's own sample, never the true one."""

from __future__ import annotations

from pygames.core.search import score_rewards

from .bots import evaluate as margin

ROLLOUT_DEPTH = 8   # actions (PS: one action per turn) before the position is scored
SCALE = 6.0         # a Wealth margin worth about e:1 odds


def evaluate(state: dict) -> list[float]:
    """Each seat's expected reward in [0, 1] if the game were scored now."""
    return score_rewards([margin(state, 0), margin(state, 1)], SCALE)
