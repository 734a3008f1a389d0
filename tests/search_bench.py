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


LONGTASKS = """
window.pygamesLongTasks = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.pygamesLongTasks.push(e.duration); })
    .observe({type: 'longtask', buffered: false});
"""


def print_browser(browser, origin: str, watch_s: float = 20.0) -> None:
    """Per game, two normal bots in the page: the worker's iterations/s, the think time per decision, and the
    longest main-thread task (PerformanceObserver 'longtask') while the bots think."""
    import statistics
    import time

    for gid in ("ps", "sik", "pax", "spy"):
        context = browser.new_context()
        context.add_init_script(LONGTASKS)
        page = context.new_page()
        page.goto(f"{origin}/?game={gid}&seats=normal,normal&seed=1&botdelay=0")
        page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=120_000)
        page.wait_for_function("window.pygamesSearchStats !== undefined", timeout=120_000)  # the worker is up
        page.evaluate("window.pygamesLongTasks.length = 0")
        time.sleep(watch_s)
        longest = page.evaluate("Math.max(0, ...window.pygamesLongTasks)")
        import json

        stats = [s for s in json.loads(page.evaluate("window.pygamesSearchStats")) if s["iterations"]]
        context.close()
        if not stats:
            print(f"game {gid}: no searched decision in {watch_s:.0f} s")
            continue
        rate = sum(s["iterations"] for s in stats) / max(1e-9, sum(s["seconds"] for s in stats))
        think = statistics.median(s["seconds"] for s in stats)
        print(f"game {gid}: worker search {rate:.0f} iterations/s in Pyodide (CPython target "
              f">= {ITERATIONS_TARGET[gid]}, Pyodide within 1.3x); normal think median {think:.2f} s "
              f"(target <= 1.5 s) over {len(stats)} decisions; longest main-thread task while bots think "
              f"{longest:.0f} ms (target <= 100)")
