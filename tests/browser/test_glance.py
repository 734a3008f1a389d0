"""The whole table at a glance (issues 32 and 47), in the four viewports: at every decision of a whole game of each
game against the easy computer, at fit, the board's content is wholly in view, no text in view is under 11 px (10 on
the phone), every seat's summary and every control of the decision are in view, at least 44 px and not covered,
and the page itself does not scroll (tests/helpers/table_probe.js measures it, as `build.py bench --only fit` does).
Fit is the floor of the zoom ("−" disabled there, a pinch stops there); the magnifier and a seat's full area open
and close; the log is a drawer where there is no side column; the end screen's "Play again" is in its first screen.

One booted touch page for the module; each new kind of decision is probed at the four viewport sizes, the others at
one in turn (the layout is the same with or without a mouse: previews are off, nothing is hover-only).
"""

import pytest
from conftest import NEXT, TOUCH
from helpers.fit_probe import PROBE, VIEWPORTS, faults
from test_table import TAP, axe_problems

pytestmark = pytest.mark.browser
MAX_DECISIONS = 400  # a whole game against the easy computer takes 30-300 decisions (PS ~30, PAX and Spyworld more)
SIZES = {name: size for name, (size, _touch, _min) in VIEWPORTS.items()}
# the newest autosave's moves (`pygames.current` is cleared once the game is over: the list's first save)
HISTORY = """() => JSON.parse(localStorage.getItem('pygames.save.' +
  JSON.parse(localStorage.getItem('pygames.saves'))[0])).history.length"""


@pytest.fixture(scope="module")
def glance(pages):
    app = pages.page(viewport=SIZES["1024x768"], **TOUCH)
    app.open()
    yield app
    app.page.set_viewport_size(SIZES["1024x768"])
    pages.release(app)


def start(app, game_id: str, viewport: str = "1024x768", seats: str = "human,easy", seed: int = 4):
    page = app.page
    page.set_viewport_size(SIZES[viewport])
    app.reset_storage()
    app.open(f"?game={game_id}&seats={seats}&seed={seed}&botdelay=0")
    page.wait_for_selector(NEXT, state="visible", timeout=60_000)
    return page


# the next decision drawn: a control a player could tap, or the end (a chained tap, Spyworld's "no claim and
# submit", counts in the history before its second step is drawn)
READY = """() => document.querySelector('[data-testid=game-over]:not([hidden])') !== null ||
  [...document.querySelectorAll('button[data-action]:not([disabled])')].some(e => e.offsetParent !== null)"""


def play(app, action: str | None = None) -> None:
    """One move by a tap (the first enabled control by default), then the next decision on screen."""
    page = app.page
    played = page.evaluate(HISTORY)
    page.evaluate(TAP, action or app.enabled_actions()[0])
    page.wait_for_function(f"() => ({HISTORY})() > {played}", timeout=60_000)
    page.wait_for_selector(NEXT, state="visible", timeout=60_000)
    page.wait_for_function(READY, timeout=60_000)


@pytest.mark.parametrize("game_id", ["ps", "pax", "spy", "sik"])
def test_the_whole_table_is_in_view_at_every_decision_of_a_whole_game(glance, game_id):
    """Each kind of decision (its controls' kinds: a card to take, a place to go...) the first time it comes at all
    four viewports; every other decision at one of them in turn, so that each viewport sees every phase of the
    game and the run stays bounded (a whole Spyworld game has hundreds of decisions)."""
    page = start(glance, game_id)
    missed, decisions, kinds, names, probes = [], 0, set(), list(SIZES), 0
    for _ in range(MAX_DECISIONS):
        if glance.visible("[data-testid=game-over]"):
            break
        decisions += 1
        kind = tuple(sorted({action.split(":")[0] for action in glance.enabled_actions()}))
        probed = names if kind not in kinds else [names[decisions % len(names)]]
        kinds.add(kind)
        probes += len(probed)
        for name in probed:
            page.set_viewport_size(SIZES[name])
            seen = page.evaluate(PROBE)
            found = faults(seen, VIEWPORTS[name][2])
            if found:
                missed.append(f"decision {decisions} at {name}: " + "; ".join(found))
        page.set_viewport_size(SIZES["1024x768"])
        play(glance)
    assert glance.visible("[data-testid=game-over]"), f"{game_id}: no end after {decisions} decisions"
    assert not missed, f"{game_id}: {len(missed)} probes miss the targets, the first ones:\n" + "\n".join(missed[:8])
    print(f"{game_id}: {decisions} decisions, {len(kinds)} kinds, {probes} probes")


