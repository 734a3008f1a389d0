"""Several devices at one table (issue 33): the pairing screens in reach, in English and French, and the user's
STUN/TURN servers. Two touch devices (two browser contexts) pair over a real data channel inside a network namespace
(tests/browser/netns.py, the mDNS path): at each pairing screen (the host's lobby with its code, the join screen,
the guest's own code, the seat picker, the host at the table with a device away, a guest reconnecting), in
1024x768, 768x1024, 1366x768 and 390x844, its status and controls are on screen without scrolling, no text is cut,
every target is at least 44 px, and axe-core finds no serious problem. The servers a user saves reach the
RTCPeerConnection's configuration."""

from __future__ import annotations

import json

import pytest
from conftest import AppPage
from test_net_link import HOOK, LINK_MS, host_code, net_origin, ns, ns_browser  # noqa: F401  (fixtures)
from test_table import axe_problems

pytestmark = pytest.mark.browser
VIEWPORTS = {"1024x768": {"width": 1024, "height": 768}, "768x1024": {"width": 768, "height": 1024},
             "1366x768": {"width": 1366, "height": 768}, "390x844": {"width": 390, "height": 844}}
# Every RTCPeerConnection's configuration, as the page built it (window.__rtcConfigs).
RTC_HOOK = """(() => {
  window.__rtcConfigs = [];
  const Real = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Real {
    constructor(config, ...rest) {
      window.__rtcConfigs.push(JSON.parse(JSON.stringify(config || {})));
      super(config, ...rest);
    }
  };
})();"""
# Which of `selectors` are not wholly on screen and reachable by a finger (the element at their middle is
# themselves), which texts are cut (an element whose content is wider or taller than its clipping box), which visible
# targets are under 44 px, and how far the page scrolls.
REACH = """async (selectors) => {
  await Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)));
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const vw = innerWidth, vh = innerHeight;
  const shown = e => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden';
  const out = [];
  for (const sel of selectors) {
    const e = [...document.querySelectorAll(sel)].find(shown);
    if (!e) { out.push(sel + ': missing'); continue; }
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.bottom > vh + 1 || r.left < 0 || r.right > vw + 1) {
      out.push(`${sel}: off screen (${Math.round(r.top)}..${Math.round(r.bottom)} of ${vh})`); continue; }
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!top || !(top === e || e.contains(top) || top.contains(e))) out.push(sel + ': covered');
  }
  const cut = [...document.querySelectorAll('#net *, #game [data-testid=status], #game [data-testid=link]')]
    .filter(e => shown(e) && e.children.length === 0 && e.textContent.trim() && e.tagName !== 'CODE')
    .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible'
      || (e.clientHeight > 0 && e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== 'visible'))
    .map(e => e.textContent.trim().slice(0, 40));
  const small = [...document.querySelectorAll('#net button, #net input, #net summary, #game [data-command]')]
    .filter(shown).map(e => [e.dataset.command || e.id || e.textContent.trim().slice(0, 30),
                             Math.round(e.getBoundingClientRect().width), Math.round(e.getBoundingClientRect().height)])
    .filter(([, w, h]) => w < 44 || h < 44);
  return {off: out, cut, small, scroll: document.scrollingElement.scrollWidth - vw};
}"""


def device(browser, origin) -> AppPage:
    page = AppPage(browser, origin, locale="en-US", viewport=VIEWPORTS["1024x768"], has_touch=True, is_mobile=True)
    page.context.add_init_script(HOOK)
    page.context.add_init_script(RTC_HOOK)
    page.page.set_default_navigation_timeout(60_000)
    return page


@pytest.fixture(scope="module")
def pair(ns_browser, net_origin):  # noqa: F811
    host, guest = device(ns_browser, net_origin), device(ns_browser, net_origin)
    yield host, guest
    host.close()
    guest.close()


def set_lang(app: AppPage, lang: str, ready: str) -> None:
    app.page.evaluate(f"document.querySelector(\"[data-command='lang:{lang}']\").click()")
    app.page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    app.page.wait_for_function(ready)


