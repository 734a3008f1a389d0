"""Shadows in Kyoto's guided first game in Chromium (French): one highlighted control at every scripted step,
hidden placement, free play with the guide's comments, and tutorial-done naming the three victory conditions."""

from __future__ import annotations

import pytest
import tutorial_browser

from pygames.web import i18n, tutorial

pytestmark = pytest.mark.browser
STRINGS = i18n.load()
SCRIPT = tutorial.load("sik")


def test_the_sik_tutorial_completes_in_french(app):
    app.reset_storage()
    app.open("?tutorial=sik&lang=fr&botdelay=0")
    page = app.page
    page.wait_for_selector(f"button{tutorial_browser.TARGET}")
    assert STRINGS["fr"][SCRIPT.intro] in page.inner_text("[data-testid=tutorial]")
    seen = tutorial_browser.finish(app, max_taps=600)
    assert seen["texts"] == [s.text for s in SCRIPT.steps]
    assert STRINGS["fr"][SCRIPT.done] in page.inner_text("[data-testid=tutorial-done]")
    assert app.errors == []
