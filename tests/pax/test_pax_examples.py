"""Section 9 of the spec: every worked example, with its exact numbers. The examples name cards of the spec's
card list (2.4), so every test here runs with that list in place (the `spec_cards` fixture): the shipped data
file, tuned for balance, shows other symbols on some of these ids."""

from __future__ import annotations

import pytest
from pax_helpers import (
    act,
    jump_to_play,
    new,
    play,
    scenario,
    spec_cards,  # noqa: F401  (a fixture)
    swap_in,
)

from pygames import core, pax
from pygames.pax import rounds, rules, scoring

pytestmark = pytest.mark.usefixtures("spec_cards")

# --------------------------------------------------------------------------- PAX-9.1


def buy_state(wealth=(), money=5):
    return scenario(2, phase="buy", legions=[["ARM-01"], ["LAN-04", "INT-04"], ["FLE-01"]],
                    areas=[list(wealth), []], money=[money, 5])


def test_pax_9_1_buy_land_and_intrigue_pile():
    """PAX-9.1 (PAX-4.17, 4.18, 4.20): the pile costs 4; the cards go to the hand; the Legion is empty."""
    s = act(buy_state(), 0, "buy:2")
    assert s["money"][0] == 1
    assert s["hands"][0] == ["LAN-04", "INT-04"]
    assert s["legions"][1] == []


def test_pax_9_1_variants_discount_and_unaffordable():
    """PAX-9.1 (a) 3 Wealth symbols -> pays 3; (b) 3 Aurei and no Wealth -> not offered (PAX-4.19)."""
    s = act(buy_state(wealth=["WEA-08", "WEA-01"]), 0, "buy:2")
    assert s["money"][0] == 2
    poor = buy_state(money=3)
    assert "buy:2" not in pax.legal_actions(poor, 0)
    assert pax.why_illegal(poor, 0, "buy:2") == ("pax.err.price", {"legion": 2, "price": 4, "money": 3})


# --------------------------------------------------------------------------- PAX-9.2

AREA_92 = ["LAN-09", "LAN-01", "INT-09", "INT-10", "FLE-08", "FLE-09", "ARM-08", "ARM-09"]


def state_92():
    return scenario(2, phase="play", areas=[AREA_92, []], hands=[["FLE-01", "ARM-01", "LAN-02", "LAN-10"], []])


def finish_ok(state, cards):
    s = act(state, 0, *[f"stage:{c}" for c in cards])
    return "finish" in pax.legal_actions(s, 0)


def test_pax_9_2_cap_is_max_not_sum():
    """PAX-9.2 (PAX-5.3): Land 3, Intrigue 4 -> cap 4, not 7; the staged-set table."""
    assert scoring.cap(scoring.symbol_counts(AREA_92)) == 4
    s = state_92()
    assert not finish_ok(s, ["FLE-01"])
    assert not finish_ok(s, ["ARM-01"])
    assert not finish_ok(s, ["LAN-02", "FLE-01"])
    assert finish_ok(s, ["LAN-10", "FLE-01"])
    assert finish_ok(s, ["LAN-10", "FLE-01", "ARM-01"])
    after = play(s, 0, ["LAN-10", "FLE-01", "ARM-01"])
    pays = [a for k, a, _ in after["log"] if k == "pax.log.play"]
    assert pays[-1]["paid"] == 3
    # income: Land 3 cards, Fleet 3 cards, Army 3 cards -> 3 (PAX-4.28)
    assert after["money"][0] == 5 - 3 + 3


# --------------------------------------------------------------------------- PAX-9.3 / 9.4 / 9.12 / 9.13

ROME_93 = ["WEA-08", "FLE-08", "FLE-09", "ARM-08", "ARM-01", "REL-08", "SEN-01", "SEN-02", "LAN-09", "INT-01"]
P1_93 = ["WEA-09", "WEA-01", "FLE-10", "FLE-01", "ARM-02", "REL-09", "REL-01", "LAN-10", "LAN-01"]
P2_93 = ["WEA-02", "ARM-09", "ARM-03", "REL-02", "REL-03", "SEN-03", "INT-09", "INT-02"]


