"""Search hooks for IS-MCTS (see `pygames.core.search`): playouts stop after a fixed number of actions and
the position is scored with the rules' own scoring (SPY-6): during the explorations the final scores as they
stand (`scoring.result`), before them each seat's budget, mission bonus and its lair's kept value as if
nothing were stolen (`scoring.kept_value`). The state is the search's own sample, never the true one."""

from __future__ import annotations

from pygames.core.search import score_rewards

from . import routes
from .bots import BOT_ROUTE_LIMIT
from .data import LAIRS
from .scoring import kept_value, result

ROLLOUT_DEPTH = 120  # actions (planning is many small choices) before the position is scored
SCALE = 6.0          # a points margin worth about e:1 odds


def search_actions(legal: list[str], state: dict, seat: int) -> list[str]:
    """The actions the search considers, so that a searching bot always ends the game. The rules allow endless
    play that a search sees no harm in: "restart" a planning decision (SPY-4.15) and compose it again, or, with A42,
    walk over explored cells for free (SPY-5.55) back and forth. So the search never restarts (it composes every
    decision directly), and a walk since the explorer last entered a new cell passes no cell twice: any route is
    at least as good without such a loop. `state` is the search's own sample; the seat's own record is its own."""
    if state["phase"] == "explore" and state["ex"] is not None:
        walked = walk_since_new_cell(state["ex"][seat]["route"])
        pruned = [a for a in legal if not (a.startswith("move:") and a.split(":")[1] in walked)]
        return pruned or legal
    if "restart" in legal:  # offered with "submit" only (SPY-8.13)
        return [a for a in legal if a != "restart"]
    return legal


def best_answer(view: dict, legal: list[str]) -> str | None:
    """An exploration step has a best answer: every sheet is open during the explorations (SPY-7.2), so the route
    that steals the most is known exactly (routes.py). The search takes its next action instead of searching,
    while there is something to steal and the lair is small enough to solve at once (else it searches)."""
    if view["state"]["phase"] != "explore":
        return None
    try:
        best = routes.best_route_in_view(view, BOT_ROUTE_LIMIT)
    except routes.RouteTooLarge:
        return None
    return best.actions[0] if best.stolen > 0 and best.actions and best.actions[0] in legal else None


def walk_since_new_cell(route: list[str]) -> set[str]:
    """The cells of the route from the last one entered for the first time to where the explorer stands."""
    seen: set[str] = set()
    last_new = 0
    for i, cell in enumerate(route):
        if cell not in seen:
            seen.add(cell)
            last_new = i
    return set(route[last_new:])


def estimated_scores(state: dict) -> list[float]:
    """Each seat's score if the game were scored now (explorations under way) or before any theft (planning)."""
    if state["ex"] is not None and state["explores"] is not None:
        return [float(s) for s in result(state)["scores"]]
    lair = LAIRS[state["options"]["lair"]]
    return [float(kept_value(lair, sheet, ()) + sheet["budget"] + sheet["bonus"]) for sheet in state["sheets"]]


def evaluate(state: dict) -> list[float]:
    """Each seat's expected reward in [0, 1] from the estimated scores."""
    return score_rewards(estimated_scores(state), SCALE)
