"""Section 4 and 5: the turn, the round, and the category functions (PAX-4.x, PAX-5.x, PAX-8.7..8.24). The
positions name cards with the symbols of the spec's card list (2.4, the `spec_cards` fixture)."""

from __future__ import annotations

import pytest
from pax_helpers import (
    act,
    jump_to_play,
    play,
    scenario,
    spec_cards,  # noqa: F401  (a fixture)
)

from pygames import core, pax
from pygames.pax import rounds, rules

pytestmark = pytest.mark.usefixtures("spec_cards")


def test_pax_4_1_4_33_turn_order_and_round():
    """PAX-4.1 / PAX-4.33 / PAX-4.41: each seat once per round, clockwise from the start player."""
    s = scenario(3, start=1, active=1, money=[5, 5, 5])
    seen = []
    for _ in range(6):
        p = pax.to_move(s)[0]
        seen.append((s["round"], p))
        s = act(s, p, "spy")
    assert seen == [(1, 1), (1, 2), (1, 0), (2, 1), (2, 2), (2, 0)]


def test_pax_4_2_4_3_4_4_spy_turn():
    """PAX-4.2 / PAX-8.7 normal or spy; PAX-4.3 / PAX-10.20 spy replaces the whole turn (no draw, buy, play);
    PAX-4.4 / PAX-10.13 allowed with an empty deck and any number of times."""
    s = scenario(2, deck=[], hands=[["SEN-01"], []], legions=[["WEA-01"], [], []])
    assert pax.legal_actions(s, 0) == ["normal", "spy"]
    t = act(s, 0, "spy")
    assert t["money"][0] == 7 and t["hands"][0] == ["SEN-01"] and t["legions"][0] == ["WEA-01"]
    assert pax.to_move(t) == [1] and core.can_undo(t, 0) is False


def test_pax_4_5_4_8_4_11_standard_draw():
    """PAX-4.5 mandatory draw; PAX-4.8 / PAX-8.9 three destinations, one card each; PAX-4.11 one at a time;
    a forced hand/bottom is applied by itself; PAX-7.9 / PAX-8.23 each draw is a reveal (no undo)."""
    s = scenario(2, deck=["WEA-01", "WEA-02", "WEA-03", "WEA-04"], legions=[["ARM-01"], [], []])
    s = act(s, 0, "normal")
    assert s["front"] == ["WEA-01"]
    assert pax.legal_actions(s, 0) == ["hand:WEA-01", "legion:1:WEA-01", "legion:2:WEA-01", "legion:3:WEA-01",
                                       "bottom:WEA-01"]
    assert not core.can_undo(s, 0)
    s = act(s, 0, "bottom:WEA-01")
    assert s["front"] == ["WEA-02"] and "bottom:WEA-02" not in pax.legal_actions(s, 0)
    s = act(s, 0, "legion:2:WEA-02")
    assert "WEA-03" in s["hands"][0] and s["deck"] == ["WEA-04", "WEA-01"]  # forced hand, PAX-4.15 queue
    assert s["phase"] in ("buy", "play")


def test_pax_4_6_4_9_short_standard_draw():
    """PAX-4.6 / PAX-10.11: k = min(3, D) fixed at the start; PAX-4.9 distinct destinations, no compensation;
    PAX-4.15 / PAX-10.12 a returned card is not drawn again in the same step."""
    s = scenario(2, deck=["WEA-01", "WEA-02"])
    s = act(s, 0, "normal", "bottom:WEA-01")
    assert s["front"] == ["WEA-02"] and s["draw"]["left"] == 0
    s = act(s, 0, "hand:WEA-02")
    assert s["deck"] == ["WEA-01"] and s["money"][0] == 5


def test_pax_4_10_5_8_religion_modes():
    """PAX-4.10 / PAX-5.8 / PAX-8.8 / PAX-10.25: modes from Religion symbols in the area (not the hand)."""
    for area, hand, modes in (([], ["REL-08", "REL-09"], ["standard"]), (["REL-08", "REL-01"], [],
                              ["standard", "religion2"]),
                              (["REL-08", "REL-09", "REL-10"], [], ["standard", "religion2", "religion3"])):
        s = scenario(2, areas=[area, []], hands=[hand, []])
        assert rules.available_modes(s, 0) == modes
    s = scenario(2, areas=[["REL-08", "REL-09", "REL-10"], []], deck=["WEA-01"])
    assert rules.available_modes(s, 0) == ["standard"]  # k = 1


