"""Shared fixtures. Browser tests drive the built test site (dist-test/) in the system Chromium.

Per the stack notes: the system binary through `executable_path` (never `playwright install`), flags that keep
Chromium off the network, one booted page per test module, 60 s for a boot.

How a module shares the booted browser (each fresh browser context boots Pyodide cold, then makes its memory
snapshot in a second interpreter: the dearest thing in the suite):
- `pages` (session) keeps one browser context per set of context arguments (locale, touch, scale, time zone; the
  viewport is set per page), all on one origin (`shared_origin`, a server for the whole session). A module asks
  `pages.page(viewport=..., has_touch=True, ...)` in its module fixture and gets a new page (tab) in that context.
  A new context is first warmed (`PagePool.warm`: one visit left alone until the app has stored its memory
  snapshot), so every boot of a pooled page is a snapshot boot. `pages.release(page)` at the module's end clears the
  origin's localStorage and sessionStorage and closes the page: each module starts with no save, no setting.
  `app` and `tablet` are such pages; a module that needs its own storage or service worker state, counts
  downloads or stops a server makes its own `AppPage(browser, origin, ...)` (a fresh context on the module's own
  `server`), as tests of the boot, the caches and offline play do. Pooled pages are served by `shared_server`,
  never by the module's `server`: its request log and its shutdown concern only pages opened on `origin`.
- `build.py test` runs on two processes (pytest-xdist, `--dist loadscope`, `pytest_xdist_make_scheduler` below):
  the browser tests on one, in order, with one Chromium, the tests of timing last (`TIMING`: two Chromiums at once
  failed them on a loaded machine), and on the other the CPython test files one after another and a few whole-game
  browser modules (`BESIDE`: no timing in them), which it is done with before the first process reaches the tests of
  timing. PYGAMES_TEST_WORKERS=1 runs all on one process.
- Inside a module, tests share the page: each starts from a deep link or the home screen (`AppPage.open`) and
  resets what it changed (storage with `reset_storage`), never relying on the order of the tests.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import zlib
from collections import deque
from pathlib import Path
from urllib.parse import urlparse

import pytest
from hypothesis import HealthCheck, settings
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# Property-based tests: the "ci" profile (the default) is bounded and derandomized, so a run is reproducible and
# its cost fixed; HYPOTHESIS_PROFILE=deep explores more when hunting bugs on purpose.
settings.register_profile("ci", max_examples=40, derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("deep", max_examples=2_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-quic", "--no-first-run", "--disable-dev-shm-usage"]
BOOT_MS = 60_000
SNAPSHOT_MS = 180_000  # making the memory snapshot boots a second interpreter in a worker: slow on a loaded machine
# What a test waits for after each click: an enabled game action, the end screen, or the pass-the-device cover.
# A click on the data-action control, once enabled, rendered and uncovered at its middle (scrolled into view first,
# tried again each frame while a slide or a redraw is under way, for at most 5 s); None, or why it could not click.
CLICK = """action => new Promise(done => {
  const selector = `button[data-action="${CSS.escape(action)}"]`, started = performance.now();
  const attempt = () => {
    const button = document.querySelector(selector);
    let why = !button ? 'no such control' : button.disabled ? 'disabled'
      : button.offsetParent === null ? 'not rendered' : null;
    if (why === null) {
      button.scrollIntoView({block: 'nearest', inline: 'nearest'});
      const r = button.getBoundingClientRect();
      const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      if (top !== null && (top === button || button.contains(top))) { button.click(); done(null); return; }
      why = `covered by ${top ? top.outerHTML.slice(0, 120) : 'nothing on screen'}`;
    }
    if (performance.now() - started > 5000) done(why); else requestAnimationFrame(attempt);
  };
  attempt();
})"""
NEXT = "button[data-action]:not([disabled]):visible, [data-testid=game-over]:visible, [data-testid=pass-device]:visible"


def last_save(app) -> dict:
    """The newest autosave (still readable after the end, when `pygames.current` has been cleared)."""
    return json.loads(app.page.evaluate(
        "localStorage.getItem('pygames.save.' + JSON.parse(localStorage.getItem('pygames.saves'))[0])"))


def end_details_drawn(page) -> None:
    """Wait for the end screen's final board and log (drawn in the frame after the result: endscreen.draw_details)."""
    page.wait_for_selector("#gameover[data-details=drawn]", state="attached")


def open_end_details(app) -> None:
    """Open every detail of the end screen (scores, the game's part, final board, log) as a player does: a tap each."""
    end_details_drawn(app.page)
    closed = app.page.locator("#gameover details.over-tab:not([open]) > summary")
    for _ in range(closed.count()):
        closed.first.click()


