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
from conftest import CHROMIUM_ARGS, AppPage

pytestmark = pytest.mark.browser

# Every text a data channel of the page receives, in order (window.__netReceived), and every one it sends.
HOOK = """(() => {
  window.__netReceived = []; window.__netSent = [];
  const desc = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    configurable: true, get() { return desc.get.call(this); },
    set(f) { desc.set.call(this, f && (e => {
      if (window.__deafChannel === this) return;  // a test's channel that hears nothing any more (still open)
      window.__netReceived.push(e.data); return f(e); })); }});
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    window.__netChannel = this; window.__netSent.push(data); return send.call(this, data); };
})();"""
LINK_MS = 30_000
# The sound cues a page asks static/sound.js to play, in order ("card,turn" one redraw's).
CUES = """(() => { window.__cues = ""; let player;
  Object.defineProperty(window, "pygamesSound", {configurable: true, get: () => player, set: (p) => {
    player = p; const play = p.play.bind(p);
    p.play = (names) => { window.__cues += (window.__cues ? "," : "") + String(names); return play(names); }; }});
})();"""
DRAWN = "!document.getElementById('game').hidden && document.getElementById('status').textContent.length > 0"


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
    page.page.set_default_navigation_timeout(60_000)  # several booting devices on two shared cores
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
        if not guest.visible("[data-testid=net-input]"):
            guest.page.click("[data-testid=join-table]")
        guest.page.fill("[data-testid=net-input]", code)
        guest.page.click("[data-testid=net-connect]")
    guest.page.wait_for_selector("[data-testid=net-code]", timeout=LINK_MS)
    answer = guest.page.locator("[data-testid=net-code]").first.inner_text()
    assert answer[:2] == "1a" and len(answer) <= 160, answer
    host.page.fill("[data-testid=net-input]", answer)
    start = time.perf_counter()
    host.page.click("[data-testid=net-connect]")
    try:
        guest.page.wait_for_function(f"document.querySelector('[data-testid=seat-picker]') || ({DRAWN})",
                                     timeout=LINK_MS)
    except Exception:
        raise AssertionError(panels(host, guest)) from None
    if guest.page.locator("[data-testid=seat-picker]").count():
        guest.page.fill("#join-name", name)
        guest.page.click(f"[data-command='net-seat:{seat}']")
    guest.page.wait_for_function(DRAWN, timeout=LINK_MS)
    took = time.perf_counter() - start
    host.page.wait_for_selector(f"#lobby li[data-seat='{seat}'][data-connected]")
    return took


def test_pairing_files_are_off_the_boot_path_and_self_hosted(test_site_dir):
    """net/ (the link and the QR libraries) is in no precache list: first-visit bytes stay as they were; the
    polyfill's wasm is ours, and the link never names an ICE server of its own."""
    sw = (test_site_dir / "sw.js").read_text(encoding="utf-8")
    page = (test_site_dir / "index.html").read_text(encoding="utf-8")
    assert "net/" not in sw.split("const APP_FILES")[1].split(";")[0] and "net/link" not in page
    for name in ("link.mjs", "lean-qr.mjs", "barcode-detector.js", "zxing_reader.wasm"):
        assert (test_site_dir / "net" / name).stat().st_size > 1000
    link = (test_site_dir / "net/link.mjs").read_text(encoding="utf-8")
    assert "stun:" not in link and "turn:" not in link and "iceServers = []" in link


def test_a_guest_joins_by_link_over_the_mdns_path_and_plays_a_move(ns_browser, net_origin):
    """No camera permission: both sides offer mDNS names only; the codes are small; the guest's move is applied by
    the host (saved with its `net` field) and both screens follow."""
    host, guest = device(ns_browser, net_origin), device(ns_browser, net_origin)
    try:
        host.open("?game=sik&seats=human,human&names=Hana,Gus&seed=3&botdelay=0&remote=1")
        code = host_code(host)
        assert ".local" not in code and code.split("~")[4].startswith("m"), code  # an mDNS name, compacted
        pair(host, guest, 1, "Gus")
        host.page.click("[data-command=net-play]")
        assert guest.page.evaluate("document.documentElement.dataset.appState") == "ready"
        saved = host.saved()
        assert saved["net"]["remote"] == [1] and saved["net"]["tokens"][1]
        try:
            host.page.wait_for_selector("#net", state="hidden")  # every remote seat has its device: the panel goes
        except Exception:
            raise AssertionError(panels(host)) from None
        host.page.wait_for_selector("button[data-action]:not([disabled])")
        host.errors.clear()
        assert not [e for e in guest.errors if "net" in e.lower()], guest.errors
        msgs = received(guest)
        kinds = [m["t"] for m in msgs if m["t"] not in ("pong", "spare")]
        assert kinds[:3] == ["welcome", "seat", "screen"], kinds
    finally:
        host.close()
        guest.close()


