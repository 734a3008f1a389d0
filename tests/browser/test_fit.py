"""The whole table on one screen (issue 32): in the four viewports, at a decision the page itself does not scroll,
the status line and an enabled control of the decision are on screen; the board's zoom buttons scale it and Fit
brings it back; the end screen's "Play again" is in the first screen.

One booted touch page for the module (viewports change with set_viewport_size); a few decisions per game and
viewport against the easy computer with botdelay=0, so the module stays bounded in time.
"""

import pytest
from conftest import NEXT, TOUCH
from test_table import TAP

pytestmark = pytest.mark.browser
VIEWPORTS = {"1024x768": {"width": 1024, "height": 768}, "768x1024": {"width": 768, "height": 1024},
             "1366x768": {"width": 1366, "height": 768}, "390x844": {"width": 390, "height": 844}}
DECISIONS = 3
# Once the slides have landed (and the app looked again): does the page scroll, is the status line on screen, and
# which enabled controls can a finger reach (on screen, the element at their middle is the control itself)?
FIT = """async () => {
  await Promise.all(document.getAnimations().filter(a => a.effect && a.effect.getComputedTiming().endTime < Infinity)
    .map(a => a.finished.catch(() => null)));
  await new Promise(done => setTimeout(done, 80));
  const vw = innerWidth, vh = innerHeight;
  const inView = r => r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= vh + 1
    && r.left >= 0 && r.right <= vw + 1;
  const status = document.querySelector('[data-testid=status]');
  const reachable = [...document.querySelectorAll('button[data-action]:not([disabled])')].filter(e => {
    const r = e.getBoundingClientRect();
    if (e.offsetParent === null || r.width <= 0 || r.height <= 0 || r.bottom <= 0 || r.top >= vh) return false;
    const x = (Math.max(r.left, 0) + Math.min(r.right, vw)) / 2, y = (Math.max(r.top, 0) + Math.min(r.bottom, vh)) / 2;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === e || e.contains(top));
  });
  return {scroll: document.scrollingElement.scrollHeight - vh, status: inView(status.getBoundingClientRect()),
          reachable: reachable.map(e => e.dataset.action)};
}"""
BOARD_SCALE = """() => { const b = document.getElementById('board'), first = b.firstElementChild;
  return {zoom: parseFloat(getComputedStyle(first).zoom), width: b.scrollWidth}; }"""


@pytest.fixture(scope="module")
def fit(pages):
    page = pages.page(viewport=VIEWPORTS["1024x768"], **TOUCH)
    page.open()
    yield page
    pages.release(page)


def start(fit, game_id: str, viewport: str):
    """A new game against the easy computer (seed 4) in `viewport`, at its first decision: the page."""
    page = fit.page
    page.set_viewport_size(VIEWPORTS[viewport])
    fit.reset_storage()
    fit.open(f"?game={game_id}&seats=human,easy&seed=4&botdelay=0")
    page.wait_for_selector(NEXT, state="visible", timeout=60_000)
    return page


def play_a_few(fit, game_id: str, viewport: str) -> None:
    page = fit.page
    page.set_viewport_size(VIEWPORTS[viewport])
    fit.reset_storage()
    fit.open(f"?game={game_id}&seats=human,easy&seed=4&botdelay=0")
    for decision in range(DECISIONS):
        page.wait_for_selector(NEXT, state="visible", timeout=60_000)
        seen = page.evaluate(FIT)
        where = f"{game_id} {viewport} decision {decision} ({fit.status()!r})"
        assert seen["scroll"] <= 1, f"{where}: the page scrolls by {seen['scroll']} px"
        assert seen["status"], f"{where}: the status line is off screen"
        assert seen["reachable"], f"{where}: no enabled control of the decision on screen"
        page.evaluate(TAP, seen["reachable"][0])
        page.wait_for_function(f"""() => JSON.parse(localStorage.getItem('pygames.save.' +
            localStorage.getItem('pygames.current'))).history.length > {decision}""", timeout=60_000)


@pytest.mark.parametrize("game_id", ["ps", "pax", "spy", "sik"])
def test_the_table_fits_the_screen_at_each_decision(fit, game_id):
    for viewport in VIEWPORTS:
        play_a_few(fit, game_id, viewport)
    # Zoom in twice: the board lays out bigger inside its container (which scrolls); Fit brings it back.
    page = fit.page
    page.wait_for_selector(NEXT, state="visible", timeout=60_000)
    before = page.evaluate(BOARD_SCALE)
    assert page.get_attribute("[data-zoom=fit]", "aria-pressed") == "true"
    page.click("[data-zoom=in]")
    page.click("[data-zoom=in]")
    zoomed = page.evaluate(BOARD_SCALE)
    assert zoomed["zoom"] > before["zoom"] and zoomed["width"] > before["width"], (before, zoomed)
    assert page.evaluate("document.scrollingElement.scrollHeight") <= VIEWPORTS["390x844"]["height"] + 1
    assert page.get_attribute("[data-zoom=fit]", "aria-pressed") == "false"
    page.evaluate("""() => { window.__pressed = [];
        new MutationObserver(m => window.__pressed.push(...m.map(r => r.oldValue)))
          .observe(document.querySelector('[data-zoom=fit]'),
                   {attributeFilter: ['aria-pressed'], attributeOldValue: true});
    }""")
    redrawn(fit)  # the table's patch keeps what the zoom says of itself: never removed, not even for a moment
    assert page.evaluate(BOARD_SCALE) == zoomed
    assert page.get_attribute("[data-zoom=fit]", "aria-pressed") == "false"
    assert page.evaluate("window.__pressed") == []
    page.click("[data-zoom=out]")
    assert page.evaluate(BOARD_SCALE)["zoom"] < zoomed["zoom"]
    page.click("[data-zoom=fit]")
    assert page.evaluate(BOARD_SCALE) == before
    assert page.get_attribute("[data-zoom=fit]", "aria-pressed") == "true"


