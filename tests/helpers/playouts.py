"""Seeded playouts shared by the game-contract harness and each game's own invariant tests.

A playout walks one game from `core.new_game` to its end, choosing a seat among those to move and an action with a
caller-owned `Rng`, so a run is reproducible from its arguments alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from pygames import core


@dataclass
class Step:
    """One point of a playout: `state` is live (the next step mutates it); `seat`/`action` are what was just
    played (None at the start); `before` is what the playout's `snapshot` took just before that action."""

    state: dict
    seat: int | None = None
    action: str | None = None
    before: Any = None


def random_choice(state: dict, seat: int, legal: list[str], rng: core.Rng) -> str:
    return rng.choice(legal)


def bot_choice(game, bot) -> Callable:
    """A chooser that asks `bot(view, legal, rng)` with only what the seat may see."""
    return lambda state, seat, legal, rng: bot(core.view(game, state, seat), legal, rng)


def playout(game, players: int, seed: int, options: dict | None = None, *, rng: core.Rng | None = None,
            choosers=None, snapshot: Callable | None = None, max_steps: int = 20_000) -> Iterator[Step]:
    """Yield the start, then a `Step` after every action, until the game is over. `choosers[seat]` picks the
    seat's action (random by default); when several seats are to move, `rng` picks which one acts."""
    rng = rng or core.Rng(seed)
    choosers = choosers or [random_choice] * players
    state = core.new_game(game, players, seed, options or {})
    yield Step(state)
    for _ in range(max_steps):
        movers = game.to_move(state)
        if not movers:
            return
        seat = movers[0] if len(movers) == 1 else rng.choice(movers)
        legal = game.legal_actions(state, seat)
        assert legal, f"{game.ID}: seat {seat} is to move with no legal action"
        action = choosers[seat](state, seat, legal, rng)
        assert action in legal, f"{game.ID}: the chooser of seat {seat} picked {action!r}, not a legal action"
        before = snapshot(state) if snapshot else None
        core.apply_in_place(game, state, seat, action)
        yield Step(state, seat, action, before)
    raise AssertionError(f"{game.ID}: no end after {max_steps} actions")
