"""PAX's guided first game in Chromium: one highlighted control at every scripted step (24), free play with the
guide's comments, and tutorial-done explaining the end check against Rome."""

from __future__ import annotations

import pytest
from helpers import tutorial_browser

from pygames.app import tutorial
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()
SCRIPT = tutorial.load("pax")


def test_the_pax_tutorial_completes_in_english(app):
    tutorial_browser.open_guided(app, "pax", "en")
    page = app.page
    seen = tutorial_browser.finish(app, max_taps=600)
    assert seen["texts"] == [s.text for s in SCRIPT.steps]
    assert seen["free"] > 0
    assert STRINGS["en"][SCRIPT.done] in page.inner_text("[data-testid=tutorial-done]")
    assert app.errors == []
