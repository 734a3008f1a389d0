"""Exploration rules (sections 4.D, 5.I to 5.K, 8.D) and the worked examples SPY-9.1, SPY-9.7, SPY-9.13,
SPY-9.14."""

from __future__ import annotations

import pytest
from spy_helpers import ex, explore_state

from pygames import core
from pygames import spyworld as spy
from pygames.spyworld import exploration
from pygames.spyworld.data import LAIRS
from pygames.spyworld.scoring import kept_value, reachable


def legal(state):
    return spy.legal_actions(state, state["cur"])


def go(state, *actions):
    for action in actions:
        state = core.apply(spy, state, state["cur"], action)
    return state


def test_worked_example_9_1_guard_dog_on_the_yacht():
    """SPY-9.1/SPY-2.34: Guard dog (0 Stealth, 2 Combat) + 1 Movement step; neutralised; 2 rooms (SPY-4.26,
    SPY-4.29, SPY-4.32, SPY-5.37, SPY-6.1)."""
    state = explore_state(lair=1, tracks=(5, 3, 4), agent="a42", c43="dog")
    state = go(state, "move:43")
    assert ex(state)["tr"] == [4, 3, 2] and ex(state)["neut"] == 1 and exploration.rooms(ex(state)) == 2


def test_start_cell_and_moves():
    """SPY-4.26 start cell explored, free; SPY-4.28 orthogonal moves inside the grid, no wall crossing;
    SPY-4.27 one action at a time; SPY-4.34 no need to return."""
    state = explore_state(walls=["42-43"], c43="")
    assert ex(state)["pos"] == "53" and exploration.rooms(ex(state)) == 1 and ex(state)["tr"] == [5, 5, 5]
    moves = sorted({a.split(":")[1] for a in legal(state) if a.startswith("move:")})
    assert moves == ["43", "52", "54"]
    state = go(state, "move:43")
    assert sorted({a.split(":")[1] for a in legal(state) if a.startswith("move:")}) == ["33", "44", "53"]
    with pytest.raises(core.IllegalAction) as err:
        go(state, "move:42")
    assert err.value.key == "spy.err.wall"
    with pytest.raises(core.IllegalAction) as err:
        go(state, "move:11")
    assert err.value.key == "spy.err.not_adjacent"
    state = go(state, "move:33", "stop")
    assert state["ex"][0]["done"] and state["ex"][0]["pos"] == "33"


def test_trap_and_secret_costs_polar():
    """SPY-5.35 Lasers (2 Stl, 1 Mov) on Base polaire (SPY-2.35); SPY-5.38 a secret costs the step only and is
    stolen (SPY-4.32); SPY-4.30 unaffordable moves are not offered."""
    state = explore_state(tracks=(3, 1, 0), c43="lasers", c52="secret2")
    assert "move:43" not in legal(state)
    with pytest.raises(core.IllegalAction) as err:
        go(state, "move:43")
    assert err.value.key == "spy.err.cannot_pay"
    state = go(state, "move:52")
    assert ex(state)["tr"] == [2, 1, 0] and ex(state)["stolen"] == 10 and ex(state)["cells"] == ["52"]


def test_worked_example_9_13_stuck():
    """SPY-9.13/SPY-4.33/SPY-8.17: only Stop is legal -> the exploration ends without asking; with an unused
    Energy drink (SPY-5.49) the engine asks, and after it (5,2) becomes affordable."""
    state = explore_state(tracks=(2, 3, 1), agent="magpie", c43="guard", c52="saw", c54="saw")
    assert list(exploration.options(state, 0)) == ["stop"]
    exploration.settle(state)
    assert state["ex"][0]["done"] and exploration.rooms(state["ex"][0]) == 1 and state["ex"][0]["trig"] == 0
    state = explore_state(tracks=(2, 3, 1), agent="magpie", gadgets=[4], c43="guard", c52="saw", c54="saw")
    exploration.settle(state)
    assert not state["ex"][0]["done"] and legal(state) == ["use:4", "stop"]
    state = go(state, "use:4")
    assert ex(state)["tr"] == [5, 3, 1]
    state = go(state, "move:52")
    assert ex(state)["tr"] == [2, 2, 1] and ex(state)["trig"] == 1 and exploration.rooms(ex(state)) == 2


