"""The map's slides (pygames/web/boards/sik.py) read only the viewer's public log: an agent that moved this turn
is keyed by its cell and names the cell it came from (an attack only once won, SIK-4.37); a new prisoner names
the cell of its capture."""

from __future__ import annotations

import pygames.shadows_in_kyoto as g
from pygames import core
from pygames.core import bots as core_bots
from pygames.web.boards.sik import captured_at, moved_from

ARRIVALS = ("sik.log.move", "sik.log.conflict_won", "sik.log.push", "sik.log.bait_push")


def test_the_agent_that_arrived_names_where_it_came_from_and_a_lost_attack_moves_nobody():
    arrivals = lost = captures = 0
    for seed in range(8):
        state = core.new_game(g, 2, seed)
        rng = core.Rng(seed)
        for _ in range(3000):
            if g.is_over(state):
                break
            seat = g.to_move(state)[0]
            viewer = 1 - seat
            seen = len(core.view(g, state, viewer)["log"])
            grid = {cell: side for cell, side, *_ in core.view(g, state, viewer)["state"]["board"]}
            core.apply_in_place(g, state, seat, core_bots.bot_move(g, state, seat, core_bots.random_bot, rng))
            view = core.view(g, state, viewer)
            came = moved_from(view)
            now = {cell: side for cell, side, *_ in view["state"]["board"]}
            new = view["log"][seen:]
            for i, (key, args) in enumerate(new):
                later = [k for k, a in new[i + 1:] if k in ARRIVALS and args["dst"] in (a["frm"], a["dst"])]
                if key in ARRIVALS and not later and "sik.log.turn" not in [k for k, _a in new[i:]]:
                    assert came.get(args["dst"]) == args["frm"], (seed, key, args, came)
                    assert now.get(args["dst"]) == grid.get(args["frm"]), (seed, key, args)  # the same side's agent
                    arrivals += 1
                if key == "sik.log.conflict_lost" and "sik.log.turn" not in [k for k, _a in new[i:]]:
                    assert came.get(args["dst"]) != args["frm"], (seed, args, came)  # the defender does not slide
                    lost += 1
            for (captor, index), cell in captured_at(view, view["state"]).items():
                assert 0 <= index < len(view["state"]["prison"][captor])
                assert ("sik.log.capture", cell) in [(k, a.get("cell")) for k, a in view["log"]]
                captures += 1
    assert arrivals > 20 and captures > 0 and lost > 0, (arrivals, captures, lost)
