"""Setup and planning rules (sections 3, 4.A, 4.B, 5.A to 5.H) and the worked examples SPY-9.2, SPY-9.8 to
SPY-9.12, SPY-9.15, SPY-9.16."""

from __future__ import annotations

import json
import pathlib

import pytest
from spy_helpers import arrange, new, play, put

from pygames import core
from pygames import spyworld as spy
from pygames.app.session import parse_deep_link
from pygames.spyworld import data, planning
from pygames.spyworld.data import AGENTS, CARDS, INDEX, MISSIONS, back

ROOT = pathlib.Path(__file__).resolve().parents[2]


def legal(state, p=0):
    return spy.legal_actions(state, p)


# --------------------------------------------------------------------------- setup (section 3, 8.A)


def test_setup_piles_missions_agents():
    """SPY-3.6/SPY-8.2: 3 piles of 36 (turn 1 reveals one each); SPY-3.7/SPY-8.3: 3 missions;
    SPY-3.8/SPY-8.4: 2 agents each with 2-4 players; SPY-3.5 sheets; SPY-3.1 seats 0..n-1 all asked."""
    state = core.new_game(spy, 3, 7)
    assert state["phase"] == "keep" and spy.to_move(state) == [0, 1, 2]
    assert [len(p) for p in state["piles"]] == [36, 36, 36]
    assert len(state["missions"]) == 3 and set(state["missions"]) <= set(MISSIONS)
    assert all(len(d) == 2 for d in state["dealt"])
    dealt = [a for d in state["dealt"] for a in d]
    assert len(set(dealt)) == 6 and set(dealt) <= set(AGENTS)
    sheet = state["sheets"][0]
    assert sheet["budget"] == 10 and sheet["gained"] == 0 and sheet["tracks"] == [0, 0, 0]  # SPY-3.5, SPY-2.13
    assert sheet["grid"] == [""] * 25 and sheet["walls"] == [] and sheet["gadgets"] == [] and sheet["boxes"] == 0


def test_setup_deals_one_agent_with_five_players_and_on_the_yacht():
    """SPY-3.8/SPY-3.9: 5-9 players get 1 agent each and keep it; SPY-5.33/SPY-3.10: 1 on the Super-yacht."""
    state = core.new_game(spy, 5, 3)
    assert state["phase"] == "plan" and all(len(d) == 1 for d in state["dealt"])
    assert state["agent"] == [d[0] for d in state["dealt"]]
    yacht = core.new_game(spy, 3, 3, {"lair": 1})
    assert yacht["phase"] == "plan" and all(a is not None for a in yacht["agent"])


def test_keep_agent_then_turn_one():
    """SPY-8.5: each player keeps one of 2 agents, privately and irreversibly; then turn 1 starts (SPY-4.2)."""
    state = core.new_game(spy, 2, 7)
    a = state["dealt"][0][1]
    state = core.apply(spy, state, 0, f"keep:{a}")
    assert not core.can_undo(state, 0)
    assert spy.to_move(state) == [1]
    with pytest.raises(core.IllegalAction) as err:
        core.apply(spy, state, 1, f"keep:{a}")
    assert err.value.key == "spy.err.not_dealt"
    state = core.apply(spy, state, 1, f"keep:{state['dealt'][1][0]}")
    assert state["phase"] == "plan" and state["turn"] == 1 and state["agent"][0] == a


def test_options_cover_every_mode():
    """SPY-8.1 configuration: SPY-3.2 (lair, default Base polaire SPY-2.38), SPY-3.3 (gadget faces), SPY-3.4
    (beginner), SPY-8.16."""
    ids = {o["id"]: o for o in spy.OPTIONS}
    assert ids["lair"]["choices"] == [1, 2, 3, 4] and ids["lair"]["default"] == 2
    assert all(ids[f"g{n}"]["default"] == "normal" for n in range(1, 6))
    assert ids["explore_undo"]["default"] is False
    state = new(2, 1, beginner2=True)
    assert [s["budget"] for s in state["sheets"]] == [10, 15] and state["sheets"][1]["gained"] == 0  # SPY-2.14


