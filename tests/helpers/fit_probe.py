"""The whole table at a glance (issue 47), probed at every decision of a game against the easy computer: the figures
of tests/helpers/table_probe.js (share of the board in view, smallest text, summaries and controls in view, page
scroll), worst case per game and viewport, and screenshots on request.

`build.py bench --only fit` runs it over whole games of the four games in the four viewports. By hand, while
designing a board:

    .venv/bin/python tests/helpers/fit_probe.py --game ps [--decisions 12] [--shots DIR] [--dist DIR] [--viewports
        1024x768,390x844] [--lang fr] [--seats human,easy] [--seed 3]

(`--dist` builds the site into that folder first unless `--no-build`; several people designing at once each use
their own folder.)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

PROBE = (Path(__file__).with_name("table_probe.js")).read_text()
# name -> (viewport, touch, the smallest text allowed in view, px)
VIEWPORTS = {"1024x768": ({"width": 1024, "height": 768}, True, 11.0),
             "768x1024": ({"width": 768, "height": 1024}, True, 11.0),
             "1366x768": ({"width": 1366, "height": 768}, False, 11.0),
             "390x844": ({"width": 390, "height": 844}, True, 10.0)}
NEXT = "button[data-action]:not([disabled]):visible, [data-testid=game-over]:visible, [data-testid=pass-device]:visible"
HISTORY = ("() => { const ids = JSON.parse(localStorage.getItem('pygames.saves') || '[]'); "  # the newest save
           "const s = ids.length && localStorage.getItem('pygames.save.' + ids[0]); "
           "return s ? JSON.parse(s).history.length : -1; }")
# the first enabled control a player could tap (on screen), clicked in the page
TAP_FIRST = """() => { const b = [...document.querySelectorAll('button[data-action]:not([disabled])')]
  .filter(e => e.offsetParent !== null)[0]; if (b) b.click(); return b ? b.dataset.action : null; }"""


def faults(m: dict, min_text: float) -> list[str]:
    """What a probe's figures miss of the targets, in words (empty: the table is at a glance)."""
    out = []
    if m["share"] < 0.999:
        out.append(f"board share {m['share']:.2f}")
    if m["text"]["px"] < min_text:
        out.append(f"text {m['text']['px']} px {m['text']['what']!r} at {m['text']['where']}")
    if m["missing"]:
        out.append(f"summaries off screen {m['missing']}")
    if m["out"]:
        out.append(f"controls out of view {m['out'][:4]}{'…' if len(m['out']) > 4 else ''} ({len(m['out'])})")
    if m["small"]:
        out.append(f"small targets {m['small'][:3]}")
    if m["covered"]:
        out.append(f"covered targets {m['covered'][:3]}")
    if m["scroll"] > 1:
        out.append(f"page scrolls {m['scroll']} px")
    return out


def tap_first(page, tries: int = 40):
    """Tap the first control a player could tap; a redraw under way (the computer's move staged after a chained
    tap) may have none for a moment: ask again for up to `tries` × 250 ms. None: there is none."""
    for _ in range(tries):
        action = page.evaluate(TAP_FIRST)
        if action is not None:
            return action
        page.wait_for_timeout(250)
    return None


def play(page, origin: str, game: str, decisions: int, shots: Path | None, name: str, min_text: float,
         seats: str = "human,easy", seed: int = 3, lang: str = "en", log=print, shot_every: int = 0) -> dict:
    """One game in `page` up to `decisions` decisions (or its end): the worst figures seen, and every fault."""
    page.goto(f"{origin}/?game={game}&seats={seats}&seed={seed}&botdelay=0&lang={lang}")
    page.wait_for_selector("html[data-app-state=ready]", timeout=120_000)
    worst = {"share": 1.0, "text": 99.0, "faults": [], "decisions": 0, "ended": False, "boxes": set()}
    for step in range(decisions):
        page.wait_for_selector(NEXT, timeout=120_000)
        if page.locator("[data-testid=game-over]").is_visible():
            worst["ended"] = True
            if shots is not None:
                page.screenshot(path=str(shots / f"{game}-{name}-end.png"))
            break
        if page.locator("[data-testid=pass-device]").is_visible():
            page.click("[data-testid=reveal]")
            continue
        m = page.evaluate(PROBE)
        worst["decisions"] += 1
        worst["share"] = min(worst["share"], m["share"])
        worst["text"] = min(worst["text"], m["text"]["px"])
        if m["box"]:
            worst["boxes"].add(tuple(m["box"]))
        found = faults(m, min_text)
        if found:
            worst["faults"].append((step, found))
        if shots is not None and (step < 2 or (shot_every and step % shot_every == 0) or found and len(
                [f for f in worst["faults"]]) <= 3):
            page.screenshot(path=str(shots / f"{game}-{name}-{step:03d}.png"))
        before = page.evaluate(HISTORY)
        if tap_first(page) is None:
            break
        page.wait_for_function(f"() => ({HISTORY})() != {before}", timeout=120_000)
    return worst


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ps")
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--shots", type=Path)
    parser.add_argument("--dist", type=Path)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--viewports", default=",".join(VIEWPORTS))
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seats", default="human,easy")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--every", type=int, default=0, help="a screenshot every N decisions too")
    args = parser.parse_args(argv)
    from conftest import CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    import build

    dist = args.dist or build.DIST_TEST
    if not args.no_build:
        build.build(dist, with_test_games=False)
    server = build.start_server_thread(dist)
    origin = f"http://127.0.0.1:{server.server_port}"
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_ARGS)
        for name in args.viewports.split(","):
            viewport, touch, min_text = VIEWPORTS[name]
            context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
            context.add_init_script("localStorage.setItem('pygames.preview', 'off')")
            page = context.new_page()
            worst = play(page, origin, args.game, args.decisions, args.shots, name, min_text, args.seats,
                         args.seed, args.lang, shot_every=args.every)
            print(json.dumps({"game": args.game, "viewport": name, "decisions": worst["decisions"],
                              "ended": worst["ended"], "worst share": worst["share"], "smallest text": worst["text"],
                              "board boxes": sorted(worst["boxes"])[:6]}))
            for step, found in worst["faults"][:8]:
                print(f"  decision {step}: " + "; ".join(found))
            if len(worst["faults"]) > 8:
                print(f"  … {len(worst['faults']) - 8} more decisions with faults")
            context.close()
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
