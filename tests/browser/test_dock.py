"""Your own hand or area docked (issue 32): in PAX (your hand) and Shadows in Kyoto (your area), the part the board
marks `data-dock` stays inside the board's visible box while the zoomed board scrolls to its top and to its foot,
in landscape and portrait; the page itself does not scroll. One touch page for the module."""

import pytest
from conftest import NEXT, AppPage

pytestmark = pytest.mark.browser
VIEWPORTS = {"1024x768": {"width": 1024, "height": 768}, "390x844": {"width": 390, "height": 844}}
# The docked part's box against the board container's visible box, after scrolling the board to `where`.
DOCKED = """where => { const b = document.getElementById('board'), d = b.querySelector('[data-dock]');
  b.scrollTop = where === 'top' ? 0 : b.scrollHeight;
  const r = d.getBoundingClientRect(), box = b.getBoundingClientRect();
  return {inside: r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1,
          scrolls: b.scrollHeight > b.clientHeight + 40, scrolled: b.scrollTop,
          page: document.scrollingElement.scrollHeight - innerHeight}; }"""


@pytest.fixture(scope="module")
def page(browser, origin):
    app = AppPage(browser, origin, viewport=VIEWPORTS["1024x768"], has_touch=True, is_mobile=True, locale="en-US")
    app.open()
    yield app
    app.close()


@pytest.mark.parametrize("game_id", ["pax", "sik"])
def test_your_hand_stays_in_view_while_the_zoomed_board_scrolls(page, game_id):
    page.reset_storage()
    page.open(f"?game={game_id}&seats=human,easy&seed=4&botdelay=0")
    p = page.page
    for name, size in VIEWPORTS.items():
        p.set_viewport_size(size)
        p.wait_for_selector(NEXT, state="visible", timeout=60_000)
        assert p.locator("#board [data-dock]").count() == 1
        p.tap("[data-zoom=in]")
        p.tap("[data-zoom=in]")
        for where in ("top", "foot"):
            seen = p.evaluate(DOCKED, where)
            assert seen["scrolls"], f"{game_id} {name}: the zoomed board must scroll for this test to mean anything"
            assert seen["inside"], f"{game_id} {name}: your hand left the board's view at its {where}: {seen}"
            assert seen["page"] <= 1, f"{game_id} {name}: the page scrolls"
        p.tap("[data-zoom=fit]")