def redrawn(fit) -> None:
    """One move played by a tap, and the table redrawn for the next decision."""
    page = fit.page
    played = len(fit.saved()["history"])
    page.evaluate(TAP, fit.enabled_actions()[0])
    page.wait_for_function(f"""() => JSON.parse(localStorage.getItem('pygames.save.' +
        localStorage.getItem('pygames.current'))).history.length > {played}""", timeout=60_000)
    page.wait_for_selector(NEXT, state="visible", timeout=60_000)


def test_the_players_and_log_drawer_opens_and_closes_on_a_phone(fit):
    page = start(fit, "ps", "390x844")
    assert not page.locator("#scores").is_visible()
    button = page.locator("[data-drawer]")
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    button.click()
    assert page.locator("#scores").is_visible() and page.locator("[data-testid=log]").is_visible()
    assert button.get_attribute("aria-expanded") == "true"
    redrawn(fit)  # still open, and still said to be
    assert page.locator("#scores").is_visible() and button.get_attribute("aria-expanded") == "true"
    button.click()
    assert button.get_attribute("aria-expanded") == "false"
    assert not page.locator("#scores").is_visible()
    page.set_viewport_size(VIEWPORTS["1024x768"])  # a landscape tablet: a side column, no drawer button
    assert page.locator("#scores").is_visible() and not button.is_visible()


def test_play_again_is_in_the_first_screen_of_the_end_screen(fit):
    page = fit.page
    page.set_viewport_size(VIEWPORTS["390x844"])
    fit.reset_storage()
    fit.open("?game=ps&seats=human,easy&seed=4&botdelay=0")
    for _ in range(60):
        page.wait_for_selector(NEXT, state="visible", timeout=60_000)
        if fit.visible("[data-testid=game-over]"):
            break
        page.evaluate(TAP, fit.enabled_actions()[0])
    assert fit.visible("[data-testid=game-over]")
    # the game's own scene over the result, and the word to the one player here, as the winners line has it
    scene = page.evaluate("""() => { const s = document.getElementById('over-scene');
        return [s.dataset.game, getComputedStyle(s).backgroundImage, s.getBoundingClientRect().height]; }""")
    assert scene[0] == "ps" and scene[1].startswith("url(") and scene[2] > 40, scene
    won = "Player 1" in page.inner_text("#winners")
    assert page.inner_text("[data-testid=over-headline]") in (("You win!", "You share the win!") if won else
                                                               ("You lose.", "A tie."))
    for viewport, size in VIEWPORTS.items():
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        again = page.locator("#gameover [data-command=again]").bounding_box()
        assert again["y"] + again["height"] <= size["height"], f"{viewport}: Play again is below the first screen"
        outcome = page.locator("[data-testid=outcome]").bounding_box()
        assert outcome["y"] < again["y"], f"{viewport}: the outcome lines come after Play again"
        headline = page.locator("[data-testid=over-headline]").bounding_box()
        assert 0 <= headline["y"] < outcome["y"], f"{viewport}: the player's result comes after the why"


# Where the player's own hand is (html[data-dock], the hand's box and the board container's), once the slides landed.
DOCK = """async () => {
  await Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)));
  const board = document.getElementById('board'), hand = board.querySelector('[data-dock=hand]');
  const r = hand.getBoundingClientRect(), b = board.getBoundingClientRect();
  return {dock: document.documentElement.dataset.dock, top: r.top, bottom: r.bottom, height: r.height,
          boardTop: b.top, boardBottom: b.bottom, boardClient: board.clientHeight,
          sticky: getComputedStyle(hand).position === 'sticky', last: hand.parentElement.lastElementChild === hand,
          scrolls: board.scrollHeight > board.clientHeight + 1};
}"""