def test_pax_4_12_8_10_8_11_8_12_religion2_order():
    """PAX-4.12 / PAX-8.10 / PAX-8.11 / PAX-8.12: 2 cards, one to Legion or bottom, 3rd drawn, keep, last."""
    s = scenario(2, areas=[["REL-08", "REL-01"], []], deck=["WEA-01", "WEA-02", "WEA-03", "WEA-04"])
    s = act(s, 0, "normal", "mode:religion2")
    assert s["front"] == ["WEA-01", "WEA-02"]
    assert pax.why_illegal(s, 0, "hand:WEA-01") == ("pax.err.hand_not_now", {})
    s = act(s, 0, "legion:1:WEA-02")
    assert s["front"] == ["WEA-01", "WEA-03"]
    s = act(s, 0, "hand:WEA-03")
    assert s["deck"][-1] == "WEA-01"


def test_pax_4_13_8_13_8_14_religion3_order():
    """PAX-4.13 / PAX-8.13 / PAX-8.14: 3 at once, keep first, then (card, Legion); the last goes down."""
    s = scenario(2, areas=[["REL-08", "REL-09", "REL-10"], []], deck=["WEA-01", "WEA-02", "WEA-03", "WEA-04"])
    s = act(s, 0, "normal", "mode:religion3")
    assert s["front"] == ["WEA-01", "WEA-02", "WEA-03"]
    assert pax.why_illegal(s, 0, "legion:1:WEA-01")[0] == "pax.err.dest_order"
    s = act(s, 0, "hand:WEA-02", "legion:3:WEA-03")
    assert s["deck"] == ["WEA-04", "WEA-01"] and s["legions"][2] == ["WEA-03"]


def test_pax_4_14_8_15_8_16_religion_short():
    """PAX-4.14 / PAX-8.15 / PAX-8.16: with k = 2 both cards are seen, any destinations, all distinct."""
    s = scenario(2, areas=[["REL-08", "REL-01"], []], deck=["WEA-01", "WEA-02"])
    s = act(s, 0, "normal", "mode:religion2", "legion:2:WEA-02")
    assert "legion:1:WEA-01" not in pax.legal_actions(s, 0)
    assert sorted(pax.legal_actions(s, 0)) == ["bottom:WEA-01", "hand:WEA-01"]


def test_pax_4_16_4_17_4_21_buy_rules():
    """PAX-4.16 / PAX-10.21 one pile; PAX-4.17 whole pile, not an empty one; PAX-4.21 a pile fed this turn;
    PAX-8.17 pass is always offered; a purchase can be undone (PAX-8.23)."""
    s = scenario(2, deck=["WEA-01", "WEA-02", "WEA-03"], legions=[["ARM-01", "ARM-02"], [], ["FLE-01"]],
                 money=[9, 5])
    s = act(s, 0, "normal", "legion:2:WEA-01", "bottom:WEA-02")
    legal = pax.legal_actions(s, 0)
    assert legal == ["pass", "buy:1", "buy:2", "buy:3"]
    assert pax.why_illegal(s, 0, "buy:4") == ("pax.err.no_legion", {"legion": 4})
    t = act(s, 0, "buy:1")
    assert t["hands"][0] == ["WEA-03", "ARM-01", "ARM-02"] and t["legions"][0] == [] and t["money"][0] == 7
    assert t["public"][0] == ["ARM-01", "ARM-02"]  # PAX-4.20 / PAX-7.13
    assert core.can_undo(t, 0)  # no reveal: the purchase may be taken back
    assert t["phase"] == "play"
    e = scenario(2, phase="buy", legions=[["ARM-01"], [], []])
    assert pax.why_illegal(e, 0, "buy:2") == ("pax.err.empty_pile", {"legion": 2})


def test_pax_4_22_4_23_4_24_play_cost():
    """PAX-4.22 any number of cards, bought ones included; PAX-4.23 costs 0, 1, 2...; PAX-4.24 paid from money."""
    hand = ["WEA-01", "WEA-02", "WEA-03", "REL-01", "SEN-01"]
    s = scenario(2, phase="play", hands=[hand, []], money=[3, 5])
    s = act(s, 0, "stage:WEA-01", "stage:WEA-02", "stage:WEA-03")
    assert not any(a.startswith("stage:") for a in pax.legal_actions(s, 0))
    assert pax.why_illegal(s, 0, "stage:REL-01") == ("pax.err.play_cost", {"cost": 6, "money": 3})
    assert [rules.play_cost(n) for n in range(1, 6)] == [0, 1, 3, 6, 10]
    s = act(s, 0, "finish")
    assert s["money"][0] == 0 + 3  # paid 3, income 3 Wealth cards (PAX-4.32: after paying)