# ---------------------------------------------------------------------------------------------------- whole games

TAP = """action => {
  const button = document.querySelector(`button[data-action="${CSS.escape(action)}"]`);
  if (!button) return false;
  button.click();
  const confirm = document.querySelector('[data-testid=preview] button[data-confirm]');
  if (confirm) confirm.click();
  return true;
}"""
SCREEN = """() => ({over: !document.getElementById('gameover').hidden,
  actions: [...document.querySelectorAll('#game button[data-action]:not([disabled]):not([aria-disabled=true])')]
    .filter(e => e.offsetParent !== null).map(e => e.dataset.action)})"""


STALLED = """() => [document.getElementById('status').textContent,
  (document.querySelector('[data-testid=link]') || {}).textContent || null,
  (document.querySelector('[data-testid=link]') || {dataset: {}}).dataset.link || null,
  [...document.querySelectorAll('#net [data-testid]')].map(e => e.dataset.testid + ': ' + e.textContent).join(' | '),
  [...document.querySelectorAll('[data-away]')].map(e => e.textContent)]"""


def pick(actions: list[str], turn: int, prefer: tuple[str, ...] = ()) -> str:
    """An easy move: one that closes the decision when `prefer` names it, else no staging back and forth, no
    restarting a decision; varied by the turn."""
    closing = [a for a in actions if a.split(":")[0] in prefer]
    if closing:
        return closing[0]
    plain = [a for a in actions if not any(w in a for w in ("stage", "restart", "cancel", "undo", "unstage"))]
    choices = plain or actions
    return choices[turn % len(choices)]


def play_through(devices: list[AppPage], max_taps: int = 1500, prefer: tuple[str, ...] = (), watch=None) -> int:
    """Each device taps an easy move whenever it has one, until every device shows its end screen. `watch(screens)`
    sees what every device shows before each round of taps."""
    taps = idle = 0
    for turn in range(max_taps * 4):
        screens = [d.page.evaluate(SCREEN) for d in devices]
        if watch is not None:
            watch(screens)
        if all(s["over"] for s in screens):
            return taps
        tapped = False
        for device_, screen in zip(devices, screens, strict=True):
            if screen["actions"] and not screen["over"]:
                tapped |= bool(device_.page.evaluate(TAP, pick(screen["actions"], turn, prefer)))
                taps += 1
        idle = 0 if tapped else idle + 1
        if not tapped:
            devices[0].page.wait_for_timeout(40)
        assert idle < 500, ("stalled: no device has a move",
                            [(d.page.evaluate(STALLED), list(d.console)[-8:]) for d in devices])
        assert taps < max_taps
    raise AssertionError("no end")


def prefix_states(save: dict, games):
    """Every state of the saved game, from the first to the last (replayed by the engine)."""
    from pygames import core

    game = games[save["game"]]
    state = core.new_game(game, len(save["seats"]), save["seed"], save["options"])
    yield game, state
    for seat, action in save["history"]:
        state = core.apply(game, state, seat, action)
        yield game, state


def check_guest_received(save: dict, seat: int, texts: list[str]) -> int:
    """Every screen the guest received is exactly `core.view` of a state of this game for its seat (found by its
    `at`, the digest of its view and legal actions), holding nothing another seat may see and it may not
    (net_helpers.check_received); every other message is small. Returns how many screens were checked."""
    import hashlib
    import sys
    from types import SimpleNamespace

    from pygames.core import registry

    sys.path.insert(0, str(build_root() / "tests/net"))
    from net_helpers import check_received

    from pygames import core

    by_at = {}
    for game, state in prefix_states(save, registry.LazyGames()):
        view = core.view(game, state, seat)
        legal = core.legal_actions(game, state, seat) if not core.is_over(game, state) else []
        at = hashlib.sha256(json.dumps([view, legal], sort_keys=True, separators=(",", ":")).encode())
        by_at.setdefault(at.hexdigest()[:16], state)
    screens = 0
    for text in texts:
        msg = json.loads(text)
        assert msg["v"] == 1
        if msg["t"] != "screen":
            assert len(text) < 1200, text  # a welcome, seat, ack, refusal or pong: no room for a view
            assert msg["t"] in ("welcome", "seat", "ack", "refused", "pong", "spare", "bye", "rematch"), msg
            continue
        state = by_at.get(msg["at"])
        assert state is not None, f"a screen of no state of this game: {msg['at']}"
        host = SimpleNamespace(session=SimpleNamespace(game=game, state=state))
        check_received(host, seat, text)
        screens += 1
    return screens


