"""Hostile saves and two tabs in headless Chromium (issue 10): what CPython's tests cannot see.

A 5,000-deep save would overflow Pyodide's stack if it reached json (CPython refuses it cleanly, Pyodide dies), so
these run in the real runtime. One booted page for the single-tab tests; the two-tab test opens its own profile.
"""

import json

import pytest
from conftest import NEXT, AppPage
from pygames_testgames import hidden_nim as nim

from pygames import core
from pygames.app.session import Session
from pygames.web import i18n

pytestmark = pytest.mark.browser
STRINGS = i18n.load()["en"]
DEEP = '{"a":' * 5_000 + "1" + "}" * 5_000  # 30 KB
NIM = "?game=hnim&seats=human,easy&seed={seed}&botdelay=0&opt.pile=11"


def prefix(key: str) -> str:
    """The fixed start of a catalogue message (before its first argument)."""
    return STRINGS[key].split("{")[0]


def import_text(app, text: str) -> None:
    app.page.set_input_files("#import-file", files=[{"name": "g.json", "mimeType": "application/json",
                                                     "buffer": text.encode()}])


def tab_save(app) -> dict:
    """The save of the game this tab plays (sessionStorage names it)."""
    return json.loads(app.page.evaluate(
        "localStorage.getItem('pygames.save.' + sessionStorage.getItem('pygames.current'))"))


def test_importing_a_5000_deep_save_shows_an_error_and_the_game_still_plays(app):
    app.reset_storage()
    app.open(NIM.format(seed=5))
    app.click_action("take:1")
    import_text(app, DEEP)
    app.page.wait_for_selector("[data-testid=error]", state="visible")
    assert STRINGS["core.save.too_deep"].format(limit=64) in app.page.inner_text("[data-testid=error]")
    app.page.click("[data-command=dismiss-error]")
    app.click_action("end")  # the runtime is alive: the game goes on and is saved
    app.page.wait_for_selector('button[data-action="take:1"]')
    assert app.saved()["history"][:2] == [[0, "take:1"], [0, "end"]] and len(app.saved()["history"]) >= 4
    import_text(app, "{not json")  # and a later import still gets its answer
    app.page.wait_for_selector("[data-testid=error]", state="visible")
    assert prefix("core.save.not_json") in app.page.inner_text("[data-testid=error]")
    app.page.click("[data-command=dismiss-error]")
    assert not [e for e in app.errors if "Maximum call stack" in e or "fatal" in e], app.errors


def test_a_deep_save_planted_before_boot_still_reaches_ready_with_a_notice_and_is_kept(app):
    app.reset_storage()
    app.open("?lang=en")
    app.page.evaluate("""deep => {
        localStorage.setItem('pygames.save.deep-1', deep);
        localStorage.setItem('pygames.saves', JSON.stringify(['deep-1']));
        localStorage.setItem('pygames.current', 'deep-1');
        sessionStorage.setItem('pygames.current', 'deep-1');  // this tab's game, which its reload opens
    }""", DEEP)
    app.reload()  # wait_ready asserts data-app-state=ready
    notice = app.page.inner_text("[data-testid=notice]")
    assert app.visible("[data-testid=notice]") and "deep-1" in notice
    assert STRINGS["core.save.too_deep"].format(limit=64) in notice
    item = app.page.locator("[data-testid=continue-list] li[data-unreadable]")
    assert item.count() == 1 and "deep-1" in item.inner_text()
    with app.page.expect_download() as info:
        item.locator("[data-command='export-raw:deep-1']").click()
    assert open(info.value.path(), encoding="utf-8").read() == DEEP  # exportable, byte for byte
    app.reload()  # never deleted silently: still there, still listed, boot still fine
    assert app.page.evaluate("localStorage.getItem('pygames.save.deep-1')") == DEEP
    assert app.page.locator("li[data-unreadable]").count() == 1
    app.page.click("[data-command='delete:deep-1']")  # the user's choice, undoable for a while
    assert app.page.evaluate("localStorage.getItem('pygames.save.deep-1')") == DEEP
    app.page.click("[data-command='lang:en']")  # the next action makes it durable
    assert app.page.evaluate("localStorage.getItem('pygames.save.deep-1')") is None
    assert app.page.locator("[data-testid=continue-list] li").count() == 0


