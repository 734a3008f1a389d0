"""Passages Secrets' guided first game in Chromium, in both languages: the home link, one highlighted control per
scripted step, the panel minimised and restored, a reload resuming at the same step, Skip, and tutorial-done."""

from __future__ import annotations

import pytest
from helpers import tutorial_browser

from pygames.app import tutorial
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()
SCRIPT = tutorial.load("ps")


def test_the_home_screen_offers_learn_to_play(app):
    app.reset_storage()
    app.open()
    app.page.click('[data-command="tutorial:ps"]')
    app.page.wait_for_selector("[data-testid=tutorial] [data-tutorial-text]")
    app.page.wait_for_selector(f"button{tutorial_browser.TARGET}")  # after the computer's compensation
    assert app.page.locator(tutorial_browser.TARGET).count() == 1
    assert tutorial_browser.axe_problems(app.page, "tutorial step") == []


def test_the_english_tutorial_resumes_after_a_reload_and_reaches_tutorial_done(app):
    tutorial_browser.open_guided(app, "ps", "en")
    page = app.page
    page.click(f"button{tutorial_browser.TARGET}")  # step 1 done
    page.wait_for_selector(f'button{tutorial_browser.TARGET}[data-action="{SCRIPT.steps[1].action}"]')
    page.click('[data-command="tutorial-min"]')
    assert page.locator("[data-testid=tutorial] [data-tutorial-text]").count() == 0  # minimised
    page.click('[data-command="tutorial-min"]')
    assert page.locator("[data-testid=tutorial] [data-tutorial-text]").count() == 1
    page.click('[data-command="tutorial-rules:turn"]')
    page.wait_for_selector("#rules-body [data-section=turn]")  # fetched on first use
    assert page.locator("#rules-body [data-section=turn]").is_visible()
    page.click('[data-command="close-rules"]')
    app.reload()  # saved and resumed like any game, at the same step
    page.wait_for_selector(f'button{tutorial_browser.TARGET}[data-action="{SCRIPT.steps[1].action}"]')
    assert app.saved()["tutorial"] == "ps"
    seen = tutorial_browser.finish(app)
    assert seen["texts"] == [s.text for s in SCRIPT.steps[1:]] and seen["free"] > 0
    done = page.locator("[data-testid=tutorial-done]")
    assert STRINGS["en"][SCRIPT.done] in done.inner_text()
    assert tutorial_browser.axe_problems(page, "tutorial done") == []
    done.locator('[data-command="new:ps"]').click()
    page.wait_for_selector("#newgame:visible")
    assert app.errors == []


def test_the_french_tutorial_completes_and_skip_turns_it_into_a_normal_game(app):
    app.reset_storage()
    app.open("?tutorial=ps&lang=fr&botdelay=0")
    page = app.page
    page.wait_for_selector(f"button{tutorial_browser.TARGET}")
    assert STRINGS["fr"][SCRIPT.steps[0].text] in page.inner_text("[data-testid=tutorial]")
    seen = tutorial_browser.finish(app)
    assert seen["scripted"] == len(SCRIPT.steps)
    assert STRINGS["fr"][SCRIPT.done] in page.inner_text("[data-testid=tutorial-done]")
    app.reset_storage()
    app.open("?tutorial=ps&lang=fr&botdelay=0")
    page.wait_for_selector(f"button{tutorial_browser.TARGET}")
    page.click('[data-command="tutorial-skip"]')
    page.wait_for_selector("[data-testid=tutorial]", state="detached")
    assert len(app.enabled_actions()) > 1 and page.locator(tutorial_browser.TARGET).count() == 0
    assert "tutorial" not in app.saved()
    assert app.errors == []