def build_root():
    from pathlib import Path

    return Path(__file__).resolve().parents[2]


def test_a_whole_shadows_in_kyoto_game_between_two_devices_then_a_rematch(ns_browser, net_origin):
    """The host plays seat 0 on its screen, the guest seat 1 on its own: every move of the guest goes over the data
    channel to the host's referee. Both end screens show the engine's result; nothing the guest received holds
    anything of seat 0's secrets. Then the host's Play again is a new game on both devices (issue 48)."""
    from pygames import core
    from pygames.core import registry

    host, guest = device(ns_browser, net_origin), device(ns_browser, net_origin)
    guest.context.add_init_script(CUES)
    rung = []  # on the guest's turns: the host's last move ringed on its board, and said in its news

    def ring_seen(screens) -> None:
        if len(rung) < 3 and screens[1]["actions"] and not screens[1]["over"]:
            rung.append(guest.page.evaluate("[document.querySelectorAll('#board .moved').length,"
                                            " !document.getElementById('last-move').hidden]"))
    try:
        host.open("?game=sik&seats=human,human&names=Hana,Gus&seed=8&botdelay=0&remote=1")
        pair(host, guest, 1, "Gil")  # the guest names itself: the host says that name from then on
        host.page.click("[data-command=net-play]")
        taps = play_through([host, guest], watch=ring_seen)
        # The guest's table is drawn as the host's: the others' moves ringed and in the news, the sound cues.
        assert any(moved and news for moved, news in rung), rung
        cues = guest.page.evaluate("window.__cues").split(",")
        assert "turn" in cues and {"move", "card"} & set(cues) and cues[-1] in ("win", "loss"), cues
        save = host.saved() if host.page.evaluate("localStorage.getItem('pygames.current')") else last_host_save(host)
        *_, (game, final) = prefix_states(save, registry.LazyGames())
        result = core.result(game, final)
        expected = dict(enumerate(result["scores"]))
        assert end_rows(host) == expected and end_rows(guest) == expected, (end_rows(host), end_rows(guest))
        texts = guest.page.evaluate("window.__netReceived")
        assert check_guest_received(save, 1, texts) >= taps // 4
        assert save["net"]["acked"][1]  # the guest's moves, applied once each, remembered by the host
        assert [s["name"] for s in save["seats"]] == ["Hana", "Gil"]
        assert "Gil" in host.page.text_content("#score-table") and "Gus" not in host.page.text_content("#gameover")
        assert not host.errors and not guest.errors, (host.errors, guest.errors)
        # Play again on the host: a rematch on both devices. The guest has no Play again of its own (nor Export):
        # it is asked, keeps its seat and its name, and both devices play the new game to its end.
        assert guest.visible("[data-testid=rematch]") and not guest.visible("#gameover [data-command=again]")
        first_game = len(texts)  # what the guest receives from here on is the rematch's
        host.page.click("#gameover [data-command=again]")
        host.page.wait_for_selector("#lobby li[data-seat='1'][data-invited]", timeout=LINK_MS)
        guest.page.wait_for_selector("[data-testid=rematch][data-invited] [data-command=net-rematch]",
                                     timeout=LINK_MS)
        guest.page.click("[data-command=net-rematch]")
        guest.page.wait_for_function(f"({DRAWN}) && document.getElementById('gameover').hidden", timeout=LINK_MS)
        host.page.wait_for_selector("#lobby li[data-seat='1'][data-connected]", timeout=LINK_MS)
        assert "Gil" in host.page.inner_text("#lobby")
        host.page.click("[data-command=net-play]")
        taps = play_through([host, guest])
        again = host.saved() if host.page.evaluate("localStorage.getItem('pygames.current')") \
            else last_host_save(host)
        assert again["id"] != save["id"] and again["seed"] != save["seed"], (again["id"], save["id"])
        assert again["net"]["tokens"][1] == save["net"]["tokens"][1] and again["net"]["acked"][1]
        *_, (game, final) = prefix_states(again, registry.LazyGames())
        expected = dict(enumerate(core.result(game, final)["scores"]))
        assert end_rows(host) == expected and end_rows(guest) == expected, (end_rows(host), end_rows(guest))
        assert check_guest_received(again, 1, guest.page.evaluate("window.__netReceived")[first_game:]) >= taps // 4
        assert not host.errors and not guest.errors, (host.errors, guest.errors)
    finally:
        host.close()
        guest.close()