def test_worked_example_9_14_pool_split_revisit_agent_42():
    """SPY-9.14/SPY-5.36/SPY-8.15 split choices; SPY-4.31 revisits cost the step only, content ignored;
    SPY-2.54/SPY-5.55 Agent 42: 0 Movement into a visited cell. (SPY-9.6, the rulebook's unreadable Agent 42
    figure, gives no test of its own: this example exercises the house Agent 42 power instead.)"""
    def run(agent):
        state = explore_state(tracks=(6, 3, 2), agent=agent, c43="secret1", c33="shark")
        state = go(state, "move:43")
        assert ex(state)["tr"] == [5, 3, 2] and ex(state)["stolen"] == 6
        splits = sorted(a for a in legal(state) if a.startswith("move:33"))
        assert splits == ["move:33:1-3-0", "move:33:2-2-0", "move:33:3-1-0", "move:33:4-0-0"]
        state = go(state, "move:33:1-3-0")
        assert ex(state)["tr"] == [3, 0, 2] and ex(state)["trig"] == 1
        return go(state, "move:43", "move:53")
    state = run("a42")
    assert ex(state)["tr"] == [3, 0, 2] and exploration.rooms(ex(state)) == 3 and ex(state)["stolen"] == 6
    state = run("shadow")
    assert ex(state)["tr"] == [1, 0, 2]
    yacht = explore_state(lair=1, tracks=(6, 3, 2), agent="a42", c43="secret1", c33="shark")
    yacht = go(yacht, "move:43")
    assert [a for a in legal(yacht) if a.startswith("move:33")] == ["move:33"]  # SPY-5.32: fixed, no split
    yacht = go(yacht, "move:33")
    assert ex(yacht)["tr"] == [2, 2, 2]


def test_dolphin_splits_in_three_and_on_the_yacht():
    """SPY-5.59/SPY-2.58 Dolphin: the pool total split among Movement, Stealth and Combat;
    SPY-5.64: on the Super-yacht the fixed 3 is split freely by the Dolphin."""
    state = explore_state(tracks=(1, 0, 4), agent="dolphin", c43="shark")
    assert sorted(a for a in legal(state) if a.startswith("move:43")) == ["move:43:0-0-4"]
    yacht = explore_state(lair=1, tracks=(1, 0, 3), agent="dolphin", c43="shark")
    assert [a for a in legal(yacht) if a.startswith("move:43")] == ["move:43:0-0-3"]


def test_worked_example_9_7_walled_in_and_drill():
    """SPY-9.7/SPY-6.2/SPY-6.3/SPY-6.4: a walled-in secret is worth nothing to its owner; SPY-5.51 Laser drill
    Normal crosses a wall, the wall stays; SPY-5.52 Expert opens it for the walled-in check; SPY-2.52/SPY-2.53."""
    lair = LAIRS[2]
    walls = ["11-12", "11-21"]
    sheet = {"grid": [""] * 25, "walls": walls}
    sheet["grid"][0], sheet["grid"][4] = "secret2", "secret1"
    assert len(reachable(walls)) == 24 and "11" not in reachable(walls)
    assert kept_value(lair, sheet, []) == 6
    state = explore_state(tracks=(9, 9, 9), gadgets=[5], walls=walls, c11="secret2", c15="secret1")
    state["ex"][0]["pos"] = "12"
    state["ex"][0]["vis"] |= 1 << 1
    state = go(state, "move:11:g5")
    assert ex(state)["stolen"] == 10 and ex(state)["tr"][0] == 8
    assert [a for a in legal(state) if a.startswith("move")] == []  # both sides walled, the drill spent
    assert kept_value(lair, state["sheets"][1], ex(state)["cells"], ex(state)["open"]) == 6
    walls2 = ["12-13", "11-21", "12-22"]
    for face, kept in (("expert", 6), ("normal", 0)):
        state = explore_state(tracks=(9, 9, 9), gadgets=[5], walls=walls2, options={"g5": face},
                              c11="secret1", c12="secret2")
        state["ex"][0]["pos"] = "13"
        state = go(state, "move:12:g5")
        assert ex(state)["stolen"] == 10
        assert kept_value(lair, state["sheets"][1], ex(state)["cells"], ex(state)["open"]) == kept
        if face == "expert":
            assert "move:11" in legal(state) and "move:13" in legal(state)  # open both ways


