"""Replay the last turn (pygames/app/staging.py, the table's replay bar): which frames, from which views, and that
no frame holds what the viewer may not see. CPython; the browser run is tests/browser/test_replay.py."""

import pytest

from pygames import core
from pygames.app import staging
from pygames.app.session import EASY, HUMAN, Seat, Session
from pygames.core import registry
from pygames.web import table
from tests.test_table_model import by_testid, catalogue, controls, model_of, started, walk

pytestmark = pytest.mark.usefixtures("board_templates")  # the boards' fragments from the built page

GAMES = ("ps", "pax", "spy", "sik")


def views_at(game, state: dict, seat: int, start: int) -> list[dict]:
    """The seat's own view after each step of the history from `start` on, worked out independently of staging."""
    out = []
    for k in range(start, len(state["history"]) + 1):
        again = core.replay(game, state["players"], state["seed"], state["options"], state["history"][:k])
        out.append(core.view(game, again, seat))
    return out


def plain(legal: list[str]) -> list[str]:
    """The choices that move the game on (not a restart or cancel of one's own plan)."""
    return [a for a in legal if not any(w in a for w in ("stage", "restart", "cancel"))] or legal


def tree_of(node):
    """A vdom subtree as plain data, to compare two drawings."""
    if isinstance(node, str):
        return node
    if not hasattr(node, "tag"):
        return ("static", node.key)
    return (node.tag, dict(node.attrs), [tree_of(k) for k in node.kids])


def others_turns(gid: str, seed: int = 7, turns: int = 4) -> Session:
    """A game against two easy computers where possible (else one), stopped at the human's decision after
    `turns` of its own moves, so the computers have just played."""
    game = registry.load(gid)
    seats = [Seat("Ann", HUMAN), Seat("", EASY)] + ([Seat("", EASY)] if game.PLAYERS[1] >= 3 else [])
    s = Session.start(game, seats, seed, {}, "t")
    for _ in range(400):
        if s.next_bot() is not None:
            s.bot_step()
        elif s.legal_for_viewer() and (turns or not staging.others_moved(s.state, 0)):
            s.act(plain(s.legal_for_viewer())[-1])  # on until the human's decision comes after the others' moves
            turns = max(0, turns - 1)
        else:
            break
    return s


@pytest.mark.parametrize("gid", GAMES)
def test_the_frames_are_the_viewers_own_views_after_each_of_the_others_moves(gid):
    s = others_turns(gid)
    assert not s.over and s.legal_for_viewer()
    history = s.state["history"]
    start = staging.last_own_action(history, 0) + 1
    assert start < len(history), "the computers moved since the human's last action"
    frames = staging.frames(s.game, s.state, 0)
    assert len(frames) >= 2 and frames[0].seat is None
    assert all(f.seat not in (None, 0) for f in frames[1:])  # only the others' moves are staged
    own = views_at(s.game, s.state, 0, start)
    assert frames[0].view == own[0]  # the board as the viewer left it
    assert frames[-1].view == s.view()  # the last frame is the board now
    distinct = [v for i, v in enumerate(own) if i == 0 or v != own[i - 1]]
    assert [f.view for f in frames] == distinct  # one frame per move that changed what the viewer sees, in order
    for before, after in zip(frames, frames[1:], strict=False):
        assert after.fresh == len(before.view["log"])  # a frame's lines are the ones its move added


@pytest.mark.parametrize("gid", ["pax", "spy", "sik"])
def test_no_frame_is_another_seats_view(gid):
    """Frames compared with the other seats' views at the same moment: where those hold a secret of theirs (they
    differ from the viewer's), the frame is the viewer's, never theirs."""
    s = others_turns(gid, seed=11, turns=6)
    history = s.state["history"]
    start = staging.last_own_action(history, 0) + 1
    frames = staging.frames(s.game, s.state, 0)
    secrets = 0
    for seat in range(1, s.state["players"]):
        theirs = views_at(s.game, s.state, seat, start)
        mine = views_at(s.game, s.state, 0, start)
        for frame in frames:
            k = mine.index(frame.view)  # every frame is a view of the viewer's, at one moment
            if theirs[k]["state"] != mine[k]["state"]:
                secrets += 1
                assert frame.view["state"] != theirs[k]["state"]
    assert secrets, "the test must cover a moment where another seat's view holds a secret"


def test_hot_seat_frames_follow_the_other_human_from_the_viewers_view():
    game = registry.load("sik")
    s = Session.start(game, [Seat("Ann", HUMAN), Seat("Bob", HUMAN)], 3, {}, "t")
    for _ in range(60):
        seat = s.next_human()
        s.viewer = seat
        s.act(plain(s.legal_for_viewer())[-1])
        if seat == 1 and staging.last_own_action(s.state["history"], 0) >= 0 and len(s.state["history"]) > 6:
            break
    frames = staging.frames(game, s.state, 0)
    assert frames and all(f.seat == 1 for f in frames[1:])
    assert frames[-1].view == core.view(game, s.state, 0) != core.view(game, s.state, 1)


def test_nothing_to_replay_right_after_the_viewers_own_move():
    s = started("ps", 0)
    s.act(s.legal_for_viewer()[0])
    assert staging.frames(s.game, s.state, 0) == [] and staging.Run.of(s.game, s.state, 0) is None
    assert not staging.others_moved(s.state, 0) and staging.others_moved(s.state, 1)


