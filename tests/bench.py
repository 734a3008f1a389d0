"""Benchmarks (`python3 build.py bench`): printed numbers, never assertions.

- boot: app to data-app-state=ready vs a bare loadPyodide() page from the same dist/ (cold, new context each run,
  medians of interleaved runs, the order of the pages turning) and their ratio (target <= 1.10); and, for
  reference, a bare PyScript page on the same Pyodide (what PyScript itself adds before any of our code);
- bytes: transferred on a first visit until ready vs the runtime floor (the 5 Pyodide boot files), ratio (<= 1.05);
- offline: reload time with the server stopped and the network off, served by our service worker;
- instant start (issue 13): home usable (data-shell=ready) cold and warm (target <= 0.5 s); warm boot from the
  memory snapshot vs the cold bare boot (target <= 0.5); the snapshot's size, time to make and the storage used;
  bytes downloaded after an app-only deploy (target <= 1.5 MB), with the runtime's share (should be 0);
- per game: random full games per second in CPython, and tap-to-DOM latency p50/p95 in the browser;
- per game, two normal bots in the page, quiet and with one busy process per core beside the browser (`--only bots`
  runs this part alone): the worker's search rate, think time, and the longest main-thread task (wall and CPU).
- `--only review` (issue 49, not part of the full bench): tests/review_bench.py, a whole game's replay step and jump,
  the analysis's two passes in the worker per game, the main thread meanwhile, and the marks' stability;
- `--only net` (issue 33, not part of the full bench): tests/net_bench.py, a guest's tap to its redrawn screen over
  a real data channel, bytes per move, and the time from the second scan to the first shared screen;
- `--only fit` (issues 32 and 47, not part of the full bench): a whole game of each game against the easy computer
  in each of the four viewports (`PYGAMES_FIT_GAMES=ps,sik` runs those games only), probed at every decision
  (tests/helpers/fit_probe.py): the share of the board in view at fit, the smallest text in view, every seat's
  summary and every control of the decision in view, the page's scroll. Prints the worst case per game and viewport;
- `--only slow` (issue 47, also in the full bench): the page's CPU slowed 4 times (a mid-range tablet, through the
  DevTools protocol): tap-to-DOM per game (target p95 <= 100 ms), the longest main-thread task while two computers
  think (target <= 100 ms), and the cold boot beside a bare Pyodide page slowed the same.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from conftest import CHROMIUM_ARGS  # noqa: E402

import build  # noqa: E402

# The bare pages boot Pyodide as it is published: its own stdlib (the app ships the one build.stdlib_archive makes).
PRISTINE_STDLIB = "bench-stdlib/" + build.STDLIB
BARE = f"""<!doctype html><html data-app-state="loading"><head><meta charset="utf-8">
<script type="module">
import {{ loadPyodide }} from "./runtime/pyodide/pyodide.mjs";
await loadPyodide({{ indexURL: "./runtime/pyodide/", stdLibURL: "./{PRISTINE_STDLIB}" }});
document.documentElement.dataset.appState = "ready";
</script></head><body>bare</body></html>"""
# PyScript's own cost, for reference: its core and a two-line script, on the same Pyodide, with nothing of ours.
BARE_PYSCRIPT = """<!doctype html><html data-app-state="loading"><head><meta charset="utf-8">
<script type="module" src="./runtime/pyscript/core.js"></script></head><body>bare PyScript
<script type="py" config='{"interpreter": "./bench-pyodide.mjs"}'>
from pyscript import document
document.documentElement.dataset.appState = "ready"
</script></body></html>"""
BARE_INTERPRETER = f"""import {{ loadPyodide as load, version }} from "./runtime/pyodide/pyodide.mjs";
export {{ version }};
export const loadPyodide = (options = {{}}) => load({{ ...options, indexURL: new URL("./runtime/pyodide/",
  import.meta.url).href, stdLibURL: new URL("./{PRISTINE_STDLIB}", import.meta.url).href }});"""
BENCH_FILES = {"bench-bare.html": BARE, "bench-pyscript.html": BARE_PYSCRIPT, "bench-pyodide.mjs": BARE_INTERPRETER}


def add_bare_pages(dist: Path) -> None:
    """The bare pages, and Pyodide's own stdlib for them, beside the app in `dist` (remove_bare_pages)."""
    for name, text in BENCH_FILES.items():
        (dist / name).write_text(text, encoding="utf-8")
    (dist / PRISTINE_STDLIB).parent.mkdir(exist_ok=True)
    shutil.copy2(ROOT / "node_modules/pyodide" / build.STDLIB, dist / PRISTINE_STDLIB)


