"""Search figures for `build.py bench`: the fast path's random games per second against the public protocol,
and IS-MCTS iterations per second in CPython, per game (2 seats, a position a few random moves in)."""

from __future__ import annotations

import importlib

from pygames import core
from pygames.core import fast, registry, search
from pygames.core.rng import Rng

ITERATIONS_TARGET = {"ps": 1000, "sik": 1000, "pax": 300, "spy": 300}


def sample_position(game, seed: int = 3, moves: int = 6):
    """A 2-seat game a few random moves in: (view, legal) of the seat to move."""
    state = core.new_game(game, 2, seed)
    rng = Rng(seed)
    for _ in range(moves):
        seat = game.to_move(state)[0]
        state = core.apply(game, state, seat, rng.choice(core.legal_actions(game, state, seat)))
    seat = game.to_move(state)[0]
    legal = core.legal_actions(game, state, seat)
    while len(legal) < 2:  # a forced move is not searched: step to a real decision
        state = core.apply(game, state, seat, legal[0])
        seat = game.to_move(state)[0]
        legal = core.legal_actions(game, state, seat)
    return core.view(game, state, seat), legal


def iterations_per_second(game, seconds: float = 2.0) -> float:
    view, legal = sample_position(game)
    out = search.choose(game, view, legal, seconds=seconds, seed=1)
    return out.iterations / out.seconds


def fixed_rate(gid: str, iterations: int, repeats: int = 3) -> float:
    """Iterations/s of `iterations` searched at `sample_position`, best of `repeats`: the same work, seed and
    position wherever it runs, so CPython and Pyodide can be compared directly."""
    import time

    game = importlib.import_module(registry.PACKAGES[gid])
    view, legal = sample_position(game)
    search.choose(game, view, legal, iterations=max(1, iterations // 10), seed=1)  # imports and caches
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        search.choose(game, view, legal, iterations=iterations, seed=1)
        best = min(best, time.perf_counter() - start)
    return iterations / best


PYODIDE_RATE_JS = """
const [root, gid, iterations] = process.argv.slice(1);
const { loadPyodide } = await import(root + "/node_modules/pyodide/pyodide.mjs");
const py = await loadPyodide();
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/src");
py.runPython("import sys; sys.path[:0] = ['/src', '/src/tests']");
console.log(py.runPython(`import search_bench; search_bench.fixed_rate(${JSON.stringify(gid)}, ${iterations})`));
"""
SAME_WORK = {"ps": 2000, "sik": 2000, "pax": 2000, "spy": 60}  # about 1-2 s of search each


def print_same_work() -> None:
    """The Pyodide/CPython ratio on the same work: each game's `fixed_rate` in CPython and in the pinned Pyodide
    under Node (the same WebAssembly engine as Chromium's worker), one after the other."""
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    root = Path(__file__).resolve().parent.parent
    for gid, iterations in SAME_WORK.items():
        native = fixed_rate(gid, iterations)
        run = subprocess.run([node, "--input-type=module", "-e", PYODIDE_RATE_JS, str(root), gid, str(iterations)],
                             capture_output=True, text=True, check=True)
        wasm = float(run.stdout.strip().splitlines()[-1])
        print(f"game {gid}: same position and seed, {iterations} iterations: CPython {native:.0f}/s, Pyodide "
              f"(Node) {wasm:.0f}/s, CPython/Pyodide {native / wasm:.2f}")


def print_cpython(seconds: float = 2.0) -> None:
    for gid, name in registry.PACKAGES.items():
        game = importlib.import_module(name)
        slow = fast.games_per_second(game, 2, seconds, fast=False)
        quick = fast.games_per_second(game, 2, seconds, fast=True)
        print(f"game {gid}: random full games/s {slow:.1f} through the protocol, {quick:.1f} on the search fast path")
        print(f"game {gid}: search {iterations_per_second(game, seconds):.0f} iterations/s in CPython "
              f"(target >= {ITERATIONS_TARGET[gid]})")


if __name__ == "__main__":
    print_cpython()
    print_same_work()


LONGTASKS = """
window.pygamesLongTasks = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.pygamesLongTasks.push(e.duration); })
    .observe({type: 'longtask', buffered: false});
"""


BUSY_LIFETIME_S = 600  # a busy process stops by itself even if the bench dies without killing it
BUSY = f"import time\nend = time.time() + {BUSY_LIFETIME_S}\nwhile time.time() < end: pass"


class Busy:
    """`count` busy processes at normal priority beside the browser (a tablet booting and searching), started
    and killed by the bench itself, each bounded by BUSY_LIFETIME_S."""

    def __init__(self, count: int):
        self.count, self.procs = count, []

    def __enter__(self):
        import subprocess
        import sys

        self.procs = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(self.count)]
        return self

    def __exit__(self, *_exc):
        for proc in self.procs:
            proc.kill()
            proc.wait()


def longest_cpu_task(trace_path: str) -> tuple[float, float, list]:
    """(wall ms, CPU ms, what it is made of) of the page main thread's longest task in a Chrome trace, longest by
    CPU time: on a shared machine the wall time of a task swings with the load, its thread time much less. What it
    is made of: the trace events inside it by self wall time (`task_parts`), longest first."""
    import json

    with open(trace_path, encoding="utf-8") as handle:
        events = json.load(handle)
    events = events["traceEvents"] if isinstance(events, dict) else events
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    tasks = [e for e in events if (e.get("pid"), e.get("tid")) in mains and e.get("ph") == "X"
             and e.get("name") == "ThreadControllerImpl::RunTask"]
    top = max(tasks, key=lambda e: e.get("tdur", 0), default={})
    inside = [e for e in events if top and (e.get("pid"), e.get("tid")) == (top["pid"], top["tid"])
              and e.get("ph") == "X" and top["ts"] <= e.get("ts", -1) and e["ts"] + e.get("dur", 0) <= top["ts"]
              + top["dur"]]
    return top.get("dur", 0) / 1000, top.get("tdur", 0) / 1000, task_parts(inside)


def task_parts(events: list) -> list[tuple[str, float]]:
    """[(event name, self wall ms)] of nested complete trace events, longest first: each event's time less its
    children's, so a FunctionCall that ran a Layout is not counted twice."""
    ordered = sorted(events, key=lambda e: (e["ts"], -e.get("dur", 0)))
    own: dict[str, float] = {}
    stack: list[dict] = []
    for event in ordered:
        while stack and event["ts"] >= stack[-1]["ts"] + stack[-1].get("dur", 0):
            stack.pop()
        if stack:
            own[stack[-1]["name"]] = own.get(stack[-1]["name"], 0.0) - event.get("dur", 0) / 1000
        own[event["name"]] = own.get(event["name"], 0.0) + event.get("dur", 0) / 1000
        stack.append(event)
    return sorted(((name, ms) for name, ms in own.items() if ms >= 0.5), key=lambda item: -item[1])


def bots_in_page(browser, origin: str, gid: str, watch_s: float, cpu: float = 1) -> dict:
    """Two normal bots in a page for `watch_s` once the worker is up: the searches' figures, the longest
    main-thread task seen by PerformanceObserver ('longtask', wall time), and the longest one by CPU time."""
    import json
    import tempfile
    import time
    from pathlib import Path

    context = browser.new_context()
    context.add_init_script(LONGTASKS)
    page = context.new_page()
    if cpu != 1:  # the page's CPU slowed (bench.throttle)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(f"{origin}/?game={gid}&seats=normal,normal&seed=1&botdelay=0")
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=120_000)
    page.wait_for_function("window.pygamesSearchStats !== undefined", timeout=120_000)  # the worker is up
    page.evaluate("window.pygamesLongTasks.length = 0")
    with tempfile.TemporaryDirectory() as tmp:
        trace = str(Path(tmp) / "trace.json")
        browser.start_tracing(page=page, path=trace, categories=["toplevel", "devtools.timeline", "v8.execute",
                                                                 "disabled-by-default-devtools.timeline",
                                                                 "blink.user_timing"])
        time.sleep(watch_s)
        browser.stop_tracing()
        longest = page.evaluate("Math.max(0, ...window.pygamesLongTasks)")
        stats = [s for s in json.loads(page.evaluate("window.pygamesSearchStats")) if s["iterations"]]
        context.close()
        wall, cpu, parts = longest_cpu_task(trace)
    return {"stats": stats, "longest": longest, "cpu_task": (wall, cpu), "parts": parts}


