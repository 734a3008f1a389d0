"""Sound cues and the computer's speed in the page (static/sound.js, pygames/web/sounds.py and pace.py).

One touch page for the module, with `AudioContext`, `navigator.vibrate` and `setTimeout` instrumented by an init
script: no audio context is made or resumed before the first tap, even when the app has asked for cues; the mute
and the speed are remembered across a reload, and the speed is the bot's pause; the settings live in the game's drawer
(Options), whose controls are >= 44 px and can be tapped on a landscape tablet and on a phone, in both languages,
and the game's menu bar stays one row."""

import pytest
from conftest import NEXT, TOUCH

pytestmark = pytest.mark.browser
TABLET, PHONE = {"width": 1024, "height": 768}, {"width": 390, "height": 844}

INSTRUMENT = """
window.__audio = {created: 0, resumed: 0, sources: 0, vibrations: 0, cues: [], delays: []};
const RealContext = window.AudioContext;
window.AudioContext = class extends RealContext {
  constructor(...args) { super(...args); window.__audio.created++; }
  resume() { window.__audio.resumed++; return super.resume(); }
  createBufferSource() { window.__audio.sources++; return super.createBufferSource(); }
};
Object.defineProperty(navigator, "vibrate",
                      {configurable: true, value: () => { window.__audio.vibrations++; return true; }});
const realTimeout = window.setTimeout;
window.setTimeout = function (fn, ms, ...args) {
  window.__audio.delays.push(ms);
  return realTimeout.call(this, fn, ms, ...args);
};
let sound;  // static/sound.js's player: every cue the app asks for is counted, played or not
Object.defineProperty(window, "pygamesSound", {configurable: true, get: () => sound, set: (player) => {
  const play = player.play;
  player.play = (names) => { window.__audio.cues.push(String(names)); return play(names); };
  sound = player;
}});
"""
BOT_FIRST = "?game=hnim&seats=easy,human&seed=1&opt.pile=11"


@pytest.fixture(scope="module")
def touch(pages):
    page = pages.page(viewport=TABLET, **TOUCH)
    page.page.add_init_script(INSTRUMENT)
    page.open()
    yield page
    pages.release(page)


def audio(app) -> dict:
    return app.page.evaluate("window.__audio")


def tap_move(app) -> None:
    """Tap the first enabled action and wait for the computer's answer (or the end)."""
    page = app.page
    page.wait_for_selector(NEXT, state="visible")
    before = len(app.saved()["history"])
    page.tap(f'button[data-action="{app.enabled_actions()[0]}"]')
    page.wait_for_function(f"JSON.parse(localStorage.getItem('pygames.save.' + "
                           f"localStorage.getItem('pygames.current'))).history.length > {before}")
    page.wait_for_selector(NEXT, state="visible")


def test_no_audio_before_the_first_tap_then_cues_play_and_your_turn_vibrates(touch):
    page = touch.page
    touch.reset_storage()
    touch.open(BOT_FIRST + "&botdelay=0")
    page.wait_for_function("window.__audio.cues.length > 0")  # the computer moved: "move" and "your turn"
    assert "turn" in ",".join(audio(touch)["cues"])
    heard = audio(touch)
    assert heard["created"] == heard["resumed"] == heard["sources"] == heard["vibrations"] == 0, heard
    # The synthesizer is not even run (the service worker may have stored its file for offline: that runs nothing).
    assert page.evaluate("typeof zzfx === 'undefined' && !document.querySelector('script[src*=zzfx]')")
    tap_move(touch)  # take, no cue
    page.wait_for_function("window.__audio.created === 1")
    tap_move(touch)  # end the turn: the computer answers, then it is our turn again
    page.wait_for_function("window.__audio.sources > 0 && window.__audio.vibrations > 0")
    assert audio(touch)["created"] == 1  # one context for the page
    assert not touch.off_origin() and not touch.errors, touch.errors


def test_the_mute_is_remembered_across_a_reload_and_silences_cues_and_vibration(touch):
    page = touch.page
    touch.reset_storage()
    touch.open(BOT_FIRST + "&botdelay=0")
    page.wait_for_selector(NEXT, state="visible")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
    touch.menu("#sound-toggle", tap=True)
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    assert page.evaluate("localStorage.getItem('pygames.sound')") == "off"
    touch.reload()  # the game resumes, muted
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    tap_move(touch)
    tap_move(touch)
    page.wait_for_function("window.__audio.cues.some(c => c.includes('turn'))")
    heard = audio(touch)
    assert heard["created"] == heard["sources"] == heard["vibrations"] == 0, heard  # muted from the start
    touch.menu("#sound-toggle", tap=True)  # back on: a cue says so
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('pygames.sound')") == "on"
    page.wait_for_function("window.__audio.created === 1 && window.__audio.sources > 0")