def test_a_whole_spyworld_game_on_three_devices_with_the_host_as_the_table(ns_browser, net_origin):
    """Two guests and the easy computer on the host, which shows the table (public view only, no control). Every
    planning round is simultaneous on the two guests; both end screens show the engine's result, and nothing either
    guest received holds anything of the other seats' secrets."""
    from pygames import core
    from pygames.core import registry

    host = device(ns_browser, net_origin)
    guests = [device(ns_browser, net_origin), device(ns_browser, net_origin)]
    try:
        for guest in guests:  # booted one after the other, then paired by pasting the codes ("Join a table")
            guest.open()
        host.open("?game=spy&seats=human,human,easy&names=Ann,Bob,&seed=5&botdelay=0&remote=0,1&here=table")
        pair(host, guests[0], 0, "Ann", open_guest=False)
        pair(host, guests[1], 1, "Bob", open_guest=False)
        host.page.click("[data-command=net-play]")
        host.page.wait_for_selector("[data-testid=table-note]")
        assert host.page.evaluate(SCREEN)["actions"] == []  # the table has no control of anyone's
        play_through([host, *guests], max_taps=1500, prefer=("done", "submit", "pass", "noclaim", "keep"))
        save = last_host_save(host)
        *_, (game, final) = prefix_states(save, registry.LazyGames())
        expected = dict(enumerate(core.result(game, final)["scores"]))
        for page in (host, *guests):
            assert end_rows(page) == expected, (end_rows(page), expected)
        for seat, guest in enumerate(guests):
            assert check_guest_received(save, seat, guest.page.evaluate("window.__netReceived")) > 10
        # Each guest's end screen is the host's: the game's scene, the chart, the best routes the worker works out.
        for page in (host, *guests):
            page.page.wait_for_selector("[data-testid=spy-best] li[data-player]", state="attached", timeout=120_000)
        ending = {page.page.evaluate(ENDING) for page in (host, *guests)}
        assert len(ending) == 1 and '"scene":"spy"' in next(iter(ending)) and '"chart":1' in next(iter(ending)), ending
        assert not host.errors and not any(g.errors for g in guests), (host.errors, [g.errors for g in guests])
    finally:
        for page in (host, *guests):
            page.close()


ENDING = """() => JSON.stringify({scene: document.getElementById('over-scene').dataset.game,
  chart: document.querySelectorAll('#score-chart svg').length,
  best: [...document.querySelectorAll('[data-testid=spy-best] li[data-player]')].map(li => [li.dataset.player,
    li.dataset.more, li.textContent])})"""


def last_host_save(host: AppPage) -> dict:
    from conftest import last_save

    return last_save(host)


def end_rows(page: AppPage) -> dict[int, int]:
    from conftest import end_rows as rows

    return rows(page)


# ---------------------------------------------------------------------------------------------------- the camera

QR_PIXELS = """() => { const c = document.querySelector('canvas.net-qr[data-size]');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  return {w: c.width, h: c.height,
          dark: Array.from({length: c.width * c.height}, (_, i) => d[4 * i + 3] > 128 && d[4 * i] < 128)}; }"""