def remove_bare_pages(dist: Path) -> None:
    for name in BENCH_FILES:
        (dist / name).unlink()
    shutil.rmtree((dist / PRISTINE_STDLIB).parent)


def median(values):
    return statistics.median(values) if values else float("nan")


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def spread(ratios: list[float]) -> str:
    """Median and quartiles of per-run ratios: on a shared 2-core machine one run's ratio swings by 0.1 or more,
    so a median of medians alone hides how far the figure can be trusted."""
    return (f"median {median(ratios):.2f}, quartiles {pct(ratios, 0.25):.2f}-{pct(ratios, 0.75):.2f} "
            f"over {len(ratios)} runs")


# Times in the page (from navigation start) at which the shell and the app became ready.
MARKS = """new MutationObserver(() => {
  const root = document.documentElement, t = performance.now();
  if (root.dataset.shell === "ready" && !window.__shellAt) window.__shellAt = t;
  if (root.dataset.appState === "ready" && !window.__readyAt) window.__readyAt = t;
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-shell", "data-app-state"] });"""
SHELL_TIMES: list[float] = []
COLD_MARKS: dict[str, list[dict]] = {}  # url -> per run: the page's pygames:* marks and "ready", ms from navigation
BOOT_STEPS = ["pygames:interpreter", "pygames:asked", "pygames:pyodide-loaded", "pygames:pyodide-ready", "pygames:main",
              "pygames:imported", "ready"]
READ_MARKS = """() => Object.fromEntries([...performance.getEntriesByType("mark").map(m => [m.name, m.startTime]),
                                        ["ready", window.__readyAt]])"""


def timed_load(browser, url: str, cpu: float = 1) -> tuple[float, int]:
    """(seconds to ready, bytes received) for a cold load in a fresh context (its CPU slowed `cpu` times)."""
    context = browser.new_context()
    context.add_init_script(MARKS)
    page = context.new_page()
    throttle(context, page, cpu)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    received = []
    cdp.on("Network.loadingFinished", lambda e: received.append(e.get("encodedDataLength", 0)))
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start = time.perf_counter()
    try:
        page.goto(url)
        page.wait_for_selector("html[data-app-state=ready], html[data-app-state=error]", state="attached",
                               timeout=120_000)
    except Exception as exc:  # say which page, where its boot stood and what it said (issue 48)
        marks = page.evaluate(READ_MARKS) if not page.is_closed() else {}
        state = page.evaluate("document.documentElement.dataset.appState + ' ' + (document.documentElement"
                              ".dataset.boot || '')") if not page.is_closed() else "closed"
        context.close()
        raise RuntimeError(f"{url} did not become ready in 120 s (state {state}; boot marks {marks}; page errors "
                           f"{errors[-5:]}): {exc}") from exc
    elapsed = time.perf_counter() - start
    if page.get_attribute("html", "data-app-state") != "ready":
        raise RuntimeError(f"{url} failed to boot: {errors}")
    total = sum(received)
    shell_at = page.evaluate("window.__shellAt || null")
    if shell_at is not None:
        SHELL_TIMES.append(shell_at / 1000)
    COLD_MARKS.setdefault(url, []).append(page.evaluate(READ_MARKS))
    context.close()
    return elapsed, total


