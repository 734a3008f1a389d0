"""Shared fixtures. Browser tests drive the built test site (dist-test/) in the system Chromium.

Per the stack notes: the system binary through `executable_path` (never `playwright install`), flags that keep
Chromium off the network, one booted page per test module, 60 s for a boot.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest
from hypothesis import HealthCheck, settings

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
# What a test waits for after each click: an enabled game action, the end screen, or the pass-the-device cover.
NEXT = "button[data-action]:not([disabled]):visible, [data-testid=game-over]:visible, [data-testid=pass-device]:visible"


def last_save(app) -> dict:
    """The newest autosave (still readable after the end, when `pygames.current` has been cleared)."""
    return json.loads(app.page.evaluate(
        "localStorage.getItem('pygames.save.' + JSON.parse(localStorage.getItem('pygames.saves'))[0])"))


def open_end_details(app) -> None:
    """Open every detail of the end screen (scores, the game's part, final board, log) as a player does: a tap each."""
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
    """dist-test/ (the app plus the test-only games), rebuilt unless build.py has just built it."""
    if os.environ.get("PYGAMES_FRESH_BUILD") != "1" or not (build.DIST_TEST / "index.html").exists():
        build.build(build.DIST_TEST, with_test_games=True)
    return build.DIST_TEST


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
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

    def open(self, query: str = "") -> None:
        self.page.goto(f"{self.origin}/{query}")
        self.wait_ready()

    def reload(self) -> None:
        self.page.reload()
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_selector("html[data-app-state=ready], html[data-app-state=error]", state="attached",
                                    timeout=BOOT_MS)
        state = self.page.get_attribute("html", "data-app-state")
        assert state == "ready", f"app state {state}: {self.errors}"

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
        self.page.click(f'button[data-action="{action}"]')

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

    def saved(self) -> dict:
        current = self.page.evaluate("localStorage.getItem('pygames.current')")
        return json.loads(self.page.evaluate(f"localStorage.getItem('pygames.save.{current}')"))

    def close(self) -> None:
        if self.owns_context:
            self.context.close()
        else:
            self.page.close()


@pytest.fixture(scope="module")
def app(browser, origin):
    page = AppPage(browser, origin, locale="en-US")
    page.open()
    yield page
    page.close()


LANDSCAPE_TABLET = {"width": 1024, "height": 768}


@pytest.fixture(scope="module")
def tablet(browser, origin):
    """One booted page per module on a landscape touch tablet (1024x768), in English; a module may define its own."""
    page = AppPage(browser, origin, viewport=LANDSCAPE_TABLET, has_touch=True, is_mobile=True, locale="en-US")
    page.open()
    yield page
    page.close()
