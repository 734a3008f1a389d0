"""The table as a player on a tablet meets it: switching games, the decision always in reach, the end screen.

One booted touch page for the module (viewports change with set_viewport_size, touch stays on); every game is
played with botdelay=0 so the module stays bounded in time.
"""

import random

import pytest
from conftest import NEXT, TOUCH, end_details_drawn, open_end_details

pytestmark = pytest.mark.browser
VIEWPORTS = {"landscape": {"width": 1024, "height": 768}, "portrait": {"width": 768, "height": 1024},
             "laptop": {"width": 1366, "height": 768}}
# Where the app left the page, once the redraw's slides have landed: is the status line on screen, and which
# enabled controls of the decision can a finger reach (on screen and not covered by the sticky status line or action
# bar: the element at the middle of its visible part is the control itself)? `fits`: the controls on the page (not
# in the sticky action bar) would all show at once between the two bars, or inside the board's container when the
# board scrolls inside itself, so every one of them must be in reach.
REACH = """async () => {
  await Promise.all(document.getAnimations().filter(a => a.effect && a.effect.getComputedTiming().endTime < Infinity)
    .map(a => a.finished.catch(() => null)));
  const vw = innerWidth, vh = innerHeight;
  const seen = r => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw;
  const status = document.querySelector('[data-testid=status]');
  const bar = document.getElementById('actions');
  const controls = [...document.querySelectorAll('button[data-action]:not([disabled])')]
    .filter(e => e.offsetParent !== null);
  const reachable = controls.filter(e => {
    const r = e.getBoundingClientRect();
    if (!seen(r)) return false;
    const x = (Math.max(r.left, 0) + Math.min(r.right, vw)) / 2, y = (Math.max(r.top, 0) + Math.min(r.bottom, vh)) / 2;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === e || e.contains(top));
  });
  const board = document.getElementById('board');  // a board scrolling inside itself: its controls show in it
  // The player's own hand, docked at the board's bottom (html[data-dock=on]): on screen inside the board, always;
  // its controls stay in reach there like the action bar's, and the rest of the board scrolls above it.
  const hand = document.documentElement.dataset.dock === 'on' ? board.querySelector('[data-dock=hand]') : null;
  const handBox = hand ? hand.getBoundingClientRect() : null, boardBox = board.getBoundingClientRect();
  const onPage = controls.filter(e => !bar.contains(e) && !(hand && hand.contains(e)))
    .map(e => e.getBoundingClientRect());
  const inside = getComputedStyle(board).overflowY !== 'visible' && board.scrollHeight > board.clientHeight + 1;
  const room = inside ? board.clientHeight - (handBox ? handBox.height : 0)
    : (bar.firstChild ? bar.getBoundingClientRect().top : vh) - status.getBoundingClientRect().height;
  const span = onPage.length ? Math.max(...onPage.map(r => r.bottom)) - Math.min(...onPage.map(r => r.top)) : 0;
  return {status: seen(status.getBoundingClientRect()) && status.textContent.trim().length > 0,
          controls: controls.length, reachable: reachable.map(e => e.dataset.action),
          unreached: controls.filter(e => !reachable.includes(e)).map(e => e.dataset.action),
          fits: span <= room - 16, scrollY: scrollY,
          docked: handBox === null ? null : handBox.height > 0 && handBox.top >= boardBox.top - 1
            && handBox.bottom <= boardBox.bottom + 1 && handBox.bottom <= vh};
}"""
# A tap, then Confirm when the app previews a board choice first (touch screens preview by default).
TAP = """action => {
  document.querySelector(`button[data-action="${CSS.escape(action)}"]`).click();
  const confirm = document.querySelector('[data-testid=preview] button[data-confirm]');
  if (confirm) confirm.click();
}"""


@pytest.fixture(scope="module")
def table(pages):
    page = pages.page(viewport=VIEWPORTS["landscape"], **TOUCH)
    page.open()
    yield page
    pages.release(page)


