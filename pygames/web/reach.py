"""Keep the decision in reach: after each redraw, the status line and the controls of the current decision must be
on screen without the player scrolling (tablet first: 1024x768, 768x1024, 1366x768).

The page itself does not scroll while a game is on (static/app.css): the status line and the action bar stay on
screen, and the board scrolls inside its own container (`#board`); controls that sit on the board (map cells, cards
in the hand, a prompt's buttons) are scrolled to inside it: all of them when they fit there together, else one of
them when none shows (see bring_decision_into_view). Where the page does scroll, the page is scrolled instead.
"""

from __future__ import annotations

import json

from . import dom
from .dom import by_id, query_all

MARGIN = 8  # px kept between a control brought into view and the sticky bars


def measure(controls: bool) -> dict | None:
    """The page's measures in one call (static/table.js `reach`): the free band (`top`, `bottom`), its top once the
    status line sticks (`stuck`), whether the board scrolls inside its container (`board`), and with `controls` the
    enabled controls on the board (`spans`, `inside`); None when `controls` and none is on the board."""
    helper = dom.table_helper()
    if helper is None:
        return None
    return json.loads(str(helper.reach(controls)))


def scroll_by(delta: float) -> None:
    """Scroll what holds the board: its own container when it scrolls, else the page."""
    seen = measure(False)
    board = by_id("board") if seen is not None and seen["board"] else None
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
    seen = measure(False)
    if seen is None:
        return 0.0, dom.viewport()[1]
    return float(seen["top"]), float(seen["bottom"])


def bring_decision_into_view() -> None:
    """Scroll the page (not the test, not the player) so that the decision's controls show.

    When they fit between the sticky bars together, the smallest scroll that shows them all (a choice between two
    buttons is never half on screen); when they do not, one of them at least, and the page is left alone while one
    shows, so a player who scrolled to look at something is not pulled around. The action bar's own buttons and the
    docked hand's stick to the screen, so they are always in reach; nothing is measured when no control is on the
    board (a computer's turn: no layout forced in the middle of a redraw)."""
    seen = measure(True)
    if seen is None or not seen["spans"]:
        return
    spans = [(float(a), float(b)) for a, b in seen["spans"]]
    delta = scroll_delta(spans, float(seen["top"]), float(seen["bottom"]), float(seen["stuck"]), seen["inside"])
    if delta is None:
        return
    board = by_id("board") if seen["board"] else None
    if board is not None:
        board.scrollBy(0, delta)
    else:
        dom.scroll_page_by(delta)


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
    helper = dom.table_helper()
    if helper is None or not helper.boardMoving():
        return
    dom.later("reach-again", dom.slide_ms() + 40, lambda *_: bring_decision_into_view())


def to_top() -> None:
    """Each new screen starts at the top, its board at fit (static/zoom.js) and scrolled to its top."""
    dom.scroll_page_to_top()
    dom.zoom_fit()
    board = by_id("board")
    if board is not None:
        board.scrollTop = 0