def test_beginner_bonus_is_not_a_gain():
    """SPY-3.4/SPY-5.23: the +5 is not counted towards the 40 cap."""
    state = new(2, 1, beginner1=True)
    assert state["sheets"][0]["budget"] == 15 and state["sheets"][0]["gained"] == 0


# --------------------------------------------------------------------------- reveal and index (SPY-4.3 to 4.5)


def test_reveal_and_index():
    """SPY-4.3: each turn the pile tops go face up; SPY-4.4/SPY-4.5: the index is the back of the new top card,
    the same for every player; a face-up card's own back never matters."""
    state = new(2, 5)
    piles_before = [list(p) for p in state["piles"]]
    state = play(state, 0, "pass", "noclaim", "submit")
    state = play(state, 1, "pass", "noclaim", "submit")
    assert state["turn"] == 2
    assert state["shown"][-1] == [p[-1] for p in piles_before]
    for slot in (1, 2, 3):
        assert planning.index(state, slot) == back(piles_before[slot - 1][-2])
    v0, v1 = spy.view(state, 0), spy.view(state, 1)
    assert v0["display"] == v1["display"]


def test_pass_gains_one_capped():
    """SPY-4.8/SPY-2.21: Pass is always legal and gains 1 cash; SPY-5.23 cap."""
    state = new(2, 5)
    assert "pass" in legal(state)
    state["dec"][0]["sheet"]["gained"] = 40
    state = play(state, 0, "pass")
    assert state["dec"][0]["sheet"]["budget"] == 10
    state = play(state, 1, "pass")
    assert state["dec"][1]["sheet"]["budget"] == 11 and state["dec"][1]["sheet"]["gained"] == 1


def test_simultaneous_to_move_and_resolution():
    """SPY-4.6/SPY-4.14/SPY-4.15/SPY-8.13 (SUBMIT or RESTART): everyone decides; drafts are applied together at
    resolution; submitted is final;
    SPY-7.5: the resolution logs every decision."""
    state = new(3, 5)
    assert spy.to_move(state) == [0, 1, 2]
    state = play(state, 1, "pass", "noclaim", "submit")
    assert spy.to_move(state) == [0, 2]
    assert state["sheets"][1]["budget"] == 10  # not applied before resolution
    assert not core.can_undo(state, 1)
    state = play(state, 0, "pass", "noclaim", "restart")
    assert state["dec"][0]["st"] == "first" and state["dec"][0]["sheet"]["budget"] == 10
    state = play(state, 0, "pass", "noclaim", "submit")
    state = play(state, 2, "pass", "noclaim", "submit")
    assert [s["budget"] for s in state["sheets"]] == [11, 11, 11]
    assert sum(1 for k, _, to in state["log"] if k == "spy.log.pass" and to is None) == 3


def test_same_card_for_several_players():
    """SPY-4.7: several players may take the same display card."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "training", "sub": "m", "pts": 2}, "R1")
    state = play(state, 0, "take:1")
    state = play(state, 1, "take:1")
    assert state["dec"][0]["sheet"]["tracks"][0] == 2 and state["dec"][1]["sheet"]["tracks"][0] == 2


def test_bonus_action_limits_and_no_repeat():
    """SPY-4.9/SPY-4.10/SPY-8.11 (MORE): the 2nd and 3rd cards use bonus boxes; never the same card twice; at most
    2 per turn."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "wall"}, "R1")
    arrange(state, 2, {"kind": "wall"}, "R2")
    arrange(state, 3, {"kind": "wall"}, "R3")
    state = play(state, 0, "take:1", "wall:11-12")
    assert legal(state) == ["take:2", "take:3", "done"]
    with pytest.raises(core.IllegalAction) as err:
        play(state, 0, "take:1")
    assert err.value.key == "spy.err.taken_twice"
    state = play(state, 0, "take:2", "wall:21-22", "take:3", "wall:31-32")
    assert legal(state) == ["done"]
    assert state["dec"][0]["sheet"]["boxes"] == 2 and state["dec"][0]["sheet"]["budget"] == 10 - 2 - 3


