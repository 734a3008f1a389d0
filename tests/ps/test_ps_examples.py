"""The worked examples of spec section 9 (PS-9.0 - 9.10), with their exact numbers."""

from __future__ import annotations

from ps_helpers import L1, play, scenario

import pygames.passages_secrets as ps
from pygames import core
from pygames.passages_secrets import achievements, facts, scoring
from pygames.passages_secrets.data import PATH_ENDS, PATH_INDEX, PATHS, TYPES, path_types
from pygames.passages_secrets.tunnels import components, longest_trail


def _mask(paths):
    return sum(1 << PATH_INDEX[p] for p in paths)


def test_ps_9_0_layout_l1_types():
    """PS-9.0: layout L1 gives the listed types on the test paths and the type counts 4/4/4/3/3."""
    types = path_types(L1)
    assert types[PATH_INDEX["T3.S"]] == ("POL", "NOB")
    assert types[PATH_INDEX["T2|T4"]] == ("RES", "POL")
    assert types[PATH_INDEX["T4|T5"]] == ("MER", "MER")
    assert types[PATH_INDEX["T4|T6"]] == ("MER", "BANK")
    assert types[PATH_INDEX["T1|T4"]] == ("POL", "POL")
    from pygames.passages_secrets.data import DISTRICTS, district_type
    counts = {d: 0 for d in TYPES}
    for district in DISTRICTS:
        counts[district_type(L1, district)] += 1
    assert counts == {"BANK": 4, "POL": 4, "MER": 4, "RES": 3, "NOB": 3}


def test_ps_9_1_seed_turn_example():
    """PS-9.1: a purple loot on T3.S (POL/NOB) moves POL and NOB one zone toward P1."""
    s = scenario(board={"T3.S": "L20=PUR"})
    s = play(s, "place:T3.S")
    assert s["own"][PATH_INDEX["T3.S"]] == 0 and s["held"][0] == ["L20"] and s["up"]["L20"] == "PUR"
    assert facts.loot_counts(s, 0)["PUR"] == 1 and facts.supply(s, 0) == 12
    assert s["m"] == {"BANK": 0, "POL": 1, "MER": 0, "RES": 0, "NOB": 1}
    assert all(o is None for o in s["statues"].values())
    assert all(o is None for _, o in s["cards"]) and s["mid"] is None
    assert s["phase"] == "place" and s["active"] == 1 and s["turn"] == 1       # turn 2 is P2's


P1_92 = ["T6.S", "T6.NE", "T5.S", "T5.NE", "T3.S", "T3.NW", "T2.NE", "T1.NE", "T1.S", "T4.NW", "T4.S", "T2|T4",
         "T2|T5"]
P2_92 = ["T2.S", "T2.NW", "T3.NE", "T4.NE", "T5.NW", "T6.NW", "T1|T2", "T1|T4", "T2|T3", "T3|T5", "T4|T5", "T4|T6",
         "T5|T6"]


def test_ps_9_2_seed_scoring_example_67():
    """PS-9.2: Gabrielle's final scoring is 14 + 3 + 18 + 25 + 7 = 67."""
    own = {p: 0 for p in P1_92} | {p: 1 for p in P2_92}
    held = {0: ["L04=BRN", "L11=BRN", "L17=BRN", "L20=BRN", "L03=PUR", "L08=PUR", "L14=PUR", "L02=BLU", "L01=YEL",
                "S01=S1", "S02=S2", "S03=S1", "S04=S2"]}
    s = scenario(own=own, held=held, statues={"X": 0, "PA": 0, "PB": 0, "PC": 1},
                 markers={"BANK": 2, "POL": -3, "MER": 2, "RES": 4, "NOB": 0}, cards=["A1", "A8", "A15"])
    s["cards"][0][1] = s["cards"][1][1] = 0
    assert s["own"].count(None) == 1 and s["own"][PATH_INDEX["T1.NW"]] is None
    mine = _mask(P1_92)
    assert longest_trail(mine) == 7
    assert sorted(longest_trail(c) for c in components(mine)) == [2, 4, 7]
    assert facts.controlled(s, 0) == ["BANK", "MER", "RES"]
    assert scoring.reward(s, 0, "BANK") == 6 and scoring.reward(s, 0, "MER") == 10
    assert scoring.reward(s, 0, "RES") == 9
    assert scoring.categories(s, 0, final=True) == [14, 3, 18, 25, 7]
    assert sum(scoring.categories(s, 0, final=True)) == 67
    assert [scoring.loot_wealth(n) for n in range(1, 8)] == [1, 3, 6, 10, 15, 21, 28]   # PS-2.15 [RB]