def end_rows(app) -> dict[int, int]:
    """{seat: score} read from the end screen's rows (the DOM contract)."""
    rows = app.page.locator("[data-testid=game-over] tr[data-player][data-score]")
    return {int(rows.nth(i).get_attribute("data-player")): int(rows.nth(i).get_attribute("data-score"))
            for i in range(rows.count())}


@pytest.fixture(scope="session")
def test_site_dir() -> Path:
    """dist-test/ (the app plus the test-only games), rebuilt unless build.py has just built it. Under pytest-xdist
    the first process of the run builds it (under a lock) and the others take that build."""
    if os.environ.get("PYGAMES_FRESH_BUILD") == "1" and (build.DIST_TEST / "index.html").exists():
        return build.DIST_TEST
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        build.build(build.DIST_TEST, with_test_games=True)
        return build.DIST_TEST
    import fcntl  # only under xdist, which build.py runs on POSIX machines

    mark = build.DIST_TEST / ".test-run"
    lock_path = Path(tempfile.gettempdir()) / f"pygames-dist-test-{zlib.crc32(bytes(build.DIST_TEST))}.lock"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (mark.exists() and mark.read_text() == run):
            build.build(build.DIST_TEST, with_test_games=True)
            mark.write_text(run)
    return build.DIST_TEST


@pytest.fixture(autouse=True)
def no_kept_parts():
    """Each test starts with no part kept (pygames/app/memo.py: a memo full from earlier tests forgets all at once,
    so a test of what is kept could see its part forgotten between two draws)."""
    from pygames.app import memo
    memo.forget_all()


@pytest.fixture(scope="module")
def board_templates(test_site_dir: Path):
    """The boards' fragments as the built page holds them, for the CPython board tests (`pytestmark =
    pytest.mark.usefixtures("board_templates")`); statics (symbol defs, grounds) kept as keys only."""
    from test_table_model import Templates

    from pygames.web import vdom
    reader = Templates()
    reader.feed((test_site_dir / "index.html").read_text(encoding="utf-8"))
    for name, root in reader.found.items():
        vdom.add_template(name, root)
    static = vdom.static
    vdom.static = lambda key, build: vdom.Static(key, None)
    yield
    vdom.static = static


# Browser modules the CPython tests' process runs too, after or between its files (each module one scope): whole
# games at fixed viewports with explicit waits, nothing timed. Sized so that process is done (~7 min of CPython
# tests and these) before the browser process reaches TIMING.
BESIDE = ("tests/browser/test_glance.py", "tests/browser/test_tablet.py", "tests/browser/test_endscreen.py",
          "tests/browser/test_words_browser.py")
# The tests of timing (a double tap, the caches and first visits, several devices), last on the browser process, on
# a machine where nothing else drives a Chromium by then.
TIMING = ("tests/browser/test_touch_zoom.py", "tests/browser/test_instant.py", "tests/browser/test_offline.py",
          "tests/browser/test_net_link.py", "tests/browser/test_netpair.py", "tests/browser/test_netscreen.py")


def drives_a_browser(path: str) -> bool:
    """Whether a test file drives Chromium (its tests are marked `browser`): tests/browser/ and the games'
    `*_browser.py` (tests/test_build_setup.py checks the two agree)."""
    return path.startswith("tests/browser/") or path.endswith("_browser.py")