def test_card_must_be_fully_applicable():
    """SPY-4.13/SPY-8.6: a card is offered only if it can be fully applied (training cost > budget: not offered);
    SPY-4.12: payments never exceed the budget."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "training", "sub": "c", "pts": 4}, "B5")
    state["dec"][0]["sheet"]["budget"] = 4
    assert "take:1" not in legal(state)
    with pytest.raises(core.IllegalAction) as err:
        play(state, 0, "take:1")
    assert err.value.key == "spy.err.cannot_apply"
    state["dec"][0]["sheet"]["budget"] = 5
    assert "take:1" in legal(state)


def test_training_cost_points_and_cap():
    """SPY-5.13: cost = index number, colour ignored; SPY-5.14: cap 20, excess lost (allowed);
    SPY-5.15: never shifted (no line step)."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "training", "sub": "s", "pts": 4}, "B3")
    state["dec"][0]["sheet"]["tracks"] = [0, 18, 0]
    state = play(state, 0, "take:1")
    sheet = state["dec"][0]["sheet"]
    assert sheet["budget"] == 7 and sheet["tracks"] == [0, 20, 0]
    assert state["dec"][0]["st"] == "more"


def test_fixture_line_cells_and_hall():
    """SPY-5.1/SPY-5.2/SPY-8.7/SPY-8.8: line in the index orientation, shifted at 2 per step, no wrap (SPY-5.3);
    SPY-5.4: Shark pool and Robot never in the hall; SPY-5.5: never the start cell; SPY-5.6 walls don't block."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "fixture", "sub": "shark"}, "R5")
    state["dec"][0]["sheet"]["walls"] = ["41-51"]
    state = play(state, 0, "take:1")
    assert legal(state) == ["line:1", "line:2", "line:3", "line:4", "line:5"]
    v = spy.view(state, 0)["pending"]
    assert v["lines"] == [[1, 8], [2, 6], [3, 4], [4, 2], [5, 0]]
    state = play(state, 0, "line:5")
    assert legal(state) == ["cell:51", "cell:55"]  # not (5,2)/(5,4) hall, not (5,3) start; (5,1) has a wall
    arrange_guard = new(2, 5)
    arrange(arrange_guard, 1, {"kind": "fixture", "sub": "guard"}, "R5")
    arrange_guard = play(arrange_guard, 0, "take:1", "line:5")
    assert legal(arrange_guard) == ["cell:51", "cell:52", "cell:54", "cell:55"]  # guardians allowed in the hall


def test_fixtures_never_erased_and_full_lair():
    """SPY-5.7: a filled cell is never offered again; SPY-4.16: a lair is full with 24 fixtures (walls don't
    count)."""
    from pygames.spyworld import sheet as sh
    state = new(2, 5)
    put(state["dec"][0]["sheet"], c51="dog", c52="dog", c54="dog")
    arrange(state, 1, {"kind": "fixture", "sub": "guard"}, "R5")
    state = play(state, 0, "take:1", "line:5")
    assert legal(state) == ["cell:55"]
    grid = ["dog"] * 25
    grid[22] = ""
    assert sh.is_full({"grid": grid}) and not sh.is_full({"grid": ["dog"] * 12 + [""] * 13})


def test_wall_choices_worked_example_9_2():
    """SPY-9.2/SPY-5.10/SPY-5.11/SPY-8.9/SPY-2.11: a Wall card with index blue 1 offers the 16 sides of the rooms of
    column 1 (9 internal, 7 on the border); (3,1)|(3,2) is drawn for free (SPY-5.12); next turn a Guard with red 3
    may go in (3,2) (SPY-5.6: the wall blocks no cell); the drawn segment is never offered again: another Wall card
    with blue 1 offers the other 15."""
    internal = ["wall:11-21", "wall:21-31", "wall:31-41", "wall:41-51", "wall:11-12", "wall:21-22", "wall:31-32",
                "wall:41-42", "wall:51-52"]
    border = ["wall:10-11", "wall:20-21", "wall:30-31", "wall:40-41", "wall:50-51", "wall:01-11", "wall:51-61"]
    state = new(2, 5)
    arrange(state, 1, {"kind": "wall"}, "B1")
    state = play(state, 0, "take:1")
    assert sorted(legal(state)) == sorted(internal + border) and len(legal(state)) == 16
    state = play(state, 0, "wall:31-32", "done", "noclaim", "submit")
    state = play(state, 1, "pass", "noclaim", "submit")
    assert state["sheets"][0]["walls"] == ["31-32"] and state["sheets"][0]["budget"] == 10
    assert state["turn"] == 2
    arrange(state, 2, {"kind": "fixture", "sub": "guard"}, "R3")
    state = play(state, 0, "take:2", "line:3")
    assert legal(state) == ["cell:31", "cell:32", "cell:33", "cell:34", "cell:35"]
    state = play(state, 0, "cell:32", "done", "noclaim", "submit")
    state = play(state, 1, "pass", "noclaim", "submit")
    assert state["sheets"][0]["grid"][INDEX["32"]] == "guard"
    arrange(state, 1, {"kind": "wall"}, "B1")
    state = play(state, 0, "take:1")
    assert sorted(legal(state)) == sorted(a for a in internal + border if a != "wall:31-32")
    assert len(legal(state)) == 15


def test_worked_example_9_8_shifting_fixtures():
    """SPY-9.8: Robot red 2 shifted to row 4 (cost 4) at (4,2); Secret III blue 1 with a bonus action, its gain
    (SPY-5.8/SPY-5.9) paying the shift to column 3; SPY-4.11 order; SPY-2.20 shift cost 2 per step."""
    state = new(2, 5)
    arrange(state, 2, {"kind": "fixture", "sub": "robot"}, "R2")
    arrange(state, 3, {"kind": "fixture", "sub": "secret3"}, "B1")
    state = play(state, 0, "take:2")
    assert spy.view(state, 0)["pending"]["lines"] == [[1, 2], [2, 0], [3, 2], [4, 4], [5, 6]]
    state = play(state, 0, "line:4")
    assert legal(state) == ["cell:41", "cell:42", "cell:44", "cell:45"]
    state = play(state, 0, "cell:42")
    assert state["dec"][0]["sheet"]["budget"] == 6
    state = play(state, 0, "take:3")
    sheet = state["dec"][0]["sheet"]
    assert sheet["budget"] == 10 and sheet["gained"] == 6 and sheet["boxes"] == 1
    state = play(state, 0, "line:3", "cell:23")
    sheet = state["dec"][0]["sheet"]
    assert sheet["budget"] == 6 and sheet["gained"] == 6 and sheet["boxes"] == 1
    assert sheet["grid"][INDEX["42"]] == "robot" and sheet["grid"][INDEX["23"]] == "secret3"
    # Variant: budget 1, the Secret III alone shifted to column 3: 1 + 6 - 4 = 3
    bob = new(2, 5)
    arrange(bob, 3, {"kind": "fixture", "sub": "secret3"}, "B1")
    bob["dec"][0]["sheet"]["budget"] = 1
    bob = play(bob, 0, "take:3", "line:3")
    assert bob["dec"][0]["sheet"]["budget"] == 3
    # Variant (Super-yacht, SPY-5.30): the Robot red 2 can only go in row 2
    yacht = new(2, 5, lair=1)
    arrange(yacht, 2, {"kind": "fixture", "sub": "robot"}, "R2")
    yacht = play(yacht, 0, "take:2")
    assert legal(yacht) == ["line:2"]


def test_worked_example_9_9_gadget_numbers():
    """SPY-9.9/SPY-5.16/SPY-5.17/SPY-5.18/SPY-5.19/SPY-8.10: free at the index number, 2 per step, never owned
    twice, no wrap;
    the Laser drill (5) counts 2; SPY-5.31 Super-yacht: index number only."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "gadget"}, "B3")
    state["dec"][0]["sheet"].update(gadgets=[3], budget=3)
    state = play(state, 0, "take:1")
    assert legal(state) == ["gadget:2", "gadget:4"]
    state = play(state, 0, "gadget:4")
    sheet = state["dec"][0]["sheet"]
    assert sheet["budget"] == 1 and sheet["gadgets"] == [3, 4]
    from pygames.spyworld.sheet import count_gadgets
    assert count_gadgets(sheet) == 2 and count_gadgets({"gadgets": [3, 4, 5]}) == 4
    carla = new(2, 5)
    arrange(carla, 1, {"kind": "gadget"}, "R5")
    carla["dec"][0]["sheet"].update(gadgets=[4, 5], budget=10)
    carla = play(carla, 0, "take:1")
    assert spy.view(carla, 0)["pending"]["numbers"] == [[1, 8], [2, 6], [3, 4]]
    yacht = new(2, 5, lair=1)
    arrange(yacht, 1, {"kind": "gadget"}, "B3")
    yacht["dec"][0]["sheet"]["gadgets"] = [3]
    assert "take:1" not in legal(yacht)