def final_state(rome=ROME_93, p1=P1_93, p2=P2_93, money=(3, 5), hands=((), ("SEN-04",)), pc=1):
    s = scenario(2, phase="over", rome=rome, rome_hidden=[], areas=[p1, p2], hands=[list(h) for h in hands],
                 money=list(money), pc=pc)
    return s


def test_pax_9_3_seed_scoring_example():
    """PAX-9.3: Rome T Fleet 5 / Army 4; owners; the players win; P1 24, P2 22; P1 wins."""
    res = pax.result(final_state())
    assert res["rome_strength"]["fleet"] == 5 and res["rome_strength"]["army"] == 4
    assert res["strengths"][0]["army"] == 2 and res["strengths"][1]["fleet"] == 1
    assert res["owners"] == {"wealth": "players", "fleet": "rome", "army": "rome", "religion": "players",
                             "senator": "rome", "land": "players", "intrigue": "players"}
    assert res["rome_wins"] is False
    assert res["breakdown"] == {"categories": [10, 10], "stronger": [9, 3], "fleet_army": [5, 4],
                                "primus_conspiratus": [0, 1], "money": [0, 4]}
    assert res["scores"] == [24, 22]
    assert res["winners"] == [0]
    assert res["money_values"] == [3, 6]


def test_pax_9_4_rome_wins_holder_wins():
    """PAX-9.4: with LAN-02 Rome ties Land (a tie goes to Rome), has 4 categories; P2 holds PC and wins alone."""
    res = pax.result(final_state(rome=ROME_93 + ["LAN-02"]))
    assert res["owners"]["land"] == "rome"
    assert res["rome_wins"] is True and res["rome_categories"] == 4
    assert res["winners"] == [1]


def test_pax_9_12_rome_wins_nobody_holds_pc():
    """PAX-9.12 (PAX-6.10): Rome has 5 categories, nobody holds PC -> every player loses; variant P2 wins."""
    rome = ["WEA-08", "FLE-08", "ARM-08", "REL-08", "SEN-08", "LAN-09", "INT-01"]
    p1 = ["LAN-10", "LAN-01", "FLE-01"]
    p2 = ["WEA-09", "WEA-01", "SEN-01"]
    res = pax.result(final_state(rome=rome, p1=p1, p2=p2, hands=((), ()), pc=None))
    assert res["rome_categories"] == 5 and res["rome_wins"] is True
    assert [c for c, o in res["owners"].items() if o == "players"] == ["wealth", "land"]
    assert res["winners"] == []
    res = pax.result(final_state(rome=rome, p1=p1, p2=p2 + ["INT-02"], hands=((), ()), pc=1))
    assert res["owners"]["intrigue"] == "rome" and res["rome_categories"] == 5
    assert res["winners"] == [1]


def test_pax_9_13_a_tie_broken_by_money():
    """PAX-9.13 A (PAX-6.17): 24 each; P2's money value 6 > 3 -> P2 wins."""
    res = pax.result(final_state(p2=P2_93 + ["LAN-02"]))
    assert res["rome_wins"] is False
    assert res["scores"] == [24, 24]
    assert res["winners"] == [1] and res["tiebreak"] == "pax.tiebreak.money"


def test_pax_9_13_b_shared_win():
    """PAX-9.13 B: 28 each and equal money values -> a shared win."""
    res = pax.result(final_state(p2=P2_93 + ["LAN-02", "FLE-02", "FLE-03"], money=(6, 5)))
    assert res["strengths"][1]["fleet"] == 3 and res["strengths"][1]["army"] == 3
    assert res["scores"] == [28, 28]
    assert res["breakdown"]["money"] == [4, 4]
    assert res["winners"] == [0, 1] and res["tiebreak"] == "pax.tiebreak.shared"


# --------------------------------------------------------------------------- PAX-9.5