def test_full_storage_shows_a_notice_the_game_goes_on_and_export_still_works(app):
    app.reset_storage()
    app.open(NIM.format(seed=8))
    app.page.evaluate("""() => {  // fill the origin's quota for real, to the last character
        let i = 0;
        for (let size = 1 << 20; size >= 1; size >>= 1) {
            try { while (true) localStorage.setItem('filler-' + (i++), 'x'.repeat(size)); } catch (e) {}
        }
    }""")
    app.click_action("take:2")
    app.page.wait_for_selector("[data-testid=notice]", state="visible")
    assert app.page.inner_text("#notice-text") == STRINGS["app.notice.save_failed"]
    app.click_action("end")  # the game goes on
    app.page.wait_for_selector('button[data-action="take:1"]')
    with app.page.expect_download() as info:
        app.menu("[data-command=export]")
    exported = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert exported["history"][:2] == [[0, "take:2"], [0, "end"]]
    app.page.click("[data-command=dismiss-notice]")
    app.reset_storage()


def test_disabled_storage_the_game_goes_on_with_a_notice_and_export_works(browser, origin):
    """Storage blocked for the site: reaching localStorage throws SecurityError, as Chromium does then."""
    tab = AppPage(browser, origin, locale="en-US")
    try:
        tab.context.add_init_script("for (const name of ['localStorage', 'sessionStorage']) "
                                    "Object.defineProperty(window, name, {get() { throw new DOMException("
                                    "'The operation is insecure.', 'SecurityError'); }});")
        tab.open(NIM.format(seed=6))
        assert tab.page.inner_text("#notice-text") == STRINGS["app.notice.save_failed"]
        tab.page.click("[data-command=dismiss-notice]")
        tab.click_action("take:1")
        tab.click_action("end")
        tab.page.wait_for_selector('button[data-action="take:1"]')
        with tab.page.expect_download() as info:
            tab.menu("[data-command=export]")
        assert json.loads(open(info.value.path(), encoding="utf-8").read())["history"][:2] == [[0, "take:1"],
                                                                                              [0, "end"]]
    finally:
        tab.close()


def newer_text(text: str) -> str:
    """What another tab would have stored: the same save one legal move further, built by the engine."""
    session = Session.from_save(text, {"hnim": nim}, save_id=json.loads(text)["id"])
    while session.next_bot() is not None:
        session.bot_step()
    session.act(core.legal_actions(nim, session.state, session.viewer)[0])
    return session.to_save(updated=2.0)


