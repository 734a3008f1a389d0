"""Several devices, the page side shared by the host and the guest (`nethost.py`, `netguest.py`): the WebRTC link
module (`static/net/link.mjs`, imported only when pairing), the pairing panel's frame and parts, the storage the
link keeps (a guest's seat, this tab's table, the STUN/TURN servers), and the wake lock while a game is on.
"""

from __future__ import annotations

import json

from pygames import core

from . import dom
from .render import by_id, clear, el, missing

GUEST_KEY = "pygames.net.guest"  # localStorage: the guest's seat token and move in flight (Guest.to_save)
ACTIVE_KEY = "pygames.net.active"  # sessionStorage: this tab was a guest at a table (a reload goes back to it)
ICE_KEY = "pygames.net.ice"  # localStorage: optional STUN/TURN servers, one a line (pygames.net.ice; off when empty)
TICK_MS = 1000
SPARE_RETRY_S = 4.0  # a spare that could not be made (host) or opened (guest) is tried again after this long
SILENT_REJOIN_S = 10.0  # a guest's link silent this long (open or not) is replaced by the spare
# A guest's move is drawn as "sending" only if the host's answer has not come by then: on a local link the next
# screen comes first (one redraw per move, not two: the whole table is not drawn for a state it leaves at once).
SENDING_DRAW_MS = 80
_LINK = None  # the imported static/net/link.mjs module


async def link_module():
    """static/net/link.mjs, imported once, when pairing starts (never on the boot path)."""
    global _LINK
    if _LINK is None:
        _LINK = await dom.import_module("net/link.mjs")
    return _LINK


def ice_servers():
    """The user's STUN/TURN servers (pygames.net.ice: none by default, nothing contacts another host unless a user
    enters one)."""
    from pygames.net.ice import servers

    return dom.js_value(servers(dom.stored(ICE_KEY)))


def join_url(code: str) -> str:
    return dom.page_address("#join=" + code)


def fill_panel(kids: list) -> None:
    node = panel()
    clear(node)
    for kid in kids:
        node.appendChild(kid)


def panel():
    """The pairing panel `#net`, just before `#game` (made once; the page itself has none)."""
    node = by_id("net")
    if missing(node):
        node = el("section", {"id": "net", "class": "net-panel", "data-testid": "net", "aria-live": "polite"})
        game = by_id("game")
        game.parentNode.insertBefore(node, game)
    node.hidden = False
    return node


def hide_panel() -> None:
    node = by_id("net")
    if not missing(node):
        node.hidden = True
        clear(node)


def button(command: str, text: str, primary: bool = False, testid: str | None = None):
    return el("button", {"type": "button", "data-command": command, "class": "primary" if primary else None,
                         "data-testid": testid}, text)


def note(text: str, testid: str = "net-status"):
    return el("p", {"class": "net-status", "data-testid": testid, "role": "status"}, text)


def storage(kind: str):
    return dom.local_storage() if kind == "localStorage" else dom.session_storage()


def read_json(kind: str, key: str):
    try:
        text = storage(kind).getItem(key)
        return core.parse_json(text) if isinstance(text, str) else None
    except Exception:  # unreadable or storage disabled: nothing kept
        return None


def write(kind: str, key: str, value) -> None:
    try:
        if value is None:
            storage(kind).removeItem(key)
        else:
            storage(kind).setItem(key, json.dumps(value))
    except Exception:
        pass



def lobby_entry(shown: bool) -> None:
    """The drawer's "Devices" entry: a host opens its lobby from it at any time (a seat to give away while every
    device is still connected)."""
    node = by_id("lobby-open")
    if not missing(node):
        node.hidden = not shown


async def awake(on: bool) -> None:
    try:
        await (await link_module()).keepAwake(on)
    except Exception:
        pass


def code_box(peer: str, code: str, cat):
    """One pairing code: its QR code, its text, Copy link and Share."""
    return el("figure", {"class": "net-code", "data-peer": peer}, None, [
        el("canvas", {"class": "net-qr", "data-code": code, "role": "img", "aria-label": cat.t("netlink.qr")}),
        el("figcaption", None, None, [
            el("code", {"data-testid": "net-code"}, code),
            el("span", {"class": "row"}, None, [
                button(f"net-copy:{code}", cat.t("net.join.copy")),
                button(f"net-share:{code}", cat.t("net.join.share"))])])])


async def draw_codes() -> None:
    mod = await link_module()
    for canvas in dom.query_all("canvas.net-qr:not([data-size])"):
        await mod.drawQR(canvas, str(canvas.dataset.code), 4)


def answer_form(cat, command: str, label_key: str, scan_key: str = "net.join.camera"):
    """A code typed or pasted (`#net-input`), Connect, and the camera to scan it instead."""
    return el("div", {"class": "net-answer"}, None, [
        el("label", {"for": "net-input"}, cat.t(label_key)),
        el("input", {"id": "net-input", "type": "text", "autocomplete": "off", "spellcheck": "false",
                     "data-testid": "net-input"}),
        el("span", {"class": "row"}, None, [
            button(command, cat.t("net.join.connect"), primary=True, testid="net-connect"),
            button("net-scan", cat.t(scan_key), testid="net-scan")]),
        el("video", {"id": "net-video", "class": "net-video", "hidden": True, "playsinline": True, "muted": True})])


async def scan_code(offer: bool) -> tuple[str | None, bool]:
    """The camera reads one pairing code: a host's offer (`offer`: this device joins) or a guest's answer (this
    device hosts); anything else it sees is passed over. Returns (the code or None, whether the camera opened);
    (None, True) when the panel has no video box."""
    mod = await link_module()
    video = by_id("net-video")
    if missing(video):
        return None, True
    video.hidden = False
    found = []

    def accept(text) -> bool:
        parsed = mod.parse(text)
        if missing(parsed) or (str(parsed.kind) == "o") != offer:
            return False
        found.append(str(text))
        return True
    opened = await mod.scan(video, dom.callback(accept))  # the camera opens before any RTCPeerConnection
    mod.closeCamera()
    return (found[0] if found else None), bool(opened)
