"""The 'random placement' shortcut of D-PLACE (SIK-8.3): `place:random` puts every remaining agent of the
player on their remaining start cells, drawn from the game's generator, hidden from the opponent."""

from __future__ import annotations

from sik_helpers import D, G, O, act, legal

import pygames.shadows_in_kyoto as g
from pygames import core


def test_place_random_fills_the_remaining_start_cells_sik_8_3():
    s = core.new_game(g, 2, 5, {})
    assert legal(s)[-1] == "place:random" and len(legal(s)) == 7
    s = act(s, "place:2T")  # a1 by hand, the rest at random
    before = core.clone(s)
    s = act(s, "place:random")
    mine = {c: i for c, (sd, i, _r) in s["board"].items() if sd == O}
    assert sorted(mine) == sorted(D.start_cells(O)) and mine["a1"] == "2T"
    assert sorted(mine.values()) == sorted(D.IDENTITY_ORDER)
    assert g.to_move(s) == [1] and s["ask"] == {"k": "place", "side": G}  # Government places next
    assert all(i is None for _c, sd, i, _r in g.view(s, 1)["board"] if sd == O)  # SIK-3.6: hidden
    assert not core.can_undo(s, 0)  # chance was drawn: undo stops there
    assert core.can_undo(before, 0)
    # the draw comes from the state's generator: the same recipe gives the same placement, another seed differs
    again = act(core.clone(before), "place:random")
    assert again["board"] == s["board"]
    layouts = set()
    for seed in range(12):
        t = act(core.new_game(g, 2, seed, {}), "place:random")
        layouts.add(tuple(t["board"][c][1] for c in D.PLACEMENT_ORDER[O]))
    assert len(layouts) > 6
    s = act(s, "place:random")  # Government too; then the game starts with Oniwaban's first turn
    assert sorted(c for c, (sd, _i, _r) in s["board"].items() if sd == G) == sorted(D.start_cells(G))
    assert s["phase"] == "play" and s["active"] == O
    key, args = g.action_label(core.view(g, before, 0), "place:random")
    assert key == "sik.act.place.random" and args == {}