def test_the_computers_speed_is_remembered_and_is_its_pause_unless_a_link_sets_it(touch):
    page = touch.page
    touch.reset_storage()
    touch.open("?game=hnim&seats=human,easy&seed=1&opt.pile=11")  # no botdelay: the menu's speed
    page.wait_for_selector(NEXT, state="visible")
    assert page.get_attribute("[data-command='speed:normal']", "aria-pressed") == "true"
    touch.menu("[data-command='speed:slow']", tap=True)
    assert page.evaluate("localStorage.getItem('pygames.speed')") == "slow"
    assert [page.get_attribute(f"[data-command='speed:{s}']", "aria-pressed") for s in ("slow", "normal", "fast")] \
        == ["true", "false", "false"]
    touch.reload()
    assert page.get_attribute("[data-command='speed:slow']", "aria-pressed") == "true"
    page.evaluate("window.__audio.delays = []")
    tap_move(touch)
    assert page.get_attribute("html", "data-computer") is None  # the viewer's turn goes on: no pause
    # the turn ends: the computer's move comes after the slow pause, and the page says so while the pause runs
    played = len(touch.saved()["history"])
    page.tap(f'button[data-action="{touch.enabled_actions()[0]}"]')
    page.wait_for_selector("html[data-computer=waiting]", state="attached")
    assert len(touch.saved()["history"]) == played + 1  # the viewer's move, not yet the computer's
    assert 1200 in audio(touch)["delays"] and 450 not in audio(touch)["delays"]
    page.wait_for_selector("html:not([data-computer])", state="attached")
    assert len(touch.saved()["history"]) > played + 1  # the computer has moved
    page.wait_for_selector(NEXT, state="visible")
    touch.menu("[data-command='speed:fast']", tap=True)
    page.evaluate("window.__audio.delays = []")
    tap_move(touch)
    tap_move(touch)
    assert 150 in audio(touch)["delays"] and 1200 not in audio(touch)["delays"]
    touch.open("?game=hnim&seats=human,easy&seed=1&opt.pile=11&botdelay=0")  # a link's pause wins
    page.wait_for_selector(NEXT, state="visible")
    assert page.locator("#speed [aria-pressed=true]").count() == 0
    assert page.evaluate("localStorage.getItem('pygames.speed')") == "fast"  # kept for the next game


def test_the_speed_shows_only_with_a_computer_seat(touch):
    page = touch.page
    touch.open("?game=hnim&seats=human,human&seed=1")
    page.wait_for_selector("[data-testid=reveal]:visible, " + NEXT)
    if page.locator("[data-testid=reveal]").is_visible():
        page.tap("[data-testid=reveal]")
    page.wait_for_selector(NEXT, state="visible")
    touch.open_drawer(tap=True)
    assert page.locator("#speed").is_hidden()
    assert page.locator("#sound-toggle").is_visible()
    page.keyboard.press("Escape")


MENU = ["#sound-toggle", "[data-command='speed:slow']", "[data-command='speed:normal']",
        "[data-command='speed:fast']"]


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet-1024x768", "phone-390x844"])
def test_the_menu_controls_are_44px_and_can_be_tapped_in_both_languages(touch, viewport):
    page = touch.page
    touch.reset_storage()
    page.set_viewport_size(viewport)
    touch.open("?game=hnim&seats=human,easy&seed=1&botdelay=0")
    page.wait_for_selector(NEXT, state="visible")
    touch.open_drawer(tap=True)
    for selector in MENU:
        control = page.locator(selector)
        control.scroll_into_view_if_needed()
        box = control.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (selector, box)
        # What a finger lands on at its centre is the control itself (no sticky bar over it).
        on_top = page.evaluate("([x, y, s]) => document.querySelector(s).contains(document.elementFromPoint(x, y))",
                               [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, selector])
        assert on_top, selector
    page.tap("[data-command='speed:fast']")
    assert page.get_attribute("[data-command='speed:fast']", "aria-pressed") == "true"
    page.tap("#sound-toggle")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    assert page.inner_text("#sound-toggle") == "Sound: off"  # the state in words too, not only the pressed look
    page.tap("#drawer [data-command='lang:fr']")  # during a game the languages are in the drawer (issue 47)
    touch.open_drawer(tap=True)
    assert page.inner_text("#sound-toggle") == "Son : coupé"
    assert page.inner_text("[data-command='speed:slow']") == "Lent"
    assert page.get_attribute("#speed", "aria-label") == "Vitesse de l'ordinateur"
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"  # the language leaves the state alone
    page.keyboard.press("Escape")
    page.evaluate("localStorage.removeItem('pygames.lang')")
    page.set_viewport_size(TABLET)