def test_pax_9_5_setup_counts():
    """PAX-9.5 / PAX-3.24: deck 46/54/62; 1 hand card and 5 Aurei each; Rome 3; 1 card per Legion; removed."""
    for n, deck, removed in ((2, 46, 20), (3, 54, 10), (4, 62, 0)):
        s = new(n, seed=n)
        while s["phase"] == "draft":
            s = act(s, pax.to_move(s)[0], pax.legal_actions(s, pax.to_move(s)[0])[0])
        assert len(s["deck"]) == deck
        assert all(len(h) == 1 for h in s["hands"]) and s["money"] == [5] * n
        assert len(s["rome_hidden"]) == 3
        assert all(len(p) == 1 for p in s["legions"]) and len(s["legions"]) == n + 1
        assert len(s["removed"]) == removed
    for level, deck in ((1, 37), (2, 37), (3, 36), (4, 35), (5, 34)):
        s = new(1, seed=level, level=level)
        while s["phase"] != "turn":
            s = act(s, 0, pax.legal_actions(s, 0)[0])
        assert len(s["deck"]) == deck and len(s["removed"]) == 30


# --------------------------------------------------------------------------- PAX-9.6

AREA_96 = ["SEN-01", "SEN-08", "ARM-01", "LAN-09", "WEA-01", "WEA-02", "WEA-03", "WEA-04"]
HAND_96 = ["SEN-02", "ARM-02", "INT-01", "WEA-05", "REL-01"]


def test_pax_9_6_income_cases():
    """PAX-9.6 cases A-G (PAX-4.27..4.31): money after each play; PC taken in B and G."""
    cases = {"A": (["SEN-02", "ARM-02"], 8, None), "B": (["SEN-02", "INT-01"], 4, 0), "C": (["ARM-02"], 7, None),
             "D": ([], 7, None), "E": (["SEN-02", "ARM-02", "WEA-05"], 8, None), "F": (["REL-01"], 6, None),
             "G": (["SEN-02", "ARM-02", "INT-01"], 2, 0)}
    for name, (cards, money, pc) in cases.items():
        s = scenario(2, phase="play", areas=[AREA_96, []], hands=[HAND_96, []])
        s = play(s, 0, cards)
        assert s["money"][0] == money, name
        assert s["pc"] == pc, name


# --------------------------------------------------------------------------- PAX-9.7


def test_pax_9_7_wealth_discount_table():
    """PAX-9.7 (PAX-5.10, PAX-4.18 floor 0): prices of Legion I (printed 5) and II (printed 1)."""
    wealth = {0: [], 2: ["WEA-01", "WEA-02"], 3: ["WEA-08", "WEA-01"], 5: ["WEA-08", "WEA-09", "WEA-01"],
              6: ["WEA-08", "WEA-09", "WEA-01", "WEA-02"],
              9: ["WEA-08", "WEA-09", "WEA-10", "WEA-01", "WEA-02", "WEA-03"]}
    expected = {0: (5, 1), 2: (5, 1), 3: (4, 0), 5: (4, 0), 6: (3, 0), 9: (2, 0)}
    for sym, cards in wealth.items():
        s = scenario(2, phase="buy", legions=[["FLE-04", "REL-08"], ["ARM-01"], []], areas=[cards, []],
                     money=[10, 5])
        assert scoring.symbol_counts(cards)["wealth"] == sym
        assert tuple(rules.prices(s, 0)[:2]) == expected[sym], sym
    s = scenario(2, phase="buy", legions=[["FLE-04", "REL-08"], ["ARM-01"], []], areas=[wealth[3], []],
                 money=[3, 5])
    assert "buy:1" not in pax.legal_actions(s, 0) and "buy:2" in pax.legal_actions(s, 0)
    after = act(s, 0, "buy:2")
    assert after["money"][0] == 3  # price 0: never -1, no refund
    assert not any(a.startswith("buy:") for a in pax.legal_actions(after, 0))  # one pile per turn (PAX-4.16)


# --------------------------------------------------------------------------- PAX-9.8

DECK_98 = ["FLE-01", "SEN-10", "LAN-12", "WEA-06"]
REL3 = ["REL-08", "REL-01"]
REL6 = ["REL-08", "REL-09", "REL-01", "REL-02"]