def in_reach(app: AppPage, where: str, selectors: list[str], ready: str, axe: bool = True) -> list[str]:
    """What keeps `selectors` (the screen's status and controls) out of reach, in every viewport and both
    languages."""
    problems = []
    for lang in ("en", "fr"):
        set_lang(app, lang, ready)
        for name, size in VIEWPORTS.items():
            app.page.set_viewport_size(size)
            seen = app.page.evaluate(REACH, selectors)
            problems += [f"{where} {lang} {name}: {kind} {seen[kind]}" for kind in ("off", "cut", "small")
                         if seen[kind]]
            if seen["scroll"] > 0:
                problems.append(f"{where} {lang} {name}: scrolls sideways by {seen['scroll']} px")
        if axe:
            problems += axe_problems(app.page, f"{where} {lang}")
    set_lang(app, "en", ready)
    app.page.set_viewport_size(VIEWPORTS["1024x768"])
    return problems


LOBBY = ["#lobby-title", "[data-testid=lobby-waiting]", "[data-testid=lobby-code] canvas.net-qr",
         "[data-testid=net-code]", "[data-command^='net-copy:']", "[data-testid=net-input]",
         "[data-testid=net-connect]", "[data-testid=net-scan]", "[data-command=net-play]"]
JOIN = ["#net h2", "[data-testid=net-input]", "[data-testid=net-connect]", "[data-testid=net-scan]"]
ANSWER = ["#net h2", "#net canvas.net-qr", "[data-testid=net-code]", "[data-command^='net-copy:']"]
PICKER = ["#seat-picker-title", "#join-name", "[data-testid=seats-free]", "[data-command='net-seat:1']"]
RECONNECTING = ["[data-testid=link][data-link=reconnecting]", "[data-testid=status]", "[data-testid=net-input]",
                "[data-testid=net-connect]", "[data-testid=net-scan]"]
AWAY = ["[data-testid=net-away]", "[data-command=net-lobby]", "[data-testid=status]"]
HAS_CODE = "document.querySelector('[data-testid=net-code]') && document.querySelector('canvas.net-qr[data-size]')"


def test_the_pairing_screens_are_in_reach_in_both_languages(pair):
    host, guest = pair
    host.open("?game=spy&seats=human,human,easy&names=Hana,Gus&seed=3&botdelay=0&remote=1")
    host_code(host)
    host.page.wait_for_function(HAS_CODE, timeout=LINK_MS)
    problems = in_reach(host, "host's lobby", LOBBY, HAS_CODE)

    guest.open("#join")
    guest.page.wait_for_selector("[data-testid=net-input]")
    problems += in_reach(guest, "join screen", JOIN, "document.querySelector('[data-testid=net-input]')")

    guest.page.fill("[data-testid=net-input]", host_code(host))
    guest.page.click("[data-testid=net-connect]")
    guest.page.wait_for_function(HAS_CODE, timeout=LINK_MS)
    problems += in_reach(guest, "guest's code", ANSWER, HAS_CODE)

    answer = guest.page.locator("[data-testid=net-code]").first.inner_text()
    host.page.fill("[data-testid=net-input]", answer)
    host.page.click("[data-testid=net-connect]")
    guest.page.wait_for_selector("[data-testid=seat-picker]", timeout=LINK_MS)
    problems += in_reach(guest, "seat picker", PICKER, "document.querySelector('[data-testid=seat-picker]')")

    guest.page.fill("#join-name", "Gus")
    guest.page.click("[data-command='net-seat:1']")
    guest.page.wait_for_function("!document.getElementById('game').hidden && "
                                 "document.querySelector('[data-testid=link]')", timeout=LINK_MS)
    host.page.wait_for_selector("#lobby li[data-seat='1'][data-connected]", timeout=LINK_MS)
    host.page.click("[data-command=net-play]")
    guest.page.wait_for_function("JSON.parse(localStorage.getItem('pygames.net.guest')).spares.length === 2",
                                 timeout=LINK_MS)  # both spares the host makes: none comes after this
    guest.page.evaluate("""(() => { const r = JSON.parse(localStorage.getItem('pygames.net.guest'));
      delete r.spares; localStorage.setItem('pygames.net.guest', JSON.stringify(r)); })()""")
    guest.reload()  # the guest's page goes, with no spare to come back by: the host says a device is away
    host.page.wait_for_selector("[data-testid=net-away]", timeout=LINK_MS)
    problems += in_reach(host, "host, a device away", AWAY, "document.querySelector('[data-testid=net-away]')")

    host.page.click("[data-command=net-lobby]")  # the guest comes back with one code each way
    guest.page.fill("[data-testid=net-input]", host_code(host))
    guest.page.click("[data-testid=net-connect]")
    guest.page.wait_for_selector("[data-testid=net-code]", timeout=LINK_MS)
    host.page.fill("[data-testid=net-input]", guest.page.locator("[data-testid=net-code]").first.inner_text())
    host.page.click("[data-testid=net-connect]")
    guest.page.wait_for_selector("[data-testid=link][data-link=ok]", timeout=LINK_MS)
    host.page.close()  # the host's page goes: the guest keeps its seat and says it is reconnecting
    guest.page.wait_for_selector("[data-testid=link][data-link=reconnecting]", timeout=LINK_MS)
    guest.page.wait_for_selector("[data-testid=net-input]", timeout=LINK_MS)
    problems += in_reach(guest, "guest reconnecting", RECONNECTING,
             "document.querySelector('[data-testid=link][data-link=reconnecting]')")
    assert not problems, "\n".join(problems)