VIEWPORTS = {"1024x768": TABLET, "768x1024": {"width": 768, "height": 1024}, "1366x768": {"width": 1366, "height": 768},
             "390x844": PHONE}
# The game menu's rows (distinct tops of its shown controls) and its controls under 44 px.
MENU_ROWS = """() => {
  const shown = [...document.querySelectorAll('#game .menu > *')].filter(e => e.offsetParent !== null);
  const boxes = shown.map(e => e.getBoundingClientRect());
  return {rows: new Set(boxes.map(b => Math.round(b.top))).size, controls: shown.length,
          small: shown.filter((e, i) => boxes[i].width < 44 || boxes[i].height < 44).map(e => e.textContent)};
}"""


def drawer_state(page) -> dict:
    return page.evaluate("""() => ({open: document.getElementById('drawer').open,
      expanded: document.getElementById('drawer-toggle').getAttribute('aria-expanded'),
      focus: document.activeElement.id})""")


def wait_closed(page) -> None:
    """The drawer closed, Options says so and has the focus back (the dialog's close event comes a task later)."""
    page.wait_for_function("""() => !document.getElementById('drawer').open
      && document.getElementById('drawer-toggle').getAttribute('aria-expanded') === 'false'
      && document.activeElement.id === 'drawer-toggle'""", timeout=2000)


def test_the_game_menu_is_one_row_and_its_drawer_opens_and_closes_by_touch_and_keys(touch):
    """The menu bar keeps Rules, Undo, Options and Quit (and the log's button upright) in one row at every size in
    both languages (the settings in the drawer); Options opens the drawer (aria-expanded, focus inside), Esc, Close,
    the backdrop and a second tap on Options close it, focus back on Options."""
    page = touch.page
    touch.reset_storage()
    page.set_viewport_size(TABLET)
    touch.open("?game=hnim&seats=human,easy&seed=1&botdelay=0&lang=fr")
    page.wait_for_selector(NEXT, state="visible")
    for lang in ("fr", "en"):
        touch.switch_lang(lang, tap=True)
        for name, viewport in VIEWPORTS.items():
            page.set_viewport_size(viewport)
            seen = page.evaluate(MENU_ROWS)
            # the log's button too where the log is a drawer (no side column: upright and on a phone, issue 47)
            controls = 5 if viewport["width"] < viewport["height"] else 4
            assert seen == {"rows": 1, "controls": controls, "small": []}, (lang, name, seen)
    page.set_viewport_size(TABLET)
    assert {key: drawer_state(page)[key] for key in ("open", "expanded")} == {"open": False, "expanded": "false"}
    page.tap("#drawer-toggle")
    assert drawer_state(page) == {"open": True, "expanded": "true", "focus": "drawer-close"}
    page.keyboard.press("Tab")  # focus stays inside the drawer
    assert page.evaluate("document.getElementById('drawer').contains(document.activeElement)")
    page.keyboard.press("Escape")
    wait_closed(page)
    toggle = page.locator("#drawer-toggle").bounding_box()
    for close in ("second tap", "backdrop", "Close"):
        page.tap("#drawer-toggle")
        assert drawer_state(page)["open"]
        if close == "second tap":  # the panel hangs under Options: a second tap lands on the backdrop there
            page.touchscreen.tap(toggle["x"] + toggle["width"] / 2, toggle["y"] + toggle["height"] / 2)
        elif close == "backdrop":
            page.touchscreen.tap(10, TABLET["height"] - 10)
        else:
            page.tap("#drawer-close")
        wait_closed(page)
    assert page.locator("#game [data-action]:not([disabled])").count() > 0  # the backdrop tap played nothing
    assert len(touch.saved()["history"]) == 0
    touch.open_drawer(tap=True)  # the pass-the-device cover comes up (the computer moved meanwhile): it closes
    page.evaluate("""() => { const reveal = document.createElement('button');  // as pygames/web/coverview.py draws it
      reveal.id = 'reveal-button'; document.getElementById('cover').replaceChildren(reveal);
      document.getElementById('cover').hidden = false; }""")
    page.wait_for_function("!document.getElementById('drawer').open && document.activeElement.id === 'reveal-button'",
                           timeout=2000)
    page.evaluate("document.getElementById('cover').hidden = true")
    page.evaluate("localStorage.removeItem('pygames.lang')")
