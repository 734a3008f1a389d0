"""Search hooks for IS-MCTS (see `pygames.core.search`): playouts stop after a fixed number of actions and
the position is scored as if the game ended now, with the rules' own final scoring (`scoring.result`, PAX-6):
Rome's win gives the whole reward to the Primus Conspiratus as at the end; otherwise the players' points are
turned into odds. The state is the search's own sample, never the true one."""

from __future__ import annotations

from pygames.core.search import score_rewards

from .scoring import result

ROLLOUT_DEPTH = 60  # actions before the position is scored
SCALE = 3.0         # a points margin worth about e:1 odds


def evaluate(state: dict) -> list[float]:
    """Each seat's expected reward in [0, 1] if the game were scored now."""
    now = result(state)
    n = state["players"]
    if n == 1 or now.get("rome_wins"):
        winners = now["winners"]
        return [1.0 if p in winners else 0.0 for p in range(n)]
    return score_rewards([float(s) for s in now["scores"]], SCALE)
