"""Keep the decision in reach: after each redraw, the status line and the controls of the current decision must be
on screen without the player scrolling (tablet first: 1024x768, 768x1024, 1366x768).

The page itself does not scroll while a game is on (static/app.css): the status line and the action bar stay on
screen, and the board scrolls inside its own container (`#board`); controls that sit on the board (map cells, cards
in the hand, a prompt's buttons) are scrolled to inside it: all of them when they fit there together, else one of
them when none shows (see bring_decision_into_view). Where the page does scroll, the page is scrolled instead.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js

from .render import missing

ENABLED = "button[data-action]:not([disabled])"
MARGIN = 8  # px kept between a control brought into view and the sticky bars


def board_scrolls():
    """The board's container when it scrolls inside itself (the table fits the screen), else None."""
    board = js.document.getElementById("board")
    if missing(board) or missing(board.offsetParent) or board.scrollHeight <= board.clientHeight + 1:
        return None
    return board if js.window.getComputedStyle(board).overflowY in ("auto", "scroll") else None


def scroll_by(delta: float) -> None:
    """Scroll what holds the board: its own container when it scrolls, else the page."""
    board = board_scrolls()
    if board is not None:
        board.scrollBy(0, delta)
    else:
        js.window.scrollBy(0, delta)


def band() -> tuple[float, float]:
    """The part of the viewport not covered by the sticky status line (top) and action bar (bottom), within the
    board's container when the board scrolls inside it."""
    top, bottom = 0.0, float(js.window.innerHeight)
    board = board_scrolls()
    if board is not None:
        rect = board.getBoundingClientRect()
        top, bottom = max(top, float(rect.top)), min(bottom, float(rect.bottom))
    # A tutorial's guide sticks under the status line, or is docked beside the board (covering none of it).
    for node_id in ("status", "tutorial-panel"):
        status = js.document.getElementById(node_id)
        if not missing(status) and not missing(status.offsetParent) and not status.classList.contains("docked"):
            top = max(top, float(status.getBoundingClientRect().bottom))
    actions = js.document.getElementById("actions")
    if not missing(actions) and not missing(actions.firstChild):
        bottom = min(bottom, float(actions.getBoundingClientRect().top))
    return docked(board, top, bottom)


def docked(board, top: float, bottom: float) -> tuple[float, float]:
    """The viewer's docked hand (`[data-dock]`, sticky in the board) covers the edge of the board it sticks to."""
    dock = js.document.querySelector("#board [data-dock]")
    if board is None or missing(dock):
        return top, bottom
    r, b = dock.getBoundingClientRect(), board.getBoundingClientRect()
    edge = 24  # the container's padding and border lie between a stuck part and the container's box
    if r.bottom >= b.bottom - edge and r.top > b.top + edge:
        return top, min(bottom, float(r.top))
    if r.top <= b.top + edge and r.bottom < b.bottom - edge:
        return max(top, float(r.bottom)), bottom
    return top, bottom


def stuck_top(top: float) -> float:
    """Where the band starts once the page has scrolled past the header and the status line sticks to the top."""
    status = js.document.getElementById("status")
    if missing(status) or missing(status.offsetParent) or board_scrolls() is not None:
        return top
    return top - max(0.0, float(status.getBoundingClientRect().top))


def visible_controls(top: float, bottom: float) -> tuple[list, list]:
    """(enabled controls inside the band, every enabled rendered control), in document order; the action bar's own
    buttons are left out: the bar sticks to the screen, so they are always in reach."""
    shown, inside = [], []
    for node in js.document.querySelectorAll(ENABLED):
        if missing(node.offsetParent) or not missing(node.closest("#actions, #board [data-dock]")):
            continue  # the action bar and the docked hand stay on screen: always in reach
        rect = node.getBoundingClientRect()
        if rect.width <= 0 or rect.height <= 0:
            continue
        shown.append(node)
        # In reach: most of it shows between the sticky bars (a control half under the action bar is not).
        shown_part = min(rect.bottom, bottom) - max(rect.top, top)
        if shown_part >= 0.6 * min(rect.height, bottom - top) and rect.right > 0 and rect.left < js.window.innerWidth:
            inside.append(node)
    return inside, shown


def on_board_controls() -> bool:
    """Whether any enabled control sits outside the action bar, read without laying the page out."""
    return any(missing(node.closest("#actions")) for node in js.document.querySelectorAll(ENABLED))


def bring_decision_into_view() -> None:
    """Scroll the page (not the test, not the player) so that the decision's controls show.

    When they fit between the sticky bars together, the smallest scroll that shows them all (a choice between two
    buttons is never half on screen); when they do not, one of them at least, and the page is left alone while one
    shows, so a player who scrolled to look at something is not pulled around."""
    if not on_board_controls():
        return  # nothing to bring into view (a computer's turn): no layout forced in the middle of a redraw
    top, bottom = band()
    inside, shown = visible_controls(top, bottom)
    if not shown or len(inside) == len(shown):
        return
    rects = [node.getBoundingClientRect() for node in shown]
    first, last = min(r.top for r in rects), max(r.bottom for r in rects)
    if last - first <= bottom - stuck_top(top) - 2 * MARGIN:
        delta = first - top - MARGIN if first < top + MARGIN else last - bottom + MARGIN
        scroll_by(delta)
        return
    if inside:
        return
    rect = rects[0]
    delta = (rect.top + rect.height / 2) - (top + bottom) / 2
    if rect.height > bottom - top:  # taller than the free band: align its top under the status line
        delta = rect.top - top - MARGIN
    scroll_by(delta)


_AGAIN: list = []  # the one proxy that looks again once the board's slides have landed


def bring_into_view_after_slides() -> None:
    """bring_decision_into_view now and once more when the redraw's slides end: a part sliding in (a card dealt to
    the hand) is measured where it lands, not on its way."""
    bring_decision_into_view()
    board = js.document.getElementById("board")
    if missing(board) or board_scrolls() is None or not board.getAnimations(
            to_js({"subtree": True}, dict_converter=js.Object.fromEntries)).length:
        return
    if not _AGAIN:
        _AGAIN.append(create_proxy(lambda *_: bring_decision_into_view()))
    js.setTimeout(_AGAIN[0], int(js.window.pygamesTable.SLIDE_MS) + 40)


def to_top() -> None:
    """Each new screen starts at the top, its board at fit (static/zoom.js) and scrolled to its top."""
    js.window.scrollTo(0, 0)
    zoom = getattr(js.window, "pygamesZoom", None)
    if not missing(zoom):
        zoom.fit()
    board = js.document.getElementById("board")
    if not missing(board):
        board.scrollTop = 0
