"""Scoring (section 6) and the worked examples SPY-9.3, SPY-9.4, SPY-9.5, SPY-9.17."""

from __future__ import annotations

from spy_helpers import explore_state, find_card, put

from pygames import core
from pygames import spyworld as spy
from pygames.spyworld import data, exploration, planning
from pygames.spyworld import sheet as sh
from pygames.spyworld.data import BORDER, CARDS, DRAWABLE
from pygames.spyworld.scoring import award, brutal_count, reachable, result, title


def test_worked_example_9_3_awards_with_ties():
    """SPY-9.3/SPY-6.5/SPY-6.6/SPY-6.7/SPY-6.8/SPY-6.9/SPY-2.22: ties share an award; all tied -> nobody; Gladiator
    counts +1
    (SPY-5.60, SPY-2.59)."""
    trapper = award([3, 3, 1, 0], 10)
    fan = award([3, 1, 3, 0], -20)
    explorer = award([6, 6, 6, 6], 5)
    brutal = award([brutal_count("a42", 1), brutal_count("viper", 4), brutal_count("gladiator", 3),
                    brutal_count("shadow", 4)], 20)
    assert trapper == [10, 10, 0, 0] and fan == [-20, 0, -20, 0] and explorer == [0, 0, 0, 0]
    assert brutal == [0, 20, 20, 20]
    assert [sum(x) for x in zip(trapper, fan, explorer, brutal, strict=True)] == [-10, 30, 0, 20]
    assert brutal_count("gladiator", 0) == 0


def test_worked_example_9_4_two_players():
    """SPY-9.4: Explorer to nobody (tied), Trapper +10 to Ann only."""
    assert award([7, 7], 5) == [0, 0] and award([2, 0], 10) == [10, 0]


def set_tops(state, backs):
    """Put cards with the given backs on top of the 3 piles (swapping cards)."""
    for k, want in enumerate(backs):
        pile = state["piles"][k]
        if CARDS[pile[-1]]["back"] != want:
            tops = [p[-1] for p in state["piles"]]
            i, j = find_card(state, lambda c, w=want: c["back"] == w, exclude=tops)
            state["piles"][i][j], pile[-1] = pile[-1], state["piles"][i][j]


def test_worked_example_9_5_lair_passing():
    """SPY-9.5/SPY-4.20/SPY-4.21/SPY-4.22: red majority -> left (seat + 1 explores), blue -> right; 2 players swap."""
    assert planning.explorers_lair(3, "left") == [2, 0, 1]  # Ana explores Cléo's, Ben Ana's, Cléo Ben's
    assert planning.explorers_lair(3, "right") == [1, 2, 0]
    assert planning.explorers_lair(2, "swap") == [1, 0]
    state = core.new_game(spy, 3, 4)
    set_tops(state, ("R2", "B4", "R1"))
    assert planning.direction(state) == "left"
    set_tops(state, ("B2", "B4", "R1"))
    assert planning.direction(state) == "right"
    two = core.new_game(spy, 2, 4)
    assert planning.direction(two) == "swap"


def test_agent_reveal_adds_bonus_capped():
    """SPY-4.23/SPY-4.24: own tracks kept, agent bonus added at the reveal, cap 20; SPY-4.1 phase order."""
    state = core.new_game(spy, 2, 6, {"lair": 1})
    state["dec"][0]["sheet"]["tracks"] = [19, 0, 5]
    for _ in range(35):
        for p in range(2):
            state = core.apply(spy, state, p, "pass")
            state = core.apply(spy, state, p, "noclaim")
            state = core.apply(spy, state, p, "submit")
            if state["phase"] != "plan":
                break
    from pygames.spyworld.data import AGENTS
    bonus = AGENTS[state["agent"][0]]["bonus"]
    assert state["sheets"][0]["tracks"] == [min(20, 19 + bonus[0]), bonus[1], 5 + bonus[2]]
    assert state["phase"] in ("explore", "over")


def test_worked_example_9_17_full_scoring():
    """SPY-9.17/SPY-6.1/SPY-6.10/SPY-6.11/SPY-6.12/SPY-5.22 (budget left is scored): Bob wins 42 to 38; no title
    below 70."""
    state = explore_state(tracks=(9, 9, 9), agent="a42")
    state["agent"] = ["a42", "viper"]
    alice, bob = state["sheets"]
    put(alice, c11="secret3", c21="secret2", c35="secret1")
    alice["walls"] = ["25-35", "34-35", "35-45"]
    put(bob, c12="secret3", c22="secret2", c32="secret1")
    alice.update(budget=7, gadgets=[5], bonus=10)
    bob.update(budget=12, gadgets=[4], bonus=0)
    a, b = state["ex"]
    a.update(cells=["22", "32"], stolen=16, trig=1, neut=2, vis=0b111111, done=True)
    b.update(cells=["21"], stolen=10, trig=3, neut=2, vis=0b11111111, done=True)
    state["phase"] = "over"
    res = result(state)
    assert res["breakdown"]["kept"] == [15, 15] and res["breakdown"]["stolen"] == [16, 10]
    assert res["breakdown"]["trapper"] == [10, 0] and res["breakdown"]["gadget_fan"] == [-20, 0]
    assert res["breakdown"]["explorer"] == [0, 5] and res["breakdown"]["brutal"] == [0, 0]
    assert res["scores"] == [38, 42] and res["winners"] == [1] and res["titles"] == [None, None]
    core.engine.check_result(res, 2)


def test_titles_and_negative_scores():
    """SPY-2.24/SPY-6.12 titles; SPY-6.13 scores may be negative; SPY-6.11: a tie for first
    place is not a shared win: no winner, the tied players named (view and status line too)."""
    assert [title(x) for x in (250, 249, 220, 180, 130, 70, 69, -5)] == [
        "master", "despot", "despot", "autocrat", "tyrant", "kinglet", None, None]
    state = explore_state()
    for rec in state["ex"]:
        rec["done"] = True
    state["sheets"][0]["budget"] = 0
    state["sheets"][0]["gadgets"] = [5]
    state["sheets"][1]["budget"] = 0
    state["phase"] = "over"
    res = result(state)
    assert res["scores"] == [-20, 0]
    state["sheets"][0]["gadgets"] = []
    tie = result(state)
    assert tie["winners"] == [] and tie["tied"] == [0, 1] and tie["scores"] == [0, 0]
    v = core.view(spy, state, 0)
    assert spy.status(v) == ("spy.status.tied", {"tied_player": [0, 1]})
    state["sheets"][1]["budget"] = 1
    assert result(state)["winners"] == [1] and result(state)["tied"] == []


def test_border_walls_count_for_missions_but_not_movement():
    """SPY-2.11: border walls count for the walls mission (M6: 8 segments, SPY-2.44) and change no movement or
    reachability (SPY-4.28, SPY-6.2)."""
    walls = sorted(BORDER)[:8]
    sheet = sh.new_sheet(False)
    sheet["walls"] = walls
    assert sh.mission_met("m6", sheet)
    sheet["walls"] = walls[:7]
    assert not sh.mission_met("m6", sheet)
    assert len(reachable([s for s in DRAWABLE if s in data.BORDER_SET])) == 25
    state = explore_state(walls=[s for s in DRAWABLE if s in data.BORDER_SET], c43="")
    moves = [a for a in exploration.options(state, 0) if a.startswith("move:")]
    assert {m.split(":")[1] for m in moves} == {"43", "52", "54"}
