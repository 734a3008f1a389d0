"""Section 6: end of the game and scoring (PAX-6.x, PAX-10.7, 10.8, 10.10, 10.18, 10.26, 10.31, 10.32). The
positions name cards with the symbols of the spec's card list (2.4, the `spec_cards` fixture)."""

from __future__ import annotations

import pytest
from pax_helpers import (
    scenario,
    spec_cards,  # noqa: F401  (a fixture)
)

from pygames import pax
from pygames.pax import rounds, scoring

pytestmark = pytest.mark.usefixtures("spec_cards")


def test_pax_6_2_6_3_6_4_rome_final_cards():
    """PAX-6.2 hidden cards revealed and added; PAX-6.3 / PAX-10.7 unbought piles go to Rome;
    PAX-6.4 deck, removed cards and hands never do; PAX-10.31 Rome takes a pile at the last round end too."""
    s = scenario(2, deck=[], legions=[["WEA-01"], [], ["FLE-02"]], hands=[["SEN-10"], []],
                 rome=["REL-01"], rome_hidden=["INT-01", "INT-02", "INT-03"])
    rounds.new_round(s)
    assert s["phase"] == "over"
    final = scoring.final_rome_cards(s)
    assert sorted(final) == sorted(["REL-01", "INT-01", "INT-02", "INT-03", "WEA-01", "FLE-02"])
    from pygames import core
    assert core.view(pax, s, None)["state"]["rome_hidden"] == ["INT-01", "INT-02", "INT-03"]  # PAX-7.16
    assert s["removed"] and not any(c in str(core.view(pax, s, 0)["state"]) for c in s["removed"])  # PAX-7.3


def test_pax_6_5_6_6_6_7_strength_and_owners():
    """PAX-6.5 S sums symbols; PAX-6.6 T adds the bonuses; PAX-6.7 / PAX-10.32 ties go to Rome, players are
    compared one by one and never added."""
    assert scoring.symbol_counts(["LAN-09", "LAN-01"])["land"] == 3
    t = scoring.strengths(["ARM-08", "ARM-09", "FLE-01"])
    assert t["fleet"] == 1 + 1 and t["army"] == 4
    rome = scoring.strengths(["WEA-08", "FLE-08"])
    owners = scoring.category_owners(rome, [scoring.strengths(["WEA-01"]), scoring.strengths(["WEA-02"])])
    assert owners["wealth"] == "rome"  # 1 + 1 would beat 2, but players are not added
    owners = scoring.category_owners(rome, [scoring.strengths(["WEA-09", "WEA-01"])])
    assert owners["wealth"] == "players" and owners["fleet"] == "rome" and owners["religion"] == "rome"


def final(rome, areas, money=None, hands=None, pc=None):
    n = len(areas)
    return scenario(n, phase="over", rome=rome, rome_hidden=[], areas=areas, money=money or [0] * n,
                    hands=hands, pc=pc)


def test_pax_6_8_to_6_10_who_wins():
    """PAX-6.8 4 categories for Rome; PAX-6.9 the PC holder wins alone; PAX-6.10 / PAX-10.8 nobody -> all lose."""
    rome = ["WEA-01", "FLE-01", "ARM-01", "REL-01"]
    s = final(rome, [["SEN-01"], ["LAN-01"]], pc=None)
    res = pax.result(s)
    assert res["rome_wins"] and res["rome_categories"] == 5 and res["winners"] == []
    res = pax.result(final(rome, [["SEN-01", "INT-01"], ["LAN-01"]], pc=0))
    assert res["rome_categories"] == 4 and res["winners"] == [0] and res["scores"] == [1, 0]
    res = pax.result(final(["WEA-01", "FLE-01", "ARM-01"], [["SEN-01", "INT-01"], ["LAN-01", "REL-01"]], pc=0))
    assert not res["rome_wins"] and res["rome_categories"] == 3


def test_pax_6_11_to_6_18_points():
    """PAX-6.11 2 per category with a card (bonuses add none); PAX-6.12 3 per category stronger than Rome;
    PAX-6.13 / PAX-10.18 1 per Fleet/Army strength point; PAX-6.14 +1 PC; PAX-6.15 4 for the most money
    (cards in hand count 1, ties all score); PAX-6.16 most points wins; PAX-6.18 the formula."""
    rome = ["WEA-01"]
    areas = [["ARM-08", "ARM-09", "LAN-09", "LAN-10"], ["WEA-08", "INT-01"]]
    res = pax.result(final(rome, areas, money=[3, 2], hands=[[], ["SEN-01"]], pc=1))
    assert not res["rome_wins"]
    assert res["breakdown"]["categories"] == [4, 4]
    assert res["breakdown"]["stronger"] == [9, 6]  # P1: fleet (bonus), army, land; P2: wealth, intrigue
    assert res["breakdown"]["fleet_army"] == [1 + 4, 0]
    assert res["breakdown"]["primus_conspiratus"] == [0, 1]
    assert res["breakdown"]["money"] == [4, 4] and res["money_values"] == [3, 3]
    assert res["scores"] == [4 + 9 + 5 + 4, 4 + 6 + 1 + 4]
    assert res["winners"] == [0] and res["tiebreak"] is None


def test_pax_6_17_tie_break():
    """PAX-6.17 / PAX-10.10: on equal points the higher money value wins; then the win is shared."""
    areas = [["SEN-01", "LAN-01"], ["REL-01", "INT-01"]]
    res = pax.result(final([], areas, money=[1, 1]))
    assert not res["rome_wins"]
    assert res["scores"][0] == res["scores"][1] and res["winners"] == [0, 1]
    assert res["tiebreak"] == "pax.tiebreak.shared"


def test_pax_6_19_6_20_solo():
    """PAX-6.19 / PAX-10.26 all 7 categories and enough stronger ones; no points, no PC; PAX-6.20 T strengths."""
    area = ["WEA-01", "FLE-08", "FLE-09", "ARM-01", "REL-01", "SEN-01", "LAN-01", "INT-01"]
    rome = ["ARM-08"]
    s = scenario(1, phase="over", areas=[area], rome=rome, rome_hidden=[], level=5, pc=None)
    res = pax.result(s)
    # Fleet 4 vs 0; Army 1 + floor(4/3) = 2 vs Rome's 2: not stronger (PAX-6.20 uses bonuses)
    assert res["breakdown"]["stronger"] == [6] and res["winners"] == [] and res["required"] == 7
    s = scenario(1, phase="over", areas=[area], rome=rome, rome_hidden=[], level=4, pc=None)
    assert pax.result(s)["winners"] == [0]
