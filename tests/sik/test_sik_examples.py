"""The worked examples of section 9 (SIK-9.1 - 9.30), with their exact numbers."""

from __future__ import annotations

from sik_helpers import D, G, O, act, at, build, dests, legal

import pygames.shadows_in_kyoto as g
from pygames import core

OTHERS = ["defend", "tunnel", "exchange", "bait"]


def refill(s):
    """SIK-4.9: draw Site cards until the refill is over; returns the number of draws."""
    n = 0
    while s["ask"] and s["ask"]["k"] == "draw":
        s = act(s, "draw:site")
        n += 1
    return s, n


def test_9_1_movement_cases():
    """SIK-9.1 / SIK-2.6 / SIK-4.23 / SIK-4.24 / SIK-4.16 / SIK-4.19: legal Site-card destinations of M on b3, with
    and without the own blocker on the neutral site c4."""
    s = build(["O:1F@b3", "O:2F@c4"], o_fill=["a1", "b1", "d1", "e1"])
    assert sorted(c for c, (side, _i, _r) in s["board"].items() if side == G) == ["a6", "b6", "c5", "c6", "d6", "e6"]
    around = {"b4": "house", "a4": "market", "c4": "neutral", "a3": "temple", "c3": "neutral", "b2": "market",
              "a2": "hq", "c2": "castle", "b5": "temple"}
    assert {c: D.cell_type(c) for c in around} == around and D.hq_cells(O)[0] == "a2"
    assert dests(s, "house", "b3") == ["b4"]
    assert dests(s, "market", "b3") == ["a4"]
    assert dests(s, "temple", "b3") == []
    assert dests(s, "castle", "b3") == []
    assert dests(s, "joker", "b3") == ["a4", "b4"]
    # control: the blocker's agent on filler c1 instead, so c4 is free and takes any Site card
    s = build(["O:1F@b3", "O:2F@c1"], o_fill=["a1", "b1", "d1", "e1"])
    assert "c4" not in s["board"]
    expected = {"house": ["b4", "c4"], "market": ["a4", "c4"], "temple": ["c4"], "castle": ["c4"],
                "joker": ["a4", "b4", "c4"]}
    assert {card: dests(s, card, "b3") for card in expected} == expected


def test_9_2_neutral_cell_own_agent():
    """SIK-9.2 / SIK-2.12: a neutral cell takes any Site card but never onto an own agent (SIK-4.16)."""
    s = build(["O:1F@d5", "O:2F@c6"], o_fill=["a1", "b1", "d1", "e1"], g_fill=["a6", "b6", "a5", "c5", "e5", "a4"])
    assert dests(s, "joker", "d5") == ["d6", "e6"]
    assert dests(s, "market", "d5") == []


def test_9_3_combat_tie_attacker_wins():
    """SIK-9.3 / SIK-4.30 / SIK-4.33 / SIK-4.34 / SIK-4.35 / SIK-4.36 / SIK-7.5: Temple c4 -> c3 (neutral), 2 vs 2,
    the attacker wins."""
    s = build(["G:2T@c4", "O:2F@c3"], active=G, hands={G: ["temple", "house", "market", "joker", "defend", "bait"]},
              equipment=True)
    assert D.cell_type("c3") == "neutral"
    s = act(s, "play:temple", "agent:c4", "dest:c3")
    conflict = [e for e in s["log"] if e[0] == "sik.log.conflict_won"][-1]
    assert conflict[1]["defender"] == "2F" and conflict[1]["attacker"] == "@sik.hidden" and conflict[2] is None
    assert s["prison"][G] == ["2F"] and g.view(s, 0)["prison"][G] == ["2F"]  # public
    assert at(s, "c3") == [G, "2T", 0] and ["c3", G, None, 0] in g.view(s, 0)["board"]  # still hidden
    assert "c4" not in s["board"] and s["win"] is None
    assert s["ask"]["k"] == "draw"  # no D-FLIP: 2F has no star (SIK-5.54)
    assert s["disc"][G][-1] == "temple"
    s, n = refill(s)
    assert n == 1 and s["active"] == O and s["win"] is None


def test_9_4_zero_beats_three_attacking():
    """SIK-9.4 / SIK-2.14: 0 attacks 3 and wins; with Advanced II Government may flip (3F is ★)."""
    s = build(["O:0F@d3", "G:3F@d4"], hands={O: ["castle"]})
    s = act(s, "play:castle", "agent:d3", "dest:d4")
    assert s["prison"][O] == ["3F"] and at(s, "d4") == [O, "0F", 0]
    s = build(["O:0F@d3", "G:3F@d4"], hands={O: ["castle"]}, equipment=True)
    s = act(s, "play:castle", "agent:d3", "dest:d4")
    assert s["ask"]["k"] == "flip" and g.to_move(s) == [1]