def test_fit_is_the_floor_of_the_zoom_and_minus_is_disabled_there(glance):
    page = start(glance, "pax", "768x1024")
    scale = "() => parseFloat(getComputedStyle(document.querySelector('#board > .stage')).zoom)"
    fit = page.evaluate(scale)
    assert page.get_attribute("[data-zoom=out]", "aria-disabled") == "true"
    assert page.get_attribute("[data-zoom=fit]", "aria-pressed") == "true"
    page.click("[data-zoom=out]", force=True)  # a tap on the disabled "−": nothing below fit
    assert page.evaluate(scale) == fit and page.evaluate("window.pygamesZoom.get()") == 1
    for _ in range(8):
        page.click("[data-zoom=in]", force=True)
    assert page.evaluate("window.pygamesZoom.get()") == 3, "+ goes up to 3 times the fit"
    assert abs(page.evaluate(scale) - 3 * fit) < 0.01, "zooming scales the stage, never lays it out again"
    assert page.get_attribute("[data-zoom=in]", "aria-disabled") == "true"
    assert page.get_attribute("[data-zoom=out]", "aria-disabled") == "false"
    assert page.evaluate("document.scrollingElement.scrollHeight") <= SIZES["768x1024"]["height"] + 1
    play(glance)  # a move keeps the player's zoom (its box may have changed: the banner came)
    assert page.evaluate("window.pygamesZoom.get()") == 3
    for _ in range(10):
        page.click("[data-zoom=out]", force=True)
    assert page.evaluate("window.pygamesZoom.get()") == 1
    assert page.get_attribute("[data-zoom=out]", "aria-disabled") == "true"
    page.click("[data-zoom=in]")
    page.click("[data-zoom=fit]")
    assert page.evaluate("window.pygamesZoom.get()") == 1 and page.evaluate(PROBE)["share"] >= 0.999


def test_the_log_is_a_drawer_on_a_phone_and_a_column_in_landscape(glance):
    page = start(glance, "ps", "390x844")
    log = page.locator("[data-testid=log]")
    assert not log.is_visible() and page.locator("[data-testid=seat-summary]").count() == 2
    button = page.locator("[data-drawer]")
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    button.click()
    assert log.is_visible() and button.get_attribute("aria-expanded") == "true"
    play(glance)  # still open, and still said to be
    assert log.is_visible() and button.get_attribute("aria-expanded") == "true"
    button.click()
    assert button.get_attribute("aria-expanded") == "false" and not log.is_visible()
    page.set_viewport_size(SIZES["1024x768"])  # a landscape tablet: a side column, no drawer button
    assert log.is_visible() and not button.is_visible()


MAGNIFIABLE = """() => [...document.querySelectorAll('#board [data-magnify]')].filter(e => {
  const r = e.getBoundingClientRect(); return r.width > 0 && !e.closest('button'); }).length"""


@pytest.mark.parametrize("game_id", ["pax", "sik"])
def test_a_tap_on_a_card_shows_it_large_and_a_tap_closes_it(glance, game_id):
    page = start(glance, game_id, "390x844")
    for _ in range(12):
        if page.evaluate(MAGNIFIABLE):
            break
        play(glance)
    part = page.locator("#board [data-magnify]:visible").first
    small = part.bounding_box()
    part.tap()
    lens = page.locator("[data-testid=magnifier]")
    lens.wait_for(state="visible")
    big = lens.locator(".magnified").bounding_box()
    assert big["width"] >= 1.8 * small["width"], (small, big)
    assert not lens.locator("[data-action], [id]").count(), "a copy: no control, no id of the page's"
    assert not axe_problems(page, f"{game_id} magnifier")
    page.touchscreen.tap(5, 5)
    lens.wait_for(state="detached")
    part.focus()
    page.keyboard.press("Enter")
    lens.wait_for(state="visible")
    page.keyboard.press("Escape")
    lens.wait_for(state="detached")


@pytest.mark.parametrize("game_id", ["ps", "pax", "spy", "sik"])
def test_a_tap_on_a_seats_summary_opens_its_full_area(glance, game_id):
    page = start(glance, game_id, "768x1024")
    rival = page.locator("[data-testid=seat-summary][data-player='1'] button.seat-open")
    rival.tap()
    area = page.locator("[data-testid=seat-area]")
    area.wait_for(state="visible")
    assert area.get_attribute("data-player") == "1" and rival.get_attribute("aria-expanded") == "true"
    assert area.inner_text().strip(), "the area shows that seat's table"
    assert not axe_problems(page, f"{game_id} seat area")
    play(glance)  # it stays open across a move
    assert area.is_visible()
    page.tap("[data-testid=seat-area-close]")
    area.wait_for(state="detached")
    assert rival.get_attribute("aria-expanded") == "false"


