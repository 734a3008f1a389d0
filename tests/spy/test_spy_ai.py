"""Spyworld's search hook (pygames/spyworld/ai.py `search_actions`): a searching bot always ends the game. The
arena found a normal bot (agent A42) walking back and forth over explored cells for ever: free under SPY-5.55,
so the search saw no harm in it, and a game against it in the browser would never have ended."""

from spy_helpers import explore_state

from pygames import core
from pygames import spyworld as spy
from pygames.core import registry, search
from pygames.core.rng import Rng
from pygames.spyworld import exploration
from pygames.spyworld.ai import search_actions


def legal(state):
    return spy.legal_actions(state, 0)


def walk(state, action):
    exploration.apply(state, 0, action)
    return state


def test_a42_may_walk_back_for_free_but_the_search_does_not_loop():
    state = explore_state(lair=1, tracks=(5, 3, 4), agent="a42", c43="", c33="")
    walk(state, "move:43")
    walk(state, "move:33")
    walk(state, "move:43")  # back over an explored cell: free for A42
    assert state["ex"][0]["tr"] == [3, 3, 4]
    assert "move:33" in legal(state) and "move:53" in legal(state)  # the rules allow the loop
    offered = search_actions(legal(state), state, 0)
    assert "move:33" not in offered and "move:53" in offered  # back to 33 would pass it twice since it was new
    walk(state, "move:53")
    assert "move:43" in legal(state) and "move:43" not in search_actions(legal(state), state, 0)
    assert "stop" in offered and any(a.startswith("move:") for a in offered)


def test_every_exploration_the_search_can_choose_ends():
    """Whatever the search picks among what it is offered, the exploration ends (a bounded number of moves)."""
    for seed in range(40):
        rng = Rng(seed)
        state = explore_state(lair=1 + seed % 3, tracks=(6, 4, 4), agent="a42")
        for _ in range(200):
            if state["phase"] != "explore" or state["cur"] != 0:
                break
            offered = search_actions(legal(state), state, 0)
            moves = [a for a in offered if a != "stop"]
            walk(state, moves[rng.below(len(moves))] if moves else "stop")
        else:
            raise AssertionError(f"seed {seed}: the exploration did not end")


def test_the_search_never_restarts_a_planning_decision():
    game = registry.load("spy")
    state = core.new_game(game, 2, 3, {})
    rng = Rng(7)
    submits = 0
    while state["phase"] != "explore" and submits < 6:
        seat = game.to_move(state)[0]
        offered = search_actions(game.legal_actions(state, seat), state, seat)
        assert "restart" not in offered
        if "submit" in offered:
            submits += 1
        core.apply_in_place(game, state, seat, offered[rng.below(len(offered))])
    assert submits >= 2


def test_the_search_uses_the_hook():
    assert search.hooks_of(registry.load("spy")).prune is search_actions


def test_an_explorer_follows_the_exact_route_while_there_is_something_to_steal():
    """Every sheet is open during the explorations (SPY-7.2): the best route is known, so the search takes it."""
    from pygames.spyworld import routes

    game = registry.load("spy")
    state = explore_state(lair=1, tracks=(6, 3, 2), agent="viper", c43="secret1", c33="shark")
    best = routes.best_route(state, 0, state["ex"][0])
    assert best.stolen > 0 and len(legal(state)) > 1
    for action in best.actions:  # followed to the end, it steals what the optimiser promised
        view, offered = core.view(game, state, 0), legal(state)
        outcome = search.choose(game, view, offered, iterations=50, seed=1)
        assert outcome.action == action and outcome.iterations == 0  # not searched: answered
        walk(state, action)
    assert state["ex"][0]["stolen"] == best.stolen


def test_the_bots_never_walk_back_and_forth_for_ever_on_the_best_route():
    """Recorded from an arena game that hung (A42 exploring, SPY-5.55): the route optimiser returns the first
    route it finds that steals everything, and from (1,1) and from (2,1) that route started with the step to
    the other room; the bots solve again at every step, so they walked 11, 21, 11, 21… for ever. Now the
    easy bot and the searching bot both end this exploration, and they still steal what is left."""
    import json
    from pathlib import Path

    from pygames.core import bots

    game = registry.load("spy")
    recorded = json.loads((Path(__file__).parent / "a42_walks_back_and_forth.json").read_text())
    seat = recorded["cur"]
    assert recorded["agent"][seat] == "a42" and recorded["ex"][seat]["route"][-4:] == ["11", "21", "11", "21"]
    view = core.view(game, recorded, seat)
    legal_now = core.legal_actions(game, recorded, seat)
    assert spy.ai.best_answer(view, legal_now) not in ("move:11",)  # the old answer, back to where it came from
    for bot in (spy.bots()["heuristic"], search.budget_bot(game, iterations=6)):
        state = core.clone(recorded)
        before = state["ex"][seat]["stolen"]
        for _ in range(80):
            if game.is_over(state) or state["cur"] != seat:
                break
            core.apply_in_place(game, state, seat, bots.bot_move(game, state, seat, bot, Rng(1)))
        else:
            raise AssertionError("the exploration did not end in 80 actions")
        assert state["ex"][seat]["stolen"] > before