def test_9_5_zero_beats_three_defending():
    """SIK-9.5 / SIK-4.37 / SIK-10.6: 3 attacks 0, the defender wins and the attacker retreats hidden."""
    s = build(["O:3T@b3", "G:0F@b4"], hands={O: ["house"]})
    s = act(s, "play:house", "agent:b3", "dest:b4")
    assert at(s, "b4") == [G, "0F", 1] and at(s, "b3") == [O, "3T", 0]
    assert s["prison"] == [[], []] and s["disc"][O] == ["house"]


def test_9_6_retreat_no_bait():
    """SIK-9.6 / SIK-5.22: after a lost attack there is no Bait window; the Bait stays."""
    s = build(["G:1F@a4", "O:2T@b3"], active=G, hands={G: ["castle"]}, bait={O: [["castle"]]})
    s = act(s, "play:castle", "agent:a4", "dest:b3")
    assert at(s, "b3") == [O, "2T", 1] and at(s, "a4") == [G, "1F", 0]
    assert s["ask"]["k"] != "bait" and s["bait"][O] == [["castle"]]


def _escape(mover, bait=None):
    agents = [f"O:{mover}@b5"]
    return build(agents, hands={O: ["market"]}, o_fill=["a1", "b1", "d1", "e1", "c1"],
                 g_fill=["a6", "c6", "d6", "e6", "c5", "e4"], bait=bait)


def test_9_7_escape_and_bait_push():
    """SIK-9.7 / SIK-6.4 / SIK-6.8 / SIK-10.11 / SIK-10.12 / SIK-7.15 / SIK-5.25 / SIK-10.14 / SIK-10.45."""
    s = act(_escape("2T"), "play:market", "agent:b5", "dest:b6")
    assert s["win"] == [O, "escape"] and g.is_over(s) and core.result(g, s)["winners"] == [0]
    s = act(_escape("2F"), "play:market", "agent:b5", "dest:b6")
    assert s["win"] is None and ["b6", O, None, 0] in g.view(s, 1)["board"]
    s = act(_escape("2T", bait={G: [["market"]]}), "play:market", "agent:b5", "dest:b6")
    assert s["ask"] == {"k": "bait", "side": G, "cell": "b6"}
    s = act(s, "bait:0:market")
    assert sorted(legal(s)) == ["baitto:a4", "baitto:b4", "baitto:b5", "baitto:c4", "baitto:d4"]
    s = act(s, "baitto:c4")
    assert s["win"] is None and at(s, "c4") == [O, "2T", 0]
    assert s["disc"][G] == ["market", "bait"] and s["bait"][G] == []
    assert s["ask"]["k"] == "draw" and s["active"] == O


def test_9_8_second_true_agent():
    """SIK-9.8 / SIK-6.2 / SIK-6.5: House b3 -> b4 captures the second Government true agent: Oniwaban wins at
    once, so the Bait marking a House (b4 is a House) opens no window and stays in play; no refill."""
    def attack(agents, prison):
        s = build(agents, hands={O: ["house"]}, prison=prison, g_fill=["e6", "d6", "b6", "a6"],
                  bait={G: [["house"]]})
        assert D.cell_type("b4") == "house"
        return act(s, "play:house", "agent:b3", "dest:b4")
    s = attack(["O:3F@b3", "G:2T@b4"], {O: ["3T"]})
    conflict = [e for e in s["log"] if e[0] == "sik.log.conflict_won"][-1]
    assert conflict[1]["defender"] == "2T"
    assert s["prison"][O] == ["3T", "2T"] and at(s, "b4") == [O, "3F", 0]
    assert s["win"] == [O, "secrets"] and g.is_over(s) and s["ask"] is None
    assert s["bait"][G] == [["house"]] and len(s["hand"][O]) == 0
    # control: an empty Oniwaban prison (G:3T on filler c6): the same capture wins nothing and opens the Bait window
    s = attack(["O:3F@b3", "G:2T@b4", "G:3T@c6"], None)
    assert s["prison"][O] == ["2T"] and s["win"] is None
    assert s["ask"] == {"k": "bait", "side": G, "cell": "b4"} and "bait:0:house" in legal(s)


def test_9_9_three_false_agents():
    """SIK-9.9 / SIK-6.3: the third captured false agent makes its owner win."""
    s = build(["O:0F@b3", "G:1F@b4"], active=G, hands={G: ["castle"]}, prison={G: ["3F", "1F"]},
              o_fill=["a1", "b1", "d1"])
    assert [at(s, c)[1] for c in ("a1", "b1", "d1")] == ["3T", "2T", "2F"]
    s = act(s, "play:castle", "agent:b4", "dest:b3")
    assert s["win"] == [O, "decoys"]