@pytest.fixture(autouse=True)
def motion_as_usual(table):
    """Each test leaves the page's motion as a player's default (a test may ask for reduced motion)."""
    yield
    table.page.emulate_media(reduced_motion="no-preference")


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
    assert page.inner_text("#game-title") == "Prowler's Passage (Passages Secrets)"
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
    # The other seats' moves slide (~0.35 s, awaited at each decision) in landscape; the other two viewports play
    # with reduced motion, the path a player who asks for it takes (the slides have their own test, below).
    page.emulate_media(reduced_motion="no-preference" if viewport == "landscape" else "reduce")
    table.reset_storage()
    table.open(f"?game={game_id}&seats=human,easy&seed=5&botdelay=0")
    pick = random.Random(f"{game_id}-{viewport}")
    decisions = docked = 0
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
        if seen["fits"]:
            assert not seen["unreached"], f"{where}: controls of the decision off screen: {seen['unreached']}"
        assert seen["docked"] is not False, f"{where}: the docked hand is not wholly on screen in the board"
        docked += seen["docked"] is True
        quick = [a for a in seen["reachable"] if a in ("pass", "done")]  # keeps Spyworld's 35 turns short
        page.evaluate(TAP, quick[0] if quick and pick.random() < 0.75 else pick.choice(seen["reachable"]))
        decisions += 1
    else:
        raise AssertionError(f"{game_id} {viewport}: no end after {decisions} decisions")
    assert decisions >= 3
    if game_id == "pax":  # your hand, docked at the bottom of the board through the game (two seats: it fits)
        assert docked >= decisions // 2, f"{game_id} {viewport}: the hand docked at {docked} of {decisions} decisions"
    assert page.evaluate("scrollY") == 0, "the end screen starts at the top"
    if viewport == "landscape":  # the end screen explains the result and shows the final board
        words = page.locator("[data-testid=outcome] li")
        assert words.count() >= 1 and all(words.nth(i).inner_text().strip() for i in range(words.count()))
        assert "outcome." not in page.inner_text("[data-testid=outcome]")  # no raw catalogue key
        end_details_drawn(page)  # the final board, in the frame after the result
        assert page.locator("[data-testid=final-board] *").count() > 5
        assert page.locator("#score-chart svg").count() == (0 if game_id == "sik" else 1)
        if game_id == "spy":  # the explorations, private while played (SPY-4.25), are replayed step by step
            open_end_details(table)  # the game's own part is one tap away
            assert page.locator("[data-testid=spy-routes].replay .spy-step").count() > 2
            page.click("[data-command=skip-replay]")
            assert page.locator("[data-testid=spy-routes].replay").count() == 0


def test_a_board_tap_previews_then_confirms_and_the_setting_turns_it_off(table):
    """Passages Secrets on a touch screen: the first tap on a path says what it gives and plays nothing; Confirm
    plays it. With the setting off, one tap plays."""
    page = table.page
    page.set_viewport_size(VIEWPORTS["portrait"])
    table.reset_storage()
    table.open("?game=ps&seats=human,easy&seed=5&botdelay=0")
    assert page.get_attribute("#preview-toggle", "aria-pressed") == "true"  # touch: on by default
    for _ in range(6):  # to the first path placement
        page.wait_for_selector(NEXT, state="visible")
        if page.locator("#board button[data-action^='place:']").count():
            break
        page.evaluate(TAP, table.enabled_actions()[-1])
    spot = page.locator("#board button[data-action^='place:']").first
    action, label = spot.get_attribute("data-action"), spot.get_attribute("title")
    moves = len(table.saved()["history"])
    spot.tap()
    assert page.inner_text("[data-testid=preview] .preview-text") == label  # what the path gives, in words
    assert len(table.saved()["history"]) == moves  # nothing played yet
    page.tap("[data-testid=preview] [data-command=cancel-preview]")
    assert page.locator("[data-testid=preview]").count() == 0
    spot.tap()
    page.tap("[data-testid=preview] button[data-confirm]")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('pygames.save.' + "
                           f"localStorage.getItem('pygames.current'))).history.length > {moves}")
    assert table.saved()["history"][moves][1] == action
    table.menu("#preview-toggle", tap=True)
    assert page.get_attribute("#preview-toggle", "aria-pressed") == "false"
    assert page.evaluate("localStorage.getItem('pygames.preview')") == "off"
    page.wait_for_selector(NEXT, state="visible")
    first = page.locator("#board button[data-action]").first
    moves = len(table.saved()["history"])
    first.tap()
    page.wait_for_function(f"JSON.parse(localStorage.getItem('pygames.save.' + "
                           f"localStorage.getItem('pygames.current'))).history.length > {moves}")
    page.evaluate("localStorage.removeItem('pygames.preview')")


def tap_first_until(table, done, taps: int) -> None:
    """At each decision, `done()` or the first enabled control tapped, at most `taps` times."""
    for _ in range(taps):
        table.page.wait_for_selector(NEXT, state="visible")
        if done():
            return
        table.page.evaluate(TAP, table.enabled_actions()[0])


