"""Learn from your mistakes (issue 49, item 3; pygames/app/puzzles.py), in CPython: a saved game whose analysis
found a mistake gives a puzzle at the position before it, as its player saw it, with what they could not see drawn
again (the same view, other hidden cards: consistent with what they knew); an answer is accepted when it is the
best or within 3.5 points of it; an unreadable save or analysis gives no puzzle."""

import random

from pygames import core
from pygames.app import puzzles
from pygames.app.session import EASY, HUMAN, Seat, Session
from pygames.core import analysis, registry
from pygames.core.registry import LazyGames
from pygames.core.rng import Rng


def game_with_a_blunder(gid: str = "sik", seed: int = 3):
    """A finished game where the player at seat 0 once chose the worst of its moves by a long way (found by the
    analysis itself), then the easy computer played both seats to the end; and its stored analysis of that move."""
    game = registry.load(gid)
    s = Session.start(game, [Seat("Ann", EASY), Seat("", EASY)], seed, {}, f"{gid}-blunder")
    planted = None
    while not s.over:
        seat = s.to_move()[0]
        legal = core.legal_actions(game, s.state, seat)
        if planted is None and seat == 0 and len(legal) > 1 and len(s.state["history"]) > 6:
            view = core.view(game, s.state, 0)
            values = {a: analysis.judge(game, view, legal, a, rounds=16, seed=1).value_played for a in legal}
            if max(values.values()) - min(values.values()) > 0.3:
                bad = min(values, key=values.get)
                step = len(s.state["history"])
                s.state = core.apply(game, s.state, 0, bad)
                planted = analysis.judge(game, view, legal, bad, rounds=64, seed=2, step=step)
                continue
        s.bot_step()
    s.seats[0].kind = HUMAN
    assert planted is not None and planted.mark in ("mistake", "blunder")
    return s, planted


def test_a_mistake_becomes_a_puzzle_at_the_position_before_as_its_player_saw_it():
    s, planted = game_with_a_blunder()
    text = analysis.stored({planted.step: planted}, "full", 1)
    found = puzzles.collect(LazyGames(), [(s.save_id, s.to_save(), text)])
    assert len(found) == 1
    p = found[0]
    assert (p.step, p.seat, p.best, p.mark) == (planted.step, 0, planted.best, planted.mark)
    before = core.replay(s.game, 2, s.state["seed"], s.state["options"], s.state["history"][:p.step])
    truth = core.view(s.game, before, 0)
    views = [puzzles.position(s.game, s.state, p, seed) for seed in (1, 2, 3)]
    for view, legal in views:
        assert view == truth  # what the player saw, exactly
        assert legal == core.legal_actions(s.game, before, 0) and p.best in legal
    # what the player could not see was drawn again: the rival's agents differ between the draws
    drawn = [s.game.determinize(truth, 0, Rng(seed)) for seed in (1, 2, 3)]
    assert len({repr(d["board"]) for d in drawn}) > 1


def test_an_answer_is_accepted_when_it_is_the_best_or_within_three_and_a_half_points():
    j = analysis.Judgement(0, 0, "a", "b", 0.5, 0.53, 0.03, 0.01, (0.5, 0.5), 8, "good", 99.0)
    assert puzzles.accepted("a", j) and puzzles.accepted("b", j)
    worse = analysis.Judgement(0, 0, "a", "b", 0.4, 0.5, 0.1, 0.01, (0.4, 0.6), 8, "mistake", 60.0)
    assert not puzzles.accepted("a", worse) and puzzles.accepted("b", worse)


def test_an_unreadable_save_or_analysis_gives_no_puzzle():
    s, planted = game_with_a_blunder()
    text = analysis.stored({planted.step: planted}, "full", 1)
    assert puzzles.collect(LazyGames(), [(s.save_id, s.to_save()[:-5], text)]) == []
    assert puzzles.collect(LazyGames(), [(s.save_id, s.to_save(), text[:-5])]) == []
    other = Session.start(s.game, [Seat("Ann", HUMAN), Seat("", EASY)], 99, {}, "other")
    rng = random.Random(1)
    for _ in range(10):
        other.act(rng.choice(other.legal_for_viewer())) if other.legal_for_viewer() else other.bot_step()
    assert puzzles.collect(LazyGames(), [("other", other.to_save(), text)]) == []  # another game's analysis