def games_per_second(seconds: float = 3.0) -> dict[str, float]:
    import importlib

    from pygames import core
    from pygames.core import bots, registry
    from pygames.core.rng import Rng

    out = {}
    for gid, name in registry.PACKAGES.items():
        try:
            game = importlib.import_module(name)
        except ImportError:
            continue
        lo = game.PLAYERS[0] if game.PLAYERS[0] >= 2 else min(2, game.PLAYERS[1])
        n, start, seed = 0, time.perf_counter(), 0
        while time.perf_counter() - start < seconds:
            state = core.new_game(game, lo, seed)
            bots.play_out(game, state, [bots.random_bot] * lo, Rng(seed))
            n += 1
            seed += 1
        out[gid] = n / (time.perf_counter() - start)
    return out


TAP_TARGET_MS = 50  # issue 11: tap-to-DOM p95 <= 50 ms


# A player taps once they have seen the screen: the frame that shows the control, then a human's reaction to it (the
# quickest reactions to a sight are ~200-250 ms). A tap in the same frame as the computer's move measured how long
# that move's own frame took to raster (the board's filters and slides), not the answer to a tap.
REACTION_MS = 250


def throttle(context, page, rate: float) -> None:
    """Slow the page's CPU `rate` times (the DevTools protocol's CPU throttling): a mid-range tablet at 4."""
    if rate and rate != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def tap_latency(browser, origin: str, game_id: str, moves: int = 30, steady: bool = True,
                zoomed: bool = False, reaction_ms: int = REACTION_MS, cpu: float = 1) -> list[float]:
    """Milliseconds from a tap on a data-action button to the end of the next frame after the redraw it causes
    (measured in the page: the click, the first DOM change, then requestAnimationFrame and a message posted from
    it, which runs once that frame is produced). Real games against the computer (the next seed's when one ends, so
    the p95 stands on `moves` taps), the taps chosen at random (seeded) among the enabled controls; the computer waits
    300 ms (botdelay) and each tap waits for its move (<html data-computer>), so that move is not in the frame.
    `steady`: the first visit's one-off work (the service worker's caching, the memory snapshot made in a worker) is
    done before the first tap; otherwise the taps start at once.
    `zoomed`: every tap on a board zoomed in three steps (about 2x: its parts laid out bigger, the container
    scrolling), as a player who zoomed to read it taps. Each tap comes once the control's frame is on screen and
    `reaction_ms` after it (REACTION_MS; 0: in the frame after the control appeared, as before the twelfth
    session). `cpu`: the page's CPU slowed that many times (`throttle`)."""
    context = browser.new_context(has_touch=True, viewport={"width": 1024, "height": 768})
    # every tap commits (touch screens preview a board choice first by default: that tap would change little)
    context.add_init_script("localStorage.setItem('pygames.preview', 'off')")
    page = context.new_page()
    throttle(context, page, cpu)
    samples = []
    seed = 0
    for n in range(moves * 3):
        if len(samples) >= moves:
            break
        if n == 0 or page.locator("[data-testid=game-over]").is_visible():  # a short game: play the next one
            seed += 1
            page.goto(f"{origin}/?game={game_id}&seats=human,easy&seed={seed}&botdelay=300")
            page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=120_000)
            if seed == 1 and steady:
                page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=120_000)
        # the computer's pending move first (its pause runs after the viewer's move even where the viewer can go on
        # choosing, as in Spyworld's simultaneous turns): a tap every ~350 ms against its 300 ms pause put its move
        # inside some measured taps (before the fourteenth session)
        page.wait_for_selector("html:not([data-computer])", state="attached", timeout=120_000)
        page.wait_for_selector("button[data-action]:not([disabled]):visible, [data-testid=game-over]:visible",
                               timeout=120_000)
        if page.locator("[data-testid=game-over]").is_visible():
            continue
        if zoomed and page.get_attribute("html", "data-board-zoom") != "zoomed":  # a new game's screen is at fit
            for _ in range(3):
                page.click("[data-zoom=in]")
            page.wait_for_selector("html[data-board-zoom=zoomed]", state="attached")
            page.wait_for_timeout(100)
        if reaction_ms:
            page.evaluate("() => new Promise(shown => requestAnimationFrame(() => requestAnimationFrame(shown)))")
            page.wait_for_timeout(reaction_ms)
        ms = page.evaluate("""pick => new Promise(resolve => {
            const buttons = [...document.querySelectorAll('button[data-action]:not([disabled])')]
                .filter(b => b.offsetParent !== null);
            const button = buttons[pick % buttons.length];
            const t0 = performance.now();
            const framed = () => requestAnimationFrame(() => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => resolve(performance.now() - t0);
                channel.port2.postMessage(0);
            });
            new MutationObserver((m, o) => { o.disconnect(); framed(); })
                .observe(document.getElementById('app'), {subtree: true, childList: true, characterData: true});
            button.click();
        })""", (n * 7919 + 13) % 1000)
        samples.append(ms)
        page.wait_for_timeout(20)
    context.close()
    return samples


