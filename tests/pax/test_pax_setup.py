"""Section 3: setup, the starting draft and the solo opening (PAX-3.x, PAX-8.1..8.6)."""

from __future__ import annotations

import json

import pytest
from pax_helpers import act, all_cards, new

from pygames import core, pax
from pygames.pax.data import CARD_IDS
from pygames.pax.scoring import symbol_counts


def test_pax_3_1_player_counts():
    """PAX-3.1 / PAX-10.34: 1 to 4 players; 5 or more are refused."""
    assert pax.PLAYERS == (1, 4)
    for n in (1, 2, 3, 4):
        assert new(n)["players"] == n
    with pytest.raises(core.IllegalAction):
        core.new_game(pax, 5, 0)


def test_pax_3_3_3_4_3_6_shuffle_removal_rome():
    """PAX-3.3 one shuffle (seeded); PAX-3.4 removed unseen; PAX-3.6 3 hidden Rome cards; PAX-8.1 chance."""
    a, b, c = new(2, seed=1), new(2, seed=1), new(2, seed=2)
    assert a["deck"] == b["deck"] and a["deck"] != c["deck"]
    assert len(a["removed"]) == 20 and len(a["rome_hidden"]) == 3 and a["rome"] == []
    assert sorted(all_cards(a)) == sorted(CARD_IDS)
    log_text = json.dumps(a["log"])
    assert not any(c in log_text for c in a["removed"])


def test_pax_3_5_3_7_3_12_table():
    """PAX-3.5 players + 1 Legions; PAX-3.7 5 Aurei each; PAX-3.12 nobody holds PC."""
    for n in (2, 3, 4):
        s = new(n, seed=n)
        assert len(s["legions"]) == n + 1 and s["money"] == [5] * n and s["pc"] is None


def test_pax_3_8_start_player_random_or_host():
    """PAX-3.8 / PAX-10.16: random start player unless the host chose one; an absent seat is refused."""
    starts = {new(4, seed=i)["start"] for i in range(40)}
    assert starts == {0, 1, 2, 3}
    assert new(3, seed=1, start=2)["start"] == 2
    with pytest.raises(core.IllegalAction):
        new(2, seed=1, start=3)


def test_pax_3_9_3_10_draft_sequential():
    """PAX-3.9 / PAX-3.2 / PAX-8.2 / PAX-10.14: the k-th player clockwise draws k + 1, keeps 1; the rest go
    under the deck in drawn order, before the next player draws."""
    s = new(3, seed=4, start=2)
    order = []
    while s["phase"] == "draft":
        p = pax.to_move(s)[0]
        order.append(p)
        drawn = list(s["front"])
        assert len(drawn) == len(order) + 1
        keep = drawn[-1]
        s = act(s, p, f"keep:{keep}")
        assert keep in s["hands"][p]
        if s["phase"] == "draft":
            assert s["deck"][-len(drawn) + 1:] == drawn[:-1]
    assert order == [2, 0, 1]


def test_pax_3_11_market_then_first_turn():
    """PAX-3.11 / PAX-8.3: one face-up card per Legion, I first, from the top; PAX-3.12 the start player begins."""
    s = new(2, seed=9, start=1)
    s = act(s, 1, f"keep:{s['front'][0]}")
    top = s["deck"][:3]  # the deck after the last drafter's draw
    s2 = act(s, 0, f"keep:{s['front'][0]}")
    assert [p for p in s2["legions"]] == [[c] for c in top]
    assert s2["phase"] == "turn" and pax.to_move(s2) == [1] and s2["round"] == 1


def test_pax_3_13_3_14_3_16_3_17_3_18_solo_setup():
    """PAX-3.13 / PAX-8.4 / PAX-10.27 level chosen freely; PAX-3.14 3 Legions; PAX-3.16 30 set aside;
    PAX-3.17 / PAX-10.17 3 hidden Rome cards above; PAX-3.18 5 Aurei; PAX-3.15 order."""
    for level in (5, 1, 3):
        s = new(1, seed=level, level=level)
        assert len(s["legions"]) == 3 and len(s["removed"]) == 30 and len(s["rome_hidden"]) == 3
        assert s["money"] == [5] and s["phase"] == "solo_keep"
        assert len(s["front"]) == {1: 2, 3: 3, 5: 5}[level]


def test_pax_3_19_3_21_solo_opening_levels():
    """PAX-3.19 / PAX-8.5 / PAX-8.6: keep 1, bottom 1 (automatic at levels 1-2), the rest played free
    (PAX-3.21 / PAX-10.19: no cost, no income, cap ignored), then the market (PAX-3.22 / PAX-10.28)."""
    s = new(1, seed=7, level=2)
    a, b = s["front"]
    s = act(s, 0, f"keep:{a}")
    assert s["hands"][0] == [a] and s["deck"][-1] == b and s["areas"][0] == [] and s["phase"] == "turn"
    assert all(len(p) == 1 for p in s["legions"])
    s = new(1, seed=7, level=5)
    drawn = list(s["front"])
    s = act(s, 0, f"keep:{drawn[0]}", f"bottom:{drawn[1]}")
    assert sorted(s["areas"][0]) == sorted(drawn[2:]) and s["money"] == [5]
    assert all(len(p) == 1 for p in s["legions"]) and len(s["deck"]) == 34


def test_pax_3_21_solo_opening_intrigue_takes_pc():
    """PAX-3.21 [RB~]: an Intrigue played in the solo opening takes Primus Conspiratus (no effect in solo)."""
    for seed in range(200):
        s = new(1, seed=seed, level=5)
        if any(c.startswith("INT") for c in s["front"][2:]):
            s = act(s, 0, f"keep:{s['front'][0]}", f"bottom:{s['front'][1]}")
            assert symbol_counts(s["areas"][0])["intrigue"] > 0 and s["pc"] == 0
            return
    raise AssertionError("no seed with an opening Intrigue")


def test_pax_3_23_solo_plays_like_standard():
    """PAX-3.23: the solo player takes every turn; Rome takes a pile each round; start player never changes."""
    s = new(1, seed=3, level=1)
    s = act(s, 0, f"keep:{s['front'][0]}")
    for _ in range(3):
        assert pax.to_move(s) == [0]
        s = act(s, 0, "spy")
    assert s["round"] == 4 and len(s["rome"]) == 3 and s["start"] == 0