def test_spyworld_s_preview_survives_the_computer_submitting_meanwhile(glance):
    """A first tap on a card of the display selects it (touch preview); the computer submits its own choice while
    the player looks: the table is drawn again and the preview stays (it vanished: it was put outside the model)."""
    page = glance.page
    page.set_viewport_size(SIZES["1024x768"])
    glance.reset_storage()
    page.evaluate("localStorage.setItem('pygames.preview', 'on')")
    glance.open("?game=spy&seats=human,easy&seed=4&botdelay=1500")
    try:
        for _ in range(20):  # on to a planning turn where both choose at once
            page.wait_for_selector(NEXT, state="visible", timeout=60_000)
            if page.locator("#board button[data-action^='take:']:not([disabled])").count() and \
                    page.locator("[data-testid=seat-summary][data-player='1'].moving").count():
                break
            page.locator("#board button[data-action]:not([disabled]), #actions button[data-action]").first.click()
            if glance.visible("[data-testid=preview]"):
                page.click("#preview [data-confirm]")
        target = page.locator("#board button[data-action^='take:']:not([disabled])").first
        action = target.get_attribute("data-action")
        target.click()
        page.wait_for_selector("[data-testid=preview]", state="visible")
        page.wait_for_selector("[data-testid=seat-summary][data-player='1'][data-decided]", timeout=30_000)
        assert glance.visible("[data-testid=preview]"), "the preview went with the computer's submission"
        assert page.get_attribute(f"#board button[data-action='{action}']", "data-previewing") == "1"
        page.click("#preview [data-confirm]")
        page.wait_for_selector("[data-testid=preview]", state="detached")
    finally:
        page.evaluate("localStorage.setItem('pygames.preview', 'off')")


def test_play_again_is_in_the_first_screen_of_the_end_screen(glance):
    page = start(glance, "ps", "390x844")
    for _ in range(60):
        if glance.visible("[data-testid=game-over]"):
            break
        page.evaluate(TAP, glance.enabled_actions()[0])
        page.wait_for_selector(NEXT, state="visible", timeout=60_000)
    assert glance.visible("[data-testid=game-over]")
    # the game's own scene over the result, and the word to the one player here, as the winners line has it
    scene = page.evaluate("""() => { const s = document.getElementById('over-scene');
        return [s.dataset.game, getComputedStyle(s).backgroundImage, s.getBoundingClientRect().height]; }""")
    assert scene[0] == "ps" and scene[1].startswith("url(") and scene[2] > 40, scene
    won = "Player 1" in page.inner_text("#winners")
    assert page.inner_text("[data-testid=over-headline]") in (("You win!", "You share the win!") if won else
                                                               ("You lose.", "A tie."))
    for viewport, size in SIZES.items():
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        again = page.locator("#gameover [data-command=again]").bounding_box()
        assert again["y"] + again["height"] <= size["height"], f"{viewport}: Play again is below the first screen"
        outcome = page.locator("[data-testid=outcome]").bounding_box()
        assert outcome["y"] < again["y"], f"{viewport}: the outcome lines come after Play again"
        headline = page.locator("[data-testid=over-headline]").bounding_box()
        assert 0 <= headline["y"] < outcome["y"], f"{viewport}: the player's result comes after the why"


def test_the_page_is_one_screen_only_while_the_table_shows(glance):
    """html[data-table] follows #game's own `hidden`, wherever it is set: the page is one screen (no page scroll, no
    top bar: its languages are in the Options drawer) while the table shows, and scrolls again when something else
    takes its place (a host's lobby over its table hides #game with the game screen still on; the home screen)."""
    page = start(glance, "ps", "390x844")
    look = "() => [document.documentElement.dataset.table, getComputedStyle(document.body).overflowY]"
    assert page.evaluate(look) == ["on", "hidden"] and not page.locator(".topbar").is_visible()
    glance.switch_lang("fr")
    assert page.inner_text("#game .menu [data-command=quit]") == "Quitter"
    glance.switch_lang("en")
    page.evaluate("document.getElementById('game').hidden = true")  # as netplay's lobby does
    page.wait_for_function("document.documentElement.dataset.table === 'off'")
    assert page.evaluate(look)[1] != "hidden"
    page.evaluate("document.getElementById('game').hidden = false")
    page.wait_for_function("document.documentElement.dataset.table === 'on'")
    page.click("#game .menu [data-command=quit]")  # Quit: the home screen
    page.wait_for_selector("#home", state="visible")
    assert page.evaluate(look)[0] == "off" and page.locator(".topbar").is_visible()


MENU_WHOLE = """() => [...document.querySelectorAll('#game .menu button')].filter(b => b.offsetParent !== null)
  .map(b => { const r = b.getBoundingClientRect();
    const whole = r.left >= 0 && r.right <= innerWidth + 0.5 && b.scrollWidth <= b.clientWidth + 1;
    return [b.textContent.trim(), whole]; })"""


