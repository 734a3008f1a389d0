"""The end screen on the page: its model (endview.Over) drawn by its pure view (endview.screen) into `#gameover`
in one patch, then, in the frame after, again with the final board and log (they are behind closed details, and
drawing them with the result made the tap that ends a game wait ~15 ms more for its first frame), and again when
the game's after-the-end answer comes (Spyworld's best routes, from the search worker). A redraw (another
language) keeps the details the player opened: their `open` is the player's (endview.tab)."""

from __future__ import annotations

from dataclasses import replace

from pygames.app import tutorial

from . import dom, endview, match_view, vdom
from .render import by_id

_SHOWN: list = []  # [(model, board, catalogue)]: the end screen on the page, for its later redraws


def draw(cat, session, board, final_view: dict, after_game, me: int | None, analysis=None) -> None:
    """This device's game's end screen, with its match and a guided game's close; Play again and Export are its
    own."""
    result = session.result()
    script = tutorial.load(session.tutorial) if session.tutorial else None
    model = endview.Over(session.game.ID, session.save_id, result, final_view, me,
                         match=match_view.box(session, result), tutorial_done=script.done if script else None,
                         analysis=analysis)
    paint(model, board, cat, after_game)


def show(cat, game, save_id: str, result: dict, board, final_view: dict, after_game, me: int | None,
         invited: bool | None = None, guest: bool = False) -> None:
    """A game's end screen from its result and final view alone (a guest's: `invited`, its box in place of Play
    again; `guest`, the host's game)."""
    paint(endview.Over(game.ID, save_id, result, final_view, me, guest=guest, invited=invited), board, cat,
          after_game)


def paint(model: endview.Over, board, cat, after_game=None) -> None:
    """Draw `model`; `after_game(final_view)` asks for what the game works out after the end, when its board draws
    that (it answers through `fill_after_game`)."""
    patch(model, board, cat)
    if board.render_over is not None and board.render_after_game is not None and after_game is not None:
        after_game(model.view)
    if not model.details:
        dom.after_next_frame("endscreen-details", draw_details)


def patch(model: endview.Over, board, cat) -> None:
    """One patch of `#gameover`'s children and its own attributes; the errors met reported to the page's log."""
    screen = by_id("gameover")
    tree, errors = endview.screen(model, board, cat)
    vdom.patch(screen, tree)
    for name, value in endview.attributes(model).items():
        if value is None:
            screen.removeAttribute(name)
        else:
            screen.setAttribute(name, value)
    for error in errors:
        dom.error(error)
    _SHOWN[:] = [(model, board, cat)]


def draw_details(_time=None) -> None:
    """The final board and the final log, in the frame after the result. Skipped when that end screen is gone;
    `#gameover[data-details=drawn]` says they are there."""
    if not _SHOWN or by_id("gameover").hidden:
        return
    model, board, cat = _SHOWN[0]
    if not model.details:
        patch(endview.with_details(model), board, cat)
        dom.scroll_to_end("final-log")


def refresh_analysis(save_id: str, analysis) -> bool:
    """A decision judged: only the end screen's analysis is drawn again (the rest of it, its final board included,
    stands: a whole redraw at every decision made long tasks). False when that game's end screen is not up."""
    if not _SHOWN or by_id("gameover").hidden or _SHOWN[0][0].save_id != save_id:
        return False
    model, board, cat = _SHOWN[0]
    model = replace(model, analysis=analysis)
    _SHOWN[:] = [(model, board, cat)]
    vdom.patch(by_id("analysis-box"), endview.analysis_box(model, cat))
    return True


def fill_after_game(board, final_view: dict, answer, cat) -> None:
    """The game's after-the-end answer, drawn in its place (that end screen gone: nothing to fill)."""
    if _SHOWN and _SHOWN[0][0].view is final_view:
        model, board, cat = _SHOWN[0]
        patch(endview.with_after_game(model, answer), board, cat)