def test_worked_example_9_10_the_40_cap():
    """SPY-9.10/SPY-5.23/SPY-5.24: gain cut to 3; a cash-now mission then gains 0; end bonus recorded (not capped);
    a pass gains 0."""
    state = new(2, 5)
    sheet = state["dec"][0]["sheet"]
    sheet.update(budget=12, gained=37)
    put(sheet, c11="secret1", c12="secret2")
    state["missions"] = ["m3", "m1", "m2"]
    arrange(state, 1, {"kind": "fixture", "sub": "secret3"}, "R2")
    state = play(state, 0, "take:1", "line:2", "cell:22")
    assert state["dec"][0]["sheet"]["budget"] == 15 and state["dec"][0]["sheet"]["gained"] == 40
    cash = play(state, 0, "done", "claim:m3:cash")
    assert cash["dec"][0]["sheet"]["budget"] == 15
    bonus = play(state, 0, "done", "claim:m3:bonus", "submit")
    assert bonus["dec"][0]["sheet"]["bonus"] == 8
    bonus = play(bonus, 1, "pass", "noclaim", "submit")
    bonus = play(bonus, 0, "pass")
    assert bonus["dec"][0]["sheet"]["budget"] == 15


def test_worked_example_9_11_final_turn():
    """SPY-9.11/SPY-4.16/SPY-4.17/SPY-4.18: a lair full at the end of turn 20 makes turn 21 final; no fixture card
    can be
    taken in a full lair; a lair filling in the final turn adds nothing; planning ends after turn 21 with 15 cards
    per pile; the direction uses their top backs (SPY-4.20)."""
    state = new(3, 5)
    for _ in range(19):
        for p in range(3):
            state = play(state, p, "pass", "noclaim", "submit")
    assert state["turn"] == 20
    state["dec"][0]["sheet"]["grid"] = ["dog"] * 25
    state["dec"][0]["sheet"]["grid"][22] = ""
    for p in range(3):
        state = play(state, p, "pass", "noclaim", "submit")
    assert state["turn"] == 21 and state["final"]
    arrange(state, 1, {"kind": "fixture", "sub": "dog"}, "R1")
    arrange(state, 2, {"kind": "wall"}, "R1")
    assert "take:1" not in legal(state) and "take:2" in legal(state)
    state["dec"][1]["sheet"]["grid"] = ["dog"] * 25
    state["dec"][1]["sheet"]["grid"][22] = ""
    tops = [back(p[-1]) for p in state["piles"]]
    for p in range(3):
        state = play(state, p, "pass", "noclaim", "submit")
    assert state["phase"] != "plan" and state["turn"] == 21
    assert [len(p) for p in state["piles"]] == [15, 15, 15]
    reds = sum(1 for c, _ in tops if c == "R")
    assert state["direction"] == ("left" if reds >= 2 else "right")


