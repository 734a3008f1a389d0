"""Search figures for `build.py bench`: the fast path's random games per second against the public protocol,
and IS-MCTS iterations per second in CPython, per game (2 seats, a position a few random moves in)."""

from __future__ import annotations

import importlib

from pygames import core
from pygames.core import fast, registry, search
from pygames.core.rng import Rng

ITERATIONS_TARGET = {"ps": 1000, "sik": 1000, "pax": 300, "spy": 300}


def sample_position(game, seed: int = 3, moves: int = 6):
    """A 2-seat game a few random moves in: (view, legal) of the seat to move."""
    state = core.new_game(game, 2, seed)
    rng = Rng(seed)
    for _ in range(moves):
        seat = game.to_move(state)[0]
        state = core.apply(game, state, seat, rng.choice(core.legal_actions(game, state, seat)))
    seat = game.to_move(state)[0]
    legal = core.legal_actions(game, state, seat)
    while len(legal) < 2:  # a forced move is not searched: step to a real decision
        state = core.apply(game, state, seat, legal[0])
        seat = game.to_move(state)[0]
        legal = core.legal_actions(game, state, seat)
    return core.view(game, state, seat), legal


def iterations_per_second(game, seconds: float = 2.0) -> float:
    view, legal = sample_position(game)
    out = search.choose(game, view, legal, seconds=seconds, seed=1)
    return out.iterations / out.seconds


def print_cpython(seconds: float = 2.0) -> None:
    for gid, name in registry.PACKAGES.items():
        game = importlib.import_module(name)
        slow = fast.games_per_second(game, 2, seconds, fast=False)
        quick = fast.games_per_second(game, 2, seconds, fast=True)
        print(f"game {gid}: random full games/s {slow:.1f} through the protocol, {quick:.1f} on the search fast path")
        print(f"game {gid}: search {iterations_per_second(game, seconds):.0f} iterations/s in CPython "
              f"(target >= {ITERATIONS_TARGET[gid]})")


if __name__ == "__main__":
    print_cpython()
