"""Turn structure (PS-4.x), markers, shovels, loot and statues (PS-5.1 - 5.18), decisions (PS-8.x)."""

from __future__ import annotations

from ps_helpers import L1, play, scenario

import pygames.passages_secrets as ps
from pygames import core
from pygames.passages_secrets import facts, scoring
from pygames.passages_secrets.data import PATH_INDEX, PATHS, TYPES, path_types


def _full_game(seed=11):
    s = core.new_game(ps, 2, seed)
    rng = core.Rng(seed)
    order = []
    while not ps.is_over(s):
        seat = ps.to_move(s)[0]
        action = rng.choice(ps.legal_actions(s, seat))
        if action.startswith("place:"):
            order.append(seat)
        s = core.apply(ps, s, seat, action)
    return s, order


def test_ps_1_1_and_4_1_alternation_26_turns():
    """PS-1.1 / PS-4.1 / PS-4.12: 26 placements, 13 each, P1 on odd turns; PS-4.11 final scoring at the end."""
    s, order = _full_game()
    p1 = s["first"]
    assert order == [p1 if k % 2 == 1 else 1 - p1 for k in range(1, 27)]
    assert facts.supply(s, 0) == facts.supply(s, 1) == 0
    assert s["final"] is not None and ps.is_over(s) and ps.to_move(s) == []


def test_ps_4_2_4_13_step_order_logged_a_to_g():
    """PS-4.2 / PS-4.13: the engine logs steps A (place), B (statue), C (token), D (markers), F (card), G."""
    s = play(scenario(own={"T1|T2": 0, "T2.S": 0, "T5.NW": 0, "T4|T5": 0, "T1|T4": 1, "T4.NE": 1, "T2|T5": 1},
                      held={0: ["YEL"] * 4, 1: ["YEL"] * 3}, board={"T2|T4": "L02=BLU"}), "place:T2|T4")
    keys = [k.split(".")[-1] for k, _, _ in s["log"]]
    steps = [k for k in keys if k in ("place", "statue", "token", "marker", "card", "midgame", "score")]
    # A, B (PA and X), C, D (RES and POL), F (A1), G (midgame: A15 first, PS-6.7, then both scores)
    assert steps == ["place", "statue", "statue", "token", "marker", "marker", "card", "midgame", "card", "score",
                     "score"]


def test_ps_4_3_4_4_8_3_any_empty_path_and_no_pass():
    """PS-4.3: any empty path, touching nothing; PS-4.4: no pass; PS-8.3: 28 - k options on turn k."""
    s = scenario(own={"T1.NE": 0, "T6.S": 1})
    legal = ps.legal_actions(s, 0)
    assert legal == [f"place:{p}" for p in PATHS if p not in ("T1.NE", "T6.S")] and len(legal) == 28 - 3
    assert "place:T3.NE" in legal and "pass" not in legal
    assert ps.why_illegal(s, 0, "place:T1.NE") == ("ps.err.occupied", {"path": "T1.NE", "owner_player": 0})
    assert ps.why_illegal(s, 0, "pass")[0] == "ps.err.unknown"
    assert ps.why_illegal(s, 0, "place:T9.Q")[0] == "ps.err.unknown_path"
    try:
        core.apply(ps, s, 0, "place:T6.S")
        raise AssertionError("occupied path accepted")
    except core.IllegalAction as exc:
        assert exc.key == "ps.err.occupied"


def test_ps_4_5_4_6_4_7_steps_b_c_d():
    """PS-4.5 statue at once, PS-4.6 token kept with its face, PS-4.7 different types +1 each, same type +2."""
    s = play(scenario(own={"T1|T2": 1, "T2|T4": 1}, held={1: ["YEL", "BLU"]}, board={"T1|T4": "L10=PUR"},
                      turn=2), "place:T1|T4")
    assert s["statues"]["PA"] == 0 and s["held"][0] == ["L10"] and s["up"]["L10"] == "PUR"
    assert s["m"]["POL"] == 2 and sum(abs(v) for v in s["m"].values()) == 2       # T1|T4 is POL/POL in L1
    t = play(scenario(board={"T3.S": "L20=PUR"}), "place:T3.S")
    assert t["m"]["POL"] == 1 and t["m"]["NOB"] == 1


