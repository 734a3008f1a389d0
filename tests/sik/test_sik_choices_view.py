"""What a choice will do comes in the view, worked out by the rules (the board words its prompt from it): the start
cell the next placed agent goes to (SIK-8.3) and the cards a refill still draws (SIK-4.9), both public facts."""

from __future__ import annotations

import json

import pygames.shadows_in_kyoto as g
from pygames import core
from pygames.shadows_in_kyoto.data import HAND_SIZE
from pygames.shadows_in_kyoto.seats import side_of


def test_the_view_names_the_next_start_cell_and_the_cards_to_draw_as_the_rules_then_play_them():
    placed = draws = 0
    for seed in range(4):
        state = core.new_game(g, 2, seed)
        rng = core.Rng(seed)
        for _ in range(3000):
            if g.is_over(state):
                break
            seat = g.to_move(state)[0]
            view = core.view(g, state, seat)
            json.dumps(view)
            s = view["state"]
            assert s["to_draw"] == [max(0, HAND_SIZE - n["site"] - n["tactic"]) for n in s["hand_count"]]
            ask = state["ask"] or {}
            action = rng.choice(g.legal_actions(state, seat))
            before = set(state["board"])
            core.apply_in_place(g, state, seat, action)
            if ask.get("k") == "place" and action.startswith("place:"):
                assert s["next_start"] is not None
                assert s["next_start"] in set(state["board"]) - before
                side, ident, _rev = state["board"][s["next_start"]]
                assert side == side_of(state, seat)
                assert ident == action.partition(":")[2] or action == "place:random", (action, ident)
                placed += 1
            else:
                assert s["next_start"] is None or ask.get("k") == "place"
            if ask.get("k") == "draw":
                assert s["to_draw"][side_of(state, seat)] > 0
                draws += 1
    assert placed and draws
