"""Several devices at one table, for real (issue 33): two browser contexts (two devices, separate storage) in one
Chromium, inside a network namespace with a veth link and a default route and no camera permission: the mDNS path
of a Wi-Fi with no internet. They pair by the text codes (the host's as a `#join=` link), then play over a real
WebRTC data channel. Every message a guest receives is recorded in its page (the data channel hooked before the
app runs) and checked against the engine: nothing of another seat's secrets."""

from __future__ import annotations

import json
import time

import netns
import pytest
from conftest import BOOT_MS, CHROMIUM_ARGS, AppPage

pytestmark = pytest.mark.browser

# Every text a data channel of the page receives, in order (window.__netReceived), and every one it sends.
HOOK = """(() => {
  window.__netReceived = []; window.__netSent = [];
  const desc = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    configurable: true, get() { return desc.get.call(this); },
    set(f) { desc.set.call(this, f && (e => { window.__netReceived.push(e.data); return f(e); })); }});
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) { window.__netSent.push(data); return send.call(this, data); };
})();"""
LINK_MS = 30_000


@pytest.fixture(scope="module")
def ns():
    why = netns.available()
    if why:
        pytest.fail(f"network namespace: {why}")
    space = netns.Netns(default_route=True)
    yield space
    space.close()


@pytest.fixture(scope="module")
def net_origin(ns, test_site_dir):
    server = ns.serve(test_site_dir)
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def ns_browser(playwright_driver, ns):
    import build

    browser = playwright_driver.chromium.launch(executable_path=ns.chromium(build.find_chromium()),
                                                args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def device(browser, origin, **extra) -> AppPage:
    page = AppPage(browser, origin, locale="en-US", viewport={"width": 1024, "height": 768}, **extra)
    page.context.add_init_script(HOOK)
    return page


def received(page: AppPage) -> list[dict]:
    return [json.loads(t) for t in page.page.evaluate("window.__netReceived")]


def host_code(host: AppPage) -> str:
    host.page.wait_for_selector("[data-testid=net-code]", timeout=LINK_MS)
    return host.page.locator("[data-testid=net-code]").first.inner_text()


def panels(*pages: AppPage) -> list:
    """What each device's pairing panel says, and what its links received (a failure's message)."""
    return [(p.page.evaluate("document.getElementById('net') && document.getElementById('net').innerText"),
             p.page.evaluate("window.__netReceived.slice(0, 5)"), p.errors[-5:]) for p in pages]


def pair(host: AppPage, guest: AppPage, seat: int, name: str, open_guest: bool = True) -> float:
    """The guest opens the host's #join= link, the host enters the guest's answer code; the guest takes `seat`.
    Returns the seconds from the host's entry of the answer to the guest's first screen."""
    code = host_code(host)
    assert len(code) <= 160, code  # a small QR code (NETPLAY.md: ~126 characters with an mDNS name)
    if open_guest:
        guest.page.goto(f"{guest.origin}/#join={code}")
        guest.wait_ready()
    else:
        guest.page.fill("[data-testid=net-input]", code)
        guest.page.click("[data-testid=net-connect]")
    guest.page.wait_for_selector("[data-testid=net-code]", timeout=LINK_MS)
    answer = guest.page.locator("[data-testid=net-code]").first.inner_text()
    assert answer[:2] == "1a" and len(answer) <= 160, answer
    host.page.fill("[data-testid=net-input]", answer)
    start = time.perf_counter()
    host.page.click("[data-testid=net-connect]")
    try:
        guest.page.wait_for_selector("[data-testid=net-lobby], #board *", timeout=LINK_MS)
    except Exception:
        raise AssertionError(panels(host, guest)) from None
    if guest.page.locator("[data-testid=net-lobby]").count():
        guest.page.fill("#net-name", name)
        guest.page.click(f"[data-command='net-seat:{seat}']")
    guest.page.wait_for_selector("#board *", timeout=LINK_MS)
    return time.perf_counter() - start


def test_a_guest_joins_by_link_over_the_mdns_path_and_plays_a_move(ns_browser, net_origin):
    """No camera permission: both sides offer mDNS names only; the codes are small; the guest's move is applied by
    the host (saved with its `net` field) and both screens follow."""
    host, guest = device(ns_browser, net_origin), device(ns_browser, net_origin)
    try:
        host.open("?game=sik&seats=human,human&names=Hana,Gus&seed=3&botdelay=0&remote=1")
        code = host_code(host)
        assert ".local" not in code and code.split("~")[4].startswith("m"), code  # an mDNS name, compacted
        pair(host, guest, 1, "Gus")
        assert guest.page.evaluate("document.documentElement.dataset.appState") == "ready"
        saved = host.saved()
        assert saved["net"]["remote"] == [1] and saved["net"]["tokens"][1]
        assert host.page.locator("[data-net-seat=playing]").count() == 0  # every seat has its device: panel gone
        host.page.wait_for_selector("button[data-action]:not([disabled])")
        host.errors.clear()
        assert not [e for e in guest.errors if "net" in e.lower()], guest.errors
        msgs = received(guest)
        assert [m["t"] for m in msgs][:2] == ["welcome", "seat"] and any(m["t"] == "screen" for m in msgs)
    finally:
        host.close()
        guest.close()
