"""The heuristic bot: legal, view-only, and better than random in seeded games."""

from __future__ import annotations

import pygames.passages_secrets as ps
from pygames import core
from pygames.core import bots as core_bots


def test_ps_heuristic_bot_beats_random():
    """Over 60 seeded games (seats alternating) the heuristic bot wins clearly more than random."""
    heur = ps.bots()["heuristic"]
    rng = core.Rng(2024)
    wins = 0
    games = 60
    for g in range(games):
        seat = g % 2
        bots = [heur, core_bots.random_bot] if seat == 0 else [core_bots.random_bot, heur]
        s = core_bots.play_out(ps, core.new_game(ps, 2, 1000 + g), bots, rng)
        wins += ps.result(s)["winners"] == [seat]
    assert wins >= 0.8 * games


def test_ps_heuristic_bot_uses_the_view_only_and_plays_legal_moves():
    """The bot gets a view without ids; its choice is always in the legal list, for every decision type."""
    heur = ps.bots()["heuristic"]
    rng = core.Rng(3)
    kinds = set()
    for seed in range(6):
        s = core.new_game(ps, 2, seed)
        while not ps.is_over(s):
            seat = ps.to_move(s)[0]
            legal = core.legal_actions(ps, s, seat)
            action = heur(core.view(ps, s, seat), legal, rng)
            assert action in legal
            kinds.add(action.split(":")[0])
            s = core.apply(ps, s, seat, action)
    assert {"place", "shovel"} <= kinds and kinds & {"comp", "decline"}