def test_ps_9_3_setup_compensation():
    """PS-9.3 / PS-3.12: P2 moves MER 1 zone toward P2, or declines."""
    s = core.new_game(ps, 2, 7)
    p2 = 1 - s["first"]
    assert ps.to_move(s) == [p2]
    moved = core.apply(ps, s, p2, "comp:MER")
    assert moved["m"] == {"BANK": 0, "POL": 0, "MER": -1, "RES": 0, "NOB": 0}
    assert facts.controlled(moved, p2) == ["MER"] and facts.pos(moved, p2, "MER") == 1
    assert ps.to_move(moved) == [s["first"]]                                   # PS-4.1: P1 plays turn 1
    declined = core.apply(ps, s, p2, "decline")
    assert all(v == 0 for v in declined["m"].values()) and ps.to_move(declined) == [s["first"]]


def _scenario_94():
    own = {"T1|T2": 0, "T2.S": 0, "T5.NW": 0, "T4|T5": 0, "T1|T4": 1, "T4.NE": 1, "T2|T5": 1}
    held = {0: ["YEL", "YEL", "PUR", "BRN"], 1: ["L05=YEL", "L19=BRN", "S04=S1"]}
    return scenario(own=own, held=held, board={"T2|T4": "L02=BLU"}, cards=["A1", "A8", "A15"])


def test_ps_9_4_two_statues_and_midgame_by_statues():
    """PS-9.4: T2|T4 steals PA and X, P2 claims A1, the midgame runs at once: P2 18, P1 9."""
    s = _scenario_94()
    assert s["turn"] == 7 and ps.to_move(s) == [1]
    s = play(s, "place:T2|T4")
    assert s["statues"] == {"X": 1, "PA": 1, "PB": None, "PC": None}           # step B
    assert s["held"][1][-1] == "L02"                                            # step C
    assert s["m"]["RES"] == -1 and s["m"]["POL"] == -1                          # step D
    assert dict(s["cards"]) == {"A1": 1, "A8": None, "A15": 1}                  # F: A1; midgame: A15
    assert s["mid"]["cats"][1] == [6, 2, 3, 7, 0] and sum(s["mid"]["cats"][1]) == 18
    assert s["mid"]["cats"][0] == [4, 0, 5, 0, 0] and sum(s["mid"]["cats"][0]) == 9
    assert s["mid"]["by"] == 1 and s["mid"]["turn"] == 8
    assert ps.to_move(s) == [0]                                                 # turn 9 is P1's (PS-6.5)
    mid = core.clone(s["mid"])
    rng = core.Rng(3)
    while s["turn"] < 16 or s["phase"] == "shovel":
        seat = ps.to_move(s)[0]
        s = core.apply(ps, s, seat, rng.choice(ps.legal_actions(s, seat)))
    assert s["mid"] == mid                                                      # no second scoring (PS-6.4)