def test_smoke_bomb_faces():
    """SPY-2.48/SPY-5.43 Normal: Lasers/Saw Stealth part 0; SPY-5.44 Expert: any trap free, counts 2;
    SPY-5.40 still triggered; SPY-5.41/SPY-5.42 attached only when it changes the move, one gadget per move."""
    state = explore_state(tracks=(9, 9, 9), gadgets=[1, 2], c43="lasers", c52="dog")
    assert "move:43:g1" in legal(state) and "move:43:g2" not in legal(state) and "move:52:g1" not in legal(state)
    state = go(state, "move:43:g1")
    assert ex(state)["tr"] == [7, 9, 9] and ex(state)["trig"] == 1 and ex(state)["gad"] == [2]
    state = explore_state(tracks=(9, 9, 9), gadgets=[1], options={"g1": "expert"}, c43="shark")
    assert legal(state)[:1] == ["move:43:0-4-0"] and "move:43:g1" in legal(state)
    state = go(state, "move:43:g1")
    assert ex(state)["tr"] == [8, 9, 9] and ex(state)["trig"] == 2


def test_stun_gun_faces():
    """SPY-2.49/SPY-5.45 Normal: Combat 0, neutralised; SPY-5.46 Expert: Stealth and Combat 0, not neutralised."""
    state = explore_state(tracks=(9, 9, 9), gadgets=[2], c43="robot")
    state = go(state, "move:43:g2")
    assert ex(state)["tr"] == [8, 7, 9] and ex(state)["neut"] == 1
    state = explore_state(tracks=(9, 9, 9), gadgets=[2], options={"g2": "expert"}, c43="robot")
    state = go(state, "move:43:g2")
    assert ex(state)["tr"] == [8, 9, 9] and ex(state)["neut"] == 0


def test_grappling_hook_faces():
    """SPY-2.50/SPY-5.47 Normal: a Shark pool free; SPY-5.48 Expert: a 2-cell jump for 2 Movement over an unentered
    middle cell, blocked by walls on either edge, never reduced by Agent 42 or Viper."""
    state = explore_state(tracks=(9, 9, 9), gadgets=[3], c43="shark")
    state = go(state, "move:43:g3")
    assert ex(state)["tr"] == [8, 9, 9] and ex(state)["trig"] == 1
    state = explore_state(tracks=(9, 9, 9), gadgets=[3], agent="viper", options={"g3": "expert"},
                          walls=["44-54"], c43="guard", c33="secret3")
    jumps = sorted(a for a in legal(state) if ":g3" in a)
    assert jumps == ["move:33:g3", "move:51:g3", "move:55:g3"]
    assert not any(":g3:pw" in a for a in legal(state))
    state = go(state, "move:33:g3")
    assert ex(state)["tr"] == [7, 9, 9] and ex(state)["stolen"] == 15 and exploration.rooms(ex(state)) == 2
    assert ex(state)["neut"] == 0 and not exploration.visited(ex(state), "43")


def test_energy_drink_faces():
    """SPY-2.51/SPY-5.49 Normal: +3 Movement, cap 20, any time; SPY-5.50 Expert: 21 splits of 5, only before the
    first move; SPY-5.20 single use; SPY-5.53 never used in planning."""
    state = explore_state(tracks=(19, 0, 0), gadgets=[4])
    state = go(state, "use:4")
    assert ex(state)["tr"] == [20, 0, 0] and ex(state)["gad"] == []
    state = explore_state(tracks=(1, 0, 0), gadgets=[4], options={"g4": "expert"})
    assert len([a for a in legal(state) if a.startswith("use:4:")]) == 21
    moved = go(state, "move:43")
    assert not any(a.startswith("use:") for a in legal(moved))
    assert spy.why_illegal(moved, 0, "use:4:5-0-0")[0] == "spy.err.drink_late"
    state = go(state, "use:4:1-2-2")
    assert ex(state)["tr"] == [2, 2, 2]


