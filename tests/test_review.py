"""A whole game's replay (issue 49, item 1; pygames/app/review.py, pygames/web/reviewview.py), in CPython: the state
after every step equals the engine's own replay of the recipe up to there, the log's lines point at the step that
wrote them, a running game's replay shows only the seat on screen's view, a finished one every seat's and the
table's; the table drawn from a replay's model has its controls and no game control."""

import random

import pytest
from test_end_view import finished
from test_table_model import by_testid, controls, started, walk

from pygames import core
from pygames.app.review import KEEP_EVERY, Review
from pygames.core import registry
from pygames.web import i18n, table
from pygames.web.reviewing import Reviewing

pytestmark = pytest.mark.usefixtures("board_templates")
GAMES = ("ps", "pax", "spy", "sik")


def random_game(gid: str, seed: int, players: int = 2) -> dict:
    game = registry.load(gid)
    rng = random.Random(seed)
    state = core.new_game(game, players, seed, {})
    while not game.is_over(state) and len(state["history"]) < 400:
        seat = rng.choice(game.to_move(state))
        state = core.apply(game, state, seat, rng.choice(core.legal_actions(game, state, seat)))
    return state


@pytest.mark.parametrize("gid,players", [("ps", 2), ("pax", 2), ("spy", 3), ("sik", 2)])
def test_every_step_is_the_engines_replay_of_the_recipe_up_to_there(gid, players):
    game = registry.load(gid)
    state = random_game(gid, 11, players)
    review = Review(game, state, None, game.is_over(state))
    assert review.total == len(state["history"]) > KEEP_EVERY
    steps = sorted({0, 1, KEEP_EVERY - 1, KEEP_EVERY, KEEP_EVERY + 1, review.total // 2, review.total - 1,
                    review.total, *random.Random(1).sample(range(review.total + 1), 12)})
    for step in steps:
        expected = core.replay(game, players, state["seed"], state["options"], state["history"][:step])
        assert review.state_at(step) == expected, step
        assert review.go(step) or review.step == step
        for seat in (*range(players), None) if review.over else (review.seat,):
            review.choose(seat)
            assert review.view() == core.view(game, expected, seat)
    review.go(review.total)
    assert review.state_at(review.total) == state  # the last step is the game as it ended
    assert review.kept[0]["history"] == [] and review.state_at(3) is not review.state_at(3)  # fresh copies