def test_ps_9_5_marker_clamping():
    """PS-9.5 (a)-(d): moves past +-7 stop at the end (PS-5.3); a no-op D3 at the end is legal (PS-5.13)."""
    a = play(scenario(board={"T4|T5": "L03=PUR"}, markers={"MER": 6}, cards=["A10", "A1", "A8"]), "place:T4|T5")
    assert a["m"] == {"BANK": 0, "POL": 0, "MER": 7, "RES": 0, "NOB": 0}
    assert dict(a["cards"])["A10"] == 0                                         # position 7 >= 5
    b = play(scenario(board={"T4|T5": "S01=S2"}, markers={"MER": 6}), "place:T4|T5")
    assert b["m"]["MER"] == 7 and sum(abs(v) for v in b["m"].values()) == 7 and facts.shovels(b, 0) == 1
    assert b["phase"] == "place" and ps.to_move(b) == [1]
    c = scenario(own={"T6.S": 0}, held={0: ["YEL"]}, board={"T4|T6": "L08=YEL"}, markers={"BANK": -7})
    assert ps.to_move(c) == [1]
    c = play(c, "place:T4|T6")
    assert c["m"]["MER"] == -1 and c["m"]["BANK"] == -7
    d = play(scenario(board={"T3.NE": "S01=S1"}, markers={"NOB": 7}), "place:T3.NE")
    assert "shovel:NOB" in ps.legal_actions(d, 0)
    d = play(d, "shovel:NOB")
    assert d["m"]["NOB"] == 7


def test_ps_9_6_same_type_path_with_shovels():
    """PS-9.6: MER/MER with 2 shovels gives -1 -> +1 -> +3; with 1 shovel D3 follows; RES/POL 2-shovel for P2."""
    a = play(scenario(board={"T4|T5": "S02=S2"}, markers={"MER": -1}), "place:T4|T5")
    assert a["m"] == {"BANK": 0, "POL": 0, "MER": 3, "RES": 0, "NOB": 0}
    assert a["phase"] == "place" and ps.to_move(a) == [1] and facts.shovels(a, 0) == 1
    b = play(scenario(board={"T4|T5": "S02=S1"}, markers={"MER": -1}), "place:T4|T5")
    assert b["m"]["MER"] == 1 and b["phase"] == "shovel" and ps.to_move(b) == [0]
    assert ps.legal_actions(b, 0) == [f"shovel:{d}" for d in TYPES]
    assert play(b, "shovel:NOB")["m"] == {"BANK": 0, "POL": 0, "MER": 1, "RES": 0, "NOB": 1}
    assert play(b, "shovel:MER")["m"]["MER"] == 2
    c = scenario(own={"T6.S": 0}, held={0: ["YEL"]}, board={"T2|T4": "S03=S2"})
    c = play(c, "place:T2|T4")
    assert c["m"] == {"BANK": 0, "POL": -2, "MER": 0, "RES": -2, "NOB": 0}


def _longest_simple_path(mask):
    """What a wrong implementation would compute: no node visited twice (PS-5.22 warns against it)."""
    edges = [PATH_ENDS[i] for i in range(len(PATHS)) if mask >> i & 1]
    best = 0

    def dfs(node, seen, length):
        nonlocal best
        best = max(best, length)
        for a, b in edges:
            for x, y in ((a, b), (b, a)):
                if x == node and y not in seen:
                    dfs(y, seen | {y}, length + 1)

    for a, b in edges:
        for n in (a, b):
            dfs(n, {n}, 0)
    return best


P1_97 = ["T2.S", "T2.NW", "T1|T2", "T2|T4", "T4.NE", "T4.S", "T4|T6", "T4|T5"]


def test_ps_9_7_trail_through_the_same_intersection():
    """PS-9.7: L = 8 via X three times (a simple path gives 6); A2 and A4 met, A3 not; then A3 with a 2nd tunnel."""
    s = scenario(own={p: 0 for p in P1_97}, cards=["A2", "A3", "A4"])
    assert facts.tunnel(s, 0) == 8 and _longest_simple_path(_mask(P1_97)) == 6
    assert scoring.categories(s, 0, final=True)[0] == 16
    assert scoring.reward(s, 0, "RES") == 6
    assert achievements.met(s, 0, "A2") and achievements.met(s, 0, "A4") and not achievements.met(s, 0, "A3")
    more = scenario(own={p: 0 for p in [*P1_97, "T3.NE", "T3.S", "T5.NE"]})
    assert achievements.met(more, 0, "A3") and facts.tunnel(more, 0) == 8
    opp = scenario(own={p: 0 for p in P1_97} | {"T2|T5": 1, "T5.NW": 1})
    assert facts.tunnel(opp, 0) == 8                                            # PS-5.20