def test_worked_example_9_12_thirty_five_turns():
    """SPY-9.12/SPY-4.19/SPY-2.23: after turn t's reveal each pile holds 36 - t cards; planning ends after 35."""
    state = new(2, 9)
    for t in range(1, 36):
        assert state["turn"] == t and all(len(p) == 36 - t for p in state["piles"])
        for p in range(2):
            state = play(state, p, "pass", "noclaim", "submit")
    assert state["phase"] in ("explore", "over") and all(len(p) == 1 for p in state["piles"])
    assert all(s["budget"] == 10 + 35 for s in state["sheets"])  # SPY-2.21: 35 passes, under the 40 cap


def test_turn_35_full_lair_adds_no_turn():
    """SPY-4.19: a lair full during turn 35 announces no turn 36."""
    state = new(2, 9)
    for _ in range(34):
        for p in range(2):
            state = play(state, p, "pass", "noclaim", "submit")
    state["dec"][0]["sheet"]["grid"] = ["dog"] * 25
    state["dec"][0]["sheet"]["grid"][22] = ""
    for p in range(2):
        state = play(state, p, "pass", "noclaim", "submit")
    assert state["phase"] in ("explore", "over") and state["turn"] == 35


def test_worked_example_9_15_bonus_actions():
    """SPY-9.15/SPY-2.16/SPY-2.17/SPY-2.18/SPY-5.21 (cash spent on bonus actions and training): boxes cost 2, 3, 4,
    5, 6 in order; at most 2 per turn; 20 cash for all 5."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "training", "sub": "c", "pts": 3}, "R2")
    arrange(state, 2, {"kind": "wall"}, "B4")
    arrange(state, 3, {"kind": "gadget"}, "R1")
    state = play(state, 0, "take:1")
    assert state["dec"][0]["sheet"]["budget"] == 8 and state["dec"][0]["sheet"]["tracks"] == [0, 0, 3]
    state = play(state, 0, "take:2", "wall:24-34")
    assert state["dec"][0]["sheet"]["budget"] == 6
    state = play(state, 0, "take:3", "gadget:1")
    sheet = state["dec"][0]["sheet"]
    assert sheet["budget"] == 3 and sheet["boxes"] == 2 and sheet["gadgets"] == [1]
    assert legal(state) == ["done"]
    from pygames.spyworld import sheet as sh
    costs = []
    for boxes in range(6):
        costs.append(sh.bonus_cost({"boxes": boxes}))
    assert costs == [2, 3, 4, 5, 6, None] and sum(costs[:5]) == 20


def test_worked_example_9_16_shared_mission():
    """SPY-9.16/SPY-5.25/SPY-5.26/SPY-5.27/SPY-5.28/SPY-8.12: both claimers get their reward, then the mission is
    face down;
    one claim per player per turn; a still-met mission can be claimed later."""
    state = new(3, 5)
    state["missions"] = ["m6", "m9", "m1"]
    for p in (0, 1):
        state["dec"][p]["sheet"]["walls"] = ["11-12", "12-13", "13-14", "14-15", "21-22", "22-23", "23-24", "24-25"]
    state["dec"][0]["sheet"]["gadgets"] = [5]
    state = play(state, 0, "pass")
    assert sorted(legal(state)) == sorted(["noclaim", "claim:m6:cash", "claim:m6:bonus", "claim:m9:cash",
                                           "claim:m9:bonus"])
    state = play(state, 0, "claim:m6:cash")
    assert legal(state) == ["submit", "restart"]  # one claim per turn
    state = play(state, 0, "submit")
    state = play(state, 1, "pass", "claim:m6:bonus", "submit")
    state = play(state, 2, "pass", "noclaim", "submit")
    assert state["sheets"][0]["budget"] == 10 + 1 + 3 and state["sheets"][1]["bonus"] == 9
    assert state["down"] == [True, False, False]
    state = play(state, 0, "pass")
    assert "claim:m9:bonus" in legal(state) and not any("m6" in a for a in legal(state))
    state["dec"][2]["sheet"]["walls"] = ["11-12", "12-13", "13-14", "14-15", "21-22", "22-23", "23-24", "24-25"]
    state = play(state, 2, "pass")
    assert not any("m6" in a for a in legal(state, 2))


def test_mission_conditions():
    """SPY-2.39, SPY-2.40, SPY-2.41, SPY-2.42, SPY-2.43, SPY-2.44, SPY-2.45, SPY-2.46, SPY-2.47 conditions
    (data thresholds) and SPY-5.29 (planning points only)."""
    from pygames.spyworld.sheet import mission_met, new_sheet
    s = new_sheet(False)
    assert not any(mission_met(m, s) for m in MISSIONS)
    put(s, c11="lasers", c12="saw", c13="shark")
    assert mission_met("m1", s) and not mission_met("m2", s)
    put(s, c21="dog", c22="guard", c23="robot", c31="secret1", c32="secret2", c33="secret3")
    assert mission_met("m2", s) and mission_met("m3", s)
    put(s, c14="dog", c15="dog")
    assert mission_met("m4", s) and not mission_met("m5", s)  # row 1 full
    put(s, c43="dog")
    assert mission_met("m5", s)  # column 3: 4 buildable cells (1,3), (2,3), (3,3), (4,3)
    s2 = new_sheet(False)
    put(s2, c51="dog", c52="dog", c54="dog", c55="dog")
    assert mission_met("m4", s2)  # row 5: its 4 buildable cells
    s2["walls"] = ["11-12"] * 7
    assert not mission_met("m6", s2)
    s2["walls"] = ["11-12"] * 8
    assert mission_met("m6", s2)
    s2["tracks"] = [10, 0, 0]
    assert mission_met("m7", s2) and not mission_met("m8", s2)
    s2["tracks"] = [5, 5, 5]
    assert mission_met("m8", s2) and not mission_met("m7", s2)
    s2["gadgets"] = [5]
    assert mission_met("m9", s2)  # the drill counts 2


def test_why_illegal_reasons():
    """why_illegal gives catalogue reasons for common planning mistakes."""
    state = new(2, 5)
    state = play(state, 0, "pass")
    assert spy.why_illegal(state, 0, "take:1")[0] == "spy.err.finish_card"
    assert spy.why_illegal(state, 0, "pass")[0] == "spy.err.pass_first"
    state = play(state, 0, "noclaim", "submit")
    with pytest.raises(core.IllegalAction) as err:
        play(state, 0, "pass")
    assert err.value.key == "core.err.not_your_turn"


def test_cards_data_used_by_display():
    """SPY-4.4: view shows each display card's index from the pile top (colour + number)."""
    state = new(2, 5)
    for slot, card in enumerate(spy.view(state, None)["display"], start=1):
        assert card["id"] == state["shown"][-1][slot - 1] and card["kind"] == CARDS[card["id"]]["kind"]
        assert tuple(card["index"]) == back(state["piles"][slot - 1][-1])


