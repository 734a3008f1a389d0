"""Shadows in Kyoto's guided first game in Chromium (French): one highlighted control at every scripted step,
hidden placement, free play with the guide's comments, and tutorial-done naming the three victory conditions."""

from __future__ import annotations

import pytest
from helpers import tutorial_browser

from pygames.app import tutorial
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()
SCRIPT = tutorial.load("sik")


def test_the_sik_tutorial_completes_in_french(app):
    tutorial_browser.open_guided(app, "sik", "fr")
    page = app.page
    seen = tutorial_browser.finish(app, max_taps=600)
    assert seen["texts"] == [s.text for s in SCRIPT.steps]
    assert STRINGS["fr"][SCRIPT.done] in page.inner_text("[data-testid=tutorial-done]")
    assert app.errors == []