def test_the_servers_a_user_saves_reach_the_peer_connection(pair):
    """Bad input: a clear message in the page's language, the field kept, nothing stored. Good input: stored in
    `pygames.net.ice` and, on the next pairing, in the RTCPeerConnection's iceServers (username and credential
    too). The addresses are inside the test's network namespace: nothing leaves the machine."""
    _, app = pair
    page = app.page
    app.open()  # on the app's origin first (a page that never loaded has no storage of its own to clear)
    app.reset_storage()
    app.open()
    page.click("#ice-home > summary")
    page.fill("#ice-home-text", "stun:10.77.0.254:3478\nhttps://relay.example/turn")
    page.click("[data-command='ice-save:ice-home']")
    status = page.locator("#ice-home-status")
    assert status.inner_text().startswith("Line 2: “https://relay.example/turn” is not a server address")
    assert page.evaluate("localStorage.getItem('pygames.net.ice')") is None
    assert page.input_value("#ice-home-text").endswith("https://relay.example/turn")  # nothing lost
    page.fill("#ice-home-text", "stun:10.77.0.254:3478\nturn:10.77.0.254:3478 ann")
    page.click("[data-command='ice-save:ice-home']")
    assert status.inner_text().startswith("Line 2: a TURN server needs a username and a password")
    page.click("[data-command='lang:fr']")
    assert status.inner_text().startswith("Ligne 2 : un serveur TURN demande un identifiant")
    page.fill("#ice-home-text", "  stun:10.77.0.254:3478 \n\nturn:10.77.0.254:3478?transport=udp   ann  s3cret")
    page.click("[data-command='ice-save:ice-home']")
    assert status.inner_text() == "2 serveurs enregistrés : utilisés dès le prochain appairage."
    stored = "stun:10.77.0.254:3478\nturn:10.77.0.254:3478?transport=udp ann s3cret"
    assert page.evaluate("localStorage.getItem('pygames.net.ice')") == stored
    assert not axe_problems(page, "home, servers field open")
    small = page.eval_on_selector_all("#ice-home summary, #ice-home button, #ice-home textarea", """els =>
        els.map(e => e.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length""")
    assert small == 0
    page.click("[data-command='lang:en']")
    page.click('[data-command="new:sik"]')  # the dialog's several-devices part shows the same servers
    assert not app.visible("#ice-new")
    page.select_option("#devices", "on")
    assert app.visible("#ice-new") and page.input_value("#ice-new-text") == stored
    page.click("#newgame [data-command=home]")

    app.open("?game=sik&seats=human,human&seed=3&botdelay=0&remote=1")
    page.wait_for_function("window.__rtcConfigs.length > 0", timeout=LINK_MS)
    configs = page.evaluate("window.__rtcConfigs")
    assert configs[0]["iceServers"] == [
        {"urls": "stun:10.77.0.254:3478"},
        {"urls": "turn:10.77.0.254:3478?transport=udp", "username": "ann", "credential": "s3cret"}], json.dumps(configs)
    app.page.evaluate("localStorage.removeItem('pygames.net.ice')")
    app.open("?game=sik&seats=human,human&seed=3&botdelay=0&remote=1")
    page.wait_for_function("window.__rtcConfigs.length > 0", timeout=LINK_MS)
    assert page.evaluate("window.__rtcConfigs")[0]["iceServers"] == []  # none unless a user enters one