def draw_state(religion, deck=None):
    from pygames.pax.data import CARD_IDS
    used = set(DECK_98) | set(religion) | {"ARM-01", "ARM-02", "ARM-03"}
    filler = [c for c in CARD_IDS if c not in used][:20]
    return scenario(2, legions=[["ARM-01"], ["ARM-02"], ["ARM-03"]], areas=[religion, []],
                    deck=DECK_98 + filler if deck is None else deck)


def test_pax_9_8_a_religion2():
    """PAX-9.8 A (PAX-4.12, 8.10-8.12): 8 first options without 'hand'; keep; the last card goes down."""
    s = act(draw_state(REL3), 0, "normal")
    assert pax.legal_actions(s, 0) == ["mode:standard", "mode:religion2"]
    s = act(s, 0, "mode:religion2")
    first = pax.legal_actions(s, 0)
    assert len(first) == 8 and not any(a.startswith("hand") for a in first)
    s = act(s, 0, "legion:3:FLE-01")
    assert sorted(pax.legal_actions(s, 0)) == ["hand:LAN-12", "hand:SEN-10"]
    s = act(s, 0, "hand:SEN-10")
    assert "SEN-10" in s["hands"][0]
    assert s["legions"][2] == ["ARM-03", "FLE-01"]
    assert s["deck"][0] == "WEA-06" and s["deck"][-1] == "LAN-12" and len(s["deck"]) == 22


def test_pax_9_8_a_prime_bottom_first():
    """PAX-9.8 A': SEN-10 to the bottom is not drawn again; R2_LAST asks the Legion for FLE-01."""
    s = act(draw_state(REL3), 0, "normal", "mode:religion2", "bottom:SEN-10", "hand:LAN-12")
    assert pax.legal_actions(s, 0) == ["legion:1:FLE-01", "legion:2:FLE-01", "legion:3:FLE-01"]
    s = act(s, 0, "legion:1:FLE-01")
    assert s["deck"][0] == "WEA-06" and s["deck"][-1] == "SEN-10"
    assert "LAN-12" in s["hands"][0] and s["legions"][0] == ["ARM-01", "FLE-01"]


def test_pax_9_8_b_religion3():
    """PAX-9.8 B (PAX-4.13, 8.13, 8.14): keep among 3, then (card, Legion), the last card goes down."""
    s = act(draw_state(REL6), 0, "normal")
    assert pax.legal_actions(s, 0) == ["mode:standard", "mode:religion2", "mode:religion3"]
    s = act(s, 0, "mode:religion3")
    assert sorted(pax.legal_actions(s, 0)) == ["hand:FLE-01", "hand:LAN-12", "hand:SEN-10"]
    s = act(s, 0, "hand:LAN-12")
    assert len(pax.legal_actions(s, 0)) == 6
    s = act(s, 0, "legion:2:SEN-10")
    assert s["deck"][-1] == "FLE-01" and s["legions"][1] == ["ARM-02", "SEN-10"] and "LAN-12" in s["hands"][0]


def test_pax_9_8_c_d_modes_offered():
    """PAX-9.8 C: Religion 2 -> no mode asked (standard draw starts); D: Religion 3 may still choose standard."""
    s = act(draw_state(["REL-08"]), 0, "normal")
    assert s["phase"] == "draw" and s["draw"]["mode"] == "standard" and s["front"] == ["FLE-01"]
    s = act(draw_state(REL3), 0, "normal", "mode:standard")
    assert s["front"] == ["FLE-01"]


def test_pax_9_8_e_short_deck():
    """PAX-9.8 E (PAX-4.14, 8.15, 8.16): k = 2; both drawn; the bottom card is not drawn again; no Aurei."""
    s = act(draw_state(REL3, deck=["WEA-06", "REL-05"]), 0, "normal")
    assert pax.legal_actions(s, 0) == ["mode:standard", "mode:religion2"]  # no religion3 with k = 2
    s = act(s, 0, "mode:religion2")
    assert s["front"] == ["WEA-06", "REL-05"] and len(pax.legal_actions(s, 0)) == 2 * (3 + 2)
    s = act(s, 0, "bottom:WEA-06")
    assert sorted(pax.legal_actions(s, 0)) == ["hand:REL-05", "legion:1:REL-05", "legion:2:REL-05",
                                               "legion:3:REL-05"]
    s = act(s, 0, "hand:REL-05")
    assert s["deck"] == ["WEA-06"]
    assert s["legions"] == [["ARM-01"], ["ARM-02"], ["ARM-03"]]
    assert s["money"][0] == 5


