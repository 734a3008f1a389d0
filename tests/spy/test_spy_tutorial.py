"""Spyworld's guided first game (pygames/spyworld/tutorial.json) reaches every mechanic issue 14 lists, read from the
engine's log and state, not from the script: choosing among the three cards (with bonus actions), placing a
fixture, a wall, training, a gadget, claiming a mission, passing; then exploring: a move, a trap, a guardian, a
stolen secret, going back to a visited room; and the awards. The steps are reached whatever the player does in
free play (the browser's free taps differ from the test's)."""

from __future__ import annotations

import pytest
from helpers import tutorial_play

from pygames.core.rng import Rng
from pygames.spyworld.data import INDEX, SHEET, START, gadget_count
from pygames.spyworld.sheet import group


@pytest.fixture(scope="module")
def played():
    return tutorial_play.play("spy")


def human(played) -> int:
    return played.runner.script.human


def scripted_turns(played, phase_prefix: str) -> list:
    return [t for t in played.turns if t.step is not None and t.action.startswith(phase_prefix)]


def test_the_planning_steps_take_cards_with_bonus_actions_place_a_fixture_a_wall_training_and_a_gadget(played):
    me = human(played)
    takes = played.human_events("spy.log.take", scripted_only=True)
    cards = [e[1]["card"] for e in takes]
    assert any(c.startswith("@spy.card.train.") for c in cards)  # SPY-5.13: training
    assert "@spy.card.gadget" in cards and "@spy.card.wall" in cards
    assert played.human_events("spy.log.place", scripted_only=True)  # SPY-5.1: a fixture drawn in a room
    assert played.human_events("spy.log.wall", scripted_only=True)  # SPY-5.10
    assert played.human_events("spy.log.gadget", scripted_only=True)  # SPY-5.16
    # SPY-4.9: bonus actions, several of the three display cards taken in one turn (one resolution's log lines)
    per_turn = [sum(1 for e in t.events if e[0] == "spy.log.take" and e[1]["player"] == me)
                for t in played.turns if t.step is not None]
    assert max(per_turn) == 3
    assert played.session.state["sheets"][me]["boxes"] >= 2


def test_the_player_passes_and_claims_a_mission_that_is_then_face_down(played):
    state = played.session.state
    assert played.human_events("spy.log.pass", scripted_only=True)  # SPY-4.8
    claims = played.human_events("spy.log.claim", scripted_only=True)
    assert len(claims) == 1
    mission = claims[0][1]["mission"].rsplit(".", 1)[1]
    assert state["down"][state["missions"].index(mission)]  # SPY-5.27: claimed, turned face down
    assert [mission, "bonus"] in state["sheets"][human(played)]["claims"]


def test_the_exploration_steps_steal_a_secret_go_back_and_pass_a_guardian_and_a_trap(played):
    me = human(played)
    state = played.session.state
    grid = state["sheets"][state["explores"][me]]["grid"]  # the rival's lair the player explored
    moves = [e for t in scripted_turns(played, "move:") for e in t.events if e[0] == "spy.log.move"]
    assert len(moves) == len(scripted_turns(played, "move:")) >= 4
    assert all(e[2] == [me] for e in moves)  # an exploration is private (SPY-4.25)
    seen, met = {START}, set()
    for event in moves:
        cell = event[1]["cell"]
        if cell in seen:
            met.add("back")  # SPY-4.31: a visited room costs the step only
        elif grid[INDEX[cell]]:
            met.add(group(grid[INDEX[cell]]))
        seen.add(cell)
    assert met == {"secret", "back", "guardian", "trap"}
    record = state["ex"][me]
    assert record["trig"] >= 1 and record["neut"] >= 1 and record["stolen"] > 0  # SPY-4.32


def test_the_game_ends_with_the_awards_and_the_drill_makes_the_player_the_gadget_fan(played):
    me = human(played)
    assert played.session.over
    result = played.session.result()
    gadgets = [gadget_count(s["gadgets"]) for s in played.session.state["sheets"]]
    assert gadgets[me] >= 2 and gadgets[me] == max(gadgets) > min(gadgets)
    assert result["breakdown"]["gadget_fan"][me] == SHEET["awards"]["gadget_fan"]  # SPY-6.7
    assert {"trapper", "gadget_fan", "explorer", "brutal"} <= set(result["breakdown"])
    assert [e[0] for e in played.events()].count("spy.log.score") == 2


@pytest.mark.parametrize("salt", [1, 2, 3])
def test_every_step_is_reached_whatever_the_player_does_in_free_play(salt):
    rng = Rng(salt)
    played = tutorial_play.play("spy", free=lambda session, legal: rng.choice(legal))
    assert played.runner.finished_steps and played.session.over