def test_pax_4_26_cards_stay():
    """PAX-4.26: played cards stay in the play area."""
    s = play(scenario(2, phase="play", hands=[["WEA-01"], []]), 0, ["WEA-01"])
    for _ in range(3):
        s = act(s, pax.to_move(s)[0], "spy")
    assert "WEA-01" in s["areas"][0]


def test_pax_4_27_4_32_income_rules():
    """PAX-4.27 idle 2; PAX-4.28 largest card count of the categories played; PAX-4.29 cards not symbols;
    PAX-4.30 / PAX-5.9 Senator +1 once; PAX-4.31 Intrigue -> 0."""
    assert rules.income(["LAN-01"], []) == 2
    assert rules.income(["LAN-09", "LAN-10", "FLE-01"], ["FLE-01"]) == 1
    assert rules.income(["LAN-09", "LAN-10"], ["LAN-10"]) == 2
    assert rules.income(["SEN-08", "SEN-09", "SEN-01"], ["SEN-08", "SEN-09"]) == 4
    assert rules.income(["SEN-01", "INT-01"], ["SEN-01", "INT-01"]) == 0


def test_pax_4_34_4_37_rome_takes_a_pile():
    """PAX-4.34 highest value; PAX-4.35 lowest Legion on ties; PAX-4.36 / PAX-10.23 nothing if all empty;
    PAX-4.37 face up with Rome, Legion emptied; PAX-8.20 no choice."""
    assert rounds.rome_choice([["WEA-10"], ["WEA-01", "WEA-02", "WEA-03"], []]) == 0
    assert rounds.rome_choice([["WEA-01"], ["WEA-02"], []]) == 0
    assert rounds.rome_choice([[], [], []]) is None
    s = scenario(2, active=1, start=0, legions=[["WEA-01"], ["FLE-10"], []])
    s = act(s, 1, "spy")
    assert s["rome"] == ["FLE-10"] and s["legions"][1] == [s["legions"][1][0]] and s["legions"][0] == ["WEA-01"]
    t = scenario(2, active=1, start=0, legions=[[], [], []])
    t = act(t, 1, "spy")
    assert t["rome"] == []


def test_pax_4_38_to_4_42_new_round():
    """PAX-4.38 PC holder becomes start player; PAX-4.39 / PAX-10.22 end check on empty Legions; PAX-4.40 /
    PAX-10.24 refill lowest first; PAX-4.41; PAX-4.42 an empty deck mid-round ends at the next check;
    PAX-8.21 refill is a public reveal."""
    s = scenario(2, active=1, start=0, pc=1, legions=[["WEA-01"], ["WEA-02"], []], deck=["FLE-01", "FLE-02"])
    s = act(s, 1, "spy")
    assert s["start"] == 1 and pax.to_move(s) == [1]
    assert s["rome"] == ["WEA-01"] and s["legions"] == [["FLE-01"], ["WEA-02"], ["FLE-02"]] and s["deck"] == []
    assert not core.can_undo(s, 1)
    s = act(s, 1, "normal")
    assert s["money"][1] == 7 + 2  # PAX-4.7 during the round
    s = act(s, 1, "pass")
    s = act(s, 0, "spy")
    assert pax.is_over(s)  # PAX-6.1: through the end check only


def test_pax_5_1_to_5_7_cap():
    """PAX-5.1 Land and PAX-5.2 Intrigue allow Fleets/Armies; PAX-5.3 max not sum; PAX-5.4 / PAX-10.3 symbols;
    PAX-5.5 / PAX-10.4 checked at finish for the categories played; PAX-5.6 bonuses are not capped."""
    from pygames.pax.scoring import cap, strengths, symbol_counts
    assert cap(symbol_counts(["LAN-09"])) == 2 and cap(symbol_counts(["INT-09", "INT-01"])) == 3
    assert cap(symbol_counts(["LAN-09", "INT-09"])) == 2
    assert rules.cap_problem(["LAN-09"], ["FLE-08"]) is None
    assert rules.cap_problem(["LAN-01"], ["FLE-08"]) == ("fleet", 2, 1)
    assert rules.cap_problem(["FLE-08", "FLE-09"], ["SEN-01"]) is None
    t = strengths(["LAN-09", "INT-09", "FLE-08", "ARM-08", "ARM-01"])
    assert t["fleet"] == 3 and t["army"] == 3  # over the cap of 2 thanks to the bonus
    # PAX-5.7: Rome has no cap: its strengths simply add its cards
    assert strengths(["FLE-08", "FLE-09", "FLE-10"])["fleet"] == 6