def y4m_of(qr: dict, path, width: int = 640, height: int = 480, frames: int = 5) -> None:
    """The host's QR code as a camera sees it: a Y4M video (NETPLAY.md), each module a square of pixels."""
    scale = min(width, height) * 9 // 10 // qr["w"]
    left, top = (width - qr["w"] * scale) // 2, (height - qr["h"] * scale) // 2
    luma = bytearray([235]) * (width * height)
    for y in range(qr["h"]):
        for x in range(qr["w"]):
            if qr["dark"][y * qr["w"] + x]:
                for dy in range(scale):
                    row = (top + y * scale + dy) * width + left + x * scale
                    luma[row:row + scale] = bytes([16]) * scale
    chroma = bytes([128]) * (width * height // 4)
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + bytes(luma) + chroma + chroma)


def test_a_guest_joins_through_its_camera(ns, ns_browser, net_origin, playwright_driver):
    """The host's QR code (its canvas, read as pixels) is the guest's fake camera: the guest taps Join a table,
    scans it (zxing's reader served from our own origin, no CDN), shows its answer; the host enters it; the guest
    takes its seat. With the camera granted before the RTCPeerConnection, the guest offers a raw address."""
    import build

    host = device(ns_browser, net_origin)
    camera = None
    try:
        host.open("?game=sik&seats=human,human&names=Hana,Cam&seed=4&botdelay=0&remote=1")
        host_code(host)
        host.page.wait_for_selector("canvas.net-qr[data-size]")
        video = ns.folder / "qr.y4m"
        y4m_of(host.page.evaluate(QR_PIXELS), video)
        camera = playwright_driver.chromium.launch(
            executable_path=ns.chromium(build.find_chromium()),
            args=[*CHROMIUM_ARGS, "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"])
        guest = device(camera, net_origin)
        guest.context.grant_permissions(["camera"], origin=net_origin)
        guest.open()
        assert not [u for u in guest.requests if "/net/" in u]  # the boot fetches nothing of pairing
        guest.page.click("[data-testid=join-table]")
        guest.page.click("[data-testid=net-scan]")
        guest.page.wait_for_selector("[data-testid=net-code]", timeout=LINK_MS)
        answer = guest.page.locator("[data-testid=net-code]").first.inner_text()
        assert answer.startswith("1a") and "h10.77.0.1:" in answer, answer  # the camera came first: a raw address
        assert any(u.endswith("/net/zxing_reader.wasm") for u in guest.requests)  # the polyfill, from our origin
        assert guest.off_origin() == [] and host.off_origin() == []
        host.page.fill("[data-testid=net-input]", answer)
        host.page.click("[data-testid=net-connect]")
        guest.page.wait_for_selector("[data-testid=seat-picker]", timeout=LINK_MS)
        guest.page.fill("#join-name", "Cam")
        guest.page.click("[data-command='net-seat:1']")
        guest.page.wait_for_function(DRAWN, timeout=LINK_MS)
        host.page.wait_for_selector("#lobby li[data-seat='1'][data-connected]")
        assert host.saved()["seats"][1]["name"] == "Cam"
    finally:
        host.close()
        if camera is not None:
            camera.close()


# ---------------------------------------------------------------------------------------------------- drops and abuse

LAST_SCREEN = """() => { const s = window.__netReceived.map(t => JSON.parse(t)).filter(m => m.t === 'screen');
  return s[s.length - 1]; }"""


def wait_for_turn(page: AppPage) -> list[str]:
    page.page.wait_for_function(
        "[...document.querySelectorAll('#game button[data-action]:not([disabled]):not([aria-disabled=true])')]"
        ".some(e => e.offsetParent)",  # a control waiting for the host's answer is not a turn yet
        timeout=LINK_MS)
    return page.page.evaluate(SCREEN)["actions"]


GUEST_RECORD = "JSON.parse(localStorage.getItem('pygames.net.guest'))"


def wait_for_spare(guest: AppPage, other_than: str | None = None, count: int = 1) -> dict:
    """The spare connection this seated guest opens next, as it keeps it (another after each rejoin), once it keeps
    `count` of them."""
    guest.page.wait_for_function(f"(r => r && r.spares && r.spares.length >= {count} && "
                                 f"r.spares[0].code !== {json.dumps(other_than)})({GUEST_RECORD})", timeout=LINK_MS)
    return guest.page.evaluate(GUEST_RECORD)["spares"][0]