def test_9_10_condition_three_beats_two():
    """SIK-9.10 / SIK-6.6 / SIK-6.9 / SIK-10.26: a capture meeting condition 2 while the capturing true
    agent stands in the enemy territory: condition 3 wins."""
    s = build(["O:2T@d5", "G:1F@d6"], hands={O: ["house"]}, prison={O: ["3F", "2F"]}, g_fill=["e6", "b6", "a6"])
    s = act(s, "play:house", "agent:d5", "dest:d6")
    assert s["win"] == [O, "escape_over_decoys"]
    s = build(["O:2F@d5", "G:1F@d6"], hands={O: ["house"]}, prison={O: ["3F", "2F"]}, g_fill=["e6", "b6", "a6"])
    s = act(s, "play:house", "agent:d5", "dest:d6")
    assert s["win"] == [G, "decoys"]


def test_9_11_unable_to_play():
    """SIK-9.11 / SIK-4.4 / SIK-4.40 / SIK-6.7 / SIK-10.10: no playable card loses at phase C."""
    empty = {O: {"site": [], "tactic": []}}
    agents = ["O:3F@a3", "O:1F@c4", "O:2T@d5"]
    s = build(agents, hands={O: ["exchange", "bait"]}, prison={G: ["3T", "2F", "0F"]}, decks=empty)
    assert s["win"] == [G, "noplay"]
    s = build(agents, hands={O: ["exchange", "bait", "joker"]}, prison={G: ["3T", "2F", "0F"]}, decks=empty)
    assert s["win"] is None and legal(s) == ["play:joker"]
    assert dests(s, "joker", "a3") == ["a4", "b4"]


def test_9_12_bait_after_won_conflict():
    """SIK-9.12 / SIK-4.29 / SIK-5.23 / SIK-5.25 / SIK-5.27: Bait push after a won attack, House b3 -> b4."""
    def attack(mover):
        s = build([f"O:{mover}@b3", "G:1F@b4"], hands={O: ["house"]}, o_fill=["a1", "b1", "d1", "e1", "c1"],
                  bait={G: [["house"]]})
        assert not any(c[1] == "2" for c in s["board"])  # row 2 is empty
        return act(s, "play:house", "agent:b3", "dest:b4")
    s = attack("3T")
    assert s["prison"][O] == ["1F"] and s["ask"] == {"k": "bait", "side": G, "cell": "b4"}
    s = act(s, "bait:0:house")
    # 1 step a3 b3 c3; 2 steps a2 (the pushed agent's own HQ, allowed) b2 c2 d2
    assert sorted(x[7:] for x in legal(s)) == ["a2", "a3", "b2", "b3", "c2", "c3", "d2"]
    s = act(s, "baitto:b2")
    assert at(s, "b2") == [O, "3T", 0] and "b4" not in s["board"] and s["prison"][O] == ["1F"]
    assert s["disc"][G] == ["house", "bait"] and s["bait"][G] == [] and s["disc"][O] == ["house"]
    assert s["win"] is None and s["ask"]["k"] == "draw" and s["active"] == O
    # variant: the mover is 0F, 0 vs 1: the defender wins, 0F retreats to b3, no Bait window, the Bait stays
    s = attack("0F")
    assert at(s, "b3") == [O, "0F", 0] and at(s, "b4") == [G, "1F", 1]
    assert s["ask"]["k"] != "bait" and s["bait"][G] == [["house"]]


def test_9_13_exchange_hides_identities():
    """SIK-9.13 / SIK-5.14 / SIK-5.15 / SIK-5.16 / SIK-5.17 / SIK-7.3 / SIK-7.6 / SIK-10.18 / SIK-10.31."""
    views = {}
    for swap in ("yes", "no"):
        s = build(["O:2T@b3", "O:3F@d3", "G:1F@c3"], hands={O: ["exchange"]}, bait={G: [["castle"]]})
        s["board"]["b3"][2] = 1
        s = act(s, "play:exchange", "ex1:b3", "ex2:d3", "swap:" + swap)
        expect = ("3F", "2T") if swap == "yes" else ("2T", "3F")
        assert (at(s, "b3")[1], at(s, "d3")[1]) == expect
        assert at(s, "b3")[2] == 0 and at(s, "d3")[2] == 0
        assert s["ask"]["k"] == "draw"  # no Bait window
        views[swap] = core.state_to_json(core.view(g, s, 1))
        assert ["sik.log.exchange", {"player": 0, "a": "b3", "b": "d3"}] in core.view(g, s, 1)["log"]
    assert views["yes"] == views["no"]


