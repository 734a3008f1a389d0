"""Offline: after one visit the service worker serves the whole app; with the server stopped it still boots and plays.

The conftest `server` fixture is per module, so stopping it here affects no other module; this test has its own page.
"""

import pytest

pytestmark = pytest.mark.browser


def test_a_service_worker_whose_cache_never_answers_still_serves_the_app(browser, origin):
    """Cache Storage that never answers a lookup (seen in whole test runs: the page's parser waited for ever for
    static/shell.js, the app never started) costs a few seconds: the worker asks the network instead."""
    from conftest import AppPage

    app = AppPage(browser, origin, locale="en-US")
    try:
        app.open("?game=hnim&seats=human,easy&seed=8&botdelay=0")
        app.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        app.click_action("take:1")
        [worker] = [w for w in app.context.service_workers if w.url.endswith("/sw.js")]
        probe = """async () => {
            const probe = caches.open("pygames-meta").then(c => c.match(location.href));
            return await Promise.race([probe.then(() => false), new Promise(r => setTimeout(() => r(true), 1000))]);
        }"""
        worker.evaluate("() => { Cache.prototype.match = Cache.prototype.put = () => new Promise(() => {}); }")
        assert worker.evaluate(probe)  # the worker's Cache Storage really gives no answer now
        app.reload()
        assert app.page.get_attribute("html", "data-shell") == "ready"
        assert app.page.evaluate("navigator.serviceWorker.controller !== null")
        assert worker.evaluate(probe)  # the same worker, still hung, answered that reload
        assert app.saved()["history"] == [[0, "take:1"]]
        app.click_action("end")
        app.page.wait_for_selector("button[data-action]:not([disabled]):visible")
        assert len(app.saved()["history"]) >= 3
        assert app.off_origin() == []
    finally:
        app.close()


def test_reload_with_the_network_off_reaches_ready_and_plays(browser, server):
    from conftest import AppPage

    origin = f"http://127.0.0.1:{server.server_port}"
    app = AppPage(browser, origin, locale="en-US")
    try:
        app.open("?game=hnim&seats=human,easy&seed=6&botdelay=0")
        # The worker precaches what the page did not store itself, then takes control.
        scope = app.page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == origin + "/"
        app.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        build_id = app.page.get_attribute("html", "data-build")
        runtime = app.page.get_attribute("html", "data-runtime")
        assert runtime.startswith("pygames-runtime-pyodide-314.0.7-pyscript-0.7.31-stdlib-")
        assert {runtime, f"pygames-app-{build_id}"} <= set(app.page.evaluate("caches.keys()"))
        urls = "name => caches.open(name).then(c => c.keys()).then(k => k.map(r => r.url))"
        stored = app.page.evaluate(urls, runtime)
        assert origin + "/runtime/pyodide/pyodide.asm.wasm" in stored and origin + "/pygames.bundle" not in stored
        assert origin + "/pygames.bundle" in app.page.evaluate(urls, f"pygames-app-{build_id}")
        app.click_action("take:1")

        server.shutdown()
        server.server_close()
        app.context.set_offline(True)
        app.reload()
        assert app.saved()["history"] == [[0, "take:1"]]  # resumed from local storage, offline
        app.click_action("end")
        app.page.wait_for_selector("button[data-action]:not([disabled]):visible")
        assert len(app.saved()["history"]) >= 3  # the computer played too

        # A rules page never opened before: its own file, served offline by the worker.
        app.page.click("[data-command=quit]:visible")  # during a game the top bar is hidden (issue 47)
        app.page.click('[data-shell-rules="sik"]')
        app.page.wait_for_selector("#rules-body article.sik-rules[lang=en]")
        assert "Shadows in Kyoto" in app.page.inner_text("#rules-body")
        app.page.click("#rules [data-command=close-rules]")
        # One the worker does not have (as if the cache were cleared): a clear message, nothing breaks.
        app.page.evaluate("""async () => {
            const url = location.origin + "/rules/pax-en.html";
            for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
        }""")
        app.page.click('[data-shell-rules="pax"]')
        alert = app.page.wait_for_selector("#rules-body [role=alert]")
        assert "could not be loaded" in alert.inner_text()
        assert app.off_origin() == []
    finally:
        app.close()