def test_ps_4_8_5_8_5_9_5_13_8_4_shovels():
    """PS-4.8 step E; PS-5.8 / PS-8.4 D3 offers all 5 markers; PS-5.9 2 shovels, no choice; PS-5.13 no-op."""
    one = play(scenario(board={"T3.S": "S01=S1"}, markers={"BANK": 7}), "place:T3.S")
    assert one["phase"] == "shovel" and ps.legal_actions(one, 0) == [f"shovel:{d}" for d in TYPES]
    assert ps.why_illegal(one, 0, "place:T1.NE") == ("ps.err.shovel_first", {})
    assert play(one, "shovel:BANK")["m"]["BANK"] == 7                               # PS-5.13, PS-10.17
    assert play(one, "shovel:RES")["m"]["RES"] == 1                                 # any marker, not bordering
    two = play(scenario(board={"T3.S": "S01=S2"}), "place:T3.S")
    assert two["phase"] == "place" and two["m"]["POL"] == 2 and two["m"]["NOB"] == 2
    assert ps.why_illegal(two, 1, "shovel:BANK") == ("ps.err.no_shovel", {})


def test_ps_5_10_5_11_5_12_shovel_tokens_later():
    """PS-5.10 no effect after its turn; PS-5.11 shovels are never loot; PS-5.12 each token costs 1 for Noble."""
    s = play(scenario(board={"T3.S": "S01=S2", "T6.S": "L20=BRN"}), "place:T3.S", "place:T6.S")
    m = dict(s["m"])
    s = play(s, "place:T1.NE")
    assert path_types(L1)[PATH_INDEX["T1.NE"]] == ("BANK", "POL")
    assert s["m"]["NOB"] == m["NOB"] and s["m"]["BANK"] == m["BANK"] + 1        # the 2-shovel token is spent
    b = scenario(held={0: ["S01=S1", "S02=S2", "YEL", "YEL"]}, markers={"NOB": 1})
    assert facts.loot_counts(b, 0) == {"YEL": 2, "BLU": 0, "PUR": 0, "BRN": 0} and facts.shovels(b, 0) == 2
    assert scoring.reward(b, 0, "NOB") == -2 + 3


def test_ps_5_1_5_2_5_3_5_4_marker_direction_and_centre():
    """PS-5.1 toward P1 is +1; PS-5.2 the centre is a zone (-1 -> 0 -> +1); PS-5.3 clamp; PS-5.4 pos_P2 = -m."""
    s = scenario(markers={"MER": -1}, first=1)                       # seat 1 is P1, seat 0 is P2
    assert facts.toward(s, 1) == 1 and facts.toward(s, 0) == -1
    assert facts.move_marker(s, "MER", 1, 1) == (-1, 0) and facts.move_marker(s, "MER", 1, 1) == (0, 1)
    assert facts.pos(s, 1, "MER") == 1 and facts.pos(s, 0, "MER") == -1
    assert facts.move_marker(s, "MER", 0, 20) == (1, -7)


def test_ps_5_5_5_6_5_7_control_counts_types():
    """PS-5.5 control when pos >= 1, nobody at 0; PS-5.6 position = pos_p; PS-5.7 C(p) counts types (0-5)."""
    s = scenario(markers={"BANK": 1, "POL": -2, "MER": 0, "RES": 7, "NOB": -7})
    assert facts.controlled(s, 0) == ["BANK", "RES"] and facts.controlled(s, 1) == ["POL", "NOB"]
    assert facts.pos(s, 1, "POL") == 2 and facts.pos(s, 0, "RES") == 7
    assert "MER" not in facts.controlled(s, 0) + facts.controlled(s, 1)


def test_ps_5_14_5_15_loot_counts_up_face_only():
    """PS-5.14 up face counts; PS-5.15 the down face never matters."""
    a = scenario(held={0: ["L05=YEL", "L14=PUR"]})
    b = scenario(held={0: ["L05=BLU", "L14=BLU"]})
    assert facts.loot_counts(a, 0) == {"YEL": 1, "BLU": 0, "PUR": 1, "BRN": 0}
    assert facts.loot_counts(b, 0)["BLU"] == 2
    c = scenario(held={0: ["L01=YEL", "L08=YEL"]})                  # mono and two-colour tokens alike
    assert scoring.categories(c, 0, final=True) == scoring.categories(
        scenario(held={0: ["L05=YEL", "L11=YEL"]}), 0, final=True)


