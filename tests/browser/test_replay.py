"""Replay the last turn (issue 32, item 4) against the easy computer: the banner's control stages each of the
computer's moves since the human's last action, in order, one frame at a time at the menu's speed (fast here);
Skip ends it at once, and so does a tap on the board; the status line and the decision's bar stay meanwhile.
One booted touch page for the module; botdelay=0 so the computer answers at once."""

import re

import pytest
from conftest import NEXT, TOUCH, AppPage
from test_hotseat import pick
from test_table import TAP

pytestmark = pytest.mark.browser
# Every distinct step the replay bar shows, recorded in the page as it happens (a step lasts 500 ms at "fast").
WATCH = """() => { window.replaySteps = [];
  const note = () => { const r = document.querySelector('[data-testid=replay]');
    if (!r) return; const last = window.replaySteps[window.replaySteps.length - 1];
    if (last && last.step === r.dataset.step) return;
    window.replaySteps.push({step: r.dataset.step, total: r.dataset.total, seat: r.dataset.seat,
      lines: [...r.querySelectorAll('.last-line')].map(e => e.textContent.trim()),
      controls: document.querySelectorAll('#board button[data-action]').length,
      status: document.querySelector('[data-testid=status]').textContent,
      bar: document.querySelectorAll('#actions button[data-action]').length}); };
  window.replayWatch = new MutationObserver(note);
  window.replayWatch.observe(document.getElementById('game'), {subtree: true, childList: true, attributes: true,
                                                                characterData: true}); }"""


@pytest.fixture(scope="module")
def page(pages):
    app = pages.page(viewport={"width": 1024, "height": 768}, **TOUCH)
    app.open()
    yield app
    pages.release(app)


def to_a_decision_after_the_computer(page: AppPage, game_id: str, moves: int) -> None:
    """A new game against the easy computer, `moves` human moves in, stopped at a human decision that the
    computer's moves came just before (the banner then offers the replay)."""
    page.reset_storage()
    page.page.evaluate("localStorage.setItem('pygames.speed', 'fast')")
    page.open(f"?game={game_id}&seats=human,easy&seed=4&botdelay=0")
    for _ in range(moves + 40):
        page.page.wait_for_selector(NEXT, state="visible", timeout=60_000)
        if moves <= 0 and page.visible("[data-testid=replay-turn]"):
            return
        page.page.evaluate(TAP, pick(page.enabled_actions()))
        moves -= 1
    raise AssertionError("no decision came after the computer's moves")


@pytest.mark.parametrize("game_id", ["sik", "pax"])
def test_the_replay_shows_each_move_of_the_computer_in_order(page, game_id):
    to_a_decision_after_the_computer(page, game_id, 3)
    p = page.page
    fresh = p.eval_on_selector_all("[data-testid=log] li.fresh", "els => els.map(e => e.textContent.trim())")
    assert fresh, "the computer's moves are news in the log"
    status = page.status()
    p.evaluate(WATCH)
    p.click("[data-testid=replay-turn]")
    p.wait_for_selector("[data-testid=replay]", state="attached")
    p.wait_for_selector("[data-testid=replay]", state="detached", timeout=30_000)  # it ends by itself
    steps = p.evaluate("window.replaySteps")
    total = int(steps[0]["total"])
    assert total >= 1 and [int(s["step"]) for s in steps] == list(range(total + 1)), steps  # each, in order
    assert steps[0]["seat"] == "" and all(s["seat"] == "1" for s in steps[1:])  # the computer's moves only
    assert [line for s in steps[1:] for line in s["lines"]] == fresh  # every line of its turn, in order
    assert all(s["controls"] == 0 for s in steps), "a past board offers nothing to play"
    assert all(s["status"] == status for s in steps)  # the status line stays
    assert len({s["bar"] for s in steps}) == 1  # the decision's bar stays as it is
    p.wait_for_selector("#board button[data-action]:not([disabled])", state="visible")  # the decision is back
    assert page.visible("[data-testid=replay-turn]") and not page.errors


def test_skip_and_a_tap_on_the_board_end_the_replay_at_once(page):
    to_a_decision_after_the_computer(page, "pax", 3)
    p = page.page
    board = p.inner_html("#board")
    p.evaluate(WATCH)
    p.click("[data-testid=replay-turn]")
    p.wait_for_selector("[data-testid=replay]", state="attached")
    p.click("[data-testid=replay-skip]")
    assert p.locator("[data-testid=replay]").count() == 0
    shown = len(p.evaluate("window.replaySteps"))
    p.wait_for_timeout(1200)  # two steps' time at "fast": none comes
    steps = p.evaluate("window.replaySteps")
    assert len(steps) == shown < int(steps[0]["total"]) + 1
    unringed = re.compile(r" moved(?=\")")  # the replay ends by ringing what the turn changed (issue 47)
    assert unringed.sub("", p.inner_html("#board")) == unringed.sub("", board)  # as it stands, its controls back
    p.click("[data-testid=replay-turn]")
    p.wait_for_selector("[data-testid=replay]", state="attached")
    p.click("#board")  # any tap on the decision's place ends it
    assert p.locator("[data-testid=replay]").count() == 0
    assert p.locator("#board button[data-action]:not([disabled])").count() > 0
    # On a phone the control says it short, so the banner's first line is the news; its name stays whole.
    button = p.locator("[data-testid=replay-turn]")
    # in a landscape side column too (issue 47); the words in full upright
    assert button.inner_text() == ("Replay" if p.viewport_size["width"] > p.viewport_size["height"] else
                                   "Replay the last turn")
    p.set_viewport_size({"width": 390, "height": 844})
    try:
        assert button.inner_text() == "Replay" and button.get_attribute("aria-label") == "Replay the last turn"
        banner, control = p.locator("[data-testid=last-move]").bounding_box(), button.bounding_box()
        assert control["width"] < banner["width"] / 3 and control["height"] >= 44
    finally:
        p.set_viewport_size({"width": 1024, "height": 768})


def test_under_reduced_motion_the_steps_show_without_motion(page):
    page.page.emulate_media(reduced_motion="reduce")
    try:
        to_a_decision_after_the_computer(page, "sik", 2)
        p = page.page
        p.evaluate(WATCH)
        p.click("[data-testid=replay-turn]")
        p.wait_for_function("(window.replaySteps || []).length >= 2", timeout=10_000)
        assert p.evaluate("document.getAnimations().length") == 0
        p.click("[data-testid=replay-skip]")
        assert p.locator("[data-testid=replay]").count() == 0
    finally:
        page.page.emulate_media(reduced_motion="no-preference")
