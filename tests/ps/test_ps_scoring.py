"""Scoring and end of game (PS-6.x), tunnel length (PS-5.19 - 5.23) and the related decisions of section 10."""

from __future__ import annotations

import itertools

from ps_helpers import play, scenario

import pygames.passages_secrets as ps
from pygames import core
from pygames.passages_secrets import data, facts, scoring
from pygames.passages_secrets.data import PATH_ENDS, PATHS
from pygames.passages_secrets.tunnels import components, longest_trail


def _trail_by_euler(mask):
    """Independent check: the longest trail is the largest connected edge subset with 0 or 2 odd nodes."""
    edges = [i for i in range(len(PATHS)) if mask >> i & 1]
    for k in range(len(edges), 0, -1):
        for sub in itertools.combinations(edges, k):
            deg = {}
            for i in sub:
                for n in PATH_ENDS[i]:
                    deg[n] = deg.get(n, 0) + 1
            if sum(d % 2 for d in deg.values()) <= 2 and len(components(sum(1 << i for i in sub))) == 1:
                return k
    return 0


def test_ps_5_19_5_21_5_22_longest_trail_matches_euler_criterion():
    """PS-5.19 trail (nodes may repeat), PS-5.21 L = 0 / 1, PS-5.22 exhaustive search: 300 random masks."""
    assert longest_trail(0) == 0 and longest_trail(1) == 1
    rng = core.Rng(99)
    for _ in range(300):
        k = rng.randint(2, 9)
        mask = sum(1 << i for i in rng.sample(range(27), k))
        assert longest_trail(mask) == _trail_by_euler(mask)


def test_ps_5_20_opponent_never_blocks_and_10_11():
    """PS-5.20 / PS-10.11: opponent passages on the same node do not cut the trail."""
    mine = {"T2.S": 0, "T5.NW": 0, "T4.NE": 0}
    assert facts.tunnel(scenario(own=mine), 0) == 2
    assert facts.tunnel(scenario(own=mine | {"T2|T4": 1, "T2|T5": 1, "T4|T5": 1}), 0) == 2


def test_ps_5_23_components():
    """PS-5.23: components are linked only through the player's own passages."""
    s = scenario(own={"T1.NW": 0, "T1.NE": 0, "T6.S": 0, "T2.NW": 1})
    assert len(components(facts.mask(s, 0))) == 2


def test_ps_6_1_6_4_6_5_one_midgame_and_one_final():
    """PS-6.1 exactly two scorings; PS-6.4 midgame during turns 1-16, once; PS-6.5 nothing reset; PS-6.6 final."""
    for seed in range(40):
        s = core.new_game(ps, 2, seed)
        rng = core.Rng(seed)
        while not ps.is_over(s):
            seat = ps.to_move(s)[0]
            before = core.clone(s)
            s = core.apply(ps, s, seat, rng.choice(ps.legal_actions(s, seat)))
            if before["mid"] is None and s["mid"] is not None:
                assert s["held"] == before["held"] or len(s["held"][seat]) == len(before["held"][seat]) + 1
                assert 1 <= s["mid"]["turn"] <= 16
        keys = [k for k, _, _ in s["log"]]
        assert keys.count("ps.log.midgame") == 1 and keys.count("ps.log.score") == 4
        assert s["final"] is not None and s["turn"] == 26


def test_ps_6_2_trigger_a_statues_and_6_3_trigger_b_turn_16_and_10_12():
    """PS-6.2 (a) 2 statues at step G; PS-6.3 (b) both supplies at 5 = end of turn 16 only; PS-10.12."""
    a = scenario(statues={"X": 0, "PA": 1})
    assert scoring.midgame_due(a)
    b = scenario(own={p: i % 2 for i, p in enumerate(data.PATHS[:16])})
    assert facts.supply(b, 0) == facts.supply(b, 1) == 5 and scoring.midgame_due(b)
    c = scenario(own={p: i % 2 for i, p in enumerate(data.PATHS[:15])})
    assert not scoring.midgame_due(c)
    b["mid"] = {"by": 0, "turn": 8, "cats": [[0] * 5, [0] * 5]}
    assert not scoring.midgame_due(b)


def test_ps_6_7_and_10_14_a15_before_the_categories():
    """PS-6.7 / PS-10.14: A15 won at the midgame counts for that scoring's Merchant reward."""
    s = scenario(markers={"MER": 2, "BANK": 1}, cards=["A15", "A1", "A2"])
    scoring.run_midgame(s, 0)
    assert dict(s["cards"])["A15"] == 0
    assert s["mid"]["cats"][0][3] == (5 + 0) + (0 + 1 + 0 + 2)