def test_your_hand_is_docked_while_the_board_scrolls_and_never_docked_taller_than_half_the_board(fit):
    """PAX: the hand is the board's last part; docked, it stays at the bottom of the board whatever the board's
    scroll (the rest scrolls behind it), and every control of the decision stays reachable above it; zoomed in on a
    phone turned sideways the hand grows past half the board, so it is not docked (docked, its top would be hidden
    for good), and Fit brings it back as it was."""
    page = start(fit, "pax", "1024x768")
    first = page.evaluate(DOCK)
    assert first["dock"] == "on" and first["last"] and first["scrolls"], first
    assert abs(first["bottom"] - first["boardBottom"]) <= 12, f"the docked hand is not at the board's bottom: {first}"
    seen = page.evaluate(FIT)  # where the app left the board: the decision above the hand
    assert seen["reachable"], "no control of the decision in reach above the docked hand"
    page.evaluate("document.getElementById('board').scrollTop = 0")
    top = page.evaluate(DOCK)
    page.evaluate("document.getElementById('board').scrollTop = document.getElementById('board').scrollHeight")
    end = page.evaluate(DOCK)
    assert abs(top["bottom"] - end["bottom"]) <= 12, (top, end)  # the same place at both ends of the scroll
    assert top["top"] > top["boardTop"] and top["height"] <= (top["boardBottom"] - top["boardTop"]) / 2

    page.set_viewport_size({"width": 844, "height": 390})  # a phone turned: a short board
    page.wait_for_timeout(100)
    at_fit = page.evaluate(DOCK)
    states = []
    for _ in range(4):
        now = page.evaluate(DOCK)
        assert now["dock"] == ("on" if now["height"] <= now["boardClient"] / 2 else "off"), now
        assert now["sticky"] == (now["dock"] == "on"), now
        states.append(now["dock"])
        page.click("[data-zoom=in]")
    assert "off" in states, f"the hand never grew past half the board: {states}"
    page.click("[data-zoom=fit]")
    assert page.evaluate(DOCK)["dock"] == at_fit["dock"]
    page.set_viewport_size(VIEWPORTS["1024x768"])


# Every enabled control on the board outside the docked hand: how much of it shows above the hand (or the board's
# bottom), once the app had its say.
ABOVE_THE_HAND = """() => {
  const board = document.getElementById('board'), b = board.getBoundingClientRect();
  const hand = document.documentElement.dataset.dock === 'on' ? board.querySelector('[data-dock=hand]') : null;
  const bottom = hand ? hand.getBoundingClientRect().top : b.bottom;
  const shown = [];
  for (const el of board.querySelectorAll('button[data-action]:not([disabled])')) {
    const r = el.getBoundingClientRect();
    if ((hand && hand.contains(el)) || r.height <= 0) continue;
    shown.push([el.dataset.action, (Math.min(r.bottom, bottom) - Math.max(r.top, b.top)) / r.height]);
  }
  return {dock: document.documentElement.dataset.dock, preview: !!document.getElementById('preview'), shown};
}"""


def test_a_preview_keeps_the_row_of_targets_whole_above_the_docked_hand(fit):
    """Shadows in Kyoto on a portrait tablet: your own area is docked; a first tap on an agent's placement says what
    it does in the action bar, which grows and the board with it shrinks: the app asks again, so the row of
    placements still shows whole above your area (it showed 85 % of each, its bottom under the area); Cancel too."""
    page = start(fit, "sik", "768x1024")
    before = page.evaluate(ABOVE_THE_HAND)
    assert before["dock"] == "on" and before["shown"], before
    first = before["shown"][0][0]
    page.evaluate("a => document.querySelector(`#board button[data-action='${a}']`).click()", first)  # no move
    page.wait_for_selector("[data-testid=preview]", state="visible")
    during = page.evaluate(ABOVE_THE_HAND)
    assert during["preview"] and during["dock"] == "on", during
    near = [(a, round(part, 2)) for a, part in during["shown"] if part > 0]
    assert near and all(part >= 0.99 for _a, part in near), f"a target shows only in part above the hand: {near}"
    page.click("#preview [data-command=cancel-preview]")
    after = page.evaluate(ABOVE_THE_HAND)
    assert not after["preview"] and all(part >= 0.99 for _a, part in after["shown"] if part > 0), after
    page.set_viewport_size(VIEWPORTS["1024x768"])


def test_the_page_is_one_screen_only_while_the_table_shows(fit):
    """html[data-table] follows #game's own `hidden`, wherever it is set: the page is one screen (no page scroll)
    while the table shows, and scrolls again when something else takes its place (a host's lobby over its table
    hides #game with the game screen still on; the home screen)."""
    page = start(fit, "ps", "390x844")
    look = "() => [document.documentElement.dataset.table, getComputedStyle(document.body).overflowY]"
    assert page.evaluate(look) == ["on", "hidden"]
    page.evaluate("document.getElementById('game').hidden = true")  # as netplay's lobby does
    page.wait_for_function("document.documentElement.dataset.table === 'off'")
    assert page.evaluate(look)[1] != "hidden"
    page.evaluate("document.getElementById('game').hidden = false")
    page.wait_for_function("document.documentElement.dataset.table === 'on'")
    page.click("#game .menu [data-command=quit]")  # Quit: the home screen
    page.wait_for_selector("#home", state="visible")
    assert page.evaluate(look)[0] == "off"
    page.set_viewport_size(VIEWPORTS["1024x768"])