def test_9_14_tunnel_blocked():
    """SIK-9.14 / SIK-5.6 / SIK-5.7 / SIK-5.8 / SIK-10.17: the Tunnel may not pass agents."""
    s = build(["O:1F@a4", "O:3F@e4", "G:2F@c4"], hands={O: ["tunnel"]})
    assert dests(s, "tunnel", "a4") == ["b4", "c4"] and dests(s, "tunnel", "e4") == ["c4", "d4"]
    s = act(s, "play:tunnel", "agent:a4", "dest:c4")
    assert at(s, "a4") == [O, "1F", 0] and at(s, "c4") == [G, "2F", 1]


def test_9_15_charge_push():
    """SIK-9.15 / SIK-5.9 / SIK-5.10 / SIK-5.11 / SIK-5.12 / SIK-5.13 / SIK-8.8 / SIK-10.15 / SIK-10.46: Charge
    first part (D-AGENT, D-DEST) then a mandatory push (D-PUSH-AGENT, D-PUSH-DEST)."""
    s = build(["O:2F@c3", "G:1F@b4"], hands={O: ["charge"]})
    assert dests(s, "charge", "c3") == ["b4", "c4", "d4"]
    s = act(s, "play:charge", "agent:c3", "dest:d4")
    assert legal(s) == ["push:b4"]
    s = act(s, "push:b4")
    assert sorted(legal(s)) == ["pushto:a5", "pushto:b5", "pushto:c5"]
    s = act(s, "pushto:b5")
    assert at(s, "b5") == [G, "1F", 0] and at(s, "d4") == [O, "2F", 0] and s["disc"][O] == ["charge"]
    s = build(["O:0F@c3", "G:1F@b4"], hands={O: ["charge"]})
    s = act(s, "play:charge", "agent:c3", "dest:b4", "push:b4")
    assert at(s, "c3") == [O, "0F", 0] and sorted(legal(s)) == ["pushto:a5", "pushto:b5", "pushto:c5"]
    s = build(["O:2F@c3", "G:1F@b4"], hands={O: ["charge"]})
    s = act(s, "play:charge", "agent:c3", "dest:b4")
    assert s["prison"][O] == ["1F"] and s["ask"]["k"] == "draw"


def test_9_16_tomoyo():
    """SIK-9.16 / SIK-5.32 / SIK-5.33 / SIK-5.34 / SIK-7.10 / SIK-8.12 / SIK-10.44."""
    decks = {O: {"site": ["castle", "joker", "house"], "tactic": ["defend", "tunnel"]}}
    s = build([], hands={O: ["joker", "temple", "house", "market", "castle", "defend"]}, charisma={O: "tomoyo"},
              decks=decks)
    s = act(s, "play:joker", "agent:a1", "dest:a2")
    s = act(s, "draw:site", "draw:tactic")
    assert s["ask"]["k"] == "keep" and s["tomoyo"] == [["site", "house"], ["tactic", "tunnel"]]
    gv = g.view(s, 1)
    assert gv["tomoyo"] == [["site", None], ["tactic", None]]
    s = act(s, "keep:1")
    assert len(s["hand"][O]) == 6 and "tunnel" in s["hand"][O]
    assert s["deck"][O]["site"] == ["house", "castle", "joker"] and s["deck"][O]["tactic"] == ["defend"]
    assert g.view(s, 0)["bottom_cards"][0]["site"] == ["house"] and g.view(s, 1)["bottom"][0]["site"] == 1
    glog = core.view(g, s, 1)["log"]
    assert not any("tunnel" in str(a) for _k, a in glog[-4:])


def test_9_17_anju_two_marks():
    """SIK-9.17 / SIK-5.19 / SIK-5.27 / SIK-5.28 / SIK-5.35 / SIK-5.36 / SIK-10.32 / SIK-10.33: one Bait with a
    House and a Market mark, used by two separate Government entries."""
    s = build(["G:2F@c5", "G:1F@d4"], hands={O: ["bait", "temple", "market", "joker", "house", "tunnel"],
                                             G: ["house"]},
              charisma={O: "anju"}, g_fill=["e6", "d6", "b6", "a6"])
    assert "c6" not in s["board"]
    s = act(s, "play:bait")
    assert sorted(legal(s)) == ["mark:house", "mark:market", "mark:temple"]  # never the Joker
    s = act(s, "mark:house")
    assert sorted(legal(s)) == ["mark:market", "mark:none", "mark:temple"]
    s = act(s, "mark:market")
    assert s["bait"][O] == [["house", "market"]] and len(s["hand"][O]) == 3
    s, n = refill(s)
    assert n == 3
    # turn 2: House c5 -> b4 (Government forward-right, a House)
    s["hand"][G] = ["house", "market"]
    s = act(s, "play:house", "agent:c5", "dest:b4", "bait:0:house")
    # 1 step b5, c5, a5 (Government's own HQ, allowed); 2 steps c6 (the other row-6 cells are occupied)
    assert sorted(x[7:] for x in legal(s)) == ["a5", "b5", "c5", "c6"]
    s = act(s, "baitto:c5")
    assert at(s, "c5") == [G, "2F", 0] and s["bait"][O] == [["market"]] and s["disc"][O] == ["house"]
    # turn 3: Market b1 -> b2 leaves c5, d5, e5, d4, e4 and e3 unchanged
    s, _ = refill(s)
    s["hand"][O] = ["market"]
    s = act(s, "play:market", "agent:b1", "dest:b2")
    s, _ = refill(s)
    # turn 4: Market d4 -> e3 (forward-left, a Market)
    s["hand"][G] = ["market"]
    s = act(s, "play:market", "agent:d4", "dest:e3", "bait:0:market")
    assert sorted(x[7:] for x in legal(s)) == ["d4", "d5", "e4", "e5"]  # c5 is occupied
    s = act(s, "baitto:e5")
    assert s["disc"][O] == ["house", "market", "market", "bait"] and s["bait"][O] == []
    # variant: two House marks under one Bait: one House entry uses only one of them
    s = build(["G:2F@c5"], active=G, hands={G: ["house"]}, charisma={O: "anju"}, bait={O: [["house", "house"]]})
    s = act(s, "play:house", "agent:c5", "dest:b4")
    assert legal(s) == ["bait:0:house", "bait:no"]
    s = act(s, "bait:0:house", "baitto:c5")
    assert s["bait"][O] == [["house"]]


