"""Spyworld's guided first game in Chromium (English): one highlighted control at every scripted step, including the
exploration's moves, whose ways into a room are listed in a popover that the guide opens (its room marked as the
way back); free play through the rest of the planning; tutorial-done explaining the scoring and the awards."""

from __future__ import annotations

import pytest
from helpers import tutorial_browser

from pygames.app import tutorial
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()
SCRIPT = tutorial.load("spy")
FIRST_MOVE = next(i for i, s in enumerate(SCRIPT.steps) if s.action.startswith("move:"))


def test_the_spy_tutorial_completes_in_english(app):
    tutorial_browser.open_guided(app, "spy", "en")
    page = app.page
    page.click(f'[data-command="tutorial-rules:{SCRIPT.steps[0].rules}"]')
    page.wait_for_selector(f"#rules-body [data-section={SCRIPT.steps[0].rules}]")  # fetched on first use
    assert page.locator(f"#rules-body [data-section={SCRIPT.steps[0].rules}]").is_visible()
    page.click('[data-command="close-rules"]')
    seen = tutorial_browser.finish(app, max_taps=800, until_step=FIRST_MOVE)
    # the first move: its room's popover is open with the one way in enabled, and the room is marked
    target = page.locator(f"button{tutorial_browser.TARGET}")
    assert target.get_attribute("data-action") == SCRIPT.steps[FIRST_MOVE].action
    assert target.is_visible() and page.locator(".spy-pop:popover-open").count() == 1
    room = SCRIPT.steps[FIRST_MOVE].action.split(":")[1]
    assert page.locator(f'[data-tutorial-opener][data-cell="{room}"]').count() == 1
    assert tutorial_browser.axe_problems(page, "tutorial move in a popover") == []
    rest = tutorial_browser.finish(app, max_taps=800)
    assert seen["texts"] + rest["texts"] == [s.text for s in SCRIPT.steps]
    assert seen["free"] + rest["free"] > 0
    assert STRINGS["en"][SCRIPT.done] in page.inner_text("[data-testid=tutorial-done]")
    assert app.errors == []