def test_an_opponent_move_leaves_a_last_move_highlight(table):
    page = table.page
    page.set_viewport_size(VIEWPORTS["landscape"])
    table.reset_storage()
    table.open("?game=pax&seats=human,easy&seed=4&botdelay=0")
    tap_first_until(table, lambda: (moves := table.saved()["history"]) and moves[-1][0] == 1, 30)
    banner = page.locator("[data-testid=last-move]")
    assert banner.is_visible()
    fresh = page.locator("[data-testid=log] li.fresh")
    assert fresh.count() >= 1
    assert fresh.first.inner_text() in banner.inner_text()  # the first lines are shown without a tap
    assert all(line in banner.text_content() for line in fresh.all_inner_texts())  # and none is dropped
    assert page.locator("#board .moved").count() >= 1  # and on the board: what the computer's move changed
    assert page.evaluate("getComputedStyle(document.querySelector('[data-testid=last-move]')).animationDuration")\
        in ("0.35s", "350ms")


# Every size the board's box takes from now on (a ResizeObserver), and every status line shown meanwhile.
WATCH_BOX = """() => {
  const seen = window.__box = {sizes: [], statuses: []};
  const board = document.getElementById('board'), status = document.getElementById('status');
  new ResizeObserver(() => {
    const r = board.getBoundingClientRect();
    seen.sizes.push(`${Math.floor(r.width)}x${Math.floor(r.height)}`);
  }).observe(board);
  new MutationObserver(() => seen.statuses.push(status.textContent.trim()))
    .observe(status, {subtree: true, childList: true, characterData: true});
}"""


@pytest.mark.parametrize("game_id", ["ps", "spy"])
def test_the_board_keeps_its_size_from_one_turn_to_the_next(table, game_id):
    """A one-line status (PS: the computer's "… is thinking") and a two-line one leave the board's box the same
    size: no move jumps the whole board (and lays it all out again, ~10 ms of every tap)."""
    page = table.page
    page.set_viewport_size(VIEWPORTS["landscape"])
    table.reset_storage()
    table.open(f"?game={game_id}&seats=human,easy&seed=1&botdelay=300")
    page.wait_for_selector("html:not([data-computer])", state="attached")
    page.wait_for_selector(NEXT, state="visible")
    page.evaluate(WATCH_BOX)
    for taps in range(30):  # the computer's turn twice (PS), with the player's decisions between
        page.wait_for_selector("html:not([data-computer])", state="attached")
        page.wait_for_selector(NEXT, state="visible")
        seen = page.evaluate("window.__box")
        if taps >= 8 and (game_id != "ps" or sum("thinking" in text for text in seen["statuses"]) >= 2):
            break
        page.evaluate(TAP, table.enabled_actions()[0])
    # each status shown, at the height it would take were its two lines not held (one line or two)
    natural = page.evaluate("""texts => { const p = document.getElementById('status'), before = p.textContent;
      const heights = texts.map(t => { p.textContent = t; p.style.minHeight = '0';
                                       return Math.round(p.getBoundingClientRect().height); });
      p.textContent = before; p.style.minHeight = ''; return heights; }""", sorted(set(seen["statuses"])))
    assert len(set(natural)) >= 2, natural  # the statuses shown took one line and two
    assert len(seen["sizes"]) <= 1, seen["sizes"]  # the first observation only: the box never changed size