def test_the_menu_shows_each_of_its_words_whole_in_french(glance):
    """Issue 47: in French "Options" and "Quitter" were cut or hidden past a menu row that scrolled sideways."""
    page = start(glance, "ps", "1024x768")
    glance.switch_lang("fr")
    try:
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            shown = page.evaluate(MENU_WHOLE)
            assert shown and all(whole for _text, whole in shown), f"{name}: {shown}"
    finally:
        glance.switch_lang("en")


# Where the player's own hand is (html[data-dock], the hand's box and the board container's), once the slides landed.
DOCK = """async () => {
  await Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)));
  const board = document.getElementById('board'), hand = board.querySelector('[data-dock=hand]');
  const r = hand.getBoundingClientRect(), b = board.getBoundingClientRect();
  return {dock: document.documentElement.dataset.dock, bottom: r.bottom, height: r.height, boardTop: b.top,
          boardBottom: b.bottom - board.clientTop, boardClient: board.clientHeight,
          sticky: getComputedStyle(hand).position === 'sticky', scrolls: board.scrollHeight > board.clientHeight + 1};
}"""


def test_your_own_area_is_docked_under_the_board_while_it_is_zoomed_in(glance):
    """PAX: at fit the whole table is in view, your own area under the rest; zoomed in, the board scrolls in its box
    and your area stays docked at its bottom whatever the scroll, never docked taller than half the box."""
    page = start(glance, "pax", "1024x768")
    at_fit = page.evaluate(DOCK)
    assert not at_fit["sticky"] and not at_fit["scrolls"], at_fit
    page.click("[data-zoom=in]")
    page.click("[data-zoom=in]")
    zoomed = page.evaluate(DOCK)
    assert zoomed["scrolls"], zoomed
    if zoomed["height"] <= zoomed["boardClient"] / 2:
        assert zoomed["dock"] == "on" and zoomed["sticky"], zoomed
        page.evaluate("document.getElementById('board').scrollTop = 0")
        top = page.evaluate(DOCK)
        page.evaluate("document.getElementById('board').scrollTop = document.getElementById('board').scrollHeight")
        end = page.evaluate(DOCK)
        assert abs(top["bottom"] - end["bottom"]) <= 12 and abs(end["bottom"] - end["boardBottom"]) <= 12, (top, end)
    else:
        assert zoomed["dock"] == "off" and not zoomed["sticky"], zoomed
    page.click("[data-zoom=fit]")
    assert not page.evaluate(DOCK)["sticky"]


# what the last move rang on the board: each rung part's keys (static/table.js `key`)
RUNG = """() => [...document.querySelectorAll('#board .moved')].map(n => {
  const keys = []; for (const a of n.attributes) if (a.name.startsWith('data-') && a.name !== 'data-action')
    keys.push(a.name + '=' + a.value); return keys.join(' '); })"""
LAST_ACTIONS = """n => { const s = JSON.parse(localStorage.getItem('pygames.save.' +
  JSON.parse(localStorage.getItem('pygames.saves'))[0])); return s.history.slice(-n); }"""


def test_a_computer_s_passage_rings_its_path_and_no_free_path(glance):
    """Issue 47: after the computer's move, Passages Secrets rang 21-29 parts, every free path among them (their
    `ps-legal` class once the viewer's turn came): now the path the computer took rings, no free path does, and the
    rest is what that passage changed (a District's marker, the computer's holdings) — a handful of parts."""
    page = start(glance, "ps", "1024x768", seed=5)
    for _ in range(3):
        play(glance)
        placed = [action for _seat, action in page.evaluate(LAST_ACTIONS, 6) if action.startswith("place:")]
        if placed:
            break
    rung = page.evaluate(RUNG)
    path = placed[-1].split(":", 1)[1]
    assert any(f"data-path={path}" in r for r in rung), (path, rung)
    free = page.eval_on_selector_all("#board button[data-action^='place:']", "els => els.map(e => e.dataset.action)")
    assert free, "the viewer's turn again, with free paths"
    paths_rung = [r for r in rung if "data-path=" in r]
    assert len(paths_rung) == 1, paths_rung
    assert 1 <= len(rung) <= 6, rung


def test_a_computer_s_sik_move_rings_only_the_spots_it_changed(glance):
    """Issue 47: SIK rang 12-23 cells after each computer move (a cell's ground and its agent shared a key): now a
    computer's move in the main phase rings the parts it changed only — never more than a few of the 24 cells'
    parts, and nothing in the viewer's hand."""
    page = start(glance, "sik", "1024x768")
    counts = []
    for _ in range(12):
        if glance.visible("[data-testid=game-over]"):
            break
        play(glance)
        rung = page.evaluate(RUNG)
        if rung:
            counts.append(len(rung))
            mine = page.eval_on_selector_all("#board .moved",
                                             "els => els.filter(e => e.closest('.sik-own-hand')).length")
            assert mine == 0, rung
    assert counts, "the computer's moves rang something"
    assert max(counts) <= 6, counts