def wait_ready(page) -> None:
    page.wait_for_selector("html[data-app-state=ready], html[data-app-state=error]", state="attached",
                           timeout=120_000)
    if page.get_attribute("html", "data-app-state") != "ready":
        raise RuntimeError("the app failed to boot")


def wait_stored(page) -> dict:
    """Waits for this build's snapshot and returns its stored headers (size, time to make)."""
    page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=300_000)
    return page.evaluate("""async () => {
        const hit = await (await caches.open(pygamesSnapshot.cache)).match(pygamesSnapshot.key);
        return Object.fromEntries(hit.headers.entries()); }""")


def instant_start(browser, dist: Path, runs: int, bare_url: str) -> None:
    """Home-screen time, warm boots from the snapshot, the snapshot's costs, and an app-only deploy's bytes."""
    print(f"home usable (data-shell=ready): cold median {median(SHELL_TIMES):.2f} s, max {max(SHELL_TIMES):.2f} s "
          f"(target <= 0.5)")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(dist, site)
        server = build.start_server_thread(site)
        context = browser.new_context()
        context.add_init_script(MARKS)
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_port}/")
        wait_ready(page)
        headers = wait_stored(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        usage = page.evaluate("navigator.storage.estimate().then(e => [e.usage, e.usageDetails || {}])")
        print(f"snapshot: {int(headers['x-length']) / 1e6:.1f} MB stored uncompressed, made in "
              f"{int(headers['x-make-ms']) / 1000:.1f} s in a worker after the first ready; storage used "
              f"{usage[0] / 1e6:.1f} MB in all ({', '.join(f'{k} {v / 1e6:.1f} MB' for k, v in usage[1].items())})")
        warm, shell, bare, marks = [], [], [], []
        for _ in range(runs):  # interleaved with cold bare boots, so both see the same machine load
            bare.append(timed_load(browser, bare_url)[0])
            start = time.perf_counter()
            page.reload()
            wait_ready(page)
            warm.append(time.perf_counter() - start)
            shell.append(page.evaluate("window.__shellAt") / 1000)
            marks.append(page.evaluate(READ_MARKS))
            if page.get_attribute("html", "data-boot") != "snapshot":
                raise RuntimeError("a warm boot did not use the snapshot")
        print(f"warm boot (snapshot, service worker): median {median(warm):.2f} s vs cold bare Pyodide "
              f"{median(bare):.2f} s, ratio {median(warm) / median(bare):.2f} (target <= 0.5); home usable warm "
              f"median {median(shell):.2f} s, max {max(shell):.2f} s")

        # found: this build's entry is there; bytes: read; checked: they match their digest (SHA-256, while
        # Pyodide fetches and compiles its WebAssembly)
        steps = ["pygames:interpreter", "pygames:snapshot-found", "pygames:snapshot-bytes", "pygames:snapshot-checked",
                 "pygames:pyodide-ready", "ready"]
        print("warm boot, median ms from navigation: " + ", ".join(
            f"{name.removeprefix('pygames:')} {median([m.get(name, float('nan')) for m in marks]):.0f}"
            for name in steps))

        # An app-only deploy: same runtime, app code changed; what does the next visit download?
        new = Path(tmp) / "new"
        build.build(new, with_test_games=False, stamp="bench")
        shutil.rmtree(site)
        shutil.copytree(new, site)
        server.request_log.clear()
        page.reload()
        wait_ready(page)
        new_build = page.get_attribute("html", "data-build")
        # (polled through a flag: wait_for_function takes a promise for a true value at once)
        page.wait_for_function(f"""() => {{ caches.open("pygames-meta").then(c => c.match("__meta__/builds.json"))
            .then(r => r && r.json()).then(m => {{ window.__deployed = !!m && m[0].build === "{new_build}"; }});
            return window.__deployed === true; }}""", timeout=120_000)
        total = sum(size for _, _, size in server.request_log)
        runtime = sum(size for path, _, size in server.request_log if path.startswith("runtime/"))
        print(f"app-only deploy: next visit downloaded {total / 1e6:.2f} MB (target <= 1.5), runtime files "
              f"{runtime / 1e6:.2f} MB, {len(server.request_log)} requests")
        context.close()
        server.shutdown()
        server.server_close()


def taps_only() -> int:
    """`build.py bench --only taps`: tap-to-DOM latency per game, without the rest of the bench."""
    from playwright.sync_api import sync_playwright

    from pygames.core import registry

    build.build(build.DIST_TEST, with_test_games=True)
    server = build.start_server_thread(build.DIST_TEST)
    origin = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_ARGS)
        for gid in registry.GAME_IDS:
            for zoomed in (False, True):
                samples = tap_latency(browser, origin, gid, zoomed=zoomed)
                print(f"game {gid}: tap-to-DOM (to the next frame){', board zoomed' if zoomed else ''} p50 "
                      f"{pct(samples, 0.5):.1f} ms, p95 {pct(samples, 0.95):.1f} ms (target <= {TAP_TARGET_MS}; "
                      f"{len(samples)} taps)", flush=True)
        browser.close()
    server.shutdown()
    return 0