def test_border_wall_drawn_and_logged():
    """SPY-2.11: a Wall card may go on an outer side of a room of its line; it is recorded on the sheet,
    logged at the resolution and labelled as an outer wall."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "wall"}, "R1")
    state = play(state, 0, "take:1")
    assert {"wall:01-11", "wall:05-15", "wall:15-16", "wall:10-11"} <= set(legal(state))
    assert spy.action_label(core.view(spy, state, 0), "wall:15-16") == (
        "spy.act.wall_border", {"cell": "(1,5)", "side": "@spy.side.right"})
    state = play(state, 0, "wall:15-16", "done", "noclaim", "submit")
    state = play(state, 1, "pass", "noclaim", "submit")
    assert state["sheets"][0]["walls"] == ["15-16"]
    assert ["spy.log.wall", {"player": 0, "segment": "15-16"}, None] in state["log"]


def test_start_room_sides_never_take_a_wall_border_included():
    """SPY-2.12 with SPY-2.11: the start room's bottom (outer) side is no more drawable than its inner sides."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "wall"}, "R5")
    state = play(state, 0, "take:1")
    walls = {a[5:] for a in legal(state)}
    assert "53-63" not in walls and not any("53" in s.split("-") for s in walls)
    assert {"51-61", "52-62", "54-64", "55-65", "50-51", "55-56"} <= walls