def test_agent_powers_once_and_passive():
    """SPY-5.54 powers: once/passive; SPY-2.55/SPY-5.56 Viper step 0; SPY-2.56/SPY-5.57 Shadow Stealth 0;
    SPY-2.57/SPY-5.58 Bulldozer Combat 0, still neutralised; SPY-2.60/SPY-5.61 Chameleon pays in Combat;
    SPY-5.39 order gadget then power."""
    state = explore_state(tracks=(1, 0, 0), agent="viper", c43="")
    state = go(state, "move:43:pw")
    assert ex(state)["tr"] == [1, 0, 0] and ex(state)["pw"]
    assert not any(":pw" in a for a in legal(state))
    state = explore_state(tracks=(9, 9, 9), agent="shadow", c43="lasers")
    state = go(state, "move:43:pw")
    assert ex(state)["tr"] == [7, 9, 9]
    state = explore_state(tracks=(9, 9, 9), agent="bulldozer", c43="robot")
    state = go(state, "move:43:pw")
    assert ex(state)["tr"] == [8, 7, 9] and ex(state)["neut"] == 1
    state = explore_state(tracks=(9, 9, 9), agent="chameleon", c43="saw")
    state = go(state, "move:43:pw")
    assert ex(state)["tr"] == [8, 9, 6]
    state = explore_state(tracks=(9, 9, 9), agent="shadow", gadgets=[1], c43="lasers")
    assert "move:43:g1:pw" not in legal(state)  # the smoke already removed the Stealth: the power changes nothing
    state = explore_state(tracks=(9, 9, 9), agent="bulldozer", gadgets=[1], c43="robot")
    assert "move:43:pw" in legal(state)


def test_phoenix_and_magpie():
    """SPY-2.62/SPY-5.63 Phoenix: +2 Combat only right after a neutralising move; SPY-2.61/SPY-5.62 Magpie: first
    secret +5 to the explorer only; SPY-5.40 a waived cost still neutralises."""
    state = explore_state(tracks=(9, 9, 9), agent="phoenix", c43="dog", c33="dog")
    assert "power" not in legal(state)
    state = go(state, "move:43")
    assert "power" in legal(state)
    state = go(state, "power")
    assert ex(state)["tr"] == [8, 8, 10] and "power" not in legal(state)
    state = explore_state(tracks=(9, 9, 9), agent="magpie", c43="secret1", c33="secret1")
    state = go(state, "move:43", "move:33")
    assert ex(state)["stolen"] == 6 + 5 + 6


def test_explorations_in_seat_order_hidden_until_the_end():
    """SPY-4.25: one after another in seat order, each private (SPY-7.6/SPY-7.7); SPY-4.35/SPY-8.18: records and
    scores when all have ended; SPY-8.16 strict: each exploration action is final; lenient option: undo."""
    state = explore_state(tracks=(9, 9, 9), c43="secret1")
    state["sheets"][1]["tracks"] = [3, 3, 3]
    state["ex"][1] = exploration.new_record(state, 1)
    state = go(state, "move:43")
    assert not core.can_undo(state, 0)
    assert spy.view(state, 1)["ex"][0] is None and spy.view(state, None)["ex"][0] is None
    assert any(k == "spy.log.move" for k, _ in core.view(spy, state, 0)["log"])
    assert not any(k == "spy.log.move" for k, _ in core.view(spy, state, 1)["log"])
    state = go(state, "stop")
    assert spy.to_move(state) == [1]
    state = go(state, "move:43", "stop")
    assert spy.is_over(state) and spy.view(state, 1)["ex"][0]["stolen"] == 6
    lenient = explore_state(tracks=(9, 9, 9), options={"explore_undo": True}, c43="secret1")
    lenient = go(lenient, "move:43")
    assert core.can_undo(lenient, 0)


def test_the_shortcuts_to_one_outcome_and_to_any_action_agree_with_the_options():
    """`exploration.outcome_of` (one action's outcome, working out only the moves to its cell) and `can_act` (is
    there anything but Stop: SPY-4.33/SPY-8.17) say what `options` says, over whole random explorations with
    every gadget face and agent."""
    from pygames.core.rng import Rng

    seen_moves = 0
    for seed in range(8):
        opts = {f"g{n}": ("expert" if (seed + n) % 2 else "normal") for n in range(1, 6)}
        opts["lair"] = 1 + seed % 3
        state = core.new_game(spy, 2, seed, opts)
        rng = Rng(seed)
        while not spy.is_over(state):
            seat = spy.to_move(state)[0]
            acts = spy.legal_actions(state, seat)
            if state["phase"] == "explore":
                options = exploration.options(state, seat)
                assert all(exploration.outcome_of(state, seat, a) == o for a, o in options.items())
                assert exploration.can_act(state, seat) == (list(options) != ["stop"])
                seen_moves += len(options) > 1
            spy.apply_action(state, seat, acts[rng.below(len(acts))])
    assert seen_moves > 50
    with pytest.raises(KeyError):
        exploration.outcome_of(explore_state(lair=1, tracks=(5, 3, 4), agent="a42"), 0, "move:11")