SLOW_CPU = 4  # a mid-range tablet: the page's CPU slowed 4 times (issue 47)
SLOW_TAP_TARGET_MS = 100


def throttled(browser, origin: str, bare_url: str | None, runs: int = 3) -> None:
    """The page's CPU slowed SLOW_CPU times: tap-to-DOM per game (at fit, target p95 <= 100 ms), the longest
    main-thread task while two computers think (target <= 100 ms), and the cold boot beside a bare Pyodide page
    slowed the same."""
    import search_bench

    from pygames.core import registry

    for gid in registry.GAME_IDS:
        samples = tap_latency(browser, origin, gid, moves=20, cpu=SLOW_CPU)
        print(f"game {gid}, CPU slowed {SLOW_CPU}x: tap-to-DOM p50 {pct(samples, 0.5):.1f} ms, p95 "
              f"{pct(samples, 0.95):.1f} ms (target <= {SLOW_TAP_TARGET_MS}; {len(samples)} taps)", flush=True)
    for gid in registry.GAME_IDS:
        seen = search_bench.bots_in_page(browser, origin, gid, 20.0, cpu=SLOW_CPU)
        wall, cpu = seen["cpu_task"]
        print(f"game {gid}, CPU slowed {SLOW_CPU}x, two normal computers: longest main-thread task "
              f"{seen['longest']:.0f} ms (target <= 100), longest by CPU {cpu:.0f} ms CPU in {wall:.0f} ms, "
              f"{len(seen['stats'])} searched decisions", flush=True)
    if bare_url is not None:
        app, bare = [], []
        for _ in range(runs):
            bare.append(timed_load(browser, bare_url, SLOW_CPU)[0])
            app.append(timed_load(browser, origin + "/", SLOW_CPU)[0])
        print(f"cold boot, CPU slowed {SLOW_CPU}x: app {median(app):.2f} s, bare Pyodide {median(bare):.2f} s, ratio "
              f"{median(app) / median(bare):.2f}", flush=True)


def throttled_only() -> int:
    """`build.py bench --only slow`: the throttled run (a mid-range tablet) alone."""
    from playwright.sync_api import sync_playwright

    build.build(build.DIST_TEST, with_test_games=True)
    add_bare_pages(build.DIST_TEST)
    server = build.start_server_thread(build.DIST_TEST)
    origin = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_ARGS)
        throttled(browser, origin, f"{origin}/bench-bare.html")
        browser.close()
    server.shutdown()
    remove_bare_pages(build.DIST_TEST)
    return 0