def test_pax_9_8_f_empty_deck():
    """PAX-9.8 F (PAX-4.7): D = 0 -> +2 Aurei, no mode asked, on to the buy step."""
    s = act(draw_state(REL3, deck=[]), 0, "normal")
    assert s["money"][0] == 7 and s["phase"] == "buy" and s["draw"] is None


# --------------------------------------------------------------------------- PAX-9.9


def pc_state():
    return scenario(3, hands=[["INT-01", "INT-10"], ["INT-02", "INT-03"], ["INT-09"]], money=[9, 9, 9],
                    legions=[["WEA-01"], ["WEA-02"], ["WEA-03"], ["WEA-04"]])


def turn(state, cards):
    return play(jump_to_play(state), pax.to_move(state)[0], cards)


def test_pax_9_9_primus_conspiratus_and_start_player():
    """PAX-9.9 (PAX-5.16, 5.17, 4.38): holder moves only on strictly more Intrigue; start player follows it."""
    s = pc_state()
    s = turn(s, ["INT-01"])
    assert s["pc"] == 0 and s["money"][0] == 9
    s = turn(s, ["INT-02"])
    assert s["pc"] == 0
    s = turn(s, ["INT-09"])
    assert s["pc"] == 2
    assert s["start"] == 2 and pax.to_move(s) == [2]  # P3 plays twice in a row
    s = turn(s, [])
    s = turn(s, ["INT-10"])
    assert s["pc"] == 0 and s["money"][0] == 9
    s = turn(s, ["INT-03"])
    assert s["pc"] == 0
    assert s["start"] == 0 and pax.to_move(s) == [0]
    for _ in range(3):
        s = turn(s, [])
    assert s["start"] == 0 and s["round"] == 4


def test_pax_9_9_control_nobody_plays_intrigue():
    """PAX-9.9 control: nobody plays Intrigue -> P1 stays start player every round."""
    s = pc_state()
    for _ in range(6):
        s = turn(s, [])
    assert s["start"] == 0 and s["pc"] is None and s["round"] == 3


# --------------------------------------------------------------------------- PAX-9.10


def state_910():
    return scenario(3, deck=["ARM-04", "SEN-05", "REL-04", "WEA-05"],
                    legions=[["FLE-02"], ["LAN-05"], ["SEN-09"], ["INT-05"]], money=[4, 4, 3])


def test_pax_9_10_deck_runs_out_mid_round():
    """PAX-9.10 (PAX-4.6, 4.7, 4.9, 4.39, 4.42, 6.3): k = 2 for P2, +2 for P3, Rome takes II, the game ends."""
    s = act(state_910(), 0, "normal", "hand:ARM-04", "legion:2:SEN-05")
    assert s["deck"] == ["WEA-05", "REL-04"]
    s = act(s, 0, "pass", "finish")
    assert s["money"][0] == 6
    s = act(s, 1, "normal", "legion:1:WEA-05", "hand:REL-04")
    assert s["deck"] == [] and s["money"][1] == 4
    s = act(s, 1, "pass", "finish")
    assert s["money"][1] == 6
    s = act(s, 2, "normal")
    assert s["money"][2] == 5
    s = act(s, 2, "buy:3")
    assert s["money"][2] == 2
    s = act(s, 2, "stage:SEN-09", "finish")
    assert s["money"][2] == 4
    assert s["rome"] == ["LAN-05", "SEN-05"]
    assert pax.is_over(s)
    final = scoring.final_rome_cards(s)
    assert {"FLE-02", "WEA-05", "INT-05"} <= set(final) and set(s["rome_hidden"]) <= set(final)


