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


def _json(value):
    import json
    return json.loads(json.dumps(value))


def test_the_playout_policy_sees_a_part_of_its_seats_view_and_plays_as_on_the_whole_view():
    """`views.policy_view` (what the search's playout policy reads, built a few hundred times a playout) holds
    only what `view` shows the same seat, and the easy bot's choice on it is the choice on the whole view."""
    from pygames.spyworld.bots import heuristic
    from pygames.spyworld.views import policy_view, view

    checked = set()
    for players, seed in ((2, 1), (3, 2), (2, 3)):
        state = core.new_game(spy, players, seed)
        rng = Rng(seed)
        while not spy.is_over(state):
            seat = spy.to_move(state)[0]
            legal = spy.legal_actions(state, seat)
            part, whole = _json(policy_view(state, seat)), _json(view(state, seat))
            for key, value in part.items():
                if key == "pending":
                    assert value.items() <= whole["pending"].items()
                elif key == "ex":
                    assert value == [r and {k: v for k, v in r.items() if k != "rooms"} for r in whole["ex"]]
                else:
                    assert value == whole[key], key
            wrap = {"viewer": seat, "options": state["options"], "players": players}
            choices = [heuristic(dict(wrap, state=v), legal, Rng(len(legal)), exact=False)
                       for v in (policy_view(state, seat), view(state, seat))]
            assert choices[0] == choices[1]
            if len(legal) > 1:  # the policy itself (it sends a planning step straight to the bot's planning rules)
                assert spy.ai.rollout(state, seat, legal, Rng(len(legal))) == choices[0]
            checked.add(state["phase"] + ":" + (state["dec"][seat]["st"] if state["phase"] == "plan" else ""))
            state = core.apply(spy, state, seat, heuristic(dict(wrap, state=view(state, seat)), legal, rng,
                                                           exact=False))
    assert {"keep:", "plan:first", "plan:line", "plan:cell", "plan:more", "plan:claim", "explore:"} <= checked


def test_a_search_state_skips_only_the_log():
    """In a search's private state (`fast.search_mode`) nobody reads the log, so the rules skip building the
    turn, decision and final-score events there (`core.logged`); the game itself is the same, action for action."""
    from pygames.core import fast

    for players, seed in ((2, 4), (3, 5)):
        real = core.new_game(spy, players, seed)
        quiet = fast.private(real)
        assert core.logged(real) and not core.logged(quiet)
        rng = Rng(seed)
        while not spy.is_over(real):
            seat = spy.to_move(real)[0]
            legal = spy.legal_actions(real, seat)
            assert spy.legal_actions(quiet, seat) == legal
            action = legal[rng.below(len(legal))]
            real = core.apply(spy, real, seat, action)
            spy.apply_action(quiet, seat, action)
        assert spy.is_over(quiet) and spy.result(quiet) == spy.result(real)
        keys = {e[0] for e in real["log"]}
        assert {"spy.log.turn", "spy.log.take", "spy.log.explored", "spy.log.score"} <= keys
        assert list(quiet["log"]) == []
        skip = {"log", "history", "barrier", "undo_floor"}  # the bookkeeping of undo, which a search never does
        assert {k: v for k, v in quiet.items() if k not in skip} == {k: v for k, v in real.items() if k not in skip}


def test_the_card_step_of_the_playout_loop_is_the_bots_choice_from_the_whole_legal_list():
    """`ai.card_step` (the playout loop's "take a card or not", which asks whether a card may be taken only for
    the cards the bot prefers) chooses what the playout policy chooses from the whole legal list, at every card
    step of whole games played at random (bonus boxes ticked, budgets spent, cards refused)."""
    checked = {"take": 0, "pass": 0, "done": 0}
    for players, seed in ((2, 6), (3, 7), (4, 8), (2, 9)):
        state = core.new_game(spy, players, seed)
        rng = Rng(seed)
        while not spy.is_over(state):
            seat = spy.to_move(state)[0]
            legal = spy.legal_actions(state, seat)
            dec = state["dec"][seat] if state["phase"] == "plan" else None
            if dec is not None and dec["st"] in ("first", "more"):
                expected = legal[0] if len(legal) == 1 else spy.ai.rollout(state, seat, legal, Rng(1))
                assert spy.ai.card_step(state, seat, dec) == expected, (dec["st"], legal)
                checked[expected.split(":")[0]] += 1
            state = core.apply(spy, state, seat, legal[rng.below(len(legal))])
    assert min(checked.values()) >= 20, checked


def test_the_playout_loop_plays_the_generic_loops_actions():
    """`ai.playout` (the search's playout loop for Spyworld) ends every playout in the same state, with the same
    rewards, as the generic loop playing the same policy, from the start and from the middle of games."""
    import dataclasses

    from pygames.core import fast

    hooks = search.hooks_of(registry.load("spy"))
    assert hooks.playout is spy.ai.playout
    generic = dataclasses.replace(hooks, playout=None)
    for players in (2, 3, 4):
        for seed in range(6):
            state = core.new_game(spy, players, seed)
            rng = Rng(seed)
            for _ in range(seed * 40):  # some random moves first: later turns, bonus boxes, explorations
                if spy.is_over(state):
                    break
                seat = spy.to_move(state)[0]
                legal = spy.legal_actions(state, seat)
                state = core.apply(spy, state, seat, legal[rng.below(len(legal))])
            ends = []
            for used in (hooks, generic):
                mine = fast.private(state)
                reward = search._rollout(spy, used, mine, Rng(seed))
                ends.append((reward, {k: v for k, v in mine.items() if k not in ("log", "history")}))
            assert ends[0] == ends[1], (players, seed)
            assert spy.is_over(fast.private(state)) or ends[0][1]["phase"] == "over"