def bots_only() -> int:
    """`build.py bench --only bots`: the bots in the page, quiet and loaded, without the rest of the bench."""
    import search_bench
    from playwright.sync_api import sync_playwright

    build.build(build.DIST_TEST, with_test_games=True)
    server = build.start_server_thread(build.DIST_TEST)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_ARGS)
        search_bench.print_browser(browser, f"http://127.0.0.1:{server.server_port}")
        browser.close()
    server.shutdown()
    return 0


FIT_MAX_DECISIONS = 400  # bounds a run; PAX and Spyworld games against the easy computer take 150-300


def fit_only() -> int:
    """`build.py bench --only fit` (issues 32 and 47): a whole game of each game against the easy computer (seed 3)
    in each of the four viewports, probed at every decision (tests/helpers/fit_probe.py: the share of the board in
    view, the smallest text in view, every seat's summary and every control of the decision in view, the page's
    scroll); the worst case per game and viewport, and the decisions that miss a target."""
    from helpers.fit_probe import VIEWPORTS, play
    from playwright.sync_api import sync_playwright

    from pygames.core import registry

    build.build(build.DIST_TEST, with_test_games=True)
    server = build.start_server_thread(build.DIST_TEST)
    origin = f"http://127.0.0.1:{server.server_port}"
    print("fit: worst case over the decisions of a whole game against the easy computer (seed 3), at fit; targets: "
          "share 1.00, text >= 11 px (10 on the phone), every summary and control in view, no page scroll")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_ARGS)
        games = os.environ.get("PYGAMES_FIT_GAMES", "").split(",") if os.environ.get("PYGAMES_FIT_GAMES") else None
        for gid in [g for g in registry.GAME_IDS if games is None or g in games]:
            for name, (viewport, touch, min_text) in VIEWPORTS.items():
                context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
                context.add_init_script("localStorage.setItem('pygames.preview', 'off')")
                page = context.new_page()
                worst = play(page, origin, gid, FIT_MAX_DECISIONS, None, name, min_text)
                context.close()
                print(f"fit {gid} {name}: {worst['decisions']} decisions{'' if worst['ended'] else ' (not finished)'}"
                      f", worst share {worst['share']:.3f}, smallest text {worst['text']:.1f} px, "
                      f"{len(worst['faults'])} decisions missing a target", flush=True)
                for step, found in worst["faults"][:3]:
                    print(f"  decision {step}: " + "; ".join(found), flush=True)
        browser.close()
    server.shutdown()
    return 0