def test_9_18_yoko_jump():
    """SIK-9.18 / SIK-5.37 - SIK-5.41 / SIK-10.30: jump an own agent; a lost attack retreats before the jump."""
    s = build(["O:1F@c3", "O:2F@c4", "G:3F@c5"], hands={O: ["castle", "temple"]}, charisma={O: "yoko"})
    assert dests(s, "castle", "c3") == ["c5", "d4"] and dests(s, "temple", "c3") == []
    s = act(s, "play:castle", "agent:c3", "dest:c5")
    assert at(s, "c3") == [O, "1F", 0] and at(s, "c5") == [G, "3F", 1] and at(s, "c4") == [O, "2F", 0]


def test_9_19_ayane():
    """SIK-9.19 / SIK-5.42 / SIK-5.43 / SIK-8.10: keep the Market; a Joker is always discarded."""
    hand = ["market", "joker", "temple", "house", "castle", "defend"]
    s = build(["G:1F@d4"], active=G, hands={G: hand}, charisma={G: "ayane"})
    s = act(s, "play:market", "agent:d4", "dest:e3")
    assert legal(s) == ["ayane:keep", "ayane:discard"]
    s = act(s, "ayane:keep")
    assert len(s["hand"][G]) == 6 and "market" in s["hand"][G] and s["active"] == O
    assert s["kh"][G] == ["market"] and g.view(s, 0)["known_hand"][G] == ["market"]
    s = build(["G:1F@d4"], active=G, hands={G: hand}, charisma={G: "ayane"})
    s = act(s, "play:joker", "agent:d4", "dest:e3")
    assert s["disc"][G] == ["joker"] and s["ask"]["k"] == "draw"
    s, n = refill(s)
    assert n == 1


def test_9_20_chiharu():
    """SIK-9.20 / SIK-5.44 / SIK-5.45 / SIK-4.18: Chiharu enters the Oniwaban HQ and bans c6."""
    for cha, temple, market in (({G: "chiharu"}, ["a2"], ["a2", "b2"]), (None, [], ["b2"])):
        s = build(["G:2F@b3", "O:1F@b5"], active=G, charisma=cha, g_fill=["d6", "e6", "c5", "e5", "e4"],
                  o_fill=["a1", "b1", "d1", "e1", "c1"])
        assert dests(s, "temple", "b3") == temple and dests(s, "market", "b3") == market
    for cha, joker in (({G: "chiharu"}, ["a6", "b6"]), (None, ["a6", "b6", "c6"])):
        s = build(["G:2F@b3", "O:1F@b5"], active=O, charisma=cha, g_fill=["d6", "e6", "c5", "e5", "e4"],
                  o_fill=["a1", "b1", "d1", "e1", "c1"])
        assert dests(s, "joker", "b5") == joker


def test_9_21_iroha():
    """SIK-9.21 / SIK-4.32 / SIK-5.47 / SIK-7.4: the attacker is revealed too and stays revealed."""
    s = build(["O:2T@b3", "G:3F@b4"], hands={O: ["house"]}, charisma={G: "iroha"})
    s = act(s, "play:house", "agent:b3", "dest:b4")
    assert at(s, "b3") == [O, "2T", 1] and at(s, "b4") == [G, "3F", 1]
    assert ["b3", O, "2T", 1] in g.view(s, 1)["board"] and ["b4", G, "3F", 1] in g.view(s, 0)["board"]


