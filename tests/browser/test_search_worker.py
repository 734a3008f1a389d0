"""A human against the normal search bot in the browser: the bot thinks in the search worker, so the menu
answers while it thinks, and the hint (hard search on the human's own view) points at a legal move."""

import pytest

from pygames import core
from pygames.core import registry

pytestmark = pytest.mark.browser
PS = registry.load("ps")


def test_menu_answers_while_the_normal_bot_thinks_and_the_hint_is_legal(app):
    page = app.page
    app.reset_storage()
    app.open("?game=ps&seats=normal,human&seed=3&botdelay=0&lang=en")
    page.wait_for_selector("[data-testid=thinking]:visible", timeout=30_000)
    # One synchronous step in the page: click the menu's Rules button, then look. A search on the main thread
    # would have to finish before the click could be handled; in the worker the click lands first.
    seen = page.evaluate("""() => {
        document.querySelector('[data-command="rules"]').click();
        const save = JSON.parse(localStorage.getItem('pygames.save.' + localStorage.getItem('pygames.current')));
        return {rules: !document.getElementById('rules').hidden,
                thinking: !document.querySelector('[data-testid=thinking]').hidden,
                moves: save.history.length};
    }""")
    assert seen == {"rules": True, "thinking": True, "moves": 0}
    page.click('[data-command="close-rules"]')
    page.wait_for_selector("[data-testid=hint]:visible", timeout=60_000)  # the bot has played: the human's turn
    saved = app.saved()
    assert [step[0] for step in saved["history"]] == [0]
    state = core.replay(PS, 2, saved["seed"], saved["options"], saved["history"])
    legal = core.legal_actions(PS, state, 1)
    assert sorted(app.enabled_actions()) == sorted(legal)
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-hint-action]", state="attached", timeout=60_000)
    hinted = page.get_attribute("[data-hint-action]", "data-hint-action")
    assert hinted in legal
    assert page.locator(f'button[data-action="{hinted}"][data-hint]').count() == 1
    assert app.saved()["history"] == saved["history"]  # shown, not played
    app.click_action(hinted)
    page.wait_for_function("() => JSON.parse(localStorage.getItem('pygames.save.' + "
                           "localStorage.getItem('pygames.current'))).history.length >= 2")
    assert app.saved()["history"][1] == [1, hinted]
    assert not app.errors and not app.off_origin()


def test_spyworld_hint_is_shown_while_the_computer_plans_at_the_same_time(app):
    """Spyworld: both seats choose their agent at once (SPY-3.11). The hint asked while the normal bot
    thinks comes back after the bot's hidden move has changed the state: it still answers the human's own
    unchanged choice, so it is shown (it used to be dropped as stale, so no hint ever appeared in Spyworld's
    planning against a searching bot). It goes once the human has moved."""
    page = app.page
    app.reset_storage()
    app.open("?game=spy&seats=human,normal&seed=4&botdelay=0&lang=en")
    page.wait_for_selector("[data-testid=hint]:visible", timeout=60_000)
    legal = sorted(app.enabled_actions())
    assert legal and all(a.startswith("keep:") for a in legal)
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-hint-action]", state="visible", timeout=90_000)
    hinted = page.get_attribute("[data-hint-action]", "data-hint-action")
    assert hinted in legal
    history = app.saved()["history"]
    assert [step[0] for step in history] == [1]  # the computer has kept its agent (hidden); the human has not
    assert sorted(app.enabled_actions()) == legal
    assert page.locator(f'button[data-action="{hinted}"][data-hint]').count() == 1
    app.click_action(hinted)
    page.wait_for_function("() => JSON.parse(localStorage.getItem('pygames.save.' + "
                           "localStorage.getItem('pygames.current'))).history.length >= 2")
    page.wait_for_selector("[data-hint-action]", state="hidden", timeout=10_000)
    assert not app.errors and not app.off_origin()