def test_pax_5_10_wealth_discount_once():
    """PAX-5.10 / PAX-10.5: floor(Wealth / 3) off the price, never below 0."""
    s = scenario(2, phase="buy", areas=[["WEA-08", "WEA-09", "WEA-10"], []], legions=[["ARM-01"], ["ARM-10"], []])
    assert rules.prices(s, 0) == [0, 2, None]


def test_pax_5_11_to_5_14_bonuses():
    """PAX-5.11 Army bonus from Fleets; PAX-5.12 Fleet bonus from Armies; PAX-5.13 / PAX-10.6 no cascade;
    PAX-5.14 Rome gets them too (PAX-9.3)."""
    from pygames.pax.scoring import strengths
    t = strengths(["FLE-08", "FLE-09", "FLE-10", "ARM-01", "ARM-02"])
    assert t["army"] == 2 + 2 and t["fleet"] == 6 + 0
    t = strengths(["FLE-08", "FLE-01", "ARM-08", "ARM-01"])
    assert t == {**t, "fleet": 4, "army": 4}


def test_pax_5_15_to_5_20_primus_conspiratus():
    """PAX-5.15 nobody at first; PAX-5.16 > holder; PAX-5.17 ties keep it; PAX-5.18 checked at finish;
    PAX-5.19 / PAX-10.9 a marker only (no symbol, no cap, no income); PAX-5.20 start player effect."""
    s = scenario(2, phase="play", hands=[["INT-01", "FLE-01"], []], areas=[[], ["INT-02"]], pc=1)
    t = play(s, 0, ["INT-01"])
    assert t["pc"] == 1
    s = scenario(2, phase="play", hands=[["INT-09"], []], areas=[[], ["INT-02"]], pc=1)
    t = play(s, 0, ["INT-09"])
    assert t["pc"] == 0
    from pygames.pax.scoring import cap, symbol_counts
    assert cap(symbol_counts(t["areas"][0])) == 2
    assert "finish" not in pax.legal_actions(act(jump_to_play(scenario(2, hands=[["FLE-01"], []], pc=0)), 0,
                                                 "stage:FLE-01"), 0)


def test_pax_5_21_to_5_24_only_own_area_counts():
    """PAX-5.21 Primus marks the start player; PAX-5.22 Rome's cards have no function in play; PAX-5.23
    overview cards do nothing; PAX-5.24 hand cards give no function (no cap, no discount, no Religion)."""
    s = scenario(2, phase="buy", hands=[["LAN-12", "WEA-08", "WEA-09", "REL-08", "REL-09"], []],
                 rome=["LAN-09", "WEA-10"], legions=[["ARM-04"], [], []])
    assert rules.prices(s, 0)[0] == 2
    assert rules.available_modes(s, 0) == ["standard"]
    assert rules.cap_problem(s["areas"][0], ["FLE-01"]) == ("fleet", 1, 0)
    assert s["start"] == 0


def test_pax_8_18_8_19_8_24_staging_is_private_and_reversible():
    """PAX-8.18 stage/unstage/finish; PAX-8.19 finish pays and reveals; PAX-8.24 order does not matter;
    PAX-7.12 staged cards are hidden from others; PAX-8.23 staging can be undone, finish cannot."""
    s = scenario(2, phase="play", hands=[["WEA-01", "REL-01"], []])
    s = act(s, 0, "stage:WEA-01", "stage:REL-01", "unstage:WEA-01")
    assert s["staged"] == ["REL-01"] and core.can_undo(s, 0)
    assert core.view(pax, s, 1)["state"]["staged"] is None
    assert "REL-01" not in str(core.view(pax, s, 1))
    a = play(scenario(2, phase="play", hands=[["WEA-01", "REL-01"], []]), 0, ["WEA-01", "REL-01"])
    b = play(scenario(2, phase="play", hands=[["WEA-01", "REL-01"], []]), 0, ["REL-01", "WEA-01"])
    assert a["areas"] == b["areas"] and a["money"] == b["money"]
    assert not core.can_undo(a, 0)
    assert pax.why_illegal(s, 0, "finish") is None  # legal: no reason to give
    assert pax.why_illegal(s, 0, "unstage:WEA-01") == ("pax.err.not_staged", {"card": "WEA-01"})
    assert pax.why_illegal(s, 0, "stage:FLE-01") == ("pax.err.not_in_hand", {"card": "FLE-01"})
