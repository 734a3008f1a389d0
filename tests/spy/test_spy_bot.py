"""The heuristic bot: legal, quick, view-only, and better than the random bot in a seeded match."""

from __future__ import annotations

from pygames import core
from pygames import spyworld as spy
from pygames.core.bots import bots_of, random_bot


def test_heuristic_beats_random():
    """Seeded games, seats alternating heuristic/random, every lair: the heuristic seats win most games."""
    heuristic = spy.bots()["heuristic"]
    assert "heuristic" in bots_of(spy)
    rng = core.Rng(77)
    wins = games = 0
    for seed in range(12):
        players = 2 + seed % 3
        state = core.new_game(spy, players, 500 + seed, {"lair": 1 + seed % 4})
        bots = [heuristic if (p + seed) % 2 == 0 else random_bot for p in range(players)]
        while not spy.is_over(state):
            p = spy.to_move(state)[0]
            legal = spy.legal_actions(state, p)
            action = bots[p](core.view(spy, state, p), legal, rng)
            assert action in legal
            core.apply_in_place(spy, state, p, action)
        res = core.result(spy, state)
        games += 1
        wins += any(bots[w] is heuristic for w in res["winners"])
    assert wins >= games - 1, (wins, games)
