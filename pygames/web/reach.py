"""Keep the decision in reach: after each redraw, the status line and the controls of the current decision must be
on screen without the player scrolling (tablet first: 1024x768, 768x1024, 1366x768).

The page itself does not scroll while a game is on (static/app.css): the status line and the action bar stay on
screen, and the board scrolls inside its own container (`#board`); controls that sit on the board (map cells, cards
in the hand, a prompt's buttons) are scrolled to inside it: all of them when they fit there together, else one of
them when none shows (see bring_decision_into_view). Where the page does scroll, the page is scrolled instead.
"""

from __future__ import annotations

from . import dom
from .dom import by_id, missing, query_all

ENABLED = "button[data-action]:not([disabled])"
MARGIN = 8  # px kept between a control brought into view and the sticky bars


def board_scrolls():
    """The board's container when it scrolls inside itself (the table fits the screen), else None."""
    board = by_id("board")
    if board is None or missing(board.offsetParent) or board.scrollHeight <= board.clientHeight + 1:
        return None
    return board if dom.overflow_y(board) in ("auto", "scroll") else None


def scroll_by(delta: float) -> None:
    """Scroll what holds the board: its own container when it scrolls, else the page."""
    board = board_scrolls()
    if board is not None:
        board.scrollBy(0, delta)
    else:
        dom.scroll_page_by(delta)


def docked():
    """The player's own hand or area when it is docked at the bottom of the board's container (static/zoom.js: it is
    always on screen there, and covers the board's parts that scroll behind it), else None."""
    found = query_all("html[data-dock=on] #board [data-dock=hand]")
    return found[0] if found else None


def band() -> tuple[float, float]:
    """The part of the viewport not covered by the sticky status line (top), the action bar and the docked hand
    (bottom), within the board's container when the board scrolls inside it."""
    top, bottom = 0.0, dom.viewport()[1]
    board = board_scrolls()
    if board is not None:
        rect = board.getBoundingClientRect()
        top, bottom = max(top, float(rect.top)), min(bottom, float(rect.bottom))
    # A tutorial's guide sticks under the status line, or is docked beside the board (covering none of it).
    for node_id in ("status", "tutorial-panel"):
        status = by_id(node_id)
        if status is not None and not missing(status.offsetParent) and not status.classList.contains("docked"):
            top = max(top, float(status.getBoundingClientRect().bottom))
    actions = by_id("actions")
    if actions is not None and not missing(actions.firstChild):
        bottom = min(bottom, float(actions.getBoundingClientRect().top))
    dock = docked()
    if dock is not None:
        bottom = min(bottom, float(dock.getBoundingClientRect().top))
    return top, bottom


def stuck_top(top: float) -> float:
    """Where the band starts once the page has scrolled past the header and the status line sticks to the top."""
    status = by_id("status")
    if status is None or missing(status.offsetParent) or board_scrolls() is not None:
        return top
    return top - max(0.0, float(status.getBoundingClientRect().top))


def visible_controls(top: float, bottom: float) -> tuple[list, list]:
    """(enabled controls inside the band, every enabled rendered control), in document order; the action bar's own
    buttons and the docked hand's are left out: both stick to the screen, so they are always in reach."""
    shown, inside = [], []
    width = dom.viewport()[0]
    dock = docked()
    for node in query_all(ENABLED):
        if missing(node.offsetParent) or not missing(node.closest("#actions")):
            continue
        if dock is not None and dock.contains(node):
            continue
        rect = node.getBoundingClientRect()
        if rect.width <= 0 or rect.height <= 0:
            continue
        shown.append(node)
        # In reach: most of it shows between the sticky bars (a control half under the action bar is not).
        shown_part = min(rect.bottom, bottom) - max(rect.top, top)
        if shown_part >= 0.6 * min(rect.height, bottom - top) and rect.right > 0 and rect.left < width:
            inside.append(node)
    return inside, shown


def on_board_controls() -> bool:
    """Whether any enabled control sits outside the action bar, read without laying the page out."""
    return any(missing(node.closest("#actions")) for node in query_all(ENABLED))


def bring_decision_into_view() -> None:
    """Scroll the page (not the test, not the player) so that the decision's controls show.

    When they fit between the sticky bars together, the smallest scroll that shows them all (a choice between two
    buttons is never half on screen); when they do not, one of them at least, and the page is left alone while one
    shows, so a player who scrolled to look at something is not pulled around."""
    if not on_board_controls():
        return  # nothing to bring into view (a computer's turn): no layout forced in the middle of a redraw
    top, bottom = band()
    inside, shown = visible_controls(top, bottom)
    if not shown:
        return
    spans = [(float(r.top), float(r.bottom)) for r in (node.getBoundingClientRect() for node in shown)]
    delta = scroll_delta(spans, top, bottom, stuck_top(top), bool(inside))
    if delta is not None:
        scroll_by(delta)


def scroll_delta(spans: list[tuple[float, float]], top: float, bottom: float, stuck: float,
                 one_inside: bool) -> float | None:
    """How far to scroll so the decision shows (pure): `spans` are the (top, bottom) of the shown controls in
    document order, `top`..`bottom` the free band, `stuck` the band's top once the status line sticks. When they
    fit together, the smallest scroll that shows them all; else, when none is inside, centre the first (or align
    its top when it is taller than the band); None: leave the page alone (every one shows whole already)."""
    first, last = min(s[0] for s in spans), max(s[1] for s in spans)
    if first >= top and last <= bottom:
        return None
    if last - first <= bottom - stuck - 2 * MARGIN:
        return first - top - MARGIN if first < top + MARGIN else last - bottom + MARGIN
    if one_inside:
        return None
    head, foot = spans[0]
    if foot - head > bottom - top:  # taller than the free band: align its top under the status line
        return head - top - MARGIN
    return (head + foot) / 2 - (top + bottom) / 2


def bring_into_view_after_slides() -> None:
    """bring_decision_into_view now and once more when the redraw's slides end: a part sliding in (a card dealt to
    the hand) is measured where it lands, not on its way."""
    bring_decision_into_view()
    board = by_id("board")
    if board is None or board_scrolls() is None or not dom.animating(board):
        return
    dom.later("reach-again", dom.slide_ms() + 40, lambda *_: bring_decision_into_view())


def to_top() -> None:
    """Each new screen starts at the top, its board at fit (static/zoom.js) and scrolled to its top."""
    dom.scroll_page_to_top()
    dom.zoom_fit()
    board = by_id("board")
    if board is not None:
        board.scrollTop = 0