def _setup_to_charisma(charisma):
    s = core.new_game(g, 2, 99, {"charisma": charisma})
    while s["ask"]["k"] == "place":
        s = act(s, legal(s)[0])
    return s


def test_9_22_ruri():
    """SIK-9.22 / SIK-3.8 / SIK-3.10 / SIK-3.11 / SIK-5.48 - SIK-5.52 / SIK-8.5 / SIK-10.36 / SIK-10.37."""
    s = _setup_to_charisma("ruri")
    assert legal(s) == ["charisma:ayane", "charisma:chiharu", "charisma:iroha", "charisma:ruri"]
    s = act(s, "charisma:ruri")
    assert g.view(s, 0)["charisma"][G] == "ruri"  # public at once
    assert legal(s) == ["charisma:tomoyo", "charisma:anju", "charisma:yoko"]
    s = act(s, "charisma:anju")
    assert legal(s) == ["ruri:temple", "ruri:house", "ruri:market", "ruri:castle"] and g.to_move(s) == [1]
    before = sorted(s["deck"][G]["site"])
    s = act(s, "ruri:castle")
    after = sorted(s["deck"][G]["site"])
    before.remove("castle")
    assert len(before) == 20 and after == before and s["ruri"] == "castle"
    assert g.view(s, 0)["ruri"] == "castle" and g.view(s, 0)["charisma"] == ["anju", "ruri"]
    s = _setup_to_charisma("ruri")
    s = act(s, "charisma:ayane")
    assert legal(s) == ["charisma:tomoyo", "charisma:anju", "charisma:yoko", "charisma:ruri"]
    hand = {O: ["castle", "joker", "house", "charge", "tunnel", "defend"]}
    s = build(["O:3T@c3", "G:1F@d4", "G:2F@b4"], hands=hand, charisma={G: "ruri"}, ruri="castle")
    assert (D.cell_type("d4"), D.cell_type("b4"), D.cell_type("c4")) == ("castle", "house", "neutral")
    expected = {"castle": ["c4"], "joker": ["b4", "c4"], "house": ["b4", "c4"], "charge": ["b4", "c4"],
                "tunnel": ["a3", "b3", "d3", "e3"]}
    assert {card: dests(s, card, "c3") for card in expected} == expected
    s["cha"][G] = None  # without Ruri, Castle, Joker and Charge may also attack d4
    assert {card: dests(s, card, "c3") for card in expected} == {**expected, "castle": ["c4", "d4"],
                                                                "joker": ["b4", "c4", "d4"],
                                                                "charge": ["b4", "c4", "d4"]}
    s["cha"][G] = "ruri"
    s["board"]["d5"] = s["board"].pop("d4")  # G:1F leaves d4: d4 is enterable again
    assert dests(s, "castle", "c3") == ["c4", "d4"]


def test_9_23_equipment_activation():
    """SIK-9.23 / SIK-5.53 / SIK-5.54 / SIK-5.58 / SIK-10.38: a captured ★ agent lets its owner flip one card."""
    s = build(["G:3F@c4", "O:3T@c3"], active=G, hands={G: ["temple"]}, equipment=True)
    s = act(s, "play:temple", "agent:c4", "dest:c3")
    assert g.to_move(s) == [0]
    assert legal(s) == ["flip:typewriter", "flip:medicine", "flip:pistol", "flip:none"]
    s = act(s, "flip:pistol")
    assert s["eq"][O] == {"typewriter": "down", "medicine": "down", "pistol": "up"}
    assert g.view(s, 1)["equipment"][O]["pistol"] == "up"
    for victim in ("1F", "2F"):
        s = build(["G:3F@c4", f"O:{victim}@c3"], active=G, hands={G: ["temple"]}, equipment=True)
        s = act(s, "play:temple", "agent:c4", "dest:c3")
        assert s["ask"]["k"] != "flip"