P1_98 = ["T1|T2", "T1|T4", "T2|T4", "T1.NE", "T1.S", "T6.S", "T6.NE", "T3.NE"]
P2_98 = ["T2.NW", "T2.NE", "T3.NW", "T3.S", "T5.NE", "T4.S", "T6.NW"]          # + T5|T6 placed on turn 16


def test_ps_9_8_midgame_by_passages_at_turn_16():
    """PS-9.8: trigger (b) at the end of turn 16; A14 tied (nobody), A15 to P1 before scoring: P1 43, P2 30."""
    own = {p: 0 for p in P1_98} | {p: 1 for p in P2_98}
    held = {0: ["YEL", "YEL", "BLU", "PUR", "PUR", "PUR", "S01=S1", "S02=S1"],
            1: ["BRN", "BRN", "YEL", "YEL", "BLU", "S03=S1", "S04=S2"]}
    # T5|T6 lies between MER and BANK in L1: P2's placement moves both 1 toward P2, giving the spec's markers
    s = scenario(own=own, held=held, board={"T5|T6": "L22=BRN", "T2|T3": "L06=BLU", "T2|T5": "L07=YEL",
                                           "T3|T5": "L09=YEL"},
                 statues={"PA": 0}, markers={"BANK": 3, "POL": 1, "MER": 4, "RES": -2, "NOB": -1},
                 cards=["A2", "A14", "A15"])
    assert s["turn"] == 15 and ps.to_move(s) == [1]
    s = play(s, "place:T5|T6")
    assert s["m"] == {"BANK": 2, "POL": 1, "MER": 3, "RES": -2, "NOB": -1}
    assert facts.tunnel(s, 0) == 5 and facts.tunnel(s, 1) == 5
    assert dict(s["cards"]) == {"A2": None, "A14": None, "A15": 0}
    assert s["mid"]["turn"] == 16 and s["mid"]["by"] == 1
    assert s["mid"]["cats"][0] == [10, 1, 10, 22, 0] and sum(s["mid"]["cats"][0]) == 43
    assert s["mid"]["cats"][1] == [10, 0, 10, 10, 0] and sum(s["mid"]["cats"][1]) == 30
    assert ps.to_move(s) == [0]                                                 # turn 17 is P1's
    mid = core.clone(s["mid"])
    s = play(s, "place:T2|T3", "place:T2|T5", "place:T3|T5")                    # turns 17-19; PB stolen at 19
    assert s["statues"]["PB"] == 0 and s["mid"] == mid                          # no second scoring (PS-6.4)


def test_ps_9_8_awarding_a15_after_scoring_would_give_42(monkeypatch):
    """PS-9.8 / PS-6.7: with the flag off, A15 would not count for Merchant: 42 instead of 43."""
    from pygames.passages_secrets import data
    monkeypatch.setitem(data.FLAGS, "award_midgame_achievements_before_scoring", False)
    own = {p: 0 for p in P1_98} | {p: 1 for p in [*P2_98, "T5|T6"]}
    held = {0: ["YEL", "YEL", "BLU", "PUR", "PUR", "PUR", "S01=S1", "S02=S1"],
            1: ["BRN", "BRN", "BRN", "YEL", "YEL", "BLU", "S03=S1", "S04=S2"]}
    s = scenario(own=own, held=held, statues={"PA": 0}, cards=["A2", "A14", "A15"],
                 markers={"BANK": 2, "POL": 1, "MER": 3, "RES": -2, "NOB": -1})
    scoring.run_midgame(s, 1)
    assert sum(s["mid"]["cats"][0]) == 42 and dict(s["cards"])["A15"] == 0