# Watches every frame for the slides of static/table.js (Web Animations on parts with a data-anim-key, not the
# CSS fades): the longest duration seen, the keys, and whether a control of the decision was enabled meanwhile.
WATCH_SLIDES = """() => {
  const seen = window.__slides = {count: 0, longest: 0, keys: [], controlsWhileRunning: false};
  const tick = () => {
    const slides = document.getAnimations().filter(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition)
      && a.effect && a.effect.target && a.effect.target.hasAttribute('data-anim-key') && a.playState === 'running');
    if (slides.length) {
      seen.count += slides.length;
      seen.longest = Math.max(seen.longest, ...slides.map(a => a.effect.getTiming().duration));
      for (const a of slides) seen.keys.push(a.effect.target.getAttribute('data-anim-key'));
      const enabled = [...document.querySelectorAll('button[data-action]:not([disabled])')]
        .filter(e => e.offsetParent !== null && getComputedStyle(e).pointerEvents !== 'none');
      if (enabled.length) seen.controlsWhileRunning = true;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def play_until_the_computer_moved_twice(table, taps: int = 40) -> dict:
    """PAX against the computer: the human takes the first choice until the computer has moved and the human
    is to choose again; returns what the slide watcher saw."""
    page = table.page
    table.open("?game=pax&seats=human,easy&seed=4&botdelay=0")
    page.wait_for_selector(NEXT, state="visible")
    page.evaluate(WATCH_SLIDES)
    turns = 0
    for _ in range(taps):
        page.wait_for_selector(NEXT, state="visible")
        moves = table.saved()["history"]
        turns += bool(moves) and moves[-1][0] == 1
        if turns >= 2:
            break
        actions = table.enabled_actions()
        page.evaluate(TAP, next((a for a in actions if "stage:" not in a), actions[0]))  # no stage/unstage loop
    page.wait_for_timeout(100)
    return page.evaluate("window.__slides")


def test_the_other_seats_moves_slide_and_never_under_reduced_motion(table):
    """Item 4 of issue 11: the computer's move slides the cards and markers it moved (Web Animations, <= 400 ms)
    while the decision's controls are already enabled; with reduced motion nothing slides."""
    page = table.page
    page.set_viewport_size(VIEWPORTS["landscape"])
    table.reset_storage()
    seen = play_until_the_computer_moved_twice(table)
    assert seen["count"] >= 1, seen
    assert 0 < seen["longest"] <= 400, seen
    assert all(k.startswith("pax-") for k in seen["keys"]), seen
    assert seen["controlsWhileRunning"], seen  # the slides never hold back the next decision
    page.emulate_media(reduced_motion="reduce")
    try:
        table.reset_storage()
        still = play_until_the_computer_moved_twice(table)
        assert still["count"] == 0, still
        assert page.locator("[data-testid=last-move]").is_visible()  # the last move is still told, without motion
    finally:
        page.emulate_media(reduced_motion="no-preference")


def axe_source() -> str:
    """axe-core from node_modules (pinned in package.json, devDependencies; never copied into dist/), or from
    PYGAMES_AXE (a file path) on a machine whose node_modules predates the pin."""
    import os
    from pathlib import Path

    for path in (Path(__file__).resolve().parents[2] / "node_modules/axe-core/axe.min.js",
                 Path(os.environ.get("PYGAMES_AXE", "/nonexistent"))):
        if path.is_file():
            return path.read_text(encoding="utf-8")
    pytest.fail("axe-core is missing: run `npm ci` (it is pinned in package.json's devDependencies)")