def test_9_24_typewriter():
    """SIK-9.24 / SIK-5.59 / SIK-4.3 / SIK-4.13 / SIK-7.13 / SIK-10.21 / SIK-10.40: the Typewriter before the play,
    then the Medicine still offered in the same turn, before and after the play; the variant takes back the card
    just played."""
    hand = {O: ["joker", "temple", "house", "market", "castle", "defend"]}
    s = build([], hands=hand, eq={O: {"typewriter": "up", "medicine": "up"}}, discard={O: ["tunnel", "house"]})
    assert legal(s) == ["equip:none", "equip:typewriter", "equip:medicine"] and s["ask"]["when"] == "before"
    s = act(s, "equip:typewriter")
    assert legal(s) == ["take:house", "take:tunnel"]
    s = act(s, "take:tunnel")
    assert len(s["hand"][O]) == 7 and s["eq"][O]["typewriter"] == "used"
    assert legal(s) == ["equip:none", "equip:medicine"]  # SIK-4.3: several in one turn
    s = act(s, "equip:none")
    assert s["ask"]["k"] == "card"
    s = act(s, "play:joker", "agent:a1", "dest:a2")
    assert len(s["hand"][O]) == 6
    assert legal(s) == ["equip:none", "equip:medicine"] and s["ask"]["when"] == "after"
    s = act(s, "equip:none")
    assert len(s["hand"][O]) == 6 and s["active"] == G  # the refill drew nothing
    glog = core.view(g, s, 1)["log"]
    assert ["sik.log.typewriter", {"player": 0, "kind": "@sik.kind.tactic"}] in glog
    assert not any(k == "sik.log.typewriter_card" for k, _a in glog)
    # variant: only the Typewriter face up, empty discard: nothing asked before the play
    s = build([], hands=hand, eq={O: {"typewriter": "up"}})
    deck = {k: list(v) for k, v in s["deck"][O].items()}
    assert s["ask"]["k"] == "card"
    s = act(s, "play:joker", "agent:a1", "dest:a2")
    assert s["disc"][O] == ["joker"] and legal(s) == ["equip:none", "equip:typewriter"]
    s = act(s, "equip:typewriter", "take:joker")
    assert "joker" in s["hand"][O] and len(s["hand"][O]) == 6 and s["disc"][O] == []
    assert s["active"] == G and s["deck"][O] == deck  # the refill drew nothing


def _medicine(g_hand):
    s = build(["G:2F@a4"], hands={O: ["joker"]}, eq={O: {"medicine": "up"}})
    s["hand"][G] = g_hand
    s = act(s, "equip:medicine", "target:a4")
    assert s["med"] == ["2F", 2] and g.view(s, 1)["medicine"] == ["a4", None, 2]
    s = act(s, "play:joker", "agent:a1", "dest:a2")
    s, _ = refill(s)
    return s


def test_9_25_medicine():
    """SIK-9.25 / SIK-5.65 - SIK-5.68 / SIK-7.14 / SIK-8.11 / SIK-10.39: the target G:2F on a4 must move: ahead of
    it (for Government) only the Temple a3 and the Castle b3."""
    assert (D.cell_type("a3"), D.cell_type("b3")) == ("temple", "castle")
    s = _medicine(["castle", "market", "market", "bait", "exchange", "temple"])
    assert s["active"] == G and legal(s) == ["play:temple", "play:castle"]
    s2 = act(s, "play:castle")
    assert legal(s2) == ["agent:a4"] and legal(act(s2, "agent:a4")) == ["dest:b3"]
    s2 = act(s, "play:temple")
    assert legal(s2) == ["agent:a4"] and legal(act(s2, "agent:a4")) == ["dest:a3"]
    # variant: nothing can move a4: the hand is shown to Oniwaban only, then any playable card
    g_hand = ["market", "market", "market", "market", "bait", "exchange"]
    s = _medicine(g_hand)
    reveal = [e for e in s["log"] if e[0] == "sik.log.med_reveal"]
    assert len(reveal) == 1 and reveal[0][2] == [0] and len(reveal[0][1]["cards"]) == 6
    assert "play:market" in legal(s)
    s = act(s, "play:market", "agent:b6", "dest:a5")
    assert at(s, "a5")[0] == G and "b6" not in s["board"]


def test_9_26_pocket_pistol():
    """SIK-9.26 / SIK-4.31 / SIK-5.60 - SIK-5.64 / SIK-10.20 / SIK-10.35."""
    def start(prison=None):
        s = build(["G:2T@c4", "O:1F@c3"], active=G, hands={G: ["temple"]}, eq={O: {"pistol": "up"}}, prison=prison)
        s = act(s, "play:temple", "agent:c4", "dest:c3")
        assert s["ask"]["k"] == "pistol" and g.to_move(s) == [0]
        return s
    s = act(start(), "pistol:use", "guess:2T")
    assert s["prison"][O] == ["2T"] and at(s, "c3") == [O, "1F", 0] and s["eq"][O]["pistol"] == "used"
    assert s["ask"]["k"] == "flip" and g.to_move(s) == [1]
    s = act(s, "flip:none")
    assert s["disc"][G] == ["temple"]
    s = act(start(), "pistol:use", "guess:2F")
    assert s["prison"][G] == ["1F"] and at(s, "c3") == [G, "2T", 1] and s["eq"][O]["pistol"] == "used"
    s = act(start(prison={O: ["3T"]}), "pistol:use", "guess:2T")
    assert s["win"] == [O, "secrets"]


