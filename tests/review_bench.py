"""`build.py bench --only review` (issue 49): looking back, measured in the page.

- Replay: a whole game's replay step redrawn (a slider step from the previous decision: the kept state is near) and
  a jump anywhere (target: a step <= 50 ms p95, any jump <= 200 ms), timed from the slider's input event to the
  patched screen (the update, the board drawn, the patch: the main thread's work of that step).
- Analysis: a finished game of each game (easy bots, seed 3; Spyworld with three players) analysed in the search
  worker from its end screen: the first pass (every decision marked) and the full one, in seconds (targets: first
  <= 10 s; full <= 60 s for PS, SIK and a 3-player Spyworld, <= 120 s for PAX), per decision, the rounds and the
  mean SE of the full pass, and the main thread's longest task meanwhile (target: none over 50 ms).
- Stability (CPython, the same judge as the worker): the full pass with two analysis seeds, the share of decisions
  whose mark agrees (target >= 90 %) and whether every mistake or blunder of one is one of the other.
- Calibration (CPython): the marks of a random player's games and of the easy computer's own
  (`PYGAMES_BENCH_CALIBRATION_ONLY=1` runs it alone).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conftest import CHROMIUM_ARGS  # noqa: E402

import build  # noqa: E402

STEP = """n => { const s = document.querySelector('[data-testid=review-slider]'); const t = performance.now();
  s.value = String(n); s.dispatchEvent(new Event('input', {bubbles: true})); return performance.now() - t; }"""
LONG_TASKS = """() => { window.__long = []; new PerformanceObserver(list => { for (const e of list.getEntries())
  window.__long.push(e.duration); }).observe({type: 'longtask', buffered: false}); }"""
SETUPS = (("ps", 2), ("pax", 2), ("spy", 3), ("sik", 2))
FULL_TARGET_S = {"ps": 60, "sik": 60, "spy": 60, "pax": 120}


def finished(gid: str, players: int):
    from pygames.app.session import EASY, HUMAN, Seat, Session
    from pygames.core import registry

    s = Session.start(registry.load(gid), [Seat("Ann", EASY)] + [Seat("", EASY)] * (players - 1), 3, {}, f"{gid}-b")
    while not s.over:
        s.bot_step()
    s.seats[0].kind = HUMAN
    return s


def p95(values):
    values = sorted(values)
    return values[int(0.95 * (len(values) - 1))]


def open_end_screen(browser, origin: str, gid: str, text: str):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(origin + "/")
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=120_000)
    page.evaluate("""([id, text]) => { localStorage.clear(); localStorage.setItem('pygames.save.' + id, text);
      localStorage.setItem('pygames.saves', JSON.stringify([id])); localStorage.setItem('pygames.current', id);
      sessionStorage.setItem('pygames.current', id); }""", [f"{gid}-b", text])
    page.reload()
    page.wait_for_selector("[data-testid=game-over]", state="visible", timeout=120_000)
    return context, page


def replay_steps(page, total: int) -> tuple[list[float], list[float]]:
    page.click("#gameover [data-command=review]")
    page.wait_for_selector("[data-testid=review-slider]", state="attached")
    steps, jumps = [], []
    for n in range(max(0, total // 2 - 20), min(total, total // 2 + 20)):
        steps.append(page.evaluate(STEP, n))
        page.wait_for_timeout(20)
    rng = random.Random(1)
    for _ in range(30):
        jumps.append(page.evaluate(STEP, rng.randrange(total + 1)))
        page.wait_for_timeout(20)
    page.click("[data-testid=review-close]")
    page.wait_for_selector("[data-testid=game-over]", state="visible")
    return steps, jumps


def analysis_pass(page) -> dict:
    page.evaluate(LONG_TASKS)
    start = time.perf_counter()
    page.click("[data-testid=analyse]")
    page.wait_for_selector("[data-testid=analysis][data-pass=full]", state="attached", timeout=600_000)
    first = time.perf_counter() - start
    page.wait_for_selector("[data-testid=analysis][data-state=done]", state="attached", timeout=900_000)
    full = time.perf_counter() - start
    stored = json.loads(page.evaluate("localStorage.getItem(Object.keys(localStorage).find(k => "
                                      "k.startsWith('pygames.analysis.')))"))
    longest = max(page.evaluate("window.__long"), default=0.0)
    judged = stored["judged"]
    return {"first": first, "full": full, "decisions": len(judged), "longest": longest,
            "rounds": judged[0]["rounds"] if judged else 0,
            "se": sum(j["se"] for j in judged) / max(1, len(judged)),
            "marks": {m: sum(1 for j in judged if j["mark"] == m) for m in ("best", "good", "inaccuracy", "mistake",
                                                                            "blunder")}}


def stability(session) -> tuple[float, bool]:
    from pygames.core import analysis

    st = session.state
    found = analysis.decisions(session.game, st["players"], st["seed"], st["options"], st["history"],
                               set(session.humans))
    rounds = int(analysis.THRESHOLDS["rounds"]["full"][session.game.ID])
    marks = []
    for base in (1, 2):
        marks.append([analysis.judge(session.game, view, legal, played, rounds=rounds, seed=base * 1_000_003 + step,
                                     step=step).mark for step, _seat, view, legal, played in found])
    agree = sum(1 for a, b in zip(*marks, strict=True) if a == b) / max(1, len(found))
    costly = ("mistake", "blunder")
    held = all((a in costly) == (b in costly) for a, b in zip(*marks, strict=True) if a in costly or b in costly)
    return agree, held


def calibration(games: int = 4) -> None:
    """The analysis's marks of the easy computer's own games and of a random player's (seat 0, against the easy
    computer, seeded): accuracy, and mistakes and blunders per game (targets: random's accuracy <= 50 %; hard's own
    games >= 90 % best or good, <= 1 blunder per 10 games: hard is not measured here, its search costs seconds a
    move). CPython, the worker's judge and the full pass's worlds."""
    from pygames.core import analysis, bots, engine, registry
    from pygames.core.rng import Rng

    for gid, players in SETUPS:
        game = registry.load(gid)
        rounds = int(analysis.THRESHOLDS["rounds"]["full"][gid])
        for name, bot in (("random", bots.random_bot), ("easy", bots.default_bot(game))):
            judged, good = [], 0
            for seed in range(1, games + 1):
                state = engine.new_game(game, players, seed, {})
                rng = Rng(seed)
                seats = [bot] + [bots.default_bot(game)] * (players - 1)
                state = bots.play_out(game, state, seats, rng)
                found = analysis.decisions(game, players, seed, {}, state["history"], {0})
                judged.append([analysis.judge(game, view, legal, played, rounds=rounds, seed=step, step=step)
                               for step, _seat, view, legal, played in found])
            flat = [j for game_judged in judged for j in game_judged]
            good = sum(1 for j in flat if j.mark in ("best", "good")) / max(1, len(flat))
            accuracy = sum(analysis.game_accuracy(g) or 0 for g in judged) / len(judged)
            costly = sum(1 for j in flat if j.mark in ("mistake", "blunder")) / games
            blunders = sum(1 for j in flat if j.mark == "blunder") / games
            print(f"{gid}: {name} player's games ({games}): accuracy {accuracy:.0f} %, best or good {good * 100:.0f} %,"
                  f" mistakes and blunders {costly:.1f} a game, blunders {blunders:.1f} a game", flush=True)


def main() -> int:
    from playwright.sync_api import sync_playwright

    if os.environ.get("PYGAMES_BENCH_CALIBRATION_ONLY") == "1":  # the CPython calibration alone
        calibration()
        return 0
    build.build(build.DIST_TEST, with_test_games=True)
    server = build.start_server_thread(build.DIST_TEST)
    origin = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_ARGS)
        for gid, players in SETUPS:
            session = finished(gid, players)
            total = len(session.state["history"])
            context, page = open_end_screen(browser, origin, gid, session.to_save(updated=1.0))
            steps, jumps = replay_steps(page, total)
            print(f"{gid} ({players} players, {total} decisions): replay step p50 {sorted(steps)[len(steps) // 2]:.1f}"
                  f" p95 {p95(steps):.1f} ms (target <= 50), jump p95 {p95(jumps):.1f} max {max(jumps):.1f} ms "
                  f"(target <= 200)", flush=True)
            got = analysis_pass(page)
            each = got["full"] / max(1, got["decisions"])
            print(f"{gid}: analysis of {got['decisions']} decisions: first pass {got['first']:.1f} s (target <= 10), "
                  f"full {got['full']:.1f} s (target <= {FULL_TARGET_S[gid]}), {each:.2f} s per decision, "
                  f"{got['rounds']} worlds each, mean SE {got['se']:.3f}; longest main-thread task meanwhile "
                  f"{got['longest']:.0f} ms (target <= 50); marks {got['marks']}", flush=True)
            context.close()
            agree, held = stability(session)
            print(f"{gid}: two full passes with other seeds agree on {agree * 100:.0f} % of marks (target >= 90), "
                  f"every mistake or blunder in both: {held}", flush=True)
        browser.close()
    server.shutdown()
    calibration()
    return 0