def test_ps_5_16_5_17_5_18_statues():
    """PS-5.16 surrounded whatever the owners; PS-5.17 stolen once; PS-5.18 at most 2 at once (T2|T5: X and PB)."""
    own = {"T2.S": 0, "T4.NE": 1, "T5.NW": 0, "T2|T4": 1, "T4|T5": 0, "T2|T3": 1, "T3|T5": 0}
    s = scenario(own=own, held={0: ["YEL"] * 4, 1: ["BLU"] * 3},
                 board={"T2|T5": "BRN", "T1|T2": "BRN", "T1|T4": "PUR"})
    assert ps.to_move(s) == [1]
    s = play(s, "place:T2|T5")
    assert s["statues"] == {"X": 1, "PA": None, "PB": 1, "PC": None}
    s = play(s, "place:T1|T2", "place:T1|T4")                       # PA completed by seat 1 on turn 10
    assert s["statues"]["PA"] == 1 and s["statues"]["X"] == 1 and s["statues"]["PB"] == 1


def test_ps_4_9_4_10_6_4_step_f_then_g():
    """PS-4.9 claims at step F before PS-4.10 step G; a card won at F counts at the midgame (Merchant)."""
    own = {"T1|T2": 0, "T2.S": 0, "T5.NW": 0, "T4|T5": 0, "T1|T4": 1, "T4.NE": 1, "T2|T5": 1}
    s = scenario(own=own, held={0: ["YEL"] * 4, 1: ["YEL"] * 3}, board={"T2|T4": "L02=BLU"},
                 markers={"MER": -3}, cards=["A1", "A2", "A3"])
    s = play(s, "place:T2|T4")
    assert dict(s["cards"])["A1"] == 1 and s["mid"] is not None
    # Merchant 0 purple + 1 card (A1, won at F) + 2 statues + position 3 = 6; Residential 0 + (3 - 2) = 1;
    # Political 1 blue + 2 x 3 = 7. Without A1 counted, Districts would be 13.
    assert s["mid"]["cats"][1][3] == 6 + 1 + 7


def test_ps_8_2_8_5_8_6_decision_lists():
    """PS-8.2 D1: 5 markers + decline; PS-8.5 no other decision; PS-8.6 27-32 atomic decisions."""
    s = core.new_game(ps, 2, 3)
    p2 = 1 - s["first"]
    assert ps.legal_actions(s, p2) == ["comp:BANK", "comp:POL", "comp:MER", "comp:RES", "comp:NOB", "decline"]
    assert ps.legal_actions(s, s["first"]) == []
    assert ps.why_illegal(s, p2, "place:T1.NE") == ("ps.err.comp_first", {})
    s = core.apply(ps, s, p2, "decline")
    assert ps.why_illegal(s, s["first"], "comp:BANK") == ("ps.err.comp_done", {})
    full, _ = _full_game(4)
    kinds = {a.split(":")[0] for _, a in full["history"]}
    assert kinds <= {"comp", "decline", "place", "shovel"} and 27 <= len(full["history"]) <= 32


def test_ps_action_labels_and_status_lines():
    """Labels and status lines are catalogue keys present in strings.json (PS-2.19 language)."""
    import json
    import pathlib
    strings = json.loads((pathlib.Path(ps.__file__).with_name("strings.json")).read_text(encoding="utf-8"))
    s = core.new_game(ps, 2, 9)
    rng = core.Rng(2)
    while True:
        v = core.view(ps, s, 0)
        key, args = ps.status(v)
        assert key in strings
        if ps.is_over(s):
            break
        seat = ps.to_move(s)[0]
        for action in ps.legal_actions(s, seat):
            key, args = ps.action_label(v, action)
            assert key in strings and all(a[1:] in strings for a in args.values() if str(a).startswith("@"))
        s = core.apply(ps, s, seat, rng.choice(ps.legal_actions(s, seat)))
    for key, args, _ in s["log"]:
        assert key in strings and all(a[1:] in strings for a in args.values() if str(a).startswith("@"))
