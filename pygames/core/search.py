"""Information-set Monte Carlo tree search for every game (single-observer IS-MCTS, Cowling, Powley &
Whitehouse 2012), reading only one seat's view and its legal actions.

Honesty by construction: `choose` receives the searching seat's `view` (``engine.view(game, state, seat)``)
and its legal actions, never a state. Each iteration samples a full state consistent with that view with the
game's own ``determinize(view, seat, rng)`` and plays on that private sample (`fast.search_mode`: in place,
log off). The true state is never read, so two true states that give the seat the same view give the same
choice for the same seed.

The tree is keyed by (mover, action) along the path from the decision; a node's statistics count for the
player who chose its action, and selection uses UCB with availability counts (an action is only "available"
in the determinisations where it is legal), which is what lets one tree span many sampled hidden states.

Explicit handling of what the tree must not see:
- **Chance** happens inside the rules through the sample's own PRNG, which `determinize` seeds from the
  search's generator: every iteration draws fresh chance outcomes, and the nodes after a chance event are
  open-loop (they average over its outcomes; availability counts absorb the changing sets of actions).
- **Simultaneous decisions** (several seats in ``to_move``, e.g. Spyworld's planning): only the searching seat
  branches in the tree there; the other seats choose with the rollout policy from their own position, so no
  simulated opponent ever reacts to a choice it could not have seen before the reveal.

A game may add search hooks in an optional module ``<package>.ai``:
    rollout(state, seat, legal, rng) -> action   a cheap playout policy (default: uniform random)
    evaluate(state) -> list[float]              each seat's expected reward in [0, 1] for a state not over;
                                                 with it, playouts stop after ``ROLLOUT_DEPTH`` actions
    ROLLOUT_DEPTH: int                          (optional) override of the default below
    search_actions(legal, state, seat) -> list  the legal actions worth searching (never empty when legal is
                                                 not), given a full state the search sampled for `seat` (at
                                                 the root: one sampled from the view): e.g. PAX drops "take
                                                 back a staged card", a pure undo that would let the search
                                                 and the game cycle
    best_answer(view, legal) -> action | None   a decision the game can answer exactly from the view alone
                                                 (Spyworld's exploration: the route optimiser); the search
                                                 returns it without searching
    final_reward(state) -> list[float]          each seat's reward in [0, 1] for a finished game, when the
                                                 winner alone says too little for a few hundred playouts
                                                 (default: `terminal_reward`)
    playout(state, rng, limit) -> None          the playout loop itself, for a game whose policy can skip work the
                                                 generic loop does (Spyworld: forced steps, and legality checks
                                                 of cards its policy would not take): it plays `rollout` (and the
                                                 forced steps) in place, the same actions as the generic loop,
                                                 until the game ends or `limit` actions were played
    after_game(view) -> JSON-like                what the end screen shows beyond the result, worked out from
                                                 the spectator's end-of-game view (Spyworld: every player's best
                                                 route); it may take seconds, so it runs in the search worker
                                                 (`after_game_of`), never in the page

Budgets: a level is a think time (a slow tablet is never frozen for long) with an iteration cap; tests and the
arena may pass a fixed iteration count instead, which makes the choice a pure function of (view, legal, seed).
"""

from __future__ import annotations

import importlib
import math
import time
from dataclasses import dataclass, field

from . import fast
from .rng import Rng

THINK_SECONDS = {"normal": 0.8, "hard": 2.5}     # think-time budget per decision, per level
MAX_ITERATIONS = {"normal": 20_000, "hard": 80_000}  # a cap, so a fast machine does not think for nothing
EXPLORATION = 0.7          # UCB constant for rewards in [0, 1]
ROLLOUT_DEPTH = 40         # actions played after the tree before `evaluate` when the game supplies one
MAX_STEPS = 100_000        # a runaway guard for one iteration
CHECK_EVERY = 16           # iterations between two looks at the clock, the cancel flag and an early decision
WIN_SHARE = 0.8            # terminal reward: a win counts this much, the score rank the rest


