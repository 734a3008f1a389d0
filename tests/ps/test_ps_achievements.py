"""Achievement conditions (PS-5.30 - 5.44) and claiming (PS-5.24 - 5.28), each at its threshold."""

from __future__ import annotations

from ps_helpers import play, scenario

import pygames.passages_secrets as ps
from pygames.passages_secrets import achievements, scoring
from pygames.passages_secrets.achievements import met


def test_ps_5_30_a1_two_statues():
    """PS-5.30 A1: S(p) >= 2."""
    assert not met(scenario(statues={"X": 0, "PA": 1}), 0, "A1")
    assert met(scenario(statues={"X": 0, "PA": 0}), 0, "A1")
    assert met(scenario(statues={"X": 0, "PA": 0, "PB": 0}), 0, "A1")


def test_ps_5_31_a2_tunnel_of_six():
    """PS-5.31 A2: L(p) >= 6."""
    six = ["T3.NE", "T3.S", "T5.NE", "T5.S", "T6.NE", "T6.S"]
    assert met(scenario(own={p: 0 for p in six}), 0, "A2")
    assert not met(scenario(own={p: 0 for p in six[:5]}), 0, "A2")


def test_ps_5_32_5_23_a3_two_unconnected_tunnels_and_10_7():
    """PS-5.32 / PS-5.23 / PS-10.7 A3: two components each with a trail >= 3; one merged component fails."""
    a = ["T1.NW", "T1.NE", "T2.NW"]                  # t1-c1-j12-c2
    b = ["T6.S", "T6.NE", "T5.S"]                    # t6-c6-j56-c5
    assert met(scenario(own={p: 0 for p in a + b}), 0, "A3")
    assert not met(scenario(own={p: 0 for p in a + b[:2]}), 0, "A3")
    assert not met(scenario(own={p: 0 for p in [*a, "T2.S", "T5.NW", *b]}), 0, "A3")   # joined via c2-X-c5


def test_ps_5_33_a4_surround_enclosed_only_and_10_8():
    """PS-5.33 / PS-10.8 A4: all 4 paths of an enclosed District; an edge District (2 paths) never counts."""
    enclosed = ["T1.NE", "T1.S", "T1|T2", "T1|T4"]   # T1.SE
    assert met(scenario(own={p: 0 for p in enclosed}), 0, "A4")
    assert not met(scenario(own={p: 0 for p in enclosed[:3]} | {"T1|T4": 1}), 0, "A4")
    assert not met(scenario(own={"T1.NE": 0, "T1.NW": 0}), 0, "A4")          # edge District T1.N


def test_ps_5_34_to_5_37_loot_cards():
    """PS-5.34 A5 one of each; PS-5.35 A6 2 in 3 colours; PS-5.36 A7 3 in 2 colours; PS-5.37 A8 4 of one."""
    assert met(scenario(held={0: ["YEL", "BLU", "PUR", "BRN"]}), 0, "A5")
    assert not met(scenario(held={0: ["YEL", "BLU", "PUR", "S01=S1"]}), 0, "A5")      # PS-5.11 shovel no loot
    assert met(scenario(held={0: ["YEL"] * 2 + ["BLU"] * 2 + ["PUR"] * 2}), 0, "A6")
    assert not met(scenario(held={0: ["YEL"] * 2 + ["BLU"] * 2 + ["PUR"]}), 0, "A6")
    assert met(scenario(held={0: ["YEL"] * 3 + ["BLU"] * 4}), 0, "A7")
    assert not met(scenario(held={0: ["YEL"] * 3 + ["BLU"] * 2}), 0, "A7")
    assert met(scenario(held={0: ["BRN"] * 5}), 0, "A8") and not met(scenario(held={0: ["BRN"] * 3}), 0, "A8")


