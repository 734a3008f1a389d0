"""The bot interface: a bot sees a view and its legal actions, nothing else.

A bot is any callable ``bot(view, legal, rng) -> action`` where `view` is ``engine.view(game, state, seat)``,
`legal` the seat's legal actions and `rng` a `Rng` owned by the caller (not the game's: a bot's thinking
must not change the game's chance). Games export theirs through ``bots()``.
"""

from __future__ import annotations

from . import engine
from .rng import Rng


def random_bot(view: dict, legal: list[str], rng: Rng) -> str:
    """Uniformly random among the legal actions."""
    return rng.choice(legal)


def bots_of(game) -> dict:
    """Every bot a game offers, the random bot included; the first is the default opponent."""
    own = game.bots() if hasattr(game, "bots") else {}
    return {**own, "random": random_bot}


def default_bot(game):
    return next(iter(bots_of(game).values()))


def bot_move(game, state: dict, seat: int, bot, rng: Rng) -> str:
    """Ask `bot` for `seat`'s action using only what that seat may see."""
    legal = engine.legal_actions(game, state, seat)
    return bot(engine.view(game, state, seat), legal, rng)


def play_out(game, state: dict, bots: list, rng: Rng, max_steps: int = 100_000, on_step=None) -> dict:
    """Play until the end with one bot per seat (mutates and returns `state`); `on_step(state)` after each."""
    for _ in range(max_steps):
        if game.is_over(state):
            return state
        seat = game.to_move(state)[0]
        action = bot_move(game, state, seat, bots[seat], rng)
        engine.apply_in_place(game, state, seat, action)
        if on_step:
            on_step(state)
    raise RuntimeError(f"{game.ID}: no end after {max_steps} steps")