def test_a_run_steps_through_its_frames_and_ends_when_the_game_moves_on():
    s = others_turns("pax")
    run = staging.Run.of(s.game, s.state, 0)
    assert run.fits(s.state, 0) and not run.fits(s.state, 1)
    seen = [run.current().step]
    while run.advance():
        seen.append(run.current().step)
    assert seen == list(range(run.total + 1)) and not run.fits(s.state, 0)
    again = staging.Run.of(s.game, s.state, 0)
    s.act(s.legal_for_viewer()[0])
    assert not again.fits(s.state, 0)


def test_a_frame_is_limited_to_the_last_moves_of_a_long_wait():
    s = others_turns("pax")
    frames = staging.frames(s.game, s.state, 0, limit=1)
    assert len(frames) == 2 and frames[-1].view == s.view()


def test_step_lengths_follow_the_menus_speed():
    assert staging.step_ms("fast") < staging.step_ms("normal") < staging.step_ms("slow")
    assert staging.step_ms(None) == staging.step_ms("bogus") == staging.step_ms("normal")


@pytest.mark.parametrize("gid", GAMES)
def test_the_table_draws_the_frame_and_keeps_the_status_and_the_decision(gid):
    s = others_turns(gid)
    cat = catalogue([seat.name for seat in s.seats])
    run = staging.Run.of(s.game, s.state, 0)
    plain = table.table(model_of(s, replayable=True), cat)
    replay = by_testid(plain, "replay-turn")
    assert replay.attrs["data-command"] == "replay-turn" and replay.attrs["aria-label"] == cat.t("game.replay")
    assert [kid.textContent for kid in replay.kids] == [cat.t("game.replay"), cat.t("game.replay_short")]
    bar_actions = [n.attrs["data-action"] for n in walk(by_testid(plain, "actions")) if "data-action" in n.attrs]
    staged = table.table(model_of(s, replayable=True, stage=run.current()), cat)
    assert by_testid(staged, "status").textContent == by_testid(plain, "status").textContent
    assert [n.attrs["data-action"] for n in controls(by_testid(staged, "actions"))] == bar_actions
    assert not controls(by_testid(staged, "board"))  # a past board: nothing on it can be played
    step = by_testid(staged, "replay")
    assert step.attrs["data-step"] == "0" and step.attrs["data-total"] == str(run.total)
    assert by_testid(staged, "replay-skip").attrs["data-command"] == "replay-end"
    # the board drawn is the frame's: the same as the board of a model whose view is that frame
    frame_board = table.table(table.Model(gid, run.current().frame.view, (), 0, model_of(s).names,
                                          model_of(s).kinds), cat)
    assert tree_of(by_testid(staged, "board")) == tree_of(by_testid(frame_board, "board"))
    run.advance()
    moved = table.table(model_of(s, stage=run.current()), cat)
    frame = run.current().frame
    words = [cat.t(key, **args) for key, args in frame.view["log"][frame.fresh:]]
    assert cat.seat_name(frame.seat) in by_testid(moved, "replay").textContent
    assert all(w in by_testid(moved, "replay").textContent for w in words)


def test_the_replay_on_screen_steps_on_its_clock_and_ends_when_the_game_moves_on(monkeypatch):
    """pygames/web/replay.py: the controller's replay, its timer faked (dom.later): one frame per tick at the menu's
    speed, over after the last frame or as soon as the game it was made for moved on."""
    from pygames.web import dom, replay

    timers, cancelled = [], []
    monkeypatch.setattr(dom, "later", lambda _name, ms, callback: timers.append((ms, callback)) or len(timers))
    monkeypatch.setattr(dom, "cancel", cancelled.append)
    monkeypatch.setattr(dom, "stored", lambda _key: "fast")
    s = others_turns("sik")
    ticks = []
    shown = replay.Replay()
    assert shown.start(s.game, s.state, 0, lambda: ticks.append(1))
    assert timers[-1][0] == staging.STEP_MS["fast"]
    total = shown.stage(s.state, 0).total
    assert total >= 1 and shown.stage(s.state, 0).step == 0
    timers[-1][1]()  # the clock rings: the app is told (a ReplayStep message)
    assert ticks == [1]
    for step in range(1, total + 1):
        assert shown.step(lambda: None) and shown.stage(s.state, 0).step == step
    assert not shown.step(lambda: None) and shown.stage(s.state, 0) is None  # past its last frame: over
    assert shown.start(s.game, s.state, 0, lambda: None)
    assert shown.stage(s.state, 1) is None and shown.run is None  # another seat on screen: over
    assert shown.start(s.game, s.state, 0, lambda: None)
    s.act(plain(s.legal_for_viewer())[-1])
    assert shown.stage(s.state, 0) is None  # the game moved on: over, its clock stopped
    assert cancelled and not shown.end()


def test_another_seat_moving_meanwhile_does_not_end_the_replay():
    """Issue 47: in Spyworld the viewer's replay of the last turn went on after a computer submitted in the next
    simultaneous step (it ended when "the game moved on"); only the viewer acting, or a move taken back, ends it."""
    game = registry.load("spy")
    s = Session.start(game, [Seat("Ann", HUMAN), Seat("", EASY)], 3, {}, "t")
    run = None
    for _ in range(200):
        if 0 in game.to_move(s.state) and (run := staging.Run.of(game, s.state, 0)) is not None \
                and 1 in game.to_move(s.state):
            break
        if 0 in game.to_move(s.state):
            s.act(s.legal_for_viewer()[0])
        else:
            s.bot_step()
    assert run is not None and run.fits(s.state, 0)
    while 1 in game.to_move(s.state):  # the computer plans and submits while the viewer watches the replay
        s.bot_step()
    assert game.to_move(s.state) == [0] and run.fits(s.state, 0)
    s.act(s.legal_for_viewer()[0])  # the viewer's own move ends it
    assert not run.fits(s.state, 0)