def test_9_27_wireless_eavesdropping():
    """SIK-9.27 / SIK-5.69 / SIK-7.4: the identity becomes public; an Exchange hides it again."""
    s = build(["O:0F@d3", "O:1F@a3"], active=G, hands={G: ["joker"], O: ["exchange"]}, eq={G: {"eavesdrop": "up"}})
    s = act(s, "equip:eavesdrop", "target:d3")
    assert at(s, "d3") == [O, "0F", 1] and s["eq"][G]["eavesdrop"] == "used"
    assert ["d3", O, "0F", 1] in g.view(s, None)["board"]
    s = act(s, "play:joker", "agent:e6", "dest:e5")
    s, _ = refill(s)
    s = act(s, "play:exchange", "ex1:a3", "ex2:d3", "swap:no")
    assert at(s, "d3")[2] == 0 and at(s, "a3")[2] == 0


def test_9_28_stun_gun_no_playable_card():
    """SIK-9.28 / SIK-5.70 / SIK-5.71 / SIK-6.7 / SIK-10.22: the stun leaves no playable card."""
    o_hand = ["house", "house", "castle", "castle", "temple", "temple"]
    agents = ["O:2T@b3", "O:3T@e4", "O:3F@a6", "O:0F@e6"]
    for stun in (True, False):
        s = build(agents, active=G, hands={G: ["exchange"], O: o_hand}, prison={G: ["2F", "1F"]},
                  g_fill=["b6", "c6", "d6", "a5", "c5", "e5"], eq={G: {"stun": "up"}})
        s = act(s, "equip:stun", "target:b3") if stun else act(s, "equip:none")
        s = act(s, "play:exchange", "ex1:c6", "ex2:c5", "swap:no")
        if not stun:  # SIK-4.3: the unused Stun Gun is offered again after the play
            assert legal(s) == ["equip:none", "equip:stun"]
            s = act(s, "equip:none")
        s, _ = refill(s)
        if stun:
            assert s["win"] == [G, "noplay"]
        else:
            assert s["win"] is None and "dest:b4" in legal(act(s, "play:house", "agent:b3"))


def test_9_29_bulletproof_fan():
    """SIK-9.29 / SIK-5.72 - SIK-5.76 / SIK-10.28 / SIK-10.29 / SIK-10.43: a second move after a won attack
    (Castle c3 -> c2, lost), and the variant with an Exchange."""
    def fan():
        hand = {G: ["temple", "castle", "defend", "tunnel", "exchange", "bait"]}
        s = build(["G:3F@c4", "O:2F@c3", "O:0F@c2"], active=G, hands=hand, eq={G: {"fan": "up"}},
                  o_fill=["a1", "b1", "d1", "e1"], g_fill=["e6", "d6", "b6", "a6", "c6"])
        assert s["bait"][O] == []
        s = act(s, "play:temple", "agent:c4", "dest:c3")
        assert s["prison"][G] == ["2F"] and at(s, "c3") == [G, "3F", 0] and legal(s) == ["fan:use", "fan:no"]
        s = act(s, "fan:use")
        # SIK-5.73: any Site or Tactic card moving the agent, Exchange included (G:3F shares column c with c6);
        # never Bait
        assert sorted(legal(s)) == ["fancard:castle", "fancard:defend", "fancard:exchange", "fancard:tunnel"]
        return s
    s = act(fan(), "fancard:castle", "dest:c2")
    assert at(s, "c3") == [G, "3F", 0] and at(s, "c2") == [O, "0F", 1] and s["eq"][G]["fan"] == "used"
    assert sorted(s["disc"][G]) == ["castle", "temple"] and len(s["hand"][G]) == 4
    s, n = refill(s)
    assert n == 2
    # variant: the Exchange's first agent is the winner; its partner can only be c6
    s = act(fan(), "fancard:exchange")
    assert legal(s) == ["ex2:c6"]
    s = act(s, "ex2:c6", "swap:yes")
    assert at(s, "c6") == [G, "3F", 0] and at(s, "c3") == [G, "0F", 0] and at(s, "c2") == [O, "0F", 0]
    assert sorted(s["disc"][G]) == ["exchange", "temple"] and s["ask"]["k"] == "draw"  # no conflict, no Bait
    s, n = refill(s)
    assert n == 2


def test_9_30_bait_prompt_leaks_nothing():
    """SIK-9.30 / SIK-5.29 / SIK-10.34: the Bait window opens even without a match, and looks the same."""
    views = []
    for mark in ("temple", "market"):
        s = build(["G:1F@d4"], active=G, hands={G: ["market"]}, bait={O: [[mark]]})
        s = act(s, "play:market", "agent:d4", "dest:e3")
        assert s["ask"] == {"k": "bait", "side": O, "cell": "e3"}
        assert legal(s) == (["bait:no"] if mark == "temple" else ["bait:0:market", "bait:no"])
        views.append(g.view(s, 1))
    assert views[0] == views[1]