def test_two_tabs_lose_no_move_and_each_resumes_its_own_game(browser, origin):
    a = AppPage(browser, origin, locale="en-US")
    b = None
    try:
        a.open(NIM.format(seed=41))
        a.click_action("take:1")
        b = a.new_tab()
        b.open()  # a fresh tab opens on the home screen, the game last played there first in Continue (issue 47)
        assert b.page.locator("#home").is_visible() and not b.page.locator("#game").is_visible()
        b.page.click("[data-testid=continue-list] li:first-child [data-command^='resume:']")
        b.page.wait_for_selector("#game:not([hidden])")
        assert tab_save(b)["history"] == [[0, "take:1"]]
        for action in ("end", "take:1", "end"):  # B plays 3 moves (the computer answers in between)
            b.page.wait_for_selector(f'button[data-action="{action}"]')
            b.click_action(action)
        b.page.wait_for_selector(NEXT, state="visible")
        b_history = tab_save(b)["history"]
        # A hears of it (storage event) and shows B's state instead of its stale one.
        a.page.wait_for_function("t => document.querySelector('#log').innerText === t", arg=b.page.inner_text("#log"))
        a.page.wait_for_selector("[data-testid=notice]", state="visible")
        assert a.page.inner_text("#notice-text") == STRINGS["app.notice.other_tab"]
        a.page.click("[data-command=dismiss-notice]")
        a.click_action(a.enabled_actions()[0])  # A plays 1 move on top of B's
        a.page.wait_for_selector(NEXT, state="visible")
        assert tab_save(a)["history"][:len(b_history)] == b_history and len(tab_save(a)["history"]) > len(b_history)

        # No event at all (written by this very page, as a tab that missed it): compare-before-write holds.
        stored = a.page.evaluate("localStorage.getItem('pygames.save.' + sessionStorage.getItem('pygames.current'))")
        ahead = newer_text(stored)
        a.page.evaluate("t => localStorage.setItem('pygames.save.' + sessionStorage.getItem('pygames.current'), t)",
                        ahead)
        a.click_action(a.enabled_actions()[0])  # stale click: refused, the newer game is shown
        a.page.wait_for_selector("[data-testid=notice]", state="visible")
        assert tab_save(a)["history"] == json.loads(ahead)["history"]
        a.page.click("[data-command=dismiss-notice]")

        # Each tab keeps its own current game: A plays Passages Secrets, B starts Shadows in Kyoto.
        for tab, game in ((a, "ps"), (b, "sik")):  # from the home screen, as a user would (no extra boot)
            tab.page.click("[data-command=quit]:visible")  # the menu's, or the end screen's (B's game ended)
            tab.page.click(f'[data-command="new:{game}"]')
            tab.page.click("[data-command=start]")
            tab.page.wait_for_selector("#game:not([hidden])")
        a.page.wait_for_selector("button[data-action]:not([disabled])")
        a.click_action(a.enabled_actions()[0])
        for tab, game in ((a, "ps"), (b, "sik")):
            tab.reload()
            assert tab.page.inner_text("#game-title") == STRINGS[f"home.game.{game}"]
            assert tab_save(tab)["game"] == game
        assert len(tab_save(a)["history"]) >= 1
        assert not [e for e in a.errors + b.errors if "Error" in e], a.errors + b.errors
    finally:
        if b is not None:
            b.close()
        a.close()


def test_a_home_script_that_came_back_empty_is_loaded_again_and_the_app_starts(browser, origin):
    """static/shell.js (the home screen, the language; parser-blocking, before main.py) once had not run when Python
    started, in a whole test run on a loaded machine: the app failed to start. Its first download here comes back
    empty (200, no bytes): Python waits for it, loads it once more, says so in the console, and the app starts and
    plays; shell.js, run twice, sets itself up once (one home screen's listeners: one tap, one dialog)."""
    app = AppPage(browser, origin, locale="en-US", service_workers="block")
    served = []

    def empty_first(route):
        served.append(route.request.url)
        if len(served) == 1:
            route.fulfill(status=200, body="", content_type="text/javascript")
        else:
            route.continue_()

    app.context.route("**/static/shell.js", empty_first)
    warnings = []
    app.page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    try:
        app.open(NIM.format(seed=1))
        assert len(served) == 2, served
        assert any("static/shell.js has not run" in w and "loading it again" in w for w in warnings), warnings
        assert app.page.get_attribute("html", "data-shell") == "ready"
        app.page.wait_for_selector(NEXT, state="visible")
        before = len(app.saved()["history"])
        app.click_action(app.enabled_actions()[0])
        app.page.wait_for_function(f"""() => JSON.parse(localStorage.getItem('pygames.save.' +
            localStorage.getItem('pygames.current'))).history.length === {before + 1}""")
        app.page.click("[data-command=drawer]")  # the shell's own listener, once: the Options drawer opens
        assert app.page.locator("#drawer").evaluate("d => d.open")
    finally:
        app.close()