def test_pax_9_10_a_last_card_drawn_without_compensation():
    """PAX-9.10 (a): WEA-05 goes down; P3 draws it (k = 1), gives it a destination and gains nothing."""
    s = act(state_910(), 0, "normal", "hand:ARM-04", "legion:2:SEN-05", "pass", "finish")
    s = act(s, 1, "normal", "bottom:WEA-05", "hand:REL-04", "pass", "finish")
    assert s["deck"] == ["WEA-05"]
    s = act(s, 2, "normal")
    assert s["front"] == ["WEA-05"] and s["draw"]["k"] == 1 and s["money"][2] == 3
    s = act(s, 2, "legion:3:WEA-05")
    assert s["money"][2] == 3 and s["legions"][2] == ["SEN-09", "WEA-05"]


def test_pax_9_10_b_c_end_check():
    """PAX-9.10 (b) deck 2, E 2: both refilled, lowest first; (c) deck 1, E 2: the game ends, no partial refill."""
    s = scenario(3, deck=["WEA-06", "REL-05"], legions=[["FLE-02"], [], [], ["INT-05"]])
    rounds.new_round(s)
    assert s["legions"][1] == ["WEA-06"] and s["legions"][2] == ["REL-05"] and s["deck"] == []
    assert s["phase"] == "turn"
    s = scenario(3, deck=["WEA-06"], legions=[["FLE-02"], [], [], ["INT-05"]])
    rounds.new_round(s)
    assert s["phase"] == "over" and s["deck"] == ["WEA-06"]
    assert "WEA-06" not in scoring.final_rome_cards(s)  # PAX-6.4


# --------------------------------------------------------------------------- PAX-9.11


def test_pax_9_11_rome_breaks_ties_by_lowest_legion():
    """PAX-9.11 (PAX-4.34, 4.35, 4.40): I and II tie at 3 -> Rome takes I; refill I then V."""
    piles = [["WEA-01", "FLE-04"], ["REL-08"], ["ARM-01", "SEN-01"], ["INT-04"], []]
    s = scenario(4, legions=piles, active=3, start=0)
    top = s["deck"][:2]
    rounds.end_round(s)
    assert s["rome"] == ["WEA-01", "FLE-04"]
    assert s["legions"][0] == [top[0]] and s["legions"][4] == [top[1]]
    assert rounds.rome_choice([["WEA-01", "FLE-04"], ["REL-10"], [], [], []]) == 1


# --------------------------------------------------------------------------- PAX-9.14


def state_914(money=2):
    return scenario(2, phase="play", areas=[["LAN-01", "FLE-01"], []], hands=[["FLE-08", "LAN-09", "ARM-01"], []],
                    money=[money, 5])


def test_pax_9_14_cap_checked_at_finish():
    """PAX-9.14 (PAX-4.25, 5.5, 4.24): finish only when the cap holds; a 3rd card would cost too much."""
    s = act(state_914(), 0, "stage:FLE-08")
    legal = pax.legal_actions(s, 0)
    assert "finish" not in legal and "stage:LAN-09" in legal
    s = act(s, 0, "stage:LAN-09")
    legal = pax.legal_actions(s, 0)
    assert "finish" in legal and "stage:ARM-01" not in legal
    s = act(s, 0, "finish")
    assert s["money"][0] == 3
    t = act(state_914(), 0, "stage:LAN-09", "stage:FLE-08", "finish")
    assert t["money"][0] == 3 and t["areas"][0] == s["areas"][0]


def test_pax_9_14_money_zero_variant():
    """PAX-9.14 variant: with 0 Aurei, after FLE-08 only unstaging is possible; the three legal results."""
    s = act(state_914(0), 0, "stage:FLE-08")
    assert pax.legal_actions(s, 0) == ["unstage:FLE-08"]
    assert play(state_914(0), 0, [])["money"][0] == 2
    assert play(state_914(0), 0, ["LAN-09"])["money"][0] == 2
    assert play(state_914(0), 0, ["ARM-01"])["money"][0] == 1
    assert rules.play_cost(4) == 6