@pytest.mark.parametrize("gid", GAMES)
def test_each_line_of_a_seats_log_goes_to_the_step_that_wrote_it(gid):
    game = registry.load(gid)
    state = random_game(gid, 5, 3 if gid == "spy" else 2)
    review = Review(game, state, None, True)
    for seat in (0, 1, None):
        review.choose(seat)
        for step in (0, 1, 7, review.total // 3, review.total):
            review.go(step)
            position = review.position()
            log = review.view()["log"]
            assert len(position.line_steps) == len(log)
            assert list(position.line_steps) == sorted(position.line_steps)
            assert all(s <= step for s in position.line_steps)
            for index, line_step in enumerate(position.line_steps):  # the line first shows after that step
                before = core.view(game, review.state_at(line_step - 1), seat)["log"] if line_step else []
                after = core.view(game, review.state_at(line_step), seat)["log"]
                assert len(before) <= index < len(after) and after[index] == log[index]


@pytest.mark.parametrize("gid", GAMES)
def test_a_running_games_replay_shows_only_what_the_seat_on_screen_saw(gid):
    s = started(gid, moves=4)
    assert not s.over
    review = Reviewing().open(s)
    assert review.seats == (s.viewer,) and review.step == 0 and not review.over
    with pytest.raises(ValueError):
        review.choose(1 - s.viewer)
    with pytest.raises(ValueError):
        review.choose(None)  # not even the table's view: the seat on screen's own only
    assert Review(s.game, s.state, None, False).seats == (None,)  # a table's device: the public view only
    for step in range(review.total + 1):
        review.go(step)
        truth = core.replay(s.game, 2, s.state["seed"], s.state["options"], s.state["history"][:step])
        assert review.view() == core.view(s.game, truth, s.viewer)  # exactly its view then: nothing more
        tree = table.table(_holding(review).model(s, _board(s), _bare), _cat())
        assert not any(n.attrs.get("data-testid") == "review-seat" for n in walk(tree))


def _holding(review):
    holder = Reviewing()
    holder.review = review
    return holder


def _board(s):
    from pygames.web.boards import board_of
    return board_of(s.game)


def _bare(view, _board):
    return view


def _cat(lang="en"):
    cat = i18n.Catalogue(lang=lang)
    cat.set_seats(["Ann", ""], {1})
    return cat


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_finished_games_replay_is_drawn_by_the_games_own_board_with_its_controls(gid, lang):
    s = finished(gid)
    holder = Reviewing()
    review = holder.open(s)
    assert review.over and review.seats == (0, 1, None) and review.seat == 0 and review.step == review.total
    cat = _cat(lang)
    review.go(review.total // 2)
    tree = table.table(holder.model(s, _board(s), _bare), cat)
    assert not controls(tree)  # no game control: a replay is looked at, not played
    slider = by_testid(tree, "review-slider")
    assert slider.attrs["max"] == str(review.total) and slider.attrs["value"] == str(review.total // 2)
    assert by_testid(tree, "review-step").attrs["data-step"] == str(review.total // 2)
    status = by_testid(tree, "status").textContent
    assert str(review.total // 2) in status and str(review.total) in status and "Ann" in status
    seats = [n for n in walk(tree) if n.attrs.get("data-testid") == "review-seat"]
    assert [n.attrs["data-seat"] for n in seats] == ["0", "1", ""]
    assert [n.attrs["aria-pressed"] for n in seats] == ["true", "false", "false"]
    jumps = [n for n in walk(tree) if n.attrs.get("class") == "log-jump"]
    assert len(jumps) == len(review.view()["log"]) and jumps
    assert all(n.attrs["data-command"].startswith("review-go:") for n in jumps)
    for where, off in (("first", False), ("back", False), ("next", False), ("last", False)):
        assert ("disabled" in by_testid(tree, f"review-{where}").attrs) is off
    review.go(0)
    tree = table.table(holder.model(s, _board(s), _bare), cat)
    assert "disabled" in by_testid(tree, "review-first").attrs and "disabled" in by_testid(tree, "review-back").attrs
    assert by_testid(tree, "status").textContent == cat.t("review.status_setup", total=review.total,
                                                          whose=cat.t("review.as_seat", player=0))


def test_the_steps_the_autoplay_and_the_keys_words():
    s = finished("sik")
    review = Review(s.game, s.state, 0, True)
    total = review.total
    assert not review.move("last") and review.move("first") and review.step == 0
    assert not review.move("back") and review.move("next") and review.step == 1
    assert review.move("9999") and review.step == total and review.move("-5") and review.step == 0
    with pytest.raises(ValueError):
        review.move("sideways")
    review.play(True)
    assert review.playing and review.tick() and review.step == 1
    review.go(total - 1)
    assert review.tick() and review.step == total and not review.playing and not review.tick()
    review.play(True)  # at the end: from the start again
    assert review.step == 0 and review.playing
    review.play(False)
    assert not review.tick() and review.step == 0


def test_the_next_mistake_goes_to_the_first_one_after_the_step_shown():
    from dataclasses import replace

    from pygames.web import reviewview

    s = finished("sik")
    review = Review(s.game, s.state, 0, True)
    review.go(10)
    cat = _cat()

    def target(position):
        found = [n for node in reviewview.controls(position, cat) for n in [node, *walk(node)]
                 if n.attrs.get("data-testid") == "review-mistake"]
        return found[0].attrs["data-command"] if found else None
    assert target(review.position()) is None  # no analysis: no such button
    assert target(replace(review.position(), costly=(4, 12, 30))) == "review-go:12"
    assert target(replace(review.position(), costly=(4, 8))) == "review-go:4"  # after the last: the first again
