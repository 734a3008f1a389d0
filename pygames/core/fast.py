"""The fast path for search: private copies of a state, changed in place, with the log switched off.

`engine.apply` copies the whole state on every action and every event is logged, because a real game must
never alias states and must tell players what happened. A search owns its states (a fresh determinisation,
or a copy it made), shows them to nobody and throws them away, so it may apply actions in place and forget
the events. It still runs every rule through the game's own `apply_action` and `legal_actions`: there is no
second copy of any rule here, only less bookkeeping around them.

Measured (random full games per second, CPython, this machine under load): see `games_per_second` below
and `python3 build.py bench`.
"""

from __future__ import annotations

import marshal

from .engine import clone
from .rng import Rng


class NullLog(list):
    """A log that forgets every event: nobody reads a search's log, and events cost dicts and sorts."""

    __slots__ = ()
    silent = True  # engine.logged

    def append(self, item) -> None:  # noqa: D102 - the point is to do nothing
        return None


def private(state: dict) -> dict:
    """A copy of `state` the caller owns, with the log and history switched off (search mode)."""
    log, history = state["log"], state["history"]
    state["log"], state["history"] = [], []
    try:
        new = _copy(state)
    finally:
        state["log"], state["history"] = log, history
    return search_mode(new)


def _copy(state: dict) -> dict:
    """`engine.clone(state)`, through marshal's C code (2-3x faster in Pyodide, where a copy is made for every
    playout). Format 2 writes every object in full, so no two parts of the copy are one object, as with `clone`;
    a state holding anything marshal cannot write is cloned."""
    try:
        return marshal.loads(marshal.dumps(state, 2))
    except ValueError:
        return clone(state)


def search_mode(state: dict) -> dict:
    """Switch a state the caller already owns (e.g. a fresh determinisation) to search mode, in place."""
    state["log"] = NullLog()
    state["history"] = []
    return state


def step(game, state: dict, player: int, action: str) -> None:
    """Apply a legal action in place with no undo bookkeeping (the state is private and never undone)."""
    game.apply_action(state, player, action)


def random_playout(game, state: dict, rng: Rng, max_steps: int = 100_000) -> dict:
    """Play uniformly random legal actions until the end, in place (no views: a random player reads none)."""
    to_move, legal_actions, apply_action, is_over = game.to_move, game.legal_actions, game.apply_action, game.is_over
    for _ in range(max_steps):
        if is_over(state):
            return state
        seat = to_move(state)[0]
        legal = legal_actions(state, seat)
        apply_action(state, seat, legal[rng.below(len(legal))])
    raise RuntimeError(f"{game.ID}: no end after {max_steps} steps")


def games_per_second(game, players: int, seconds: float, fast: bool) -> float:
    """Random full games per second: through the public protocol (`fast=False`) or in search mode."""
    import time

    from . import bots, engine

    n, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        state = engine.new_game(game, players, seed)
        if fast:
            random_playout(game, search_mode(state), Rng(seed))
        else:
            bots.play_out(game, state, [bots.random_bot] * players, Rng(seed))
        n += 1
        seed += 1
    return n / (time.perf_counter() - start)