@dataclass
class Hooks:
    """The optional per-game helpers of the search (see the module docstring)."""

    rollout: object = None
    evaluate: object = None
    depth: int = ROLLOUT_DEPTH
    prune: object = None
    decide: object = None  # (view, legal) -> an action when the decision has a known best answer, else None
    final: object = None   # (state) -> each seat's reward at the end, when the game shapes it (else the result's)
    flat: bool = False     # search the root flat, every action from the same sample (see `_flat_choice`)
    playout: object = None  # (state, rng, limit) -> None: the game's own playout loop (`playout`)

    def end_reward(self, game, state: dict) -> list[float]:
        """Each seat's reward for a finished playout."""
        return terminal_reward(game, state) if self.final is None else self.final(state)

    def actions(self, legal: list[str], state: dict, seat: int) -> list[str]:
        """The legal actions the search considers (all of them unless the game prunes)."""
        return legal if self.prune is None else self.prune(legal, state, seat)


_HOOKS: dict = {}


def hooks_of(game) -> Hooks:
    """The game's ``ai`` module hooks, or the defaults (random playouts to the end)."""
    name = game.__name__
    if name not in _HOOKS:
        try:
            ai = importlib.import_module(name + ".ai")
        except ImportError:
            ai = None
        _HOOKS[name] = Hooks(getattr(ai, "rollout", None), getattr(ai, "evaluate", None),
                             getattr(ai, "ROLLOUT_DEPTH", ROLLOUT_DEPTH), getattr(ai, "search_actions", None),
                             getattr(ai, "best_answer", None), getattr(ai, "final_reward", None),
                             bool(getattr(ai, "FLAT", False)), getattr(ai, "playout", None))
    return _HOOKS[name]


def after_game_of(game):
    """The game's ``ai.after_game`` (see the module docstring), or None."""
    try:
        ai = importlib.import_module(game.__name__ + ".ai")
    except ImportError:
        return None
    return getattr(ai, "after_game", None)


@dataclass
class Node:
    """Statistics of one (mover, action) edge: visits, times available, total reward of its mover."""

    visits: int = 0
    avail: int = 0
    total: float = 0.0
    children: dict = field(default_factory=dict)


@dataclass
class Outcome:
    """What a search decided, with its effort (the arena and the bench report them)."""

    action: str
    iterations: int
    seconds: float
    visits: dict


def terminal_reward(game, state: dict) -> list[float]:
    """Each seat's reward at the end: a share of the win, plus a little for its score rank among the seats."""
    return result_reward(game.result(state))


def result_reward(res: dict) -> list[float]:
    """`terminal_reward` of a result dict (an ``ai.evaluate`` may score a game not over with the rules' own
    result function and reward it like an end)."""
    winners = res["winners"]
    scores = res["scores"]
    n = len(scores)
    out = []
    for p in range(n):
        win = WIN_SHARE / len(winners) if p in winners else 0.0
        below = sum(1 for s in scores if _num(s) < _num(scores[p]))
        out.append(win + (1 - WIN_SHARE) * below / max(1, n - 1))
    return out


def _num(score) -> float:
    return score if isinstance(score, (int, float)) else 0.0


def score_rewards(values: list[float], scale: float) -> list[float]:
    """Rewards shaped like `terminal_reward` from estimated scores of a game not over (for ``ai.evaluate``):
    the win share split by a softmax of the scores (`scale` = a margin worth about e:1 odds), plus the same
    rank part as at the end."""
    shares = softmax_shares(values, scale)
    n = len(values)
    out = []
    for p, v in enumerate(values):
        below = sum(1 for w in values if w < v)
        out.append(WIN_SHARE * shares[p] + (1 - WIN_SHARE) * below / max(1, n - 1))
    return out


