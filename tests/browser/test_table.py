"""The table as a player on a tablet meets it: switching games, the decision always in reach, the end screen.

One booted touch page for the module (viewports change with set_viewport_size, touch stays on); every game is
played with botdelay=0 so the module stays bounded in time.
"""

import random

import pytest
from conftest import NEXT, AppPage

pytestmark = pytest.mark.browser
VIEWPORTS = {"landscape": {"width": 1024, "height": 768}, "portrait": {"width": 768, "height": 1024},
             "laptop": {"width": 1366, "height": 768}}
# Where the app left the page: is the status line on screen, and which enabled controls of the decision can a
# finger reach (on screen and not covered by the sticky status line or action bar: the element at the middle of
# its visible part is the control itself)?
REACH = """() => {
  const vw = innerWidth, vh = innerHeight;
  const seen = r => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw;
  const status = document.querySelector('[data-testid=status]');
  const controls = [...document.querySelectorAll('button[data-action]:not([disabled])')]
    .filter(e => e.offsetParent !== null);
  const reachable = controls.filter(e => {
    const r = e.getBoundingClientRect();
    if (!seen(r)) return false;
    const x = (Math.max(r.left, 0) + Math.min(r.right, vw)) / 2, y = (Math.max(r.top, 0) + Math.min(r.bottom, vh)) / 2;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === e || e.contains(top));
  });
  return {status: seen(status.getBoundingClientRect()) && status.textContent.trim().length > 0,
          controls: controls.length, reachable: reachable.map(e => e.dataset.action), scrollY: scrollY};
}"""
TAP = "action => document.querySelector(`button[data-action=\"${CSS.escape(action)}\"]`).click()"


@pytest.fixture(scope="module")
def table(browser, origin):
    page = AppPage(browser, origin, viewport=VIEWPORTS["landscape"], has_touch=True, is_mobile=True,
                   locale="en-US")
    page.open()
    yield page
    page.close()


def test_switching_games_gives_a_clean_setup_that_starts(table):
    """SIK's options, then Cancel, then New game on PS; then a PAX game quit for Spyworld: no stale field, no
    error, and Start opens the new game."""
    page = table.page
    table.reset_storage()
    table.open()
    page.click('[data-command="new:sik"]')
    page.fill("[data-seat-name='0']", "Aiko")
    assert page.locator("#options [data-option]").count() > 0
    page.click("#newgame [data-command=home]")
    page.click('[data-command="new:ps"]')
    assert page.locator("#options [data-option]").count() == 0  # PS has no option: SIK's are gone
    assert page.input_value("[data-seat-name='0']") == ""  # and so is the name typed for SIK
    assert not table.visible("[data-testid=error]")
    page.click("[data-command=start]")
    page.wait_for_selector("#game:visible")
    assert page.inner_text("#game-title") == "Passages Secrets"
    page.click("#game [data-command=quit]")
    page.click('[data-command="new:pax"]')
    pax_options = page.eval_on_selector_all("#options [data-option]", "els => els.map(e => e.dataset.option)")
    page.click("[data-command=start]")
    page.wait_for_selector("#game:visible")
    page.click("#game [data-command=quit]")
    page.click('[data-command="new:spy"]')
    spy_options = page.eval_on_selector_all("#options [data-option]", "els => els.map(e => e.dataset.option)")
    assert not set(pax_options) & set(spy_options) - {"beginner"}, (pax_options, spy_options)
    page.select_option("#seat-count", "3")  # re-renders the seats while the form is up: the old crash path
    assert page.locator("[data-seat-name]").count() == 3
    assert not table.visible("[data-testid=error]")
    page.click("[data-command=start]")
    page.wait_for_selector("#game:visible")
    assert page.inner_text("#game-title") == "Spyworld"
    assert not table.visible("[data-testid=error]")
    assert not [e for e in table.errors if "Error" in e], table.errors


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("game_id", ["ps", "pax", "spy", "sik"])
def test_every_decision_of_a_whole_game_is_in_reach(table, game_id, viewport):
    page = table.page
    page.set_viewport_size(VIEWPORTS[viewport])
    table.reset_storage()
    table.open(f"?game={game_id}&seats=human,computer&seed=5&botdelay=0")
    pick = random.Random(f"{game_id}-{viewport}")
    decisions = 0
    for _ in range(400):
        page.wait_for_selector(NEXT, state="visible", timeout=60_000)
        if table.visible("[data-testid=game-over]"):
            break
        seen = page.evaluate(REACH)
        if not seen["controls"]:
            continue
        where = f"{game_id} {viewport} decision {decisions} ({table.status()!r}, scrollY {seen['scrollY']})"
        assert seen["status"], f"{where}: the status line is off screen"
        assert seen["reachable"], f"{where}: no control of the decision on screen"
        page.evaluate(TAP, pick.choice(seen["reachable"]))
        decisions += 1
    else:
        raise AssertionError(f"{game_id} {viewport}: no end after {decisions} decisions")
    assert decisions >= 3
    assert page.evaluate("scrollY") == 0, "the end screen starts at the top"
    if viewport == "landscape":  # the end screen explains the result and shows the final board
        words = page.locator("[data-testid=outcome] li")
        assert words.count() >= 1 and all(words.nth(i).inner_text().strip() for i in range(words.count()))
        assert "outcome." not in page.inner_text("[data-testid=outcome]")  # no raw catalogue key
        assert page.locator("[data-testid=final-board] *").count() > 5
        assert page.locator("#score-chart svg").count() == (0 if game_id == "sik" else 1)