def print_browser(browser, origin: str, watch_s: float = 20.0) -> None:
    """Per game, two normal bots in the page, on this machine as it is and then with one busy process per core
    beside the browser: the worker's iterations/s, the think time per decision, the longest main-thread task
    (PerformanceObserver 'longtask') while the bots think, and the longest by CPU time (Chrome's trace) with what
    it is made of; each line with the machine's load average (1 min) when the watch ended."""
    import os
    import statistics

    cores = os.cpu_count() or 2
    for gid in ("ps", "sik", "pax", "spy"):
        for busy in (0, cores):
            with Busy(busy):
                seen = bots_in_page(browser, origin, gid, watch_s)
                load = os.getloadavg()[0]
            stats, longest, (wall, cpu) = seen["stats"], seen["longest"], seen["cpu_task"]
            label = "quiet" if not busy else f"loaded ({busy} busy processes, {cores} cores)"
            label += f", load average {load:.1f}"
            if not stats:
                print(f"game {gid}, {label}: no searched decision in {watch_s:.0f} s")
                continue
            rate = sum(s["iterations"] for s in stats) / max(1e-9, sum(s["seconds"] for s in stats))
            think = statistics.median(s["seconds"] for s in stats)
            parts = ", ".join(f"{name} {ms:.0f}" for name, ms in seen["parts"][:4])
            print(f"game {gid}, {label}: worker search {rate:.0f} iterations/s in Pyodide (CPython target "
                  f">= {ITERATIONS_TARGET[gid]}, Pyodide within 1.3x); normal think median {think:.2f} s "
                  f"(target <= 1.5 s) over {len(stats)} decisions; longest main-thread task while bots think "
                  f"{longest:.0f} ms (target <= 100), longest by CPU {cpu:.0f} ms CPU in {wall:.0f} ms "
                  f"(self ms: {parts})", flush=True)