def test_wall_card_takeable_while_a_border_edge_is_free():
    """SPY-2.11/SPY-4.13: with every internal segment of the line drawn, a Wall card is still takeable (only outer
    sides are offered); once every side of the line is drawn, it is not."""
    state = new(2, 5)
    arrange(state, 1, {"kind": "wall"}, "B1")
    internal = [s for s in data.segments_of_line("B", 1) if s not in data.BORDER_SET]
    for sheet in (state["sheets"][0], state["dec"][0]["sheet"]):
        sheet["walls"] = sorted(internal)
    assert "take:1" in legal(state)
    state2 = play(state, 0, "take:1")
    assert {a[5:] for a in legal(state2)} == {s for s in data.segments_of_line("B", 1) if s in data.BORDER_SET}
    for sheet in (state["sheets"][0], state["dec"][0]["sheet"]):
        sheet["walls"] = sorted(data.segments_of_line("B", 1))
    assert "take:1" not in legal(state)
    assert spy.why_illegal(state, 0, "take:1")[0] == "spy.err.cannot_apply"


def test_player_counts_2_to_12_engine_link_dialog():
    """SPY-1/SPY-3.1/SPY-3.8: the engine and the deep link accept 2-12 seats and refuse 1 and 13;
    the new-game dialog offers every count the engine accepts (no smaller DIALOG_PLAYERS); the home blurb agrees."""
    assert spy.PLAYERS == (2, 12)
    assert getattr(spy, "DIALOG_PLAYERS", spy.PLAYERS) == spy.PLAYERS
    for n in (2, 9, 10, 12):
        state = core.new_game(spy, n, 7)
        assert len(state["sheets"]) == n and len(state["dealt"]) == n
    for n in (1, 13):
        try:
            core.new_game(spy, n, 7)
        except core.IllegalAction as exc:
            assert exc.key == "core.err.players" and exc.params == {"min": 2, "max": 12}
        else:
            raise AssertionError(f"{n} players accepted")
    link = parse_deep_link("?game=spy&seats=" + ",".join(["computer"] * 12) + "&opt.agents=free", {"spy": spy})
    assert len(link["kinds"]) == 12 and link["options"] == {"agents": "free"}
    blurb = json.loads((ROOT / "pygames/web/strings.json").read_text(encoding="utf-8"))["home.blurb.spy"]
    assert "2–12" in blurb["en"] and "2 à 12" in blurb["fr"]
    assert [o for o in spy.OPTIONS if o["id"] == "beginner12"]  # SPY-3.4 for every seat


