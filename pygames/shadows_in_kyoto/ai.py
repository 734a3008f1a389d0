"""Search hooks for IS-MCTS (see `pygames.core.search`): playouts stop after a fixed number of actions and
the position is scored by how close each side is to its three ways to win (SIK-6.2 secrets captured, SIK-6.3
decoys lost to the enemy, SIK-6.4 a true agent's escape), counted with the rules' own `scoring` functions.
The state is the search's own sample (identities included), never the true one."""

from __future__ import annotations

from pygames.core.search import score_rewards

from . import data as D
from .board import agents_of
from .bots import _progress
from .scoring import captured_true, own_false_lost
from .seats import seat

ROLLOUT_DEPTH = 8    # actions before the position is scored (arena: 8 beat 24 against the heuristic)
SCALE = 0.35         # a margin (in fractions of a win condition) worth about e:1 odds
ESCAPE_WEIGHT = 2.5  # a true agent's run to the enemy territory (SIK-6.4) weighs most


def progress(state: dict, side: int) -> float:
    """The side's approach to its win conditions: captures and decoys counted from 0 to 1, the best run of a
    true agent weighted by ESCAPE_WEIGHT (arena, normal at 400 iterations against the heuristic, seeded
    games: weight 0.5 with 24-action playouts won 6 of 12, 1.5 with 8 won 15 of 24, 2.5 with 8 won 19 of 24)."""
    secrets = captured_true(state, side) / D.TRUE_TO_CAPTURE
    decoys = own_false_lost(state, side) / D.FALSE_TO_LOSE
    runs = [_progress(side, c) for c in agents_of(state, side) if D.is_true(state["board"][c][1])]
    escape = ESCAPE_WEIGHT * max(runs, default=0) / (D.ROWS - 1)
    return secrets + decoys + escape


def evaluate(state: dict) -> list[float]:
    """Each seat's expected reward in [0, 1]."""
    values = [0.0, 0.0]
    for side in (D.O, D.G):
        values[seat(state, side)] = progress(state, side)
    return score_rewards(values, SCALE)
