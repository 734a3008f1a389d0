"""Keep the decision in reach: after each redraw, the status line and a control of the current decision must be
on screen without the player scrolling (tablet first: 1024x768, 768x1024, 1366x768).

The status line and the action bar are sticky (static/app.css); a decision whose controls all sit on the board
(a map cell, a card in the hand) is scrolled to, between the two, only when none of its controls is visible, so a
player who scrolled to look at something is not pulled around while a visible control remains.
"""

from __future__ import annotations

import js

from .render import missing

ENABLED = "button[data-action]:not([disabled])"


def band() -> tuple[float, float]:
    """The part of the viewport not covered by the sticky status line (top) and action bar (bottom)."""
    top, bottom = 0.0, float(js.window.innerHeight)
    for node_id in ("status", "tutorial-panel"):  # the guide of a tutorial sticks under the status line
        status = js.document.getElementById(node_id)
        if not missing(status) and not missing(status.offsetParent):
            top = max(top, float(status.getBoundingClientRect().bottom))
    actions = js.document.getElementById("actions")
    if not missing(actions) and not missing(actions.firstChild):
        bottom = min(bottom, float(actions.getBoundingClientRect().top))
    return top, bottom


def visible_controls(top: float, bottom: float) -> tuple[list, list]:
    """(enabled controls inside the band, every enabled rendered control), in document order."""
    shown, inside = [], []
    for node in js.document.querySelectorAll(ENABLED):
        if missing(node.offsetParent):
            continue
        rect = node.getBoundingClientRect()
        if rect.width <= 0 or rect.height <= 0:
            continue
        shown.append(node)
        # In reach: most of it shows between the sticky bars (a control half under the action bar is not).
        shown_part = min(rect.bottom, bottom) - max(rect.top, top)
        if shown_part >= 0.6 * min(rect.height, bottom - top) and rect.right > 0 and rect.left < js.window.innerWidth:
            inside.append(node)
    return inside, shown


def bring_decision_into_view() -> None:
    """Scroll the page (not the test, not the player) so that a control of the decision shows, when none does."""
    top, bottom = band()
    inside, shown = visible_controls(top, bottom)
    if inside or not shown:
        return
    rect = shown[0].getBoundingClientRect()
    middle = (top + bottom) / 2
    delta = (rect.top + rect.height / 2) - middle
    if rect.height > bottom - top:  # taller than the free band: align its top under the status line
        delta = rect.top - top - 8
    js.window.scrollBy(0, delta)


def to_top() -> None:
    """Each new screen starts at the top."""
    js.window.scrollTo(0, 0)
