"""Search hooks (see `pygames.core.search`). Spyworld is searched flat (`FLAT`): every candidate action is
played out from the same sampled state, and each playout is a whole game by the easy bot (`bots.heuristic`,
exploring by its quick rules), scored by the rules (SPY-6) at the end.

Why not a tree over random playouts cut short: a planning choice pays off only in the explorations, through
what is stolen and kept, and the hidden lairs and the shuffled deck swing a game's score far more than one card
does. A random or cut-short playout measures none of that (such a search trains no agent and builds no defence:
docs/measurements.md), and a tree's single visits per sample are noise. Whole playouts by a sensible policy,
compared pairwise on the same samples, measure it.

The state is always the search's own sample, never the true one."""

from __future__ import annotations

from pygames.core.search import score_rewards

from . import apply_action, exploration, legal_actions, planning, routes, to_move
from .bots import BOT_ROUTE_LIMIT, TAKE_FIRST, TAKE_MORE, card_preference, heuristic, plan
from .data import LAIRS
from .scoring import kept_value, scores
from .views import policy_view

FLAT = True           # search flat, with common random numbers (core.search._flat_choice)
ROLLOUT_DEPTH = 1000  # a guard only: a playout by the easy bot ends the game well before (docs/measurements.md)
SCALE = 6.0           # `evaluate`: a points margin worth about e:1 odds
END_SCALE = 15.0      # `final_reward`: a smoother margin, so that a few dozen playouts per action tell a
                      # 10-point better choice from a worse one (a win/loss alone hardly does)


def rollout(state: dict, seat: int, legal: list[str], rng, options: dict | None = None) -> str:
    """The playout policy: the easy bot, from the seat's own view of the sample, exploring by its quick rules
    (the exact route optimiser is too slow for a hundred playouts per decision). The view shares the sample's
    sheets: the bot only reads them. A planning step goes to the bot's planning rules at once (the step is never
    forced here: the playout loop plays those itself). `options`: the explorer's `exploration.options`, when the
    caller has them already."""
    g = policy_view(state, seat, options)
    if g["phase"] == "plan":
        return plan(g, legal, rng)
    return heuristic({"viewer": seat, "options": state["options"], "players": state["players"], "state": g},
                     legal, rng, exact=False)


def final_reward(state: dict) -> list[float]:
    """Each seat's reward for a finished playout: the win share split by a softmax of the final scores."""
    return score_rewards([float(x) for x in scores(state)], END_SCALE)


def search_actions(legal: list[str], state: dict, seat: int) -> list[str]:
    """The actions the search considers, so that a searching bot always ends the game. The rules allow endless
    play that a search sees no harm in: "restart" a planning decision (SPY-4.15) and compose it again, or, with A42,
    walk over explored cells for free (SPY-5.55) back and forth. So the search never restarts (it composes every
    decision directly), and a walk since the explorer last entered a new cell passes no cell twice: any route is
    at least as good without such a loop. `state` is the search's own sample; the seat's own record is its own."""
    if state["phase"] == "explore" and state["ex"] is not None:
        walked = routes.walk_since_new_cell(state["ex"][seat]["route"])
        pruned = [a for a in legal if not (a.startswith("move:") and a.split(":")[1] in walked)]
        return pruned or legal
    if "restart" in legal:  # offered with "submit" only (SPY-8.13)
        return [a for a in legal if a != "restart"]
    return legal


def playout(state: dict, rng, limit: int) -> None:
    """The playout loop (core.search `playout`): the generic loop with `rollout` as policy, the same actions (a
    test compares final states), with less work. Forced steps (a third of a playout: mostly "noclaim" and
    "submit", the search never restarting) are played without asking the policy; the public entries' argument
    checks are skipped; and a card step ("first"/"more") asks whether a card may be taken (SPY-4.13) only for
    the cards the bot would rather take, best first (`card_step`), not for all three (the bot wants none in most
    steps). The card steps draw no random number either way."""
    for _ in range(limit):
        phase = state["phase"]
        if phase == "plan":
            decs, seat = state["dec"], 0
            while decs[seat]["sub"]:  # the first seat still to submit (`to_move`)
                seat += 1
            dec = decs[seat]
            st = dec["st"]
            if st == "first" or st == "more":
                action = card_step(state, seat, dec)
            else:
                legal = planning.legal(state, seat) if st != "submit" else _SUBMIT
                action = legal[0] if len(legal) == 1 else rollout(state, seat, legal, rng)
            planning.apply(state, seat, action)
        elif phase == "explore":
            seat = state["cur"]
            options = exploration.options(state, seat)  # worked out once for the policy and the move
            legal = search_actions(list(options), state, seat)
            action = legal[0] if len(legal) == 1 else rollout(state, seat, legal, rng, options)
            exploration.apply(state, seat, action, options[action])
        elif phase == "over":
            return
        else:  # keeping an agent: a few steps a game
            seat = to_move(state)[0]
            legal = search_actions(legal_actions(state, seat), state, seat)
            apply_action(state, seat, legal[0] if len(legal) == 1 else rollout(state, seat, legal, rng))


_SUBMIT = ["submit"]  # "restart" is never searched (search_actions)


def card_step(state: dict, seat: int, dec: dict) -> str:
    """The playout policy's card step (take a card, or pass/stop): the cards the bot prefers, best first, the
    first one that may be taken (`planning.can_take`); the bot's own choice from the whole legal list."""
    first = dec["st"] == "first"
    fallback = "pass" if first else "done"
    if not first and not planning.bonus_allowed(dec):
        return fallback
    g = policy_view(state, seat)
    slots = [s for s in (1, 2, 3) if s not in dec["taken"]]
    for slot in card_preference(g, g["pending"], slots, TAKE_FIRST if first else TAKE_MORE):
        if planning.can_take(state, dec, slot):
            return planning.TAKE[slot]
    return fallback


def best_answer(view: dict, legal: list[str]) -> str | None:
    """An exploration step has a best answer: every sheet is open during the explorations (SPY-7.2), so the route
    that steals the most is known exactly (routes.py). The search takes its next action instead of searching,
    while there is something to steal and the lair is small enough to solve at once (else it searches)."""
    if view["state"]["phase"] != "explore":
        return None
    try:
        return routes.next_step_in_view(view, legal, BOT_ROUTE_LIMIT)
    except routes.RouteTooLarge:
        return None


def after_game(view: dict) -> list[dict]:
    """The end screen's question, "could you have stolen more?" (the rulebook asks it): for every player the best
    route in the lair they explored, from the spectator's end-of-game view (routes.missed)."""
    return routes.missed_in_view(view, routes.END_SCREEN_LIMIT)


def estimated_scores(state: dict) -> list[float]:
    """Each seat's score if the game were scored now (explorations under way) or before any theft (planning)."""
    if state["ex"] is not None and state["explores"] is not None:
        return [float(s) for s in scores(state)]
    lair = LAIRS[state["options"]["lair"]]
    return [float(kept_value(lair, sheet, ()) + sheet["budget"] + sheet["bonus"]) for sheet in state["sheets"]]


def evaluate(state: dict) -> list[float]:
    """Each seat's expected reward in [0, 1] from the estimated scores."""
    return score_rewards(estimated_scores(state), SCALE)

