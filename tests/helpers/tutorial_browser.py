"""Shared by the browser tutorial tests: complete a guided game by tapping the highlighted control at every
scripted step and any enabled action in free play, as issue 14 describes."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from conftest import NEXT

from pygames.app import tutorial
from pygames.web import i18n

STRINGS = i18n.load()

TARGET = "[data-tutorial-target]"
FREE_TAP = """k => {
    const buttons = [...document.querySelectorAll('button[data-action]:not([disabled])')]
        .filter(b => b.checkVisibility());
    if (!buttons.length) return null;
    const button = buttons[k % buttons.length];
    button.click();
    return button.dataset.action;
}"""


def open_guided(app, game_id: str, lang: str):
    """Start `game_id`'s guided game by deep link on a clean device, wait for its first highlighted control and
    check that the guide's introduction shows in `lang`; returns the script."""
    script = tutorial.load(game_id)
    app.reset_storage()
    app.open(f"?tutorial={game_id}&lang={lang}&botdelay=0")
    app.page.wait_for_selector(f"button{TARGET}")
    assert STRINGS[lang][script.intro] in app.page.inner_text("[data-testid=tutorial]")
    return script


def axe_problems(page, where: str) -> list[str]:
    """The table tests' axe-core check (tests/browser/test_table.py), reused rather than copied."""
    path = Path(__file__).resolve().parent.parent / "browser" / "test_table.py"
    spec = importlib.util.spec_from_file_location("table_checks", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.axe_problems(page, where)


def finish(app, max_taps: int = 400, until_step: int | None = None) -> dict:
    """Tap through to the end screen (or, with `until_step`, up to that many scripted taps, stopping with the next
    step's target on screen); returns what was seen (scripted taps, free taps, the step texts shown)."""
    page = app.page
    seen = {"scripted": 0, "free": 0, "texts": []}
    for tap in range(max_taps):
        page.wait_for_selector(NEXT, state="visible")
        if app.visible("[data-testid=game-over]"):
            return seen
        enabled = app.enabled_actions()
        target = page.locator(f"button{TARGET}:not([disabled])")
        if target.count():
            if seen["scripted"] == until_step:
                return seen
            assert len(enabled) == 1, f"a scripted step leaves other controls enabled: {enabled}"
            assert enabled[0] == target.first.get_attribute("data-action")
            seen["texts"].append(page.locator("[data-testid=tutorial] [data-tutorial-text]").last
                                 .get_attribute("data-tutorial-text"))
            target.first.click()
            seen["scripted"] += 1
        else:
            assert page.locator("[data-testid=tutorial]").count() == 1, "the guide panel is missing in free play"
            # any enabled action, varied (never always the first: PAX's stage/unstage could then loop forever);
            # chosen and tapped in one step inside the page, since the computer's move may redraw the table
            # between two Playwright calls (then nothing is tapped and the loop waits for the next decision)
            if page.evaluate(FREE_TAP, (tap * 2654435761 + 12345) % 4093):
                seen["free"] += 1
    raise AssertionError("the tutorial did not reach its end")


def tap_to_step(app, step: int, max_taps: int = 800) -> None:
    """On a touch screen, tap through a guided game until scripted step `step` (1-based) is due, its target on
    screen; a board choice that the first tap previews is confirmed, as a player does."""
    page = app.page
    done = 0
    for tap in range(max_taps):
        page.wait_for_selector(NEXT, state="visible")
        target = page.locator(f"button{TARGET}:not([disabled])")
        if target.count():
            if done == step - 1:
                return
            target.first.tap()
            if app.visible("[data-testid=preview]"):
                page.tap("[data-testid=preview] button[data-confirm]")
            done += 1
        else:
            page.evaluate(FREE_TAP, (tap * 2654435761 + 12345) % 4093)
    raise AssertionError(f"step {step} was never due")