def test_ps_5_38_to_5_41_marker_cards():
    """PS-5.38 A9 C >= 4; PS-5.39 A10 one at 5+; PS-5.40 A11 two at 3+; PS-5.41 A12 three at 2+."""
    assert met(scenario(markers={"BANK": 1, "POL": 1, "MER": 1, "RES": 1}), 0, "A9")
    assert not met(scenario(markers={"BANK": 1, "POL": 1, "MER": 1, "RES": 0}), 0, "A9")
    assert met(scenario(markers={"MER": 5}), 0, "A10") and not met(scenario(markers={"MER": 4}), 0, "A10")
    assert met(scenario(markers={"MER": -5}), 1, "A10")                              # pos for P2 (PS-5.4)
    assert met(scenario(markers={"MER": 3, "NOB": 4}), 0, "A11")
    assert not met(scenario(markers={"MER": 3, "NOB": 2}), 0, "A11")
    assert met(scenario(markers={"MER": 2, "NOB": 2, "BANK": 7}), 0, "A12")
    assert not met(scenario(markers={"MER": 2, "NOB": 2, "BANK": 1}), 0, "A12")


def test_ps_5_42_a13_district_and_its_loot():
    """PS-5.42 A13: 3 controlled non-Noble types with their loot colour; Noble and shovels never help."""
    held = {0: ["YEL", "BLU", "PUR", "S01=S1"]}
    assert met(scenario(held=held, markers={"BANK": 1, "POL": 1, "MER": 1}), 0, "A13")
    assert not met(scenario(held=held, markers={"BANK": 1, "POL": 1, "NOB": 1}), 0, "A13")
    assert not met(scenario(held=held, markers={"BANK": 1, "POL": 1, "MER": -1}), 0, "A13")


def test_ps_5_24_5_25_5_26_claim_automatically_at_step_f():
    """PS-5.24 one owner, kept; PS-5.25 every met card taken at once; PS-5.26 only the active player claims;
    PS-10.16 claiming is automatic (no decision offered)."""
    s = scenario(own={"T1|T2": 1, "T1|T4": 1}, held={1: ["YEL", "YEL"]}, board={"T2|T4": "BLU"},
                 markers={"POL": 4, "BANK": 1, "MER": 1, "RES": 1}, cards=["A9", "A10", "A1"])
    assert achievements.met(s, 0, "A9")
    s = play(s, "place:T2|T4")                       # P1 steals PA; A9 and A10 (POL 5) claimed together
    assert dict(s["cards"]) == {"A9": 0, "A10": 0, "A1": None}
    assert [k for k, _, _ in s["log"]].count("ps.log.card") == 2
    t = scenario(own={"T1|T2": 0}, held={0: ["YEL"]}, markers={"BANK": 1, "POL": 1, "MER": 1, "RES": 1},
                 board={"T6.S": "PUR"}, cards=["A9", "A2", "A3"])
    t = play(t, "place:T6.S")                        # P2's turn: P1 meets A9 but does not claim it now
    assert dict(t["cards"])["A9"] is None


def test_ps_5_27_5_43_5_44_midgame_cards():
    """PS-5.27 A14/A15 never at step F; PS-5.43 longer tunnel; PS-5.44 more Districts; ties leave them unclaimed."""
    s = scenario(own={"T3.NE": 0, "T3.S": 0, "T5.NE": 0, "T6.S": 1}, markers={"BANK": 1}, cards=["A14", "A15", "A1"],
                 held={0: ["YEL"] * 3, 1: ["BLU"]})
    achievements.claim_turn_cards(s, 0)
    assert all(o is None for _, o in s["cards"])
    achievements.award_midgame_cards(s)
    assert dict(s["cards"]) == {"A14": 0, "A15": 0, "A1": None}
    tie = scenario(own={"T3.NE": 0, "T6.S": 1}, markers={"BANK": 1, "POL": -1}, cards=["A14", "A15", "A1"])
    achievements.award_midgame_cards(tie)
    assert dict(tie["cards"]) == {"A14": None, "A15": None, "A1": None}


def test_ps_5_28_card_wealth_only_at_final_but_merchant_counts_them():
    """PS-5.28 / PS-6.18 / PS-10.13: category 5 is 0 at midgame; held cards count for Merchant at both."""
    s = scenario(markers={"MER": 2}, cards=["A1", "A2", "A3"])
    s["cards"][0][1] = 0
    assert scoring.categories(s, 0, final=False)[4] == 0 and scoring.categories(s, 0, final=True)[4] == 3
    assert scoring.reward(s, 0, "MER") == 0 + 1 + 0 + 2
    assert ps.to_move(s) == [0]