def test_a_guest_that_reloads_or_drops_gets_its_seat_back_with_no_code(ns_browser, net_origin):
    """Seated, the guest holds two spare connections from the host. Its page reloads: it opens the first by itself
    (its certificate kept in IndexedDB, its token in storage) and is back on its seat — no code either way, no seat
    picker; it reloads again at once, before the host sent the next spare: back again through the other — and the
    game goes on. Then its data channel closes under it: back again, through the next spare. Then
    its channel stays open but hears nothing: back again once it has been silent for 10 s."""
    host, guest = device(ns_browser, net_origin), device(ns_browser, net_origin)
    try:
        host.open("?game=sik&seats=easy,human&names=,Gus&seed=21&botdelay=0&remote=1&here=table")
        pair(host, guest, 1, "Gus")
        host.page.click("[data-command=net-play]")
        for turn in range(3):
            guest.page.evaluate(TAP, pick(wait_for_turn(guest), turn))
            guest.page.wait_for_function("!document.querySelector('[data-testid=link][data-link=sending]')")
        token = guest.page.evaluate(GUEST_RECORD)["token"]
        assert token and token == host.saved()["net"]["tokens"][1]
        first = wait_for_spare(guest, count=2)  # two spares
        backup = guest.page.evaluate(GUEST_RECORD)["spares"][1]
        assert first["code"].startswith("1o") and len(first["code"]) <= 200, first
        assert backup["code"] != first["code"]

        guest.reload()
        guest.page.wait_for_selector("[data-testid=link][data-link=ok]", timeout=LINK_MS)
        assert guest.page.locator("[data-testid=seat-picker]").count() == 0  # reclaimed by its token
        assert guest.page.locator("[data-testid=net-code]").count() == 0  # no code shown, none entered
        # At once, before the host has sent the next spare: the page goes again, and the other spare brings it back.
        assert guest.page.evaluate(GUEST_RECORD)["spares"][0] == backup
        guest.reload()
        guest.page.wait_for_selector("[data-testid=link][data-link=ok]", timeout=LINK_MS)
        assert guest.page.locator("[data-testid=seat-picker]").count() == 0
        assert guest.page.locator("[data-testid=net-code]").count() == 0
        moves = len(host.saved()["history"])
        guest.page.evaluate(TAP, pick(wait_for_turn(guest), 0))
        host.page.wait_for_function(f"JSON.parse(localStorage.getItem('pygames.save.' + "
                                    f"localStorage.getItem('pygames.current'))).history.length > {moves}")

        second = wait_for_spare(guest, other_than=backup["code"])  # both were used: new ones
        guest.page.evaluate("window.__netChannel.close()")  # the link drops under the guest
        guest.page.wait_for_function("document.querySelector('[data-testid=link][data-link=reconnecting]') || "
                                     f"(r => !r.spares.length || r.spares[0].code !== {json.dumps(second['code'])})"
                                     f"({GUEST_RECORD})", timeout=LINK_MS)
        guest.page.wait_for_selector("[data-testid=link][data-link=ok]", timeout=LINK_MS)
        moves = len(host.saved()["history"])
        guest.page.evaluate(TAP, pick(wait_for_turn(guest), 1))
        host.page.wait_for_function(f"JSON.parse(localStorage.getItem('pygames.save.' + "
                                    f"localStorage.getItem('pygames.current'))).history.length > {moves}")
        third = wait_for_spare(guest, other_than=second["code"])

        # Its channel stays open but hears nothing (the host's answers lost on the way): "reconnecting" after the
        # 5 s heartbeat, then, 10 s after the last word, the spare replaces that link.
        guest.page.evaluate("window.__deafChannel = window.__netChannel")
        guest.page.wait_for_selector("[data-testid=link][data-link=reconnecting]", timeout=LINK_MS)
        guest.page.wait_for_selector("[data-testid=link][data-link=ok]", timeout=LINK_MS)
        moves = len(host.saved()["history"])
        guest.page.evaluate(TAP, pick(wait_for_turn(guest), 2))
        host.page.wait_for_function(f"JSON.parse(localStorage.getItem('pygames.save.' + "
                                    f"localStorage.getItem('pygames.current'))).history.length > {moves}")
        wait_for_spare(guest, other_than=third["code"])
        assert host.saved()["seats"][1]["name"] == "Gus"
        assert guest.page.locator("[data-testid=net-code]").count() == 0
        assert not host.errors and not guest.errors, (host.errors, guest.errors)

        # Its tab is closed, and a new one opened on the app: Home says it holds a seat, and one tap is the table.
        closed = guest.page
        guest.page = guest.context.new_page()
        guest.page.on("pageerror", lambda e: guest.errors.append(str(e)))
        closed.close()
        guest.open()
        held = guest.page.locator("[data-testid=held-seat]")
        assert held.is_visible() and "Shadows in Kyoto, seat 2 (Gus)" in held.inner_text(), held.inner_text()
        assert guest.page.locator("#continue-list li").first.get_attribute("data-testid") == "held-seat"
        held.locator("[data-command=join-table]").click()
        guest.page.wait_for_selector("[data-testid=link][data-link=ok]", timeout=LINK_MS)
        assert guest.page.locator("[data-testid=net-code]").count() == 0  # its spare: no code either way
        moves = len(host.saved()["history"])
        guest.page.evaluate(TAP, pick(wait_for_turn(guest), 3))
        host.page.wait_for_function(f"JSON.parse(localStorage.getItem('pygames.save.' + "
                                    f"localStorage.getItem('pygames.current'))).history.length > {moves}")
        assert not guest.errors, guest.errors
    finally:
        host.close()
        guest.close()