def pytest_xdist_make_scheduler(config, log):
    """`build.py test`'s two processes (`--dist loadscope`): every browser test but BESIDE's is one scope, so one
    process drives one Chromium through them in order (two Chromiums at once failed timing-bound tests on a loaded
    machine: TIMING comes last), while the other takes the CPython files and BESIDE's modules one after another (each
    file a scope: its module fixtures made once; it boots a Chromium of its own for BESIDE). pytest-xdist's own
    `loadgroup` cannot do it here: it renames test ids, which pytest 9 no longer lets a plugin do."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BrowserApart(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "browser" if drives_a_browser(path) and path not in BESIDE else path

    return BrowserApart(config, log)


def pytest_collection_modifyitems(config, items):
    """On a pytest-xdist process: the games' own browser tests (whole games, tutorials) first, so they are the ones
    that run while the other process is busy with the CPython files and BESIDE, then tests/browser/, the tests of
    timing (TIMING: a double tap, the caches, several devices) last, on a quieter machine. The sort is stable:
    modules stay whole."""
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: (item.nodeid.startswith("tests/browser/"),
                                     item.nodeid.split("::", 1)[0] in TIMING))


@pytest.fixture(scope="session")
def playwright_driver():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright_driver):
    path = build.find_chromium()
    if path is None:
        pytest.fail("No Chromium found: install it (Debian: apt-get install -y chromium) or set PYGAMES_CHROMIUM")
    browser = playwright_driver.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def server(test_site_dir):
    srv = build.start_server_thread(test_site_dir)
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="module")
def origin(server) -> str:
    return f"http://127.0.0.1:{server.server_port}"


@pytest.fixture(scope="session")
def shared_server(test_site_dir):
    """The server of the pooled pages (`pages`): one origin for the session, never stopped by a test."""
    srv = build.start_server_thread(test_site_dir)
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def shared_origin(shared_server) -> str:
    return f"http://127.0.0.1:{shared_server.server_port}"


class AppPage:
    """One browser page on the app, recording every request and every page error."""

    def __init__(self, browser, origin: str, _context=None, **context_args):
        self.origin = origin
        self.owns_context = _context is None
        self.context = browser.new_context(**context_args) if _context is None else _context
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.pending: dict[object, str] = {}  # requests not yet answered, for reports: what a stalled load awaits
        self._on_request = lambda r: (self.requests.append(r.url), self.pending.__setitem__(r, r.url))
        self._on_answer = lambda r: self.pending.pop(r, None)
        self.context.on("requestfinished", self._on_answer)
        self.context.on("requestfailed", self._on_answer)
        self.context.on("request", self._on_request)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.console: deque[str] = deque(maxlen=30)  # every console line, the page's and its workers': for reports
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text[:300]}"))
        self.page.on("worker", lambda w: self.console.append(f"worker: {w.url}"))
        self.page.on("crash", lambda _: self.console.append("page crashed"))

    def open(self, query: str = "") -> None:
        self.navigate(lambda: self.page.goto(f"{self.origin}/{query}", timeout=BOOT_MS))  # "load": the runtime module
        self.wait_ready()

    def reload(self) -> None:
        self.navigate(lambda: self.page.reload(timeout=BOOT_MS))
        self.wait_ready()

    def navigate(self, go) -> None:
        try:
            go()
        except PlaywrightTimeout:
            raise AssertionError(f"no load event after {BOOT_MS / 1000:.0f} s: {self.report()}") from None

    def wait_ready(self) -> None:
        self.wait_for("html[data-app-state=ready], html[data-app-state=error]", BOOT_MS)
        state = self.page.get_attribute("html", "data-app-state")
        assert state == "ready", f"app state {state}: {self.errors}"

    def wait_for(self, selector: str, timeout: float) -> None:
        """Waits for `selector` to be attached; a timeout fails naming what the page showed and said (its root's
        data attributes: app state, boot kind, snapshot; its last console lines), not only what was awaited."""
        try:
            self.page.wait_for_selector(selector, state="attached", timeout=timeout)
        except PlaywrightTimeout:
            raise AssertionError(f"{selector!r} not there after {timeout / 1000:.0f} s: {self.report()}") from None

    def report(self) -> str:
        try:  # bounded: a page that never loaded has no script context, and an `evaluate` would wait for ever
            root = self.page.locator("html").evaluate(
                "(root) => ({...root.dataset, made: JSON.stringify((window.pygamesSnapshot || {}).made),"
                " document: document.readyState,"
                " marks: performance.getEntriesByType('mark').map(m => `${m.name}@${Math.round(m.startTime)}`)})",
                timeout=3000)
        except Exception as e:  # a crashed, closed or unloaded page
            root = f"(page unreadable: {str(e)[:200]})"
        pending = sorted({url.removeprefix(self.origin) for url in self.pending.values()})
        return f"root {root}; pending {pending}; errors {self.errors[-5:]}; console {list(self.console)}"

    def wait_snapshot(self) -> None:
        """Waits until the app has stored this build's memory snapshot (boot.js, in idle time); fails at once, with
        the worker's reason, if the snapshot's worker answered that it could not make one."""
        self.wait_for("html[data-snapshot=stored], html[data-snapshot=failed]", SNAPSHOT_MS)
        assert self.page.get_attribute("html", "data-snapshot") == "stored", f"no snapshot: {self.report()}"

    def off_origin(self) -> list[str]:
        ours = urlparse(self.origin).netloc
        return [u for u in self.requests if urlparse(u).scheme not in ("data", "blob") and urlparse(u).netloc != ours]

    def new_tab(self) -> AppPage:
        """A second tab of the same browser profile: shared localStorage, its own sessionStorage."""
        return AppPage(None, self.origin, _context=self.context)

    def reset_storage(self) -> None:
        self.page.evaluate("localStorage.clear(); sessionStorage.clear()")

    def visible(self, selector: str) -> bool:
        return self.page.locator(selector).first.is_visible()

    def status(self) -> str:
        return self.page.inner_text("[data-testid=status]")

    def enabled_actions(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "button[data-action]:not([disabled])",
            "els => els.filter(e => e.offsetParent !== null).map(e => e.dataset.action)")

    def click_action(self, action: str) -> None:
        """A click on the control `action`, once a finger could tap it: enabled, rendered and not covered at its
        middle (what Playwright's click checks), in one call to the page (`CLICK`: a whole game's hundreds of clicks
        cost a third of a Playwright click each, which also waits two frames for a still target)."""
        why = self.page.evaluate(CLICK, action)
        assert why is None, f"could not click {action}: {why}"

    def open_drawer(self, tap: bool = False) -> None:
        """Opens the game's drawer (Options: Confirm taps, Sound, the computer's speed, Export, Restart)."""
        if not self.page.evaluate("document.getElementById('drawer').open"):
            (self.page.tap if tap else self.page.click)("#drawer-toggle")
        self.page.wait_for_selector("#drawer[open]", state="attached")

    def menu(self, selector: str, tap: bool = False) -> None:
        """Presses `selector` in the game's drawer as a player does: Options, the control, then Esc when the drawer
        is still open (a setting leaves it open; Export and Restart close it)."""
        self.open_drawer(tap)
        (self.page.tap if tap else self.page.click)(f"#drawer {selector}")
        if self.page.evaluate("document.getElementById('drawer').open"):
            self.page.keyboard.press("Escape")
            self.page.wait_for_function("!document.getElementById('drawer').open")

    def go_home(self) -> None:
        """To the home screen as a player goes: the top bar's pygames, or during a game (no top bar) Quit (the
        menu's, or the end screen's "Back to the games")."""
        top = self.page.locator(".topbar [data-command=home]")
        self.page.click(".topbar [data-command=home]" if top.is_visible() else "[data-command=quit]:visible")
        self.page.wait_for_selector("#home:visible")

    def switch_lang(self, lang: str, tap: bool = False) -> None:
        """The language switch as a player finds it: the top bar's, or during a game (no top bar) the drawer's."""
        top = self.page.locator(f'.topbar [data-command="lang:{lang}"]')
        if top.is_visible():
            (top.tap if tap else top.click)()
        else:
            self.menu(f'[data-command="lang:{lang}"]', tap)

    def saved(self) -> dict:
        current = self.page.evaluate("localStorage.getItem('pygames.current')")
        return json.loads(self.page.evaluate(f"localStorage.getItem('pygames.save.{current}')"))

    def close(self) -> None:
        if self.owns_context:
            self.context.close()
        else:
            self.context.remove_listener("request", self._on_request)
            self.context.remove_listener("requestfinished", self._on_answer)
            self.context.remove_listener("requestfailed", self._on_answer)
            self.page.close()


class PagePool:
    """Browser contexts shared by the modules (see the module docstring): one per set of context arguments."""

    def __init__(self, browser, origin: str):
        self.browser, self.origin = browser, origin
        self.contexts: dict[str, object] = {}

    def page(self, viewport: dict | None = None, **context_args) -> AppPage:
        """A new page (not yet opened) in the shared context for `context_args`, sized to `viewport`."""
        key = json.dumps(context_args, sort_keys=True)
        if key not in self.contexts:
            self.contexts[key] = self.warm(self.browser.new_context(**context_args))
        app = AppPage(None, self.origin, _context=self.contexts[key])
        if viewport is not None:
            app.page.set_viewport_size(viewport)
        return app

    def warm(self, context):
        """A first visit that the app lets make its memory snapshot (once the page is left alone: boot.js), so every
        later boot in this context is a snapshot boot. Left to the tests, a snapshot is rarely made: each new deep
        link reloads the page and kills the snapshot's worker, and every boot is cold."""
        first = AppPage(None, self.origin, _context=context)
        try:
            first.open()
            first.wait_snapshot()
            first.reset_storage()
        finally:
            first.close()
        return context

    def release(self, app: AppPage) -> None:
        """Leaves no save and no setting to the next module, then closes the page."""
        try:
            if app.page.url.startswith(self.origin):
                app.reset_storage()
        finally:
            app.close()

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture(scope="session")
def pages(browser, shared_origin):
    pool = PagePool(browser, shared_origin)
    yield pool
    pool.close()


DESKTOP = {"locale": "en-US", "timezone_id": "UTC"}  # the pool's desktop context: English, dates in UTC


@pytest.fixture(scope="module")
def app(pages):
    """One booted page per module (1280x720, no touch, in English), in the pool's shared context."""
    page = pages.page(**DESKTOP)
    page.open()
    yield page
    pages.release(page)


LANDSCAPE_TABLET = {"width": 1024, "height": 768}


TOUCH = {"has_touch": True, "is_mobile": True, "locale": "en-US"}  # the pool's touch context, in English
IPAD_FR = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2, "locale": "fr-FR"}  # a French iPad


@pytest.fixture(scope="module")
def tablet(pages):
    """One booted page per module on a landscape touch tablet (1024x768), in English; a module may define its own."""
    page = pages.page(viewport=LANDSCAPE_TABLET, **TOUCH)
    page.open()
    yield page
    pages.release(page)