# --------------------------------------------------------------------------- PAX-9.15


def test_pax_9_15_solo_opening_level_4():
    """PAX-9.15 (PAX-3.19..3.22): keep SEN-01, bottom INT-01, FLE-08 + ARM-01 played free over the cap."""
    s = new(1, seed=3, level=4)
    for i, c in enumerate(["FLE-08", "ARM-01", "SEN-01", "INT-01"]):
        swap_in(s, "front", i, c)
    assert s["phase"] == "solo_keep" and len(pax.legal_actions(s, 0)) == 4
    s = act(s, 0, "keep:SEN-01")
    assert sorted(pax.legal_actions(s, 0)) == ["bottom:ARM-01", "bottom:FLE-08", "bottom:INT-01"]
    s = act(s, 0, "bottom:INT-01")
    assert s["areas"][0] == ["FLE-08", "ARM-01"] and s["money"] == [5] and s["hands"][0] == ["SEN-01"]
    assert len(s["deck"]) == 35 and s["deck"][-1] == "INT-01" and s["phase"] == "turn"


def test_pax_9_15_solo_later_turns_cap():
    """PAX-9.15: SEN-02 alone is legal although Fleet 2 > cap 0; FLE-01 needs LAN-09 + LAN-01 (cost 3)."""
    s = scenario(1, phase="play", areas=[["FLE-08", "ARM-01"]], hands=[["SEN-02", "FLE-01", "LAN-09", "LAN-01"]])
    assert "finish" in pax.legal_actions(act(s, 0, "stage:SEN-02"), 0)
    assert "finish" not in pax.legal_actions(act(s, 0, "stage:FLE-01"), 0)
    t = act(s, 0, "stage:FLE-01", "stage:LAN-09", "stage:LAN-01")
    assert "finish" in pax.legal_actions(t, 0)
    t = act(t, 0, "finish")
    assert [a["paid"] for k, a, _ in t["log"] if k == "pax.log.play"] == [3]


def solo_final(level, senator=True):
    player = ["WEA-08", "WEA-01", "FLE-08", "ARM-08", "REL-08", "REL-01", "LAN-09", "LAN-01", "INT-09"]
    if senator:
        player.append("SEN-01")
    rome = ["FLE-09", "FLE-02", "ARM-09", "ARM-02", "WEA-09", "REL-09", "SEN-08", "LAN-10", "INT-01"]
    return scenario(1, phase="over", areas=[player], rome=rome, rome_hidden=[], level=level)


def test_pax_9_15_solo_outcome():
    """PAX-9.15 outcome (PAX-6.19, 6.20): stronger in 4 -> win at levels 1-2, loss at 3-5; no Senator -> loss."""
    for level in range(1, 6):
        res = pax.result(solo_final(level))
        assert res["rome_strength"]["fleet"] == 4 and res["rome_strength"]["army"] == 4
        assert res["breakdown"]["stronger"] == [4]
        assert res["winners"] == ([0] if level <= 2 else []), level
        assert pax.result(solo_final(level, senator=False))["winners"] == []


# --------------------------------------------------------------------------- PAX-9.16


def test_pax_9_16_spy_turn():
    """PAX-9.16 (PAX-4.3, 7.4): only P2 sees Rome's cards; 3 + 2 = 5 Aurei; nothing else changes."""
    s = scenario(2, active=1, start=1, money=[5, 3])
    s["deck"], s["removed"] = s["deck"][:20], sorted(s["deck"][20:])
    before = core.clone(s)
    s = act(s, 1, "spy")
    assert s["money"][1] == 5 and len(s["deck"]) == 20
    assert s["legions"] == before["legions"] and s["hands"] == before["hands"] and s["areas"] == before["areas"]
    assert s["pc"] is None
    private = [e for e in s["log"] if e[0] == "pax.log.spied_cards"]
    assert private and private[-1][2] == [1]
    assert set(core.view(pax, s, 1)["state"]["memo"]["rome_seen"]) == set(s["rome_hidden"])
    assert not core.view(pax, s, 0)["state"]["memo"]["rome_seen"]