def axe_problems(page, where: str) -> list[str]:
    """Serious and critical WCAG A/AA violations on the page as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source())  # evaluated by the test through the DevTools protocol: no tag, no CSP change
    found = page.evaluate("""async () => {
      // What the page settles on, not a frame of a fade: contrast is judged after running animations end.
      await Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)));
      const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
                                         resultTypes: ['violations']});
      return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""")
    return [f"{where}: {p}" for p in found]


def test_no_serious_accessibility_violation_on_any_screen(table):
    page = table.page
    page.set_viewport_size(VIEWPORTS["landscape"])
    table.reset_storage()
    table.open()
    problems = axe_problems(page, "home")
    page.click('[data-shell-rules="pax"]')  # the home card's Rules button (static/shell.js opens the page)
    page.wait_for_selector("#rules:visible")
    problems += axe_problems(page, "rules")
    page.click("[data-command=close-rules]")
    page.click('[data-command="new:spy"]')
    problems += axe_problems(page, "setup")
    for game_id in ("ps", "pax", "spy", "sik"):
        table.open(f"?game={game_id}&seats=human,easy&seed=3&botdelay=0")
        page.wait_for_selector(NEXT, state="visible")
        if game_id == "ps":  # its first decision: the District markers' buttons (label in name, WCAG 2.5.3)
            assert page.locator("#board button[data-action^='comp:']").count() == 5
        problems += axe_problems(page, f"{game_id} first decision")
        for step in range(3):  # a few moves in: a mid-game screen
            page.wait_for_selector(NEXT, state="visible")
            if game_id == "spy" and step == 1:  # the display's Take buttons: short words, then the full ones
                assert page.locator("#board button[data-action^='take:']").count() > 0
                problems += axe_problems(page, "spy take")
            page.evaluate(TAP, table.enabled_actions()[0])
        page.wait_for_selector(NEXT, state="visible")
        problems += axe_problems(page, f"{game_id} mid-game")
    table.open_drawer()  # the game's drawer open: the settings, Export, Restart
    problems += axe_problems(page, "drawer")
    page.keyboard.press("Escape")
    table.open("?game=sik&seats=human,human&seed=3&botdelay=0")
    page.wait_for_selector(NEXT, state="visible")
    if not table.visible("[data-testid=pass-device]"):
        page.evaluate(TAP, table.enabled_actions()[0])
    page.wait_for_selector("[data-testid=pass-device]:visible")
    problems += axe_problems(page, "cover")
    table.open("?game=hnim&seats=human,easy&seed=2&botdelay=0")
    for _ in range(100):
        page.wait_for_selector(NEXT, state="visible")
        if table.visible("[data-testid=game-over]"):
            break
        page.evaluate(TAP, table.enabled_actions()[0])
    problems += axe_problems(page, "end screen")
    assert not problems, "\n".join(problems)


def test_the_small_things_a_player_meets_around_a_game(table):
    """No one-option seat menu; per-seat options only for real seats; Quit says the game is saved; Restart asks
    in the app; a finished game is listed as finished, to view."""
    page = table.page
    page.set_viewport_size(VIEWPORTS["landscape"])
    dialogs = []

    def native(dialog):
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", native)
    table.reset_storage()
    table.open()
    page.click('[data-command="new:ps"]')
    assert not page.locator("#seat-count").is_visible()  # 2 players exactly: no menu with one choice
    assert page.locator("[data-seat-name]").count() == 2
    page.click("#newgame [data-command=home]")
    page.click('[data-command="new:spy"]')
    shown = page.eval_on_selector_all("[data-option^=beginner]", "els => els.filter(e => e.offsetParent)"
                                                                  ".map(e => e.dataset.option)")
    assert shown == ["beginner1", "beginner2"]
    page.select_option("#seat-count", "4")
    shown = page.eval_on_selector_all("[data-option^=beginner]", "els => els.filter(e => e.offsetParent)"
                                                                  ".map(e => e.dataset.option)")
    assert shown == ["beginner1", "beginner2", "beginner3", "beginner4"]
    page.click("#newgame [data-command=home]")
    table.open("?game=hnim&seats=human,easy&seed=2&botdelay=0")
    page.wait_for_selector(NEXT, state="visible")
    page.evaluate(TAP, table.enabled_actions()[0])
    page.wait_for_selector(NEXT, state="visible")
    table.menu("[data-command=restart]")
    assert page.locator("#confirm").is_visible()
    page.click("[data-command=close-confirm]")
    assert len(table.saved()["history"]) > 0  # "No" keeps the game
    table.menu("[data-command=restart]")
    page.click("[data-command=restart-yes]")
    page.wait_for_function("JSON.parse(localStorage.getItem('pygames.save.' + "
                           "localStorage.getItem('pygames.current'))).history.length === 0")
    page.click("#game [data-command=quit]")
    assert "saved" in page.inner_text("#home-note")
    assert page.inner_text("[data-testid=continue-list] li button[data-command^=resume]") == "Resume"
    page.click("[data-testid=continue-list] li button[data-command^=resume]")
    for _ in range(100):
        page.wait_for_selector(NEXT, state="visible")
        if table.visible("[data-testid=game-over]"):
            break
        page.evaluate(TAP, table.enabled_actions()[0])
    page.click("#gameover [data-command=quit]")
    assert not page.locator("#home-note").is_visible()  # nothing was left unfinished
    item = page.locator("[data-testid=continue-list] li").first
    assert "finished" in item.inner_text() and item.locator("button[data-command^=resume]").inner_text() == "View"
    item.locator("button[data-command^=resume]").click()
    page.wait_for_selector("[data-testid=game-over]:visible")
    page.remove_listener("dialog", native)
    assert not dialogs, f"native dialogs: {dialogs}"


SCREEN = """() => ({log: [...document.querySelectorAll('[data-testid=log] li')].map(li => li.textContent),
                    board: document.getElementById('board').innerText,
                    actions: [...document.querySelectorAll('button[data-action]:not([disabled])')]
                      .filter(e => e.offsetParent !== null).map(e => e.dataset.action)})"""
SAVED_MOVES = """n => JSON.parse(localStorage.getItem('pygames.save.' + localStorage.getItem('pygames.current')))
                    .history.length === n"""


def play_and_wait_for_the_reply(table, action: str) -> dict:
    """The human plays `action`; returns the screen once the computer has replied and the human is to choose."""
    page = table.page
    page.evaluate(TAP, action)
    page.wait_for_function("""() => { const s = JSON.parse(localStorage.getItem('pygames.save.' +
        localStorage.getItem('pygames.current'))); return s.history.at(-1)[0] === 1; }""")
    page.wait_for_selector(NEXT, state="visible")
    return page.evaluate(SCREEN)


def test_take_back_against_the_computer_restores_the_move_and_replays_the_same_draws(table):
    """Issue 32 item 5, chosen in the new-game dialog: PAX against the easy computer (seed 7: the human's first
    keep refills the legions from the deck, tests/test_session.py), the move and the computer's reply taken back
    restore the screen as it was, and the same move again draws the same cards and gets the same reply."""
    page = table.page
    page.set_viewport_size(VIEWPORTS["landscape"])
    table.reset_storage()
    table.open("?game=pax&seats=human,easy&seed=1&botdelay=0")  # the computer answers at once in this page
    page.click("#game [data-command=quit]")
    page.click('[data-command="new:pax"]')
    page.select_option("#seat-count", "2")
    page.select_option("[data-seat-kind='1']", "easy")
    page.select_option("#takeback", "on")
    page.fill("#seed", "7")
    page.click("[data-command=start]")
    page.wait_for_selector(NEXT, state="visible")
    assert table.saved()["takeback"] is True
    take_back = page.locator("#game [data-command=undo]")
    assert take_back.inner_text() == "Take back" and take_back.is_disabled()  # nothing of the human's yet
    box = take_back.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    before, moves = page.evaluate(SCREEN), len(table.saved()["history"])
    move = before["actions"][0]
    first = play_and_wait_for_the_reply(table, move)
    assert any(" is placed under Legion " in line for line in first["log"][len(before["log"]):])  # cards drawn
    take_back.click()
    page.wait_for_function(SAVED_MOVES, arg=moves)
    page.wait_for_selector(NEXT, state="visible")
    assert page.evaluate(SCREEN) == before
    assert play_and_wait_for_the_reply(table, move) == first
    assert not table.visible("[data-testid=error]")


# The log's newest line, and the log's own scroll: [is the last line inside the log's box, scrollTop, lines]
LOG_END = """() => { const log = document.getElementById('log'), last = log.lastElementChild;
  const r = log.getBoundingClientRect(), s = document.getElementById('side').getBoundingClientRect();
  const l = last.getBoundingClientRect(), bottom = Math.min(r.bottom, s.bottom, innerHeight);
  return [l.bottom <= bottom + 1 && l.top >= r.top - 1 && r.height > 0, Math.round(log.scrollTop),
          log.children.length]; }"""


def test_the_log_shows_its_newest_line_and_stays_where_a_player_reads_back(table):
    """Landscape: the log fills the side column under the players and scrolls inside itself, its newest line in
    view after every move; a player who scrolled back stays there through a redraw that brings no line (the
    Options drawer opened and closed), and sees the end again when lines come. Portrait: the drawer opens on it."""
    page = table.page
    page.set_viewport_size(VIEWPORTS["landscape"])
    table.reset_storage()
    table.open("?game=spy&seats=human,easy,easy&seed=5&botdelay=0")
    tap_first_until(table, lambda: page.evaluate(LOG_END)[2] > 40, 60)
    page.wait_for_selector(NEXT, state="visible")
    page.wait_for_timeout(100)  # the log is scrolled at the next frame
    shown, top, lines = page.evaluate(LOG_END)
    assert shown and top > 0 and lines > 40
    assert page.locator("#scores").is_visible()  # the players stay above it
    page.evaluate("document.getElementById('log').scrollTop = 0")
    page.click("#drawer-toggle")
    page.keyboard.press("Escape")
    page.wait_for_timeout(100)
    assert page.evaluate(LOG_END)[1] == 0  # no line came: still where the player reads
    for _ in range(20):
        if page.evaluate(LOG_END)[2] > lines:
            break
        page.evaluate(TAP, table.enabled_actions()[0])
        page.wait_for_selector(NEXT, state="visible")
    # the end comes back in view within a few frames of the new lines (a loaded machine draws frames late)
    page.wait_for_function(f"(() => {{ const e = ({LOG_END})(); return e[0] && e[2] > {lines}; }})", timeout=5000)
    page.set_viewport_size(VIEWPORTS["portrait"])
    page.click("[data-drawer]")
    page.wait_for_timeout(100)
    assert page.evaluate(LOG_END)[0]
    page.click("[data-drawer]")