def test_resent_stale_illegal_and_hostile_messages_over_the_real_channel(ns_browser, net_origin):
    """Texts written by hand on the guest's data channel: a move sent twice is applied once (the same ack twice),
    a stale or illegal move is refused, malformed, oversized, deep, unknown and wrong-version texts are dropped;
    the host still answers and the game goes on."""
    host, guest = device(ns_browser, net_origin), device(ns_browser, net_origin)
    try:
        host.open("?game=sik&seats=easy,human&names=,Gus&seed=22&botdelay=0&remote=1&here=table")
        pair(host, guest, 1, "Gus")
        host.page.click("[data-command=net-play]")
        wait_for_turn(guest)
        screen = guest.page.evaluate(LAST_SCREEN)
        moves = len(host.saved()["history"])
        send = "t => window.__netChannel.send(t)"
        act = json.dumps({"v": 1, "t": "act", "id": "dup1", "at": screen["at"], "action": screen["legal"][0]})
        seen = len(guest.page.evaluate("window.__netReceived"))
        illegal = json.dumps({"v": 1, "t": "act", "id": "ill1", "at": screen["at"], "action": "nope:1"})
        guest.page.evaluate(send, illegal)  # refused by the rules: nothing changes, so `at` stays good
        guest.page.evaluate(send, act)
        guest.page.evaluate(send, act)
        hostile = ["{", "[]", "x" * 5000, "[" * 200 + "]" * 200, json.dumps({"v": 1, "t": "nope"}),
                   json.dumps({"v": 9, "t": "ping", "n": 1}), json.dumps({"v": 1, "t": "act", "id": 5}),
                   json.dumps({"v": 1, "t": "act", "id": "old1", "at": screen["at"], "action": screen["legal"][0]}),
                   json.dumps({"v": 1, "t": "act", "id": "bad1", "at": "0" * 16, "action": "nope"}),
                   json.dumps({"v": 1, "t": "hello", "name": "x", "seat": 0, "token": None}),
                   json.dumps({"v": 1, "t": "ping", "n": 77})]
        for text in hostile:
            guest.page.evaluate(send, text)
        guest.page.wait_for_function("window.__netReceived.some(t => t.includes('\"n\":77'))", timeout=LINK_MS)
        got = [json.loads(t) for t in guest.page.evaluate("window.__netReceived")[seen:]]
        acks = [m for m in got if m["t"] == "ack"]
        assert [m["id"] for m in acks] == ["dup1", "dup1"], got  # the first answer again, never a second move
        refused = {m["id"]: m["key"] for m in got if m["t"] == "refused"}
        assert refused.get("old1") == "net.err.stale" and refused.get("bad1") == "net.err.stale", refused
        assert ".err." in refused.get("ill1", "") and not refused["ill1"].startswith("net."), refused  # the rules

        assert any(m["t"] == "refused" and m["id"] is None and m["key"] == "net.err.version" for m in got)
        assert any(m["t"] == "refused" and m["key"] == "net.err.not_open" for m in got)  # seat 0: the computer's
        history = host.saved()["history"]
        assert sum(1 for seat, _ in history[moves:] if seat == 1) == 1, history[moves:]
        assert len(texts := guest.page.evaluate("window.__netReceived")) > seen and texts
        guest.page.evaluate(TAP, pick(wait_for_turn(guest), 1))  # the game goes on
        guest.page.wait_for_function("!document.querySelector('[data-testid=link][data-link=sending]')")
        assert not host.errors, host.errors
    finally:
        host.close()
        guest.close()