def main(root: Path, dist: Path, runs: int = 5, only: str | None = None) -> int:
    import search_bench  # tests/search_bench.py: the fast path and search figures
    from playwright.sync_api import sync_playwright

    if only == "bots":
        return bots_only()
    if only == "fit":
        return fit_only()
    if only == "taps":
        return taps_only()
    if only == "slow":
        return throttled_only()
    if only == "review":
        import review_bench  # tests/review_bench.py: replays and the analysis (issue 49)

        return review_bench.main()
    if only == "net":
        import net_bench  # tests/net_bench.py: several devices over a real data channel

        return net_bench.main()

    add_bare_pages(dist)
    test_dist = build.DIST_TEST
    build.build(test_dist, with_test_games=True)
    server = build.start_server_thread(dist)
    origin = f"http://127.0.0.1:{server.server_port}"
    # Pyodide's 5 boot files as published (the app's stdlib is its own, made smaller: it is not the floor)
    floor = sum((ROOT / "node_modules/pyodide" / name).stat().st_size for name in build.PYODIDE_FILES)
    print(f"bench: {runs} interleaved cold runs, Chromium {build.find_chromium()}", flush=True)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_ARGS)
        pages = {"bare": f"{origin}/bench-bare.html", "app": f"{origin}/", "pyscript": f"{origin}/bench-pyscript.html"}
        times, sizes = {name: [] for name in pages}, {name: [] for name in pages}
        timed_load(browser, pages["bare"])  # warm the OS file cache once, not measured
        orders = [("bare", "app", "pyscript"), ("app", "pyscript", "bare"), ("pyscript", "bare", "app")]
        for run in range(runs):  # the order of the loads turns: it can matter (an A/B of two app versions: ~100 ms)
            for page in orders[run % len(orders)]:
                t, b = timed_load(browser, pages[page])
                times[page].append(t)
                sizes[page].append(b)
        app_t, bare_t, app_b, bare_b = times["app"], times["bare"], sizes["app"], sizes["bare"]
        paired = [a / b for a, b in zip(app_t, bare_t, strict=True)]
        print(f"boot: app {median(app_t):.2f} s, bare Pyodide {median(bare_t):.2f} s, "
              f"ratio {median(app_t) / median(bare_t):.2f} (target <= 1.10); each run's app/bare "
              f"{', '.join(f'{r:.2f}' for r in paired)}: {spread(paired)}")
        pyscript_t = times["pyscript"]
        print(f"boot, for reference: a bare PyScript page (its core and a two-line script on the same Pyodide, "
              f"nothing of ours) {median(pyscript_t):.2f} s, ratio {median(pyscript_t) / median(bare_t):.2f} "
              f"to bare Pyodide; each run's PyScript/bare "
              f"{spread([p / b for p, b in zip(pyscript_t, bare_t, strict=True)])}")
        app_marks, bare_marks = COLD_MARKS[f"{origin}/"], COLD_MARKS[f"{origin}/bench-bare.html"][1:]
        print("cold boot, median ms from navigation: " + ", ".join(
            f"{name.removeprefix('pygames:')} {median([m.get(name, float('nan')) for m in app_marks]):.0f}"
            for name in BOOT_STEPS) + f"; bare ready {median([m['ready'] for m in bare_marks]):.0f}")
        print(f"bytes: app first load {median(app_b) / 1e6:.2f} MB, runtime floor {floor / 1e6:.2f} MB, "
              f"ratio {median(app_b) / floor:.3f} (target <= 1.05); bare page {median(bare_b) / 1e6:.2f} MB")

        # Offline reload: visit, let the worker take control, stop the server, go offline, reload.
        offline_server = build.start_server_thread(dist)
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{offline_server.server_port}/")
        page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=120_000)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        offline_server.shutdown()
        offline_server.server_close()
        context.set_offline(True)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            page.reload()
            page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=120_000)
            times.append(time.perf_counter() - start)
        context.close()
        print(f"offline reload: median {median(times):.2f} s over {runs} runs")

        instant_start(browser, dist, runs, f"{origin}/bench-bare.html")

        for gid, rate in games_per_second().items():
            print(f"game {gid}: {rate:.1f} random full games/s in CPython")
        search_bench.print_cpython()
        search_bench.print_same_work()
        test_server = build.start_server_thread(test_dist)
        test_origin = f"http://127.0.0.1:{test_server.server_port}"
        from pygames.core import registry

        for gid in [*registry.playable()]:
            samples = tap_latency(browser, test_origin, gid)
            first = tap_latency(browser, test_origin, gid, moves=10, steady=False)
            print(f"game {gid}: tap-to-DOM (to the next frame) p50 {pct(samples, 0.5):.1f} ms, "
                  f"p95 {pct(samples, 0.95):.1f} ms (target <= {TAP_TARGET_MS}; {len(samples)} taps); the first "
                  f"10 taps of a first visit (the snapshot waits for a pause): p50 {pct(first, 0.5):.1f} ms, "
                  f"max {max(first):.1f} ms")
        search_bench.print_browser(browser, test_origin)
        throttled(browser, test_origin, None)
        app_slow, bare_slow = [], []
        for _ in range(3):  # the cold boot slowed too, interleaved with the bare page slowed the same
            bare_slow.append(timed_load(browser, pages["bare"], SLOW_CPU)[0])
            app_slow.append(timed_load(browser, pages["app"], SLOW_CPU)[0])
        print(f"cold boot, CPU slowed {SLOW_CPU}x: app {median(app_slow):.2f} s, bare Pyodide "
              f"{median(bare_slow):.2f} s, ratio {median(app_slow) / median(bare_slow):.2f}")
        browser.close()
    server.shutdown()
    remove_bare_pages(dist)
    return 0