P1_99 = ["T2.S", "T2.NW", "T1|T2", "T2|T4", "T4.NE", "T4.S", "T4|T6", "T4|T5", "T2|T5"]
P2_99 = ["T5.NE", "T2|T3", "T5.S", "T3.NW", "T6.NE", "T3|T5", "T3.NE"]
P2_99_EIGHT = ["T3|T5", "T2|T3", "T5.S", "T6.NW", "T5.NE", "T3.S", "T3.NW", "T6.NE"]


def _final(s, p1_total_parts, p2_total_parts):
    s["mid"] = {"by": 0, "turn": 16, "cats": [[p1_total_parts[0], 0, 0, 0, 0], [p2_total_parts[0], 0, 0, 0, 0]]}
    s["final"] = {"cats": [[p1_total_parts[1], 0, 0, 0, 0], [p2_total_parts[1], 0, 0, 0, 0]]}
    s["phase"] = "over"
    return ps.result(s)


def test_ps_9_9_tie_breaks():
    """PS-9.9: (a) 81 = 81, L 9 > 7: P1; (b) L 8 = 8, C 2 < 3: P2; (c) all equal: shared victory."""
    a = scenario(own={p: 0 for p in P1_99} | {p: 1 for p in P2_99})
    assert facts.tunnel(a, 0) == 9 and facts.tunnel(a, 1) == 7
    res = _final(a, (30, 51), (34, 47))
    assert res["scores"] == [81, 81] and res["winners"] == [0] and res["tiebreak"] == "ps.tiebreak.tunnel"
    b = scenario(own={p: 0 for p in P1_97} | {p: 1 for p in P2_99_EIGHT},
                 markers={"BANK": 1, "POL": 1, "MER": -1, "RES": -1, "NOB": -1})
    assert facts.tunnel(b, 0) == facts.tunnel(b, 1) == 8
    res = _final(b, (30, 51), (34, 47))
    assert res["winners"] == [1] and res["tiebreak"] == "ps.tiebreak.districts"
    c = scenario(own={p: 0 for p in P1_97} | {p: 1 for p in P2_99_EIGHT},
                 markers={"BANK": 1, "POL": 1, "MER": -1, "RES": -1, "NOB": 0})
    res = _final(c, (30, 51), (34, 47))
    assert res["winners"] == [0, 1] and res["tiebreak"] == "ps.tiebreak.shared"


def test_ps_9_10_small_scoring_checks():
    """PS-9.10 (a)-(d): negative Noble, Noble pairs, A13, Residential with a short tunnel."""
    a = scenario(own={"T2.S": 0, "T5.NW": 0}, held={0: ["YEL", "BLU", "PUR", "S01=S1", "S02=S1", "S03=S2"]},
                 markers={"NOB": 1, "POL": 2})
    assert scoring.reward(a, 0, "POL") == 5 and scoring.reward(a, 0, "NOB") == -3
    assert scoring.categories(a, 0, final=False) == [4, 0, 3, 2, 0] and sum(scoring.categories(a, 0, False)) == 9
    b = scenario(held={0: ["YEL"] * 5 + ["BLU"] * 3 + ["PUR", "S01=S1"]}, markers={"NOB": 1})
    assert scoring.reward(b, 0, "NOB") == 8
    c = scenario(held={0: ["YEL", "BLU", "BRN", "BRN"]}, markers={"BANK": 1, "POL": 1, "MER": 1, "NOB": 1},
                 cards=["A13", "A1", "A2"])
    assert not achievements.met(c, 0, "A13")
    c["held"][0].append("L03")
    c["up"]["L03"] = "PUR"
    assert achievements.met(c, 0, "A13")
    d = scenario(own={"T2.S": 0, "T5.NW": 0}, held={0: ["BRN"] * 3})
    assert scoring.reward(d, 0, "RES") == 3
