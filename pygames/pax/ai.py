"""Search hooks for IS-MCTS (see `pygames.core.search`): playouts stop after a fixed number of actions and
the position is scored as if the game ended now, with the rules' own final scoring (`scoring.result`, PAX-6):
Rome's win gives the whole reward to the Primus Conspiratus as at the end; otherwise the players' points are
turned into odds. The state is the search's own sample, never the true one."""

from __future__ import annotations

from pygames.core.search import result_reward, score_rewards

from .scoring import result

ROLLOUT_DEPTH = 20  # actions before the position is scored
SCALE = 3.0         # a points margin worth about e:1 odds


def search_actions(legal: list[str]) -> list[str]:
    """The play step searched as a choice of a set: cards are staged in one canonical order (only cards after
    every staged one, which `unstage:` actions name), and taken back only while the staged set may not be
    played (no `finish`: over the Fleet/Army cap, PAX-5.5). Any set the rules allow can still be staged
    (staging depends on the count only, PAX-4.24), and the tree and the playouts no longer cycle."""
    staged = [a[len("unstage:"):] for a in legal if a.startswith("unstage:")]
    if staged and "finish" not in legal:
        return [a for a in legal if a.startswith("unstage:")]
    last = max(staged, default="")
    kept = [a for a in legal if not a.startswith("unstage:") and not (a.startswith("stage:") and a[6:] < last)]
    return kept or legal


def evaluate(state: dict) -> list[float]:
    """Each seat's expected reward in [0, 1] if the game were scored now."""
    now = result(state)
    n = state["players"]
    if n == 1 or now.get("rome_wins"):
        return result_reward(now)
    return score_rewards([float(s) for s in now["scores"]], SCALE)