def softmax_shares(values: list[float], scale: float) -> list[float]:
    """Shares summing to 1, by a softmax of `values` (`scale` = a margin worth about e:1 odds)."""
    top = max(values)
    weights = [math.exp((v - top) / scale) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def _policy_move(game, hooks: Hooks, state: dict, seat: int, rng: Rng) -> str:
    """The playout policy's move (a forced one draws no random number: a third of Spyworld's steps)."""
    legal = hooks.actions(game.legal_actions(state, seat), state, seat)
    if len(legal) == 1:
        return legal[0]
    if hooks.rollout is not None:
        return hooks.rollout(state, seat, legal, rng)
    return legal[rng.below(len(legal))]


def _rollout(game, hooks: Hooks, state: dict, rng: Rng) -> list[float]:
    """Play the policy from `state` to the end (or `depth` actions then `evaluate`): each seat's reward.
    (`_policy_move` inlined, names bound once: this loop runs every action of every playout.)"""
    limit = hooks.depth if hooks.evaluate is not None else MAX_STEPS
    if hooks.playout is not None:
        hooks.playout(state, rng, limit)
    else:
        is_over, to_move, legal_actions, apply_action = game.is_over, game.to_move, game.legal_actions, \
            game.apply_action
        prune, policy, below = hooks.prune, hooks.rollout, rng.below
        for _ in range(limit):
            if is_over(state):
                break
            seat = to_move(state)[0]
            legal = legal_actions(state, seat)
            if prune is not None:
                legal = prune(legal, state, seat)
            if len(legal) == 1:
                apply_action(state, seat, legal[0])
            elif policy is not None:
                apply_action(state, seat, policy(state, seat, legal, rng))
            else:
                apply_action(state, seat, legal[below(len(legal))])
    if game.is_over(state):
        return hooks.end_reward(game, state)
    if hooks.evaluate is None:
        raise RuntimeError(f"{game.ID}: no end after {MAX_STEPS} steps")
    return hooks.evaluate(state)


def _select(node: Node, legal: list[str], mover: int, rng: Rng) -> tuple:
    """An untried (mover, action) edge if any (expansion), else the UCB-best among the available ones."""
    children = node.children
    untried = [a for a in legal if (mover, a) not in children]
    if untried:
        key = (mover, untried[rng.below(len(untried))])
        children[key] = Node()
        children[key].avail = 1
        for a in legal:
            if a != key[1] and (mover, a) in children:
                children[(mover, a)].avail += 1
        return key, True
    best, best_value = None, -1.0
    for a in legal:
        child = children[(mover, a)]
        child.avail += 1
        value = child.total / child.visits + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
        if value > best_value:
            best, best_value = (mover, a), value
    return best, False


def _simultaneous_round(round_set, movers: list[int]):
    """The seats of the simultaneous choice under way: it starts when several seats must choose and lasts
    while the set of seats still to choose only shrinks."""
    if len(movers) > 1:
        return set(movers)
    if round_set is not None and set(movers) <= round_set:
        return round_set
    return None


def iterate(game, hooks: Hooks, root: Node, view: dict, seat: int, root_legal: list[str], rng: Rng) -> None:
    """One IS-MCTS iteration: sample a state from the seat's view, descend, expand, play out, back up."""
    state = fast.search_mode(game.determinize(view, seat, rng))
    node, path, expanded, round_set = root, [], False, None
    for _ in range(MAX_STEPS):
        if expanded or game.is_over(state):
            break
        movers = game.to_move(state)
        round_set = _simultaneous_round(round_set, movers)
        mover = seat if seat in movers else movers[0]
        if round_set is not None and mover != seat:
            # another seat's part of a simultaneous choice: blind to ours, by policy, outside the tree
            game.apply_action(state, mover, _policy_move(game, hooks, state, mover, rng))
            continue
        legal = root_legal if node is root else hooks.actions(game.legal_actions(state, mover), state, mover)
        key, expanded = _select(node, legal, mover, rng)
        node = node.children[key]
        path.append((node, mover))
        game.apply_action(state, mover, key[1])
    reward = _rollout(game, hooks, state, rng)
    for child, mover in path:
        child.visits += 1
        child.total += reward[mover]


def choose(game, view: dict, legal: list[str], *, seconds: float | None = None, iterations: int | None = None,
           seed: int = 0, should_stop=None) -> Outcome:
    """The seat's best action by IS-MCTS within `seconds` of thinking and/or `iterations` (at least one
    budget); `should_stop()` (optional) is polled between iterations to cancel early."""
    if seconds is None and iterations is None:
        raise ValueError("choose() needs a time or an iteration budget")
    start = time.perf_counter()
    hooks = hooks_of(game)
    seat = view["viewer"]
    answer = hooks.decide(view, legal) if hooks.decide is not None and len(legal) > 1 else None
    if answer is not None:  # a decision with a known best answer (the game's `best_answer`): nothing to search
        return Outcome(answer, 0, time.perf_counter() - start, {a: int(a == answer) for a in legal})
    if hooks.prune is not None and len(legal) > 1:  # the game prunes on facts of the seat's own, in a sample
        legal = hooks.actions(legal, fast.search_mode(game.determinize(view, seat, Rng(seed ^ 0x5EED))), seat)
    if len(legal) == 1:
        return Outcome(legal[0], 0, 0.0, {legal[0]: 0})
    rng = Rng(seed)
    if hooks.flat:
        return _flat_choice(game, hooks, view, seat, legal, rng, start, seconds, iterations, should_stop)
    root = Node()
    cap = iterations if iterations is not None else 10**9
    done = 0
    while done < cap:
        if done and done % CHECK_EVERY == 0:
            elapsed = time.perf_counter() - start
            if seconds is not None and elapsed >= seconds:
                break
            if should_stop is not None and should_stop():
                break
            left = cap - done
            if seconds is not None:
                left = min(left, int(done / max(elapsed, 1e-6) * (seconds - elapsed)) + 1)
            if _decided(root, seat, legal, left):
                break
        iterate(game, hooks, root, view, seat, legal, rng)
        done += 1
    visits = {a: root.children[(seat, a)].visits if (seat, a) in root.children else 0 for a in legal}
    best = max(legal, key=lambda a: (visits[a], _mean(root, seat, a)))
    return Outcome(best, done, time.perf_counter() - start, visits)


def _flat_choice(game, hooks: Hooks, view: dict, seat: int, legal: list[str], rng: Rng, start: float,
                 seconds: float | None, iterations: int | None, should_stop) -> Outcome:
    """Flat search with common random numbers, for a game whose playouts are long and whose outcomes are noisy
    (Spyworld: one hidden lair and a shuffled deck decide more than one card does). Each round samples one
    state from the view and plays every action out from it with the same chance and the same policy seed, so
    actions are compared on the same worlds (paired differences, far less noisy than a tree's single visits).
    The choice is the best mean; with no round, or when no action beats the policy's own choice, the policy's
    choice (a searching bot is never worse than its playout policy for lack of time)."""
    rounds = 0
    cap = max(1, iterations // len(legal)) if iterations is not None else 10**9
    totals = dict.fromkeys(legal, 0.0)
    while rounds < cap:
        if rounds:
            elapsed = time.perf_counter() - start
            if seconds is not None and elapsed * (rounds + 1) / rounds > seconds:
                break
            if should_stop is not None and should_stop():
                break
        sample = fast.search_mode(game.determinize(view, seat, rng))
        seed = rng.next64()
        got = {}
        for action in legal:
            if got and should_stop is not None and should_stop():
                break  # cancelled within a round: the round is dropped whole (its pairs would be unequal)
            state = fast.private(sample)
            game.apply_action(state, seat, action)
            got[action] = _rollout(game, hooks, state, Rng(seed))[seat]
        if len(got) < len(legal):
            break
        for action, value in got.items():
            totals[action] += value
        rounds += 1
    default = _policy_move(game, hooks, fast.search_mode(game.determinize(view, seat, Rng(0))), seat, Rng(0)) \
        if hooks.rollout is not None else legal[0]
    best = max(legal, key=lambda a: (totals[a], a == default))
    if totals[best] <= totals.get(default, float("-inf")):
        best = default
    return Outcome(best, rounds * len(legal), time.perf_counter() - start, {a: rounds for a in legal})


def _decided(root: Node, seat: int, legal: list[str], left: int) -> bool:
    """True when the most visited action stays the most visited whatever the `left` iterations do."""
    counts = sorted((root.children[(seat, a)].visits if (seat, a) in root.children else 0 for a in legal),
                    reverse=True)
    return counts[0] - counts[1] > left


def _mean(root: Node, seat: int, action: str) -> float:
    child = root.children.get((seat, action))
    return child.total / child.visits if child and child.visits else 0.0


def level_bot(game, level: str):
    """A bot ``bot(view, legal, rng) -> action`` searching for the level's think time (capped)."""
    def bot(view: dict, legal: list[str], rng: Rng) -> str:
        return choose(game, view, legal, seconds=THINK_SECONDS[level], iterations=MAX_ITERATIONS[level],
                      seed=rng.next64()).action
    bot.__name__ = f"search_{level}"
    return bot


def budget_bot(game, *, seconds: float | None = None, iterations: int | None = None):
    """A search bot with an explicit budget (arena `--think`, tests with a fixed iteration count)."""
    def bot(view: dict, legal: list[str], rng: Rng) -> str:
        return choose(game, view, legal, seconds=seconds, iterations=iterations, seed=rng.next64()).action
    bot.budget = {"seconds": seconds, "iterations": iterations}  # for the arena's report and its tests
    return bot
