"""Pinch and double tap on the board (static/zoom.js), as a finger does it (CDP touch events): two fingers spread
zoom the board in its container, which then scrolls so every target stays reachable; a double tap toggles 2x and
fit; the Fit button and a new game screen always come back to fit; the page itself never scrolls. One touch page."""

import pytest
from conftest import NEXT, TOUCH, AppPage

pytestmark = pytest.mark.browser
STATE = """() => { const b = document.getElementById('board');
  return {zoom: window.pygamesZoom.get(), mode: document.documentElement.dataset.boardZoom || 'fit',
          wide: b.scrollWidth > b.clientWidth + 1, page: document.scrollingElement.scrollHeight - innerHeight}; }"""
# A point on the board that is no control (a double tap on a button would be two taps on it).
PLAIN_POINT = """() => { const b = document.getElementById('board').getBoundingClientRect();
  for (let y = b.top + 10; y < b.bottom - 10; y += 17) for (let x = b.left + 10; x < b.right - 10; x += 17) {
    const e = document.elementFromPoint(x, y);
    if (e && e.closest('#board') && !e.closest('button, a, summary, input, select')) return {x, y}; }
  return null; }"""
# Every enabled control of the decision on the board can be scrolled into the board's view and is then on top.
REACHABLE = """() => { const b = document.getElementById('board');
  return [...b.querySelectorAll('button[data-action]:not([disabled])')].filter(e => e.offsetParent !== null)
    .every(e => { e.scrollIntoView({block: 'center', inline: 'center'}); const r = e.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top !== null && (top === e || e.contains(top)); }); }"""


@pytest.fixture(scope="module")
def page(pages):
    app = pages.page(viewport={"width": 768, "height": 1024}, **TOUCH)
    app.open()
    yield app
    pages.release(app)


def pinch(app: AppPage, centre: dict, start: float, end: float, steps: int = 6) -> None:
    cdp = app.context.new_cdp_session(app.page)

    def points(gap: float) -> list[dict]:
        return [{"x": centre["x"] - gap / 2, "y": centre["y"], "id": 0},
                {"x": centre["x"] + gap / 2, "y": centre["y"], "id": 1}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
    for i in range(1, steps + 1):
        gap = start + (end - start) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(gap)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def board_centre(app: AppPage) -> dict:
    box = app.page.locator("#board").bounding_box()
    return {"x": box["x"] + box["width"] / 2, "y": box["y"] + min(box["height"], 400) / 2}


@pytest.mark.parametrize("game_id", ["spy", "pax"])
def test_a_pinch_zooms_the_board_in_its_container_and_fit_brings_it_back(page, game_id):
    page.reset_storage()
    page.open(f"?game={game_id}&seats=human,easy&seed=4&botdelay=0")
    p = page.page
    p.wait_for_selector(NEXT, state="visible", timeout=60_000)
    assert p.evaluate(STATE)["mode"] == "fit"
    pinch(page, board_centre(page), 60, 180)
    zoomed = p.evaluate(STATE)
    assert zoomed["zoom"] > 1.5 and zoomed["mode"] == "zoomed" and zoomed["wide"], zoomed
    assert zoomed["page"] <= 1, "the page itself does not scroll"
    assert p.evaluate(REACHABLE), "a zoomed board keeps every target reachable inside its container"
    pinch(page, board_centre(page), 240, 40)  # fingers together: back towards fit, never below it
    assert p.evaluate(STATE)["zoom"] < zoomed["zoom"]
    pinch(page, board_centre(page), 60, 180)
    p.tap("[data-zoom=fit]")
    back = p.evaluate(STATE)
    assert back["zoom"] == 1 and back["mode"] == "fit" and not back["wide"], back


def test_a_double_tap_toggles_2x_and_fit_and_a_new_screen_starts_at_fit(page):
    page.reset_storage()
    page.open("?game=pax&seats=human,easy&seed=4&botdelay=0")
    p = page.page
    p.wait_for_selector(NEXT, state="visible", timeout=60_000)
    spot = p.evaluate(PLAIN_POINT)
    assert spot is not None
    p.touchscreen.tap(spot["x"], spot["y"])
    p.touchscreen.tap(spot["x"], spot["y"])
    assert p.evaluate(STATE)["zoom"] == 2
    spot = p.evaluate(PLAIN_POINT)
    p.touchscreen.tap(spot["x"], spot["y"])
    p.touchscreen.tap(spot["x"], spot["y"])
    assert p.evaluate(STATE)["zoom"] == 1
    p.touchscreen.tap(spot["x"], spot["y"])
    p.touchscreen.tap(spot["x"], spot["y"])
    assert p.evaluate(STATE)["zoom"] == 2
    p.tap("#game .menu [data-command=quit]")  # leave zoomed, then come back: the game screen starts at fit
    p.tap("[data-testid=continue-list] li[data-save] button[data-command^='resume:']")
    p.wait_for_selector(NEXT, state="visible", timeout=60_000)
    assert p.evaluate(STATE)["mode"] == "fit" and p.evaluate(STATE)["zoom"] == 1


FIT_CALLS = """() => { const zoom = window.pygamesZoom, fit = zoom.fit; window.__fits = [];
  zoom.fit = () => { window.__fits.push(document.getElementById('game').hidden ? 'hidden' : 'shown'); fit(); }; }"""


def test_a_board_left_zoomed_for_the_end_screen_goes_back_to_fit_once_hidden(page):
    """The end screen starts at fit like any new screen, but the game's board is hidden first: brought back to fit
    while still shown, a zoomed board was laid out once more (~40 ms of the last tap) just before it went away."""
    page.reset_storage()
    page.open("?game=hnim&seats=human,easy&seed=1&opt.pile=7&botdelay=0")
    p = page.page
    p.wait_for_selector(NEXT, state="visible", timeout=60_000)
    for _ in range(3):
        p.tap("[data-zoom=in]")
    assert p.evaluate(STATE)["mode"] == "zoomed"
    p.evaluate(FIT_CALLS)
    for _ in range(20):
        p.wait_for_selector(f"{NEXT}, [data-testid=game-over]:visible", state="visible", timeout=60_000)
        if p.locator("[data-testid=game-over]").is_visible():
            break
        p.tap(f'button[data-action="{page.enabled_actions()[0]}"]')
    p.wait_for_selector("[data-testid=game-over]", state="visible")
    assert p.evaluate("window.__fits") == ["hidden"]
    assert p.evaluate(STATE)["zoom"] == 1 and p.get_attribute("html", "data-board-zoom") == "fit"