def test_ps_6_8_to_6_17_categories_and_rewards():
    """PS-6.8 five categories; PS-6.9 2L; PS-6.10 S; PS-6.11 loot table; PS-6.12 only controlled types;
    PS-6.13 Banking; PS-6.14 Political incl. itself (PS-10.20); PS-6.15 Merchant; PS-6.16 Residential;
    PS-6.17 Noble identical pairs (PS-10.9)."""
    s = scenario(own={"T3.NE": 0, "T3.S": 0, "T5.NE": 0, "T5.S": 0}, statues={"PB": 0},
                 held={0: ["YEL"] * 3 + ["BLU"] * 2 + ["PUR"] + ["BRN"] * 4 + ["S01=S2", "S02=S1"]},
                 markers={"BANK": 1, "POL": 2, "MER": 3, "RES": 1, "NOB": 1}, cards=["A8", "A1", "A2"])
    s["cards"][0][1] = 0
    assert scoring.reward(s, 0, "BANK") == 5 + 3
    assert scoring.reward(s, 0, "POL") == 2 + 2 * 5
    assert scoring.reward(s, 0, "MER") == 1 + 1 + 1 + 3
    assert scoring.reward(s, 0, "RES") == 4 + (4 - 2)
    assert scoring.reward(s, 0, "NOB") == -2 + 3 * (1 + 1 + 0 + 2)
    cats = scoring.categories(s, 0, final=True)
    assert cats == [8, 1, 6 + 3 + 1 + 10, 8 + 12 + 6 + 6 + 10, 4]
    assert scoring.categories(s, 1, final=True) == [0, 0, 0, 0, 0]   # PS-6.12: P2 controls nothing


def test_ps_6_18_6_19_no_floor_and_10_18():
    """PS-6.19 / PS-10.18: a negative Noble reward makes the scoring negative; nothing is floored."""
    s = scenario(held={0: ["S01=S1", "S02=S1", "S03=S2", "S04=S2", "S05=S1"]}, markers={"NOB": 1})
    assert scoring.categories(s, 0, final=False) == [0, 0, 0, -5, 0]


def test_ps_6_20_6_21_1_2_totals_and_winner():
    """PS-1.2 / PS-6.20 / PS-6.21: total = midgame + final, the higher total wins."""
    s = scenario()
    s["mid"] = {"by": 0, "turn": 9, "cats": [[1, 2, 3, 4, 0], [0, 0, 0, 1, 0]]}
    s["final"] = {"cats": [[1, 1, 1, 1, 1], [9, 9, 0, 0, 3]]}
    res = ps.result(s)
    assert res["scores"] == [15, 22] and res["winners"] == [1] and res["tiebreak"] is None
    assert res["breakdown"]["tunnel"] == [2, 9] and res["order"][0] == "tunnel"


def test_ps_6_22_6_23_6_24_tie_breaks_and_10_19():
    """PS-6.22 longer tunnel at the end; PS-6.23 more Districts; PS-6.24 / PS-10.19 shared victory (flag)."""
    s = scenario(own={"T3.NE": 0, "T3.S": 0, "T6.S": 1})
    assert scoring.winners(s, [50, 50]) == ([0], "ps.tiebreak.tunnel")
    t = scenario(own={"T3.NE": 0, "T6.S": 1}, markers={"BANK": -1})
    assert scoring.winners(t, [50, 50]) == ([1], "ps.tiebreak.districts")
    u = scenario(own={"T3.NE": 0, "T6.S": 1})
    assert scoring.winners(u, [50, 50]) == ([0, 1], "ps.tiebreak.shared")
    assert scoring.winners(u, [51, 50]) == ([0], None)


def test_ps_6_25_scores_are_public_in_the_view():
    """PS-6.25: both scorings' categories are in every seat's view once computed."""
    s = play(scenario(statues={"X": 0}, own={"T1|T2": 1, "T1|T4": 1}, held={1: ["YEL", "BLU"]},
                      board={"T2|T4": "PUR"}), "place:T2|T4")
    assert s["mid"] is not None
    for seat in (0, 1, None):
        v = ps.view(s, seat)
        assert v["mid"]["cats"] == s["mid"]["cats"] and v["totals"] == scoring.totals(s)