def test_more_than_nine_players_choose_freely_and_play_to_the_end():
    """SPY-3.8: with 10-12 players there is no dealing: every player picks any of the 9 agents, even
    with the option left on "dealt"; such a game plays to the end (12 heuristic bots)."""
    state = core.new_game(spy, 12, 3, {"agents": "dealt"})
    assert state["phase"] == "keep" and spy.to_move(state) == list(range(12))
    assert all(sorted(a[5:] for a in legal(state, p)) == sorted(AGENTS) for p in range(12))
    bot = spy.bots()["heuristic"]
    rng = core.Rng(1)
    while not spy.is_over(state):
        p = spy.to_move(state)[0]
        core.apply_in_place(spy, state, p, bot(core.view(spy, state, p), spy.legal_actions(state, p), rng))
    res = core.result(spy, state)
    assert len(res["scores"]) == 12 and len(set(state["agent"])) < 12  # 12 agents from 9: duplicates
    assert sorted(state["explores"]) == list(range(12))


def test_free_choice_option_any_agent_duplicates_allowed():
    """SPY-3.11: option agents=free: every player is offered all 9 agents (on every lair), picks secretly, and
    two players may pick the same agent; nothing is dealt at random."""
    for lair in (1, 2):
        state = core.new_game(spy, 3, 11, {"agents": "free", "lair": lair})
        assert state["phase"] == "keep" and state["dealt"] == [sorted(AGENTS)] * 3
        state = play(state, 0, "keep:magpie")
        state = play(state, 1, "keep:magpie")
        state = play(state, 2, "keep:viper")
        assert state["phase"] == "plan" and state["agent"] == ["magpie", "magpie", "viper"]
    dealt = core.new_game(spy, 3, 11, {"agents": "dealt"})
    assert all(len(d) == 2 for d in dealt["dealt"])