def test_the_host_reloads_mid_game_and_the_guest_rejoins(ns_browser, net_origin):
    """The host's page reloads: it resumes from its save (seats, tokens, the game), the guest shows reconnecting
    and rejoins its seat with one new code each way; the game goes on where it was."""
    host, guest = device(ns_browser, net_origin), device(ns_browser, net_origin)
    try:
        host.open("?game=sik&seats=easy,human&names=,Gus&seed=23&botdelay=0&remote=1&here=table")
        pair(host, guest, 1, "Gus")
        host.page.click("[data-command=net-play]")
        for turn in range(2):
            guest.page.evaluate(TAP, pick(wait_for_turn(guest), turn))
            guest.page.wait_for_function("!document.querySelector('[data-testid=link][data-link=sending]')")
        before = host.saved()
        host.reload()
        guest.page.wait_for_selector("[data-testid=link][data-link=reconnecting]", timeout=LINK_MS)
        assert host.saved()["history"] == before["history"] and host.saved()["net"]["tokens"] == before["net"]["tokens"]
        code = host_code(host)
        # Its lobby names who is away (never "every device has joined" beside it), with that seat's code.
        lobby = host.page.inner_text("#lobby")
        assert "Gus" in lobby and "joined: device away" in lobby and "Every device has joined" not in lobby, lobby
        assert "1 device is away" in lobby and "Scan this code with Gus" in lobby, lobby
        guest.page.fill("[data-testid=net-input]", code)
        guest.page.click("[data-testid=net-connect]")
        guest.page.wait_for_selector("[data-testid=net-code]", timeout=LINK_MS)
        host.page.fill("[data-testid=net-input]", guest.page.locator("[data-testid=net-code]").first.inner_text())
        host.page.click("[data-testid=net-connect]")
        guest.page.wait_for_selector("[data-testid=link][data-link=ok]", timeout=LINK_MS)
        assert guest.page.locator("[data-testid=seat-picker]").count() == 0
        guest.page.evaluate(TAP, pick(wait_for_turn(guest), 0))
        host.page.wait_for_function(f"JSON.parse(localStorage.getItem('pygames.save.' + localStorage.getItem("
                                    f"'pygames.current'))).history.length > {len(before['history'])}")
        assert not host.errors, host.errors
    finally:
        host.close()
        guest.close()


def test_a_seat_given_to_the_computer_ends_its_guests_link_for_good(ns_browser, net_origin):
    """The host gives a joined seat to the computer: its guest says so and offers Leave, and does not come back by
    itself (its token and spare are gone; the host withdrew the spare); the computer plays that seat from then on."""
    host, guest = device(ns_browser, net_origin), device(ns_browser, net_origin)
    try:
        host.open("?game=sik&seats=easy,human&names=,Gus&seed=24&botdelay=0&remote=1&here=table")
        pair(host, guest, 1, "Gus")
        host.page.click("[data-command=net-play]")
        wait_for_spare(guest)
        host.page.click("#drawer-toggle")  # every device connected: the lobby from the menu's Devices
        host.page.click("[data-testid=lobby-open]")
        host.page.click("[data-command='net-computer:1']")
        guest.page.wait_for_selector("[data-testid=net-link]", timeout=LINK_MS)
        assert guest.page.inner_text("[data-testid=net-link]") == "The host gave your seat to someone else."
        record = guest.page.evaluate(GUEST_RECORD)
        assert record["token"] is None and record["spares"] == [], record
        guest.page.wait_for_timeout(6000)  # past a heartbeat and a spare's retry: still out, no code, no rejoin
        assert guest.visible("[data-testid=net-link]") and guest.page.locator("[data-testid=net-code]").count() == 0
        assert host.saved()["seats"][1]["kind"] != "human" and 1 not in host.saved()["net"]["remote"]
        guest.page.click("#net [data-command=home]")
        guest.page.wait_for_selector("#home", state="visible")
        assert not host.errors and not guest.errors, (host.errors, guest.errors)
    finally:
        host.close()
        guest.close()
