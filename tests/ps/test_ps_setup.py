"""Setup (PS-3.x), the chance of PS-8.1, and the scenario builder the rule tests set up from (PS-9.0)."""

from __future__ import annotations

from ps_helpers import scenario

import pygames.passages_secrets as ps
from pygames import core
from pygames.passages_secrets.data import HEXES, PATH_INDEX, PATHS, STATUES, TOKENS, TYPES

SEEDS = range(300)


def _games():
    return [core.new_game(ps, 2, seed) for seed in SEEDS]


def test_ps_3_setup_fresh_state():
    """PS-3.1 / PS-3.2 markers at 0, PS-3.6 one token per path, PS-3.8 statues on their nodes, PS-3.9 3 cards,
    PS-3.10 13 passages each, PS-3.13 counters at 0, PS-3.12 P2 decides D1 first (PS-10.15: may decline)."""
    for s in _games()[:30]:
        assert s["m"] == dict.fromkeys(TYPES, 0)
        assert sorted(s["tok"]) == sorted(TOKENS) and len(s["tok"]) == len(PATHS)
        assert s["statues"] == dict.fromkeys(STATUES)
        assert len(s["cards"]) == 3 and len({c for c, _ in s["cards"]}) == 3 and all(o is None for _, o in s["cards"])
        assert s["own"] == [None] * 27 and s["held"] == [[], []] and s["turn"] == 0
        assert s["mid"] is None and s["final"] is None
        assert ps.to_move(s) == [1 - s["first"]] and "decline" in ps.legal_actions(s, 1 - s["first"])


def test_ps_3_3_to_3_5_and_3_11_chance_covers_every_outcome():
    """PS-3.3 6 of 10 hexes, PS-3.4 any slot, PS-3.5 rotations 0-2, PS-3.7 both faces, PS-3.9 any card,
    PS-3.11 either seat first, PS-10.2 random slot and rotation: every outcome appears over 300 seeds."""
    games = _games()
    hex_slots = {(i, h) for s in games for i, (h, _) in enumerate(s["tiles"])}
    assert len(hex_slots) == 60
    assert {r for s in games for _, r in s["tiles"]} == {0, 1, 2}
    assert all(len({h for h, _ in s["tiles"]}) == 6 and {h for h, _ in s["tiles"]} <= set(HEXES) for s in games)
    assert {s["first"] for s in games} == {0, 1}
    faces = {(t, s["up"][t]) for s in games for t in TOKENS}
    assert faces == {(t, f) for t, fs in TOKENS.items() for f in fs}
    assert {c for s in games for c, _ in s["cards"]} == {f"A{i}" for i in range(1, 16)}
    placements = {(i, t) for s in games for i, t in enumerate(s["tok"])}
    assert len(placements) > 27 * 27 * 0.9


def test_ps_8_1_all_chance_at_setup_and_replayable():
    """PS-8.1, PS-7.4: the same seed gives the same setup; after setup the rng never moves (no randomness)."""
    a, b = core.new_game(ps, 2, 42), core.new_game(ps, 2, 42)
    assert a == b and core.new_game(ps, 2, 43) != a
    rng_after_setup = a["rng"]
    bot = core.Rng(1)
    while not ps.is_over(a):
        seat = ps.to_move(a)[0]
        a = core.apply(ps, a, seat, bot.choice(ps.legal_actions(a, seat)))
        assert a["rng"] == rng_after_setup
        assert a["undo_floor"] <= len(a["history"])


def test_ps_3_14_orientation_and_10_23_unused_components_not_stored():
    """PS-3.14: no rules effect of the board side (nothing stored); PS-10.23 / PS-7.2: the 4 unused hexes and
    12 unused cards are not even kept in the state."""
    s = core.new_game(ps, 2, 5)
    text = core.state_to_json(s)
    unused = set(HEXES) - {h for h, _ in s["tiles"]}
    assert not any(f'"{h}"' in text for h in unused)
    assert "orientation" not in s and "side" not in s


def test_ps_scenario_builder_makes_a_consistent_state():
    """The helper itself: PS-9.0 layout L1 is installed and requested tokens sit where asked."""
    s = scenario(own={"T1|T2": 0}, held={0: ["YEL"]}, board={"T3.S": "L20=PUR"})
    assert s["tok"][PATH_INDEX["T3.S"]] == "L20" and s["up"]["L20"] == "PUR"
    assert s["tok"][PATH_INDEX["T1|T2"]] is None and s["held"][0] and s["active"] == 1
    assert ps.legal_actions(s, 1) == [f"place:{p}" for p in PATHS if p != "T1|T2"]
