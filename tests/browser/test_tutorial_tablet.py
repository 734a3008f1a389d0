"""The guided first game on a landscape tablet (1024x768, touch): the guide hides none of the decision's own
explanation (it is docked beside the board where the table has a side column), and minimising it holds for that
guided game only (issue 30 item 6). One touch page for the module."""

from __future__ import annotations

import pytest
from helpers import tutorial_browser

pytestmark = pytest.mark.browser
LANDSCAPE = {"width": 1024, "height": 768}
GUIDE = "[data-testid=tutorial]"

# The element lies in the viewport below the sticky status line, and neither the guide, the status line nor the
# action bar (under the board upright, in the side column in landscape: issue 47) is drawn over any of its corners.
UNCOVERED = """el => {
    const r = el.getBoundingClientRect();
    const top = document.getElementById("status").getBoundingClientRect().bottom;
    if (r.height <= 0 || r.top < top || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return false;
    const inset = Math.min(12, r.width / 2, r.height / 2);  // inside the rounded corners
    const xs = [r.left + inset, r.right - inset], ys = [r.top + inset, r.bottom - inset];
    const shows = (x, y) => { const hit = document.elementFromPoint(x, y);
                              return !!hit && !hit.closest("#tutorial-panel, #status, #actions"); };
    return xs.every(x => ys.every(y => shows(x, y)));
}"""
IN_VIEWPORT = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
# The height left to the board between what lies over it: the status line, the guide when it lies over the board
# (not docked beside it), and the action bar when it is under the board.
BOARD_BAND = """() => {
    const box = (id) => document.getElementById(id).getBoundingClientRect();
    const board = box("board"), guide = box("tutorial-panel"), actions = box("actions");
    const across = (b) => b.width > 0 && b.left < board.right && b.right > board.left;
    const end = across(actions) && actions.top > board.top ? actions.top : Math.min(board.bottom, innerHeight);
    return end - Math.max(box("status").bottom, across(guide) ? guide.bottom : 0, board.top);
}"""


def check_both_in_view(tablet, explanation: str, where: str) -> None:
    page = tablet.page
    page.wait_for_timeout(100)  # the redraw's scroll into view has run
    assert page.locator(explanation).evaluate(UNCOVERED), f"{where}: {explanation} is hidden"
    assert page.locator(GUIDE).evaluate(IN_VIEWPORT), f"{where}: the guide is off screen"
    assert page.locator(f"{GUIDE} [data-tutorial-text]").last.is_visible()
    assert page.locator(f"button{tutorial_browser.TARGET}").evaluate(UNCOVERED), f"{where}: the step's control"
    band = page.evaluate(BOARD_BAND)  # status, guide and action bar took ~260 of 768 px when the guide lay over it
    assert band >= 0.8 * LANDSCAPE["height"], f"{where}: the board gets {band:.0f} px of {LANDSCAPE['height']}"


def test_pax_step_7_shows_the_hand_to_play_from_beside_the_guide(tablet):
    tutorial_browser.open_guided(tablet, "pax", "en")
    tutorial_browser.tap_to_step(tablet, 7)
    assert tablet.page.get_attribute(f"button{tutorial_browser.TARGET}", "data-action") == "stage:INT-02"
    check_both_in_view(tablet, "[data-testid=pax-hand]", "PAX step 7")  # the cards to play: the decision (issue 47)
    # Turned upright (no side column): the guide moves under the status line, and back beside the board.
    page = tablet.page
    page.set_viewport_size({"width": 768, "height": 1024})
    page.wait_for_selector(".status-row + #tutorial-panel:not(.docked)", state="attached")
    page.set_viewport_size(LANDSCAPE)
    page.wait_for_selector("#game .side > #tutorial-panel.docked:first-child", state="attached")
    check_both_in_view(tablet, "[data-testid=pax-hand]", "PAX step 7, turned back")


def test_spy_step_5_shows_the_column_numbers_beside_the_guide(tablet):
    tutorial_browser.open_guided(tablet, "spy", "fr")  # French: the longer text, the taller guide
    tutorial_browser.tap_to_step(tablet, 5)
    assert tablet.page.get_attribute(f"button{tutorial_browser.TARGET}", "data-action") == "wall:41-42"
    check_both_in_view(tablet, ".spy-lairwrap:has([data-tutorial-target]) .spy-colheads", "Spyworld step 5")


def test_a_minimised_guide_stays_so_for_its_own_game_only(tablet):
    page = tablet.page
    tutorial_browser.open_guided(tablet, "ps", "en")
    page.tap('[data-command="tutorial-min"]')
    assert page.locator(f"{GUIDE} [data-tutorial-text]").count() == 0
    tablet.reload()  # the same guided game, resumed: still minimised
    page.wait_for_selector(f"button{tutorial_browser.TARGET}")
    assert page.locator(f"{GUIDE} [data-tutorial-text]").count() == 0
    page.tap("#game [data-command=quit]")
    page.tap('[data-command="tutorial:pax"]')  # another guided game starts with its guide open at step 1
    page.wait_for_selector(f"button{tutorial_browser.TARGET}")
    assert page.locator(f"{GUIDE} [data-tutorial-text]").count() >= 1
    assert "step 1 of" in page.inner_text(f"{GUIDE} h3")
    page.tap("#game [data-command=quit]")
    page.tap('[data-command="tutorial:ps"]')  # and so does a new guided game of the same game
    page.wait_for_selector(f"button{tutorial_browser.TARGET}")
    assert "step 1 of" in page.inner_text(f"{GUIDE} h3")
    assert page.locator(f"{GUIDE} [data-tutorial-text]").count() >= 1
    assert tablet.errors == []
