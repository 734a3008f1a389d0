"""`build.py bench --only net`: several devices over a real WebRTC data channel (issue 33), inside a network
namespace (tests/browser/netns.py), two browser contexts in one Chromium.

- tap on a guest -> the host's referee applies it -> the guest's screen redrawn (its link line back to "ok"):
  p50/p95 over the namespace's local link (target p95 <= 100 ms);
- bytes per guest move (every text both ways over the channel, heartbeats included, divided by the guest's moves);
- time from the host's entry of the guest's answer code (the second scan) to the guest's seat picker, and to its
  first screen once it took its seat;
- a rejoin with no scan, through the host's spare connection: from the guest's page reload, and from its data channel
  closing under it, to its seat's screen back.

The host is the table (public view only), seat 0 the easy computer (botdelay 0), seat 1 the guest: each guest tap
is answered by the host at once, so the guest taps again as soon as the computer has played."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))

from bench import pct  # noqa: E402
from conftest import CHROMIUM_ARGS  # noqa: E402

import build  # noqa: E402

TAP_TO_SCREEN = """action => new Promise(resolve => {
  const start = performance.now(), seen = window.__netReceived.length;
  document.querySelector(`button[data-action="${CSS.escape(action)}"]`).click();
  const confirm = document.querySelector('[data-testid=preview] button[data-confirm]');
  if (confirm) confirm.click();
  const check = () => {
    const fresh = window.__netReceived.slice(seen).some(t => t.includes('"t":"screen"'));
    const link = document.querySelector('[data-testid=link]');
    if (fresh && (!link || link.dataset.link === 'ok')) requestAnimationFrame(() => resolve(performance.now() - start));
    else setTimeout(check, 0);
  };
  check();
})"""
BYTES = """() => [window.__netReceived, window.__netSent].map(l => l.reduce((n, t) => n + new Blob([t]).size, 0))"""


def rejoin_times(guest, rounds: int = 3) -> str:
    """Milliseconds from a guest's page reload, and from its data channel closing under it, to its seat's screen
    back (the link line "ok"), through the host's spare connection: median of `rounds` each."""
    import statistics

    from test_net_link import GUEST_RECORD, wait_for_spare

    ok = "[data-testid=link][data-link=ok]"
    reload, drop = [], []
    spare = {"code": None}
    for _ in range(rounds):
        spare = wait_for_spare(guest, other_than=spare["code"])  # the next spare, not the one just used
        start = time.perf_counter()
        guest.page.reload()
        guest.page.wait_for_selector(ok, timeout=60_000)
        reload.append((time.perf_counter() - start) * 1000)
        spare = wait_for_spare(guest, other_than=spare["code"])
        start = time.perf_counter()
        guest.page.evaluate("window.__netChannel.close()")
        guest.page.wait_for_function(f"(r => !r.spares.length || r.spares[0].code !== {json.dumps(spare['code'])})"
                                     f"({GUEST_RECORD}) || "
                                     "document.querySelector('[data-link=reconnecting]')", timeout=60_000)
        guest.page.wait_for_selector(ok, timeout=60_000)
        drop.append((time.perf_counter() - start) * 1000)
    return (f"page reload -> seat back {statistics.median(reload):.0f} ms (the page's boot included), "
            f"channel closed -> seat back {statistics.median(drop):.0f} ms (medians of {rounds})")


def main(moves: int = 60) -> int:
    import netns
    from playwright.sync_api import sync_playwright
    from test_net_link import DRAWN, LINK_MS, SCREEN, device, host_code, pick

    why = netns.available()
    if why:
        print(f"net: cannot make a network namespace here ({why})")
        return 1
    build.build(build.DIST_TEST, with_test_games=True)
    space = netns.Netns(default_route=True)
    server = space.serve(build.DIST_TEST)
    origin = f"http://127.0.0.1:{server.server_port}"
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=space.chromium(build.find_chromium()),
                                             args=CHROMIUM_ARGS)
            host, guest = device(browser, origin), device(browser, origin)
            host.open("?game=sik&seats=easy,human&names=,Gus&seed=12&botdelay=0&remote=1&here=table")
            code = host_code(host)
            guest.page.goto(f"{origin}/#join={code}")
            guest.wait_ready()
            guest.page.wait_for_selector("[data-testid=net-code]", timeout=LINK_MS)
            answer = guest.page.locator("[data-testid=net-code]").first.inner_text()
            host.page.fill("[data-testid=net-input]", answer)
            start = time.perf_counter()
            host.page.click("[data-testid=net-connect]")
            guest.page.wait_for_selector("[data-testid=seat-picker]", timeout=LINK_MS)
            linked = time.perf_counter() - start
            guest.page.click("[data-command='net-seat:1']")
            guest.page.wait_for_function(DRAWN, timeout=LINK_MS)
            shared = time.perf_counter() - start
            host.page.click("[data-command=net-play]")
            print(f"net: codes {len(code)} and {len(answer)} characters; second scan -> seat picker "
                  f"{linked * 1000:.0f} ms, -> first shared screen (seat taken at once) {shared * 1000:.0f} ms",
                  flush=True)
            rejoined = rejoin_times(guest)  # before the game runs out
            guest.page.wait_for_timeout(5000)  # the reloaded page's own start-up work done before the taps
            before = guest.page.evaluate(BYTES)
            samples = []
            for turn in range(moves * 20):
                screen = guest.page.evaluate(SCREEN)
                if screen["over"] or len(samples) >= moves:
                    break
                if not screen["actions"]:
                    guest.page.wait_for_timeout(20)
                    continue
                samples.append(guest.page.evaluate(TAP_TO_SCREEN, pick(screen["actions"], turn)))
            after = guest.page.evaluate(BYTES)
            got, sent = after[0] - before[0], after[1] - before[1]
            screens = [json.loads(t) for t in guest.page.evaluate("window.__netReceived")
                       if '"t":"screen"' in t]
            biggest = max(len(json.dumps(s, separators=(",", ":"), ensure_ascii=False).encode()) for s in screens)
            print(f"net: tap on the guest -> host applies -> guest redrawn: p50 {pct(samples, 0.5):.1f} ms, "
                  f"p95 {pct(samples, 0.95):.1f} ms (target p95 <= 100; {len(samples)} moves)", flush=True)
            print(f"net: bytes per guest move: {got / max(1, len(samples)):.0f} received, "
                  f"{sent / max(1, len(samples)):.0f} sent (heartbeats included); largest screen {biggest} bytes",
                  flush=True)
            print(f"net: rejoin with no scan (the spare): {rejoined}", flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
        space.close()
    return 0
