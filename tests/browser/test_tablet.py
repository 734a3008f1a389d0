"""Every game on an iPad-sized touch screen, in landscape and portrait: no horizontal scrolling, every visible
control at least 44 x 44 px, and moves made by tapping. One touch page for the module (one boot per game)."""

import pytest
from conftest import IPAD_FR, NEXT

pytestmark = pytest.mark.browser
LANDSCAPE, PORTRAIT = {"width": 1024, "height": 768}, {"width": 768, "height": 1024}
SMALL_TARGETS = """els => els.filter(e => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden')
  .map(e => [e.dataset.action || e.dataset.command || e.id || e.textContent.trim().slice(0, 30),
             Math.round(e.getBoundingClientRect().width), Math.round(e.getBoundingClientRect().height)])
  .filter(([name, w, h]) => w < 44 || h < 44)"""


@pytest.fixture(scope="module")
def tablet(pages):
    page = pages.page(viewport=LANDSCAPE, **IPAD_FR)
    yield page
    pages.release(page)


def check_layout(tablet, where: str) -> None:
    page = tablet.page
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{where}: {overflow}px of horizontal scrolling"
    small = page.eval_on_selector_all("button, .button, select, input:not(.visually-hidden)", SMALL_TARGETS)
    assert not small, f"{where}: touch targets under 44 px: {small}"


@pytest.mark.parametrize("game_id", ["ps", "pax", "spy", "sik"])
def test_game_on_a_tablet_in_both_orientations(tablet, game_id):
    page = tablet.page
    page.set_viewport_size(LANDSCAPE)
    tablet.open(f"?game={game_id}&seats=human,easy&seed=2&botdelay=0")
    taps = 0
    for step in range(12):
        page.set_viewport_size(LANDSCAPE if step % 2 == 0 else PORTRAIT)
        page.wait_for_selector(NEXT, state="visible")
        if tablet.visible("[data-testid=game-over]"):
            break
        check_layout(tablet, f"{game_id} step {step} {'landscape' if step % 2 == 0 else 'portrait'}")
        actions = tablet.enabled_actions()
        if not actions:
            continue
        before = len(tablet.saved()["history"])
        page.tap(f'button[data-action="{actions[0]}"]')
        if tablet.visible("[data-testid=preview]"):  # a board choice is previewed first on touch: confirm it
            page.tap("[data-testid=preview] button[data-confirm]")
        page.wait_for_function(f"JSON.parse(localStorage.getItem('pygames.save.' + "
                               f"localStorage.getItem('pygames.current'))).history.length > {before}")
        taps += 1
    assert taps >= 3, f"{game_id}: only {taps} moves could be tapped"
    page.tap("#game [data-command=quit]") if tablet.visible("#game") else page.tap("#gameover [data-command=quit]")
    for viewport in (LANDSCAPE, PORTRAIT):
        page.set_viewport_size(viewport)
        check_layout(tablet, f"home after {game_id}")


def test_the_new_game_start_button_is_in_reach_with_every_option_on_screen(tablet):
    """Spyworld's dialog has a dozen options, more than a tablet's height: Start (and Cancel) stay on screen, in
    both orientations, scrolled or not, and a tap on Start starts the game."""
    page = tablet.page
    page.set_viewport_size(LANDSCAPE)
    tablet.open()
    page.tap('[data-command="new:spy"]')
    form = page.locator("#newgame-form")
    for viewport in (LANDSCAPE, PORTRAIT):
        page.set_viewport_size(viewport)
        if viewport is LANDSCAPE:  # taller than the screen there: Start would be below the fold
            assert form.evaluate("f => f.getBoundingClientRect().bottom") > viewport["height"], "no test: it fits"
        for scroll in (0, 200):
            page.evaluate(f"window.scrollTo(0, {scroll})")
            for command in ("start", "home"):
                box = page.locator(f"#newgame [data-command={command}]").bounding_box()
                assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (viewport, command)
                middle = page.evaluate("""command => {
                    const b = document.querySelector(`#newgame [data-command=${command}]`);
                    const r = b.getBoundingClientRect();
                    return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b; }""", command)
                assert middle, f"{viewport} {command}: covered"
    page.evaluate("window.scrollTo(0, 0)")
    page.tap("#newgame [data-command=start]")
    page.wait_for_selector("#game:visible")
    assert page.inner_text("#game-title") == "Spyworld"
